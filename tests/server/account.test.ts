import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { sysSession, sysUser, sysUserDepart, sysDepart } from "../../server/db/schema.js";
import { nextId } from "../../server/lib/ids.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: "GET" | "PUT", url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload: payload as object });

async function user(username: string) {
  const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, username));
  return row;
}

describe("PUT /sys/user/updatePassword", () => {
  const OLD = "Lisi@old-1";
  const NEW = "Lisi@new-2";

  it("changes the password, keeps this session and ends the user's other sessions", async () => {
    await t.setPassword("lisi", OLD);
    const other = await t.login("lisi", OLD);
    const current = await t.login("lisi", OLD);
    const res = await call("PUT", "/sys/user/updatePassword", current, { username: "lisi", oldpassword: OLD, password: NEW, confirmpassword: NEW });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "密码重置成功!" });

    expect((await call("GET", "/sys/user/getUserInfo", current)).json().success).toBe(true);
    const otherRes = await call("GET", "/sys/user/getUserInfo", other);
    expect(otherRes.statusCode).toBe(500);
    expect(otherRes.json().message).toContain("Token失效");
    const revoked = await t.database.db.select().from(sysSession).where(eq(sysSession.revokeReason, "password-change"));
    expect(revoked).toHaveLength(1);
    expect((await user("lisi")).password).toMatch(/^\$argon2id\$/);

    await expect(t.login("lisi", OLD)).rejects.toThrow();
    expect(await t.login("lisi", NEW)).toBeTruthy();
  });

  it("refuses someone else's password (只允许修改自己的密码！) and changes nothing", async () => {
    const token = await t.login();
    const before = (await user("lisi")).password;
    const res = await call("PUT", "/sys/user/updatePassword", token, { username: "lisi", oldpassword: "x", password: NEW, confirmpassword: NEW });
    expect(res.json()).toMatchObject({ success: false, message: "只允许修改自己的密码！" });
    expect((await user("lisi")).password).toBe(before);
  });

  it.each([
    [{ oldpassword: "wrong-password1!", password: "Good@pass1", confirmpassword: "Good@pass1" }, "旧密码输入错误! 还可尝试 4 次"],
    [{ password: "Good@pass1", confirmpassword: "Other@pass1" }, "两次输入密码不一致!"],
    [{ password: "", confirmpassword: "" }, "新密码不允许为空!"],
    [{ password: "onlyletters", confirmpassword: "onlyletters" }, "密码由8位数字、大小写字母和特殊符号组成!"],
    [{ password: "Ab1!", confirmpassword: "Ab1!" }, "密码由8位数字、大小写字母和特殊符号组成!"],
  ])("refuses %o with %s and keeps the old password and sessions", async (change, message) => {
    await t.setPassword("wangfang", "Wang@fang1");
    const other = await t.login("wangfang", "Wang@fang1");
    const token = await t.login("wangfang", "Wang@fang1");
    const before = (await user("wangfang")).password;
    const res = await call("PUT", "/sys/user/updatePassword", token, { username: "wangfang", oldpassword: "Wang@fang1", ...change });
    expect(res.json()).toMatchObject({ success: false, message });
    expect((await user("wangfang")).password).toBe(before);
    expect((await call("GET", "/sys/user/getUserInfo", other)).json().success).toBe(true);
  });

  it("answers a malformed body with 400", async () => {
    const token = await t.login();
    const res = await call("PUT", "/sys/user/updatePassword", token, { username: "admin", password: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it("requires sign-in", async () => {
    const res = await t.app.inject({ method: "PUT", url: `${API}/sys/user/updatePassword`, payload: { username: "admin", oldpassword: "a", password: "b", confirmpassword: "b" } });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain("Token失效");
  });
});

describe("own profile", () => {
  it("reads the signed-in user with getUserInfo, never the password hash", async () => {
    const token = await t.login();
    const { result } = (await call("GET", "/sys/user/getUserInfo", token)).json();
    expect(result.userInfo).toMatchObject({ username: "admin", realname: "管理员" });
    expect(result.userInfo).not.toHaveProperty("password");
    expect(result.sysAllDictItems).toHaveProperty("sex");
  });

  it("edits one's own profile and avatar with appEdit; the change persists", async () => {
    await t.setPassword("zhaolei", "Zhao@lei12");
    const token = await t.login("zhaolei", "Zhao@lei12");
    const res = await call("PUT", "/sys/user/appEdit", token, {
      realname: "赵磊磊",
      avatar: "20240101/0123abcd.png",
      sex: 2,
      birthday: "1990-05-01",
      email: "zhaolei@example.com",
      phone: "13900000009",
      username: "hacker",
      status: 2,
    });
    expect(res.json()).toMatchObject({ success: true, message: "修改成功!", result: { username: "zhaolei", realname: "赵磊磊", avatar: "20240101/0123abcd.png" } });
    const row = await user("zhaolei");
    expect(row).toMatchObject({ realname: "赵磊磊", avatar: "20240101/0123abcd.png", sex: 2, birthday: "1990-05-01", email: "zhaolei@example.com", phone: "13900000009", status: 1, updateBy: "zhaolei" });
  });

  it("refuses a phone or email another user holds, changing nothing", async () => {
    const token = await t.login();
    const before = await user("admin");
    const phone = await call("PUT", "/sys/user/appEdit", token, { realname: "新名字", phone: "13800000001" });
    expect(phone.json()).toMatchObject({ success: false, message: "手机号已存在!" });
    const email = await call("PUT", "/sys/user/appEdit", token, { email: "zhaolei@example.com" });
    expect(email.json()).toMatchObject({ success: false, message: "邮箱已存在!" });
    expect((await user("admin")).realname).toBe(before.realname);
  });

  it.each([
    [{ avatar: "../../etc/passwd.png" }, "头像"],
    [{ avatar: "javascript:alert(1)" }, "头像"],
    [{ email: "not-an-email" }, "邮箱"],
    [{ phone: "123" }, "手机号码"],
    [{ sex: 7 }, "性别"],
    [{ birthday: "yesterday" }, "生日"],
    [{ realname: "" }, "用户姓名"],
  ])("rejects %o with 400 naming the field by its Chinese label", async (body, label) => {
    const token = await t.login();
    const res = await call("PUT", "/sys/user/appEdit", token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`「${label}」`);
    expect(res.json().message).not.toContain(Object.keys(body)[0]);
  });
});

describe("department switch (used by the header's 切换部门 dialog)", () => {
  it("lists a multi-department user's departments and switches the current one", async () => {
    await t.setPassword("chenjing", "Chen@jing1");
    const me = await user("chenjing");
    const [ops] = await t.database.db.select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A01"));
    await t.database.db.insert(sysUserDepart).values({ id: nextId(), userId: me.id, depId: ops.id });
    const token = await t.login("chenjing", "Chen@jing1");

    const departs = (await call("GET", "/sys/user/getCurrentUserDeparts", token)).json().result;
    expect(departs.list.map((d: { orgCode: string }) => d.orgCode).sort()).toEqual(["A01A01", "A02A01"]);
    expect(departs.orgCode).toBe("A02A01");

    const res = await call("PUT", "/sys/selectDepart", token, { orgCode: "A01A01", username: "chenjing" });
    expect(res.json()).toMatchObject({ success: true, result: { userInfo: { username: "chenjing", orgCode: "A01A01" } } });
    expect((await call("GET", "/sys/user/getCurrentUserDeparts", token)).json().result.orgCode).toBe("A01A01");

    const foreign = await call("PUT", "/sys/selectDepart", token, { orgCode: "A01A03" });
    expect(foreign.json()).toMatchObject({ success: false });
    const stillOps = await t.database.db.select({ orgCode: sysUser.orgCode }).from(sysUser).where(and(eq(sysUser.id, me.id), isNull(sysUser.thirdId)));
    expect(stillOps[0].orgCode).toBe("A01A01");
  });
});
