/**
 * A menu granted on its own implies its page's list button (issue 13, item 1): a role given only
 * 系统管理 + 用户管理 can list users, and nothing else under 用户管理.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { AuthEntry } from "../../contract/index.js";
import { sysPermission, sysRole, sysUser } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let roleId: string;
let menuIds: { system: string; user: string; role: string; list: string };

const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  return { status: res.statusCode, body: res.json() };
};
const idOf = async (name: string, menuType: number) =>
  (await t.database.db.select({ id: sysPermission.id }).from(sysPermission).where(and(eq(sysPermission.name, name), eq(sysPermission.menuType, menuType))))[0].id;
const grant = (permissionIds: string[], last: string[]) =>
  call("POST", "/sys/permission/saveRolePermission", admin, { roleId, permissionIds: permissionIds.join(","), lastpermissionIds: last.join(",") });
const authOf = async (token: string) =>
  ((await call("GET", "/sys/permission/getUserPermissionByToken", token)).body.result.auth as AuthEntry[]).map((a) => a.action);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  menuIds = {
    system: await idOf("系统管理", 0),
    user: await idOf("用户管理", 1),
    role: await idOf("角色管理", 1),
    list: await idOf("用户查询", 2),
  };
  expect((await call("POST", "/sys/role/add", admin, { roleName: "用户浏览", roleCode: "user_viewer" })).body.success).toBe(true);
  roleId = (await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, "user_viewer")))[0].id;
  const [viewer] = await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, "lisi"));
  // lisi keeps only the new role, so everything they may do comes from it.
  expect((await call("POST", "/sys/user/addSysUserRole", admin, { roleId, userIdList: [viewer.id] })).body.success).toBe(true);
  const { db } = t.database;
  const { sysUserRole } = await import("../../server/db/schema.js");
  await db.delete(sysUserRole).where(and(eq(sysUserRole.userId, viewer.id), inArray(sysUserRole.roleId, db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, "auditor")))));
  await t.setPassword("lisi", "Viewer@123");
});
afterAll(() => t.close());

describe("a menu granted on its own", () => {
  it("lets the role's user list the page's data, and nothing more", async () => {
    expect((await grant([menuIds.system, menuIds.user], [])).body.success).toBe(true);
    const token = await t.login("lisi", "Viewer@123");
    const list = await call("GET", "/sys/user/list", token);
    expect(list.status).toBe(200);
    expect(list.body.result.total).toBeGreaterThan(0);
    expect((await call("POST", "/sys/user/add", token, { username: "nobody1", realname: "无名", password: "Abc@12345678", confirmpassword: "Abc@12345678" })).status).toBe(403);
    const [someone] = await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, "wangfang"));
    expect((await call("DELETE", `/sys/user/delete?id=${someone.id}`, token)).status).toBe(403);
    expect((await t.database.db.select().from(sysUser).where(eq(sysUser.id, someone.id)))[0].delFlag).toBe(0);
    // 角色管理 was not granted: its list stays closed.
    expect((await call("GET", "/sys/role/list", token)).status).toBe(403);
  });

  it("shows the same codes to the console: auth holds the list code, not the other buttons", async () => {
    const token = await t.login("lisi", "Viewer@123");
    const auth = await authOf(token);
    expect(auth).toContain("system:user:list");
    expect(auth).not.toContain("system:user:add");
    expect(auth).not.toContain("system:user:delete");
    expect(auth).not.toContain("system:role:list");
  });

  it("stops implying the list once the menu is taken away (the cached codes follow the grant)", async () => {
    const token = await t.login("lisi", "Viewer@123");
    expect((await call("GET", "/sys/user/list", token)).status).toBe(200);
    await grant([menuIds.system], [menuIds.system, menuIds.user]);
    expect((await call("GET", "/sys/user/list", token)).status).toBe(403);
    expect(await authOf(token)).not.toContain("system:user:list");
    await grant([menuIds.system, menuIds.user], [menuIds.system]);
    expect((await call("GET", "/sys/user/list", token)).status).toBe(200);
  });

  it("does not imply a disabled list button, nor one that is not directly under the menu", async () => {
    const token = await t.login("lisi", "Viewer@123");
    await t.database.db.update(sysPermission).set({ status: "0" }).where(eq(sysPermission.id, menuIds.list));
    try {
      expect((await call("GET", "/sys/user/list", token)).status).toBe(403);
    } finally {
      await t.database.db.update(sysPermission).set({ status: "1" }).where(eq(sysPermission.id, menuIds.list));
    }
    expect((await call("GET", "/sys/user/list", token)).status).toBe(200);
    // Granting the top menu 系统管理 alone implies nothing two levels down.
    await grant([menuIds.system], [menuIds.system, menuIds.user]);
    expect((await call("GET", "/sys/user/list", token)).status).toBe(403);
  });

  it("a button granted without its menu does not open the menu's list (issue 23: every list needs its menu)", async () => {
    const token = await t.login("lisi", "Viewer@123");
    await grant([menuIds.list], [menuIds.system]);
    const res = await call("GET", "/sys/user/list", token);
    expect(res.status).toBe(403);
    await grant([menuIds.list, menuIds.user], [menuIds.list]);
    expect((await call("GET", "/sys/user/list", token)).status).toBe(200);
  });
});
