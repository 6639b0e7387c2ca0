/**
 * 在线用户 (contract.md §10.14): the live sessions with their users, paged and filtered by username; the list
 * carries session ids, never tokens; a forced logout ends the session at once (its token is refused
 * afterwards), is refused to users without the code and for sessions that already ended.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sysLog } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";
import { caller } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let operator: string;
let auditor: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  call = caller(t);
  await t.setPassword("zhangsan", "Online@1357");
  await t.setPassword("lisi", "Online@1357");
  operator = await t.login("zhangsan", "Online@1357");
  auditor = await t.login("lisi", "Online@1357");
  await t.login("lisi", "Online@1357"); // lisi signed in twice: two sessions
});
afterAll(() => t.close());

describe("online users", () => {
  it("lists live sessions with their users, newest first, with session ids instead of tokens", async () => {
    const res = await call("GET", "/sys/online/list?pageNo=1&pageSize=10", admin);
    expect(res.status).toBe(200);
    const page = res.body.result;
    expect(page.total).toBe(4);
    expect(page.pages).toBe(1);
    expect(page.records.map((r: { username: string }) => r.username).sort()).toEqual(["admin", "lisi", "lisi", "zhangsan"]);
    const zhangsan = page.records.find((r: { username: string }) => r.username === "zhangsan");
    expect(zhangsan).toMatchObject({ realname: "张三", phone: "13800000001", sex: 1 });
    expect(zhangsan.token).toMatch(/^[0-9a-f]{32}$/);
    expect(zhangsan.token).toBe(zhangsan.id);
    expect(page.records.find((r: { username: string; current: boolean }) => r.username === "admin").current).toBe(true);
    const body = JSON.stringify(res.body);
    for (const token of [admin, operator, auditor]) expect(body).not.toContain(token);
  });

  it("pages with the requested size and filters by username", async () => {
    const page = (await call("GET", "/sys/online/list?pageNo=2&pageSize=3", admin)).body.result;
    expect(page).toMatchObject({ total: 4, size: 3, current: 2, pages: 2 });
    expect(page.records).toHaveLength(1);
    const lisi = (await call("GET", "/sys/online/list?username=LIS", admin)).body.result;
    expect(lisi.total).toBe(2);
    expect(lisi.records.every((r: { username: string }) => r.username === "lisi")).toBe(true);
    expect((await call("GET", "/sys/online/list?username=%25", admin)).body.result.total).toBe(0);
  });

  it("refuses users without the codes and bad input", async () => {
    expect((await call("GET", "/sys/online/list", operator)).status).toBe(403);
    expect((await call("POST", "/sys/online/forceLogout", operator, { token: "0".repeat(32) })).status).toBe(403);
    expect((await call("GET", "/sys/online/list?pageNo=abc", admin)).status).toBe(400);
    // Page 0 and below are page 1, as in every list (the JeecgBoot list mixin sends 0 after a last-row delete).
    for (const pageNo of ["0", "-2"]) expect((await call("GET", `/sys/online/list?pageNo=${pageNo}&pageSize=3`, admin)).body.result).toMatchObject({ current: 1, size: 3 });
    const empty = await call("POST", "/sys/online/forceLogout", admin, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/会话/);
    const unknown = await call("POST", "/sys/online/forceLogout", admin, { token: "f".repeat(32) });
    expect(unknown.body.success).toBe(false);
    expect(unknown.body.message).toBe("该用户已不在线");
  });

  it("forces a session out by its id: its token is refused at once, the user's other sessions stay", async () => {
    expect((await call("GET", "/sys/user/getUserInfo", operator)).body.success).toBe(true);
    const list = (await call("GET", "/sys/online/list?username=zhangsan", admin)).body.result.records;
    const res = await call("POST", "/sys/online/forceLogout", admin, { token: list[0].token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "退出登录成功！" });
    const after = await t.app.inject({ method: "GET", url: `${API}/sys/permission/getUserPermissionByToken`, headers: { "x-access-token": operator } });
    expect(after.statusCode).toBe(500);
    expect(after.json().message).toBe("Token失效，请重新登录");
    expect((await call("GET", "/sys/online/list?username=zhangsan", admin)).body.result.total).toBe(0);
    const [log] = await t.database.db.select().from(sysLog).where(eq(sysLog.logContent, "强制: 张三退出成功！"));
    expect(log).toMatchObject({ userid: "admin", username: "管理员" }); // who forced it: login name and real name (contract §10.6)
    // Forcing it again: the session has ended.
    expect((await call("POST", "/sys/online/forceLogout", admin, { token: list[0].token })).body.message).toBe("该用户已不在线");
  });

  it("also accepts a live token, as a JeecgBoot client holding one sends it", async () => {
    const res = await call("POST", "/sys/online/forceLogout", admin, { token: auditor });
    expect(res.body.success).toBe(true);
    const after = await t.app.inject({ method: "GET", url: `${API}/sys/permission/getUserPermissionByToken`, headers: { "x-access-token": auditor } });
    expect(after.statusCode).toBe(500);
    expect((await call("GET", "/sys/online/list?username=lisi", admin)).body.result.total).toBe(1);
  });
});
