/**
 * `GET /sys/loginConfig` (issue 7, item 3): tells the console, before sign-in, whether the login form needs a
 * captcha, so a server run with LOGIN_CAPTCHA=false does not make users type one it never checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, createTestApp, type TestApp } from "./helpers.js";

let withoutCaptcha: TestApp;
let withCaptcha: TestApp;

beforeAll(async () => {
  withoutCaptcha = await createTestApp({ LOGIN_CAPTCHA: "false" });
  withCaptcha = await createTestApp({ LOGIN_CAPTCHA: "true" });
});

afterAll(async () => {
  await Promise.all([withoutCaptcha?.close(), withCaptcha?.close()]);
});

describe("GET /sys/loginConfig", () => {
  it("answers anonymously that no captcha is needed when LOGIN_CAPTCHA=false, and a login without one succeeds", async () => {
    const res = await withoutCaptcha.app.inject({ url: `${API}/sys/loginConfig` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, code: 200, result: { captcha: false } });
    await expect(withoutCaptcha.login()).resolves.toEqual(expect.any(String));
  });

  it("answers that a captcha is needed when LOGIN_CAPTCHA is on, and a login without one is refused", async () => {
    const res = await withCaptcha.app.inject({ url: `${API}/sys/loginConfig` });
    expect(res.json()).toMatchObject({ success: true, result: { captcha: true } });
    const login = await withCaptcha.app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username: "admin", password: "Admin@12345" } });
    expect(login.json()).toMatchObject({ success: false, message: "验证码无效" });
  });

  it("ignores a stale token: the login page may still hold one", async () => {
    const res = await withCaptcha.app.inject({ url: `${API}/sys/loginConfig`, headers: { "X-Access-Token": "not-a-token" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ captcha: true });
  });
});
