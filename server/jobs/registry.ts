/**
 * The job classes a scheduled job may name (`sys_quartz_job.job_class_name`). Only these run: a row naming
 * anything else is refused when saved (`后台找不到该类名：…`) and fails its runs. The parameter is handed to
 * the job as the text it is, never evaluated. JeecgBoot's seed classes keep their fully-qualified names, so
 * imported JeecgBoot rows keep working; our own jobs are named `redmark.job.*`.
 */
import { lt, sql } from "drizzle-orm";
import type { AppContext } from "../app.js";
import { sysSession } from "../db/schema.js";
import type { Db } from "../db/client.js";
import { messageQueueOf } from "../modules/sys/message.js";
import { ThumbJob, uploadRootOf } from "../modules/bbh/thumbs.js";
import { formatDateTime } from "../lib/dates.js";
import { affected } from "../modules/bbh/shared.js";

export interface JobContext {
  app: AppContext;
  /** `parameter` exactly as stored (JeecgBoot's job data); may be null. */
  parameter: string | null;
  /** Aborted when the server stops: a long job should stop at its next step. */
  signal: AbortSignal;
  log: (obj: object, msg: string) => void;
}

export interface JobClass {
  /** Chinese title shown in the job class select. */
  title: string;
  description: string;
  /** Runs once; the answer is recorded as the run's message. A throw records a failed run. */
  run(ctx: JobContext): Promise<string | void>;
}

/** PGlite (embedded) or a PostgreSQL server: PGlite's client has `exec`, pg's pool does not. */
export function isPglite(db: Db): boolean {
  const client = (db as unknown as { $client?: { exec?: unknown } }).$client;
  return typeof client?.exec === "function";
}

/** Deletes rows older than `cutoff` in batches (one short statement each, so writers are never held up). */
export async function purgeOlderThan(db: Db, table: "sys_log" | "sys_quartz_job_log", cutoff: Date, signal?: AbortSignal, batch = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    if (signal?.aborted) break;
    const res =
      table === "sys_log"
        ? await db.execute(sql`delete from sys_log where id in (select id from sys_log where create_time < ${cutoff} limit ${batch})`)
        : await db.execute(sql`delete from sys_quartz_job_log where id in (select id from sys_quartz_job_log where start_time < ${cutoff} and end_time is not null limit ${batch})`);
    const n = affected(res);
    total += n;
    if (n < batch) break;
  }
  return total;
}

const DAY_MS = 86_400_000;

export const JOB_CLASSES: Record<string, JobClass> = {
  "org.jeecg.modules.quartz.job.SampleJob": {
    title: "示例任务（不带参数）",
    description: "JeecgBoot 的示例任务：只记录一次运行，不做任何改动。",
    async run() {
      return `示例任务运行于 ${formatDateTime(new Date())}`;
    },
  },
  "org.jeecg.modules.quartz.job.SampleParamJob": {
    title: "示例任务（带参数）",
    description: "JeecgBoot 的示例任务：把参数原样记入运行记录。",
    async run({ parameter }) {
      return `欢迎 ${parameter ?? ""}`;
    },
  },
  "org.jeecg.modules.message.job.SendMsgJob": {
    title: "消息发送",
    description: "发送消息队列中待发送的消息（消息中心）。",
    async run({ app }) {
      const queue = messageQueueOf(app);
      if (!queue) throw new Error("消息队列未启用");
      return `已处理 ${await queue.runOnce()} 条待发送消息`;
    },
  },
  "redmark.job.HeartbeatJob": {
    title: "心跳",
    description: "只记录一次运行，不做任何改动（用于检查调度是否正常）。",
    async run() {
      return "心跳";
    },
  },
  "redmark.job.DbMaintenanceJob": {
    title: "数据库维护（VACUUM ANALYZE）",
    description: "内置数据库（PGlite）没有自动清理：执行 VACUUM ANALYZE；PostgreSQL 由其 autovacuum 负责，只执行 ANALYZE 更新统计信息。",
    async run({ app }) {
      if (isPglite(app.db)) {
        await app.db.execute(sql`vacuum analyze`);
        return "已执行 VACUUM ANALYZE（内置数据库）";
      }
      await app.db.execute(sql`analyze`);
      return "已执行 ANALYZE（PostgreSQL，清理由 autovacuum 负责）";
    },
  },
  "redmark.job.SessionCleanupJob": {
    title: "清理过期会话与验证码",
    description: "删除过期一天以上的会话记录；验证码只存于缓存并按有效期自动失效（内存缓存每分钟清扫，Redis 按 TTL）。",
    async run({ app }) {
      const gone = await app.db.delete(sysSession).where(lt(sysSession.expireTime, new Date(Date.now() - DAY_MS))).returning({ id: sysSession.id });
      return `已删除 ${gone.length} 条过期会话`;
    },
  },
  "redmark.job.DictCacheRefreshJob": {
    title: "刷新字典缓存",
    description: "丢弃本实例的字典缓存，下次读取时从数据库重新加载。",
    async run({ app }) {
      app.dicts.refresh();
      return "字典缓存已刷新（执行本任务的实例）";
    },
  },
  "redmark.job.ThumbnailBackfillJob": {
    title: "红色印记缩略图补全",
    description: "为红色印记中缺少缩略图的本地图片生成缩略图（只补缺失的）。",
    async run({ app }) {
      const job = new ThumbJob(app.db, uploadRootOf(app.config.dataDir), app.config.contextPath);
      const r = await job.start({ onlyMissing: true });
      return `红色印记 ${r.total} 个：生成 ${r.generated}，跳过 ${r.skipped}，失败 ${r.failed}`;
    },
  },
  "redmark.job.LogRetentionJob": {
    title: "日志保留期清理",
    description: "分批删除早于保留天数（LOG_RETENTION_DAYS）的系统日志与定时任务运行记录。",
    async run({ app, signal }) {
      const cutoff = new Date(Date.now() - app.config.logRetentionDays * DAY_MS);
      const logs = await purgeOlderThan(app.db, "sys_log", cutoff, signal);
      const runs = await purgeOlderThan(app.db, "sys_quartz_job_log", cutoff, signal);
      return `保留 ${app.config.logRetentionDays} 天：删除系统日志 ${logs} 条，运行记录 ${runs} 条`;
    },
  },
};

/** The seeded jobs: JeecgBoot's three (stopped, as it seeds them) and our housekeeping ones. */
/**
 * JeecgBoot seeds its samples with `0/1 * * * * ?` (every second), which the minimum interval refuses
 * (JOB_MIN_INTERVAL_SECONDS); ours fire once a minute. Migration 0018 moves untouched rows seeded before.
 */
export const SAMPLE_CRON = "0 * * * * ?";

export const SEED_JOBS: Array<{ jobClassName: string; cronExpression: string; parameter?: string; description: string; status: 0 | -1 }> = [
  { jobClassName: "org.jeecg.modules.message.job.SendMsgJob", cronExpression: "0/50 * * * * ? *", description: "消息发送（JeecgBoot 示例，默认停止；消息队列另有自己的发送间隔）", status: -1 },
  { jobClassName: "org.jeecg.modules.quartz.job.SampleJob", cronExpression: SAMPLE_CRON, description: "示例任务", status: -1 },
  { jobClassName: "org.jeecg.modules.quartz.job.SampleParamJob", cronExpression: SAMPLE_CRON, parameter: "scott", description: "带参示例任务", status: -1 },
  { jobClassName: "redmark.job.DbMaintenanceJob", cronExpression: "0 30 3 * * ?", description: "每天 03:30 数据库维护", status: 0 },
  { jobClassName: "redmark.job.SessionCleanupJob", cronExpression: "0 15 * * * ?", description: "每小时清理过期会话", status: 0 },
  { jobClassName: "redmark.job.LogRetentionJob", cronExpression: "0 0 4 * * ?", description: "每天 04:00 按保留天数清理日志", status: 0 },
  { jobClassName: "redmark.job.DictCacheRefreshJob", cronExpression: "0 0 5 * * ?", description: "刷新字典缓存", status: -1 },
  { jobClassName: "redmark.job.ThumbnailBackfillJob", cronExpression: "0 0 2 * * ?", description: "每天 02:00 补全红色印记缩略图", status: -1 },
];
