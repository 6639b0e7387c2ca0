/**
 * Writes an operation log (sys_log type 2, with its duration) for every request that changes data: every
 * POST/PUT/PATCH/DELETE, signed in or not (an anonymous registration too), and the JeecgBoot GET routes that
 * change data. Sign-in and sign-out are left out: they write their own login log (type 1). The request's
 * parameters are logged with secrets masked (passwords, tokens, secrets, captchas, at any depth, in the body
 * and the query string); the URL is logged without its query string.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LOG_OPERATION, OPERATE_BY_METHOD, writeLog, type LogEntry } from "../modules/sys/log.repo.js";

const SECRET_KEYS = /pass(word)?|pwd|secret|token|captcha|salt|credential|authorization|smscode|^sign$/i;

/** JeecgBoot routes that change data although they are GETs (JeecgBoot's own clients call them so). */
const CHANGING_GETS = new Set(["/sys/user/passwordChange", "/sys/annountCement/doReleaseData", "/sys/annountCement/doReovkeData", "/sys/quartzJob/pause", "/sys/quartzJob/resume", "/sys/quartzJob/execute"]);
/** Routes that write their own login log. */
const LOGIN_ROUTES = new Set(["/sys/login", "/sys/logout", "/sys/phoneLogin"]);

/** The request parameters as logged: secrets masked, size bounded. */
export function loggedParams(body: unknown, query?: unknown): string | null {
  const hasQuery = !!query && typeof query === "object" && Object.keys(query).length > 0;
  const hasBody = body !== undefined && body !== null;
  if (!hasBody && !hasQuery) return null;
  const value = hasBody && hasQuery ? { query, body } : hasBody ? body : query;
  const text = JSON.stringify(value, (key, v) => (key && SECRET_KEYS.test(key) ? "******" : v));
  return text.length > 2000 ? text.slice(0, 2000) + "…" : text;
}

/** Whether the answer refused the caller (refusal-log.ts writes those, with the reason the refusing hook set). */
export const isRefusal = (req: FastifyRequest, reply: FastifyReply) => Boolean(req.refusal) || reply.statusCode === 401 || reply.statusCode === 403;

/** The operation-log row of a request: who, from where, what (masked), how long; `logContent` says what happened. */
export function requestLogEntry(req: FastifyRequest, reply: FastifyReply, logContent: string, operateType: number): LogEntry {
  const route = req.routeOptions.url ?? req.url.split("?")[0];
  return {
    logType: LOG_OPERATION,
    logContent,
    operateType,
    // JeecgBoot's columns: userid holds the login name, username the real name (contract.md §10.6).
    userid: req.user?.username ?? null,
    username: req.user ? (req.user.realname ?? req.user.username) : null,
    ip: req.ip,
    method: route,
    requestUrl: req.url.split("?")[0],
    requestParam: loggedParams(req.body, req.query),
    requestType: req.method,
    costTime: Math.round(reply.elapsedTime),
  };
}

export default fp(async function oplog(app: FastifyInstance, opts: { apiPrefix?: string } = {}) {
  const prefix = opts.apiPrefix ?? app.ctx.config.contextPath;
  app.addHook("onResponse", async (req, reply) => {
    const route = req.routeOptions.url;
    if (!route || req.method === "OPTIONS" || req.method === "HEAD") return;
    const path = route.startsWith(prefix) ? route.slice(prefix.length) : route;
    if (req.method === "GET" ? !CHANGING_GETS.has(path) : LOGIN_ROUTES.has(path)) return;
    // Turned away before anything ran (no such route), or refused: refusal-log.ts writes refusals with their reason.
    if (!req.user && reply.statusCode === 404) return;
    if (isRefusal(req, reply)) return;
    try {
      const content = `${req.method} ${route}${reply.statusCode >= 400 ? "（失败）" : ""}`;
      await writeLog(app.ctx.db, requestLogEntry(req, reply, content, req.method === "GET" ? 3 : OPERATE_BY_METHOD[req.method]));
    } catch (err) {
      req.log.error({ err }, "operation log failed");
    }
  });
});
