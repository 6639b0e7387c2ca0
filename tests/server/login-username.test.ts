/**
 * Long login names (issue 23, item 11): the user form takes names of up to 100 characters, but the login log's
 * `sys_log.userid` held 32, so signing in with a 33–100 character name answered 500, skipped the lockout count,
 * and such an account could never sign in. One limit (`USERNAME_MAX` in contract/limits.ts) now sizes the form,
 * the sign-in body and every column holding a login name; the log lines fit their columns and never fail the
 * request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, getTableColumns, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { USERNAME_MAX, userLimits } from "../../contract/limits.js";
import * as schema from "../../server/db/schema.js";
import { sysLog, sysUser } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
const PASSWORD = "Long@12345";
const name = (n: number) => `u${"x".repeat(n - 2)}9`;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: "3" });
  admin = await t.login();
});
afterAll(() => t.close());

const login = async (username: string, password = PASSWORD) => {
  const res = await t.app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username, password } });
  return { status: res.statusCode, body: res.json() };
};
const addUser = (username: string) =>
  t.app.inject({ method: "POST", url: `${API}/sys/user/add`, headers: { "x-access-token": admin }, payload: { username, realname: "长账号", password: PASSWORD } });
const lastLogin = async (userid: string) =>
  (await t.database.db.select().from(sysLog).where(and(eq(sysLog.logType, 1), eq(sysLog.userid, userid))).orderBy(desc(sysLog.createTime)).limit(1))[0];

describe("one limit for login names", () => {
  it("the form, the sign-in body and every column holding a login name agree", () => {
    expect(userLimits.username.max).toBe(USERNAME_MAX);
    const columns: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      for (const column of Object.values(getTableColumns(table))) {
        // used_by holds a WeChat user's id, not a login name.
        if (!/(^|_)by$|^userid$|^username$|^operator$|^sender$/.test(column.name) || column.name === "used_by") continue;
        columns.push(column.name);
        expect((column as { length?: number }).length, `${column.name}`).toBeGreaterThanOrEqual(USERNAME_MAX);
      }
    }
    expect(columns).toEqual(expect.arrayContaining(["userid", "create_by", "update_by", "audit_by", "publish_by", "operator"]));
  });

  it.each([33, 64, USERNAME_MAX])("a %i-character account is created, signs in, is logged whole and can save data", async (n) => {
    const username = name(n);
    expect((await addUser(username)).json().success).toBe(true);
    const { status, body } = await login(username);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, result: { userInfo: { username } } });
    expect(await lastLogin(username)).toMatchObject({ userid: username, logContent: `用户名: ${username},登录成功！` });
    // What the account saves carries its name in the audit columns (update_by was 50 characters).
    const edit = await t.app.inject({ method: "PUT", url: `${API}/sys/user/appEdit`, headers: { "x-access-token": body.result.token }, payload: { realname: `长账号${n}` } });
    expect(edit.json()).toMatchObject({ success: true });
    const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, username));
    expect(row).toMatchObject({ realname: `长账号${n}`, updateBy: username });
  });

  it("a failed sign-in with such a name is logged and counts toward the lockout, never a 500", async () => {
    const username = name(80);
    expect((await addUser(username)).json().success).toBe(true);
    const first = await login(username, "Wrong@12345");
    expect(first).toMatchObject({ status: 200, body: { success: false, message: "用户名或密码错误，还可尝试 2 次" } });
    expect(await lastLogin(username)).toMatchObject({ logContent: `用户名: ${username},登录失败，用户名或密码错误` });
    expect((await login(username, "Wrong@12345")).body.message).toBe("用户名或密码错误，还可尝试 1 次");
    expect((await login(username, "Wrong@12345")).body.message).toBe("密码错误次数过多，账号已锁定，请 15 分钟后再试");
    expect((await login(username)).body).toMatchObject({ success: false, message: "密码错误次数过多，账号已锁定，请 15 分钟后再试" });
    // An unknown long name counts the same way.
    const ghost = name(99);
    expect((await login(ghost)).body.message).toBe("用户名或密码错误，还可尝试 2 次");
    expect(await lastLogin(ghost)).toMatchObject({ userid: ghost });
  });

  it("a name longer than the limit is a 400 naming the field, on sign-in and on add", async () => {
    const long = name(USERNAME_MAX + 1);
    expect(await login(long)).toMatchObject({ status: 400, body: { message: `请求体校验失败：「账号」不能超过${USERNAME_MAX}个字符` } });
    const add = await addUser(long);
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toBe(`请求体校验失败：「用户账号」不能超过${USERNAME_MAX}个字符`);
  });
});

describe("a log line never fails the request", () => {
  it("sign-in, a wrong password, sign-out and a change all answer as usual while sys_log cannot be written", async () => {
    const username = name(40);
    expect((await addUser(username)).json().success).toBe(true);
    await t.database.db.execute(sql`alter table sys_log rename to sys_log_away`);
    try {
      const wrong = await login(username, "Wrong@12345");
      expect(wrong).toMatchObject({ status: 200, body: { success: false, message: "用户名或密码错误，还可尝试 2 次" } });
      const ok = await login(username);
      expect(ok).toMatchObject({ status: 200, body: { success: true } });
      const change = await t.app.inject({ method: "PUT", url: `${API}/sys/user/appEdit`, headers: { "x-access-token": ok.body.result.token }, payload: { realname: "改过的名字" } });
      expect(change.json()).toMatchObject({ success: true });
      const out = await t.app.inject({ method: "POST", url: `${API}/sys/logout`, headers: { "x-access-token": ok.body.result.token } });
      expect(out.json()).toMatchObject({ success: true, message: "退出登录成功！" });
    } finally {
      await t.database.db.execute(sql`alter table sys_log_away rename to sys_log`);
    }
  });
});
