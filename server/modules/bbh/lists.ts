/**
 * The read-mostly bbh lists (domain.md §4.7–4.12): a list and an Excel export per module from one
 * description, through the shared list helper (allow-listed filters and sorts, the menu's data rules,
 * version-cached totals) and the dictionary translation.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, getTableColumns, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { ok } from "../../lib/envelope.js";
import { sendWorkbook, writeWorkbook, type ExcelColumn } from "../../lib/excel.js";
import { fetchPage, fetchRows, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { rowScope, viewOf, type RowScope } from "../../lib/row-scope.js";
import { IdQuery, ListQuery, parseIds, scope } from "../sys/shared.js";
import { badRequest } from "../../lib/envelope.js";
import { rowJson } from "./shared.js";

const EXPORT_MAX = 50_000;
export const ExportQuery = Type.Object({ ...ListQuery.properties, selections: Type.Optional(Type.String({ title: "选中的记录", maxLength: 40_000 })) }, { additionalProperties: true });

export interface ListModule<Row extends Record<string, unknown>> {
  base: string;
  table: PgTable;
  id: PgColumn;
  spec: ListSpec;
  /** Tables whose versions key the cached totals (each needs a version trigger); absent: totals are counted every time. */
  countTables?: readonly string[];
  codes: { list: string; export?: string };
  dictFields: Record<string, string>;
  toJson?: (row: Row) => Record<string, unknown>;
  where?: (req: FastifyRequest) => Array<SQL | undefined> | Promise<Array<SQL | undefined>>;
  /** Export: sheet title and columns (over the translated JSON record). */
  excel?: { title: string; columns: ExcelColumn<Record<string, unknown>>[] };
  /** Serve `queryById` too. */
  queryById?: boolean;
  /** Who may read a row by id: by default the list's own view (its menu and data rules). */
  rows?: RowScope;
  /** Computed columns of every row (e.g. names from related tables as correlated subqueries). */
  extra?: () => Record<string, SQL.Aliased>;
}

export function registerList<Row extends Record<string, unknown>>(base: FastifyInstance, m: ListModule<Row>) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, cache, dicts } = app.ctx;
  const toJson = m.toJson ?? ((r: Row) => rowJson(r));

  app.get(`${m.base}/list`, { config: can(m.codes.list), schema: { querystring: ListQuery } }, async (req) => {
    const params = parseListQuery(m.spec, req.query, config.maxPageSize);
    const { rows, total } = await fetchPage(db, m.table, params, {
      scope: scope(req, cache),
      where: await m.where?.(req),
      extra: m.extra?.(),
      ...(m.countTables ? { counts: { cache, tables: m.countTables, versions: req.currentUser().versions } } : {}),
    });
    return ok(toPage(await dicts.translate(rows.map((r) => toJson(r as Row)), m.dictFields), total, params));
  });

  if (m.queryById) {
    const rows = m.rows ?? rowScope({ label: m.base, table: m.table, id: m.id, views: m.spec.component ? [viewOf(m.spec)] : [] });
    app.get(`${m.base}/queryById`, { config: { ...can(m.codes.list), rows: { id: rows } }, schema: { querystring: IdQuery } }, async (req) => {
      const [row] = await db.select({ ...getTableColumns(m.table), ...m.extra?.() }).from(m.table).where(and(eq(m.id, req.query.id), ...((await m.where?.(req)) ?? [])));
      if (!row) throw badRequest("数据不存在或已删除");
      const [json] = await dicts.translate([toJson(row as Row)], m.dictFields);
      return ok(json);
    });
  }

  if (m.excel && m.codes.export) registerExport(base, { ...m, excel: m.excel, code: m.codes.export });
}

/** `exportXls` with the list's filters, sorts and data rules (for modules whose list `registerCrud` serves). */
export function registerExport<Row extends Record<string, unknown>>(
  base: FastifyInstance,
  m: Pick<ListModule<Row>, "base" | "table" | "id" | "dictFields" | "toJson" | "where" | "extra"> & {
    /** The list's spec, or one chosen per request (e.g. by activity type, for its menu's data rules). */
    spec: ListSpec | ((req: FastifyRequest) => ListSpec);
    code: string;
    excel: NonNullable<ListModule<Row>["excel"]>;
  },
) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, cache, dicts } = app.ctx;
  const toJson = m.toJson ?? ((r: Row) => rowJson(r));
  const excel = m.excel;
  {
    app.get(`${m.base}/exportXls`, { config: can(m.code), schema: { querystring: ExportQuery } }, async (req, reply) => {
      const params = parseListQuery(typeof m.spec === "function" ? m.spec(req) : m.spec, req.query, config.maxPageSize);
      const q = req.query as Record<string, unknown>;
      const ids = typeof q.selections === "string" && q.selections.trim() ? parseIds(q.selections) : undefined;
      const rows = await fetchRows(db, m.table, params, { scope: scope(req, cache), max: EXPORT_MAX, extra: m.extra?.(), where: [...((await m.where?.(req)) ?? []), ids ? inArray(m.id, ids) : undefined] });
      const records = await dicts.translate(rows.map((r) => toJson(r as Row)), m.dictFields);
      const user = req.currentUser();
      return sendWorkbook(reply, excel.title, await writeWorkbook({ title: excel.title, exporter: user.realname ?? user.username, columns: excel.columns, records }));
    });
  }
}

/** An Excel column reading a JSON field, or its dictionary text when it has one. */
export const col = (header: string, field: string, width?: number): ExcelColumn<Record<string, unknown>> => ({
  header,
  width,
  value: (r) => {
    const v = r[`${field}_dictText`] ?? r[field];
    return v === null || v === undefined ? null : typeof v === "number" ? v : String(v);
  },
});
