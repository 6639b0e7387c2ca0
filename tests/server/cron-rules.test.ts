/**
 * Cron expressions follow Quartz's rules and a minimum interval (issue 23, item 5): the JeecgBoot form's default
 * `* * * * * ? *` is every second and is refused with the interval in Chinese; `?` must stand in exactly one of
 * day-of-month and day-of-week; each field, the year of the 7-field form included, keeps to its range. Checked
 * on add, edit, resume and the preview, with the default JOB_MIN_INTERVAL_SECONDS (10); the seeded jobs pass,
 * and the scheduler spaces out a row that was saved before the rule.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { sysQuartzJob } from "../../server/db/schema.js";
import { checkQuartzFields, parseCron } from "../../server/jobs/cron.js";
import { SEED_JOBS } from "../../server/jobs/registry.js";
import { schedulerOf } from "../../server/modules/sys/quartz-job.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": admin }, ...(payload ? { payload } : {}) });
const preview = (cron: string) => call("GET", `/sys/quartzJob/cronPreview?cronExpression=${encodeURIComponent(cron)}&count=20`);
const refusal = (cron: string) => {
  try {
    parseCron(cron, { minIntervalSeconds: 10 });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

describe("the minimum interval (default 10 s)", () => {
  it("refuses the JeecgBoot client's default `* * * * * ? *` on add, edit and the preview, naming the minimum", async () => {
    const message = "Cron表达式「* * * * * ? *」每秒执行一次，执行间隔不能小于10秒";
    const add = await call("POST", "/sys/quartzJob/add", { jobClassName: "redmark.job.HeartbeatJob", cronExpression: "* * * * * ? *", status: 0 });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toMatchObject({ success: false, message });
    const [job] = await t.database.db.select().from(sysQuartzJob).where(eq(sysQuartzJob.jobClassName, "redmark.job.DbMaintenanceJob"));
    const edit = await call("PUT", "/sys/quartzJob/edit", { id: job!.id, jobClassName: job!.jobClassName, cronExpression: "* * * * * ? *", status: 0 });
    expect(edit.json()).toMatchObject({ success: false, message });
    expect((await preview("* * * * * ? *")).json()).toMatchObject({ success: false, message });
    const [after] = await t.database.db.select().from(sysQuartzJob).where(eq(sysQuartzJob.id, job!.id));
    expect(after!.cronExpression).toBe(job!.cronExpression);
  });

  it("measures the shortest gap: within a minute, across a minute boundary, and between minutes", () => {
    expect(refusal("0/5 * * * * ?")).toBe("Cron表达式「0/5 * * * * ?」最短每5秒执行一次，执行间隔不能小于10秒");
    expect(refusal("0,1 0 3 * * ?")).toBe("Cron表达式「0,1 0 3 * * ?」每秒执行一次，执行间隔不能小于10秒"); // once a day, two seconds in a row
    expect(refusal("0,55 * * * * ?")).toBe("Cron表达式「0,55 * * * * ?」最短每5秒执行一次，执行间隔不能小于10秒"); // :55 → next minute's :00
    expect(refusal("0/10 * * * * ?")).toBeNull();
    expect(refusal("0/50 * * * * ? *")).toBeNull(); // :00 and :50, ten seconds to the next minute
    expect(refusal("0,55 0 * * * ?")).toBeNull(); // the next minute never fires
    expect(refusal("0 * * * * ?")).toBeNull();
    expect(() => parseCron("0 0/2 * * * ?", { minIntervalSeconds: 300 })).toThrow("Cron表达式「0 0/2 * * * ?」最短每120秒执行一次，执行间隔不能小于300秒");
  });

  it("a preview of an allowed expression shows no two runs closer than the minimum", async () => {
    const runs = (await preview("0/10 * * * * ?")).json().result as string[];
    expect(runs).toHaveLength(20);
    const ms = runs.map((s) => new Date(s.replace(" ", "T") + "+08:00").getTime());
    for (let i = 1; i < ms.length; i++) expect(ms[i]! - ms[i - 1]!).toBe(10_000);
  });

  it("resume refuses a row saved before the rule that asks for every second, and leaves it stopped", async () => {
    await t.database.db.insert(sysQuartzJob).values({ id: "9100000000000000001", jobClassName: "redmark.job.HeartbeatJob", cronExpression: "* * * * * ?", status: -1 });
    const res = await call("GET", "/sys/quartzJob/resume?id=9100000000000000001");
    expect(res.json()).toMatchObject({ success: false, message: "Cron表达式「* * * * * ?」每秒执行一次，执行间隔不能小于10秒" });
    const [row] = await t.database.db.select().from(sysQuartzJob).where(eq(sysQuartzJob.id, "9100000000000000001"));
    expect(row).toMatchObject({ status: -1, nextRunTime: null });
  });

  it("the scheduler runs such a row already started no more often than the minimum interval", async () => {
    const due = new Date(Math.floor(Date.now() / 1000) * 1000);
    await t.database.db.update(sysQuartzJob).set({ status: 0, nextRunTime: due }).where(eq(sysQuartzJob.id, "9100000000000000001"));
    await schedulerOf(t.ctx)!.claimAndRun(new Date(due.getTime() + 200));
    const [row] = await t.database.db.select().from(sysQuartzJob).where(eq(sysQuartzJob.id, "9100000000000000001"));
    await t.database.db.update(sysQuartzJob).set({ status: -1, nextRunTime: null }).where(eq(sysQuartzJob.id, "9100000000000000001"));
    expect(row!.nextRunTime!.getTime() - due.getTime()).toBe(10_000);
  });

  it("the seeded jobs are valid under the default rules, and saving them unchanged succeeds", async () => {
    for (const job of SEED_JOBS) expect(refusal(job.cronExpression), job.jobClassName).toBeNull();
    const rows = await t.database.db.select().from(sysQuartzJob).where(eq(sysQuartzJob.createBy, "admin"));
    expect(rows.length).toBeGreaterThanOrEqual(SEED_JOBS.length);
    for (const row of rows.filter((r) => SEED_JOBS.some((j) => j.jobClassName === r.jobClassName))) {
      const res = await call("PUT", "/sys/quartzJob/edit", { id: row.id, jobClassName: row.jobClassName, cronExpression: row.cronExpression, status: row.status });
      expect(res.json().success, `${row.jobClassName} ${row.cronExpression}`).toBe(true);
    }
  });
});

describe("databases seeded before the rule", () => {
  it("migration 0018 moves the sample jobs nobody touched from every second to once a minute, and nothing else", async () => {
    const file = fs.readFileSync(path.join(process.cwd(), "server/db/migrations/0018_username_columns.sql"), "utf8");
    const update = file.split("--> statement-breakpoint").map((s) => s.trim()).find((s) => s.includes('UPDATE "sys_quartz_job"'))!;
    const db = t.database.db;
    const samples = await db.select().from(sysQuartzJob).where(inArray(sysQuartzJob.jobClassName, ["org.jeecg.modules.quartz.job.SampleJob", "org.jeecg.modules.quartz.job.SampleParamJob"]));
    expect(samples).toHaveLength(2);
    const [untouched, edited] = samples;
    await db.update(sysQuartzJob).set({ cronExpression: "0/1 * * * * ?", updateTime: null }).where(eq(sysQuartzJob.id, untouched!.id));
    await db.update(sysQuartzJob).set({ cronExpression: "0/1 * * * * ?", updateTime: new Date() }).where(eq(sysQuartzJob.id, edited!.id));
    await db.execute(sql.raw(update));
    const after = Object.fromEntries((await db.select().from(sysQuartzJob).where(inArray(sysQuartzJob.id, [untouched!.id, edited!.id]))).map((r) => [r.id, r.cronExpression]));
    expect(after).toEqual({ [untouched!.id]: "0 * * * * ?", [edited!.id]: "0/1 * * * * ?" });
    await db.update(sysQuartzJob).set({ cronExpression: "0 * * * * ?" }).where(eq(sysQuartzJob.id, edited!.id));
  });
});

describe("Quartz's field rules (6 and 7 fields)", () => {
  it("exactly one of day-of-month and day-of-week is `?`", async () => {
    expect(checkQuartzFields("0 0 3 1 * MON".split(" "))).toBe("「日」和「周」必须有一个为「?」（Quartz 不支持同时指定日和周）");
    expect(checkQuartzFields("0 0 3 * * *".split(" "))).toBe("「日」和「周」必须有一个为「?」（Quartz 不支持同时指定日和周）");
    expect(checkQuartzFields("0 0 3 ? * ?".split(" "))).toBe("「日」和「周」不能同时为「?」");
    expect(checkQuartzFields("0 0 ? * * ?".split(" "))).toBe("「时」字段不能使用「?」（只有「日」和「周」可以）");
    expect(checkQuartzFields("0 0 3 1,? * ?".split(" "))).toBe("「日」字段的「?」必须单独使用");
    for (const ok of ["0 0 3 ? * MON", "0 0 3 1 * ?", "0 0 3 ? * 2#1", "0 0 3 L * ?", "0 0 3 LW * ?", "0 0 3 15W * ?", "0 0 3 ? * 6L", "0 15 10 ? * MON-FRI", "0 0 12 ? JAN-MAR *", "0 0 3 * * ? 2030-2040"]) {
      expect(checkQuartzFields(ok.split(" ")), ok).toBeUndefined();
    }
    const res = await call("POST", "/sys/quartzJob/add", { jobClassName: "redmark.job.HeartbeatJob", cronExpression: "0 0 3 1 * 2", status: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Cron表达式「0 0 3 1 * 2」格式不正确：「日」和「周」必须有一个为「?」（Quartz 不支持同时指定日和周）");
  });

  it("each field keeps to its range, the 7-field form's year to 1970–2099", async () => {
    const cases: Array<[string, string]> = [
      ["60 0 3 * * ?", "「秒」字段的取值超出范围（0-59）"],
      ["0 0 24 * * ?", "「时」字段的取值超出范围（0-23）"],
      ["0 0 3 0 * ?", "「日」字段的取值超出范围（1-31）"],
      ["0 0 3 32W * ?", "「日」字段的取值超出范围（1-31）"],
      ["0 0 3 ? 13 *", "「月」字段的取值超出范围（1-12 或 JAN-DEC）"],
      ["0 0 3 ? * 8", "「周」字段的取值超出范围（1-7 或 SUN-SAT）"],
      ["0 0 3 ? * 0", "「周」字段的取值超出范围（1-7 或 SUN-SAT）"],
      ["0 0 3 ? * 2#6", "「周」字段的「#」后应为 1-5（当月第几个）"],
      ["0 0 3 * * ? 2100", "「年」字段的取值超出范围（1970-2099）"],
      ["0 0 3 * * ? 1969-2030", "「年」字段的取值超出范围（1970-2099）"],
      ["0 0 3 * * ? 9999", "「年」字段的取值超出范围（1970-2099）"],
      ["0/0 * * * * ?", "「秒」字段的步长应为 1-60"],
      ["0 0 3 * FOO ?", "「月」字段的取值「FOO」无法识别"],
      ["0 0 3 * * ? abc", "「年」字段的取值「abc」无法识别"],
      ["0,,1 0 3 * * ?", "「秒」字段有空的取值"],
    ];
    for (const [cron, problem] of cases) {
      const res = await preview(cron);
      expect(res.statusCode, cron).toBe(400);
      expect(res.json().message, cron).toBe(`Cron表达式「${cron}」格式不正确：${problem}`);
    }
    expect((await preview("0 0 3 * * ? 2099")).json().success).toBe(true);
  });
});
