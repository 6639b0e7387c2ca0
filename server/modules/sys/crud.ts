/**
 * The JeecgBoot CRUD endpoints of a simple module (contract.md §6) from one description: `list` through the
 * shared list helper (with the module's data rules), `queryById`, `add`, `edit` (PUT and POST), `delete`,
 * `deleteBatch`. Unique columns are checked inside the write's transaction; audit columns come from the
 * signed-in user.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static, type TObject } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, getTableColumns, inArray, ne, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { ok, refused } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { rowScope, viewOf, type RowScope } from "../../lib/row-scope.js";
import { can } from "../../plugins/auth.js";
import { Id, IdQuery, IdsQuery, ListQuery, created, parseIds, scope, updated } from "./shared.js";

export interface CrudModule<B extends TObject, Row extends Record<string, unknown>> {
  base: string;
  table: PgTable;
  id: PgColumn;
  spec: ListSpec;
  codes: { list: string; add: string; edit: string; delete: string; deleteBatch: string };
  /** The form fields (without `id`). */
  body: B;
  /** Form → columns (validated, normalised); may refuse. `id` is the edited row's (undefined when adding). */
  values: (body: Static<B>, db: Db, id?: string, req?: FastifyRequest) => Record<string, unknown> | Promise<Record<string, unknown>>;
  toJson: (row: Row) => Record<string, unknown>;
  unique?: Array<{ column: PgColumn; key: string; message: string }>;
  /** A value unique among the rows sharing another column (e.g. item values of one dictionary). */
  uniqueWithin?: { scope: PgColumn; scopeKey: string; column: PgColumn; key: string; message: string };
  /** The module serves its own `list` (e.g. a list that needs a parent id). */
  skipList?: boolean;
  dictFields?: Record<string, string>;
  /** Whether the table has `sys_org_code` (filled from the signed-in user's department). */
  orgCode?: boolean;
  /** Runs in the delete transaction before the rows go (e.g. refuse, or clean up children). */
  beforeDelete?: (db: Db, ids: string[]) => Promise<void>;
  /** After any successful write (e.g. drop a cache). */
  afterWrite?: () => void;
  messages?: { add?: string; edit?: string; delete?: string; deleteBatch?: string };
  /** Conditions every list query adds (e.g. a fixed activity type), besides the soft-delete flag. */
  listWhere?: (req: FastifyRequest) => SQL | undefined;
  /** Cache list totals by these tables' write versions (each needs a version trigger). */
  countTables?: readonly string[];
  /**
   * A `del_flag` column: delete sets it to 1 instead of removing the row, and lists, `queryById`, `edit` and
   * the unique checks see only rows where it is 0 (JeecgBoot's `@TableLogic`).
   */
  softDelete?: PgColumn;
  /**
   * Who may see which rows by id (detail, edit, delete, batch delete): by default the list's own view (its menu
   * and data rules), or every live row when the list names no menu. A table shown by several lists passes its own.
   */
  rows?: RowScope;
  /**
   * Non-blocking warnings about an edit, computed before it is written (the current row is still there);
   * when there are any, `edit` answers `result: { warnings }` instead of null.
   */
  editWarnings?: (db: Db, id: string, values: Record<string, unknown>) => Promise<string[]>;
}

export function registerCrud<B extends TObject, Row extends Record<string, unknown>>(base: FastifyInstance, m: CrudModule<B, Row>) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, cache, dicts } = app.ctx;
  const EditBody = Type.Object({ ...m.body.properties, id: Id });

  const live = m.softDelete ? eq(m.softDelete, 0) : undefined;
  const scoped = crudRows(m, live);
  const byId = { rows: { id: scoped, ids: scoped } };
  const softDeleteKey = m.softDelete && Object.entries(getTableColumns(m.table)).find(([, c]) => c === m.softDelete)?.[0];
  const assertUnique = async (tx: Db, values: Record<string, unknown>, exceptId?: string) => {
    for (const u of m.unique ?? []) {
      const v = values[u.key];
      if (v === undefined || v === null || v === "") continue;
      const [hit] = await tx
        .select({ id: m.id })
        .from(m.table)
        .where(and(eq(u.column, v), exceptId ? ne(m.id, exceptId) : undefined, live))
        .limit(1);
      if (hit) throw refused(u.message);
    }
    const w = m.uniqueWithin;
    if (w && values[w.key] !== undefined) {
      const [hit] = await tx
        .select({ id: m.id })
        .from(m.table)
        .where(and(eq(w.scope, values[w.scopeKey]), eq(w.column, values[w.key]), exceptId ? ne(m.id, exceptId) : undefined, live))
        .limit(1);
      if (hit) throw refused(w.message);
    }
  };

  if (!m.skipList) {
    app.get(`${m.base}/list`, { config: can(m.codes.list), schema: { querystring: ListQuery } }, async (req) => {
      const params = parseListQuery(m.spec, req.query, config.maxPageSize);
      const { rows, total } = await fetchPage(db, m.table, params, {
        scope: scope(req, cache),
        where: [live, m.listWhere?.(req)],
        ...(m.countTables ? { counts: { cache, tables: m.countTables, versions: req.currentUser().versions } } : {}),
      });
      const records = rows.map((r) => m.toJson(r as Row));
      return ok(toPage(m.dictFields ? await dicts.translate(records, m.dictFields) : records, total, params));
    });
  }

  app.get(`${m.base}/queryById`, { config: { ...can(m.codes.list), ...byId }, schema: { querystring: IdQuery } }, async (req) => {
    const [row] = await db.select().from(m.table).where(and(eq(m.id, req.query.id), live));
    if (!row) throw refused("未找到对应实体");
    return ok(m.toJson(row as Row));
  });

  app.post(`${m.base}/add`, { config: can(m.codes.add), schema: { body: m.body } }, async (req) => {
    const user = req.currentUser();
    await db.transaction(async (tx) => {
      const values = await m.values(req.body as Static<B>, tx, undefined, req);
      await assertUnique(tx, values);
      await tx.insert(m.table).values({ ...values, id: nextId(), ...created(req), ...(m.orgCode ? { sysOrgCode: user.orgCode } : {}) });
    });
    m.afterWrite?.();
    return ok(null, m.messages?.add ?? "添加成功！");
  });

  const edit = async (req: FastifyRequest<{ Body: Static<typeof EditBody> }>) => {
    const { id, ...body } = req.body as { id: string } & Static<B>;
    const warnings = await db.transaction(async (tx) => {
      const values = await m.values(body as Static<B>, tx, id, req);
      await assertUnique(tx, values, id);
      const found = (await m.editWarnings?.(tx, id, values)) ?? [];
      const done = await tx.update(m.table).set({ ...values, ...updated(req) }).where(and(eq(m.id, id), live)).returning({ id: m.id });
      if (!done.length) throw refused("未找到对应实体");
      return found;
    });
    m.afterWrite?.();
    return ok(warnings.length ? { warnings } : null, m.messages?.edit ?? "编辑成功!");
  };
  app.put(`${m.base}/edit`, { config: { ...can(m.codes.edit), ...byId }, schema: { body: EditBody } }, edit);
  app.post(`${m.base}/edit`, { config: { ...can(m.codes.edit), ...byId }, schema: { body: EditBody } }, edit);

  const remove = async (ids: string[]) => {
    await db.transaction(async (tx) => {
      await m.beforeDelete?.(tx, ids);
      const gone = m.softDelete
        ? await tx.update(m.table).set({ [softDeleteKey!]: 1 }).where(and(inArray(m.id, ids), live)).returning({ id: m.id })
        : await tx.delete(m.table).where(inArray(m.id, ids)).returning({ id: m.id });
      if (!gone.length) throw refused("未找到对应实体");
    });
    m.afterWrite?.();
  };

  app.delete(`${m.base}/delete`, { config: { ...can(m.codes.delete), ...byId }, schema: { querystring: IdQuery } }, async (req) => {
    await remove([req.query.id]);
    return ok(null, m.messages?.delete ?? "删除成功!");
  });

  app.delete(`${m.base}/deleteBatch`, { config: { ...can(m.codes.deleteBatch), ...byId }, schema: { querystring: IdsQuery } }, async (req) => {
    await remove(parseIds(req.query.ids));
    return ok(null, m.messages?.deleteBatch ?? "批量删除成功！");
  });
}

/** A CRUD module's rows by id: its own scope, or its list's view over the live rows. */
function crudRows(m: Pick<CrudModule<TObject, Record<string, unknown>>, "rows" | "spec" | "table" | "id" | "base">, live: SQL | undefined): RowScope {
  if (m.rows) return m.rows;
  return rowScope({ label: m.base, table: m.table, id: m.id, live, views: m.spec.component ? [viewOf(m.spec)] : [] });
}
