import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { sysDepart, sysRole, sysUser, sysUserDepart, sysUserRole } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;
let roles: Record<string, string>;
let departs: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operator = await t.login("zhangsan", "Operator@1");
  const db = t.database.db;
  roles = Object.fromEntries((await db.select().from(sysRole)).map((r) => [r.roleCode, r.id]));
  departs = Object.fromEntries((await db.select().from(sysDepart)).map((d) => [d.orgCode, d.id]));
});
afterAll(() => t.close());

const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string | null, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: token ? { "x-access-token": token } : {}, payload });
  return { status: res.statusCode, body: res.json() };
};
const userCount = async () => Number((await t.database.db.select({ n: count() }).from(sysUser))[0].n);
const byName = async (username: string) => (await t.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0];

const newUser = (over: Record<string, unknown> = {}) => ({
  username: "wuhua",
  realname: "吴华",
  password: "Wuhua@2024",
  sex: 2,
  phone: "13900000011",
  email: "wuhua@example.com",
  workNo: "W011",
  selectedroles: `${roles.operator},`,
  selecteddeparts: departs.A01A01,
  ...over,
});

describe("POST /sys/user/add", () => {
  it("creates the user with roles, departments, a hashed password and server-side audit columns", async () => {
    const { body } = await call("POST", "/sys/user/add", admin, newUser({ createBy: "mallory", status: 2, delFlag: 1 }));
    expect(body).toMatchObject({ success: true, message: "添加成功！" });
    const row = await byName("wuhua");
    expect(row).toMatchObject({ realname: "吴华", status: 1, delFlag: 0, createBy: "admin", orgCode: "A01A01" });
    expect(row.password).toMatch(/^\$argon2id\$/);
    const db = t.database.db;
    expect((await db.select().from(sysUserRole).where(eq(sysUserRole.userId, row.id))).map((r) => r.roleId)).toEqual([roles.operator]);
    expect((await db.select().from(sysUserDepart).where(eq(sysUserDepart.userId, row.id))).map((r) => r.depId)).toEqual([departs.A01A01]);
    expect(await t.login("wuhua", "Wuhua@2024")).toBeTruthy();
  });

  it("refuses a username, phone, work number or email another user holds, changing nothing", async () => {
    const before = await userCount();
    for (const [over, message] of [
      [{ username: "wuhua", phone: null, email: null, workNo: null }, "用户账号已存在"],
      [{ username: "x1", phone: "13900000011", email: null, workNo: null }, "手机号已存在"],
      [{ username: "x2", phone: null, email: "wuhua@example.com", workNo: null }, "邮箱已存在"],
      [{ username: "x3", phone: null, email: null, workNo: "W011" }, "工号已存在"],
    ] as const) {
      const { status, body } = await call("POST", "/sys/user/add", admin, newUser(over));
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, message });
    }
    expect(await userCount()).toBe(before);
  });

  it("answers 400 with a Chinese message for bad input and a weak password", async () => {
    const weak = await call("POST", "/sys/user/add", admin, newUser({ username: "weak", password: "12345678", phone: null, email: null, workNo: null }));
    expect(weak).toMatchObject({ status: 400, body: { success: false, message: "密码由8位数字、大小写字母和特殊符号组成!" } });
    const phone = await call("POST", "/sys/user/add", admin, newUser({ username: "badphone", phone: "12345" }));
    expect(phone.status).toBe(400);
    expect(phone.body.message).toBe("请求体校验失败：「手机号码」格式不正确");
    const missing = await call("POST", "/sys/user/add", admin, { username: "nobody" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/缺少必填字段/);
    expect(await byName("weak")).toBeUndefined();
  });

  it("rolls back when a role does not exist: no user, no links", async () => {
    const before = await userCount();
    const { status, body } = await call("POST", "/sys/user/add", admin, newUser({ username: "ghost", phone: null, email: null, workNo: null, selectedroles: "no-such-role" }));
    expect(status).toBe(400);
    expect(body.message).toBe("所选角色不存在");
    expect(await userCount()).toBe(before);
  });

  it("is refused (403, code 510) for a user without system:user:add, and nothing is created", async () => {
    const before = await userCount();
    const { status, body } = await call("POST", "/sys/user/add", operator, newUser({ username: "sneaky", phone: null, email: null, workNo: null }));
    expect(status).toBe(403);
    expect(body).toMatchObject({ success: false, code: 510 });
    expect(await userCount()).toBe(before);
  });
});

describe("PUT /sys/user/edit", () => {
  it("updates the profile, replaces roles and departments, keeps the password", async () => {
    const user = await byName("wuhua");
    const { body } = await call("PUT", "/sys/user/edit", admin, {
      id: user.id,
      realname: "吴华华",
      phone: "",
      email: "",
      selectedroles: `${roles.auditor},${roles.operator}`,
      selecteddeparts: departs.A01A02,
      password: "ignored",
      username: "renamed",
    });
    expect(body).toMatchObject({ success: true, message: "修改成功!" });
    const row = await byName("wuhua");
    expect(row).toMatchObject({ realname: "吴华华", phone: null, email: null, orgCode: "A01A02", updateBy: "admin", password: user.password });
    const db = t.database.db;
    expect((await db.select().from(sysUserRole).where(eq(sysUserRole.userId, row.id))).map((r) => r.roleId).sort()).toEqual([roles.auditor, roles.operator].sort());
    expect((await db.select().from(sysUserDepart).where(eq(sysUserDepart.userId, row.id))).map((r) => r.depId)).toEqual([departs.A01A02]);
  });

  it("answers 未找到对应实体 for an unknown id", async () => {
    expect((await call("PUT", "/sys/user/edit", admin, { id: "nope", realname: "x" })).body).toMatchObject({ success: false, message: "未找到对应实体" });
  });
});

describe("roles and departments of a user", () => {
  it("queryUserRole lists role ids, and refuses a user with none", async () => {
    const user = await byName("wuhua");
    expect((await call("GET", `/sys/user/queryUserRole?userid=${user.id}`, admin)).body.result.sort()).toEqual([roles.auditor, roles.operator].sort());
    expect((await call("GET", "/sys/user/queryUserRole?userid=none", admin)).body).toMatchObject({ success: false, message: "未找到用户相关角色信息" });
  });

  it("userDepartList answers key/value/title; queryUserByDepId covers the department subtree", async () => {
    const user = await byName("wuhua");
    expect((await call("GET", `/sys/user/userDepartList?userId=${user.id}`, admin)).body.result).toEqual([{ key: departs.A01A02, value: departs.A01A02, title: "内容审核部" }]);
    const names = (await call("GET", `/sys/user/queryUserByDepId?id=${departs.A01}`, admin)).body.result.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(["admin", "lisi", "wuhua", "zhangsan"]));
    expect(names).not.toContain("chenjing");
  });

  it("userRoleList pages the users of a role; addSysUserRole and deleteUserRoleBatch manage them", async () => {
    const user = await byName("wuhua");
    const listed = async () => (await call("GET", `/sys/user/userRoleList?roleId=${roles.admin}`, admin)).body.result.records.map((u: { username: string }) => u.username);
    expect(await listed()).toEqual(["admin"]);
    expect((await call("POST", "/sys/user/addSysUserRole", admin, { roleId: roles.admin, userIdList: [user.id] })).body.message).toBe("添加成功!");
    expect((await listed()).sort()).toEqual(["admin", "wuhua"]);
    await call("DELETE", `/sys/user/deleteUserRoleBatch?roleId=${roles.admin}&userIds=${user.id},`, admin);
    expect(await listed()).toEqual(["admin"]);
  });

  it("departUserList, editSysDepartWithUser and deleteUserInDepart manage department members", async () => {
    const user = await byName("wuhua");
    const members = async () => (await call("GET", `/sys/user/departUserList?depId=${departs.A02A01}`, admin)).body.result.records.map((u: { username: string }) => u.username);
    expect(await members()).toEqual(["chenjing"]);
    await call("POST", "/sys/user/editSysDepartWithUser", admin, { depId: departs.A02A01, userIdList: [user.id] });
    expect((await members()).sort()).toEqual(["chenjing", "wuhua"]);
    expect((await call("DELETE", `/sys/user/deleteUserInDepart?depId=${departs.A02A01}&userId=${user.id}`, admin)).body.success).toBe(true);
    expect((await call("DELETE", `/sys/user/deleteUserInDepart?depId=${departs.A02A01}&userId=${user.id}`, admin)).body).toMatchObject({
      success: false,
      message: "当前选中部门与用户无关联关系!",
    });
  });
});

describe("checkOnlyUser", () => {
  it("answers JeecgBoot's shapes for a taken and a free username", async () => {
    expect((await call("GET", "/sys/user/checkOnlyUser?username=admin", admin)).body).toMatchObject({ success: false, message: "用户账号已存在", result: true });
    expect((await call("GET", "/sys/user/checkOnlyUser?username=free_name", admin)).body).toMatchObject({ success: true, result: true });
  });

  it("cannot be used anonymously or without the user list permission to enumerate accounts", async () => {
    expect((await call("GET", "/sys/user/checkOnlyUser?username=admin", null)).status).toBe(500);
    expect((await call("GET", "/sys/user/checkOnlyUser?username=admin", operator)).status).toBe(403);
  });

  it("only tests allow-listed fields", async () => {
    const { status } = await call("GET", "/sys/user/checkOnlyUser?password=x", admin);
    expect(status).toBe(400);
  });
});

describe("freeze, reset password, delete", () => {
  it("frozenBatch freezes and ends the user's sessions at once; unfreezing lets them sign in again", async () => {
    const user = await byName("wuhua");
    const token = await t.login("wuhua", "Wuhua@2024");
    expect((await call("GET", "/sys/permission/getUserPermissionByToken", token)).status).toBe(200);
    expect((await call("PUT", "/sys/user/frozenBatch", admin, { ids: `${user.id},`, status: 2 })).body.message).toBe("操作成功!");
    expect((await byName("wuhua")).status).toBe(2);
    expect((await call("GET", "/sys/permission/getUserPermissionByToken", token)).body).toMatchObject({ success: false, code: 401, message: "该用户已冻结" });
    await call("PUT", "/sys/user/frozenBatch", admin, { ids: user.id, status: 1 });
    expect(await t.login("wuhua", "Wuhua@2024")).toBeTruthy();
  });

  it("refuses to freeze or delete the signed-in user, and a bad status is 400", async () => {
    const me = await byName("admin");
    expect((await call("PUT", "/sys/user/frozenBatch", admin, { ids: me.id, status: 2 })).body.message).toBe("不能冻结当前登录用户");
    expect((await call("DELETE", `/sys/user/delete?id=${me.id}`, admin)).body.message).toBe("不能删除当前登录用户");
    expect((await call("PUT", "/sys/user/frozenBatch", admin, { ids: me.id, status: 3 })).status).toBe(400);
    expect((await byName("admin")).status).toBe(1);
  });

  it("changePassword resets another user's password (rule and confirmation checked) and ends their sessions", async () => {
    const token = await t.login("wuhua", "Wuhua@2024");
    expect((await call("PUT", "/sys/user/changePassword", admin, { username: "wuhua", password: "short", confirmpassword: "short" })).status).toBe(400);
    expect((await call("PUT", "/sys/user/changePassword", admin, { username: "wuhua", password: "New@pass123", confirmpassword: "Other@pass123" })).body.message).toBe("两次输入密码不一致!");
    expect((await call("PUT", "/sys/user/changePassword", admin, { username: "nobody", password: "New@pass123" })).body.message).toBe("用户不存在！");
    expect((await call("PUT", "/sys/user/changePassword", admin, { username: "wuhua", password: "New@pass123", confirmpassword: "New@pass123" })).body.message).toBe("密码修改成功!");
    expect((await call("GET", "/sys/permission/getUserPermissionByToken", token)).status).toBe(500);
    expect(await t.login("wuhua", "New@pass123")).toBeTruthy();
    expect((await call("PUT", "/sys/user/changePassword", operator, { username: "admin", password: "Hack@12345" })).status).toBe(403);
  });

  it("delete is logical and hides the user from the list; deleteBatch needs ids", async () => {
    const user = await byName("wuhua");
    expect((await call("DELETE", `/sys/user/delete?id=${user.id}`, admin)).body.message).toBe("删除用户成功");
    expect((await byName("wuhua")).delFlag).toBe(1);
    const list = (await call("GET", "/sys/user/list?pageSize=100", admin)).body.result.records.map((u: { username: string }) => u.username);
    expect(list).not.toContain("wuhua");
    expect((await call("DELETE", "/sys/user/deleteBatch?ids=,", admin)).body).toMatchObject({ success: false, message: "参数不识别！" });
    expect((await call("DELETE", `/sys/user/deleteBatch?ids=${user.id}`, operator)).status).toBe(403);
  });
});

describe("null fields", () => {
  it("keeps an unset sex NULL (type coercion does not turn null into 0)", async () => {
    await call("POST", "/sys/user/add", admin, { username: "nullsex", realname: "无性别", password: "Nullsex@2024", sex: null, userIdentity: null });
    expect(await byName("nullsex")).toMatchObject({ sex: null, userIdentity: null });
  });
});
