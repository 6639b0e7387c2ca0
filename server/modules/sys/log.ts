/**
 * `/sys/log/*` (contract.md §10.6): login logs (type 1) and operation logs (type 2), searched by type,
 * operate type, time range, user (login or real name), IP, method and content (`keyWord`, ILIKE over a
 * trigram index); `delete`, `deleteBatch`, and `deleteBatch?ids=allclear` which empties the table. Old rows
 * go by the retention job (redmark.job.LogRetentionJob, `LOG_RETENTION_DAYS`).
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ilike, inArray, or } from "drizzle-orm";
import { sysLog } from "../../db/schema.js";
import { formatDateTime } from "../../lib/dates.js";
import { ok, refused } from "../../lib/envelope.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { IdQuery, IdsQuery, ListQuery, parseIds, scope } from "./shared.js";
import { except, scopeRows } from "../../plugins/row-scope.js";
import { rowScope, viewOf, visibleCondition } from "../../lib/row-scope.js";

type LogRow = typeof sysLog.$inferSelect;

const spec: ListSpec = {
  fields: {
    logType: { column: sysLog.logType, type: "int", sort: true },
    operateType: { column: sysLog.operateType, type: "int", sort: true },
    userid: { column: sysLog.userid, type: "string", sort: true },
    username: { column: sysLog.username, type: "string", sort: true },
    ip: { column: sysLog.ip, type: "string", sort: true },
    method: { column: sysLog.method, type: "string", sort: true },
    requestType: { column: sysLog.requestType, type: "string", sort: true },
    logContent: { column: sysLog.logContent, type: "string" },
    costTime: { column: sysLog.costTime, type: "int", sort: true },
    createTime: { column: sysLog.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysLog.id,
  component: "system/LogList",
};

const toJson = (r: LogRow) => ({
  id: r.id,
  logType: r.logType,
  logContent: r.logContent,
  operateType: r.operateType,
  userid: r.userid,
  username: r.username,
  ip: r.ip,
  method: r.method,
  requestUrl: r.requestUrl,
  requestParam: r.requestParam,
  requestType: r.requestType,
  costTime: r.costTime,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
});

const LogQuery = Type.Object(
  {
    ...ListQuery.properties,
    keyWord: Type.Optional(Type.String({ title: "搜索日志", maxLength: 100 })),
    user: Type.Optional(Type.String({ title: "用户（账号或姓名）", maxLength: 100 })),
  },
  { additionalProperties: true },
);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Log rows by id: those 日志管理 shows the caller. */
export const logRows = rowScope({ label: "日志", table: sysLog, id: sysLog.id, views: [viewOf(spec)] });

export default async function sysLogRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: logRows, ids: except(logRows, "allclear") });
  const { db, config, cache, dicts } = app.ctx;

  app.get("/sys/log/list", { config: can("system:log:list"), schema: { querystring: LogQuery } }, async (req) => {
    const params = parseListQuery(spec, req.query, config.maxPageSize);
    const keyWord = req.query.keyWord?.trim();
    const user = req.query.user?.trim();
    const { rows, total } = await fetchPage(db, sysLog, params, {
      scope: scope(req, cache),
      where: [
        keyWord ? ilike(sysLog.logContent, `%${escapeLike(keyWord)}%`) : undefined,
        user ? or(ilike(sysLog.userid, `%${escapeLike(user)}%`), ilike(sysLog.username, `%${escapeLike(user)}%`)) : undefined,
      ],
    });
    const records = await dicts.translate(rows.map((r) => toJson(r as LogRow)), { logType: "log_type", operateType: "operate_type" });
    return ok(toPage(records, total, params));
  });

  app.delete("/sys/log/delete", { config: can("system:log:delete"), schema: { querystring: IdQuery } }, async (req) => {
    const gone = await db.delete(sysLog).where(inArray(sysLog.id, [req.query.id])).returning({ id: sysLog.id });
    if (!gone.length) throw refused("未找到对应实体");
    return ok(null, "删除成功!");
  });

  app.delete("/sys/log/deleteBatch", { config: can("system:log:delete"), schema: { querystring: IdsQuery } }, async (req) => {
    if (req.query.ids.trim() === "allclear") {
      // Every log the caller may see (all of them without data rules). JeecgBoot answers 删除成功! here too:
      // its 清除成功! is overwritten (contract.md §10.6).
      await db.delete(sysLog).where(await visibleCondition(db, logRows, scope(req, cache)));
      return ok(null, "删除成功!");
    }
    await db.delete(sysLog).where(inArray(sysLog.id, parseIds(req.query.ids)));
    return ok(null, "删除成功!");
  });
}
