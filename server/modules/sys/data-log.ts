/**
 * `/sys/dataLog/*` (contract.md §10.7): the versions of rows of the allow-listed tables (data-log.repo.ts),
 * each a JSON snapshot written by a database trigger. `list`, `queryCompareList?dataId1=&dataId2=` (two
 * versions by their log ids) and `queryDataVerList?dataTable=&dataId=` (every version of one row).
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, inArray } from "drizzle-orm";
import { sysDataLog } from "../../db/schema.js";
import { formatDateTime } from "../../lib/dates.js";
import { ok, refused } from "../../lib/envelope.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { Id, ListQuery, scope } from "./shared.js";
import { scopeRows, unscoped } from "../../plugins/row-scope.js";
import { rowScope, viewOf, visibleCondition } from "../../lib/row-scope.js";

type DataLogRow = typeof sysDataLog.$inferSelect;

const spec: ListSpec = {
  fields: {
    dataTable: { column: sysDataLog.dataTable, type: "string", sort: true },
    dataId: { column: sysDataLog.dataId, type: "string", sort: true },
    dataVersion: { column: sysDataLog.dataVersion, type: "int", sort: true },
    createBy: { column: sysDataLog.createBy, type: "string", sort: true },
    createTime: { column: sysDataLog.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysDataLog.id,
  component: "system/DataLogList",
};

/** Data-log versions by id: those 数据日志 shows the caller. */
const dataLogRows = rowScope({ label: "数据日志", table: sysDataLog, id: sysDataLog.id, views: [viewOf(spec)] });

const toJson = (r: DataLogRow) => ({
  id: r.id,
  dataTable: r.dataTable,
  dataId: r.dataId,
  dataContent: r.dataContent,
  dataVersion: r.dataVersion,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

const Table = Type.String({ title: "表名", minLength: 1, maxLength: 32, pattern: "^[A-Za-z0-9_]+$" });

export default async function dataLogRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { dataId1: dataLogRows, dataId2: dataLogRows, dataId: unscoped("被记录数据的编号：列出的版本按数据权限过滤") });
  const { db, config, cache } = app.ctx;

  app.get("/sys/dataLog/list", { config: can("system:dataLog:list"), schema: { querystring: ListQuery } }, async (req) => {
    const params = parseListQuery(spec, req.query, config.maxPageSize);
    const { rows, total } = await fetchPage(db, sysDataLog, params, { scope: scope(req, cache) });
    return ok(toPage(rows.map((r) => toJson(r as DataLogRow)), total, params));
  });

  app.get(
    "/sys/dataLog/queryCompareList",
    { config: can("system:dataLog:list"), schema: { querystring: Type.Object({ dataId1: { ...Id, title: "版本一编号" }, dataId2: { ...Id, title: "版本二编号" } }) } },
    async (req) => {
      const ids = [req.query.dataId1, req.query.dataId2];
      const rows = await db.select().from(sysDataLog).where(inArray(sysDataLog.id, ids));
      // In the order asked, as JeecgBoot's compare dialog reads them.
      const list = ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is DataLogRow => !!r);
      return ok(list.map(toJson));
    },
  );

  app.get(
    "/sys/dataLog/queryDataVerList",
    { config: can("system:dataLog:list"), schema: { querystring: Type.Object({ dataTable: Table, dataId: { ...Id, title: "数据编号" } }) } },
    async (req) => {
      const rows = await db
        .select()
        .from(sysDataLog)
        .where(and(eq(sysDataLog.dataTable, req.query.dataTable), eq(sysDataLog.dataId, req.query.dataId), await visibleCondition(db, dataLogRows, scope(req, cache))))
        .orderBy(asc(sysDataLog.dataVersion));
      if (!rows.length) throw refused("未找到版本信息");
      return ok(rows.map(toJson));
    },
  );
}
