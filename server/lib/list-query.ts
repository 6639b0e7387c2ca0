/**
 * The JeecgBoot list conventions (contract.md §5), implemented once for every module:
 * `pageNo`/`pageSize` (clamped to the server cap), `column`/`order` (allow-listed, comma lists, trailing `_dictText` ignored),
 * and field filters `*x*`, `x*`, `*x`, `a,b`, `,a,b,`, `!x`, `>= x`, `++`, `<field>_begin`/`_end`,
 * `<field>_MultiString`. Only allow-listed fields reach SQL, and every value is a bound parameter.
 */
import { and, asc, count, eq, getTableColumns, getTableName, gt, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { PgDialect, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Page } from "../../contract/index.js";
import { dateOutOfRange, dateRangeMessage, parseDateTime } from "./dates.js";
import { badRequest } from "./envelope.js";
import { rowsOf, type Db } from "../db/client.js";
import type { VersionedCache, VersionSnapshot } from "./versioned-cache.js";
import type { RuleScope } from "./data-rules.js";
import { viewCondition } from "./row-scope.js";

export type FieldType = "string" | "int" | "date" | "datetime";

export interface FieldSpec {
  column: PgColumn;
  type: FieldType;
  /** Field may be used as a filter (default true). */
  filter?: boolean;
  /** Field may be used as a sort column (default false). */
  sort?: boolean;
}

export interface ListSpec {
  fields: Record<string, FieldSpec>;
  /** `nulls` overrides the MySQL-like default (first ascending, last descending) for this default key only. */
  defaultSort: Array<{ field: string; order: "asc" | "desc"; nulls?: "first" | "last" }>;
  /** Unique column appended to every sort so pages are stable. */
  tiebreak: PgColumn;
  /**
   * The menu component this list belongs to (e.g. `system/UserList`): only users who hold that menu may read the
   * list (403 otherwise), the data rules granted on it (server/lib/data-rules.ts) narrow every query, and
   * `fetchPage`/`fetchRows` refuse to run without a scope.
   */
  component?: string;
}

export interface ListParams {
  pageNo: number;
  pageSize: number;
  limit: number;
  offset: number;
  where: SQL | undefined;
  orderBy: SQL[];
  spec: ListSpec;
}

/** Deeper than this, offset paging stops being cheap; clients must narrow the query instead. */
export const MAX_OFFSET = 200_000;

type Query = Record<string, unknown>;

const RANGE_SUFFIXES = ["_begin", "_end"] as const;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) throw badRequest(`参数「${name}」不能重复出现`);
  return String(value);
}

function parseInteger(raw: string, name: string): number {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isSafeInteger(n)) throw badRequest(`参数「${name}」必须是整数`);
  return n;
}

/**
 * A `pageSize` parameter: absent or empty → `fallback`; `-1` (JeecgBoot's "all") and anything above the cap →
 * the cap. Clients ask for "everything" with a large size (the address list sends pageSize=99999), so that is
 * served up to the cap instead of refused; a page's `size` tells the client what it got. Non-numbers, zero and
 * other negatives are bad input.
 */
export function parsePageSize(raw: string | undefined, maxPageSize: number, fallback = 10): number {
  let pageSize = raw === undefined || raw === "" ? fallback : parseInteger(raw, "pageSize");
  if (pageSize === -1) pageSize = maxPageSize;
  if (pageSize < 1) throw badRequest("每页条数（pageSize）必须大于等于 1（-1 表示全部）");
  return Math.min(pageSize, maxPageSize);
}

/**
 * A `pageNo` parameter: absent or empty → 1, and page 0 or a negative page → 1, as JeecgBoot's MyBatis-Plus
 * pages it. The Vue 2 list mixin asks for `pageNo=0` after deleting the last row of the last page, and expects
 * the first page back, not a refusal. Non-numbers are bad input. Every list that reads a page number uses this.
 */
export function parsePageNo(raw: string | number | undefined): number {
  if (raw === undefined || raw === "") return 1;
  const pageNo = typeof raw === "number" ? raw : parseInteger(raw, "pageNo");
  if (!Number.isSafeInteger(pageNo)) throw badRequest("参数「pageNo」必须是整数");
  return Math.max(1, pageNo);
}

function parsePaging(query: Query, maxPageSize: number) {
  const pageNo = parsePageNo(single(query, "pageNo"));
  const pageSize = parsePageSize(single(query, "pageSize"), maxPageSize);
  const offset = (pageNo - 1) * pageSize;
  if (offset > MAX_OFFSET) throw badRequest(`页码过大：最多可翻到第 ${MAX_OFFSET} 条记录，请增加查询条件缩小范围`);
  return { pageNo, pageSize, limit: pageSize, offset };
}

/** What the integer column types hold; a filter value outside it is bad input, never a database error. */
const INTEGER_RANGES: Record<string, readonly [number, number]> = {
  smallint: [-32768, 32767],
  smallserial: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  serial: [-2147483648, 2147483647],
  // Safe integers are inside bigint's range; parseInteger refuses the rest.
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  bigserial: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** The range of an integer column by its SQL type, or undefined for a column of another type. */
export const integerRange = (column: PgColumn) => INTEGER_RANGES[column.getSQLType()];

function boundedInteger(spec: FieldSpec, raw: string, name: string): number {
  const n = parseInteger(raw, name);
  const range = integerRange(spec.column);
  if (range && (n < range[0] || n > range[1])) throw badRequest(`参数「${name}」的取值超出范围（${range[0]} 至 ${range[1]}）`);
  return n;
}

function typed(spec: FieldSpec, raw: string, name: string, endOfDay = false): unknown {
  switch (spec.type) {
    case "string":
      return raw;
    case "int":
      return boundedInteger(spec, raw, name);
    case "date":
    case "datetime": {
      const date = parseDateTime(raw, endOfDay);
      if (!date && dateOutOfRange(raw)) throw badRequest(dateRangeMessage(`参数「${name}」`));
      if (!date) throw badRequest(`参数「${name}」不是有效的日期，格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss`);
      if (spec.type === "date") return date.toISOString().slice(0, 10) === raw ? raw : raw.slice(0, 10);
      return date;
    }
  }
}

/** Escapes `\`, `%` and `_` for a LIKE pattern (PostgreSQL's default escape character). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);

function requireString(spec: FieldSpec, name: string) {
  if (spec.type !== "string") throw badRequest(`参数「${name}」不支持模糊查询`);
}

/** One field value → one condition, following JeecgBoot's QueryGenerator rule order. */
function condition(spec: FieldSpec, name: string, raw: string): SQL | undefined {
  const col = spec.column;
  const value = raw.trim();
  if (value === "") return undefined;

  if (value.length > 1 && value.startsWith(",") && value.endsWith(",")) {
    requireString(spec, name);
    const parts = value.split(",").filter((p) => p.trim() !== "");
    return or(...parts.map((p) => ilike(col, `%${escapeLike(p.trim())}%`)));
  }
  const op = /^(>=|<=|!=|>|<|=) (.*)$/s.exec(value);
  if (op) {
    const v = typed(spec, op[2], name, op[1].startsWith("<"));
    switch (op[1]) {
      case ">=": return gte(col, v);
      case "<=": return lte(col, v);
      case "!=": return ne(col, v);
      case ">": return gt(col, v);
      case "<": return lt(col, v);
      default: return eq(col, v);
    }
  }
  if (value.includes("*")) {
    requireString(spec, name);
    const core = escapeLike(value.replaceAll("*", ""));
    if (core === "") return undefined;
    const starts = value.startsWith("*");
    const ends = value.endsWith("*");
    const pattern = starts && !ends ? `%${core}` : !starts && ends ? `${core}%` : `%${core}%`;
    return ilike(col, pattern);
  }
  if (value.includes(",")) {
    const items = value.split(",").map((p) => p.trim()).filter((p) => p !== "");
    if (items.length > 1000) throw badRequest(`参数「${name}」的取值过多（最多 1000 个）`);
    return items.length ? inArray(col, items.map((p) => typed(spec, p, name))) : undefined;
  }
  if (value.startsWith("!")) return ne(col, typed(spec, value.slice(1), name));
  if (value.includes("++")) return eq(col, typed(spec, value.replaceAll("++", ","), name));
  return eq(col, typed(spec, value, name));
}

function parseFilters(spec: ListSpec, query: Query): SQL[] {
  const conditions: SQL[] = [];
  for (const key of Object.keys(query)) {
    let name = key;
    let kind: "value" | "_begin" | "_end" | "_MultiString" = "value";
    for (const suffix of [...RANGE_SUFFIXES, "_MultiString"] as const) {
      if (key.endsWith(suffix)) {
        name = key.slice(0, -suffix.length);
        kind = suffix;
      }
    }
    const field = spec.fields[name];
    if (!field || field.filter === false) continue; // like JeecgBoot, parameters that are not fields are ignored
    const raw = single(query, key);
    if (raw === undefined || raw.trim() === "") continue;
    if (kind === "value") {
      const c = condition(field, name, raw);
      if (c) conditions.push(c);
    } else if (kind === "_MultiString") {
      const items = raw.split(",").filter((p) => p.trim() !== "");
      if (items.length) conditions.push(inArray(field.column, items.map((p) => typed(field, p.trim(), name))));
    } else {
      const v = typed(field, raw.trim(), key, kind === "_end");
      conditions.push(kind === "_begin" ? gte(field.column, v) : lte(field.column, v));
    }
  }
  return conditions;
}

function parseSort(spec: ListSpec, query: Query): SQL[] {
  const columnRaw = single(query, "column");
  const orderRaw = single(query, "order");
  let order: "asc" | "desc" | undefined;
  if (orderRaw !== undefined && orderRaw !== "") {
    const o = orderRaw.trim().toLowerCase();
    if (o !== "asc" && o !== "desc") throw badRequest("排序方向（order）只能是 asc 或 desc");
    order = o;
  }
  const requested: ListSpec["defaultSort"] =
    columnRaw === undefined || columnRaw.trim() === ""
      ? spec.defaultSort
      : columnRaw.split(",").map((c) => ({ field: c.trim().replace(/_dictText$/, ""), order: order ?? "desc" }));
  const orderBy = requested.map(({ field, order: dir, nulls }) => {
    const f = spec.fields[field];
    if (!f || !f.sort) throw badRequest(`不支持按「${field}」排序`);
    // Nulls sort as MySQL (JeecgBoot's home) sorts them, first ascending and last descending, unless the
    // list's default order says otherwise.
    const last = nulls ? nulls === "last" : dir === "desc";
    return sql`${f.column} ${dir === "asc" ? sql`asc` : sql`desc`} ${last ? sql`nulls last` : sql`nulls first`}`;
  });
  return [...orderBy, asc(spec.tiebreak)];
}

/** Turns the request's query string into bound, allow-listed paging, filtering and sorting. */
export function parseListQuery(spec: ListSpec, query: Query, maxPageSize: number): ListParams {
  const paging = parsePaging(query, maxPageSize);
  const filters = parseFilters(spec, query);
  return { ...paging, where: filters.length ? and(...filters) : undefined, orderBy: parseSort(spec, query), spec };
}

export function toPage<T>(records: T[], total: number, params: Pick<ListParams, "pageNo" | "pageSize">): Page<T> {
  return {
    records,
    total,
    size: params.pageSize,
    current: params.pageNo,
    pages: Math.ceil(total / params.pageSize),
  };
}

const dialect = new PgDialect();

export interface FetchPageOptions {
  /** Conditions the module always adds (e.g. `del_flag = 0`). */
  where?: Array<SQL | undefined>;
  /** Exact totals are cached per filter and table versions; name every table the conditions read. */
  counts?: { cache: VersionedCache; tables?: readonly string[]; versions?: VersionSnapshot };
  /** Computed columns added to each row (e.g. a correlated subquery), by property name. */
  extra?: Record<string, SQL.Aliased>;
  /** The signed-in user whose data rules apply; required when the spec names a `component`. */
  scope?: RuleScope;
}

/** The request's conditions, the module's and the user's data rules, as one condition; 403 without the list's menu. */
async function scopedWhere(db: Db, params: ListParams, opts: FetchPageOptions): Promise<SQL | undefined> {
  const { component, fields } = params.spec;
  let rules: SQL | undefined;
  if (component) {
    if (!opts.scope) throw new Error(`列表 ${component} 声明了数据权限，查询时必须提供当前用户（scope）`);
    rules = await viewCondition(db, { component, fields }, opts.scope);
  }
  return and(params.where, ...(opts.where ?? []), rules);
}

/** Runs the page query and the count with the same conditions. */
export async function fetchPage<T extends PgTable, X extends Record<string, unknown> = Record<never, never>>(
  db: Db,
  table: T,
  params: ListParams,
  opts: FetchPageOptions = {},
): Promise<{ rows: Array<T["$inferSelect"] & X>; total: number }> {
  const where = await scopedWhere(db, params, opts);
  const countRows = async () => {
    const [row] = await db.select({ total: count() }).from(table as PgTable).where(where);
    return Number(row?.total ?? 0);
  };
  let total: Promise<number>;
  if (opts.counts) {
    const rendered = where ? dialect.sqlToQuery(where) : { sql: "", params: [] };
    const key = `${getTableName(table)}:${rendered.sql}:${JSON.stringify(rendered.params)}`;
    total = opts.counts.cache.get(key, opts.counts.tables ?? [getTableName(table)], countRows, opts.counts.versions);
  } else {
    total = countRows();
  }
  const rows = selectRows(db, table, opts.extra, where, params.orderBy, params.limit, params.offset);
  const [records, n] = await Promise.all([rows, total]);
  return { rows: records as Array<T["$inferSelect"] & X>, total: n };
}

/** Every row the list query matches (up to `max`), for exports; same conditions and data rules as the list. */
export async function fetchRows<T extends PgTable, X extends Record<string, unknown> = Record<never, never>>(
  db: Db,
  table: T,
  params: ListParams,
  opts: Omit<FetchPageOptions, "counts"> & { max: number },
): Promise<Array<T["$inferSelect"] & X>> {
  const where = await scopedWhere(db, params, opts);
  return (await selectRows(db, table, opts.extra, where, params.orderBy, opts.max, 0)) as Array<T["$inferSelect"] & X>;
}

interface ColumnList {
  columns: Array<[key: string, column: PgColumn]>;
  /** `"id", "mark_name", …`, rendered once. */
  rendered: SQL;
}
const columnLists = new WeakMap<PgTable, ColumnList>();

/**
 * A page of whole rows (and `extra` columns), as `db.select()` would read them, without its builder: drizzle
 * renders a select list column by column on every call (about 180 µs for a table of 44 columns, a fifth of a
 * list request's server CPU), so each table's column list is rendered once and each request adds only its
 * conditions, sort and paging. Rows are decoded by the columns' own decoders, as drizzle's select does; `extra`
 * values come as the driver reads them (no `mapWith`).
 */
async function selectRows(db: Db, table: PgTable, extra: Record<string, SQL.Aliased> | undefined, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) {
  let list = columnLists.get(table);
  if (!list) {
    const columns = Object.entries(getTableColumns(table)) as ColumnList["columns"];
    const names = dialect.sqlToQuery(sql.join(columns.map(([, c]) => sql.identifier(c.name)), sql`, `)).sql;
    list = { columns, rendered: sql.raw(names) };
    columnLists.set(table, list);
  }
  const extras = Object.entries(extra ?? {});
  const selected = extras.length ? sql.join([list.rendered, ...extras.map(([, a]) => sql`${a.sql} as ${sql.identifier(a.fieldAlias)}`)], sql`, `) : list.rendered;
  const result = await db.execute(sql`select ${selected} from ${table}${where ? sql` where ${where}` : sql``} order by ${sql.join(orderBy, sql`, `)} limit ${limit}${offset > 0 ? sql` offset ${offset}` : sql``}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of list.columns) {
      const value = row[column.name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    for (const [key, a] of extras) out[key] = row[a.fieldAlias] ?? null;
    return out;
  });
}
