/**
 * Department roles and their grants: `/sys/sysDepartRole` and `/sys/sysDepartPermission` (contract.md §10.3).
 * A department role may only be granted what its department may grant (`sys_depart_permission`).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  sysDepart,
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
  sysPermissionDataRule,
  sysUserDepart,
} from "../../db/schema.js";
import type { Db } from "../../db/client.js";
import { formatDateTime } from "../../lib/dates.js";
import { badRequest, ok, refused } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { grantDiff } from "./permission.js";
import { treeModel } from "./permission.repo.js";
import { Delegation } from "./privilege.js";
import { assertRulesOf, toRuleJson } from "./role.js";
import { Id, IdQuery, IdsQuery, ListQuery, Text, UNSCOPED, created, parseIds, parseOptionalIds, updated } from "./shared.js";
import { roleLimits } from "../../../contract/limits.js";
import { textField, titled } from "../../lib/field-schema.js";
import { scopeRows, unscoped } from "../../plugins/row-scope.js";

type RoleRow = typeof sysDepartRole.$inferSelect;

const toJson = (r: RoleRow) => ({
  id: r.id,
  departId: r.departId,
  roleName: r.roleName,
  roleCode: r.roleCode,
  description: r.description,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

/** The role's department name (`departId_dictText`, the `sys_depart,depart_name,id` dictionary), in the page query. */
const departNameOfRole = sql<string | null>`(select d.depart_name from sys_depart d where d.id = "sys_depart_role"."depart_id")`.as("depart_name");

const listSpec: ListSpec = {
  fields: {
    roleName: { column: sysDepartRole.roleName, type: "string", sort: true },
    roleCode: { column: sysDepartRole.roleCode, type: "string", sort: true },
    createTime: { column: sysDepartRole.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysDepartRole.id,
};

const RoleBody = Type.Object({
  departId: titled(Id, "部门编号"),
  roleName: textField(roleLimits.roleName),
  roleCode: textField(roleLimits.roleCode),
  description: textField(roleLimits.description),
});
const EditBody = Type.Object({ id: Id, roleName: RoleBody.properties.roleName, roleCode: RoleBody.properties.roleCode, description: RoleBody.properties.description });

async function deleteDepartRoles(db: Db, ids: string[]) {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(sysDepartRole).where(inArray(sysDepartRole.id, ids)).returning({ id: sysDepartRole.id });
    if (!gone.length) throw refused("未找到对应实体");
    await tx.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.droleId, ids));
    await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.roleId, ids));
  });
}

export default async function departRoleRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: UNSCOPED.departRoles, ids: UNSCOPED.departRoles, roleId: UNSCOPED.departRoles, newRoleId: UNSCOPED.departRoles, oldRoleId: UNSCOPED.departRoles, departId: UNSCOPED.departs, permissionId: UNSCOPED.permissions, userId: unscoped("部门成员的变更由委派管理（Delegation.assertMayManage）核对") });
  const { db, config } = app.ctx;
  const AUTH = can("system:depart:authorize");

  // The Vue 2 page loads this list before a department is picked, with `deptId=` (empty): that is an empty page,
  // never every department's roles.
  const RoleListQuery = Type.Object({ ...ListQuery.properties, deptId: Type.Optional(Type.Union([Type.Literal(""), Id], { title: "部门编号" })) }, { additionalProperties: true });
  app.get("/sys/sysDepartRole/list", { config: AUTH, schema: { querystring: RoleListQuery } }, async (req) => {
    const params = parseListQuery(listSpec, req.query, config.maxPageSize);
    const { deptId } = req.query;
    if (!deptId) return ok(toPage([], 0, params));
    const { rows, total } = await fetchPage<typeof sysDepartRole, { departName: string | null }>(db, sysDepartRole, params, {
      where: [eq(sysDepartRole.departId, deptId)],
      extra: { departName: departNameOfRole },
    });
    return ok(toPage(rows.map((r) => ({ ...toJson(r), departId_dictText: r.departName })), total, params));
  });

  app.get("/sys/sysDepartRole/queryById", { config: AUTH, schema: { querystring: IdQuery } }, async (req) => {
    const [row] = await db.select().from(sysDepartRole).where(eq(sysDepartRole.id, req.query.id));
    if (!row) throw refused("未找到对应实体");
    return ok(toJson(row));
  });

  app.post("/sys/sysDepartRole/add", { config: AUTH, schema: { body: RoleBody } }, async (req) => {
    const { departId, roleName, roleCode, description } = req.body;
    await db.transaction(async (tx) => {
      const [depart] = await tx.select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.id, departId));
      if (!depart) throw badRequest("部门不存在");
      const [clash] = await tx.select({ id: sysDepartRole.id }).from(sysDepartRole).where(and(eq(sysDepartRole.departId, departId), eq(sysDepartRole.roleCode, roleCode)));
      if (clash) throw refused("部门角色编码已存在");
      await tx.insert(sysDepartRole).values({ id: nextId(), departId, roleName, roleCode, description: description || null, ...created(req) });
    });
    return ok(null, "添加成功！");
  });

  const edit = async (req: FastifyRequest<{ Body: Static<typeof EditBody> }>) => {
    const { id, roleName, roleCode, description } = req.body;
    const done = await db
      .update(sysDepartRole)
      .set({ roleName, roleCode, description: description || null, ...updated(req) })
      .where(eq(sysDepartRole.id, id))
      .returning({ id: sysDepartRole.id });
    if (!done.length) throw refused("未找到对应实体");
    return ok(null, "编辑成功!");
  };
  app.put("/sys/sysDepartRole/edit", { config: AUTH, schema: { body: EditBody } }, edit);
  app.post("/sys/sysDepartRole/edit", { config: AUTH, schema: { body: EditBody } }, edit);

  app.delete("/sys/sysDepartRole/delete", { config: AUTH, schema: { querystring: IdQuery } }, async (req) => {
    await deleteDepartRoles(db, [req.query.id]);
    return ok(null, "删除成功!");
  });
  app.delete("/sys/sysDepartRole/deleteBatch", { config: AUTH, schema: { querystring: IdsQuery } }, async (req) => {
    await deleteDepartRoles(db, parseIds(req.query.ids));
    return ok(null, "批量删除成功!");
  });

  app.get("/sys/sysDepartRole/getDeptRoleList", { config: AUTH, schema: { querystring: Type.Object({ departId: titled(Id, "部门编号"), userId: Type.Optional(titled(Id, "用户编号")) }) } }, async (req) => {
    const rows = await db.select().from(sysDepartRole).where(eq(sysDepartRole.departId, req.query.departId)).orderBy(asc(sysDepartRole.createTime));
    return ok(rows.map(toJson));
  });

  app.get("/sys/sysDepartRole/getDeptRoleByUserId", { config: AUTH, schema: { querystring: Type.Object({ userId: titled(Id, "用户编号"), departId: titled(Id, "部门编号") }) } }, async (req) => {
    const rows = await db
      .select({ id: sysDepartRoleUser.id, userId: sysDepartRoleUser.userId, droleId: sysDepartRoleUser.droleId })
      .from(sysDepartRoleUser)
      .innerJoin(sysDepartRole, eq(sysDepartRole.id, sysDepartRoleUser.droleId))
      .where(and(eq(sysDepartRoleUser.userId, req.query.userId), eq(sysDepartRole.departId, req.query.departId)));
    return ok(rows);
  });

  /** Gives a member of the department its department roles: `newRoleId` replaces `oldRoleId` (comma ids). */
  app.post(
    "/sys/sysDepartRole/deptRoleUserAdd",
    { config: AUTH, schema: { body: Type.Object({ userId: titled(Id, "用户编号"), newRoleId: Text(4000, "新的部门角色"), oldRoleId: Text(4000, "原有部门角色") }) } },
    async (req) => {
      const { userId } = req.body;
      const next = parseOptionalIds(req.body.newRoleId);
      const old = parseOptionalIds(req.body.oldRoleId);
      await db.transaction(async (tx) => {
        if (next.length) {
          const roles = await tx.select().from(sysDepartRole).where(inArray(sysDepartRole.id, next));
          if (roles.length !== next.length) throw badRequest("所选部门角色不存在");
          const member = await tx
            .select({ dep: sysUserDepart.depId })
            .from(sysUserDepart)
            .where(and(eq(sysUserDepart.userId, userId), inArray(sysUserDepart.depId, roles.map((r) => r.departId))));
          if (new Set(member.map((m) => m.dep)).size !== new Set(roles.map((r) => r.departId)).size) throw refused("用户不属于该部门，不能授予部门角色");
        }
        // Delegated administration (docs/security.md): only users within the actor's privileges, and only
        // department roles the actor holds.
        const may = await Delegation.of(tx, req.currentUser().userId);
        await may.assertMayManage([userId]);
        const held = new Set((await tx.select({ id: sysDepartRoleUser.droleId }).from(sysDepartRoleUser).where(eq(sysDepartRoleUser.userId, userId))).map((r) => r.id));
        await may.assertMayGrantDepartRoles(next.filter((id) => !held.has(id)));
        const removed = old.filter((id) => !next.includes(id));
        if (removed.length) await tx.delete(sysDepartRoleUser).where(and(eq(sysDepartRoleUser.userId, userId), inArray(sysDepartRoleUser.droleId, removed)));
        if (next.length) await tx.insert(sysDepartRoleUser).values(next.map((droleId) => ({ id: nextId(), userId, droleId }))).onConflictDoNothing();
      });
      return ok(null, "添加成功!");
    },
  );

  // ---- /sys/sysDepartPermission ---------------------------------------------------------------------
  app.get("/sys/sysDepartPermission/queryTreeListForDeptRole", { config: AUTH, schema: { querystring: Type.Object({ departId: titled(Id, "部门编号") }) } }, async (req) => {
    const rows = await db
      .select({ p: sysPermission })
      .from(sysPermission)
      .innerJoin(sysDepartPermission, eq(sysDepartPermission.permissionId, sysPermission.id))
      .where(and(eq(sysDepartPermission.departId, req.query.departId), eq(sysPermission.delFlag, 0)))
      .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
    return ok(treeModel(rows.map((r) => r.p)));
  });

  app.get("/sys/sysDepartPermission/queryDeptRolePermission", { config: AUTH, schema: { querystring: Type.Object({ roleId: titled(Id, "部门角色编号") }) } }, async (req) => {
    const rows = await db.select({ id: sysDepartRolePermission.permissionId }).from(sysDepartRolePermission).where(eq(sysDepartRolePermission.roleId, req.query.roleId));
    return ok(rows.map((r) => r.id));
  });

  app.post(
    "/sys/sysDepartPermission/saveDeptRolePermission",
    { config: AUTH, schema: { body: Type.Object({ roleId: titled(Id, "部门角色编号"), permissionIds: Text(100_000, "授权菜单"), lastpermissionIds: Text(100_000, "原有授权菜单") }) } },
    async (req) => {
      const { roleId } = req.body;
      const { add, remove } = grantDiff(req.body.permissionIds, req.body.lastpermissionIds);
      await (await Delegation.of(db, req.currentUser().userId)).assertMayGrantPermissions(add);
      await db.transaction(async (tx) => {
        const [role] = await tx.select().from(sysDepartRole).where(eq(sysDepartRole.id, roleId));
        if (!role) throw refused("授权失败！部门角色不存在");
        if (add.length) {
          const allowed = await tx
            .select({ id: sysDepartPermission.permissionId })
            .from(sysDepartPermission)
            .where(and(eq(sysDepartPermission.departId, role.departId), inArray(sysDepartPermission.permissionId, add)));
          if (allowed.length !== add.length) throw badRequest("所选权限超出了部门可授予的范围");
          const now = new Date();
          await tx
            .insert(sysDepartRolePermission)
            .values(add.map((permissionId) => ({ id: nextId(), departId: role.departId, roleId, permissionId, operateDate: now, operateIp: req.ip })))
            .onConflictDoNothing();
        }
        if (remove.length) await tx.delete(sysDepartRolePermission).where(and(eq(sysDepartRolePermission.roleId, roleId), inArray(sysDepartRolePermission.permissionId, remove)));
      });
      return ok(null, "保存成功！");
    },
  );

  // Data rules a department may grant, and those of a department role.
  const rulesOf = (permissionId: string) =>
    db
      .select()
      .from(sysPermissionDataRule)
      .where(and(eq(sysPermissionDataRule.permissionId, permissionId), eq(sysPermissionDataRule.status, "1")))
      .orderBy(desc(sysPermissionDataRule.createTime));

  app.get(
    "/sys/sysDepartPermission/datarule/:permissionId/:departId",
    { config: AUTH, schema: { params: Type.Object({ permissionId: titled(Id, "菜单编号"), departId: titled(Id, "部门编号") }) } },
    async (req) => {
      const rules = await rulesOf(req.params.permissionId);
      if (!rules.length) throw refused("未找到权限配置信息");
      const [grant] = await db
        .select({ ids: sysDepartPermission.dataRuleIds })
        .from(sysDepartPermission)
        .where(and(eq(sysDepartPermission.departId, req.params.departId), eq(sysDepartPermission.permissionId, req.params.permissionId)));
      return ok({ datarule: rules.map(toRuleJson), drChecked: grant?.ids ?? "" });
    },
  );

  app.post(
    "/sys/sysDepartPermission/datarule",
    { config: AUTH, schema: { body: Type.Object({ permissionId: titled(Id, "菜单编号"), departId: titled(Id, "部门编号"), dataRuleIds: Text(1000, "数据规则") }) } },
    async (req) => {
      const { permissionId, departId } = req.body;
      const ids = parseOptionalIds(req.body.dataRuleIds);
      await db.transaction(async (tx) => {
        await assertRulesOf(tx, permissionId, ids);
        const done = await tx
          .update(sysDepartPermission)
          .set({ dataRuleIds: ids.join(",") || null })
          .where(and(eq(sysDepartPermission.departId, departId), eq(sysDepartPermission.permissionId, permissionId)))
          .returning({ id: sysDepartPermission.id });
        if (!done.length) throw refused("请先保存部门菜单权限!");
      });
      return ok(null, "保存成功!");
    },
  );

  app.get(
    "/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId",
    { config: AUTH, schema: { params: Type.Object({ permissionId: titled(Id, "菜单编号"), departId: titled(Id, "部门编号"), roleId: titled(Id, "部门角色编号") }) } },
    async (req) => {
      const { permissionId, departId, roleId } = req.params;
      const [departGrant] = await db
        .select({ ids: sysDepartPermission.dataRuleIds })
        .from(sysDepartPermission)
        .where(and(eq(sysDepartPermission.departId, departId), eq(sysDepartPermission.permissionId, permissionId)));
      const allowed = parseOptionalIds(departGrant?.ids);
      const rules = (await rulesOf(permissionId)).filter((r) => allowed.includes(r.id));
      if (!rules.length) throw refused("未找到权限配置信息");
      const [grant] = await db
        .select({ ids: sysDepartRolePermission.dataRuleIds })
        .from(sysDepartRolePermission)
        .where(and(eq(sysDepartRolePermission.roleId, roleId), eq(sysDepartRolePermission.permissionId, permissionId)));
      return ok({ datarule: rules.map(toRuleJson), drChecked: grant?.ids ?? "" });
    },
  );

  app.post(
    "/sys/sysDepartRole/datarule",
    { config: AUTH, schema: { body: Type.Object({ permissionId: titled(Id, "菜单编号"), departId: titled(Id, "部门编号"), roleId: titled(Id, "部门角色编号"), dataRuleIds: Text(1000, "数据规则") }) } },
    async (req) => {
      const { permissionId, departId, roleId } = req.body;
      const ids = parseOptionalIds(req.body.dataRuleIds);
      await db.transaction(async (tx) => {
        const [departGrant] = await tx
          .select({ ids: sysDepartPermission.dataRuleIds })
          .from(sysDepartPermission)
          .where(and(eq(sysDepartPermission.departId, departId), eq(sysDepartPermission.permissionId, permissionId)));
        const allowed = new Set(parseOptionalIds(departGrant?.ids));
        if (ids.some((id) => !allowed.has(id))) throw badRequest("所选数据规则超出了部门可授予的范围");
        const done = await tx
          .update(sysDepartRolePermission)
          .set({ dataRuleIds: ids.join(",") || null })
          .where(and(eq(sysDepartRolePermission.roleId, roleId), eq(sysDepartRolePermission.permissionId, permissionId)))
          .returning({ id: sysDepartRolePermission.id });
        if (!done.length) throw refused("请先保存部门角色菜单权限!");
      });
      return ok(null, "保存成功!");
    },
  );
}
