/**
 * `/bbh/api/question/reportRecord` — 答题记录 (domain.md §4.18, decided as the per-question answer log): the list
 * (question, category incl. sub-categories, player, activity, task, correctness, `answerTime_begin/_end`) with
 * the names beside the ids, its export, and the statistics: `GET /bbh/api/question/stat` (one question's or a
 * category's use count, correct rate and answer distribution) and `POST …/refreshStat`, which recomputes the
 * questions' `use_count`/`correct_rate` from the records in one set-based statement (`refreshQuestionStats`,
 * also for whoever writes records).
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhQuestion, bbhQuestionReportRecord } from "../../db/schema.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { sendWorkbook, writeWorkbook, type ExcelColumn } from "../../lib/excel.js";
import { fetchPage, fetchRows, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { ListQuery, parseIds, scope } from "../sys/shared.js";
import { ExportQuery } from "./lists.js";
import { typeSubtree } from "./question-type.js";
import { OptBbhId, affected, rowJson, rowsOf } from "./shared.js";

const R = bbhQuestionReportRecord;
const BASE = "/bbh/api/question/reportRecord";
type RecordRow = typeof R.$inferSelect;

export const reportRecordListSpec: ListSpec = {
  fields: {
    questionId: { column: R.questionId, type: "string" },
    wxUserId: { column: R.wxUserId, type: "string" },
    answerId: { column: R.answerId, type: "string" },
    userTaskId: { column: R.userTaskId, type: "string" },
    taskId: { column: R.taskId, type: "string" },
    activityId: { column: R.activityId, type: "string" },
    timeId: { column: R.timeId, type: "string" },
    isCorrect: { column: R.isCorrect, type: "int", sort: true },
    score: { column: R.score, type: "int", sort: true },
    answerSeconds: { column: R.answerSeconds, type: "int", sort: true },
    answerTime: { column: R.answerTime, type: "datetime", sort: true },
    sysOrgCode: { column: R.sysOrgCode, type: "string" },
  },
  defaultSort: [{ field: "answerTime", order: "desc" }],
  tiebreak: R.id,
  component: "bbh/question/QuestionReportRecordList",
};
const DICTS = { isCorrect: "bbh_yn" };

const extra = {
  questionContent: sql<string | null>`(select left(content, 200) from bbh_question where id = "bbh_question_report_record"."question_id")`.as("question_content"),
  wxUserName: sql<string | null>`(select coalesce(nullif(real_name, ''), nickname) from bbh_wx_user where id = "bbh_question_report_record"."wx_user_id")`.as("wx_user_name"),
  activityName: sql<string | null>`(select activity_name from bbh_activity_main where id = "bbh_question_report_record"."activity_id")`.as("activity_name"),
  taskName: sql<string | null>`(select task_name from bbh_activity_task where id = "bbh_question_report_record"."task_id")`.as("task_name"),
};

/** `typeId` (a category with its sub-categories) is not a column of the records: it narrows by question. */
function conditions(query: Record<string, unknown>): { query: Record<string, unknown>; where: Array<SQL | undefined> } {
  const rest = { ...query };
  const typeId = typeof rest.typeId === "string" ? rest.typeId.trim() : "";
  delete rest.typeId;
  if (!typeId) return { query: rest, where: [] };
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(typeId)) throw badRequest("参数「题目分类」不正确");
  return {
    query: rest,
    where: [
      sql`${R.questionId} in (select q.id from bbh_question q where q.type_id in (with recursive t(id) as (
        select id from bbh_question_type where id = ${typeId}
        union all select c.id from bbh_question_type c join t on c.pid = t.id where c.del_flag = 0) select id from t))`,
    ],
  };
}

/**
 * Recomputes `use_count` and `correct_rate` (percent, 2 decimals; null without records) of the given questions,
 * or of every question, from the report records — one statement. Answers how many questions changed.
 */
export async function refreshQuestionStats(db: Db, questionIds?: string[]): Promise<number> {
  const only = questionIds ? sql`where q2.id in (select jsonb_array_elements_text(${JSON.stringify(questionIds)}::jsonb))` : sql``;
  const res = await db.execute(sql`
    update bbh_question q set use_count = s.n, correct_rate = s.rate
    from (
      select q2.id, count(r.id)::int as n,
        case when count(r.id) = 0 then null else round(100.0 * count(r.id) filter (where r.is_correct = 1) / count(r.id), 2) end as rate
      from bbh_question q2 left join bbh_question_report_record r on r.question_id = q2.id
      ${only}
      group by q2.id
    ) s
    where q.id = s.id and (q.use_count is distinct from s.n or q.correct_rate is distinct from s.rate)`);
  return affected(res);
}

const StatQuery = Type.Object({ questionId: OptBbhId("题目"), typeId: OptBbhId("题目分类") });

export default async function questionReportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, cache, dicts } = app.ctx;
  const translate = (rows: RecordRow[]) => dicts.translate(rows.map((r) => rowJson(r)), DICTS);

  app.get(`${BASE}/list`, { config: can("bbh:reportRecord:list"), schema: { querystring: ListQuery } }, async (req) => {
    const { query, where } = conditions(req.query as Record<string, unknown>);
    const params = parseListQuery(reportRecordListSpec, query, config.maxPageSize);
    const { rows, total } = await fetchPage(db, R, params, { scope: scope(req, cache), where, extra, counts: { cache, tables: ["bbh_question_report_record", "bbh_question", "bbh_question_type"], versions: req.currentUser().versions } });
    return ok(toPage(await translate(rows as RecordRow[]), total, params));
  });

  app.get(`${BASE}/exportXls`, { config: can("bbh:reportRecord:export"), schema: { querystring: ExportQuery } }, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const { query, where } = conditions(q);
    const params = parseListQuery(reportRecordListSpec, query, config.maxPageSize);
    const ids = typeof q.selections === "string" && q.selections.trim() ? parseIds(q.selections) : undefined;
    const rows = await fetchRows(db, R, params, { scope: scope(req, cache), max: 50_000, where: [...where, ids ? inArray(R.id, ids) : undefined], extra });
    const records = await translate(rows as RecordRow[]);
    const v = (field: string) => (r: Record<string, unknown>) => {
      const x = r[`${field}_dictText`] ?? r[field];
      return x === null || x === undefined ? null : typeof x === "number" ? x : String(x);
    };
    const columns: ExcelColumn<Record<string, unknown>>[] = [
      { header: "答题时间", width: 20, value: v("answerTime") },
      { header: "玩家", width: 14, value: v("wxUserName") },
      { header: "题目", width: 40, value: v("questionContent") },
      { header: "作答", width: 10, value: v("userAnswer") },
      { header: "是否正确", width: 10, value: v("isCorrect") },
      { header: "得分", width: 8, value: v("score") },
      { header: "用时(秒)", width: 10, value: v("answerSeconds") },
      { header: "活动", width: 24, value: v("activityName") },
      { header: "任务", width: 20, value: v("taskName") },
    ];
    const user = req.currentUser();
    return sendWorkbook(reply, "答题记录", await writeWorkbook({ title: "答题记录", exporter: user.realname ?? user.username, columns, records }));
  });

  /** One question's (or a category's, sub-categories included) statistics from the records. */
  app.get("/bbh/api/question/stat", { config: can("bbh:reportRecord:list"), schema: { querystring: StatQuery } }, async (req) => {
    const questionId = req.query.questionId?.trim();
    const typeId = req.query.typeId?.trim();
    if (!questionId && !typeId) throw badRequest("请指定题目或题目分类");
    let ids: string[];
    if (questionId) ids = [questionId];
    else {
      const types = await typeSubtree(db, typeId!);
      if (!types.length) throw badRequest("题目分类不存在或已删除");
      ids = (await db.select({ id: bbhQuestion.id }).from(bbhQuestion).where(inArray(bbhQuestion.typeId, types))).map((r) => r.id);
    }
    const list = sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
    const [totals] = rowsOf<{ n: number; correct: number; avgSeconds: number | null }>(
      await db.execute(sql`select count(*)::int as n, (count(*) filter (where is_correct = 1))::int as correct, round(avg(answer_seconds), 1)::float as "avgSeconds"
        from bbh_question_report_record where question_id in ${list}`),
    );
    const n = Number(totals?.n ?? 0);
    const correct = Number(totals?.correct ?? 0);
    const result: Record<string, unknown> = {
      questionId: questionId ?? null,
      typeId: typeId ?? null,
      questionCount: ids.length,
      useCount: n,
      correctCount: correct,
      correctRate: n ? Math.round((10_000 * correct) / n) / 100 : null,
      avgSeconds: totals?.avgSeconds ?? null,
    };
    if (questionId) {
      const [question] = await db.select({ content: bbhQuestion.content, answer: bbhQuestion.answer, answerType: bbhQuestion.answerType, options: bbhQuestion.options }).from(bbhQuestion).where(eq(bbhQuestion.id, questionId));
      if (!question) throw badRequest("题目不存在");
      // Which options the players chose (a 多选 answer counts for each of its keys).
      const dist = rowsOf<{ answer: string; n: number }>(
        await db.execute(sql`select upper(trim(k)) as answer, count(*)::int as n
          from bbh_question_report_record r, unnest(string_to_array(coalesce(r.user_answer, ''), ',')) as k
          where r.question_id = ${questionId} and trim(k) <> '' group by upper(trim(k)) order by 1`),
      );
      Object.assign(result, { ...question, distribution: question.answerType <= 3 ? dist.map((d) => ({ answer: d.answer, count: Number(d.n) })) : [] });
    }
    return ok(result);
  });

  app.post(
    `${BASE}/refreshStat`,
    { config: can("bbh:question:edit"), schema: { body: Type.Object({ questionIds: Type.Optional(Type.Array(Type.String({ title: "题目", maxLength: 32, pattern: "^[A-Za-z0-9_-]+$" }), { title: "题目", maxItems: 1000 })) }) } },
    async (req) => {
      const changed = await refreshQuestionStats(db, req.body.questionIds?.length ? req.body.questionIds : undefined);
      return ok({ changed }, `统计已更新，${changed}道题目的使用次数或正确率有变化`);
    },
  );
}
