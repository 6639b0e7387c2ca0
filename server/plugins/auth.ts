/**
 * Authentication and authorisation in one hook. Every API route declares its access in `config`:
 * `anonymous`, `signedIn`, or `can("system:user:list")`; a route that declares nothing refuses to register.
 * Token failures answer HTTP 500 with `Token失效，请重新登录`, which every JeecgBoot Vue client treats as an
 * expired login (contract.md §3); a frozen user's session answers HTTP 401 `该用户已冻结`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { FROZEN_USER_MESSAGE, TOKEN_INVALID_MESSAGE } from "../../contract/index.js";
import { ApiError, forbidden } from "../lib/envelope.js";
import { FROZEN, type SessionService, type SessionUser } from "../modules/sys/session.repo.js";

export type Access = { anonymous: true } | { signedIn: true } | { permission: string };

export const anonymous = { access: { anonymous: true } } as const satisfies { access: Access };
export const signedIn = { access: { signedIn: true } } as const satisfies { access: Access };
export const can = (permission: string) => ({ access: { permission } }) satisfies { access: Access };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The user of a route that requires sign-in (throws if the hook did not run). */
    currentUser(): SessionUser;
  }
}

export const tokenInvalid = () => new ApiError(TOKEN_INVALID_MESSAGE, 500, 500);

/**
 * A frozen user's session: HTTP 401 as JeecgBoot 3.x answers a locked account's token (contract.md §3), so
 * every Vue 2 client logs out on it; the message says why (our console shows it).
 */
export const userFrozen = () => new ApiError(FROZEN_USER_MESSAGE, 401, 401);

/** The token from `X-Access-Token`, or the `token` query parameter (contract.md §1). */
export function requestToken(req: FastifyRequest): string | null {
  const header = req.headers["x-access-token"];
  if (typeof header === "string" && header) return header;
  const query = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof query === "string" && query ? query : null;
}

export default fp(async function auth(app: FastifyInstance, opts: { sessions: SessionService; apiPrefix: string }) {
  app.decorateRequest("user", null);
  app.decorateRequest("currentUser", function (this: FastifyRequest) {
    if (!this.user) throw tokenInvalid();
    return this.user;
  });

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(opts.apiPrefix)) return;
    if (!route.config?.access) throw new Error(`路由 ${route.method} ${route.url} 没有声明访问权限（config.access）`);
  });

  app.addHook("onRequest", async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || "anonymous" in access) return;
    const token = requestToken(req);
    const user = token ? await opts.sessions.authenticate(token) : null;
    if (user === FROZEN) {
      req.refusal = "账号已冻结";
      throw userFrozen();
    }
    if (!user) {
      req.refusal = token ? "令牌无效或会话已结束" : "未登录（没有令牌）";
      throw tokenInvalid();
    }
    req.user = user;
    if ("permission" in access) {
      const codes = await opts.sessions.permissionCodes(user.userId, user.versions);
      if (!codes.has(access.permission)) {
        req.refusal = `缺少权限「${access.permission}」`;
        throw forbidden();
      }
    }
  });
});
