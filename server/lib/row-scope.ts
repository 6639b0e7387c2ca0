/**
 * Scoped access by id (issue 23): a row that a user cannot see in its list does not exist for them anywhere —
 * not in its detail, not in an edit, a delete, a batch, an export of selected ids or any other route that
 * names it by id.
 *
 * A `RowScope` is a table and the lists that show its rows (its views). A view is a menu component with the
 * list's allow-listed fields and, when the list shows only part of the table, the condition that picks that
 * part (自定义活动 and 红色活动 are two views of one table). A user sees a row when a view whose menu they hold
 * shows it under that menu's data rules (server/lib/data-rules.ts), exactly as the list would. A user who
 * holds none of the views' menus may not read the table at all (403), as the list refuses them too.
 *
 * The check runs in one place for every route: routes name what their id parameters refer to
 * (`config.rows`, server/plugins/row-scope.ts) and a hook checks every id before the handler runs.
 */
import { and, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.js";
import { dataRuleCondition, type RuleField, type RuleScope } from "./data-rules.js";
import { forbidden, refused, type ApiError } from "./envelope.js";

export interface RowView {
  /** The list's menu component: holding that menu lets a user see the view, its data rules narrow it. */
  component: string;
  /** The list's allow-listed fields, which the menu's rules may name. */
  fields: Record<string, RuleField>;
  /** The part of the table the list shows, when not all of it. */
  where?: SQL;
}

export interface RowScope {
  /** What a row is, for messages and tests (e.g. 活动). */
  label: string;
  table: PgTable;
  id: PgColumn;
  /** Rows that exist for clients (e.g. not soft-deleted). */
  live?: SQL;
  /** The lists that show these rows; none: a row is visible when it exists (no list of it carries data rules). */
  views: RowView[];
  /** Rows that belong to a row of another scope (a dictionary's items): visible only with their parent. */
  parent?: { rows: RowScope; column: PgColumn };
  /** The answer for ids the user cannot see (given the ids asked for): the same as for ids that do not exist. */
  missing: (ids: readonly string[]) => ApiError;
}

export const NOT_FOUND = () => refused("未找到对应实体");
/** The refusal of a list (or a row of it) to a user who holds its code but not its page. */
export const menuRefused = () => forbidden("没有该页面的权限（未授予对应菜单），请联系管理员授权");

export function rowScope(def: Omit<RowScope, "missing" | "views"> & Partial<Pick<RowScope, "missing" | "views">>): RowScope {
  return { views: [], missing: NOT_FOUND, ...def };
}

/** A list's view: its component and fields (a `ListSpec` fits), and the part of the table it shows. */
export function viewOf(spec: { component?: string; fields: Record<string, RuleField> }, where?: SQL): RowView {
  if (!spec.component) throw new Error("视图必须对应一个菜单组件（ListSpec.component）");
  return { component: spec.component, fields: spec.fields, where };
}

/** Whether the user holds the menu of `component` (through a role or a department role). */
export async function holdsMenu(scope: RuleScope, component: string): Promise<boolean> {
  return (await scope.menus()).has(component);
}

/** What one view shows the user: its part of the table under its menu's rules; 403 when the menu is not held. */
export async function viewCondition(db: Db, view: RowView, scope: RuleScope): Promise<SQL | undefined> {
  if (!(await holdsMenu(scope, view.component))) throw menuRefused();
  return and(view.where, await dataRuleCondition(db, view.component, view.fields, scope));
}

/**
 * The rows of the scope the user may see, as one condition (without `live`): the union of the views whose
 * menus they hold. 403 when the scope has views and the user holds none of their menus.
 */
export async function visibleCondition(db: Db, rows: RowScope, scope: RuleScope): Promise<SQL | undefined> {
  if (rows.parent) {
    const { rows: parent, column } = rows.parent;
    const parentVisible = await visibleCondition(db, parent, scope);
    const own = await ownCondition(db, rows, scope);
    return and(inArray(column, db.select({ id: parent.id }).from(parent.table).where(and(parent.live, parentVisible))), own);
  }
  return ownCondition(db, rows, scope);
}

async function ownCondition(db: Db, rows: RowScope, scope: RuleScope): Promise<SQL | undefined> {
  if (!rows.views.length) return undefined;
  const menus = await scope.menus();
  const held = rows.views.filter((v) => menus.has(v.component));
  if (!held.length) throw menuRefused();
  const parts = await Promise.all(held.map(async (v) => and(v.where, await dataRuleCondition(db, v.component, v.fields, scope)) ?? sql`true`));
  return parts.length === 1 ? parts[0] : or(...parts);
}

export type Visibility = { ok: true } | { ok: false; unseen: string[]; outOfScope: string[] };

/**
 * Whether every id names a row the user may see. When not, `outOfScope` lists the ids that exist but lie outside
 * the user's data rules (for the audit log); the client is answered the same either way.
 */
export async function checkVisible(db: Db, rows: RowScope, ids: readonly string[], scope: RuleScope): Promise<Visibility> {
  const unique = [...new Set(ids)];
  if (!unique.length) return { ok: true };
  const visible = await visibleCondition(db, rows, scope);
  const seen = await db.select({ id: rows.id }).from(rows.table).where(and(inArray(rows.id, unique), rows.live, visible));
  if (seen.length === unique.length) return { ok: true };
  const shown = new Set(seen.map((r) => r.id as string));
  const unseen = unique.filter((id) => !shown.has(id));
  if (!visible) return { ok: false, unseen, outOfScope: [] };
  const existing = await db.select({ id: rows.id }).from(rows.table).where(and(inArray(rows.id, unseen), rows.live));
  return { ok: false, unseen, outOfScope: existing.map((r) => r.id as string) };
}
