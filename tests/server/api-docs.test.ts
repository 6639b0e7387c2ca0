/**
 * Issue 12: the OpenAPI document and Swagger UI (admin-only unless API_DOCS_PUBLIC=true, the docs page's
 * cookie instead of a token in the URL), SQL监控's database endpoint, and the seed step that fixes menu
 * items of databases seeded before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteOptions } from "fastify";
import { and, eq, inArray } from "drizzle-orm";
import { seed } from "../../server/db/seed/index.js";
import { API_DOC_MENU, DROPPED_BIG_SCREEN_URLS, DROPPED_UNBUILT_MENUS, SQL_MONITOR_MENU } from "../../server/db/seed/menus.js";
import { sysPermission, sysRole, sysRolePermission, sysSeedStep } from "../../server/db/schema.js";
import { nextId, uuid32 } from "../../server/lib/ids.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

const routes: RouteOptions[] = [];
let t: TestApp;
let admin: string;
let operator: string;
beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (r) => void routes.push(r) });
  admin = await t.login();
  await t.setPassword("zhangsan", "Zhangsan@123");
  operator = await t.login("zhangsan", "Zhangsan@123");
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

describe("API documentation", () => {
  it("documents every API route with its permission, the token scheme and the envelope", async () => {
    const res = await get(`${API}/v3/api-docs`, { "x-access-token": admin });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: API }]);
    expect(doc.components.securitySchemes.XAccessToken).toMatchObject({ type: "apiKey", in: "header", name: "X-Access-Token" });

    const api = routes.filter((r) => r.url.startsWith(API + "/") && !(r.schema as { hide?: boolean } | undefined)?.hide);
    const methods = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== "HEAD" || !r.exposeHeadRoute);
    let checked = 0;
    for (const route of api) {
      const access = route.config?.access;
      const expected = !access ? "anonymous" : "anonymous" in access ? "anonymous" : "signedIn" in access ? "signedIn" : access.permission;
      const path = route.url.slice(API.length).replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{*}");
      for (const method of methods(route)) {
        if (method === "HEAD") continue;
        const op = doc.paths[path]?.[method.toLowerCase()];
        expect(op, `${method} ${path}`).toBeDefined();
        expect(op["x-permission"], `${method} ${path}`).toBe(expected);
        expect(op.description).toContain(expected === "anonymous" ? "匿名" : expected === "signedIn" ? "登录即可" : expected);
        expect(op.security).toEqual(expected === "anonymous" ? [] : [{ XAccessToken: [] }]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(doc.paths["/v3/api-docs"]).toBeUndefined();

    const list = doc.paths["/sys/position/list"].get;
    expect(list["x-permission"]).toBe("system:position:list");
    const result = list.responses["200"].content["application/json"].schema;
    expect(Object.keys(result.properties)).toEqual(["success", "message", "code", "result", "timestamp"]);
    expect(Object.keys(result.properties.result.properties)).toEqual(["records", "total", "size", "current", "pages"]);
    expect(doc.paths["/sys/login"].post["x-permission"]).toBe("anonymous");
    expect(doc.paths["/sys/monitor/database"].get["x-permission"]).toBe("system:monitor:sql");
  });

  it("shows Swagger UI to an admin and refuses anonymous callers and users without the permission", async () => {
    const page = await get(`${API}/doc.html`, { "x-access-token": admin });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain(`${API}/doc.html/static/swagger-initializer.js`);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    const init = await get(`${API}/doc.html/static/swagger-initializer.js`, { "x-access-token": admin });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("requestInterceptor");
    expect((await get(`${API}/doc.html/json`, { "x-access-token": admin })).json().paths["/sys/position/list"]).toBeDefined();

    for (const url of [`${API}/doc.html`, `${API}/doc.html/json`, `${API}/doc.html/static/swagger-ui-bundle.js`, `${API}/v3/api-docs`]) {
      const anon = await get(url);
      expect(anon.statusCode, url).toBe(500);
      expect(anon.json()).toMatchObject({ success: false, message: "Token失效，请重新登录" });
      const denied = await get(url, { "x-access-token": operator });
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json().code).toBe(510);
    }
  });

  it("opens the docs page with a short-lived cookie scoped to doc.html, never with the token in the URL", async () => {
    const refused = await t.app.inject({ method: "POST", url: `${API}/sys/apiDoc/ticket`, headers: { "x-access-token": operator } });
    expect(refused.statusCode).toBe(403);

    const res = await t.app.inject({ method: "POST", url: `${API}/sys/apiDoc/ticket`, headers: { "x-access-token": admin } });
    expect(res.json()).toMatchObject({ success: true, result: { url: `${API}/doc.html` } });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(new RegExp(`^rm_api_doc=[A-Za-z0-9_-]{43}; Path=${API}/doc.html; Max-Age=600; HttpOnly; SameSite=Strict$`));
    expect(cookie).not.toContain(admin);
    const pair = cookie.split(";")[0];

    expect((await get(`${API}/doc.html`, { cookie: pair })).statusCode).toBe(200);
    expect((await get(`${API}/doc.html/json`, { cookie: pair })).json().openapi).toBe("3.1.0");
    // Only under doc.html, and only for reading.
    expect((await get(`${API}/sys/position/list`, { cookie: pair })).statusCode).toBe(500);
    expect((await get(`${API}/v3/api-docs`, { cookie: pair })).statusCode).toBe(500);
    expect((await get(`${API}/doc.html`, { cookie: "rm_api_doc=" + "x".repeat(43) })).statusCode).toBe(500);

    // The cookie stands for the session: logging out ends it.
    await t.app.inject({ method: "POST", url: `${API}/sys/logout`, headers: { "x-access-token": admin } });
    expect((await get(`${API}/doc.html`, { cookie: pair })).statusCode).toBe(500);
    admin = await t.login();
  });

  it("is open to anyone with API_DOCS_PUBLIC=true", async () => {
    const open = await createTestApp({ API_DOCS_PUBLIC: "true" });
    try {
      expect((await open.app.inject({ method: "GET", url: `${API}/doc.html` })).statusCode).toBe(200);
      expect((await open.app.inject({ method: "GET", url: `${API}/v3/api-docs` })).json().openapi).toBe("3.1.0");
    } finally {
      await open.close();
    }
  });
});

describe("SQL监控", () => {
  it("shows the database, its sessions, the slowest statements and the pool to an admin only", async () => {
    const res = await get(`${API}/sys/monitor/database`, { "x-access-token": admin });
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(r.database.engine).toBe(t.database.kind === "pglite" ? "PGlite" : "PostgreSQL");
    expect(r.database.sizeBytes).toBeGreaterThan(0);
    expect(r.activity.some((a: { own: boolean; query: string }) => a.own && /pg_stat_activity/.test(a.query))).toBe(true);
    expect(["pg_stat_statements", "pg_stat_activity"]).toContain(r.slowest.source);
    expect(Array.isArray(r.slowest.rows)).toBe(true);
    expect(r.pool.kind).toBe(t.database.kind === "pglite" ? "embedded" : "pg-pool");
    if (r.pool.kind === "pg-pool") expect(r.pool.inUse).toBeGreaterThanOrEqual(0);

    expect((await get(`${API}/sys/monitor/database`, { "x-access-token": operator })).statusCode).toBe(403);
    expect((await get(`${API}/sys/monitor/database`)).statusCode).toBe(500);
  });
});

describe("seeded menus lead somewhere", () => {
  it("seeds SQL监控 as JeecgBoot's iframe of …/druid/, the docs and monitor permissions for admin, outside sites as external, no big-screen demos", async () => {
    const db = t.database.db;
    const [sqlMenu] = await db.select().from(sysPermission).where(eq(sysPermission.name, "SQL监控"));
    expect(sqlMenu).toMatchObject({ url: "{{ window._CONFIG['domianURL'] }}/druid/", component: "layouts/IframePageView", internalOrExternal: false });
    const external = await db.select().from(sysPermission).where(eq(sysPermission.name, "JEECG官方网站"));
    expect(external.map((r) => r.internalOrExternal)).toEqual([true]);
    expect(await db.select().from(sysPermission).where(inArray(sysPermission.url, [...DROPPED_BIG_SCREEN_URLS, "/big/screen"]))).toEqual([]);

    const res = await get(`${API}/sys/permission/getUserPermissionByToken`, { "x-access-token": admin });
    const codes = res.json().result.auth.map((a: { action: string }) => a.action);
    expect(codes).toEqual(expect.arrayContaining([SQL_MONITOR_MENU.perms, API_DOC_MENU.perms]));
  });

  it("fixes a database seeded before: Druid item, missing buttons, framed outside site, big-screen demos", async () => {
    const db = t.database.db;
    // Put the database back as the earlier seed left it.
    await db.delete(sysPermission).where(inArray(sysPermission.perms, [SQL_MONITOR_MENU.perms, API_DOC_MENU.perms]));
    await db.update(sysPermission).set({ internalOrExternal: false }).where(eq(sysPermission.name, "JEECG官方网站"));
    const folder = uuid32();
    const demo = uuid32();
    await db.insert(sysPermission).values([
      { id: folder, name: "报表设计", url: "/big/screen", component: "layouts/RouteView", menuType: 0, isLeaf: false },
      { id: demo, parentId: folder, name: "智慧物流监控", url: DROPPED_BIG_SCREEN_URLS[1], component: "layouts/IframePageView", menuType: 1, isLeaf: true },
    ]);
    const [adminRole] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "admin"));
    await db.insert(sysRolePermission).values([
      { id: nextId(), roleId: adminRole.id, permissionId: folder },
      { id: nextId(), roleId: adminRole.id, permissionId: demo },
    ]);
    const before = await get(`${API}/sys/monitor/database`, { "x-access-token": admin });
    expect(before.statusCode).toBe(403);
    await db.delete(sysSeedStep).where(eq(sysSeedStep.step, "menus-that-lead-somewhere-v1"));

    await seed(db, { adminPassword: null });

    const [sqlMenu] = await db.select().from(sysPermission).where(eq(sysPermission.name, "SQL监控"));
    expect(sqlMenu).toMatchObject({ url: SQL_MONITOR_MENU.url, component: "layouts/IframePageView", isLeaf: false });
    const buttons = await db.select().from(sysPermission).where(inArray(sysPermission.perms, [SQL_MONITOR_MENU.perms, API_DOC_MENU.perms]));
    expect(buttons).toHaveLength(2);
    expect(buttons.find((b) => b.perms === SQL_MONITOR_MENU.perms)?.parentId).toBe(sqlMenu.id);
    const grants = await db
      .select()
      .from(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, adminRole.id), inArray(sysRolePermission.permissionId, buttons.map((b) => b.id))));
    expect(grants).toHaveLength(2);
    expect((await db.select().from(sysPermission).where(eq(sysPermission.name, "JEECG官方网站")))[0].internalOrExternal).toBe(true);
    expect(await db.select().from(sysPermission).where(inArray(sysPermission.id, [folder, demo]))).toEqual([]);
    expect(await db.select().from(sysRolePermission).where(inArray(sysRolePermission.permissionId, [folder, demo]))).toEqual([]);
    expect((await get(`${API}/sys/monitor/database`, { "x-access-token": admin })).statusCode).toBe(200);

    // A second run (another instance starting) changes nothing.
    await db.delete(sysSeedStep).where(eq(sysSeedStep.step, "menus-that-lead-somewhere-v1"));
    await seed(db, { adminPassword: null });
    expect(await db.select().from(sysPermission).where(inArray(sysPermission.perms, [SQL_MONITOR_MENU.perms, API_DOC_MENU.perms]))).toHaveLength(2);
  });

  it("puts SQL监控 of a database seeded since issue 12 (our console's page, blank in the Vue 2 client) back to the iframe, button and grants kept", async () => {
    const db = t.database.db;
    const { issue12 } = SQL_MONITOR_MENU;
    await db.update(sysPermission).set({ url: issue12.url, component: issue12.component, componentName: issue12.componentName }).where(eq(sysPermission.url, SQL_MONITOR_MENU.url));
    const [before] = await db.select().from(sysPermission).where(eq(sysPermission.name, "SQL监控"));
    expect(before.url).toBe("/monitor/sql");
    await db.delete(sysSeedStep).where(inArray(sysSeedStep.step, ["sql-monitor-frame-v1", "menus-that-lead-somewhere-v1"]));

    await seed(db, { adminPassword: null });

    const [after] = await db.select().from(sysPermission).where(eq(sysPermission.id, before.id));
    expect(after).toMatchObject({ url: SQL_MONITOR_MENU.url, component: "layouts/IframePageView", componentName: null, internalOrExternal: false });
    const [button] = await db.select().from(sysPermission).where(eq(sysPermission.perms, SQL_MONITOR_MENU.perms));
    expect(button.parentId).toBe(before.id);
    const res = await get(`${API}/sys/permission/getUserPermissionByToken`, { "x-access-token": admin });
    expect(JSON.stringify(res.json().result.menu)).toContain('"consoleComponent":"modules/monitor/SqlMonitor"');
    expect((await get(`${API}/sys/monitor/database`, { "x-access-token": admin })).statusCode).toBe(200);
  });

  it("seeds no item whose page the console lacks, and removes those of a database seeded before with their buttons, grants and emptied folders", async () => {
    const db = t.database.db;
    const unbuilt = inArray(sysPermission.component, [...DROPPED_UNBUILT_MENUS.components]);
    expect(await db.select().from(sysPermission).where(unbuilt)).toEqual([]);
    expect(await db.select().from(sysPermission).where(inArray(sysPermission.url, [...DROPPED_UNBUILT_MENUS.folders]))).toEqual([]);

    // Put back what the earlier seed had: 统计报表 (plus an item an admin added to it, which keeps the folder),
    // 常见案例 › helloworld with a button, and 常见案例 › JVXETable示例 › 普通示例.
    const [demos] = await db.select().from(sysPermission).where(eq(sysPermission.url, "/jeecg"));
    const [report, archives, own, hello, helloButton, vxe, vxeNormal] = Array.from({ length: 7 }, () => uuid32());
    await db.insert(sysPermission).values([
      { id: report, name: "统计报表", url: "/report", component: "layouts/RouteView", menuType: 0, isLeaf: false },
      { id: archives, parentId: report, name: "布局统计报表", url: "/report/ArchivesStatisticst", component: "jeecg/report/ArchivesStatisticst", menuType: 1, isLeaf: true },
      { id: own, parentId: report, name: "本单位用户", url: "/report/users", component: "system/UserList", menuType: 1, isLeaf: true },
      { id: hello, parentId: demos.id, name: "helloworld", url: "/jeecg/helloworld", component: "jeecg/helloworld", menuType: 1, isLeaf: false },
      { id: helloButton, parentId: hello, name: "添加", url: "", menuType: 2, perms: "demo:add", isLeaf: true },
      { id: vxe, parentId: demos.id, name: "JVXETable示例", url: "/jeecg/j-vxe-table-demo", component: "layouts/RouteView", menuType: 1, isLeaf: false },
      { id: vxeNormal, parentId: vxe, name: "普通示例", url: "/jeecg/j-vxe-table-demo/normal", component: "jeecg/JVXETableDemo", menuType: 1, isLeaf: true },
    ]);
    const [adminRole] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "admin"));
    const all = [report, archives, own, hello, helloButton, vxe, vxeNormal];
    await db.insert(sysRolePermission).values(all.map((permissionId) => ({ id: nextId(), roleId: adminRole.id, permissionId })));
    await db.delete(sysSeedStep).where(eq(sysSeedStep.step, "menus-with-pages-v1"));

    await seed(db, { adminPassword: null });

    const left = await db.select({ id: sysPermission.id }).from(sysPermission).where(inArray(sysPermission.id, all));
    expect(left.map((r) => r.id).sort()).toEqual([report, own].sort());
    const grants = await db.select({ id: sysRolePermission.permissionId }).from(sysRolePermission).where(inArray(sysRolePermission.permissionId, all));
    expect(grants.map((r) => r.id).sort()).toEqual([report, own].sort());
    expect(await db.select().from(sysPermission).where(eq(sysPermission.url, "/oss/file"))).toHaveLength(1);
    const res = await get(`${API}/sys/permission/getUserPermissionByToken`, { "x-access-token": admin });
    expect(JSON.stringify(res.json().result.menu)).not.toMatch(/jeecg\/helloworld|JVXETableDemo|ArchivesStatisticst/);
    await db.delete(sysPermission).where(inArray(sysPermission.id, [report, own]));
  });
});
