/**
 * Logs (`/sys/log/*`, contract.md §10.6): login and operation logs written for sign-ins and for every
 * data-changing request with its duration; searched by type, operate type, time range, user, IP, method and
 * content; deleted one by one, in batches and all at once; purged by the retention job in batches; secrets
 * (passwords, tokens) never stored; refused to a user without the buttons.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { sysLog } from "../../server/db/schema.js";
import { nextId } from "../../server/lib/ids.js";
import { purgeOlderThan } from "../../server/jobs/registry.js";
import { ADMIN_PASSWORD, API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;
const OPERATOR_PASSWORD = "Log@12345";
const NEW_PASSWORD = "Brand#New7788";
const WRONG_PASSWORD = "Wrong#Guess4242";
const RESET_PASSWORD = "Reset#Pass5151";
const REGISTER_PASSWORD = "Reg#Secret9090";
const QUERY_TOKEN = "qtok-5e3c2b1a9f";

beforeAll(async () => {
  t = await createTestApp({ LOG_RETENTION_DAYS: "30", JOB_POLL_MS: "0" });
  admin = await t.login();
  await t.setPassword("zhangsan", OPERATOR_PASSWORD);
  operator = await t.login("zhangsan", OPERATOR_PASSWORD);
});
afterAll(async () => t.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token = admin, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, ...(payload ? { payload } : {}) });
/** The operation log is written once the answer has gone (onResponse): wait for it. */
async function eventually<T>(get: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await get();
    if (ok(v) || i > 100) return v;
    await new Promise((r) => setTimeout(r, 30));
  }
}
const list = async (query: string) => {
  const res = await call("GET", `/sys/log/list?pageSize=200&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { records: Array<Record<string, any>>; total: number };
};

describe("what is written", () => {
  it("logs sign-ins, failed ones too, with JeecgBoot's columns (userid = login name, username = real name)", async () => {
    const failed = await t.app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username: "admin", password: WRONG_PASSWORD } });
    expect(failed.json().success).toBe(false);
    const { records } = await list("logType=1");
    expect(records.find((r) => r.logContent === "用户名: admin,登录成功！")).toMatchObject({ userid: "admin", username: "管理员", logType_dictText: "登录日志", ip: "127.0.0.1" });
    expect(records.some((r) => r.logContent === "用户名: admin,登录失败，用户名或密码错误")).toBe(true);
  });

  it("logs every data-changing request with its duration, never a password or token", async () => {
    // Own password change, an admin reset, an anonymous registration, and a GET that changes data carrying ?token=.
    const own = await call("PUT", "/sys/user/updatePassword", operator, { username: "zhangsan", oldpassword: OPERATOR_PASSWORD, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD });
    expect(own.json().success, own.body).toBe(true);
    const reset = await call("PUT", "/sys/user/changePassword", admin, { username: "lisi", password: RESET_PASSWORD, confirmpassword: RESET_PASSWORD });
    expect(reset.json().success, reset.body).toBe(true);
    await t.app.inject({ method: "POST", url: `${API}/sys/user/register`, payload: { username: "newcomer", password: REGISTER_PASSWORD, smscode: "123456" } });
    const job = (await call("GET", "/sys/quartzJob/list?jobClassName=org.jeecg.modules.quartz.job.SampleJob")).json().result.records[0];
    expect((await call("GET", `/sys/quartzJob/pause?id=${job.id}&token=${QUERY_TOKEN}`)).json().success).toBe(true);
    const added = await call("POST", "/sys/role/add", admin, { roleName: "日志测试角色", roleCode: "log_test_role", description: "x" });
    expect(added.json().success).toBe(true);

    const { records } = await eventually(() => list("logType=2"), (p) => p.records.some((r) => r.requestUrl === `${API}/sys/role/add`));
    const byUrl = (url: string) => records.find((r) => r.requestUrl === `${API}${url}`)!;
    expect(byUrl("/sys/user/updatePassword")).toMatchObject({ userid: "zhangsan", requestType: "PUT", operateType: 3, operateType_dictText: "修改" });
    expect(byUrl("/sys/user/changePassword").requestParam).toContain('"password":"******"');
    expect(byUrl("/sys/user/register")).toMatchObject({ userid: null, requestType: "POST" });
    expect(byUrl("/sys/quartzJob/pause").requestParam).toContain('"token":"******"');
    expect(byUrl("/sys/role/add")).toMatchObject({ operateType: 2, method: `${API}/sys/role/add` });
    expect(byUrl("/sys/role/add").requestParam).toContain("log_test_role");
    for (const r of records) expect(typeof r.costTime).toBe("number");

    // Every stored row, every column: none of the secrets.
    const everything = JSON.stringify((await t.database.db.execute(sql`select * from sys_log`)) as unknown);
    for (const secret of [OPERATOR_PASSWORD, NEW_PASSWORD, WRONG_PASSWORD, RESET_PASSWORD, REGISTER_PASSWORD, ADMIN_PASSWORD, QUERY_TOKEN, admin, operator]) {
      expect(everything.includes(secret), secret).toBe(false);
    }
  });

  it("does not log reads", async () => {
    await call("GET", "/sys/role/list");
    const { records } = await list("logType=2&requestType=GET");
    expect(records.every((r) => r.requestUrl === `${API}/sys/quartzJob/pause`)).toBe(true);
  });
});

describe("search", () => {
  it("filters by type, operate type, keyword, user, IP, method and time range", async () => {
    expect((await list("logType=1")).records.every((r) => r.logType === 1)).toBe(true);
    expect((await list("logType=2&operateType=2")).records.every((r) => r.operateType === 2)).toBe(true);
    const kw = await list(`keyWord=${encodeURIComponent("登录失败")}`);
    expect(kw.total).toBe(1);
    expect((await list(`keyWord=${encodeURIComponent("%")}`)).total).toBe(0);
    const mine = await list("user=zhangsan");
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.records.every((r) => r.userid === "zhangsan" || r.username?.includes("zhangsan"))).toBe(true);
    expect((await list(`user=${encodeURIComponent("管理员")}`)).records.every((r) => r.username === "管理员")).toBe(true);
    expect((await list("ip=127.0.0.1")).total).toBeGreaterThan(0);
    expect((await list("ip=10.9.9.9")).total).toBe(0);
    expect((await list(`method=${encodeURIComponent("*role*")}`)).records.map((r) => r.requestUrl)).toEqual([`${API}/sys/role/add`]);
    const now = new Date(Date.now() + 8 * 3600_000 + 60_000).toISOString().slice(0, 19).replace("T", " ");
    expect((await list(`createTime_begin=${encodeURIComponent("2000-01-01 00:00:00")}&createTime_end=${encodeURIComponent(now)}`)).total).toBeGreaterThan(3);
    expect((await list(`createTime_begin=${encodeURIComponent("2000-01-01 00:00:00")}&createTime_end=${encodeURIComponent("2000-01-02 00:00:00")}`)).total).toBe(0);
  });

  it("uses the trigram index for content search", async () => {
    const rows = (await t.database.db.execute(sql`select indexname from pg_indexes where tablename = 'sys_log'`)) as unknown as { rows: Array<{ indexname: string }> };
    expect(rows.rows.map((r) => r.indexname)).toEqual(expect.arrayContaining(["idx_sys_log_content_trgm", "idx_sys_log_time"]));
  });

  it("refuses a bad filter with a 400", async () => {
    const res = await call("GET", "/sys/log/list?createTime_begin=yesterday");
    expect(res.statusCode).toBe(400);
  });
});

describe("delete and retention", () => {
  it("deletes one, a batch, and everything (allclear)", async () => {
    const { records } = await list("logType=1");
    const [a, b, c] = records;
    expect((await call("DELETE", `/sys/log/delete?id=${a!.id}`)).json()).toMatchObject({ success: true, message: "删除成功!" });
    expect((await call("DELETE", `/sys/log/deleteBatch?ids=${b!.id},${c!.id},`)).json()).toMatchObject({ success: true, message: "删除成功!" });
    const left = (await list("logType=1")).records.map((r) => r.id);
    expect(left).not.toContain(a!.id);
    expect(left).not.toContain(c!.id);
    expect((await call("DELETE", `/sys/log/deleteBatch?ids=allclear`)).json()).toMatchObject({ success: true, message: "删除成功!" });
    // The clearing request itself is logged after it ran.
    expect((await eventually(() => list(""), (p) => p.total > 0)).records.map((r) => r.requestUrl)).toEqual([`${API}/sys/log/deleteBatch`]);
  });

  it("purges rows older than LOG_RETENTION_DAYS in batches, through the retention job", async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    const recent = new Date(Date.now() - 10 * 86_400_000);
    const rows = (when: Date, n: number) => Array.from({ length: n }, (_, i) => ({ id: nextId(), logType: 2, logContent: `旧日志 ${i}`, createTime: when }));
    await t.database.db.insert(sysLog).values([...rows(old, 250), ...rows(recent, 5)]);
    expect(await purgeOlderThan(t.database.db, "sys_log", new Date(Date.now() - 39 * 86_400_000), undefined, 100)).toBe(250);
    await t.database.db.insert(sysLog).values(rows(old, 30));
    const job = (await call("GET", "/sys/quartzJob/list?jobClassName=redmark.job.LogRetentionJob")).json().result.records[0];
    expect((await call("GET", `/sys/quartzJob/execute?id=${job.id}`)).json().success).toBe(true);
    let run: Record<string, any> | undefined;
    for (let i = 0; i < 100 && !run; i++) {
      run = (await call("GET", `/sys/quartzJob/logList?jobId=${job.id}`)).json().result.records.find((r: any) => r.endTime);
      if (!run) await new Promise((r) => setTimeout(r, 50));
    }
    expect(run).toMatchObject({ success: true });
    expect(run!.message).toContain("保留 30 天：删除系统日志 30 条");
    expect((await list(`keyWord=${encodeURIComponent("旧日志")}`)).total).toBe(5);
  });

  it("refuses every route to a user without the buttons", async () => {
    const token = await t.login("zhangsan", NEW_PASSWORD);
    for (const [method, url] of [["GET", "/sys/log/list"], ["DELETE", "/sys/log/delete?id=1"], ["DELETE", "/sys/log/deleteBatch?ids=allclear"]] as const) {
      expect((await call(method, url, token)).statusCode, url).toBe(403);
    }
    expect((await list("")).total).toBeGreaterThan(0);
  });
});
