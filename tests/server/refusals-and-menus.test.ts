/**
 * Issue 23, items 3 and 4. A limited role reads only what its menus grant: a list needs its menu as well as its
 * code, and the home page's figures count only what the user may see. Every refusal (401, 403, a row outside
 * the data rules) is written to the operation log with its reason, once per user, path and minute.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, like } from "drizzle-orm";
import { bbhActivityMain, sysDepart, sysLog, sysPermission, sysRole } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";
import { caller } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let limited: string;
let call: ReturnType<typeof caller>;

/** The operation-log lines written for `username` on `path` (after the answer: polled). */
const refusalsOf = (username: string | null, path: string) =>
  t.database.db
    .select({ content: sysLog.logContent, ip: sysLog.ip, param: sysLog.requestParam })
    .from(sysLog)
    .where(and(username === null ? like(sysLog.logContent, "拒绝访问%") : eq(sysLog.userid, username), eq(sysLog.method, `${API}${path}`)));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  call = caller(t);
  const db = t.database.db;
  // 活动管理's buttons hang on the folder: a role ticked with them but with neither activity menu.
  await call("POST", "/sys/role/add", admin, { roleName: "活动按钮", roleCode: "activity_buttons" });
  const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "activity_buttons"));
  const [folder] = await db.select().from(sysPermission).where(eq(sysPermission.name, "活动管理"));
  const buttons = await db.select({ id: sysPermission.id }).from(sysPermission).where(inArray(sysPermission.perms, ["bbh:activity:list", "bbh:activity:edit", "bbh:redmark:list"]));
  await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: [folder.id, ...buttons.map((b) => b.id)].join(","), lastpermissionIds: "" });
  const [ops] = await db.select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A01"));
  await call("POST", "/sys/user/add", admin, { username: "limited", realname: "受限用户", password: "Limit@12345", selectedroles: role.id, selecteddeparts: ops.id });
  limited = await t.login("limited", "Limit@12345");
  await db.insert(bbhActivityMain).values([
    { id: "menu-act-custom", activityName: "自定义", activityType: 1, sysOrgCode: "A01" },
    { id: "menu-act-red", activityName: "红色", activityType: 2, sysOrgCode: "A01" },
  ]);
});
afterAll(() => t.close());

describe("a list needs its menu (item 3)", () => {
  it("the activity list, its picker, export and by-id routes refuse a role without 自定义活动 and 红色活动", async () => {
    for (const url of ["/bbh/api/activity/main/list", "/bbh/api/activity/main/list?activityType=2", "/bbh/api/activity/main/getActivityNameSelectList", "/bbh/api/activity/main/queryById?id=menu-act-red", "/bbh/api/activity/main/getById?id=menu-act-custom"]) {
      const res = await call("GET", url, limited);
      expect(res.status, url).toBe(403);
    }
    const xls = await t.app.inject({ url: `${API}/bbh/api/activity/main/exportXls`, headers: { "x-access-token": limited } });
    expect(xls.statusCode).toBe(403);
    const edit = await call("PUT", "/bbh/api/activity/main/edit", limited, { id: "menu-act-red", activityName: "改", activityType: 2 });
    expect(edit.status).toBe(403);
    expect((await t.database.db.select().from(bbhActivityMain).where(eq(bbhActivityMain.id, "menu-act-red")))[0].activityName).toBe("红色");
  });

  it("with 红色活动 alone, the list of all activities shows the red ones and a custom one does not exist by id", async () => {
    const db = t.database.db;
    const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "activity_buttons"));
    const [red] = await db.select().from(sysPermission).where(eq(sysPermission.component, "bbh/activity/RedActivityList"));
    const held = (await call("GET", `/sys/permission/queryRolePermission?roleId=${role.id}`, admin)).body.result as string[];
    await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: [...held, red.id].join(","), lastpermissionIds: held.join(",") });
    const all = await call("GET", "/bbh/api/activity/main/list?pageSize=100", limited);
    expect(all.body.result.records.map((r: { id: string }) => r.id)).toEqual(["menu-act-red"]);
    expect((await call("GET", "/bbh/api/activity/main/list?activityType=1", limited)).status).toBe(403);
    expect((await call("GET", "/bbh/api/activity/main/queryById?id=menu-act-red", limited)).body.success).toBe(true);
    const custom = await call("GET", "/bbh/api/activity/main/queryById?id=menu-act-custom", limited);
    const none = await call("GET", "/bbh/api/activity/main/queryById?id=menu-act-none", limited);
    expect([custom.status, custom.body.message]).toEqual([none.status, none.body.message]);
  });

  it("the home page counts only what the user may see: no red-mark card without 红色印记, own sign-ins only", async () => {
    const summary = (await call("GET", "/sys/dashboard/summary", limited)).body.result;
    expect(summary.redMarks).toBeNull(); // bbh:redmark:list without the 红色印记 menu
    expect(summary.activities).toMatchObject({ red: 1, custom: 0 });
    expect((await call("GET", "/sys/dashboard/summary", admin)).body.result.activities.custom).toBeGreaterThanOrEqual(1);
    // Sign-ins: the limited user signed in once; admin sees every sign-in.
    const mine = (await call("GET", "/sys/loginfo", limited)).body.result;
    const everyone = (await call("GET", "/sys/loginfo", admin)).body.result;
    expect(mine.totalVisitCount).toBe(1);
    expect(everyone.totalVisitCount).toBeGreaterThan(mine.totalVisitCount);
    const days = (await call("GET", "/sys/visitInfo", limited)).body.result as Array<{ visit: number }>;
    expect(days.reduce((n, d) => n + d.visit, 0)).toBe(1);
  });
});

describe("refusals are audited (item 4)", () => {
  it("a 403 on a GET is logged with user, IP, method, path and the missing code", async () => {
    expect((await call("GET", "/sys/user/list", limited)).status).toBe(403);
    await expect.poll(async () => (await refusalsOf("limited", "/sys/user/list")).map((r) => r.content)).toEqual([`拒绝访问：GET ${API}/sys/user/list：缺少权限「system:user:list」`]);
    const [row] = await refusalsOf("limited", "/sys/user/list");
    expect(row.ip).toBeTruthy();
  });

  it("a refused DELETE says why instead of （失败）, and its parameters are logged masked", async () => {
    expect((await call("DELETE", "/sys/role/delete?id=x&token=secret", limited)).status).toBe(403);
    await expect.poll(async () => (await refusalsOf("limited", "/sys/role/delete")).map((r) => r.content)).toEqual([`拒绝访问：DELETE ${API}/sys/role/delete：缺少权限「system:role:delete」`]);
    const [row] = await refusalsOf("limited", "/sys/role/delete");
    expect(row.param).not.toContain("secret");
    const failed = await t.database.db.select().from(sysLog).where(like(sysLog.logContent, "DELETE %/sys/role/delete（失败）"));
    expect(failed).toEqual([]);
  });

  it("a missing or bad token is logged without a user; a loop writes one line per path and minute", async () => {
    for (let i = 0; i < 20; i++) await t.app.inject({ url: `${API}/sys/role/list`, headers: { "x-access-token": "forged" } });
    await t.app.inject({ url: `${API}/sys/role/queryall` });
    await expect.poll(async () => (await refusalsOf(null, "/sys/role/list")).map((r) => r.content)).toEqual([`拒绝访问：GET ${API}/sys/role/list：令牌无效或会话已结束`]);
    await expect.poll(async () => (await refusalsOf(null, "/sys/role/queryall")).map((r) => r.content)).toEqual([`拒绝访问：GET ${API}/sys/role/queryall：未登录（没有令牌）`]);
    for (let i = 0; i < 5; i++) await call("GET", "/sys/user/list", limited);
    await new Promise((r) => setTimeout(r, 200));
    expect(await refusalsOf("limited", "/sys/user/list")).toHaveLength(1);
  });
});
