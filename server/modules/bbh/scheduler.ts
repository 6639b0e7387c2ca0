/**
 * The bbh minute job (domain.md §5.3, §5.5; JeecgBoot runs it with Quartz): windows of published activities
 * whose start has come switch 未开始 → 进行中; windows with `auto_settle` that have ended and have no answer
 * waiting for review are settled (by `system`) and, like any settled window whose messages are not queued yet
 * (a settlement whose server stopped before it queued them), get their 成绩发布 messages queued; unused
 * activation codes past their validity expire.
 * Every step is an idempotent statement or the normal settlement (whose row lock refuses a second settler),
 * so several server instances may all run it.
 */
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { ApiError } from "../../lib/envelope.js";
import { backgroundTask } from "../../lib/background-task.js";
import { queueSettledMessages, settleWindow } from "./time.repo.js";
import { affected, rowsOf } from "./shared.js";

export interface TickResult {
  started: number;
  settled: string[];
  notices: number;
  expiredCodes: number;
}

export async function bbhTick(db: Db, now = new Date()): Promise<TickResult> {
  const started = affected(
    await db.execute(sql`
      update bbh_activity_time t set time_status = 1, update_by = 'system', update_time = ${now}
      from bbh_activity_main a
      where a.id = t.activity_id and a.publish_status = 1 and a.del_flag = 0 and t.time_status = 0 and t.start_time <= ${now}`),
  );
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`
      select t.id from bbh_activity_time t
      where t.auto_settle = 1 and t.time_status in (1, 3) and t.end_time <= ${now}
        and not exists (select 1 from bbh_user_task_answer x where x.time_id = t.id and x.round_no = t.round_no and x.audit_status = 0)
      order by t.end_time limit 100`),
  );
  const settled: string[] = [];
  for (const { id } of due) {
    try {
      await db.transaction((tx) => settleWindow(tx, id, { force: false, ignorePending: false }, "system", now));
      settled.push(id);
    } catch (err) {
      // Settled or being settled elsewhere, or an answer arrived meanwhile: the next tick looks again.
      if (!(err instanceof ApiError)) throw err;
    }
  }
  const notices = await queueSettledMessages(db);
  const expiredCodes = affected(
    await db.execute(sql`
      update bbh_activation_code set code_status = 3, update_by = 'system', update_time = ${now}
      where code_status = 0 and valid_end_time is not null and valid_end_time < ${now}`),
  );
  return { started, settled, notices, expiredCodes };
}

/** Runs the tick every `intervalSeconds` (0: never) while the app is up, one run at a time. */
export function scheduleBbhTick(app: FastifyInstance, intervalSeconds: number) {
  if (intervalSeconds <= 0) return;
  backgroundTask(app, "bbh 定时任务失败", intervalSeconds, async () => {
    const r = await bbhTick(app.ctx.db);
    if (r.started || r.settled.length || r.notices || r.expiredCodes) app.log.info(r, "bbh 定时任务");
  });
}
