import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { sysLog, sysSession, sysUser } from "../../server/db/schema.js";
import { API, ADMIN_PASSWORD, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: `${API}/sys/login`, payload });
const get = (url: string, token?: string) =>
  t.app.inject({ method: "GET", url: `${API}${url}`, headers: token ? { "x-access-token": token } : {} });

describe("POST /sys/login", () => {
  it("signs in with code 200 and returns token, user info without secrets, departments and dictionaries", async () => {
    const res = await login({ username: "admin", password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200, message: "登录成功" });
    expect(body.result.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.result.userInfo).toMatchObject({ username: "admin", realname: "管理员", orgCode: "A01", status: 1 });
    expect(body.result.userInfo).not.toHaveProperty("password");
    expect(body.result.userInfo).not.toHaveProperty("salt");
    expect(body.result.multi_depart).toBe(1);
    expect(body.result.departs.map((d: { orgCode: string }) => d.orgCode)).toEqual(["A01"]);
    expect(body.result.sysAllDictItems.sex).toEqual([
      { value: "1", text: "男", title: "男", label: "男" },
      { value: "2", text: "女", title: "女", label: "女" },
    ]);
  });

  it("stores an argon2id hash, never the password", async () => {
    const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, "admin"));
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.password).not.toContain(ADMIN_PASSWORD);
  });

  it("refuses a wrong password and an unknown user with the same message", async () => {
    const wrong = (await login({ username: "lisi", password: "nope" })).json();
    const unknown = (await login({ username: "no-such-user", password: "nope" })).json();
    expect(wrong).toMatchObject({ success: false, code: 500 });
    expect(wrong.message).toMatch(/^用户名或密码错误/);
    expect(unknown.message).toMatch(/^用户名或密码错误/);
  });

  it("locks an account after repeated failures, even for the right password, and says so in Chinese", async () => {
    await t.setPassword("wangfang", "Right@pass1");
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await login({ username: "wangfang", password: "bad" })).json().message);
    expect(messages[0]).toBe("用户名或密码错误，还可尝试 4 次");
    expect(messages[4]).toBe("密码错误次数过多，账号已锁定，请 15 分钟后再试");
    const locked = (await login({ username: "wangfang", password: "Right@pass1" })).json();
    expect(locked).toMatchObject({ success: false, message: "密码错误次数过多，账号已锁定，请 15 分钟后再试" });
  });

  it("refuses a frozen user after a correct password", async () => {
    await t.setPassword("zhaolei", "Right@pass1");
    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, "zhaolei"));
    const body = (await login({ username: "zhaolei", password: "Right@pass1" })).json();
    expect(body).toMatchObject({ success: false, message: "该用户已冻结" });
    await t.database.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, "zhaolei"));
  });

  it("writes a login log", async () => {
    await t.login();
    const rows = await t.database.db.select().from(sysLog).where(eq(sysLog.logType, 1));
    expect(rows.some((r) => r.logContent === "用户名: admin,登录成功！")).toBe(true);
  });

  it("answers a missing field with 400 and a Chinese message", async () => {
    const res = await login({ username: "admin" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: "请求体校验失败：缺少必填字段「密码」" });
  });
});

describe("captcha", () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({ LOGIN_CAPTCHA: "true" });
  });
  afterAll(() => c.close());
  const captchaFor = async (key: string) => {
    const res = await c.app.inject({ method: "GET", url: `${API}/sys/randomImage/${key}` });
    expect(res.json().result).toMatch(/^data:image\/svg\+xml;base64,/);
    return (await c.ctx.kv.get(`captcha:${key}`))!;
  };
  const tryLogin = (payload: Record<string, unknown>) =>
    c.app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username: "admin", password: ADMIN_PASSWORD, ...payload } });

  it("requires a captcha when enabled", async () => {
    expect((await tryLogin({})).json()).toMatchObject({ success: false, message: "验证码无效" });
  });

  it("refuses a wrong captcha", async () => {
    await captchaFor("1001");
    expect((await tryLogin({ captcha: "zzzz", checkKey: "1001" })).json()).toMatchObject({ success: false, message: "验证码错误" });
  });

  it("accepts the right captcha, case-insensitively, exactly once", async () => {
    const code = await captchaFor("1002");
    const first = await tryLogin({ captcha: code.toUpperCase(), checkKey: 1002 });
    expect(first.json().code).toBe(200);
    const again = await tryLogin({ captcha: code, checkKey: 1002 });
    expect(again.json()).toMatchObject({ success: false, message: "验证码错误" });
  });

  it("rejects a captcha key that is not a plain token", async () => {
    const res = await c.app.inject({ method: "GET", url: `${API}/sys/randomImage/a%20b` });
    expect(res.statusCode).toBe(400);
  });
});

describe("sessions and token expiry", () => {
  const expectTokenInvalid = (res: { statusCode: number; json(): unknown }) => {
    // contract.md §3: HTTP 500 with this message pleases every JeecgBoot Vue client.
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, message: "Token失效，请重新登录" });
  };

  it("answers a request without a token as an expired login", async () => {
    expectTokenInvalid(await get("/sys/user/list"));
  });

  it("answers a forged token as an expired login", async () => {
    const forged = await new SignJWT({ sid: "x" }).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("k".repeat(40)));
    expectTokenInvalid(await get("/sys/user/list", forged));
  });

  it("accepts the token in the `token` query parameter", async () => {
    const token = await t.login();
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/user/list?token=${token}` });
    expect(res.json().success).toBe(true);
  });

  it("ends a session that has been idle past its expiry", async () => {
    const token = await t.login();
    expect((await get("/sys/user/list", token)).statusCode).toBe(200);
    await t.database.db.execute(sql`update sys_session set expire_time = now() - interval '1 second' where revoke_time is null`);
    expectTokenInvalid(await get("/sys/user/list", token));
  });

  it("revokes the session on logout", async () => {
    const token = await t.login();
    const res = await t.app.inject({ method: "POST", url: `${API}/sys/logout`, headers: { "x-access-token": token } });
    expect(res.json()).toMatchObject({ success: true, message: "退出登录成功！" });
    expectTokenInvalid(await get("/sys/user/list", token));
    const again = await t.app.inject({ method: "POST", url: `${API}/sys/logout`, headers: { "x-access-token": token } });
    expect(again.json()).toMatchObject({ success: false, message: "Token无效!" });
  });

  it("ends every session of a user that is revoked, and of a user who is frozen", async () => {
    const a = await t.login();
    const b = await t.login();
    const [{ userId }] = await t.database.db.select({ userId: sysSession.userId }).from(sysSession).limit(1);
    await t.ctx.sessions.revokeUser(userId, "test");
    expectTokenInvalid(await get("/sys/user/list", a));
    expectTokenInvalid(await get("/sys/user/list", b));

    await t.setPassword("zhangsan", "Right@pass1");
    const z = await t.login("zhangsan", "Right@pass1");
    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, "zhangsan"));
    // A frozen user's session ends too, and says why (HTTP 401, as JeecgBoot 3.x answers a locked account).
    const frozen = await get("/sys/permission/getUserPermissionByToken", z);
    expect(frozen.statusCode).toBe(401);
    expect(frozen.json()).toMatchObject({ success: false, code: 401, message: "该用户已冻结" });
    await t.database.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, "zhangsan"));
  });

  it("signs tokens with a per-install secret kept in the data directory", async () => {
    const other = await createTestApp();
    try {
      const token = await other.login();
      expectTokenInvalid(await get("/sys/user/list", token));
    } finally {
      await other.close();
    }
  });
});
