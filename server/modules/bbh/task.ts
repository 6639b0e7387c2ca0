/**
 * `/bbh/api/activity/task` — tasks of an activity (domain.md §4.3–4.4): CRUD through `registerCrud` (soft
 * delete, contiguous `sort_no`), `changeTaskSort`, the fixed questions of a quiz task (question ids; the bank
 * itself is issue 9) and the QR content of a 扫码打卡 task.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhActivityMain, bbhActivityTask, bbhActivityTime, bbhRedActivityMark, bbhRedMark, bbhTaskQuestion, bbhUserTaskAnswer } from "../../db/schema.js";
import { taskLimits } from "../../../contract/bbh-limits.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import type { ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "../sys/crud.js";
import { IdQuery } from "../sys/shared.js";
import { randomToken } from "./activity.repo.js";
import { assertDrawPool, assertUsableQuestions } from "./question-pool.js";
import { BbhId, Code, REFERENCE, IdList, OptBbhId, OptCode, OptInt, OptYn, RichText, blank, cleanHtml, crudCodes, fieldRefusal, loadActivity, rowJson, textField } from "./shared.js";
import { scopeRows } from "../../plugins/row-scope.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { activityRows } from "./activity.js";

const K = bbhActivityTask;
const BASE = "/bbh/api/activity/task";
export type TaskRow = typeof K.$inferSelect;

export const taskListSpec: ListSpec = {
  fields: {
    activityId: { column: K.activityId, type: "string" },
    redMarkId: { column: K.redMarkId, type: "string" },
    taskName: { column: K.taskName, type: "string", sort: true },
    taskType: { column: K.taskType, type: "int", sort: true },
    judgeMode: { column: K.judgeMode, type: "int" },
    taskStatus: { column: K.taskStatus, type: "int" },
    isRequired: { column: K.isRequired, type: "int" },
    autoCreated: { column: K.autoCreated, type: "int" },
    sortNo: { column: K.sortNo, type: "int", sort: true },
    score: { column: K.score, type: "int", sort: true },
    sysOrgCode: { column: K.sysOrgCode, type: "string" },
    createTime: { column: K.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "sortNo", order: "asc" }],
  tiebreak: K.id,
  component: "bbh/activity/ActivityTaskList",
};

export const TASK_DICTS = {
  taskType: "bbh_task_type",
  judgeMode: "bbh_judge_mode",
  questionMode: "bbh_question_mode",
  isRequired: "bbh_yn",
  needLocation: "bbh_yn",
  autoCreated: "bbh_yn",
  taskStatus: "bbh_enable_status",
};

/** The default judgement of a task type (domain.md §4.3): check-in, QR, quiz and study are automatic. */
export const defaultJudgeMode = (taskType: number) => ([1, 2, 3, 7].includes(taskType) ? 1 : 2);
/** What the QR code of a 扫码打卡 task encodes (domain.md §5.4). */
export const qrContent = (token: string) => `bbh:task:${token}`;

export const TaskBody = Type.Object({
  activityId: BbhId("所属活动"),
  redMarkId: OptBbhId("所在印记"),
  taskName: textField(taskLimits.taskName),
  taskType: Code("任务类型", [1, 2, 3, 4, 5, 6, 7]),
  judgeMode: OptCode("判定方式", [1, 2]),
  taskDesc: RichText("任务说明"),
  coverImage: textField(taskLimits.coverImage),
  score: OptInt("分值", 0, 100_000),
  isRequired: OptYn("是否必做"),
  preTaskId: OptBbhId("前置任务"),
  checkinRadius: OptInt("打卡半径", 10, 5000),
  needLocation: OptYn("需要定位"),
  questionMode: OptCode("出题方式", [1, 2]),
  questionTypeId: OptBbhId("抽题分类"),
  questionCount: OptInt("抽题数量", 1, 500),
  passCorrectCount: OptInt("通过题数", 0, 500),
  timeLimitSeconds: OptInt("答题限时", 0, 86_400),
  minPhotoCount: OptInt("最少照片数", 0, 9),
  maxPhotoCount: OptInt("最多照片数", 1, 9),
  minTextLength: OptInt("最少字数", 0, 10_000),
  maxVideoSeconds: OptInt("视频最长秒数", 1, 3600),
  studySeconds: OptInt("学习时长", 0, 86_400),
  maxSubmitTimes: OptInt("最多提交次数", 1, 100),
  taskStatus: OptCode("任务状态", [0, 1]),
});
export type TaskBodyValue = Static<typeof TaskBody>;
type Body = TaskBodyValue;

/** Form → columns (add, edit and the Excel import); keeps the activity's 满分 and the contiguous `sort_no`. */
export async function taskValues(b: Body, tx: Db, id?: string, _req?: FastifyRequest) {
  const a = await loadActivity(tx, b.activityId, true);
  let cur: TaskRow | undefined;
  if (id) {
    [cur] = await tx.select().from(K).where(and(eq(K.id, id), eq(K.delFlag, 0)));
    if (!cur) throw badRequest("任务不存在或已删除");
    if (cur.activityId !== a.id) throw badRequest("不能修改任务所属活动");
  }
  const name = b.taskName.trim();
  const [dup] = await tx.select({ id: K.id }).from(K).where(and(eq(K.activityId, a.id), eq(K.taskName, name), eq(K.delFlag, 0), id ? ne(K.id, id) : undefined)).limit(1);
  if (dup) throw fieldRefusal("taskName", `任务名称【${name}】已存在`);
  const redMarkId = blank(b.redMarkId) ?? null;
  if (redMarkId) {
    if (a.activityType === 2) {
      const [listed] = await tx.select({ id: bbhRedActivityMark.id }).from(bbhRedActivityMark).where(and(eq(bbhRedActivityMark.activityId, a.id), eq(bbhRedActivityMark.redMarkId, redMarkId)));
      if (!listed) throw fieldRefusal("redMarkId", `任务【${name}】关联的印记不在本活动印记列表中`);
    } else {
      const [mark] = await tx.select({ id: bbhRedMark.id }).from(bbhRedMark).where(and(eq(bbhRedMark.id, redMarkId), eq(bbhRedMark.delFlag, 0)));
      if (!mark) throw fieldRefusal("redMarkId", "印记不存在或已删除");
    }
  }
  const preTaskId = blank(b.preTaskId) ?? null;
  if (preTaskId) {
    if (preTaskId === id) throw fieldRefusal("preTaskId", "前置任务不能是任务自身");
    const [pre] = await tx.select({ id: K.id }).from(K).where(and(eq(K.id, preTaskId), eq(K.activityId, a.id), eq(K.delFlag, 0)));
    if (!pre) throw fieldRefusal("preTaskId", "前置任务不属于本活动");
  }
  if (b.minPhotoCount != null && b.maxPhotoCount != null && b.minPhotoCount > b.maxPhotoCount) throw fieldRefusal("minPhotoCount", "最少照片数不能大于最多照片数");
  if (b.taskType === 3 && b.questionMode === 2 && !b.questionCount) throw fieldRefusal("questionCount", "随机抽题时请填写抽题数量");
  if (b.taskType === 3 && b.questionMode === 2) await assertDrawPool(tx, blank(b.questionTypeId) ?? null, b.questionCount!).catch((e) => Promise.reject(Object.assign(e, { field: "questionTypeId" })));
  const score = b.score ?? 10;
  const taskStatus = b.taskStatus ?? 1;
  const values: Record<string, unknown> = {
    activityId: a.id,
    redMarkId,
    taskName: name,
    taskType: b.taskType,
    judgeMode: b.judgeMode ?? defaultJudgeMode(b.taskType),
    taskDesc: cleanHtml(b.taskDesc),
    coverImage: blank(b.coverImage) ?? null,
    score,
    isRequired: b.isRequired ?? 1,
    preTaskId,
    checkinRadius: b.checkinRadius ?? null,
    needLocation: b.needLocation ?? 0,
    questionMode: b.taskType === 3 ? (b.questionMode ?? 1) : null,
    questionTypeId: b.taskType === 3 ? (blank(b.questionTypeId) ?? null) : null,
    questionCount: b.taskType === 3 ? (b.questionCount ?? null) : null,
    passCorrectCount: b.passCorrectCount ?? null,
    timeLimitSeconds: b.timeLimitSeconds ?? null,
    minPhotoCount: b.taskType === 4 ? (b.minPhotoCount ?? 1) : null,
    maxPhotoCount: b.taskType === 4 ? (b.maxPhotoCount ?? 9) : null,
    minTextLength: b.minTextLength ?? null,
    maxVideoSeconds: b.taskType === 6 ? (b.maxVideoSeconds ?? 60) : null,
    studySeconds: b.studySeconds ?? null,
    maxSubmitTimes: b.maxSubmitTimes ?? 3,
    taskStatus,
    sysOrgCode: a.sysOrgCode,
  };
  if (b.taskType === 2) values.qrToken = cur?.qrToken ?? randomToken();
  else values.qrToken = null;
  if (!id) {
    const [{ max }] = await tx.select({ max: sql<number>`coalesce(max(${K.sortNo}), 0)::int` }).from(K).where(and(eq(K.activityId, a.id), eq(K.delFlag, 0)));
    values.sortNo = Number(max) + 1;
  }
  // The activity's 满分 follows its enabled tasks (this one with its new score).
  await tx
    .update(bbhActivityMain)
    .set({
      totalScore: sql`(select coalesce(sum(score), 0) from bbh_activity_task where activity_id = ${a.id} and del_flag = 0 and task_status = 1 and id <> ${id ?? ""}) + ${taskStatus === 1 ? score : 0}::int`,
    })
    .where(eq(bbhActivityMain.id, a.id));
  return values;
}

/** A quiz task's fixed questions (saveQuestions and the Excel import): distinct, live and enabled, in this order. */
export async function saveTaskQuestions(tx: Db, task: Pick<TaskRow, "id" | "taskType" | "sysOrgCode">, questions: Array<{ questionId: string; score?: number | null }>, by: string) {
  const ids = questions.map((q) => q.questionId);
  if (new Set(ids).size !== ids.length) throw badRequest("题目不能重复");
  if (task.taskType !== 3) throw badRequest("只有答题任务可以配置题目");
  await assertUsableQuestions(tx, ids);
  await tx.delete(bbhTaskQuestion).where(eq(bbhTaskQuestion.taskId, task.id));
  if (questions.length)
    await tx.insert(bbhTaskQuestion).values(
      questions.map((q, i) => ({ id: nextId(), taskId: task.id, questionId: q.questionId, sortNo: i + 1, score: q.score ?? null, createBy: by, sysOrgCode: task.sysOrgCode })),
    );
}

/** Tasks with submissions stay; the others' activities keep contiguous sort numbers and their total score. */
async function beforeDeleteTasks(tx: Db, ids: string[]) {
  const [answered] = await tx.select({ taskId: bbhUserTaskAnswer.taskId }).from(bbhUserTaskAnswer).where(inArray(bbhUserTaskAnswer.taskId, ids)).limit(1);
  if (answered) throw badRequest("任务已有玩家提交记录，不能删除");
  const rows = await tx.selectDistinct({ activityId: K.activityId }).from(K).where(and(inArray(K.id, ids), eq(K.delFlag, 0)));
  if (rows.length) {
    const gone = sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
    const activities = sql`(select jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.activityId))}::jsonb))`;
    // Every affected activity at once: renumber the remaining tasks 1..n, and recompute 满分.
    await tx.execute(sql`
      update bbh_activity_task t set sort_no = o.n
      from (select id, row_number() over (partition by activity_id order by sort_no, id) as n from bbh_activity_task
            where activity_id in ${activities} and del_flag = 0 and id not in ${gone}) o
      where t.id = o.id`);
    await tx.execute(sql`
      update bbh_activity_main a set total_score = (select coalesce(sum(t.score), 0) from bbh_activity_task t
        where t.activity_id = a.id and t.del_flag = 0 and t.task_status = 1 and t.id not in ${gone})
      where a.id in ${activities}`);
  }
  await tx.delete(bbhTaskQuestion).where(inArray(bbhTaskQuestion.taskId, ids));
}

/** A sequential (按顺序解锁) activity with a running window keeps its order. */
export async function assertOrderChangeable(tx: Db, activityId: string, orderMode: number, message: string) {
  if (orderMode !== 1) return;
  const [running] = await tx.select({ id: bbhActivityTime.id }).from(bbhActivityTime).where(and(eq(bbhActivityTime.activityId, activityId), inArray(bbhActivityTime.timeStatus, [1, 3]))).limit(1);
  if (running) throw badRequest(message);
}

const SortBody = Type.Object({ activityId: BbhId("所属活动"), taskIds: IdList("任务", 1000) });
const QuestionsBody = Type.Object({
  taskId: BbhId("任务编号"),
  questions: Type.Array(Type.Object({ questionId: BbhId("题目编号"), score: OptInt("题目分值", 0, 100_000) }), { title: "题目", maxItems: 500 }),
});

/** Tasks by id: those 任务管理 shows the caller. */
export const taskRows = rowScope({ label: "任务", table: K, id: K.id, live: eq(K.delFlag, 0), views: [viewOf(taskListSpec)], missing: () => badRequest("任务不存在或已删除") });

export default async function taskRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: taskRows, ids: taskRows, taskId: taskRows, taskIds: taskRows, activityId: activityRows, redMarkId: REFERENCE, preTaskId: REFERENCE, questionTypeId: REFERENCE, questionIds: REFERENCE });
  const { db } = app.ctx;
  registerCrud<typeof TaskBody, TaskRow>(base, {
    base: BASE,
    table: K,
    id: K.id,
    spec: taskListSpec,
    rows: taskRows,
    codes: crudCodes("task"),
    body: TaskBody,
    values: taskValues,
    toJson: (r) => rowJson(r),
    dictFields: TASK_DICTS,
    countTables: ["bbh_activity_task"],
    softDelete: K.delFlag,
    beforeDelete: beforeDeleteTasks,
  });

  app.put(`${BASE}/changeTaskSort`, { config: can("bbh:task:sort"), schema: { body: SortBody } }, async (req) => {
    const { activityId, taskIds } = req.body;
    const result = await db.transaction(async (tx) => {
      const a = await loadActivity(tx, activityId, true);
      const current = await tx.select({ id: K.id }).from(K).where(and(eq(K.activityId, a.id), eq(K.delFlag, 0)));
      const want = new Set(taskIds);
      if (want.size !== taskIds.length || want.size !== current.length || current.some((c) => !want.has(c.id))) throw badRequest("任务列表已变化，请刷新后重试");
      await assertOrderChangeable(tx, a.id, a.orderMode, "按顺序解锁的活动进行中，不能调整任务顺序");
      await tx.execute(sql`
        update bbh_activity_task t set sort_no = o.n, update_by = ${req.currentUser().username}, update_time = now()
        from (select value as id, ordinality as n from jsonb_array_elements_text(${JSON.stringify(taskIds)}::jsonb) with ordinality) o
        where t.id = o.id`);
      return taskIds.map((id, i) => ({ id, sortNo: i + 1 }));
    });
    return ok(result, "排序成功");
  });

  app.get(`${BASE}/queryQuestions`, { config: can("bbh:task:list"), schema: { querystring: Type.Object({ taskId: BbhId("任务编号") }) } }, async (req) => {
    const rows = await db.select().from(bbhTaskQuestion).where(eq(bbhTaskQuestion.taskId, req.query.taskId)).orderBy(asc(bbhTaskQuestion.sortNo));
    return ok(rows.map((r) => rowJson(r)));
  });

  app.post(`${BASE}/saveQuestions`, { config: can("bbh:task:edit"), schema: { body: QuestionsBody } }, async (req) => {
    const { taskId, questions } = req.body;
    const by = req.currentUser().username;
    await db.transaction(async (tx) => {
      const [task] = await tx.select().from(K).where(and(eq(K.id, taskId), eq(K.delFlag, 0))).for("update");
      if (!task) throw badRequest("任务不存在或已删除");
      await saveTaskQuestions(tx, task, questions, by);
    });
    return ok({ taskId, count: questions.length }, "保存成功");
  });

  app.get(`${BASE}/qrCode`, { config: can("bbh:task:qrCode"), schema: { querystring: IdQuery } }, async (req) => {
    const [task] = await db.select().from(K).where(and(eq(K.id, req.query.id), eq(K.delFlag, 0)));
    if (!task) throw badRequest("任务不存在或已删除");
    if (task.taskType !== 2 || !task.qrToken) throw badRequest("只有扫码打卡任务有二维码");
    return ok({ id: task.id, taskName: task.taskName, content: qrContent(task.qrToken) });
  });
}
