import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import type { MenuNode } from "../../contract/index.js";
import authPlugin, { can } from "../../server/plugins/auth.js";
import { eq } from "drizzle-orm";
import { sysPermission, sysRole, sysRolePermission } from "../../server/db/schema.js";
import { nextId, uuid32 } from "../../server/lib/ids.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let adminToken: string;
let operatorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operatorToken = await t.login("zhangsan", "Operator@1");
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: "GET", url: `${API}${url}`, headers: { "x-access-token": token } });
const find = (nodes: MenuNode[], title: string): MenuNode | undefined => {
  for (const n of nodes) {
    if (n.meta.title === title) return n;
    const hit = n.children && find(n.children, title);
    if (hit) return hit;
  }
};

describe("GET /sys/permission/getUserPermissionByToken", () => {
  it("gives the admin the system menu tree with JeecgBoot component paths, home first", async () => {
    const { result } = (await get("/sys/permission/getUserPermissionByToken", adminToken)).json();
    expect(result.menu[0]).toMatchObject({ path: "/dashboard/analysis", component: "dashboard/Analysis", route: "1", meta: { title: "首页", icon: "home" } });
    const system = find(result.menu, "系统管理")!;
    expect(system).toMatchObject({ component: "layouts/RouteView", meta: { icon: "setting" } });
    expect(find(system.children!, "用户管理")).toMatchObject({ path: "/isystem/user", name: "isystem-user", component: "system/UserList" });
    expect(find(result.menu, "红色印记")).toBeDefined();
  });

  it("never emits buttons as menu nodes; lists them in auth and allAuth", async () => {
    const { result } = (await get("/sys/permission/getUserPermissionByToken", adminToken)).json();
    const walk = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.meta.title, ...walk(n.children ?? [])]);
    expect(walk(result.menu)).not.toContain("添加用户");
    expect(result.auth).toContainEqual({ action: "system:user:add", type: "1", describe: "添加用户" });
    expect(result.allAuth).toContainEqual({ action: "user:form:birthday", type: "2", describe: "禁用生日字段", status: "1" });
  });

  it("shapes route nodes as the Vue client expects: string route flag, md5 path for external urls, redirect only on top level", async () => {
    // A route=0 item (a menu entry whose path another route renders), as JeecgBoot's online demos were.
    const db = t.database.db;
    const [folder] = await db.select().from(sysPermission).where(eq(sysPermission.url, "/isystem"));
    const [adminRole] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "admin"));
    const notRoute = uuid32();
    await db.insert(sysPermission).values({ id: notRoute, parentId: folder.id, name: "按编码打开", url: "/isystem/user/by-code/42", component: "system/UserList", menuType: 1, isRoute: false, isLeaf: true });
    await db.insert(sysRolePermission).values({ id: nextId(), roleId: adminRole.id, permissionId: notRoute });
    const { result } = (await get("/sys/permission/getUserPermissionByToken", adminToken)).json();
    const all: MenuNode[] = [];
    const walk = (nodes: MenuNode[], top: boolean) =>
      nodes.forEach((n) => {
        all.push(n);
        expect(["0", "1"]).toContain(n.route);
        if (!top) expect(n).not.toHaveProperty("redirect");
        walk(n.children ?? [], false);
      });
    walk(result.menu, true);
    const external = all.find((n) => n.meta.url?.startsWith("{{"));
    expect(external?.path).toMatch(/^[0-9a-f]{32}$/);
    expect(find(result.menu, "按编码打开")).toMatchObject({ route: "0", path: "/isystem/user/by-code/42" });
    await db.delete(sysRolePermission).where(eq(sysRolePermission.permissionId, notRoute));
    await db.delete(sysPermission).where(eq(sysPermission.id, notRoute));
  });

  it("gives an operator only the menus of their role", async () => {
    const { result } = (await get("/sys/permission/getUserPermissionByToken", operatorToken)).json();
    expect(result.menu.map((n: MenuNode) => n.meta.title)).toEqual(["首页", "红色印记"]);
    expect(result.auth.some((a: { action: string }) => a.action.startsWith("system:"))).toBe(false);
  });
});

describe("GET /sys/permission/checkMenuPath (issue 23 item 20)", () => {
  const known = async (path: string, token = operatorToken) => {
    const res = await get(`/sys/permission/checkMenuPath?path=${encodeURIComponent(path)}`, token);
    expect(res.statusCode, path).toBe(200);
    return res.json().result.known as boolean;
  };

  it("knows a menu item's path whether or not the caller's menu has it, and nothing else", async () => {
    const menu = (await get("/sys/permission/getUserPermissionByToken", operatorToken)).json().result.menu as MenuNode[];
    expect(find(menu, "用户管理")).toBeUndefined();
    expect(await known("/isystem/user")).toBe(true);
    expect(await known("/isystem/user/")).toBe(true);
    expect(await known("/dashboard/analysis")).toBe(true);
    expect(await known("/no/such/page")).toBe(false);
    expect(await known("/isystem/user/extra")).toBe(false);
    expect(await known("/isystem")).toBe(true);
  });

  it("matches parameterised paths and sees menu items added or deleted at once", async () => {
    const id = uuid32();
    await t.database.db.insert(sysPermission).values({ id, name: "报表", menuType: 1, url: "/walk/report/:code", component: "modules/Report", delFlag: 0, isLeaf: true });
    expect(await known("/walk/report/abc")).toBe(true);
    expect(await known("/walk/report")).toBe(false);
    await t.database.db.update(sysPermission).set({ delFlag: 1 }).where(eq(sysPermission.id, id));
    expect(await known("/walk/report/abc")).toBe(false);
  });

  it("needs sign-in and a path", async () => {
    expect((await t.app.inject({ url: `${API}/sys/permission/checkMenuPath?path=/isystem/user` })).statusCode).toBe(500);
    const bad = await get("/sys/permission/checkMenuPath?path=isystem", operatorToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("「页面路径」");
  });
});

describe("permission checks on the server", () => {
  it("refuses an endpoint the user holds no code for, with 403 and code 510", async () => {
    const res = await get("/sys/user/list", operatorToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 510, message: "没有权限，请联系管理员授权" });
    expect((await get("/sys/user/queryById?id=x", operatorToken)).statusCode).toBe(403);
  });

  it("lets any signed-in user read their own departments", async () => {
    const res = await get("/sys/user/getCurrentUserDeparts", operatorToken);
    expect(res.json().result).toMatchObject({ orgCode: "A01A01", list: [{ orgCode: "A01A01", departName: "活动运营部" }] });
  });

  it("refuses to register an API route that declares no access", async () => {
    const app = Fastify();
    app.decorate("ctx", t.ctx);
    await app.register(authPlugin, { sessions: t.ctx.sessions, apiPrefix: "/api" });
    await expect(
      app.register(async (api) => {
        api.get("/api/open", async () => "x");
      }).ready(),
    ).rejects.toThrow(/没有声明访问权限/);
    await app.close();
  });

  it("checks the declared code once the user gains it", async () => {
    const app = Fastify();
    await app.register(authPlugin, { sessions: t.ctx.sessions, apiPrefix: "/api" });
    app.get("/api/users", { config: can("system:user:list") }, async () => ({ ok: true }));
    const admin = await app.inject({ url: "/api/users", headers: { "x-access-token": adminToken } });
    expect(admin.json()).toEqual({ ok: true });
    await app.close();
  });
});

describe("department selection", () => {
  it("switches to one of the user's departments and refuses others without changing anything", async () => {
    const bad = await t.app.inject({ method: "PUT", url: `${API}/sys/selectDepart`, headers: { "x-access-token": adminToken }, payload: { orgCode: "A02" } });
    expect(bad.json()).toMatchObject({ success: false, message: "您不属于该部门，无法切换" });
    const other = await t.app.inject({ method: "PUT", url: `${API}/sys/selectDepart`, headers: { "x-access-token": adminToken }, payload: { orgCode: "A01", username: "zhangsan" } });
    expect(other.statusCode).toBe(403);
    const good = await t.app.inject({ method: "PUT", url: `${API}/sys/selectDepart`, headers: { "x-access-token": adminToken }, payload: { orgCode: "A01" } });
    expect(good.json()).toMatchObject({ success: true, result: { userInfo: { username: "admin", orgCode: "A01" } } });
  });
});
