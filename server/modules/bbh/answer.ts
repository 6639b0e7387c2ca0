/**
 * `/bbh/api/userTaskAnswer` — players' answers (domain.md §4.15, §5.4): the list for the review page,
 * `updateUserTaskAnswer` (one answer, the state machine) and `batchAudit` (§6.3: several answers, all or
 * nothing). Both go through `reviewAnswers`: one transaction that moves the answers, their tasks, the ledger
 * and the players' totals together with a fixed number of set-based statements, whatever the batch size. The
 * ledger gets, per task, the difference between the new score and what the task already holds there (任务得分
 * if positive, 审核撤销 if negative), so the totals always equal the ledger. An approval unlocks the player's
 * next task (an explicit 前置任务, or the next by sort in an activity with order_mode 1 按顺序解锁).
 *
 * Locks, always in this order: the windows FOR SHARE (a review and a settlement of the same window never
 * interleave), then answers, user tasks and user activities FOR UPDATE, each set ordered by id (two batches
 * that overlap wait for each other instead of deadlocking). Two reviewers approving one answer: the second
 * waits for the first, then finds the result already there and is refused with who reviewed it; the ledger
 * has one row.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq, inArray, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { bbhActivityMain, bbhActivityTask, bbhActivityTime, bbhRedMark, bbhScoreRecord, bbhUserActivity, bbhUserTask, bbhUserTaskAnswer, bbhWxUser } from "../../db/schema.js";
import { formatDateTime } from "../../lib/dates.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import type { ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { col, registerList } from "./lists.js";
import { queueAnswerAuditMessages } from "./message.repo.js";
import { GONE, BbhId, IdList, nullable, rowJson, rowsOf, textField } from "./shared.js";
import { answering, scopeRows } from "../../plugins/row-scope.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";

const X = bbhUserTaskAnswer;
const BASE = "/bbh/api/userTaskAnswer";
/** Most answers one batch review may carry. */
export const BATCH_AUDIT_MAX = 200;

const answerSpec: ListSpec = {
  fields: {
    activityId: { column: X.activityId, type: "string" },
    timeId: { column: X.timeId, type: "string" },
    roundNo: { column: X.roundNo, type: "int" },
    taskId: { column: X.taskId, type: "string" },
    redMarkId: { column: X.redMarkId, type: "string" },
    wxUserId: { column: X.wxUserId, type: "string" },
    userTaskId: { column: X.userTaskId, type: "string" },
    userActivityId: { column: X.userActivityId, type: "string" },
    taskType: { column: X.taskType, type: "int" },
    auditStatus: { column: X.auditStatus, type: "int", sort: true },
    isLatest: { column: X.isLatest, type: "int" },
    attemptNo: { column: X.attemptNo, type: "int", sort: true },
    auditBy: { column: X.auditBy, type: "string" },
    submitTime: { column: X.submitTime, type: "datetime", sort: true },
    auditTime: { column: X.auditTime, type: "datetime", sort: true },
    score: { column: X.score, type: "int", sort: true },
    distanceM: { column: X.distanceM, type: "int", sort: true },
    sysOrgCode: { column: X.sysOrgCode, type: "string" },
  },
  defaultSort: [{ field: "submitTime", order: "desc" }],
  tiebreak: X.id,
  component: "bbh/player/UserTaskAnswerList",
};

/** The WeChat user's names of a row (correlated look-ups by primary key: a list page has 10 rows). */
export const playerNames = (wxUserId: PgColumn) => ({
  nickname: sql<string | null>`(select w.nickname from ${bbhWxUser} w where w.id = ${wxUserId})`.as("nickname"),
  realName: sql<string | null>`(select w.real_name from ${bbhWxUser} w where w.id = ${wxUserId})`.as("realName"),
  avatarUrl: sql<string | null>`(select w.avatar_url from ${bbhWxUser} w where w.id = ${wxUserId})`.as("avatarUrl"),
});

/** A WeChat user's name as staff read it: the real name, else the nickname. */
export const wxUserDisplayName = (wxUserId: PgColumn, alias: string) =>
  sql<string | null>`(select coalesce(nullif(w.real_name, ''), w.nickname) from ${bbhWxUser} w where w.id = ${wxUserId})`.as(alias);

/** The activity and window of a row of play (a round, a task, an answer, a ledger row). */
export const windowNames = (c: { activityId: PgColumn; timeId: PgColumn }) => ({
  activityName: sql<string | null>`(select m.activity_name from ${bbhActivityMain} m where m.id = ${c.activityId})`.as("activityName"),
  timeName: sql<string | null>`(select t.time_name from ${bbhActivityTime} t where t.id = ${c.timeId})`.as("timeName"),
});

/** The activity, window, task and mark of a player's task or answer row. */
export const taskNames = (c: { activityId: PgColumn; timeId: PgColumn; taskId: PgColumn; redMarkId: PgColumn }) => ({
  ...windowNames(c),
  taskName: sql<string | null>`(select k.task_name from ${bbhActivityTask} k where k.id = ${c.taskId})`.as("taskName"),
  taskScore: sql<number | null>`(select k.score from ${bbhActivityTask} k where k.id = ${c.taskId})`.as("taskScore"),
  maxSubmitTimes: sql<number | null>`(select k.max_submit_times from ${bbhActivityTask} k where k.id = ${c.taskId})`.as("maxSubmitTimes"),
  markName: sql<string | null>`(select r.mark_name from ${bbhRedMark} r where r.id = ${c.redMarkId})`.as("markName"),
});

/** Names of the answer's player, activity, window, task and mark for the review page. */
export const answerNames = () => ({ ...playerNames(X.wxUserId), ...taskNames(X) });

export const ANSWER_DICTS = { auditStatus: "bbh_audit_status", taskType: "bbh_task_type", isCorrect: "bbh_yn" };
const AUDIT_TEXT: Record<number, string> = { 0: "待审核", 1: "审核通过", 2: "审核驳回" };

const AuditBody = Type.Object({
  id: BbhId("答案编号"),
  auditStatus: Type.Integer({ title: "审核结果" }),
  score: Type.Optional(nullable(Type.Integer({ title: "得分", minimum: -1_000_000, maximum: 1_000_000 }))),
  auditRemark: textField({ label: "审核意见", max: 255 }),
});
const BatchAuditBody = Type.Object({
  ids: IdList("答案编号", BATCH_AUDIT_MAX),
  auditStatus: Type.Integer({ title: "审核结果" }),
  auditRemark: textField({ label: "审核意见", max: 255 }),
});

export interface ReviewResult {
  id: string;
  auditStatus: number;
  score: number;
  userTaskStatus: number;
  userTotalScore: number;
  userActivityStatus: number;
}

/**
 * Reviews answers in the caller's transaction (all or nothing: any refusal throws before the first write).
 * `items[i].score` is the approved score (default the task's full score); `batch` prefixes refusals with the
 * answer's player and task so the reviewer knows which row was refused.
 */
export async function reviewAnswers(
  tx: Db,
  items: Array<{ id: string; score?: number | null }>,
  to: number,
  remark: string | null,
  by: string,
  opts: { batch?: boolean; now?: Date } = {},
): Promise<ReviewResult[]> {
  const now = opts.now ?? new Date();
  if (![0, 1, 2].includes(to)) throw badRequest("状态值不合法");
  if (to === 0) throw badRequest("不能将审核结果改回待审核");
  if (to === 2 && !remark) throw badRequest("驳回时请填写驳回原因");
  const ids = [...new Set(items.map((i) => i.id))];
  if (ids.length !== items.length) throw badRequest("同一答案不能重复审核");

  const peek = await tx.select({ id: X.id, timeId: X.timeId }).from(X).where(inArray(X.id, ids));
  if (peek.length !== ids.length) throw badRequest(opts.batch ? `数据不存在或已删除（${ids.filter((id) => !peek.some((p) => p.id === id)).slice(0, 3).join("、")}）` : "数据不存在或已删除");
  const timeIds = [...new Set(peek.map((p) => p.timeId))].sort();
  const windows = await tx.select().from(bbhActivityTime).where(inArray(bbhActivityTime.id, timeIds)).orderBy(bbhActivityTime.id).for("share");
  const answers = await tx.select().from(X).where(inArray(X.id, ids)).orderBy(X.id).for("update");
  const byId = new Map(answers.map((a) => [a.id, a]));
  const windowById = new Map(windows.map((w) => [w.id, w]));
  const taskIds = [...new Set(answers.map((a) => a.taskId))];
  const tasks = await tx
    .select({ id: bbhActivityTask.id, score: bbhActivityTask.score, maxSubmitTimes: bbhActivityTask.maxSubmitTimes, taskName: bbhActivityTask.taskName })
    .from(bbhActivityTask)
    .where(inArray(bbhActivityTask.id, taskIds));
  const taskById = new Map(tasks.map((t) => [t.id, t]));

  const refuse = async (a: typeof X.$inferSelect, message: string): Promise<never> => {
    if (!opts.batch) throw badRequest(message);
    const [w] = await tx.select({ nickname: bbhWxUser.nickname }).from(bbhWxUser).where(eq(bbhWxUser.id, a.wxUserId));
    throw badRequest(`【${w?.nickname ?? a.wxUserId}·${taskById.get(a.taskId)?.taskName ?? a.taskId}】${message}`);
  };
  const plan: Array<{ ans: typeof X.$inferSelect; score: number; max: number }> = [];
  for (const item of items) {
    const ans = byId.get(item.id)!;
    const w = windowById.get(ans.timeId);
    if (!w || w.timeStatus === 2 || w.roundNo !== ans.roundNo) await refuse(ans, "该活动时间段已结算，成绩已冻结，无法修改审核结果");
    if (ans.isLatest !== 1) await refuse(ans, "该提交已被玩家的新提交替代，请审核最新提交");
    const max = taskById.get(ans.taskId)?.score ?? 0;
    const score = to === 1 ? (item.score ?? max) : 0;
    if (to === 1 && (score < 0 || score > max)) await refuse(ans, `得分需在0到${max}分之间`);
    if (to === ans.auditStatus && (to === 2 || score === ans.score)) {
      const other = ans.auditBy && ans.auditBy !== by ? `（已由 ${ans.auditBy} 于 ${formatDateTime(ans.auditTime) ?? ""} 审核）` : "";
      await refuse(ans, `审核结果未发生变化${other}`);
    }
    plan.push({ ans, score, max });
  }

  const utIds = [...new Set(answers.map((a) => a.userTaskId))].sort();
  const uaIds = [...new Set(answers.map((a) => a.userActivityId))].sort();
  const uts = await tx.select().from(bbhUserTask).where(inArray(bbhUserTask.id, utIds)).orderBy(bbhUserTask.id).for("update");
  const uas = await tx.select().from(bbhUserActivity).where(inArray(bbhUserActivity.id, uaIds)).orderBy(bbhUserActivity.id).for("update");
  if (uts.length !== utIds.length || uas.length !== uaIds.length) throw badRequest("玩家任务记录不存在");
  const utById = new Map(uts.map((u) => [u.id, u]));
  const uaById = new Map(uas.map((u) => [u.id, u]));

  // 1. the answers
  const answerRows = plan.map((p) => ({ id: p.ans.id, score: p.score }));
  await tx.execute(sql`
    update bbh_user_task_answer a set audit_status = ${to}, score = v.score, audit_by = ${by}, audit_time = ${now}, audit_remark = ${remark},
      update_by = ${by}, update_time = ${now}
    from jsonb_to_recordset(${JSON.stringify(answerRows)}::jsonb) as v(id varchar, score int)
    where a.id = v.id`);
  // 2. their tasks: 已完成, or 已驳回 while attempts remain, else 已失效
  const taskRows = plan.map((p) => {
    const ut = utById.get(p.ans.userTaskId)!;
    const st = to === 1 ? 3 : ut.submitCount < (taskById.get(p.ans.taskId)?.maxSubmitTimes ?? 1) ? 4 : 5;
    return { id: ut.id, st, score: p.score };
  });
  await tx.execute(sql`
    update bbh_user_task ut set ut_status = v.st, score = v.score,
      finish_time = case when v.st = 3 then coalesce(ut.finish_time, ${now}) else null end, update_by = ${by}, update_time = ${now}
    from jsonb_to_recordset(${JSON.stringify(taskRows)}::jsonb) as v(id varchar, st int, score int)
    where ut.id = v.id`);
  // 3. the ledger: per task, the new score minus what the task's ledger rows add up to (`ledger_score`, kept by
  //    the ledger's triggers); `score_after` runs on from the round's ledger sum
  const totals = new Map(uas.map((u) => [u.id, u.ledgerScore]));
  const ledger: Array<typeof bbhScoreRecord.$inferInsert> = [];
  for (const p of plan) {
    const ua = uaById.get(p.ans.userActivityId)!;
    const diff = p.score - utById.get(p.ans.userTaskId)!.ledgerScore;
    if (diff === 0) continue;
    const after = totals.get(ua.id)! + diff;
    totals.set(ua.id, after);
    ledger.push({
      id: nextId(), activityId: ua.activityId, timeId: ua.timeId, roundNo: ua.roundNo, wxUserId: ua.wxUserId, userActivityId: ua.id, groupId: ua.groupId,
      userTaskId: p.ans.userTaskId, answerId: p.ans.id, scoreType: diff > 0 ? 1 : 4, scoreChange: diff, scoreAfter: after,
      reason: diff > 0 ? "审核通过" : "审核撤销", operator: by, createBy: by, createTime: now, sysOrgCode: ua.sysOrgCode,
    });
  }
  if (ledger.length) await tx.insert(bbhScoreRecord).values(ledger);
  // 4. unlock: tasks whose 前置任务 was approved, and in 按顺序解锁 activities the next enabled task by sort
  const approved = to === 1 ? plan.map((p) => ({ ua: p.ans.userActivityId, task: p.ans.taskId })) : [];
  if (approved.length) {
    await tx.execute(sql`
      update bbh_user_task nx set ut_status = 1, unlock_time = ${now}, update_by = ${by}, update_time = ${now}
      from jsonb_to_recordset(${JSON.stringify(approved)}::jsonb) as v(ua varchar, task varchar)
        join bbh_activity_task done on done.id = v.task
        join bbh_activity_main m on m.id = done.activity_id
      where nx.user_activity_id = v.ua and nx.ut_status = 0
        and exists (select 1 from bbh_activity_task nt where nt.id = nx.task_id and nt.del_flag = 0 and nt.task_status = 1
          and (nt.pre_task_id = done.id
            or (m.order_mode = 1 and nt.pre_task_id is null and nt.activity_id = done.activity_id
              and nt.sort_no = (select min(t2.sort_no) from bbh_activity_task t2
                where t2.activity_id = done.activity_id and t2.del_flag = 0 and t2.task_status = 1 and t2.sort_no > done.sort_no))))`);
  }
  // 5. the players: totals (= ledger), progress, finished = every required enabled task done. The tasks done and
  //    the required ones among them are on the round already: the play triggers (migration 0017) counted them
  //    when step 2 changed the tasks.
  const playerRows = uas.map((u) => ({ id: u.id, total: totals.get(u.id)! }));
  const players = rowsOf<{ id: string; totalScore: number; uaStatus: number }>(
    await tx.execute(sql`
      with v as (select * from jsonb_to_recordset(${JSON.stringify(playerRows)}::jsonb) as v(id varchar, total int)),
      s as (
        select v.id, v.total, u.finished_task_count as finished, u.play_required_count as finished_required,
          (select count(*) from bbh_activity_task t
            where t.activity_id = u.activity_id and t.del_flag = 0 and t.task_status = 1 and t.is_required = 1) as required,
          (select max(t.sort_no) from bbh_user_task ut join bbh_activity_task t on t.id = ut.task_id
            where ut.user_activity_id = v.id and ut.ut_status <> 0) as reached,
          (select m.order_mode from bbh_activity_main m where m.id = u.activity_id) as order_mode
        from v join bbh_user_activity u on u.id = v.id)
      update bbh_user_activity ua set total_score = s.total,
        ua_status = case when ua.ua_status = 4 then 4 when s.finished > 0 and s.finished_required >= s.required then 2 else 1 end,
        finish_time = case when s.finished > 0 and s.finished_required >= s.required then coalesce(ua.finish_time, ${now}) else null end,
        current_sort_no = case when s.order_mode = 1 then s.reached else ua.current_sort_no end,
        update_by = ${by}, update_time = ${now}
      from s where ua.id = s.id
      returning ua.id, ua.total_score as "totalScore", ua.ua_status as "uaStatus"`),
  );
  await queueAnswerAuditMessages(tx, plan.map((p) => p.ans.id), by);
  const playerById = new Map(players.map((p) => [p.id, p]));
  return plan.map((p, i) => ({
    id: p.ans.id,
    auditStatus: to,
    score: p.score,
    userTaskStatus: taskRows[i].st,
    userTotalScore: Number(playerById.get(p.ans.userActivityId)!.totalScore),
    userActivityStatus: Number(playerById.get(p.ans.userActivityId)!.uaStatus),
  }));
}

/** Answers by id: those 答题审核 shows the caller. */
export const answerRows = rowScope({ label: "答案", table: X, id: X.id, views: [viewOf(answerSpec)], missing: GONE });

export default async function answerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: answerRows, ids: answerRows });
  const { db, dicts } = app.ctx;

  registerList(base, {
    base: BASE,
    table: X,
    id: X.id,
    spec: answerSpec,
    rows: answerRows,
    countTables: ["bbh_user_task_answer"],
    codes: { list: "bbh:answer:list", export: "bbh:answer:export" },
    dictFields: ANSWER_DICTS,
    extra: answerNames,
    queryById: true,
    excel: { title: "玩家任务答案", columns: [col("玩家", "nickname"), col("活动", "activityName", 24), col("时间段", "timeName"), col("任务", "taskName", 20), col("任务类型", "taskType"), col("提交次数", "attemptNo", 8), col("文字作答", "answerText", 40), col("审核状态", "auditStatus"), col("得分", "score", 8), col("审核意见", "auditRemark", 30), col("审核人", "auditBy"), col("提交时间", "submitTime", 20)] },
  });

  const translate = async (results: ReviewResult[]) =>
    ((await dicts.translate(results.map((r) => rowJson({ ...r })), { auditStatus: "bbh_audit_status" })) as unknown as Array<ReviewResult & { auditStatus_dictText?: string }>).map((r) => ({
      ...r,
      auditStatus_dictText: r.auditStatus_dictText ?? AUDIT_TEXT[r.auditStatus],
    }));

  app.post(`${BASE}/updateUserTaskAnswer`, { config: can("bbh:answer:audit"), schema: { body: AuditBody } }, async (req) => {
    const { id, auditStatus: to, score } = req.body;
    const remark = req.body.auditRemark?.trim() || null;
    const results = await db.transaction((tx) => reviewAnswers(tx as unknown as Db, [{ id, score }], to, remark, req.currentUser().username));
    const [json] = await translate(results);
    return ok(json, "审核成功");
  });

  // §6.3: approve (each at its task's full score) or reject (one reason for all) several answers at once.
  app.post(`${BASE}/batchAudit`, { config: { ...can("bbh:answer:audit"), rows: { ids: answering(answerRows, (ids) => badRequest(`数据不存在或已删除（${ids.slice(0, 3).join("、")}）`)) } }, schema: { body: BatchAuditBody } }, async (req) => {
    const { auditStatus: to } = req.body;
    const ids = [...new Set(req.body.ids)];
    const remark = req.body.auditRemark?.trim() || null;
    const results = await db.transaction((tx) => reviewAnswers(tx as unknown as Db, ids.map((id) => ({ id })), to, remark, req.currentUser().username, { batch: true }));
    return ok(await translate(results), `审核成功，共${results.length}条`);
  });
}
