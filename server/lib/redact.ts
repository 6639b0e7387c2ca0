/**
 * Keeps secrets out of log lines. The JeecgBoot clients put the session token in query strings
 * (`?token=…` on iframe and download URLs), so every URL that reaches a log is redacted first.
 */
import type { FastifyRequest } from "fastify";

/** Query parameters and headers whose values never reach a log: tokens, passwords, captchas, secrets. */
const SECRET_NAME = /token|pass(word)?|pwd|secret|captcha|^(x-)?sign$/i;
const MASK = "******";

/** The URL with the values of secret-looking query parameters masked; path and other parameters kept. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll("+", " "));
      } catch {
        // a malformed escape: judge the raw name
      }
      return eq >= 0 && SECRET_NAME.test(name) ? `${rawName}=${MASK}` : pair;
    })
    .join("&");
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request serializer with the URL redacted (headers, which carry X-Access-Token, are not logged). */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
