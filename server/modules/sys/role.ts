/** `/sys/role` — roles and their data rules (contract.md §7.4, §10.2). */
import type { FastifyInstance } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import { sysPermissionDataRule, sysRole, sysRolePermission, sysUserRole } from "../../db/schema.js";
import type { Db } from "../../db/client.js";
import { fail, ok, refused } from "../../lib/envelope.js";
import { formatDateTime } from "../../lib/dates.js";
import { nextId } from "../../lib/ids.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { scopeRows } from "../../plugins/row-scope.js";
import { can } from "../../plugins/auth.js";
import { permissionTree } from "./permission.repo.js";
import { ADMIN_ROLE_CODE } from "./privilege.js";
import { Id, IdQuery, IdsQuery, ListQuery, Text, UNSCOPED, created, parseIds, parseOptionalIds, scope, updated } from "./shared.js";
import { roleLimits } from "../../../contract/limits.js";
import { textField, titled } from "../../lib/field-schema.js";

type RoleRow = typeof sysRole.$inferSelect;

export const roleListSpec: ListSpec = {
  fields: {
    id: { column: sysRole.id, type: "string" },
    roleName: { column: sysRole.roleName, type: "string", sort: true },
    roleCode: { column: sysRole.roleCode, type: "string", sort: true },
    description: { column: sysRole.description, type: "string" },
    createBy: { column: sysRole.createBy, type: "string" },
    createTime: { column: sysRole.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysRole.id,
  component: "system/RoleUserList",
};

/** Roles by id: those 角色管理 shows the caller. */
export const roleRows = rowScope({ label: "角色", table: sysRole, id: sysRole.id, views: [viewOf(roleListSpec)] });


export const toRoleJson = (r: RoleRow) => ({
  id: r.id,
  roleName: r.roleName,
  roleCode: r.roleCode,
  description: r.description,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

const RoleBody = Type.Object({
  roleName: textField(roleLimits.roleName),
  roleCode: textField(roleLimits.roleCode),
  description: textField(roleLimits.description),
});
const EditBody = Type.Object({ id: Id, ...RoleBody.properties });

async function assertCodeFree(db: Db, roleCode: string, exceptId?: string) {
  const [hit] = await db
    .select({ id: sysRole.id })
    .from(sysRole)
    .where(and(eq(sysRole.roleCode, roleCode), exceptId ? ne(sysRole.id, exceptId) : undefined));
  if (hit) throw refused("角色编码已存在");
}

/** Deletes roles with their user links and grants; the admin role is kept. */
export async function deleteRoles(db: Db, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(sysRole).where(inArray(sysRole.id, ids));
    if (!rows.length) throw refused("未找到对应实体");
    if (rows.some((r) => r.roleCode === ADMIN_ROLE_CODE)) throw refused("管理员角色（admin）不能删除");
    await tx.delete(sysUserRole).where(inArray(sysUserRole.roleId, ids));
    await tx.delete(sysRolePermission).where(inArray(sysRolePermission.roleId, ids));
    await tx.delete(sysRole).where(inArray(sysRole.id, ids));
  });
}

export default async function roleRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: roleRows, ids: roleRows, roleId: roleRows, permissionId: UNSCOPED.permissions });
  const { db, config, cache } = app.ctx;

  app.get("/sys/role/list", { config: can("system:role:list"), schema: { querystring: ListQuery } }, async (req) => {
    const params = parseListQuery(roleListSpec, req.query, config.maxPageSize);
    const { rows, total } = await fetchPage(db, sysRole, params, {
      counts: { cache, tables: ["sys_role"], versions: req.currentUser().versions },
      scope: scope(req, cache),
    });
    return ok(toPage(rows.map(toRoleJson), total, params));
  });

  app.get("/sys/role/queryById", { config: can("system:role:list"), schema: { querystring: IdQuery } }, async (req) => {
    const [row] = await db.select().from(sysRole).where(eq(sysRole.id, req.query.id));
    if (!row) throw refused("未找到对应实体");
    return ok(toRoleJson(row));
  });

  /** Every role, for pickers (the user form). */
  app.get("/sys/role/queryall", { config: can("system:user:list") }, async () => {
    const rows = await db.select().from(sysRole).orderBy(asc(sysRole.createTime), asc(sysRole.id));
    if (!rows.length) throw refused("未找到角色信息");
    return ok(rows.map(toRoleJson));
  });

  app.get(
    "/sys/role/checkRoleCode",
    { config: can("system:role:list"), schema: { querystring: Type.Object({ roleCode: Type.String({ title: "角色编码", minLength: 1, maxLength: 100 }), id: Type.Optional(Type.String({ title: "编号", maxLength: 36 })) }) } },
    async (req) => {
      const [hit] = await db
        .select({ id: sysRole.id })
        .from(sysRole)
        .where(and(eq(sysRole.roleCode, req.query.roleCode), req.query.id ? ne(sysRole.id, req.query.id) : undefined));
      return hit ? { ...fail("角色编码已存在"), result: true } : ok(true);
    },
  );

  app.post("/sys/role/add", { config: can("system:role:add"), schema: { body: RoleBody } }, async (req) => {
    const { roleName, roleCode, description } = req.body;
    await db.transaction(async (tx) => {
      await assertCodeFree(tx, roleCode);
      await tx.insert(sysRole).values({ id: nextId(), roleName, roleCode, description: description || null, ...created(req) });
    });
    return ok(null, "添加成功！");
  });

  const edit = async (req: { body: Static<typeof EditBody> } & Parameters<typeof updated>[0]) => {
    const { id, roleName, roleCode, description } = req.body;
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(sysRole).where(eq(sysRole.id, id));
      if (!row) throw refused("未找到对应实体");
      if (row.roleCode === ADMIN_ROLE_CODE && roleCode !== ADMIN_ROLE_CODE) throw refused("管理员角色（admin）的编码不能修改");
      await assertCodeFree(tx, roleCode, id);
      await tx.update(sysRole).set({ roleName, roleCode, description: description || null, ...updated(req) }).where(eq(sysRole.id, id));
    });
    return ok(null, "修改成功!");
  };
  app.put("/sys/role/edit", { config: can("system:role:edit"), schema: { body: EditBody } }, edit);
  app.post("/sys/role/edit", { config: can("system:role:edit"), schema: { body: EditBody } }, edit);

  app.delete("/sys/role/delete", { config: can("system:role:delete"), schema: { querystring: IdQuery } }, async (req) => {
    await deleteRoles(db, [req.query.id]);
    return ok(null, "删除角色成功");
  });

  app.delete("/sys/role/deleteBatch", { config: can("system:role:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    await deleteRoles(db, parseIds(req.query.ids, "未选中角色！"));
    return ok(null, "删除角色成功!");
  });

  /** The whole permission tree for the role authorisation drawer. */
  app.get("/sys/role/queryTreeList", { config: can("system:role:authorize") }, async () => ok(await permissionTree(db)));

  const DataRuleParams = Type.Object({ permissionId: titled(Id, "菜单编号"), roleId: titled(Id, "角色编号") });
  app.get("/sys/role/datarule/:permissionId/:roleId", { config: can("system:role:authorize"), schema: { params: DataRuleParams } }, async (req) => {
    const { permissionId, roleId } = req.params;
    const rules = await db
      .select()
      .from(sysPermissionDataRule)
      .where(and(eq(sysPermissionDataRule.permissionId, permissionId), eq(sysPermissionDataRule.status, "1")))
      .orderBy(desc(sysPermissionDataRule.createTime));
    if (!rules.length) throw refused("未找到权限配置信息");
    const [grant] = await db
      .select({ ids: sysRolePermission.dataRuleIds })
      .from(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, roleId), eq(sysRolePermission.permissionId, permissionId)));
    return ok({ datarule: rules.map(toRuleJson), drChecked: grant?.ids ?? "" });
  });

  const DataRuleBody = Type.Object({ ...DataRuleParams.properties, dataRuleIds: Text(1000, "数据规则") });
  app.post("/sys/role/datarule", { config: can("system:role:authorize"), schema: { body: DataRuleBody } }, async (req) => {
    const { permissionId, roleId } = req.body;
    const ruleIds = parseOptionalIds(req.body.dataRuleIds);
    await db.transaction(async (tx) => {
      await assertRulesOf(tx, permissionId, ruleIds);
      const done = await tx
        .update(sysRolePermission)
        .set({ dataRuleIds: ruleIds.join(",") || null, operateDate: new Date(), operateIp: req.ip })
        .where(and(eq(sysRolePermission.roleId, roleId), eq(sysRolePermission.permissionId, permissionId)))
        .returning({ id: sysRolePermission.id });
      if (!done.length) throw refused("请先保存角色菜单权限!");
    });
    return ok(null, "保存成功!");
  });
}

export const toRuleJson = (r: typeof sysPermissionDataRule.$inferSelect) => ({
  id: r.id,
  permissionId: r.permissionId,
  ruleName: r.ruleName,
  ruleColumn: r.ruleColumn,
  ruleConditions: r.ruleConditions,
  ruleValue: r.ruleValue,
  status: r.status,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

/** Every id must be a data rule of that menu. */
export async function assertRulesOf(db: Db, permissionId: string, ruleIds: string[]): Promise<void> {
  if (!ruleIds.length) return;
  const found = await db
    .select({ id: sysPermissionDataRule.id })
    .from(sysPermissionDataRule)
    .where(and(eq(sysPermissionDataRule.permissionId, permissionId), inArray(sysPermissionDataRule.id, ruleIds)));
  if (found.length !== ruleIds.length) throw refused("所选数据规则不属于该菜单");
}
