/**
 * `POST /sys/phoneLogin` (contract.md §4.3; issue 13, item 13): the login page's 手机号登录 tab posts here. With
 * no SMS gateway no code can have been sent, so the server answers JeecgBoot's envelope with a clear Chinese
 * "not configured" message — for known and unknown numbers alike — after validating the input, and signs
 * nobody in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { sysLog, sysUser } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
const phoneLogin = (payload: unknown) =>
  t.app.inject({ method: "POST", url: `${API}/sys/phoneLogin`, payload: payload as object, remoteAddress: `127.0.1.${++address}` });
const logRows = async () => (await t.database.db.select({ n: count() }).from(sysLog))[0].n;

describe("POST /sys/phoneLogin", () => {
  it("answers the JeecgBoot envelope with 短信接口未配置 for an unknown number, with no token", async () => {
    const res = await phoneLogin({ mobile: "13900000000", captcha: "123456", remember_me: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code: 500, message: "短信接口未配置，请联系管理员！", result: null });
  });

  it("answers a user's own number the same way, signs nobody in and writes no log", async () => {
    await t.database.db.update(sysUser).set({ phone: "13800138000" }).where(eq(sysUser.username, "admin"));
    const before = await logRows();
    const known = await phoneLogin({ mobile: "13800138000", captcha: "654321", remember_me: "true" });
    const unknown = await phoneLogin({ mobile: "13700137000", captcha: "654321" });
    expect(known.json()).toEqual({ ...unknown.json(), timestamp: known.json().timestamp });
    expect(JSON.stringify(known.json())).not.toMatch(/token/i);
    expect(await logRows()).toBe(before);
  });

  it("validates the input first: a malformed number or a missing code is a 400", async () => {
    for (const payload of [
      { mobile: "12345", captcha: "123456" },
      { mobile: "13900000000" },
      { mobile: "13900000000", captcha: "" },
      { mobile: "13900000000", captcha: "1".repeat(11) },
      {},
    ]) {
      const res = await phoneLogin(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400 });
      expect(res.json().message).toMatch(/^请求体校验失败/);
    }
  });

  it("is rate-limited per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: "POST", url: `${API}/sys/phoneLogin`, payload: { mobile: "13900000000", captcha: "1" }, remoteAddress: "127.0.2.1" });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
