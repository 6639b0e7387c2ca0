import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { sysSession, sysUser } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: "4096" });
  token = await t.login();
});
afterAll(() => t.close());

const sessions = async () => (await t.database.db.select({ n: count() }).from(sysSession))[0].n;

describe("malformed and hostile requests", () => {
  it("answers malformed JSON with 400 and creates no session", async () => {
    const before = await sessions();
    const res = await t.app.inject({ method: "POST", url: `${API}/sys/login`, headers: { "content-type": "application/json" }, payload: '{"username": "admin", "password": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, message: "请求体不是有效的 JSON" });
    expect(await sessions()).toBe(before);
  });

  it("answers an oversized body with 413", async () => {
    const res = await t.app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username: "admin", password: "x".repeat(10_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: "请求体过大，超出服务器允许的大小" });
  });

  it("answers wrong types with 400 and names the field", async () => {
    const res = await t.app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username: { $ne: "" }, password: ["a"] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^请求体校验失败：「(账号|密码)」应为文本$/);
  });

  it("answers an unsupported content type with 415", async () => {
    const res = await t.app.inject({ method: "POST", url: `${API}/sys/login`, headers: { "content-type": "application/xml" }, payload: "<a/>" });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });

  it("answers an unknown API path with a 404 envelope", async () => {
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/nothing-here` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404, message: "路径不存在，请检查路径是否正确" });
  });

  it("changes nothing when an invalid department switch is refused", async () => {
    const res = await t.app.inject({ method: "PUT", url: `${API}/sys/selectDepart`, headers: { "x-access-token": token }, payload: { orgCode: "" } });
    expect(res.statusCode).toBe(400);
    const [admin] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, "admin"));
    expect(admin.orgCode).toBe("A01");
  });

  it("refuses an overlong path parameter without leaking internals", async () => {
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/dict/getDictItems/${"x".repeat(300)}`, headers: { "x-access-token": token } });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ success: false, message: "请求地址过长" });
    expect(JSON.stringify(res.json())).not.toMatch(/stack|at .*\.ts/);
  });
});

describe("table dictionaries", () => {
  const dict = (code: string) =>
    t.app.inject({ method: "GET", url: `${API}/sys/dict/getDictItems/${encodeURIComponent(code)}`, headers: { "x-access-token": token } }).then((r) => r.json());

  it("answers an unknown plain dictionary code with an empty list", async () => {
    expect(await dict("no_such_dict")).toMatchObject({ success: true, result: [] });
  });

  it("reads an allow-listed table dictionary", async () => {
    const body = await dict("sys_depart,depart_name,org_code");
    expect(body.result).toContainEqual({ value: "A01A01", text: "活动运营部", title: "活动运营部", label: "活动运营部" });
  });

  it.each([
    ["sys_user,password,id", "该表字典不在允许范围内"],
    ["sys_session,id,user_id", "该表字典不在允许范围内"],
    ["sys_user,realname,id,1=1 or 1=1", "不支持带条件的表字典"],
    ["sys_user,(select password from sys_user limit 1),id", "该表字典不在允许范围内"],
  ])("refuses %s", async (code, message) => {
    const body = await dict(code);
    expect(body).toMatchObject({ success: false, message });
    expect(JSON.stringify(body)).not.toContain("$argon2");
  });
});

describe("the console is served on the same port", () => {
  it("serves files, falls back to index.html for client routes only, and never for API or asset paths", async () => {
    const dist = t.config.staticDir;
    fs.mkdirSync(path.join(dist, "assets"), { recursive: true });
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>红色印记管理平台</title>");
    fs.writeFileSync(path.join(dist, "assets", "app-abc.js"), "console.log(1)");
    const page = await t.app.inject({ url: "/isystem/user?x=1" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("红色印记管理平台");
    const asset = await t.app.inject({ url: "/assets/app-abc.js" });
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect((await t.app.inject({ url: "/assets/missing.js" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/../package.json" })).body).not.toContain("redmark-admin");
    expect((await t.app.inject({ url: `${API}/sys/missing` })).json().code).toBe(404);
  });
});

describe("rate limits", () => {
  it("answers a burst of logins from one address with 429 and a Chinese message", async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: "3" });
    try {
      const statuses: number[] = [];
      let last: { message?: string } = {};
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username: "nobody", password: "x" } });
        statuses.push(res.statusCode);
        last = res.json();
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(last).toMatchObject({ success: false, code: 429, message: "请求过于频繁，请稍后再试" });
    } finally {
      await limited.close();
    }
  });
});
