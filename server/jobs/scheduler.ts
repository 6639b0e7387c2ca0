/**
 * Runs the scheduled jobs of `sys_quartz_job` (contract.md §10.8). Every instance runs this loop; the database
 * decides who runs what. A claim is one short transaction: the due rows (status 0, `next_run_time` passed)
 * are locked `FOR UPDATE SKIP LOCKED`, their `next_run_time` moves to the next cron time after now, and a
 * run row (`sys_quartz_job_log`) is written; only then, after commit, does the job run. So a due time is
 * claimed by exactly one instance, and another instance polling at the same moment skips the locked rows
 * or sees the moved time. Missed times (server down, a slow tick) are not replayed: a late claim runs once
 * and continues from now (Quartz's default misfire rule for cron triggers).
 *
 * Within one instance a job never overlaps itself: while it runs, this instance does not claim it (another
 * instance may). Run once (`execute`) runs at once whatever the status. Stopping (app close, SIGTERM) stops
 * claiming, aborts the running jobs' signal, waits up to `drainMs`, and records whatever is still running
 * as cut off.
 */
import { hostname } from "node:os";
import { and, eq, isNull, lte, notInArray, sql } from "drizzle-orm";
import type { AppContext } from "../app.js";
import { databaseFault } from "../db/client.js";
import { sysQuartzJob, sysQuartzJobLog } from "../db/schema.js";
import { nextId } from "../lib/ids.js";
import { nextRun } from "./cron.js";
import { JOB_CLASSES } from "./registry.js";

export type TriggerType = "cron" | "manual";

interface Claimed {
  runId: string;
  jobId: string;
  jobClassName: string;
  parameter: string | null;
}

export interface SchedulerOptions {
  /** Longest sleep between polls (other instances' changes are seen within this); 0 disables the loop. */
  pollMs: number;
  /** How long stopping waits for running jobs before recording them as cut off. */
  drainMs: number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const MAX_CLAIM = 20;
const CUT_OFF = "服务停止，任务被中断";

export class JobScheduler {
  readonly instance = `${hostname()}#${process.pid}#${Math.random().toString(36).slice(2, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private polling: Promise<void> | null = null;
  private readonly running = new Map<string, { jobId: string; done: Promise<void> }>();
  private readonly abort = new AbortController();

  constructor(
    private readonly app: AppContext,
    private readonly opts: SchedulerOptions,
  ) {}

  start(): void {
    if (this.opts.pollMs <= 0 || !this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Polls soon (after an add, edit or resume on this instance). */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick() {
    if (this.stopped || this.polling) return;
    let sleep = this.opts.pollMs;
    this.polling = (async () => {
      try {
        await this.claimAndRun(new Date());
        const [row] = await this.app.db
          .select({ due: sql<Date | null>`min(${sysQuartzJob.nextRunTime})` })
          .from(sysQuartzJob)
          .where(and(eq(sysQuartzJob.status, 0), eq(sysQuartzJob.delFlag, 0)));
        const due = row?.due ? new Date(row.due).getTime() - Date.now() : Infinity;
        // Due already (a job still running here, or claimed elsewhere a moment ago): look again shortly.
        sleep = due <= 0 ? Math.min(this.opts.pollMs, 250) : Math.min(this.opts.pollMs, due + 5);
      } catch (err) {
        // A database outage is reported once by the database's health (lib/dependency.ts), not every poll.
        if (!this.stopped && !databaseFault(err)) this.opts.log.error({ err }, "定时任务调度失败");
      }
    })();
    await this.polling;
    this.polling = null;
    if (!this.stopped) this.schedule(sleep);
  }

  /** One claim of every due job (not running here), then runs them in the background. Answers the claims. */
  async claimAndRun(now: Date): Promise<number> {
    const busy = [...new Set([...this.running.values()].map((r) => r.jobId))];
    const claimed = await this.app.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: sysQuartzJob.id, jobClassName: sysQuartzJob.jobClassName, parameter: sysQuartzJob.parameter, cronExpression: sysQuartzJob.cronExpression, due: sysQuartzJob.nextRunTime })
        .from(sysQuartzJob)
        .where(and(eq(sysQuartzJob.status, 0), eq(sysQuartzJob.delFlag, 0), lte(sysQuartzJob.nextRunTime, now), busy.length ? notInArray(sysQuartzJob.id, busy) : undefined))
        .orderBy(sysQuartzJob.nextRunTime)
        .limit(MAX_CLAIM)
        .for("update", { skipLocked: true });
      const out: Claimed[] = [];
      for (const job of due) {
        // Not sooner than the minimum interval after this run's due time, even for a row saved before the rule
        // (or written by hand) that asks for every second; a late claim still takes the next time after now.
        const earliest = Math.max(now.getTime(), (job.due?.getTime() ?? now.getTime()) + (this.app.config.jobMinIntervalSeconds - 1) * 1000);
        await tx.update(sysQuartzJob).set({ nextRunTime: nextRun(job.cronExpression, new Date(earliest)) }).where(eq(sysQuartzJob.id, job.id));
        out.push({ runId: nextId(), jobId: job.id, jobClassName: job.jobClassName, parameter: job.parameter });
      }
      if (out.length) {
        await tx.insert(sysQuartzJobLog).values(out.map((c) => ({ id: c.runId, jobId: c.jobId, jobClassName: c.jobClassName, parameter: c.parameter, triggerType: "cron", startTime: now, instance: this.instance })));
      }
      return out;
    });
    for (const c of claimed) this.launch(c);
    return claimed.length;
  }

  /** Runs a job now, whatever its status (`execute`); answers the run's id once its run row is written. */
  async runNow(job: { id: string; jobClassName: string; parameter: string | null }): Promise<string> {
    const runId = nextId();
    await this.app.db.insert(sysQuartzJobLog).values({ id: runId, jobId: job.id, jobClassName: job.jobClassName, parameter: job.parameter, triggerType: "manual", startTime: new Date(), instance: this.instance });
    this.launch({ runId, jobId: job.id, jobClassName: job.jobClassName, parameter: job.parameter });
    return runId;
  }

  private launch(c: Claimed) {
    const started = Date.now();
    const done = (async () => {
      let success = false;
      let message: string;
      try {
        const cls = JOB_CLASSES[c.jobClassName];
        if (!cls) throw new Error(`后台找不到该类名：${c.jobClassName}`);
        const result = await cls.run({ app: this.app, parameter: c.parameter, signal: this.abort.signal, log: (o, m) => this.opts.log.info(o, m) });
        success = true;
        message = typeof result === "string" ? result : "执行成功";
      } catch (err) {
        message = err instanceof Error ? err.message : String(err);
        this.opts.log.error({ job: c.jobClassName, err }, "定时任务执行失败");
      }
      const end = new Date();
      try {
        // `end_time is null`: a run recorded as cut off at shutdown keeps that record.
        await this.app.db
          .update(sysQuartzJobLog)
          .set({ endTime: end, durationMs: end.getTime() - started, success, message: message.slice(0, 1000) })
          .where(and(eq(sysQuartzJobLog.id, c.runId), isNull(sysQuartzJobLog.endTime)));
      } catch (err) {
        if (!this.stopped) this.opts.log.error({ err }, "定时任务运行记录写入失败");
      }
    })();
    this.running.set(c.runId, { jobId: c.jobId, done });
    void done.finally(() => this.running.delete(c.runId));
  }

  /** Stops claiming, lets running jobs finish (at most `drainMs`), records the rest as cut off. */
  async stop(): Promise<void> {
    if (this.stopped && this.running.size === 0) return;
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    if (this.running.size === 0) return;
    this.abort.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running.values()].map((r) => r.done)),
      new Promise((resolve) => (timer = setTimeout(resolve, this.opts.drainMs))),
    ]);
    clearTimeout(timer);
    const left = [...this.running.keys()];
    if (left.length) {
      const end = new Date();
      for (const id of left) {
        await this.app.db
          .update(sysQuartzJobLog)
          .set({ endTime: end, durationMs: sql`(extract(epoch from ${end}::timestamptz - ${sysQuartzJobLog.startTime}) * 1000)::int`, success: false, message: CUT_OFF })
          .where(and(eq(sysQuartzJobLog.id, id), isNull(sysQuartzJobLog.endTime)))
          .catch(() => {});
      }
      this.opts.log.info({ runs: left.length }, "定时任务在停止时被中断");
    }
  }

  /** Jobs running on this instance now. */
  get runningCount(): number {
    return this.running.size;
  }
}
