/**
 * `GET /sys/duplicate/check` (contract.md §10.5): is a value already used? Only allow-listed tables and
 * columns can be named (JeecgBoot filtered keywords; its history shows that was not enough), and the value
 * is a bound parameter.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, count, eq, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  sysCategory,
  sysCheckRule,
  sysDataSource,
  sysDepart,
  sysDepartRole,
  sysDict,
  sysFillRule,
  sysPermission,
  sysPosition,
  sysRole,
  sysUser,
} from "../../db/schema.js";
import { badRequest, fail, ok } from "../../lib/envelope.js";
import { signedIn } from "../../plugins/auth.js";

interface Checked {
  table: PgTable;
  id: PgColumn;
  /** SQL column name → column. */
  columns: Record<string, PgColumn>;
  where?: SQL;
}

/**
 * The tables and columns forms may check (the unique columns of the system tables). Audited against every
 * duplicate check of the JeecgBoot 3.x Vue 2 system forms: UserModal (username, work_no, phone, email),
 * RoleModal and SysDepartRoleModal (role_code), DictModal (dict_code), SysPositionModal (code),
 * SysDataSourceModal (code), SysFillRuleModal and SysCheckRuleModal (rule_code), PermissionModal (perms).
 * Quartz jobs, tenants and message templates have no table here, so they stay refused.
 */
const CHECKABLE: Record<string, Checked> = {
  sys_user: {
    table: sysUser,
    id: sysUser.id,
    columns: { username: sysUser.username, work_no: sysUser.workNo, phone: sysUser.phone, email: sysUser.email },
  },
  sys_role: { table: sysRole, id: sysRole.id, columns: { role_code: sysRole.roleCode } },
  // Table-wide, as JeecgBoot counts it (the request names no department), although `add` only needs the
  // code to be unique within its department.
  sys_depart_role: { table: sysDepartRole, id: sysDepartRole.id, columns: { role_code: sysDepartRole.roleCode } },
  sys_depart: { table: sysDepart, id: sysDepart.id, columns: { org_code: sysDepart.orgCode, depart_name: sysDepart.departName } },
  sys_dict: { table: sysDict, id: sysDict.id, columns: { dict_code: sysDict.dictCode } },
  sys_permission: { table: sysPermission, id: sysPermission.id, columns: { perms: sysPermission.perms }, where: sql`${sysPermission.delFlag} = 0` },
  sys_position: { table: sysPosition, id: sysPosition.id, columns: { code: sysPosition.code } },
  sys_category: { table: sysCategory, id: sysCategory.id, columns: { code: sysCategory.code } },
  sys_check_rule: { table: sysCheckRule, id: sysCheckRule.id, columns: { rule_code: sysCheckRule.ruleCode } },
  sys_fill_rule: { table: sysFillRule, id: sysFillRule.id, columns: { rule_code: sysFillRule.ruleCode } },
  sys_data_source: { table: sysDataSource, id: sysDataSource.id, columns: { code: sysDataSource.code } },
};

const camelToSnake = (s: string) => s.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase());

const DuplicateQuery = Type.Object({
  tableName: Type.String({ title: "表名", minLength: 1, maxLength: 64 }),
  fieldName: Type.String({ title: "字段名", minLength: 1, maxLength: 64 }),
  fieldVal: Type.Optional(Type.String({ title: "字段值", maxLength: 500 })),
  dataId: Type.Optional(Type.String({ title: "数据编号", maxLength: 36 })),
});

export default async function duplicateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;

  app.get("/sys/duplicate/check", { config: signedIn, schema: { querystring: DuplicateQuery } }, async (req) => {
    const { tableName, fieldName, fieldVal, dataId } = req.query;
    const checked = CHECKABLE[tableName];
    const column = checked?.columns[camelToSnake(fieldName)];
    if (!checked || !column) throw badRequest("该表或字段不允许校验");
    // JeecgBoot's quirk: an empty value is "success" with code 500.
    if (fieldVal === undefined || fieldVal === "") return { ...ok(null, "数据为空,不作处理！"), code: 500 };
    const [{ n }] = await db
      .select({ n: count() })
      .from(checked.table)
      .where(and(eq(column, fieldVal), dataId ? ne(checked.id, dataId) : undefined, checked.where));
    return Number(n) === 0 ? ok(null, "该值可用！") : fail("该值不可用，系统中已存在！");
  });
}
