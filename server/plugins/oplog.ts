/** Writes an operation log (sys_log type 2) for every signed-in request that changes data. */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { LOG_OPERATION, OPERATE_BY_METHOD, writeLog } from "../modules/sys/log.repo.js";

const SECRET_KEYS = /pass(word)?|secret|token|captcha/i;

/** The request body as logged: secrets masked, size bounded. */
export function loggedParams(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  const text = JSON.stringify(body, (key, value) => (key && SECRET_KEYS.test(key) ? "******" : value));
  return text.length > 2000 ? text.slice(0, 2000) + "…" : text;
}

export default fp(async function oplog(app: FastifyInstance) {
  app.addHook("onResponse", async (req, reply) => {
    if (req.method === "GET" || req.method === "OPTIONS" || req.method === "HEAD" || !req.user) return;
    try {
      await writeLog(app.ctx.db, {
        logType: LOG_OPERATION,
        logContent: `${req.method} ${req.routeOptions.url ?? req.url}${reply.statusCode >= 400 ? "（失败）" : ""}`,
        operateType: OPERATE_BY_METHOD[req.method],
        userid: req.user.userId,
        username: req.user.username,
        ip: req.ip,
        method: req.routeOptions.url,
        requestUrl: req.url.split("?")[0],
        requestParam: loggedParams(req.body),
        requestType: req.method,
        costTime: Math.round(reply.elapsedTime),
      });
    } catch (err) {
      req.log.error({ err }, "operation log failed");
    }
  });
});
