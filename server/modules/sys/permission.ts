/** `/sys/permission` — the signed-in user's menus, and menu, button and data-rule management (contract.md §7). */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import {
  sysDepart,
  sysDepartPermission,
  sysDepartRolePermission,
  sysPermission,
  sysPermissionDataRule,
  sysRole,
  sysRolePermission,
} from "../../db/schema.js";
import { rowsOf, type Db } from "../../db/client.js";
import { RULE_CONDITIONS } from "../../lib/data-rules.js";
import { badRequest, ok, refused } from "../../lib/envelope.js";
import { nextId, uuid32 } from "../../lib/ids.js";
import { can, signedIn } from "../../plugins/auth.js";
import { isMenuPath, livePermissions, menuPaths, permissionListTree, permissionTree, toPermissionJson, userPermissions } from "./permission.repo.js";
import { roleRows, toRuleJson } from "./role.js";
import { PERMISSION_TABLES } from "./session.repo.js";
import { Id, IdQuery, IdsQuery, Text, UNSCOPED, created, parseIds, parseOptionalIds, updated } from "./shared.js";
import { Delegation } from "./privilege.js";
import { dataRuleLimits, permissionLimits } from "../../../contract/limits.js";
import { nullable, textField, titled } from "../../lib/field-schema.js";
import { answering, scopeRows } from "../../plugins/row-scope.js";

type PermissionRow = typeof sysPermission.$inferSelect;

// Boolean first: with Fastify's type coercion a null branch first would turn `false` into null.
const Bool = (title: string) => Type.Optional(Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 }), Type.Null()], { title }));

const PermissionBody = Type.Object({
  parentId: Text(32, "上级菜单"),
  name: textField(permissionLimits.name),
  menuType: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], { title: "菜单类型" }),
  perms: textField(permissionLimits.perms),
  permsType: Type.Optional(Type.Union([Type.Null(), Type.Literal("0"), Type.Literal("1"), Type.Literal("2")], { title: "授权策略" })),
  icon: textField(permissionLimits.icon),
  component: textField(permissionLimits.component),
  componentName: textField(permissionLimits.componentName),
  url: textField(permissionLimits.url),
  redirect: textField(permissionLimits.redirect),
  sortNo: Type.Optional(nullable(Type.Number({ title: "排序", minimum: -1e6, maximum: 1e6 }))),
  route: Bool("是否路由菜单"),
  keepAlive: Bool("是否缓存路由"),
  hidden: Bool("隐藏路由"),
  hideTab: Bool("隐藏Tab"),
  alwaysShow: Bool("聚合路由"),
  internalOrExternal: Bool("打开方式"),
  description: textField(permissionLimits.description),
  status: Type.Optional(Type.Union([Type.Null(), Type.Literal("0"), Type.Literal("1")], { title: "状态" })),
});
const EditBody = Type.Object({ id: Id, ...PermissionBody.properties });
type Body = Static<typeof PermissionBody>;

const GrantBody = (key: "roleId" | "departId") =>
  Type.Object({
    [key]: titled(Id, key === "roleId" ? "角色编号" : "部门编号"),
    permissionIds: Text(100_000, "授权菜单"),
    lastpermissionIds: Text(100_000, "原有授权菜单"),
  });

const RuleBody = Type.Object({
  permissionId: titled(Id, "菜单编号"),
  ruleName: textField(dataRuleLimits.ruleName),
  ruleColumn: textField(dataRuleLimits.ruleColumn),
  ruleConditions: textField(dataRuleLimits.ruleConditions),
  ruleValue: textField(dataRuleLimits.ruleValue),
  status: Type.Optional(Type.Union([Type.Literal("0"), Type.Literal("1")], { title: "状态" })),
});
const RuleEditBody = Type.Object({ id: Id, ...RuleBody.properties });

/** JeecgBoot's `intelligentProcessData`: tidy component and url, and defaults of top-level menus. */
function normalise(body: Body) {
  const flag = (v: boolean | number | null | undefined, fallback: boolean) => (v === undefined || v === null ? fallback : Boolean(v));
  let component = body.component?.trim() || null;
  if (component) component = component.replace(/^\/+/, "").replace(/^src\/views\//, "").replace(/^views\//, "").replace(/\.vue$/, "");
  let url = body.url?.trim() || null;
  if (url) {
    url = url.replace(/\.vue$/, "");
    if (!/^(https?:|\{\{)/.test(url) && !url.startsWith("/")) url = "/" + url;
  }
  if (body.menuType === 0 && !component) component = "layouts/RouteView";
  if (body.menuType !== 2 && !url) throw badRequest("请输入菜单路径");
  if (body.menuType === 1 && !component) throw badRequest("请输入前端组件");
  if (body.menuType !== 0 && !body.parentId) throw badRequest("请选择上级菜单");
  if (body.menuType === 2 && !body.perms?.trim()) throw badRequest("请输入授权标识");
  return {
    parentId: body.menuType === 0 ? null : body.parentId!,
    name: body.name.trim(),
    menuType: body.menuType,
    perms: body.perms?.trim() || null,
    permsType: body.menuType === 2 ? (body.permsType && body.permsType !== "0" ? body.permsType : "1") : "0",
    icon: body.icon?.trim() || null,
    component,
    componentName: body.componentName?.trim() || null,
    url,
    redirect: body.redirect?.trim() || null,
    sortNo: body.sortNo ?? 0,
    isRoute: flag(body.route, true),
    keepAlive: flag(body.keepAlive, false),
    hidden: flag(body.hidden, false),
    hideTab: flag(body.hideTab, false),
    alwaysShow: flag(body.alwaysShow, false),
    internalOrExternal: flag(body.internalOrExternal, false),
    description: body.description?.trim() || null,
    status: body.menuType === 2 ? (body.status ?? "1") : null,
  };
}

async function assertParent(db: Db, parentId: string | null): Promise<void> {
  if (!parentId) return;
  const [parent] = await db.select().from(sysPermission).where(and(eq(sysPermission.id, parentId), eq(sysPermission.delFlag, 0)));
  if (!parent) throw badRequest("上级菜单不存在");
  if (parent.menuType === 2) throw badRequest("按钮不能作为上级菜单");
}

/** Ids of a row and everything below it (one recursive query). */
async function subtreeIds(db: Db, ids: string[]): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
    with recursive t(id) as (
      select id from sys_permission where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
      union select p.id from sys_permission p join t on p.parent_id = t.id)
    select id from t`));
  return rows.map((r) => r.id);
}

/** Sets `is_leaf` of the given parents from whether they still have live children. */
async function refreshLeaf(db: Db, parentIds: Array<string | null | undefined>): Promise<void> {
  const ids = [...new Set(parentIds.filter((p): p is string => Boolean(p)))];
  if (!ids.length) return;
  await db
    .update(sysPermission)
    .set({
      isLeaf: sql`not exists (select 1 from sys_permission c where c.parent_id = ${sysPermission.id} and c.del_flag = 0)`,
    })
    .where(inArray(sysPermission.id, ids));
}

/** The diff JeecgBoot's authorisation drawers send: what to add and what to remove. */
export function grantDiff(permissionIds?: string | null, lastpermissionIds?: string | null) {
  const next = new Set(parseOptionalIds(permissionIds));
  const last = new Set(parseOptionalIds(lastpermissionIds));
  return { add: [...next].filter((id) => !last.has(id)), remove: [...last].filter((id) => !next.has(id)) };
}

export async function assertPermissionsExist(db: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const [{ n }] = await db
    .select({ n: count() })
    .from(sysPermission)
    .where(and(inArray(sysPermission.id, ids), eq(sysPermission.delFlag, 0)));
  if (Number(n) !== ids.length) throw badRequest("所选权限不存在");
}

export default async function permissionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: UNSCOPED.permissions, ids: UNSCOPED.permissions, permissionId: UNSCOPED.permissions, roleId: roleRows, departId: UNSCOPED.departs });
  const { db, cache } = app.ctx;

  app.get("/sys/permission/getUserPermissionByToken", { config: signedIn }, async (req) => {
    const { userId, versions } = req.currentUser();
    return ok(await cache.get(`user-permissions:${userId}`, PERMISSION_TABLES, () => userPermissions(db, userId), versions));
  });

  /**
   * Whether a console path belongs to any menu item, granted to the caller or not: a path the console cannot
   * route is then 403 无权访问 rather than 404 (src/layout/signed-in-app.tsx). Answers only yes or no.
   */
  app.get(
    "/sys/permission/checkMenuPath",
    { config: signedIn, schema: { querystring: Type.Object({ path: Type.String({ title: "页面路径", minLength: 1, maxLength: 2000, pattern: "^/" }) }) } },
    async (req) => ok({ known: isMenuPath(await cache.get("menu-paths", ["sys_permission"], () => menuPaths(db), req.currentUser().versions), req.query.path) }),
  );

  // ---- menu tree --------------------------------------------------------------------------------
  app.get("/sys/permission/list", { config: can("system:permission:list") }, async () => ok(permissionListTree(await livePermissions(db))));

  app.get("/sys/permission/getSystemMenuList", { config: can("system:permission:list") }, async () => {
    const rows = await db
      .select()
      .from(sysPermission)
      .where(and(eq(sysPermission.delFlag, 0), eq(sysPermission.menuType, 0)))
      .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
    return ok(rows.map((r) => ({ ...toPermissionJson(r), key: r.id, title: r.name, isLeaf: r.isLeaf })));
  });

  const childrenOf = async (parentIds: string[]) =>
    db
      .select()
      .from(sysPermission)
      .where(and(eq(sysPermission.delFlag, 0), inArray(sysPermission.parentId, parentIds)))
      .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
  const node = (r: PermissionRow) => ({ ...toPermissionJson(r), key: r.id, title: r.name, isLeaf: r.isLeaf });

  app.get("/sys/permission/getSystemSubmenu", { config: can("system:permission:list"), schema: { querystring: Type.Object({ parentId: titled(Id, "上级菜单") }) } }, async (req) =>
    ok((await childrenOf([req.query.parentId])).map(node)),
  );

  app.get(
    "/sys/permission/getSystemSubmenuBatch",
    { config: can("system:permission:list"), schema: { querystring: Type.Object({ parentIds: Type.String({ title: "上级菜单", maxLength: 40_000 }) }) } },
    async (req) => {
      const ids = parseIds(req.query.parentIds);
      const out: Record<string, ReturnType<typeof node>[]> = Object.fromEntries(ids.map((id) => [id, []]));
      for (const r of await childrenOf(ids)) out[r.parentId!].push(node(r));
      return ok(out);
    },
  );

  app.post("/sys/permission/add", { config: can("system:permission:add"), schema: { body: PermissionBody } }, async (req) => {
    const values = normalise(req.body);
    await db.transaction(async (tx) => {
      await assertParent(tx, values.parentId);
      await tx.insert(sysPermission).values({ ...values, id: uuid32(), isLeaf: true, delFlag: 0, ruleFlag: 0, ...created(req) });
      if (values.parentId) await tx.update(sysPermission).set({ isLeaf: false }).where(eq(sysPermission.id, values.parentId));
    });
    return ok(null, "添加成功！");
  });

  const edit = async (req: FastifyRequest<{ Body: Static<typeof EditBody> }>) => {
    const { id } = req.body;
    const values = normalise(req.body);
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(sysPermission).where(and(eq(sysPermission.id, id), eq(sysPermission.delFlag, 0)));
      if (!row) throw refused("未找到对应实体");
      await assertParent(tx, values.parentId);
      if (values.parentId && (await subtreeIds(tx, [id])).includes(values.parentId)) throw badRequest("上级菜单不能是自己或自己的下级");
      await tx.update(sysPermission).set({ ...values, ...updated(req) }).where(eq(sysPermission.id, id));
      if (row.parentId !== values.parentId) await refreshLeaf(tx, [row.parentId, values.parentId]);
    });
    return ok(null, "修改成功!");
  };
  app.put("/sys/permission/edit", { config: can("system:permission:edit"), schema: { body: EditBody } }, edit);
  app.post("/sys/permission/edit", { config: can("system:permission:edit"), schema: { body: EditBody } }, edit);

  /** Deletes rows with their descendants, data rules and every grant of them. */
  const remove = async (ids: string[]) =>
    db.transaction(async (tx) => {
      const roots = await tx.select().from(sysPermission).where(inArray(sysPermission.id, ids));
      if (!roots.length) throw refused("未找到对应实体");
      const all = await subtreeIds(tx, ids);
      await tx.delete(sysPermissionDataRule).where(inArray(sysPermissionDataRule.permissionId, all));
      await tx.delete(sysRolePermission).where(inArray(sysRolePermission.permissionId, all));
      await tx.delete(sysDepartPermission).where(inArray(sysDepartPermission.permissionId, all));
      await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.permissionId, all));
      await tx.delete(sysPermission).where(inArray(sysPermission.id, all));
      await refreshLeaf(tx, roots.map((r) => r.parentId));
    });

  app.delete("/sys/permission/delete", { config: can("system:permission:delete"), schema: { querystring: IdQuery } }, async (req) => {
    await remove([req.query.id]);
    return ok(null, "删除成功!");
  });

  app.delete("/sys/permission/deleteBatch", { config: can("system:permission:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    await remove(parseIds(req.query.ids));
    return ok(null, "删除成功!");
  });

  // ---- role and department grants ------------------------------------------------------------------
  /** The whole tree for the department authorisation drawer (the role drawer uses /sys/role/queryTreeList). */
  app.get("/sys/permission/queryTreeList", { config: can("system:depart:authorize") }, async () => ok(await permissionTree(db)));

  app.get("/sys/permission/queryRolePermission", { config: can("system:role:authorize"), schema: { querystring: Type.Object({ roleId: titled(Id, "角色编号") }) } }, async (req) => {
    const rows = await db.select({ id: sysRolePermission.permissionId }).from(sysRolePermission).where(eq(sysRolePermission.roleId, req.query.roleId));
    return ok(rows.map((r) => r.id));
  });

  app.post("/sys/permission/saveRolePermission", { config: { ...can("system:role:authorize"), rows: { roleId: answering(roleRows, () => refused("授权失败！角色不存在")) } }, schema: { body: GrantBody("roleId") } }, async (req) => {
    const { roleId, permissionIds, lastpermissionIds } = req.body as { roleId: string; permissionIds?: string | null; lastpermissionIds?: string | null };
    const { add, remove: gone } = grantDiff(permissionIds, lastpermissionIds);
    const delegation = await Delegation.of(db, req.currentUser().userId);
    await delegation.assertMayChangeRoleGrants(roleId);
    await delegation.assertMayGrantPermissions(add);
    await db.transaction(async (tx) => {
      const [role] = await tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.id, roleId));
      if (!role) throw refused("授权失败！角色不存在");
      await assertPermissionsExist(tx, add);
      const now = new Date();
      if (add.length) {
        await tx
          .insert(sysRolePermission)
          .values(add.map((permissionId) => ({ id: nextId(), roleId, permissionId, operateDate: now, operateIp: req.ip })))
          .onConflictDoNothing();
      }
      if (gone.length) await tx.delete(sysRolePermission).where(and(eq(sysRolePermission.roleId, roleId), inArray(sysRolePermission.permissionId, gone)));
    });
    return ok(null, "保存成功！");
  });

  app.get("/sys/permission/queryDepartPermission", { config: can("system:depart:authorize"), schema: { querystring: Type.Object({ departId: titled(Id, "部门编号") }) } }, async (req) => {
    const rows = await db.select({ id: sysDepartPermission.permissionId }).from(sysDepartPermission).where(eq(sysDepartPermission.departId, req.query.departId));
    return ok(rows.map((r) => r.id));
  });

  app.post("/sys/permission/saveDepartPermission", { config: can("system:depart:authorize"), schema: { body: GrantBody("departId") } }, async (req) => {
    const { departId, permissionIds, lastpermissionIds } = req.body as { departId: string; permissionIds?: string | null; lastpermissionIds?: string | null };
    const { add, remove: gone } = grantDiff(permissionIds, lastpermissionIds);
    await (await Delegation.of(db, req.currentUser().userId)).assertMayGrantPermissions(add);
    await db.transaction(async (tx) => {
      const [depart] = await tx.select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.id, departId));
      if (!depart) throw refused("授权失败！部门不存在");
      await assertPermissionsExist(tx, add);
      if (add.length) {
        await tx.insert(sysDepartPermission).values(add.map((permissionId) => ({ id: nextId(), departId, permissionId }))).onConflictDoNothing();
      }
      if (gone.length) {
        await tx.delete(sysDepartPermission).where(and(eq(sysDepartPermission.departId, departId), inArray(sysDepartPermission.permissionId, gone)));
        // A department role cannot keep what its department may no longer grant.
        await tx
          .delete(sysDepartRolePermission)
          .where(and(eq(sysDepartRolePermission.departId, departId), inArray(sysDepartRolePermission.permissionId, gone)));
      }
    });
    return ok(null, "保存成功！");
  });

  // ---- data rules of a menu --------------------------------------------------------------------------
  const ruleValues = (body: Static<typeof RuleBody>) => {
    if (!(RULE_CONDITIONS as readonly string[]).includes(body.ruleConditions)) {
      throw badRequest(
        body.ruleConditions === "USE_SQL_RULES" ? "不支持自定义SQL规则（USE_SQL_RULES），请使用字段条件" : `规则条件「${body.ruleConditions}」不正确`,
      );
    }
    if (!body.ruleColumn) throw badRequest("请输入规则字段");
    return {
      permissionId: body.permissionId,
      ruleName: body.ruleName.trim(),
      ruleColumn: body.ruleColumn,
      ruleConditions: body.ruleConditions,
      ruleValue: body.ruleValue.trim(),
      status: body.status ?? "1",
    };
  };

  app.get(
    "/sys/permission/getPermRuleListByPermId",
    { config: can("system:permission:rule"), schema: { querystring: Type.Object({ permissionId: titled(Id, "菜单编号") }) } },
    async (req) => {
      const rows = await db
        .select()
        .from(sysPermissionDataRule)
        .where(eq(sysPermissionDataRule.permissionId, req.query.permissionId))
        .orderBy(desc(sysPermissionDataRule.createTime), asc(sysPermissionDataRule.id));
      return ok(rows.map(toRuleJson));
    },
  );

  app.get(
    "/sys/permission/queryPermissionRule",
    {
      config: can("system:permission:rule"),
      schema: {
        querystring: Type.Object({
          permissionId: titled(Id, "菜单编号"),
          ruleName: Type.Optional(Type.String({ title: "规则名称", maxLength: 50 })),
          ruleValue: Type.Optional(Type.String({ title: "规则值", maxLength: 300 })),
        }),
      },
    },
    async (req) => {
      const { permissionId, ruleName, ruleValue } = req.query;
      const like = (v: string) => `%${v.replace(/[\\%_]/g, "\\$&")}%`;
      const rows = await db
        .select()
        .from(sysPermissionDataRule)
        .where(
          and(
            eq(sysPermissionDataRule.permissionId, permissionId),
            ruleName ? ilike(sysPermissionDataRule.ruleName, like(ruleName)) : undefined,
            ruleValue ? ilike(sysPermissionDataRule.ruleValue, like(ruleValue)) : undefined,
          ),
        )
        .orderBy(desc(sysPermissionDataRule.createTime));
      return ok(rows.map(toRuleJson));
    },
  );

  app.post("/sys/permission/addPermissionRule", { config: can("system:permission:rule"), schema: { body: RuleBody } }, async (req) => {
    const values = ruleValues(req.body);
    await db.transaction(async (tx) => {
      const [menu] = await tx.select().from(sysPermission).where(and(eq(sysPermission.id, values.permissionId), eq(sysPermission.delFlag, 0)));
      if (!menu) throw badRequest("菜单不存在");
      if (menu.menuType === 2) throw badRequest("按钮不能配置数据规则");
      await tx.insert(sysPermissionDataRule).values({ ...values, id: nextId(), ...created(req) });
      await tx.update(sysPermission).set({ ruleFlag: 1 }).where(eq(sysPermission.id, values.permissionId));
    });
    return ok(null, "添加成功!");
  });

  const editRule = async (req: FastifyRequest<{ Body: Static<typeof RuleEditBody> }>) => {
    const values = ruleValues(req.body);
    const done = await db
      .update(sysPermissionDataRule)
      .set({ ...values, ...updated(req) })
      .where(and(eq(sysPermissionDataRule.id, req.body.id), eq(sysPermissionDataRule.permissionId, values.permissionId)))
      .returning({ id: sysPermissionDataRule.id });
    if (!done.length) throw refused("未找到对应实体");
    return ok(null, "编辑成功!");
  };
  app.put("/sys/permission/editPermissionRule", { config: can("system:permission:rule"), schema: { body: RuleEditBody } }, editRule);
  app.post("/sys/permission/editPermissionRule", { config: can("system:permission:rule"), schema: { body: RuleEditBody } }, editRule);

  app.delete("/sys/permission/deletePermissionRule", { config: can("system:permission:rule"), schema: { querystring: IdQuery } }, async (req) => {
    await db.transaction(async (tx) => {
      const [rule] = await tx.delete(sysPermissionDataRule).where(eq(sysPermissionDataRule.id, req.query.id)).returning();
      if (!rule) throw refused("未找到对应实体");
      await tx
        .update(sysPermission)
        .set({ ruleFlag: 0 })
        .where(
          and(
            eq(sysPermission.id, rule.permissionId),
            sql`not exists (select 1 from sys_permission_data_rule r where r.permission_id = ${rule.permissionId})`,
          ),
        );
    });
    return ok(null, "删除成功!");
  });
}
