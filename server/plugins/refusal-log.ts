/**
 * Every refusal is audited (issue 23): a request turned away for want of a session (401, or the JeecgBoot
 * "Token失效" answer), of a permission (403), or because it named a row outside the caller's data rules
 * (server/plugins/row-scope.ts, answered as "not found") writes one operation-log row (sys_log type 2) with
 * the user, IP, method, path, masked parameters and the reason: `拒绝访问：GET /sys/user/list：缺少权限「…」`.
 *
 * A loop cannot fill the table: one line per user (or, without a session, per IP), path and minute, counted
 * in the shared KV store (Redis when several instances run). The write happens after the answer has gone and
 * never fails the request. The operation log (oplog.ts) leaves these requests to this plugin, so a refused
 * write is one line with its reason, not a bare （失败）.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { OPERATE_BY_METHOD, writeLog } from "../modules/sys/log.repo.js";
import { isRefusal, requestLogEntry } from "./oplog.js";

const WINDOW_MS = 60_000;


export default fp(async function refusalLog(app: FastifyInstance, opts: { apiPrefix: string }) {
  // A refusal thrown by a handler (a 403 of the delegation rules, a list's menu) says why in its message.
  app.addHook("onSend", async (req, reply, payload) => {
    if (!req.refusal && (reply.statusCode === 401 || reply.statusCode === 403) && typeof payload === "string") {
      try {
        const message = (JSON.parse(payload) as { message?: unknown }).message;
        if (typeof message === "string" && message) req.refusal = message;
      } catch {
        // not an envelope: the status alone is the reason
      }
    }
    return payload;
  });

  app.addHook("onResponse", async (req, reply) => {
    const route = req.routeOptions.url;
    if (!route || !route.startsWith(opts.apiPrefix) || req.method === "OPTIONS" || !isRefusal(req, reply)) return;
    const path = route.slice(opts.apiPrefix.length);
    const who = req.user ? `user:${req.user.userId}` : `ip:${req.ip}`;
    try {
      const n = await app.ctx.kv.incr(`refusal-log:${who}:${req.method} ${path}:${Math.floor(Date.now() / WINDOW_MS)}`, WINDOW_MS);
      if (n > 1) return;
      const reason = req.refusal ?? (reply.statusCode === 401 ? "未授权" : "没有权限");
      await writeLog(app.ctx.db, requestLogEntry(req, reply, `拒绝访问：${req.method} ${route}：${reason}`, OPERATE_BY_METHOD[req.method] ?? 1));
    } catch (err) {
      req.log.error({ err }, "refusal log failed");
    }
  });
});
