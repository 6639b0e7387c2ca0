/**
 * Scheduled jobs (`/sys/quartzJob/*`, contract.md §10.8): CRUD with JeecgBoot's messages, Quartz cron checked
 * on save (a bad one is a 400 that changes nothing), only registered job classes, the next-runs preview, pause
 * that holds, run once, parameters passed verbatim, runs recorded with duration and error, a restart (a new
 * app on the same database) picking the jobs up, exactly one run per due time with two apps on one database,
 * draining on close, and refusals for a user without the buttons.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { buildApp } from "../../server/app.js";
import { createContext } from "../../server/context.js";
import { openPostgres, type Database } from "../../server/db/client.js";
import { sysQuartzJob, sysQuartzJobLog } from "../../server/db/schema.js";
import { JOB_CLASSES } from "../../server/jobs/registry.js";
import { schedulerOf } from "../../server/modules/sys/quartz-job.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;

beforeAll(async () => {
  // Every second is allowed here, so the runs below come quickly (the minimum interval: cron-rules.test.ts).
  t = await createTestApp({ JOB_POLL_MS: "200", JOB_DRAIN_MS: "1000", JOB_MIN_INTERVAL_SECONDS: "1" });
  admin = await t.login();
  await t.setPassword("zhangsan", "Job@12345");
  operator = await t.login("zhangsan", "Job@12345");
});
afterAll(async () => {
  for (const name of Object.keys(JOB_CLASSES)) if (name.startsWith("test.")) delete JOB_CLASSES[name];
  await t.close();
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token = admin, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, ...(payload ? { payload } : {}) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jobs = async () => (await call("GET", "/sys/quartzJob/list?pageSize=100")).json().result.records as Array<Record<string, any>>;
const jobOf = async (cls: string) => (await jobs()).find((j) => j.jobClassName === cls)!;
const runs = async (jobId: string) => (await call("GET", `/sys/quartzJob/logList?jobId=${jobId}&pageSize=200`)).json().result.records as Array<Record<string, any>>;
async function until<T>(what: () => Promise<T | undefined | false>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await sleep(50);
  }
}

describe("seeded jobs", () => {
  it("has JeecgBoot's three sample jobs stopped and the housekeeping jobs", async () => {
    const all = await jobs();
    const byClass = Object.fromEntries(all.map((j) => [j.jobClassName, j]));
    expect(byClass["org.jeecg.modules.message.job.SendMsgJob"]).toMatchObject({ cronExpression: "0/50 * * * * ? *", status: -1, status_dictText: "停止" });
    expect(byClass["org.jeecg.modules.quartz.job.SampleJob"]).toMatchObject({ cronExpression: "0 * * * * ?", status: -1 });
    expect(byClass["org.jeecg.modules.quartz.job.SampleParamJob"]).toMatchObject({ parameter: "scott", status: -1 });
    expect(byClass["redmark.job.DbMaintenanceJob"]).toMatchObject({ status: 0 });
    expect(byClass["redmark.job.DbMaintenanceJob"].nextRunTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:30:00$/);
    expect(byClass["redmark.job.LogRetentionJob"]).toMatchObject({ status: 0 });
  });
});

describe("CRUD and validation", () => {
  it("previews the next 5 run times of a Quartz expression, and explains a bad one", async () => {
    const res = await call("GET", `/sys/quartzJob/cronPreview?cronExpression=${encodeURIComponent("0/2 * * * * ? *")}`);
    const times = res.json().result as string[];
    expect(times).toHaveLength(5);
    const ms = times.map((s) => new Date(s.replace(" ", "T") + "+08:00").getTime());
    for (let i = 1; i < 5; i++) expect(ms[i]! - ms[i - 1]!).toBe(2000);
    const bad = await call("GET", `/sys/quartzJob/cronPreview?cronExpression=${encodeURIComponent("0 61 * * * ?")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("「分」字段的取值超出范围");
  });

  it("lists the registered job classes", async () => {
    const res = (await call("GET", "/sys/quartzJob/jobClasses")).json().result as Array<{ value: string; title: string }>;
    expect(res.map((c) => c.value)).toEqual(expect.arrayContaining(["org.jeecg.modules.quartz.job.SampleJob", "redmark.job.DbMaintenanceJob", "redmark.job.SessionCleanupJob", "redmark.job.ThumbnailBackfillJob"]));
  });

  it("refuses a bad cron expression with a 400 and saves nothing", async () => {
    const before = (await jobs()).length;
    for (const cronExpression of ["* * * * *", "0/50 * * * * ? * *", "abc def ghi jkl mno pqr", "0 0 0 30 2 ?", "0 0 3 * * ? 2020"]) {
      const res = await call("POST", "/sys/quartzJob/add", admin, { jobClassName: "redmark.job.HeartbeatJob", cronExpression, status: 0 });
      expect(res.statusCode, cronExpression).toBe(400);
      expect(res.json().message, cronExpression).toMatch(/^Cron表达式/);
    }
    expect((await jobs()).length).toBe(before);
  });

  it("refuses a class that is not registered", async () => {
    const res = await call("POST", "/sys/quartzJob/add", admin, { jobClassName: "java.lang.Runtime", cronExpression: "0 0 3 * * ?" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("后台找不到该类名：java.lang.Runtime");
  });

  it("adds, reads, edits, exports and deletes a job with JeecgBoot's messages", async () => {
    const add = await call("POST", "/sys/quartzJob/add", admin, { jobClassName: "redmark.job.DictCacheRefreshJob-missing", cronExpression: "0 0 3 * * ?" });
    expect(add.statusCode).toBe(400);
    const dict = await jobOf("redmark.job.DictCacheRefreshJob");
    const dup = await call("POST", "/sys/quartzJob/add", admin, { jobClassName: "redmark.job.DictCacheRefreshJob", cronExpression: "0 0 3 * * ?" });
    expect(dup.json()).toMatchObject({ success: false, message: "该任务类已有定时任务，同一任务类只能创建一个" });
    const edit = await call("PUT", "/sys/quartzJob/edit", admin, { id: dict.id, jobClassName: dict.jobClassName, cronExpression: "0 0/30 * * * ?", description: "每半小时", status: 0 });
    expect(edit.json()).toMatchObject({ success: true, message: "更新定时任务成功!" });
    const one = (await call("GET", `/sys/quartzJob/queryById?id=${dict.id}`)).json().result;
    expect(one).toMatchObject({ cronExpression: "0 0/30 * * * ?", description: "每半小时", status: 0 });
    expect(one.nextRunTime).toMatch(/:(00|30):00$/);
    const xls = await call("GET", "/sys/quartzJob/exportXls");
    expect(xls.statusCode).toBe(200);
    expect(xls.headers["content-type"]).toContain("spreadsheetml");
    const del = await call("DELETE", `/sys/quartzJob/delete?id=${dict.id}`);
    expect(del.json()).toMatchObject({ success: true, message: "删除成功!" });
    expect((await jobs()).some((j) => j.id === dict.id)).toBe(false);
    const again = await call("POST", "/sys/quartzJob/add", admin, { jobClassName: "redmark.job.DictCacheRefreshJob", cronExpression: "0 0 5 * * ?", status: -1 });
    expect(again.json()).toMatchObject({ success: true, message: "创建定时任务成功" });
    const created = await jobOf("redmark.job.DictCacheRefreshJob");
    expect(created.nextRunTime).toBeNull();
    const batch = await call("DELETE", `/sys/quartzJob/deleteBatch?ids=${created.id},`);
    expect(batch.json()).toMatchObject({ success: true, message: "删除定时任务成功!" });
    for (const action of ["pause", "resume", "execute"]) {
      expect((await call("GET", `/sys/quartzJob/${action}?id=${created.id}`)).json()).toMatchObject({ success: false, message: "定时任务不存在！" });
    }
  });
});

describe("running", () => {
  it("runs a job every second, and pause holds", async () => {
    expect((await call("POST", "/sys/quartzJob/add", admin, { jobClassName: "redmark.job.HeartbeatJob", cronExpression: "* * * * * ?", status: 0 })).json().success).toBe(true);
    const job = await jobOf("redmark.job.HeartbeatJob");
    const first = await until(async () => (await runs(job.id)).length >= 2 && (await runs(job.id)));
    const done = first.find((r) => r.endTime)!;
    expect(done).toMatchObject({ triggerType: "cron", success: true, message: "心跳" });
    expect(done.durationMs).toBeGreaterThanOrEqual(0);
    expect((await call("GET", `/sys/quartzJob/pause?id=${job.id}`)).json()).toMatchObject({ success: true, message: "停止定时任务成功" });
    await sleep(300); // a run claimed just before the pause finishes
    const held = (await runs(job.id)).length;
    await sleep(2500);
    expect((await runs(job.id)).length).toBe(held);
    expect((await jobOf("redmark.job.HeartbeatJob")).status).toBe(-1);
  });

  it("runs once on request whatever the status, passing the parameter verbatim", async () => {
    const job = await jobOf("org.jeecg.modules.quartz.job.SampleParamJob");
    const parameter = "${7*7} `rm -rf /` #{T(java.lang.Runtime)}";
    expect((await call("PUT", "/sys/quartzJob/edit", admin, { id: job.id, jobClassName: job.jobClassName, cronExpression: job.cronExpression, parameter, status: -1 })).json().success).toBe(true);
    const res = await call("GET", `/sys/quartzJob/execute?id=${job.id}`);
    expect(res.json()).toMatchObject({ success: true, message: "执行成功!" });
    const run = await until(async () => (await runs(job.id)).find((r) => r.endTime));
    expect(run).toMatchObject({ triggerType: "manual", success: true, message: `欢迎 ${parameter}`, parameter });
  });

  it("records a failing run with its error", async () => {
    JOB_CLASSES["test.FailingJob"] = { title: "失败", description: "", run: async () => { throw new Error("磁盘已满"); } };
    const [row] = await t.database.db.insert(sysQuartzJob).values({ id: "9000000000000000001", jobClassName: "test.FailingJob", cronExpression: "0 0 3 * * ?", status: -1 }).returning();
    await call("GET", `/sys/quartzJob/execute?id=${row!.id}`);
    const run = await until(async () => (await runs(row!.id)).find((r) => r.endTime));
    expect(run).toMatchObject({ success: false, message: "磁盘已满" });
  });

  it("resume schedules again; an imported row naming an unknown class cannot be resumed or run", async () => {
    await t.database.db.insert(sysQuartzJob).values({ id: "9000000000000000002", jobClassName: "org.jeecg.modules.demo.MissingJob", cronExpression: "0/5 * * * * ?", status: -1 });
    for (const action of ["resume", "execute"]) {
      const res = await call("GET", `/sys/quartzJob/${action}?id=9000000000000000002`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("后台找不到该类名：org.jeecg.modules.demo.MissingJob");
    }
    const sample = await jobOf("org.jeecg.modules.quartz.job.SampleJob");
    // Every second (allowed in this file) rather than the seeded once a minute, so a run comes within the wait.
    await t.database.db.update(sysQuartzJob).set({ cronExpression: "* * * * * ?" }).where(eq(sysQuartzJob.id, sample.id));
    expect((await call("GET", `/sys/quartzJob/resume?id=${sample.id}`)).json()).toMatchObject({ success: true, message: "启动定时任务成功" });
    await until(async () => (await runs(sample.id)).some((r) => r.triggerType === "cron" && r.endTime));
    await call("GET", `/sys/quartzJob/pause?id=${sample.id}`);
  });
});

describe("built-in jobs", () => {
  it("each seeded job runs once on request and succeeds", async () => {
    const expected: Record<string, RegExp> = {
      "redmark.job.DbMaintenanceJob": process.env.TEST_DATABASE_URL ? /^已执行 ANALYZE（PostgreSQL/ : /^已执行 VACUUM ANALYZE（内置数据库）$/,
      "redmark.job.SessionCleanupJob": /^已删除 \d+ 条过期会话$/,
      "redmark.job.LogRetentionJob": /^保留 180 天：删除系统日志 \d+ 条，运行记录 \d+ 条$/,
      "redmark.job.ThumbnailBackfillJob": /^红色印记 \d+ 个：生成 \d+，跳过 \d+，失败 \d+$/,
      "org.jeecg.modules.message.job.SendMsgJob": /^已处理 \d+ 条待发送消息$/,
      "org.jeecg.modules.quartz.job.SampleJob": /^示例任务运行于 \d{4}-/,
    };
    for (const [cls, message] of Object.entries(expected)) {
      const job = await jobOf(cls);
      expect((await call("GET", `/sys/quartzJob/execute?id=${job.id}`)).json().success, cls).toBe(true);
      const run = await until(async () => (await runs(job.id)).find((r) => r.triggerType === "manual" && r.endTime));
      expect(run.success, `${cls}: ${run.message}`).toBe(true);
      expect(run.message, cls).toMatch(message);
    }
  });
});

describe("refusals", () => {
  it("refuses every route to a user without the buttons", async () => {
    const job = await jobOf("org.jeecg.modules.quartz.job.SampleJob");
    const routes: Array<["GET" | "POST" | "PUT" | "DELETE", string, object?]> = [
      ["GET", "/sys/quartzJob/list"],
      ["GET", `/sys/quartzJob/queryById?id=${job.id}`],
      ["GET", "/sys/quartzJob/exportXls"],
      ["GET", "/sys/quartzJob/jobClasses"],
      ["GET", "/sys/quartzJob/cronPreview?cronExpression=0%200%203%20*%20*%20%3F"],
      ["GET", `/sys/quartzJob/logList?jobId=${job.id}`],
      ["POST", "/sys/quartzJob/add", { jobClassName: "redmark.job.HeartbeatJob", cronExpression: "* * * * * ?" }],
      ["PUT", "/sys/quartzJob/edit", { id: job.id, jobClassName: job.jobClassName, cronExpression: "* * * * * ?", status: 0 }],
      ["POST", "/sys/quartzJob/edit", { id: job.id, jobClassName: job.jobClassName, cronExpression: "* * * * * ?", status: 0 }],
      ["DELETE", `/sys/quartzJob/delete?id=${job.id}`],
      ["DELETE", `/sys/quartzJob/deleteBatch?ids=${job.id}`],
      ["GET", `/sys/quartzJob/pause?id=${job.id}`],
      ["GET", `/sys/quartzJob/resume?id=${job.id}`],
      ["GET", `/sys/quartzJob/execute?id=${job.id}`],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(method, url, operator, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await jobOf("org.jeecg.modules.quartz.job.SampleJob")).toMatchObject({ status: -1, cronExpression: job.cronExpression });
  });
});

/** A second app on the same database (another process or host, as far as the database can tell). */
async function secondApp(): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; close(): Promise<void> }> {
  let database: Database | undefined;
  let db = t.database.db;
  if (process.env.TEST_DATABASE_URL) {
    const { rows } = (await t.database.db.execute(`select current_database() as name` as never)) as unknown as { rows: Array<{ name: string }> };
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${rows[0]!.name}`;
    database = await openPostgres(url.toString(), 4);
    db = database.db;
  }
  const ctx = await createContext(t.config, db);
  const app = await buildApp(ctx, false);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await ctx.close();
      await database?.close();
    },
  };
}

describe("across instances", () => {
  it("runs each due time exactly once with two apps on one database", async () => {
    const other = await secondApp();
    try {
      const job = await jobOf("redmark.job.HeartbeatJob");
      const from = Date.now();
      expect((await call("GET", `/sys/quartzJob/resume?id=${job.id}`)).json().success).toBe(true);
      await sleep(5200);
      await call("GET", `/sys/quartzJob/pause?id=${job.id}`);
      const to = Date.now();
      await sleep(300);
      const rows = await t.database.db
        .select()
        .from(sysQuartzJobLog)
        .where(and(eq(sysQuartzJobLog.jobId, job.id), eq(sysQuartzJobLog.triggerType, "cron")));
      const ours = rows.filter((r) => r.startTime.getTime() >= from);
      const seconds = ours.map((r) => Math.floor(r.startTime.getTime() / 1000));
      const ticks = Math.floor(to / 1000) - Math.floor(from / 1000);
      // No due second ran twice, and none was skipped (allowing the edges).
      expect(new Set(seconds).size).toBe(seconds.length);
      expect(ours.length).toBeGreaterThanOrEqual(ticks - 2);
      expect(ours.length).toBeLessThanOrEqual(ticks + 1);
      expect(ours.every((r) => r.success === true)).toBe(true);
      const instances = new Set(ours.map((r) => r.instance));
      expect([...instances].every((i) => i === schedulerOf(t.ctx)!.instance || i === schedulerOf(other.app.ctx)!.instance)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("survives a restart: a new app on the same database runs the jobs saved before", async () => {
    const job = await jobOf("org.jeecg.modules.quartz.job.SampleJob");
    expect((await call("PUT", "/sys/quartzJob/edit", admin, { id: job.id, jobClassName: job.jobClassName, cronExpression: "* * * * * ?", status: 0 })).json().success).toBe(true);
    await schedulerOf(t.ctx)!.stop(); // the first instance is "down"
    const other = await secondApp();
    try {
      const otherInstance = schedulerOf(other.app.ctx)!.instance;
      const listed = (await other.app.inject({ method: "GET", url: `${API}/sys/quartzJob/queryById?id=${job.id}`, headers: { "x-access-token": admin } })).json().result;
      expect(listed).toMatchObject({ status: 0, cronExpression: "* * * * * ?" });
      await until(async () => (await runs(job.id)).some((r) => r.instance === otherInstance && r.endTime));
    } finally {
      await other.close();
    }
    await call("GET", `/sys/quartzJob/pause?id=${job.id}`);
  });

  it("on close lets a running job finish, and records one that does not stop as cut off", async () => {
    JOB_CLASSES["test.PoliteJob"] = {
      title: "会停",
      description: "",
      run: ({ signal }) => new Promise((resolve) => signal.addEventListener("abort", () => resolve("收到停止信号，已停止"))),
    };
    JOB_CLASSES["test.StubbornJob"] = { title: "不停", description: "", run: () => new Promise(() => {}) };
    await t.database.db.insert(sysQuartzJob).values([
      { id: "9000000000000000003", jobClassName: "test.PoliteJob", cronExpression: "0 0 3 * * ?", status: -1 },
      { id: "9000000000000000004", jobClassName: "test.StubbornJob", cronExpression: "0 0 3 * * ?", status: -1 },
    ]);
    const other = await secondApp();
    const exec = (id: string) => other.app.inject({ method: "GET", url: `${API}/sys/quartzJob/execute?id=${id}`, headers: { "x-access-token": admin } });
    expect((await exec("9000000000000000003")).json().success).toBe(true);
    expect((await exec("9000000000000000004")).json().success).toBe(true);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(4000); // JOB_DRAIN_MS is 1 s
    const [polite] = await runs("9000000000000000003");
    const [stubborn] = await runs("9000000000000000004");
    expect(polite).toMatchObject({ success: true, message: "收到停止信号，已停止" });
    expect(stubborn).toMatchObject({ success: false, message: "服务停止，任务被中断" });
    expect(stubborn!.endTime).not.toBeNull();
  });
});
