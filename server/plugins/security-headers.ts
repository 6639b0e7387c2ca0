/**
 * Security headers (helmet) for every answer, chosen per request by how the browser reached us.
 *
 * Most intranet deployments are plain HTTP (`http://10.x.x.x:8080`). There, the CSP must not carry
 * `upgrade-insecure-requests` (Chromium would fetch every script over https and show a blank console) and
 * HSTS must not be sent. Both are sent only for requests that arrived over TLS: every request with
 * `HTTPS=true`, or with `TRUST_PROXY=true` those a proxy marks `X-Forwarded-Proto: https` (Fastify's
 * `request.protocol`). The rest of the policy is the same either way.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";

type Directives = NonNullable<Exclude<FastifyHelmetOptions["contentSecurityPolicy"], boolean | undefined>["directives"]>;

const IMG_SRC = ["'self'", "data:", "blob:"];

/** On top of helmet's defaults (base-uri, form-action, script-src-attr …). */
const DIRECTIVES: Directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"], // antd's CSS-in-JS
  imgSrc: IMG_SRC,
  connectSrc: ["'self'", "ws:", "wss:"],
  fontSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
};

/** 180 days. */
export const HSTS_MAX_AGE_SECONDS = 15_552_000;

/** The policies for plain HTTP and (merged over it) for requests that came over TLS. */
function policies(tileSource: string | undefined) {
  // The red-mark map's tiles (MAP_TILE_URL's origin): the only other origin images may come from.
  const directives = tileSource ? { ...DIRECTIVES, imgSrc: [...IMG_SRC, tileSource] } : DIRECTIVES;
  const plainHttp = {
    contentSecurityPolicy: { useDefaults: true, directives: { ...directives, upgradeInsecureRequests: null } },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  } satisfies FastifyHelmetOptions;
  const overTls = {
    contentSecurityPolicy: { useDefaults: true, directives: { ...directives, upgradeInsecureRequests: [] } },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
  } satisfies FastifyHelmetOptions;
  return { plainHttp, overTls };
}

export function cameOverTls(request: FastifyRequest, https: boolean): boolean {
  return https || request.protocol === "https";
}

async function securityHeaders(app: FastifyInstance, options: { https: boolean; tileSource?: string }) {
  const { plainHttp, overTls } = policies(options.tileSource);
  await app.register(helmet, { ...plainHttp, global: false });
  app.addHook("onRequest", async (request, reply) => {
    reply.helmet(cameOverTls(request, options.https) ? overTls : undefined);
  });
}

export default fp(securityHeaders, { name: "security-headers" });
