/**
 * Data-permission rules (contract.md §7.5): the rules granted to a user's roles on the menu whose
 * component a list declares (`ListSpec.component`) narrow every query of that list. They are applied by
 * `fetchPage`/`fetchRows` (server/lib/list-query.ts), so no list handler can forget them.
 *
 * A rule names a field of the list's allow-list (camelCase or the column's SQL name), a condition and a
 * value that may hold the user placeholders `#{sys_user_code}`, `#{sys_user_name}`, `#{sys_org_code}`,
 * `#{sys_multi_org_code}`, `#{sys_date}`, `#{sys_time}` (camelCase variants too); values are always bound
 * parameters. JeecgBoot's `USE_SQL_RULES` (a raw SQL fragment) is not supported. A rule that cannot be
 * applied (unknown field, bad value) matches nothing: rules fail closed.
 */
import { and, eq, gt, gte, ilike, inArray, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.js";
import { sysDepart, sysPermissionDataRule, sysUserDepart } from "../db/schema.js";
import { formatDateTime } from "./dates.js";
import type { VersionedCache, VersionSnapshot } from "./versioned-cache.js";

/** The conditions a rule may use (dictionary `rule_conditions` without `USE_SQL_RULES`). */
export const RULE_CONDITIONS = [">", "<", "!=", "=", ">=", "<=", "LEFT_LIKE", "RIGHT_LIKE", "LIKE", "IN"] as const;
export type RuleCondition = (typeof RULE_CONDITIONS)[number];

/** What a rule needs to know about the signed-in user. */
export interface RuleUser {
  userId: string;
  username: string;
  realname: string | null;
  orgCode: string | null;
  versions?: VersionSnapshot;
}

export interface RuleScope {
  user: RuleUser;
  cache: VersionedCache;
  /** The menu components the user holds (through roles and department roles): a list needs its menu. */
  menus: () => Promise<ReadonlySet<string>>;
}

export interface DataRule {
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
}

export interface RuleField {
  column: PgColumn;
  type: "string" | "int" | "date" | "datetime";
}

/** Tables the rule look-up reads; their versions key the cache. */
export const DATA_RULE_TABLES = [
  "sys_user_role",
  "sys_role_permission",
  "sys_depart_role_user",
  "sys_depart_role_permission",
  "sys_permission",
  "sys_permission_data_rule",
] as const;

/** Active rules granted to the user's roles and department roles on the (not deleted) menus with this component. */
export async function loadDataRules(db: Db, userId: string, component: string): Promise<DataRule[]> {
  return db
    .select({
      ruleColumn: sysPermissionDataRule.ruleColumn,
      ruleConditions: sysPermissionDataRule.ruleConditions,
      ruleValue: sysPermissionDataRule.ruleValue,
    })
    .from(sysPermissionDataRule)
    .where(
      and(
        eq(sysPermissionDataRule.status, "1"),
        sql`${sysPermissionDataRule.id} in (
          select unnest(string_to_array(rp.data_rule_ids, ','))
          from sys_role_permission rp
          join sys_user_role ur on ur.role_id = rp.role_id
          join sys_permission p on p.id = rp.permission_id
          where ur.user_id = ${userId} and p.component = ${component} and p.del_flag = 0
            and rp.data_rule_ids is not null and rp.data_rule_ids <> ''
          union
          select unnest(string_to_array(drp.data_rule_ids, ','))
          from sys_depart_role_permission drp
          join sys_depart_role_user dru on dru.drole_id = drp.role_id
          join sys_permission p on p.id = drp.permission_id
          where dru.user_id = ${userId} and p.component = ${component} and p.del_flag = 0
            and drp.data_rule_ids is not null and drp.data_rule_ids <> '')`,
      ),
    );
}

async function orgCodesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ code: sysDepart.orgCode })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(eq(sysUserDepart.userId, userId));
  return rows.map((r) => r.code);
}

const PLACEHOLDER = /#\{\s*([A-Za-z_]+)\s*\}/g;

/** The rule value with the user's placeholders filled in; null when a placeholder is unknown or empty. */
async function resolveValue(db: Db, raw: string, user: RuleUser): Promise<string | null> {
  const names = [...raw.matchAll(PLACEHOLDER)].map((m) => m[1].replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase());
  const values: Record<string, string | null> = {};
  for (const name of names) {
    if (name in values) continue;
    const now = new Date();
    switch (name) {
      case "sys_user_code": values[name] = user.username; break;
      case "sys_user_name": values[name] = user.realname; break;
      case "sys_org_code": values[name] = user.orgCode; break;
      case "sys_multi_org_code": values[name] = (await orgCodesOf(db, user.userId)).join(",") || null; break;
      case "sys_date": values[name] = formatDateTime(now)!.slice(0, 10); break;
      case "sys_time": values[name] = formatDateTime(now); break;
      default: values[name] = null;
    }
  }
  let failed = false;
  const out = raw.replace(PLACEHOLDER, (_m, n: string) => {
    const v = values[n.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase()];
    if (v === null || v === undefined || v === "") failed = true;
    return v ?? "";
  });
  return failed ? null : out;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);

function typedValue(field: RuleField, v: string): unknown {
  if (field.type === "int") {
    const n = Number(v);
    if (v.trim() === "" || !Number.isSafeInteger(n)) throw new Error("not an integer");
    return n;
  }
  return v;
}

const NOTHING = sql`false`;

/** One rule → one condition over the list's allow-listed fields. */
export async function compileRule(db: Db, rule: DataRule, fields: Record<string, RuleField>, user: RuleUser): Promise<SQL> {
  const name = rule.ruleColumn?.trim() ?? "";
  const field = fields[name] ?? Object.values(fields).find((f) => f.column.name === name);
  const condition = rule.ruleConditions as RuleCondition | null;
  if (!field || !condition || !RULE_CONDITIONS.includes(condition) || rule.ruleValue === null) return NOTHING;
  const value = await resolveValue(db, rule.ruleValue, user);
  if (value === null) return NOTHING;
  const col = field.column;
  try {
    switch (condition) {
      case "=": return eq(col, typedValue(field, value));
      case "!=": return ne(col, typedValue(field, value));
      case ">": return gt(col, typedValue(field, value));
      case "<": return lt(col, typedValue(field, value));
      case ">=": return gte(col, typedValue(field, value));
      case "<=": return lte(col, typedValue(field, value));
      case "IN": {
        const items = value.split(",").map((s) => s.trim()).filter(Boolean);
        return items.length ? inArray(col, items.map((i) => typedValue(field, i))) : NOTHING;
      }
      case "LIKE": return field.type === "string" ? ilike(col, `%${escapeLike(value)}%`) : NOTHING;
      case "LEFT_LIKE": return field.type === "string" ? ilike(col, `%${escapeLike(value)}`) : NOTHING;
      case "RIGHT_LIKE": return field.type === "string" ? ilike(col, `${escapeLike(value)}%`) : NOTHING;
    }
  } catch {
    return NOTHING;
  }
}

/** The conjunction of every rule the user holds on `component` (JeecgBoot ANDs them), or undefined. */
export async function dataRuleCondition(
  db: Db,
  component: string,
  fields: Record<string, RuleField>,
  scope: RuleScope,
): Promise<SQL | undefined> {
  const { user, cache } = scope;
  const rules = await cache.get(`data-rules:${user.userId}:${component}`, DATA_RULE_TABLES, () => loadDataRules(db, user.userId, component), user.versions);
  if (!rules.length) return undefined;
  const conditions = await Promise.all(rules.map((r) => compileRule(db, r, fields, user)));
  return and(...conditions);
}
