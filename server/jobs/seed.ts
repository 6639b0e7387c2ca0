/** Seed step `quartz-jobs-v1`: JeecgBoot's three sample jobs (stopped) and the housekeeping jobs. */
import { sysQuartzJob } from "../db/schema.js";
import type { Db } from "../db/client.js";
import { nextId } from "../lib/ids.js";
import { nextRun } from "./cron.js";
import { SEED_JOBS } from "./registry.js";

export async function seedQuartzJobs(tx: Db): Promise<void> {
  await tx
    .insert(sysQuartzJob)
    .values(
      SEED_JOBS.map((j) => ({
        id: nextId(),
        jobClassName: j.jobClassName,
        cronExpression: j.cronExpression,
        parameter: j.parameter ?? null,
        description: j.description,
        status: j.status,
        nextRunTime: j.status === 0 ? nextRun(j.cronExpression) : null,
        createBy: "admin",
        createTime: new Date(),
      })),
    )
    // An imported JeecgBoot row for the same class stays as it is.
    .onConflictDoNothing();
}
