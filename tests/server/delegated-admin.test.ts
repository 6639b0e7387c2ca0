/**
 * Delegated user administration (issue 7, item 12; docs/security.md): a user with user-administration codes
 * but not the admin role acts only on accounts within their own privileges and grants only roles they
 * hold. Every refusal is a 403 with a Chinese message and changes nothing; the admin role keeps full power.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { sysDepart, sysDepartRoleUser, sysPermission, sysRole, sysSession, sysUser, sysUserDepart, sysUserRole } from "../../server/db/schema.js";
import { writeWorkbook } from "../../server/lib/excel.js";
import { API, buttonsWithMenus, createTestApp, type TestApp } from "./helpers.js";

const OUTRANKED = "不能操作权限高于自己的用户";
const NOT_HELD = "不能授予自己没有的角色";

/** What the limited role may do: user administration, role membership, department membership. */
const DELEGATE_CODES = [
  "system:user:list",
  "system:user:queryById",
  "system:user:add",
  "system:user:edit",
  "system:user:delete",
  "system:user:deleteBatch",
  "system:user:frozen",
  "system:user:resetPassword",
  "system:user:import",
  "system:role:list",
  "system:role:edit",
  "system:departUser:list",
  "system:departUser:add",
  "system:departUser:delete",
  "system:departUser:deleteBatch",
  "system:depart:authorize",
];

let t: TestApp;
let admin: string;
let delegate: string;
const ids: Record<string, string> = {};

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = async (method: Method, url: string, token: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  return { status: res.statusCode, body: res.json() };
};
const db = () => t.database.db;
const userRow = async (username: string) => (await db().select().from(sysUser).where(eq(sysUser.username, username)))[0];
const rolesOf = async (userId: string) => (await db().select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId))).map((r) => r.id).sort();
const departsOf = async (userId: string) => (await db().select({ id: sysUserDepart.depId }).from(sysUserDepart).where(eq(sysUserDepart.userId, userId))).map((r) => r.id).sort();

/** Everything a refusal must leave alone, for the given users. */
async function snapshot(usernames: string[]) {
  const rows = await db().select().from(sysUser).where(inArray(sysUser.username, usernames));
  const out: Record<string, unknown> = {};
  for (const u of rows) out[u.username] = { row: u, roles: await rolesOf(u.id), departs: await departsOf(u.id) };
  return out;
}

async function expectRefused(res: { status: number; body: { success: boolean; message: string } }, message: string) {
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ success: false, code: 510, message });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const roles = await db().select().from(sysRole);
  for (const r of roles) ids[`role:${r.roleCode}`] = r.id;
  const departs = await db().select().from(sysDepart);
  for (const d of departs) ids[`depart:${d.orgCode}`] = d.id;

  // The limited role, created and authorised through the API like an administrator would.
  expect((await call("POST", "/sys/role/add", admin, { roleName: "用户管理员", roleCode: "user_admin" })).body.success).toBe(true);
  const [role] = await db().select().from(sysRole).where(eq(sysRole.roleCode, "user_admin"));
  ids["role:user_admin"] = role.id;
  // The buttons with their pages: a list answers only holders of its menu.
  const perms = await buttonsWithMenus(db(), DELEGATE_CODES);
  expect(perms.length).toBeGreaterThan(DELEGATE_CODES.length);
  const granted = await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: perms.join(","), lastpermissionIds: "" });
  expect(granted.body.success).toBe(true);

  const add = async (username: string, roleIds: string[]) => {
    const res = await call("POST", "/sys/user/add", admin, {
      username,
      realname: username,
      password: "Deleg@te123",
      selectedroles: roleIds.join(","),
      selecteddeparts: ids["depart:A01A01"],
    });
    expect(res.body.success).toBe(true);
    ids[username] = (await userRow(username)).id;
  };
  await add("delegate", [role.id]);
  await add("peer", []);
  await add("peer2", []);
  await add("equal", [role.id]);
  delegate = await t.login("delegate", "Deleg@te123");
  for (const u of ["admin", "zhangsan", "lisi"]) ids[u] = (await userRow(u)).id;
});
afterAll(() => t.close());

describe("a delegated administrator (system:user:* without the admin role)", () => {
  it("cannot edit a user holding the admin role: no name, role or department change", async () => {
    const before = await snapshot(["admin"]);
    const res = await call("PUT", "/sys/user/edit", delegate, {
      id: ids.admin,
      realname: "被改的管理员",
      selectedroles: ids["role:user_admin"],
      selecteddeparts: ids["depart:A01A03"],
    });
    await expectRefused(res, OUTRANKED);
    expect(await snapshot(["admin"])).toEqual(before);
  });

  it("cannot edit a user holding permissions the delegate lacks (an operator's business menus)", async () => {
    const before = await snapshot(["zhangsan"]);
    await expectRefused(await call("PUT", "/sys/user/edit", delegate, { id: ids.zhangsan, realname: "张三三" }), OUTRANKED);
    expect(await snapshot(["zhangsan"])).toEqual(before);
  });

  it("edits a user within their privileges, and one with exactly the same role", async () => {
    const res = await call("PUT", "/sys/user/edit", delegate, { id: ids.peer, realname: "同事", selectedroles: "", selecteddeparts: ids["depart:A01A02"] });
    expect(res.body).toMatchObject({ success: true, message: "修改成功!" });
    expect((await userRow("peer")).realname).toBe("同事");
    expect(await departsOf(ids.peer)).toEqual([ids["depart:A01A02"]]);
    expect((await call("PUT", "/sys/user/edit", delegate, { id: ids.equal, realname: "同级" })).body.success).toBe(true);
  });

  it("cannot grant a role they do not hold, on edit or on add; roles they hold are fine", async () => {
    const before = await snapshot(["peer"]);
    await expectRefused(await call("PUT", "/sys/user/edit", delegate, { id: ids.peer, selectedroles: ids["role:admin"] }), NOT_HELD);
    await expectRefused(await call("PUT", "/sys/user/edit", delegate, { id: ids.peer, selectedroles: `${ids["role:user_admin"]},${ids["role:operator"]}` }), NOT_HELD);
    expect(await snapshot(["peer"])).toEqual(before);

    await expectRefused(
      await call("POST", "/sys/user/add", delegate, { username: "sneaky", realname: "偷偷", password: "Sneaky@123", selectedroles: ids["role:admin"] }),
      NOT_HELD,
    );
    expect(await userRow("sneaky")).toBeUndefined();

    expect((await call("POST", "/sys/user/add", delegate, { username: "newbie", realname: "新人", password: "Newbie@123", selectedroles: ids["role:user_admin"] })).body.success).toBe(true);
    expect(await rolesOf((await userRow("newbie")).id)).toEqual([ids["role:user_admin"]]);
  });

  it("cannot give themselves a role they do not hold", async () => {
    const before = await snapshot(["delegate"]);
    await expectRefused(await call("PUT", "/sys/user/edit", delegate, { id: ids.delegate, selectedroles: `${ids["role:user_admin"]},${ids["role:admin"]}` }), NOT_HELD);
    expect(await snapshot(["delegate"])).toEqual(before);
  });

  it("keeps or removes a role they do not hold on a user within their privileges, but cannot add it back", async () => {
    // An administrator creates a narrow role (a subset of the delegate's codes) and gives it to peer2.
    expect((await call("POST", "/sys/role/add", admin, { roleName: "只读", roleCode: "viewer" })).body.success).toBe(true);
    const [viewer] = await db().select().from(sysRole).where(eq(sysRole.roleCode, "viewer"));
    const [list] = await db().select({ id: sysPermission.id }).from(sysPermission).where(eq(sysPermission.perms, "system:user:list"));
    expect((await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: viewer.id, permissionIds: list.id, lastpermissionIds: "" })).body.success).toBe(true);
    expect((await call("POST", "/sys/user/addSysUserRole", admin, { roleId: viewer.id, userIdList: [ids.peer2] })).body.success).toBe(true);

    // The form sends the role back unchanged: no grant, so the edit goes through.
    expect((await call("PUT", "/sys/user/edit", delegate, { id: ids.peer2, realname: "只读同事", selectedroles: viewer.id })).body.success).toBe(true);
    expect(await rolesOf(ids.peer2)).toEqual([viewer.id]);
    // Removing it only lowers peer2's privileges.
    expect((await call("PUT", "/sys/user/edit", delegate, { id: ids.peer2, selectedroles: "" })).body.success).toBe(true);
    expect(await rolesOf(ids.peer2)).toEqual([]);
    // Giving it back is a grant of a role the delegate does not hold.
    await expectRefused(await call("PUT", "/sys/user/edit", delegate, { id: ids.peer2, selectedroles: viewer.id }), NOT_HELD);
    await expectRefused(await call("POST", "/sys/user/addSysUserRole", delegate, { roleId: viewer.id, userIdList: [ids.peer2] }), NOT_HELD);
    expect(await rolesOf(ids.peer2)).toEqual([]);
  });

  it("cannot delete, batch-delete or freeze an outranking user; a batch with one is refused whole", async () => {
    const before = await snapshot(["admin", "peer", "zhangsan"]);
    await expectRefused(await call("DELETE", `/sys/user/delete?id=${ids.admin}`, delegate), OUTRANKED);
    await expectRefused(await call("DELETE", `/sys/user/deleteBatch?ids=${ids.peer},${ids.admin}`, delegate), OUTRANKED);
    await expectRefused(await call("PUT", "/sys/user/frozenBatch", delegate, { ids: `${ids.peer},${ids.zhangsan}`, status: 2 }), OUTRANKED);
    await expectRefused(await call("PUT", "/sys/user/frozenBatch", delegate, { ids: ids.admin, status: 1 }), OUTRANKED);
    expect(await snapshot(["admin", "peer", "zhangsan"])).toEqual(before);
    const sessions = await db().select().from(sysSession).where(and(eq(sysSession.userId, ids.admin)));
    expect(sessions.every((s) => s.revokeTime === null)).toBe(true);

    expect((await call("PUT", "/sys/user/frozenBatch", delegate, { ids: ids.peer, status: 2 }).then((r) => r.body)).success).toBe(true);
    expect((await userRow("peer")).status).toBe(2);
    expect((await call("PUT", "/sys/user/frozenBatch", delegate, { ids: ids.peer, status: 1 })).body.success).toBe(true);
  });

  it("cannot reset an outranking user's password", async () => {
    const before = (await userRow("admin")).password;
    await expectRefused(await call("PUT", "/sys/user/changePassword", delegate, { username: "admin", password: "Taken@over1", confirmpassword: "Taken@over1" }), OUTRANKED);
    expect((await userRow("admin")).password).toBe(before);
    expect((await call("PUT", "/sys/user/changePassword", delegate, { username: "peer", password: "Peer@pass12", confirmpassword: "Peer@pass12" })).body.success).toBe(true);
    expect(await t.login("peer", "Peer@pass12")).toBeTruthy();
  });

  it("role screen: cannot add users to a role they do not hold, nor add or remove outranking users", async () => {
    const before = await snapshot(["peer", "admin", "zhangsan"]);
    await expectRefused(await call("POST", "/sys/user/addSysUserRole", delegate, { roleId: ids["role:admin"], userIdList: [ids.peer] }), NOT_HELD);
    await expectRefused(await call("POST", "/sys/user/addSysUserRole", delegate, { roleId: ids["role:user_admin"], userIdList: [ids.peer, ids.zhangsan] }), OUTRANKED);
    await expectRefused(await call("DELETE", `/sys/user/deleteUserRole?roleId=${ids["role:admin"]}&userId=${ids.admin}`, delegate), OUTRANKED);
    await expectRefused(await call("DELETE", `/sys/user/deleteUserRoleBatch?roleId=${ids["role:operator"]}&userIds=${ids.peer},${ids.zhangsan}`, delegate), OUTRANKED);
    expect(await snapshot(["peer", "admin", "zhangsan"])).toEqual(before);

    expect((await call("POST", "/sys/user/addSysUserRole", delegate, { roleId: ids["role:user_admin"], userIdList: [ids.peer] })).body.success).toBe(true);
    expect(await rolesOf(ids.peer)).toEqual([ids["role:user_admin"]]);
    expect((await call("DELETE", `/sys/user/deleteUserRole?roleId=${ids["role:user_admin"]}&userId=${ids.peer}`, delegate)).body.success).toBe(true);
    expect(await rolesOf(ids.peer)).toEqual([]);
  });

  it("department screens: cannot add or remove outranking users, nor grant a department role they do not hold", async () => {
    const before = await snapshot(["peer", "admin"]);
    await expectRefused(await call("POST", "/sys/user/editSysDepartWithUser", delegate, { depId: ids["depart:A01A03"], userIdList: [ids.peer, ids.admin] }), OUTRANKED);
    await expectRefused(await call("DELETE", `/sys/user/deleteUserInDepart?depId=${ids["depart:A01"]}&userId=${ids.admin}`, delegate), OUTRANKED);
    await expectRefused(await call("DELETE", `/sys/user/deleteUserInDepartBatch?depId=${ids["depart:A01"]}&userIds=${ids.admin}`, delegate), OUTRANKED);
    expect(await snapshot(["peer", "admin"])).toEqual(before);

    const added = await call("POST", "/sys/sysDepartRole/add", admin, { departId: ids["depart:A01A02"], roleName: "审核组长", roleCode: "audit_lead" });
    expect(added.body.success).toBe(true);
    const drole = (await call("GET", `/sys/sysDepartRole/getDeptRoleList?departId=${ids["depart:A01A02"]}`, admin)).body.result[0].id as string;
    await expectRefused(await call("POST", "/sys/sysDepartRole/deptRoleUserAdd", delegate, { userId: ids.peer, newRoleId: drole, oldRoleId: "" }), "不能授予自己没有的部门角色");
    await expectRefused(await call("POST", "/sys/sysDepartRole/deptRoleUserAdd", delegate, { userId: ids.admin, newRoleId: "", oldRoleId: "" }), OUTRANKED);
    expect(await db().select().from(sysDepartRoleUser).where(eq(sysDepartRoleUser.droleId, drole))).toEqual([]);

    // Once the delegate holds that department role, they may pass it on.
    expect((await call("PUT", "/sys/user/edit", admin, { id: ids.delegate, selecteddeparts: `${ids["depart:A01A01"]},${ids["depart:A01A02"]}` })).body.success).toBe(true);
    expect((await call("POST", "/sys/sysDepartRole/deptRoleUserAdd", admin, { userId: ids.delegate, newRoleId: drole, oldRoleId: "" })).body.success).toBe(true);
    expect((await call("POST", "/sys/sysDepartRole/deptRoleUserAdd", delegate, { userId: ids.peer, newRoleId: drole, oldRoleId: "" })).body.success).toBe(true);
    expect(await db().select({ u: sysDepartRoleUser.userId }).from(sysDepartRoleUser).where(eq(sysDepartRoleUser.droleId, drole))).toHaveLength(2);
  });

  it("Excel import: cannot update an outranking user or grant a role they do not hold", async () => {
    const importRows = async (rows: Array<{ username: string; realname: string; roles: string }>) => {
      const book = await writeWorkbook({
        title: "用户信息",
        exporter: "x",
        columns: [
          { header: "用户账号", value: (r: (typeof rows)[number]) => r.username },
          { header: "用户姓名", value: (r: (typeof rows)[number]) => r.realname },
          { header: "角色编码", value: (r: (typeof rows)[number]) => r.roles },
        ],
        records: rows,
      });
      const boundary = "----rmdeleg" + Math.random().toString(16).slice(2);
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      const res = await t.app.inject({
        method: "POST",
        url: `${API}/sys/user/importExcel`,
        headers: { "x-access-token": delegate, "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([Buffer.from(head), book, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      });
      return { status: res.statusCode, body: res.json() };
    };
    const before = await snapshot(["admin", "peer"]);
    await expectRefused(await importRows([{ username: "admin", realname: "被导入", roles: "user_admin" }]), OUTRANKED);
    await expectRefused(await importRows([{ username: "peer", realname: "同事", roles: "admin" }, { username: "imported", realname: "新", roles: "" }]), NOT_HELD);
    expect(await snapshot(["admin", "peer"])).toEqual(before);
    expect(await userRow("imported")).toBeUndefined();

    expect((await importRows([{ username: "imported", realname: "新", roles: "user_admin" }])).body.success).toBe(true);
    expect(await rolesOf((await userRow("imported")).id)).toEqual([ids["role:user_admin"]]);
  });
});

describe("the admin role keeps full power", () => {
  it("edits, grants any role to, freezes and resets other users, administrators included", async () => {
    expect((await call("PUT", "/sys/user/edit", admin, { id: ids.zhangsan, realname: "张三", selectedroles: `${ids["role:operator"]},${ids["role:auditor"]}` })).body.success).toBe(true);
    expect(await rolesOf(ids.zhangsan)).toEqual([ids["role:operator"], ids["role:auditor"]].sort());
    expect((await call("PUT", "/sys/user/frozenBatch", admin, { ids: ids.zhangsan, status: 2 })).body.success).toBe(true);
    expect((await call("PUT", "/sys/user/frozenBatch", admin, { ids: ids.zhangsan, status: 1 })).body.success).toBe(true);

    // A second administrator, made by the first, may act on the first one.
    expect((await call("POST", "/sys/user/addSysUserRole", admin, { roleId: ids["role:admin"], userIdList: [ids.peer2] })).body.success).toBe(true);
    expect((await call("PUT", "/sys/user/changePassword", admin, { username: "peer2", password: "Peer2@pass1", confirmpassword: "Peer2@pass1" })).body.success).toBe(true);
    const admin2 = await t.login("peer2", "Peer2@pass1");
    expect((await call("PUT", "/sys/user/edit", admin2, { id: ids.admin, realname: "管理员" })).body.success).toBe(true);
    // peer2 now holds the admin role: out of the delegate's reach.
    await expectRefused(await call("PUT", "/sys/user/frozenBatch", delegate, { ids: ids.peer2, status: 2 }), OUTRANKED);
  });
});
