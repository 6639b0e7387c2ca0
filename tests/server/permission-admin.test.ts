import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { MenuNode } from "../../contract/index.js";
import { sysPermission, sysPermissionDataRule, sysRole, sysRolePermission } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operator = await t.login("zhangsan", "Operator@1");
});
afterAll(() => t.close());

const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  return { status: res.statusCode, body: res.json() };
};
const byName = async (name: string) => (await t.database.db.select().from(sysPermission).where(eq(sysPermission.name, name)))[0];
const menuCount = async () => Number((await t.database.db.select({ n: count() }).from(sysPermission))[0].n);
const findTitle = (nodes: MenuNode[], title: string): MenuNode | undefined => {
  for (const n of nodes) {
    if (n.meta.title === title) return n;
    const hit = n.children && findTitle(n.children, title);
    if (hit) return hit;
  }
};

describe("menu tree endpoints", () => {
  it("GET /list answers the whole tree with every §7.2 column plus key/title/isLeaf", async () => {
    const { result } = (await call("GET", "/sys/permission/list", admin)).body;
    const system = result.find((n: { name: string }) => n.name === "系统管理");
    expect(system).toMatchObject({ key: system.id, title: "系统管理", menuType: 0, component: "layouts/RouteView", url: "/isystem", isLeaf: false, leaf: false, route: true, hidden: false });
    const users = system.children.find((n: { name: string }) => n.name === "用户管理");
    expect(Object.keys(users)).toEqual(expect.arrayContaining(["perms", "permsType", "icon", "componentName", "redirect", "sortNo", "keepAlive", "alwaysShow", "internalOrExternal", "ruleFlag", "status", "hideTab", "description"]));
    expect(users.children.find((b: { perms: string }) => b.perms === "system:user:add")).toMatchObject({ menuType: 2, isLeaf: true, status: "1" });
  });

  it("getSystemMenuList, getSystemSubmenu and getSystemSubmenuBatch page through the tree", async () => {
    const top = (await call("GET", "/sys/permission/getSystemMenuList", admin)).body.result;
    expect(top.every((n: { menuType: number }) => n.menuType === 0)).toBe(true);
    const system = top.find((n: { name: string }) => n.name === "系统管理");
    const sub = (await call("GET", `/sys/permission/getSystemSubmenu?parentId=${system.id}`, admin)).body.result;
    expect(sub.map((n: { name: string }) => n.name)).toContain("用户管理");
    const batch = (await call("GET", `/sys/permission/getSystemSubmenuBatch?parentIds=${system.id},${top[0].id}`, admin)).body.result;
    expect(batch[system.id]).toHaveLength(sub.length);
    expect(batch[top[0].id]).toEqual([]);
  });
});

describe("menu add / edit / delete", () => {
  it("adds a sub-menu with normalised component and url; the parent stops being a leaf", async () => {
    const home = await byName("首页");
    expect(home.isLeaf).toBe(true);
    const { body } = await call("POST", "/sys/permission/add", admin, {
      parentId: home.id, name: "报表中心", menuType: 1, url: "report/center.vue", component: "/views/system/ReportCenter.vue", sortNo: 3, keepAlive: true, hidden: false, route: true, icon: "bar-chart",
      createBy: "mallory",
    });
    expect(body.message).toBe("添加成功！");
    const row = await byName("报表中心");
    expect(row).toMatchObject({ url: "/report/center", component: "system/ReportCenter", keepAlive: true, isLeaf: true, createBy: "admin", icon: "bar-chart" });
    expect((await byName("首页")).isLeaf).toBe(false);
  });

  it("validates: a sub-menu needs a parent and component, a button a code; 400 and nothing added", async () => {
    const before = await menuCount();
    expect((await call("POST", "/sys/permission/add", admin, { name: "x", menuType: 1, url: "/x", component: "a/B" })).body.message).toBe("请选择上级菜单");
    const parent = await byName("报表中心");
    expect((await call("POST", "/sys/permission/add", admin, { name: "x", menuType: 1, parentId: parent.id, url: "/x" })).body.message).toBe("请输入前端组件");
    expect((await call("POST", "/sys/permission/add", admin, { name: "x", menuType: 2, parentId: parent.id })).body.message).toBe("请输入授权标识");
    expect((await call("POST", "/sys/permission/add", admin, { name: "x", menuType: 2, parentId: parent.id, perms: "a b;drop" })).status).toBe(400);
    expect((await call("POST", "/sys/permission/add", admin, { name: "x", menuType: 5 })).status).toBe(400);
    expect(await menuCount()).toBe(before);
  });

  it("a change shows in the menus of the affected users the next time they load them", async () => {
    await t.setPassword("lisi", "Auditor@1");
    const auditor = await t.login("lisi", "Auditor@1");
    const read = async () => (await call("GET", "/sys/permission/getUserPermissionByToken", auditor)).body.result.menu as MenuNode[];
    const tasks = await byName("玩家任务");
    expect(findTitle(await read(), "玩家任务")).toBeDefined();
    await call("PUT", "/sys/permission/edit", admin, { id: tasks.id, parentId: tasks.parentId, name: "玩家任务审核", menuType: 1, url: tasks.url, component: tasks.component, hidden: true });
    const menu = await read();
    expect(findTitle(menu, "玩家任务")).toBeUndefined();
    expect(findTitle(menu, "玩家任务审核")).toMatchObject({ hidden: true });
  });

  it("refuses to make a menu its own descendant", async () => {
    const system = await byName("系统管理");
    const users = await byName("用户管理");
    const { status, body } = await call("PUT", "/sys/permission/edit", admin, { id: system.id, parentId: users.id, name: "系统管理", menuType: 1, url: "/isystem", component: "layouts/RouteView" });
    expect(status).toBe(400);
    expect(body.message).toBe("上级菜单不能是自己或自己的下级");
    expect((await byName("系统管理")).parentId).toBeNull();
  });

  it("delete cascades to descendants, data rules and grants; the parent becomes a leaf again", async () => {
    const parent = await byName("报表中心");
    await call("POST", "/sys/permission/add", admin, { parentId: parent.id, name: "报表按钮", menuType: 2, perms: "report:view" });
    await call("POST", "/sys/permission/addPermissionRule", admin, { permissionId: parent.id, ruleName: "r", ruleColumn: "orgCode", ruleConditions: "=", ruleValue: "A01" });
    const button = await byName("报表按钮");
    const [adminRole] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, "admin"));
    await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: adminRole.id, permissionIds: `${parent.id},${button.id}`, lastpermissionIds: "" });
    expect((await call("DELETE", `/sys/permission/delete?id=${parent.id}`, admin)).body.message).toBe("删除成功!");
    expect(await byName("报表中心")).toBeUndefined();
    expect(await byName("报表按钮")).toBeUndefined();
    expect(await t.database.db.select().from(sysPermissionDataRule).where(eq(sysPermissionDataRule.permissionId, parent.id))).toEqual([]);
    expect(await t.database.db.select().from(sysRolePermission).where(eq(sysRolePermission.permissionId, button.id))).toEqual([]);
    expect((await byName("首页")).isLeaf).toBe(true);
  });

  it("refuses menu management to a user without the codes, changing nothing", async () => {
    const before = await menuCount();
    const home = await byName("首页");
    expect((await call("GET", "/sys/permission/list", operator)).status).toBe(403);
    expect((await call("POST", "/sys/permission/add", operator, { parentId: home.id, name: "x", menuType: 1, url: "/x", component: "a/B" })).status).toBe(403);
    expect((await call("DELETE", `/sys/permission/delete?id=${home.id}`, operator)).status).toBe(403);
    expect(await menuCount()).toBe(before);
  });
});

describe("data rules of a menu", () => {
  it("adds, queries, edits and deletes rules; rule_flag follows", async () => {
    const users = await byName("用户管理");
    expect((await call("POST", "/sys/permission/addPermissionRule", admin, { permissionId: users.id, ruleName: "本人", ruleColumn: "createBy", ruleConditions: "=", ruleValue: "#{sys_user_code}" })).body.message).toBe("添加成功!");
    expect((await byName("用户管理")).ruleFlag).toBe(1);
    const [rule] = (await call("GET", `/sys/permission/queryPermissionRule?permissionId=${users.id}&ruleName=本`, admin)).body.result;
    expect(rule).toMatchObject({ ruleName: "本人", ruleColumn: "createBy", status: "1" });
    expect((await call("PUT", "/sys/permission/editPermissionRule", admin, { ...rule, ruleValue: "admin" })).body.message).toBe("编辑成功!");
    expect((await call("GET", `/sys/permission/getPermRuleListByPermId?permissionId=${users.id}`, admin)).body.result[0].ruleValue).toBe("admin");
    expect((await call("DELETE", `/sys/permission/deletePermissionRule?id=${rule.id}`, admin)).body.message).toBe("删除成功!");
    expect((await byName("用户管理")).ruleFlag).toBe(0);
  });

  it("refuses raw SQL rules and malformed columns", async () => {
    const users = await byName("用户管理");
    const sqlRule = await call("POST", "/sys/permission/addPermissionRule", admin, { permissionId: users.id, ruleName: "x", ruleColumn: "x", ruleConditions: "USE_SQL_RULES", ruleValue: "1=1 or 1=1" });
    expect(sqlRule).toMatchObject({ status: 400, body: { message: "不支持自定义SQL规则（USE_SQL_RULES），请使用字段条件" } });
    const column = await call("POST", "/sys/permission/addPermissionRule", admin, { permissionId: users.id, ruleName: "x", ruleColumn: "org_code) or (1=1", ruleConditions: "=", ruleValue: "x" });
    expect(column.status).toBe(400);
    expect(await t.database.db.select().from(sysPermissionDataRule).where(eq(sysPermissionDataRule.permissionId, users.id))).toEqual([]);
  });
});

describe("menu flags", () => {
  it("stores false flags as false (route 0, keepAlive false) and true ones as true", async () => {
    const home = await byName("首页");
    await call("POST", "/sys/permission/add", admin, { parentId: home.id, name: "参数页", menuType: 1, url: "/x/:id", component: "x/Detail", route: false, hidden: true, keepAlive: false, internalOrExternal: 1 });
    expect(await byName("参数页")).toMatchObject({ isRoute: false, hidden: true, keepAlive: false, internalOrExternal: true });
  });
});
