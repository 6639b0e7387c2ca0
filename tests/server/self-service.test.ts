import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { sysUser } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const users = async () => (await t.database.db.select({ n: count() }).from(sysUser))[0].n;

describe("anonymous self-service on the login pages", () => {
  it("refuses self-registration with a clear message and creates no account", async () => {
    const before = await users();
    const res = await t.app.inject({ method: "POST", url: `${API}/sys/user/register`, payload: { username: "newbie", password: "Pass@1234", phone: "13900000000", smscode: "123456" } });
    expect(res.json()).toMatchObject({ success: false, message: "系统未开放自助注册，请联系管理员开通账号" });
    expect(await users()).toBe(before);
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.username, "newbie"))).toEqual([]);
  });

  it("says that SMS is not configured when asked for a code, a phone check or a recovery", async () => {
    const sms = await t.app.inject({ method: "POST", url: `${API}/sys/sms`, payload: { mobile: "13900000000", smsmode: "1" } });
    expect(sms.json()).toMatchObject({ success: false, message: "短信接口未配置，请联系管理员！" });
    const verify = await t.app.inject({ method: "POST", url: `${API}/sys/user/phoneVerification`, payload: { phone: "13900000000", smscode: "1234" } });
    expect(verify.json().message).toBe("短信接口未配置，请联系管理员！");
    const change = await t.app.inject({ url: `${API}/sys/user/passwordChange?username=admin&password=x&smscode=1&phone=13900000000` });
    expect(change.json().message).toBe("短信接口未配置，请联系管理员！");
  });

  it("validates input first: a malformed phone number is 400", async () => {
    const res = await t.app.inject({ method: "POST", url: `${API}/sys/sms`, payload: { mobile: "12345", smsmode: "1" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("请求体校验失败：「手机号」格式不正确");
  });
});
