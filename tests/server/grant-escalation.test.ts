/**
 * A delegated authoriser (system:role:authorize / system:depart:authorize without the admin role) grants only
 * menus and buttons they hold themselves, and never changes what the admin role grants. Refusals are 403
 * and change nothing; the admin role keeps full power.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sysDepart, sysDepartPermission, sysPermission, sysRole, sysRolePermission } from "../../server/db/schema.js";
import { API, buttonsWithMenus, createTestApp, type TestApp } from "./helpers.js";

const HELD_CODES = ["system:role:list", "system:role:authorize", "system:depart:authorize", "system:user:list"];

let t: TestApp;
let admin: string;
let delegate: string;
const ids: Record<string, string> = {};

const call = async (url: string, token: string, payload: object) => {
  const res = await t.app.inject({ method: "POST", url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  return { status: res.statusCode, body: res.json() };
};
const db = () => t.database.db;
const permissionId = async (code: string) => (await db().select().from(sysPermission).where(eq(sysPermission.perms, code)))[0].id;
const grantsOf = async (roleId: string) =>
  (await db().select({ id: sysRolePermission.permissionId }).from(sysRolePermission).where(eq(sysRolePermission.roleId, roleId))).map((r) => r.id).sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  for (const r of await db().select().from(sysRole)) ids[`role:${r.roleCode}`] = r.id;
  expect((await call("/sys/role/add", admin, { roleName: "授权员", roleCode: "grantor" })).body.success).toBe(true);
  expect((await call("/sys/role/add", admin, { roleName: "访客", roleCode: "visitor" })).body.success).toBe(true);
  for (const r of await db().select().from(sysRole)) ids[`role:${r.roleCode}`] = r.id;
  // The buttons with their pages (角色管理, 部门管理, 用户管理): a list answers only holders of its menu.
  const held = await buttonsWithMenus(db(), HELD_CODES);
  expect(held.length).toBeGreaterThan(HELD_CODES.length);
  const granted = await call("/sys/permission/saveRolePermission", admin, { roleId: ids["role:grantor"], permissionIds: held.join(","), lastpermissionIds: "" });
  expect(granted.body.success).toBe(true);
  const [depart] = await db().select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A01"));
  ids.depart = depart.id;
  const added = await call("/sys/user/add", admin, { username: "grantor1", realname: "授权员一", password: "Grant@r12345", selectedroles: ids["role:grantor"], selecteddeparts: depart.id });
  expect(added.body.success).toBe(true);
  delegate = await t.login("grantor1", "Grant@r12345");
});
afterAll(() => t.close());

describe("granting menus and buttons", () => {
  it("refuses to add a button the authoriser does not hold, even to their own role, and changes nothing", async () => {
    const before = await grantsOf(ids["role:grantor"]);
    const held = before.join(",");
    const res = await call("/sys/permission/saveRolePermission", delegate, {
      roleId: ids["role:grantor"],
      permissionIds: `${held},${await permissionId("system:user:delete")}`,
      lastpermissionIds: held,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, message: "不能授予自己没有的菜单或按钮权限" });
    expect(await grantsOf(ids["role:grantor"])).toEqual(before);
  });

  it("lets the authoriser grant what they hold to another role", async () => {
    const list = await permissionId("system:user:list");
    const res = await call("/sys/permission/saveRolePermission", delegate, { roleId: ids["role:visitor"], permissionIds: list, lastpermissionIds: "" });
    expect(res.body).toMatchObject({ success: true });
    expect(await grantsOf(ids["role:visitor"])).toEqual([list]);
  });

  it("refuses any change to the admin role's grants", async () => {
    const before = await grantsOf(ids["role:admin"]);
    const res = await call("/sys/permission/saveRolePermission", delegate, { roleId: ids["role:admin"], permissionIds: "", lastpermissionIds: before.join(",") });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("只有管理员可以修改管理员角色的授权");
    expect(await grantsOf(ids["role:admin"])).toEqual(before);
  });

  it("refuses to give a department a button the authoriser does not hold", async () => {
    const res = await call("/sys/permission/saveDepartPermission", delegate, { departId: ids.depart, permissionIds: await permissionId("system:user:delete"), lastpermissionIds: "" });
    expect(res.status).toBe(403);
    const rows = await db().select().from(sysDepartPermission).where(eq(sysDepartPermission.departId, ids.depart));
    expect(rows).toEqual([]);
  });

  it("keeps the admin's full power to grant anything", async () => {
    const del = await permissionId("system:user:delete");
    const res = await call("/sys/permission/saveRolePermission", admin, { roleId: ids["role:visitor"], permissionIds: `${await permissionId("system:user:list")},${del}`, lastpermissionIds: await permissionId("system:user:list") });
    expect(res.body.success).toBe(true);
    expect(await grantsOf(ids["role:visitor"])).toContain(del);
  });
});
