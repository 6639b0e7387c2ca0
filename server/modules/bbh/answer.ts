/**
 * `/bbh/api/userTaskAnswer` — players' answers (domain.md §4.15, §5.4): the list for the review page and
 * `updateUserTaskAnswer`, the review state machine. A review moves the task, the ledger and the player's
 * totals together in one transaction: the ledger gets the difference between the new score and what the task
 * already holds there (任务得分 if positive, 审核撤销 if negative), so the totals always equal the ledger.
 * The window row is locked FOR SHARE first: a review and a settlement of the same window never interleave.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq, sql } from "drizzle-orm";
import { bbhActivityTask, bbhActivityTime, bbhScoreRecord, bbhUserActivity, bbhUserTask, bbhUserTaskAnswer } from "../../db/schema.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import type { ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { col, registerList } from "./lists.js";
import { BbhId, rowsOf, textField } from "./shared.js";

const X = bbhUserTaskAnswer;
const BASE = "/bbh/api/userTaskAnswer";

const answerSpec: ListSpec = {
  fields: {
    activityId: { column: X.activityId, type: "string" },
    timeId: { column: X.timeId, type: "string" },
    roundNo: { column: X.roundNo, type: "int" },
    taskId: { column: X.taskId, type: "string" },
    redMarkId: { column: X.redMarkId, type: "string" },
    wxUserId: { column: X.wxUserId, type: "string" },
    userTaskId: { column: X.userTaskId, type: "string" },
    taskType: { column: X.taskType, type: "int" },
    auditStatus: { column: X.auditStatus, type: "int", sort: true },
    isLatest: { column: X.isLatest, type: "int" },
    auditBy: { column: X.auditBy, type: "string" },
    submitTime: { column: X.submitTime, type: "datetime", sort: true },
    auditTime: { column: X.auditTime, type: "datetime", sort: true },
    sysOrgCode: { column: X.sysOrgCode, type: "string" },
  },
  defaultSort: [{ field: "submitTime", order: "desc" }],
  tiebreak: X.id,
  component: "bbh/player/UserTaskAnswerList",
};

const AUDIT_TEXT: Record<number, string> = { 0: "待审核", 1: "审核通过", 2: "审核驳回" };

const AuditBody = Type.Object({
  id: BbhId("答案编号"),
  auditStatus: Type.Integer({ title: "审核结果" }),
  score: Type.Optional(Type.Union([Type.Null(), Type.Integer({ title: "得分", minimum: -1_000_000, maximum: 1_000_000 })], { title: "得分" })),
  auditRemark: textField({ label: "审核意见", max: 255 }),
});

export default async function answerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dicts } = app.ctx;

  registerList(base, {
    base: BASE,
    table: X,
    id: X.id,
    spec: answerSpec,
    // No cached totals: answers are written on every submission and carry no version trigger.
    codes: { list: "bbh:answer:list", export: "bbh:answer:export" },
    dictFields: { auditStatus: "bbh_audit_status", taskType: "bbh_task_type", isCorrect: "bbh_yn" },
    queryById: true,
    excel: { title: "玩家任务答案", columns: [col("玩家", "wxUserId"), col("任务", "taskId"), col("任务类型", "taskType"), col("提交次数", "attemptNo", 8), col("文字作答", "answerText", 40), col("审核状态", "auditStatus"), col("得分", "score", 8), col("审核意见", "auditRemark", 30), col("提交时间", "submitTime", 20)] },
  });

  app.post(`${BASE}/updateUserTaskAnswer`, { config: can("bbh:answer:audit"), schema: { body: AuditBody } }, async (req) => {
    const { id, auditStatus: to } = req.body;
    const remark = req.body.auditRemark?.trim() || null;
    const by = req.currentUser().username;
    const result = await db.transaction(async (tx) => {
      const [peek] = await tx.select({ timeId: X.timeId }).from(X).where(eq(X.id, id));
      if (!peek) throw badRequest("数据不存在或已删除");
      const [w] = await tx.select().from(bbhActivityTime).where(eq(bbhActivityTime.id, peek.timeId)).for("share");
      const [ans] = await tx.select().from(X).where(eq(X.id, id)).for("update");
      if (![0, 1, 2].includes(to)) throw badRequest("状态值不合法");
      if (to === 0) throw badRequest("不能将审核结果改回待审核");
      if (!w || w.timeStatus === 2 || w.roundNo !== ans.roundNo) throw badRequest("该活动时间段已结算，成绩已冻结，无法修改审核结果");
      if (ans.isLatest !== 1) throw badRequest("该提交已被玩家的新提交替代，请审核最新提交");
      const [task] = await tx.select().from(bbhActivityTask).where(eq(bbhActivityTask.id, ans.taskId));
      const max = task?.score ?? 0;
      let score = 0;
      if (to === 1) {
        score = req.body.score ?? max;
        if (score < 0 || score > max) throw badRequest(`得分需在0到${max}分之间`);
      } else if (!remark) {
        throw badRequest("驳回时请填写驳回原因");
      }
      if (to === ans.auditStatus && (to === 2 || score === ans.score)) throw badRequest("审核结果未发生变化");
      const now = new Date();
      const [ut] = await tx.select().from(bbhUserTask).where(eq(bbhUserTask.id, ans.userTaskId)).for("update");
      const [ua] = await tx.select().from(bbhUserActivity).where(eq(bbhUserActivity.id, ans.userActivityId)).for("update");
      if (!ut || !ua) throw badRequest("玩家任务记录不存在");
      await tx.update(X).set({ auditStatus: to, score: to === 1 ? score : 0, auditBy: by, auditTime: now, auditRemark: remark, updateBy: by, updateTime: now }).where(eq(X.id, id));
      const utStatus = to === 1 ? 3 : ut.submitCount < (task?.maxSubmitTimes ?? 1) ? 4 : 5;
      await tx
        .update(bbhUserTask)
        .set({ utStatus, score: to === 1 ? score : 0, finishTime: to === 1 ? (ut.finishTime ?? now) : null, updateBy: by, updateTime: now })
        .where(eq(bbhUserTask.id, ut.id));
      // The ledger follows: the difference between the new score and what this task holds in it.
      const [{ held }] = rowsOf<{ held: number }>(
        await tx.execute(sql`select coalesce(sum(score_change), 0)::int as held from bbh_score_record where user_task_id = ${ut.id}`),
      );
      const diff = (to === 1 ? score : 0) - Number(held);
      const total = ua.totalScore + diff;
      if (diff !== 0) {
        await tx.insert(bbhScoreRecord).values({
          id: nextId(), activityId: ua.activityId, timeId: ua.timeId, roundNo: ua.roundNo, wxUserId: ua.wxUserId, userActivityId: ua.id, groupId: ua.groupId,
          userTaskId: ut.id, answerId: ans.id, scoreType: diff > 0 ? 1 : 4, scoreChange: diff, scoreAfter: total,
          reason: diff > 0 ? "审核通过" : "审核撤销", operator: by, createBy: by, sysOrgCode: ua.sysOrgCode,
        });
      }
      // Finished = every required enabled task of the activity done.
      const [state] = rowsOf<{ finished: number; finishedRequired: number; required: number }>(
        await tx.execute(sql`
          select (select count(*) from bbh_user_task where user_activity_id = ${ua.id} and ut_status = 3)::int as finished,
            (select count(*) from bbh_user_task ut join bbh_activity_task t on t.id = ut.task_id
              where ut.user_activity_id = ${ua.id} and ut.ut_status = 3 and t.is_required = 1 and t.task_status = 1 and t.del_flag = 0)::int as "finishedRequired",
            (select count(*) from bbh_activity_task where activity_id = ${ua.activityId} and del_flag = 0 and task_status = 1 and is_required = 1)::int as required`),
      );
      const done = Number(state.finished) > 0 && Number(state.finishedRequired) >= Number(state.required);
      const uaStatus = ua.uaStatus === 4 ? 4 : done ? 2 : 1;
      await tx
        .update(bbhUserActivity)
        .set({ totalScore: total, finishedTaskCount: Number(state.finished), uaStatus, finishTime: done ? (ua.finishTime ?? now) : null, lastActiveTime: ua.lastActiveTime, updateBy: by, updateTime: now })
        .where(eq(bbhUserActivity.id, ua.id));
      return { id, auditStatus: to, score: to === 1 ? score : 0, userTaskStatus: utStatus, userTotalScore: total, userActivityStatus: uaStatus };
    });
    const [json] = (await dicts.translate([result], { auditStatus: "bbh_audit_status" })) as Array<typeof result & { auditStatus_dictText?: string }>;
    return ok({ ...json, auditStatus_dictText: json.auditStatus_dictText ?? AUDIT_TEXT[result.auditStatus] }, "审核成功");
  });
}


