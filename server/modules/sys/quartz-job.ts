/**
 * `/sys/quartzJob/*` (contract.md §10.8): scheduled jobs kept in `sys_quartz_job`, run by the scheduler in
 * server/jobs/scheduler.ts (started and stopped with the app). Only the job classes of server/jobs/registry.ts
 * can be chosen; cron expressions are Quartz's (seconds first, `?`, optional year) and are checked when saved.
 * Beyond JeecgBoot (docs/compatibility.md): `cronPreview` (the next 5 run times), `jobClasses` (the registry)
 * and `logList` (the runs of a job, with duration and error).
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../app.js";
import { sysQuartzJob, sysQuartzJobLog } from "../../db/schema.js";
import type { Db } from "../../db/client.js";
import { formatDateTime } from "../../lib/dates.js";
import { badRequest, ok, refused } from "../../lib/envelope.js";
import { OptionalText } from "../../lib/field-schema.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { nextRun, nextRuns, normaliseCron, parseCron, PREVIEW_MAX_RUNS } from "../../jobs/cron.js";
import { JOB_CLASSES } from "../../jobs/registry.js";
import { JobScheduler } from "../../jobs/scheduler.js";
import { col, registerExport } from "../bbh/lists.js";
import { registerCrud } from "./crud.js";
import { Id, IdQuery, ListQuery, scope, updated } from "./shared.js";
import { scopeRows } from "../../plugins/row-scope.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";

type JobRow = typeof sysQuartzJob.$inferSelect;
type RunRow = typeof sysQuartzJobLog.$inferSelect;

const schedulers = new WeakMap<AppContext, JobScheduler>();
/** The scheduler of an app (tests drive it by hand). */
export const schedulerOf = (ctx: AppContext) => schedulers.get(ctx);

export const JOB_NOT_FOUND = "定时任务不存在！";
export const unknownClass = (name: string) => `后台找不到该类名：${name}`;

const spec: ListSpec = {
  fields: {
    jobClassName: { column: sysQuartzJob.jobClassName, type: "string", sort: true },
    cronExpression: { column: sysQuartzJob.cronExpression, type: "string", sort: true },
    parameter: { column: sysQuartzJob.parameter, type: "string" },
    description: { column: sysQuartzJob.description, type: "string", sort: true },
    status: { column: sysQuartzJob.status, type: "int", sort: true },
    nextRunTime: { column: sysQuartzJob.nextRunTime, type: "datetime", sort: true },
    createTime: { column: sysQuartzJob.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysQuartzJob.id,
  component: "system/QuartzJobList",
};

/** Scheduled jobs by id: those 定时任务 shows the caller. */
const jobRows = rowScope({ label: "定时任务", table: sysQuartzJob, id: sysQuartzJob.id, live: eq(sysQuartzJob.delFlag, 0), views: [viewOf(spec)], missing: () => refused(JOB_NOT_FOUND) });

const runSpec: ListSpec = {
  fields: {
    jobId: { column: sysQuartzJobLog.jobId, type: "string" },
    triggerType: { column: sysQuartzJobLog.triggerType, type: "string" },
    startTime: { column: sysQuartzJobLog.startTime, type: "datetime", sort: true },
    durationMs: { column: sysQuartzJobLog.durationMs, type: "int", sort: true },
  },
  defaultSort: [{ field: "startTime", order: "desc" }],
  tiebreak: sysQuartzJobLog.id,
};

const toJson = (r: JobRow) => ({
  id: r.id,
  jobClassName: r.jobClassName,
  jobClassTitle: JOB_CLASSES[r.jobClassName]?.title ?? null,
  cronExpression: r.cronExpression,
  parameter: r.parameter,
  description: r.description,
  status: r.status,
  delFlag: r.delFlag,
  nextRunTime: formatDateTime(r.nextRunTime),
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

const runJson = (r: RunRow) => ({
  id: r.id,
  jobId: r.jobId,
  jobClassName: r.jobClassName,
  parameter: r.parameter,
  triggerType: r.triggerType,
  startTime: formatDateTime(r.startTime),
  endTime: formatDateTime(r.endTime),
  durationMs: r.durationMs,
  success: r.success,
  message: r.message,
  instance: r.instance,
});

const Cron = Type.String({ title: "Cron表达式", minLength: 1, maxLength: 255 });
const JobBody = Type.Object({
  jobClassName: Type.String({ title: "任务类名", minLength: 1, maxLength: 255 }),
  cronExpression: Cron,
  parameter: OptionalText(255, "参数"),
  description: OptionalText(255, "描述"),
  // Not nullable: ajv's type coercion would read 0 as null in a [null, integer] union.
  status: Type.Optional(Type.Integer({ title: "状态", enum: [0, -1] } as Parameters<typeof Type.Integer>[0])),
});

export function assertJobClass(name: string) {
  if (!Object.hasOwn(JOB_CLASSES, name)) throw badRequest(unknownClass(name));
}

export default async function quartzJobRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: jobRows, jobId: jobRows });
  const { db, config, cache } = app.ctx;
  const rules = { minIntervalSeconds: config.jobMinIntervalSeconds };
  const scheduler = new JobScheduler(app.ctx, { pollMs: config.jobPollMs, drainMs: config.jobDrainMs, log: app.log });
  schedulers.set(app.ctx, scheduler);
  app.addHook("onReady", async () => scheduler.start());
  app.addHook("onClose", async () => scheduler.stop());

  const find = async (tx: Db, id: string) => {
    const [row] = await tx.select().from(sysQuartzJob).where(and(eq(sysQuartzJob.id, id), eq(sysQuartzJob.delFlag, 0)));
    return row;
  };

  registerCrud<typeof JobBody, JobRow>(base, {
    base: "/sys/quartzJob",
    table: sysQuartzJob,
    id: sysQuartzJob.id,
    spec,
    rows: jobRows,
    codes: {
      list: "system:quartzJob:list",
      add: "system:quartzJob:add",
      edit: "system:quartzJob:edit",
      delete: "system:quartzJob:delete",
      deleteBatch: "system:quartzJob:delete",
    },
    body: JobBody,
    values: async (b, tx, id) => {
      const jobClassName = b.jobClassName.trim();
      assertJobClass(jobClassName);
      const cronExpression = normaliseCron(b.cronExpression);
      parseCron(cronExpression, rules);
      let status = b.status ?? undefined;
      if (status === undefined) status = id ? ((await find(tx, id))?.status ?? -1) : 0;
      return {
        jobClassName,
        cronExpression,
        // Verbatim: handed to the job as text, never evaluated.
        parameter: b.parameter === undefined || b.parameter === null || b.parameter === "" ? null : b.parameter,
        description: b.description?.trim() || null,
        status,
        nextRunTime: status === 0 ? nextRun(cronExpression) : null,
      };
    },
    toJson,
    dictFields: { status: "quartz_status" },
    unique: [{ column: sysQuartzJob.jobClassName, key: "jobClassName", message: "该任务类已有定时任务，同一任务类只能创建一个" }],
    softDelete: sysQuartzJob.delFlag,
    afterWrite: () => scheduler.wake(),
    messages: { add: "创建定时任务成功", edit: "更新定时任务成功!", delete: "删除成功!", deleteBatch: "删除定时任务成功!" },
  });

  registerExport<JobRow>(base, {
    base: "/sys/quartzJob",
    table: sysQuartzJob,
    id: sysQuartzJob.id,
    spec,
    code: "system:quartzJob:list",
    dictFields: { status: "quartz_status" },
    toJson,
    where: () => [eq(sysQuartzJob.delFlag, 0)],
    excel: {
      title: "定时任务",
      columns: [col("任务类名", "jobClassName", 48), col("Cron表达式", "cronExpression", 22), col("参数", "parameter", 20), col("描述", "description", 30), col("状态", "status", 8), col("下次执行时间", "nextRunTime", 20)],
    },
  });

  const setStatus = async (req: { query: { id: string } } & Parameters<typeof updated>[0], status: 0 | -1) => {
    await db.transaction(async (tx) => {
      const job = await find(tx, req.query.id);
      if (!job) throw refused(JOB_NOT_FOUND);
      if (status === 0) {
        assertJobClass(job.jobClassName);
        // A row saved before the rules (or imported from JeecgBoot) may ask for every second: refused, not started.
        parseCron(job.cronExpression, rules);
      }
      const next = status === 0 ? nextRun(job.cronExpression) : null;
      if (status === 0 && !next) throw badRequest(`Cron表达式「${job.cronExpression}」以后不会再触发`);
      await tx.update(sysQuartzJob).set({ status, nextRunTime: next, ...updated(req) }).where(eq(sysQuartzJob.id, job.id));
    });
    scheduler.wake();
  };

  app.get("/sys/quartzJob/pause", { config: can("system:quartzJob:pause"), schema: { querystring: IdQuery } }, async (req) => {
    await setStatus(req, -1);
    return ok(null, "停止定时任务成功");
  });

  app.get("/sys/quartzJob/resume", { config: can("system:quartzJob:resume"), schema: { querystring: IdQuery } }, async (req) => {
    await setStatus(req, 0);
    return ok(null, "启动定时任务成功");
  });

  app.get("/sys/quartzJob/execute", { config: can("system:quartzJob:execute"), schema: { querystring: IdQuery } }, async (req) => {
    const job = await find(db, req.query.id);
    if (!job) throw refused(JOB_NOT_FOUND);
    assertJobClass(job.jobClassName);
    const runId = await scheduler.runNow(job);
    return ok({ runId }, "执行成功!");
  });

  app.get(
    "/sys/quartzJob/cronPreview",
    { config: can("system:quartzJob:list"), schema: { querystring: Type.Object({ cronExpression: Cron, count: Type.Optional(Type.Integer({ title: "条数", minimum: 1, maximum: PREVIEW_MAX_RUNS })) }) } },
    async (req) => ok(nextRuns(req.query.cronExpression, req.query.count ?? 5, new Date(), rules).map((d) => formatDateTime(d))),
  );

  app.get("/sys/quartzJob/jobClasses", { config: can("system:quartzJob:list") }, async () =>
    ok(Object.entries(JOB_CLASSES).map(([value, c]) => ({ value, title: c.title, description: c.description }))),
  );

  app.get(
    "/sys/quartzJob/logList",
    { config: can("system:quartzJob:list"), schema: { querystring: Type.Object({ ...ListQuery.properties, jobId: Id }, { additionalProperties: true }) } },
    async (req) => {
      const params = parseListQuery(runSpec, req.query, config.maxPageSize);
      const { rows, total } = await fetchPage(db, sysQuartzJobLog, params, { scope: scope(req, cache), where: [eq(sysQuartzJobLog.jobId, req.query.jobId)] });
      return ok(toPage(rows.map((r) => runJson(r as RunRow)), total, params));
    },
  );
}
