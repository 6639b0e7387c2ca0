/**
 * Settlement and restart of an activity time window (domain.md §5.3), set-based: a fixed number of
 * statements per window whatever its number of players, all in one transaction.
 *
 * Concurrency: settlement first takes the window's row lock with NOWAIT. A second settle request of the same
 * window while one runs is refused at once (该时间段正在结算中); one that comes after the first committed finds
 * the window 已结算 and is refused too. Were the status check bypassed, the grades' keys (a player grade's id
 * is its round's id; a group grade is unique per window, round and group) would make a second run fail and
 * roll back rather than write twice.
 *
 * Speed (docs/performance.md): 100 000 players in 2–3 s on PostgreSQL, depending on the machine. The player
 * and task tables keep free room in their pages (fillfactor, migration 0013) and the columns settlement
 * changes stay out of their indexes where possible, so most of the updates below are heap-only (HOT); the
 * ledger's sums per task and per round are kept by its triggers (migration 0015), and each round's tasks done,
 * marks and last times by the play triggers (migration 0017), so nothing here sums the ledger or the tasks.
 */
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhActivityMain, bbhActivityTask, bbhActivityTime, bbhUserTaskAnswer, bbhUserActivity } from "../../db/schema.js";
import { badRequest } from "../../lib/envelope.js";
import { count } from "drizzle-orm";
import { parseGradeRule } from "./activity.repo.js";
import { affected, loadActivity, rowsOf, sqlState } from "./shared.js";
import { queueSettleMessages } from "./message.repo.js";

export type TimeRow = typeof bbhActivityTime.$inferSelect;

/** The window's row, locked for this transaction; `nowait` refuses at once while another transaction holds it. */
export async function lockWindow(tx: Db, id: string, nowait: boolean): Promise<TimeRow> {
  try {
    const q = tx.select().from(bbhActivityTime).where(eq(bbhActivityTime.id, id));
    const [row] = nowait ? await q.for("update", { noWait: true }) : await q.for("update");
    if (!row) throw badRequest("活动时间段不存在");
    return row;
  } catch (err) {
    if (sqlState(err) === "55P03") throw badRequest("该时间段正在结算中，请稍后刷新");
    throw err;
  }
}

export interface SettleOptions {
  force?: boolean | null;
  ignorePending?: boolean | null;
}

export interface SettleResult {
  timeId: string;
  roundNo: number;
  settleTime: Date;
  participantCount: number;
  rankedCount: number;
  finishedCount: number;
  groupCount: number;
  ledgerCount: number;
  expiredTaskCount: number;
  top: Array<{ rankNo: number; wxUserId: string; displayName: string | null; totalScore: number; durationSeconds: number | null; gradeLevel: string | null }>;
  groupTop: Array<{ rankNo: number; groupId: string; groupName: string | null; groupScore: number }>;
}

const n = (v: unknown) => Number(v ?? 0);

export async function settleWindow(tx: Db, id: string, opts: SettleOptions, by: string, now = new Date()): Promise<SettleResult> {
  const w = await lockWindow(tx, id, true);
  if (w.timeStatus === 0) throw badRequest("活动时间段尚未开始，无法结算");
  if (w.timeStatus === 2) throw badRequest("该时间段已结算，请勿重复结算");
  if (now < w.endTime && opts.force !== true) throw badRequest("活动时间段尚未结束，如需提前结算请勾选【提前结算】");
  const [pending] = await tx
    .select({ n: count() })
    .from(bbhUserTaskAnswer)
    .where(and(eq(bbhUserTaskAnswer.timeId, id), eq(bbhUserTaskAnswer.roundNo, w.roundNo), eq(bbhUserTaskAnswer.auditStatus, 0)));
  if (n(pending?.n) > 0 && opts.ignorePending !== true) throw badRequest(`仍有${n(pending?.n)}条答案待审核，请先完成审核再结算`);
  const a = await loadActivity(tx, w.activityId);
  const rule = parseGradeRule(a.gradeRule) ?? parseGradeRule(null)!;
  const t = id;
  const r = w.roundNo;
  const org = a.sysOrgCode;

  // The statements below sort and aggregate every player of the window at once: give them memory for this
  // transaction (at the default 4 MB the rank's sort and the answers' hash aggregate spill to disk), and no JIT
  // (compiling these plans costs more than it saves).
  await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);

  // 1. Submissions close: tasks not done expire (remembering their status for a 继续本轮 restart).
  const expired = await tx.execute(sql`
    update bbh_user_task set settle_prev_status = ut_status, ut_status = 5, update_by = ${by}, update_time = ${now}
    where time_id = ${t} and round_no = ${r} and ut_status in (0, 1, 4)`);

  // 2. The ledger is reconciled with the scores the tasks hold: a task's ledger rows must add up to its
  //    awarded score (0 unless 已完成); a difference gets one row (任务得分 or 审核撤销), so a second
  //    settlement finds nothing to add. The ledger's triggers keep each task's and each round's sum
  //    (`ledger_score`, migration 0015), so this reads the window's tasks, not its ledger; `score_after` runs on
  //    from the round's sum. Inserting the rows moves both sums on, and the rounds' sums are then the totals.
  const ledger = await tx.execute(sql`
    with d as materialized (
      select ut.id, ut.activity_id, ut.time_id, ut.round_no, ut.wx_user_id, ut.user_activity_id,
        (case when ut.ut_status = 3 then ut.score else 0 end) - ut.ledger_score as diff
      from bbh_user_task ut
      where ut.time_id = ${t} and ut.round_no = ${r} and (case when ut.ut_status = 3 then ut.score else 0 end) <> ut.ledger_score
    )
    insert into bbh_score_record (id, activity_id, time_id, round_no, wx_user_id, user_activity_id, group_id, user_task_id,
      score_type, score_change, score_after, reason, operator, create_by, create_time, sys_org_code)
    select replace(gen_random_uuid()::text, '-', ''), d.activity_id, d.time_id, d.round_no, d.wx_user_id, d.user_activity_id,
      ua.group_id, d.id, case when d.diff > 0 then 1 else 4 end, d.diff,
      (ua.ledger_score + sum(d.diff) over (partition by d.user_activity_id order by d.id))::int,
      '结算对账', 'system', ${by}, ${now}, ${org}
    from d
    -- One primary-key look-up per differing task (the limit keeps it one): the planner cannot estimate how few
    -- tasks differ and would otherwise hash every player of the window.
    cross join lateral (select u.group_id, u.ledger_score from bbh_user_activity u where u.id = d.user_activity_id limit 1) ua`);

  // The activity's enabled tasks: which are required, how many, and its 满分.
  const tasks = await tx
    .select({ id: bbhActivityTask.id, isRequired: bbhActivityTask.isRequired, score: bbhActivityTask.score })
    .from(bbhActivityTask)
    .where(and(eq(bbhActivityTask.activityId, a.id), eq(bbhActivityTask.delFlag, 0), eq(bbhActivityTask.taskStatus, 1)));
  const requiredCount = tasks.filter((k) => k.isRequired === 1).length;
  const max = tasks.reduce((sum, k) => sum + k.score, 0);

  // 3. Each player's totals and the individual rank, in one pass over the window's rounds: players with ≥ 1
  //    finished task by score desc, finished tasks desc, duration asc (standard competition ranking: 1, 2, 2, 4);
  //    the others get no rank; finished = every required enabled task done. The total is the round's ledger sum
  //    (domain.md §5.3), which the ledger's triggers keep in `ledger_score`; the tasks done, the required ones
  //    among them, their distinct marks, the last finish and the last approved submission are kept on the round
  //    by the play triggers (migration 0017), so nothing here reads the window's tasks or answers.
  await tx.execute(sql`
    with stats as (
      select ua.id, ua.ua_status,
        ua.ledger_score as total_score,
        ua.finished_task_count as finished,
        (ua.finished_task_count > 0 and ua.play_required_count >= ${requiredCount}::int) as is_finished,
        ua.play_last_finish_time as last_finish, ua.finish_time as ua_finish, ua.play_last_submit_time as last_submit, ua.start_time
      from bbh_user_activity ua
      where ua.time_id = ${t} and ua.round_no = ${r}
    ), finished as (
      select st.*, case when st.is_finished then coalesce(st.ua_finish, st.last_finish) else st.ua_finish end as finish_time
      from stats st
    ), timed as (
      -- date_part, not extract: a double rather than a numeric, which costs more to floor for every player
      select f.*, case when f.start_time is null then null else greatest(0, floor(date_part('epoch',
        coalesce(case when f.is_finished then f.finish_time end, f.last_submit, f.finish_time) - f.start_time)))::int end as duration
      from finished f
    ), ranked as (
      select tm.*, case when tm.finished > 0 then rank() over (partition by tm.finished > 0
        order by tm.total_score desc, tm.finished desc, tm.duration asc nulls last) end as rank_no
      from timed tm
    )
    update bbh_user_activity ua set
      total_score = rk.total_score,
      total_task_count = ${tasks.length}::int,
      finish_time = rk.finish_time,
      duration_seconds = rk.duration,
      rank_no = rk.rank_no,
      ua_status = case when rk.ua_status = 4 then 4 when rk.is_finished then 2 else 3 end,
      update_by = ${by}, update_time = ${now}
    from ranked rk where rk.id = ua.id`);

  // 4. The frozen grade rows, with the level of the activity's rule (by total score / the activity's 满分).
  //    A grade takes its player round's id: the primary key then allows one grade per round (no second unique
  //    index to write), and the keys arrive in order rather than as random UUIDs. No ON CONFLICT: the window
  //    lock and status check above admit one settlement per round, and a grade that exists anyway is a broken
  //    invariant the key should report, not one to skip silently.
  const levels = [...rule].sort((x, y) => y.minRate - x.minRate);
  const rate = sql`(case when ${max}::int > 0 then ua.total_score::numeric / ${max}::int else 0 end)`;
  const level = sql.join([sql`case`, ...levels.map((l) => sql`when ${rate} >= ${l.minRate}::numeric then ${l.level}::varchar`), sql`end`], sql` `);
  //    The counts and the top 10 come back from the inserted rows themselves (no second pass over the grades).
  const inserted = rowsOf<{ participants: number; finished: number; ranked: number; top: Array<SettleResult["top"][number] & { finishTime?: unknown }> | null }>(
    await tx.execute(sql`
    with ins as (
      insert into bbh_activity_grade (id, activity_id, time_id, round_no, wx_user_id, user_activity_id, group_id, display_name,
        school_id, class_name, org_id, total_score, finished_task_count, total_task_count, finished_mark_count, duration_seconds,
        start_time, finish_time, is_finished, rank_no, grade_level, settle_time, create_by, create_time, sys_org_code)
      select ua.id, ua.activity_id, ua.time_id, ua.round_no, ua.wx_user_id, ua.id, ua.group_id,
        left(coalesce(nullif(ap.real_name, ''), nullif(w.real_name, ''), nullif(w.nickname, ''), ua.wx_user_id), 50),
        ap.school_id, ap.class_name, ap.org_id, ua.total_score, ua.finished_task_count, ua.total_task_count, ua.finished_mark_count,
        ua.duration_seconds, ua.start_time, ua.finish_time, case when ua.ua_status = 2 then 1 else 0 end, ua.rank_no, ${level},
        ${now}, ${by}, ${now}, ${org}
      from bbh_user_activity ua
      left join bbh_activity_apply ap on ap.id = ua.apply_id
      left join bbh_wx_user w on w.id = ua.wx_user_id
      where ua.time_id = ${t} and ua.round_no = ${r}
      returning rank_no, is_finished, wx_user_id, display_name, total_score, duration_seconds, grade_level, finish_time
    )
    select count(*)::int as participants, (count(*) filter (where is_finished = 1))::int as finished,
      (count(*) filter (where rank_no is not null))::int as ranked,
      (select json_agg(b order by b."rankNo", b."finishTime" nulls last, b."wxUserId") from (
        select rank_no as "rankNo", wx_user_id as "wxUserId", display_name as "displayName", total_score as "totalScore",
          duration_seconds as "durationSeconds", grade_level as "gradeLevel", finish_time as "finishTime"
        from ins where rank_no is not null order by rank_no, finish_time nulls last, wx_user_id limit 10) b) as top
    from ins`),
  )[0];

  // 5. Group ranking (team modes): by the activity's rule, ties by average duration then member count.
  let groups = 0;
  if (a.teamMode === 2 || a.teamMode === 3) {
    const scoreRule = a.groupScoreRule ?? 2;
    const topN = a.groupTopN ?? 3;
    groups = affected(await tx.execute(sql`
      insert into bbh_activity_group_grade (id, activity_id, time_id, round_no, group_id, group_name, member_count, finished_member_count,
        total_score, avg_score, group_score, score_rule, avg_duration_seconds, rank_no, settle_time, create_by, create_time, sys_org_code)
      select replace(gen_random_uuid()::text, '-', ''), ${a.id}, ${t}, ${r}, s.group_id, grp.group_name, s.member_count, s.finished_member_count,
        s.total, round(s.avg_score, 2), round(s.group_score, 2), ${scoreRule}, round(s.avg_dur)::int,
        rank() over (order by round(s.group_score, 2) desc, s.avg_dur asc nulls last, s.member_count desc),
        ${now}, ${by}, ${now}, ${org}
      from (
        select g.group_id, count(*)::int as member_count, (count(*) filter (where g.is_finished = 1))::int as finished_member_count,
          sum(g.total_score)::int as total, avg(g.total_score) as avg_score,
          case ${scoreRule}::int when 1 then sum(g.total_score)::numeric
            when 3 then coalesce(sum(g.total_score) filter (where g.member_rank <= ${topN}::int), 0)::numeric
            else avg(g.total_score) end as group_score,
          avg(g.duration_seconds) as avg_dur
        from (select gr.*, row_number() over (partition by gr.group_id order by gr.total_score desc, gr.id) as member_rank
              from bbh_activity_grade gr where gr.time_id = ${t} and gr.round_no = ${r} and gr.group_id is not null) g
        group by g.group_id
      ) s left join bbh_activity_group grp on grp.id = s.group_id`));
  }

  // 6. The window is settled, with its counts.
  await tx
    .update(bbhActivityTime)
    .set({
      timeStatus: 2,
      settleTime: now,
      settleBy: by,
      participantCount: n(inserted.participants),
      finishedCount: n(inserted.finished),
      groupCount: groups,
      settleMsgTime: null, // queueSettledMessages, after commit
      updateBy: by,
      updateTime: now,
    })
    .where(eq(bbhActivityTime.id, t));
  const groupTop = rowsOf<{ rankNo: number; groupId: string; groupName: string | null; groupScore: string | number }>(
    await tx.execute(sql`
      select rank_no as "rankNo", group_id as "groupId", group_name as "groupName", group_score as "groupScore"
      from bbh_activity_group_grade where time_id = ${t} and round_no = ${r} order by rank_no, group_id limit 10`),
  ).map((g) => ({ ...g, rankNo: n(g.rankNo), groupScore: Number(g.groupScore) }));
  return {
    timeId: t,
    roundNo: r,
    settleTime: now,
    participantCount: n(inserted.participants),
    rankedCount: n(inserted.ranked),
    finishedCount: n(inserted.finished),
    groupCount: groups,
    ledgerCount: affected(ledger),
    expiredTaskCount: affected(expired),
    top: (inserted.top ?? []).map(({ finishTime: _f, ...x }) => ({ ...x, rankNo: n(x.rankNo), totalScore: n(x.totalScore), durationSeconds: x.durationSeconds == null ? null : n(x.durationSeconds) })),
    groupTop,
  };
}

/**
 * Step 7 of domain.md §5.3, after the settlement commits: the 成绩发布 (TIME_SETTLE_RESULT) messages of settled
 * windows whose messages are not queued yet (`timeId`: only that one), one transaction per window that
 * renders them from its frozen grades and marks the window done. Outside the settlement, so its transaction
 * (and the window's lock) does not also write a message per player; the route kicks it once the settlement
 * has committed and the minute tick picks up any window a crash left behind. A window another instance is
 * queuing (row lock) is skipped. Answers how many messages were queued.
 */
export async function queueSettledMessages(db: Db, timeId?: string): Promise<number> {
  const T = bbhActivityTime;
  const due = and(eq(T.timeStatus, 2), isNull(T.settleMsgTime), timeId === undefined ? undefined : eq(T.id, timeId));
  const windows = await db.select({ id: T.id }).from(T).where(due).orderBy(T.settleTime).limit(100);
  let queued = 0;
  for (const { id } of windows) {
    queued += await db.transaction(async (tx) => {
      const [w] = await tx.select().from(T).where(and(eq(T.id, id), due)).for("update", { skipLocked: true });
      if (!w) return 0;
      const [a] = await tx.select({ name: bbhActivityMain.activityName, org: bbhActivityMain.sysOrgCode }).from(bbhActivityMain).where(eq(bbhActivityMain.id, w.activityId));
      const settleTime = w.settleTime ?? new Date();
      const count = await queueSettleMessages(tx, { timeId: w.id, roundNo: w.roundNo, activityId: w.activityId, activityName: a?.name ?? "", timeName: w.timeName, orgCode: a?.org ?? null, settleTime, by: w.settleBy ?? "system" });
      await tx.update(T).set({ settleMsgTime: new Date() }).where(eq(T.id, w.id));
      return count;
    });
  }
  return queued;
}


export interface RestartOptions {
  startTime: Date | null;
  endTime: Date | null;
  restartMode: 1 | 2;
  reason: string | null;
}

/** Restart of a settled window (domain.md §5.3): a new round (default) or the same round with its settlement undone. */
export async function restartWindow(tx: Db, id: string, o: RestartOptions, by: string, now = new Date()): Promise<TimeRow> {
  const w = await lockWindow(tx, id, false);
  if (w.timeStatus === 0) throw badRequest("活动时间段尚未开始，无需重启");
  if (w.timeStatus === 1 || w.timeStatus === 3) throw badRequest("活动时间段进行中，无需重启");
  const a = await loadActivity(tx, w.activityId);
  if (a.publishStatus !== 1) throw badRequest("活动未发布或已下架，无法重启");
  if (!o.endTime || o.endTime <= now) throw badRequest("重启后的结束时间必须晚于当前时间");
  if (o.startTime && (o.startTime > now || o.startTime >= o.endTime)) throw badRequest("重启开始时间不能晚于当前时间且必须早于结束时间");
  const start = o.startTime ?? now;
  const others = await tx
    .select()
    .from(bbhActivityTime)
    .where(and(eq(bbhActivityTime.activityId, w.activityId), ne(bbhActivityTime.id, id)));
  const hit = others.find((x) => x.startTime < o.endTime! && start < x.endTime);
  if (hit) throw badRequest(`重启后的时间段与【${hit.timeName}】时间重叠`);
  if (a.endTime && o.endTime > a.endTime) throw badRequest("重启后的结束时间超出活动结束时间，请先调整活动起止时间");
  const r = w.roundNo;
  if (o.restartMode === 2) {
    await tx.execute(sql`delete from bbh_activity_grade where time_id = ${id} and round_no = ${r}`);
    await tx.execute(sql`delete from bbh_activity_group_grade where time_id = ${id} and round_no = ${r}`);
    await tx.execute(sql`
      update bbh_user_task set ut_status = settle_prev_status, settle_prev_status = null, update_by = ${by}, update_time = ${now}
      where time_id = ${id} and round_no = ${r} and ut_status = 5 and settle_prev_status is not null`);
    await tx
      .update(bbhUserActivity)
      .set({ rankNo: null, uaStatus: sql`case when ${bbhUserActivity.uaStatus} = 3 then 1 else ${bbhUserActivity.uaStatus} end`, updateBy: by, updateTime: now })
      .where(and(eq(bbhUserActivity.timeId, id), eq(bbhUserActivity.roundNo, r), inArray(bbhUserActivity.uaStatus, [2, 3])));
  }
  const [row] = await tx
    .update(bbhActivityTime)
    .set({
      startTime: start,
      endTime: o.endTime,
      timeStatus: 3,
      roundNo: o.restartMode === 2 ? r : r + 1,
      restartCount: w.restartCount + 1,
      lastRestartTime: now,
      lastRestartBy: by,
      restartReason: o.reason,
      updateBy: by,
      updateTime: now,
    })
    .where(eq(bbhActivityTime.id, id))
    .returning();
  return row;
}
