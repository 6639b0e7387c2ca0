/**
 * The websocket endpoint `/{contextPath}/websocket/{userId}` and the live events of the console's Refine
 * `liveProvider`.
 *
 * Handshake: the session token comes in `Sec-WebSocket-Protocol` (as the JeecgBoot client sends it,
 * `new WebSocket(url, [token])`; the chosen protocol is echoed back) or as the `token` query parameter; it
 * must name a live session, and the path's user must be that session's user. Refusals are plain HTTP answers
 * (401, 403, 503) before the upgrade. A token that is present but not live is refused (401) as always.
 *
 * Without any token (the JeecgBoot 3.1 Vue 2 client: `new WebSocket('/jeecg-boot/websocket/{userId}')`) the
 * socket is taken as token-less: any well-formed user id (no lookup, so the answer never tells which users
 * exist), within the hub's per-address (429) and total (503) caps; it only ever gets content-free nudges
 * (`hub.ts`). `WS_ANONYMOUS_MAX=0` refuses such handshakes with 401 instead.
 *
 * Live events: every successful signed-in POST/PUT/DELETE under the context path tells all sockets which API
 * base changed (`/sys/position/add` → `{cmd:"live", apiBase:"/sys/position", type:"created", ids}`) — no
 * record data, only the base, the kind of change and the ids named by the request.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import websocket from "@fastify/websocket";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { TOKEN_INVALID_MESSAGE } from "../../contract/index.js";
import { ApiError, forbidden } from "../lib/envelope.js";
import { anonymous, userFrozen } from "../plugins/auth.js";
import { FROZEN, type SessionUser } from "../modules/sys/session.repo.js";
import type { LiveMessage } from "./hub.js";

declare module "fastify" {
  interface FastifyRequest {
    socketUser?: SessionUser;
  }
}

/** The token a websocket handshake carries: the first `Sec-WebSocket-Protocol` entry, else `?token=`. */
export function handshakeToken(req: FastifyRequest): string | null {
  const header = req.headers["sec-websocket-protocol"];
  if (typeof header === "string") {
    const first = header.split(",")[0]?.trim();
    if (first) return first;
  }
  const query = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof query === "string" && query ? query : null;
}

const LIVE_TYPES: Record<string, LiveMessage["type"]> = { add: "created", edit: "updated", delete: "deleted", deleteBatch: "deleted" };
const MAX_LIVE_IDS = 100;

function idsOf(req: FastifyRequest): string[] {
  const out: string[] = [];
  const take = (v: unknown) => {
    if (typeof v === "string") for (const id of v.split(",")) if (id && id.length <= 64 && out.length < MAX_LIVE_IDS) out.push(id);
  };
  const query = req.query as Record<string, unknown> | undefined;
  const body = req.body as Record<string, unknown> | undefined;
  take(query?.id);
  take(query?.ids);
  if (body && typeof body === "object" && !Array.isArray(body)) {
    take(body.id);
    take(body.ids);
  }
  return [...new Set(out)];
}

const WebsocketParams = Type.Object({ userId: Type.String({ title: "用户编号", minLength: 1, maxLength: 64, pattern: "^[0-9A-Za-z_-]+$" }) });
const TOO_MANY = "连接过多，请稍后再试";
const WebsocketQuery = Type.Object({ token: Type.Optional(Type.String({ title: "令牌", maxLength: 2048 })) }, { additionalProperties: true });

export default fp(async function realtime(app: FastifyInstance, opts: { prefix: string }) {
  const { realtime: hub, sessions, config, health } = app.ctx;
  // Shutdown: the hub stops pinging and closes every socket with 1001 before the plugin's own preClose (registered
  // after this one) stops accepting upgrades, so the HTTP server's close is not held open by upgraded connections.
  app.addHook("preClose", async () => hub.close());
  await app.register(websocket, {
    options: { maxPayload: config.wsMaxFrameBytes, perMessageDeflate: false },
  });

  app.addHook("onResponse", async (req, reply) => {
    if (!req.user || reply.statusCode !== 200) return;
    if (req.method !== "POST" && req.method !== "PUT" && req.method !== "DELETE") return;
    const url = req.routeOptions.url;
    if (!url || !url.startsWith(`${opts.prefix}/`)) return;
    const path = url.slice(opts.prefix.length);
    const cut = path.lastIndexOf("/");
    if (cut <= 0) return;
    const apiBase = path.slice(0, cut);
    const action = path.slice(cut + 1);
    void hub.broadcast({ cmd: "live", apiBase, type: LIVE_TYPES[action] ?? "*", ids: idsOf(req) }).catch(() => {});
  });

  await app.register(
    async (scope) => {
      const api = scope.withTypeProvider<TypeBoxTypeProvider>();
      api.get(
        "/websocket/:userId",
        {
          websocket: true,
          config: anonymous,
          schema: { params: WebsocketParams, querystring: WebsocketQuery },
          preValidation: async (req) => {
            if (health.draining) throw new ApiError("服务正在停止，请稍后重连", 503, 503);
            const token = handshakeToken(req);
            if (!token) {
              // Token-less: nudges only (the user id's form is checked by the schema, after this hook).
              const refusal = hub.anonymousRefusal(req.ip);
              if (refusal === "off") throw new ApiError(TOKEN_INVALID_MESSAGE, 401, 401);
              if (refusal === "ip") throw new ApiError(TOO_MANY, 429, 429);
              if (refusal === "total") throw new ApiError(TOO_MANY, 503, 503);
              return;
            }
            const user = await sessions.authenticate(token);
            if (user === FROZEN) throw userFrozen();
            if (!user) throw new ApiError(TOKEN_INVALID_MESSAGE, 401, 401);
            if (user.userId !== (req.params as { userId: string }).userId) throw forbidden("只能连接自己的消息通道");
            req.socketUser = user;
          },
        },
        (socket, req) => {
          const user = req.socketUser;
          if (user) hub.add(socket, user.userId, user.sessionId);
          else hub.addAnonymous(socket, (req.params as { userId: string }).userId, req.ip);
        },
      );
    },
    { prefix: opts.prefix },
  );
});
