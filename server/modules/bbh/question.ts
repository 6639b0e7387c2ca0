/**
 * `/bbh/api/question` — 题目 (domain.md §4.17): list (type incl. sub-types, answer type, difficulty, status,
 * `*题干*`, red mark, tag), queryById, add/edit with the options/answer rules of contract/bbh-question.ts
 * (单选 one key among the options, 多选 at least two, 判断 fixed A 正确 / B 错误, 2–8 options), delete and
 * deleteBatch (soft; refused while a task uses the question as a fixed question), `updateStatus` (启用/停用).
 * Tags are `bbh_tag_rel` rows (biz_type `question`). Disabling or deleting questions is refused when it would
 * leave a random-draw task (题目 drawn from a category) with fewer enabled questions than it draws.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhActivityTask, bbhQuestion, bbhQuestionType, bbhRedMark, bbhTag, bbhTagRel, bbhTaskQuestion } from "../../db/schema.js";
import { questionLimits } from "../../../contract/bbh-limits.js";
import { checkQuestion, hasOptions, parseOptions } from "../../../contract/bbh-question.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { IdQuery, IdsQuery, ListQuery, created, parseIds, scope, updated } from "../sys/shared.js";
import { inTypeSubtree } from "./question-type.js";
import { REFERENCE, BbhId, Code, IdList, OptBbhId, OptCode, OptInt, blank, rowJson, rowsOf, textField } from "./shared.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { scopeRows } from "../../plugins/row-scope.js";
import { TEXT_KIND } from "../../lib/field-schema.js";

const Q = bbhQuestion;
export const QUESTION_BASE = "/bbh/api/question";
export type QuestionRow = typeof Q.$inferSelect;
export const QUESTION_BIZ = "question";

export const questionListSpec: ListSpec = {
  fields: {
    typeId: { column: Q.typeId, type: "string" },
    answerType: { column: Q.answerType, type: "int", sort: true },
    content: { column: Q.content, type: "string" },
    difficulty: { column: Q.difficulty, type: "int", sort: true },
    score: { column: Q.score, type: "int", sort: true },
    redMarkId: { column: Q.redMarkId, type: "string" },
    qStatus: { column: Q.qStatus, type: "int", sort: true },
    useCount: { column: Q.useCount, type: "int", sort: true },
    correctRate: { column: Q.correctRate, type: "int", sort: true },
    sysOrgCode: { column: Q.sysOrgCode, type: "string" },
    createBy: { column: Q.createBy, type: "string" },
    createTime: { column: Q.createTime, type: "datetime", sort: true },
    updateTime: { column: Q.updateTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: Q.id,
  component: "bbh/question/QuestionList",
};

/** 题目by id: those its list shows the caller (its menu and data rules). */
export const questionRows = rowScope({ label: "题目", table: Q, id: Q.id, live: eq(Q.delFlag, 0), views: [viewOf(questionListSpec)], missing: () => badRequest("题目不存在或已删除") });

export const QUESTION_DICTS = { answerType: "bbh_answer_type", difficulty: "bbh_difficulty", qStatus: "bbh_enable_status" };

/** Names shown beside the ids: the type, the red mark and the tags. */
export const questionExtra = {
  typeName: sql<string | null>`(select type_name from bbh_question_type where id = "bbh_question"."type_id")`.as("type_name"),
  redMarkName: sql<string | null>`(select mark_name from bbh_red_mark where id = "bbh_question"."red_mark_id")`.as("red_mark_name"),
  tagIds: sql<string | null>`(select string_agg(r.tag_id, ',' order by t.show_index, t.id) from bbh_tag_rel r join bbh_tag t on t.id = r.tag_id and t.del_flag = 0 where r.biz_type = 'question' and r.biz_id = "bbh_question"."id")`.as("tag_ids"),
  tagNames: sql<string | null>`(select string_agg(t.tag_name, ',' order by t.show_index, t.id) from bbh_tag_rel r join bbh_tag t on t.id = r.tag_id and t.del_flag = 0 where r.biz_type = 'question' and r.biz_id = "bbh_question"."id")`.as("tag_names"),
};
type Extra = { typeName: string | null; redMarkName: string | null; tagIds: string | null; tagNames: string | null };

/**
 * The list's own conditions besides the allow-listed fields: live rows, `typeId` with its sub-types
 * (`includeSub=false`: that type only), `tagId`. The list helper gets the query without those keys.
 */
export function questionConditions(query: Record<string, unknown>): { query: Record<string, unknown>; where: Array<SQL | undefined>; usesTags: boolean } {
  const rest = { ...query };
  const where: Array<SQL | undefined> = [eq(Q.delFlag, 0)];
  const typeId = typeof rest.typeId === "string" ? rest.typeId.trim() : "";
  const includeSub = rest.includeSub !== "false" && rest.includeSub !== false;
  if (typeId && includeSub && /^[A-Za-z0-9_-]{1,32}$/.test(typeId)) {
    where.push(inTypeSubtree(typeId));
    delete rest.typeId;
  }
  delete rest.includeSub;
  const tagId = typeof rest.tagId === "string" ? rest.tagId.trim() : "";
  delete rest.tagId;
  if (tagId) {
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(tagId)) throw badRequest("参数「标签」不正确");
    where.push(sql`exists (select 1 from bbh_tag_rel r where r.biz_type = 'question' and r.biz_id = ${Q.id} and r.tag_id = ${tagId})`);
  }
  return { query: rest, where, usesTags: Boolean(tagId) };
}

export const toQuestionJson = (r: QuestionRow & Partial<Extra>) => rowJson(r);

const L = questionLimits;
export const QuestionBody = Type.Object({
  typeId: BbhId("题目分类"),
  answerType: Code("题型", [1, 2, 3, 4, 5]),
  content: textField(L.content),
  stemImage: textField(L.stemImage),
  options: Type.Optional(Type.Union([Type.Null(), Type.String({ title: "选项", maxLength: 20_000, [TEXT_KIND]: "json" })], { title: "选项" })),
  answer: textField(L.answer),
  analysis: textField(L.analysis),
  difficulty: OptCode("难度", [1, 2, 3]),
  score: OptInt("分值", 0, 1000),
  redMarkId: OptBbhId("关联印记"),
  qStatus: OptCode("状态", [0, 1]),
  tagIds: Type.Optional(Type.Union([Type.Null(), Type.String({ title: "标签", maxLength: 2000, pattern: "^[A-Za-z0-9_,-]*$" })], { title: "标签" })),
});
type Body = Static<typeof QuestionBody>;
const EditBody = Type.Object({ ...QuestionBody.properties, id: BbhId("编号") });
const StatusBody = Type.Object({ ids: IdList("题目", 1000), qStatus: Code("状态", [0, 1]) });

/** Validated columns of a question form (the same rules as the Excel import). */
async function questionValues(tx: Db, b: Body) {
  const [type] = await tx.select({ id: bbhQuestionType.id }).from(bbhQuestionType).where(and(eq(bbhQuestionType.id, b.typeId), eq(bbhQuestionType.delFlag, 0)));
  if (!type) throw badRequest("题目分类不存在或已删除");
  const parsed = hasOptions(b.answerType) && b.answerType !== 3 ? parseOptions(b.options) : { options: [] };
  if ("error" in parsed) throw badRequest(parsed.error);
  const checked = checkQuestion(b.answerType, parsed.options, b.answer);
  if ("errors" in checked) throw badRequest(checked.errors.join("；"));
  const redMarkId = blank(b.redMarkId) ?? null;
  if (redMarkId) {
    const [mark] = await tx.select({ id: bbhRedMark.id }).from(bbhRedMark).where(and(eq(bbhRedMark.id, redMarkId), eq(bbhRedMark.delFlag, 0)));
    if (!mark) throw badRequest("关联印记不存在或已删除");
  }
  const tagIds = [...new Set((b.tagIds ?? "").split(",").map((s) => s.trim()).filter(Boolean))];
  if (tagIds.length > 20) throw badRequest("标签最多20个");
  if (tagIds.length) {
    const found = await tx.select({ id: bbhTag.id }).from(bbhTag).where(and(inArray(bbhTag.id, tagIds), eq(bbhTag.delFlag, 0), eq(bbhTag.tagType, 3)));
    if (found.length !== tagIds.length) throw badRequest("标签不存在或不是题目标签");
  }
  return {
    values: {
      typeId: b.typeId,
      answerType: b.answerType,
      content: b.content.trim(),
      stemImage: blank(b.stemImage) ?? null,
      options: checked.options.length ? JSON.stringify(checked.options) : null,
      answer: checked.answer,
      analysis: blank(b.analysis) ?? null,
      difficulty: b.difficulty ?? 1,
      score: b.score ?? 5,
      redMarkId,
      qStatus: b.qStatus ?? 1,
    },
    tagIds: b.tagIds === undefined ? undefined : tagIds,
  };
}

/** Replaces the question's tag relations. */
export async function replaceQuestionTags(tx: Db, questionId: string, tagIds: string[], by: string) {
  await tx.delete(bbhTagRel).where(and(eq(bbhTagRel.bizType, QUESTION_BIZ), eq(bbhTagRel.bizId, questionId)));
  if (tagIds.length) await tx.insert(bbhTagRel).values(tagIds.map((tagId) => ({ id: nextId(), tagId, bizType: QUESTION_BIZ, bizId: questionId, createBy: by, createTime: new Date() })));
}

/**
 * Live, enabled random-draw tasks (答题, 随机抽题) whose pool — enabled questions of the task's category and its
 * enabled sub-categories, or of the whole bank when the task names none — is smaller than what they draw.
 */
export async function shortPools(tx: Db, taskIds?: string[]): Promise<Array<{ id: string; taskName: string; questionCount: number; pool: number }>> {
  const only = taskIds ? sql`and t.id in (select jsonb_array_elements_text(${JSON.stringify(taskIds)}::jsonb))` : sql``;
  const res = await tx.execute(sql`
    with recursive draw as (
      select t.id, t.task_name, t.question_count, t.question_type_id from bbh_activity_task t
      where t.del_flag = 0 and t.task_status = 1 and t.task_type = 3 and t.question_mode = 2 and coalesce(t.question_count, 0) > 0 ${only}
    ), sub(task_id, type_id) as (
      select d.id, qt.id from draw d join bbh_question_type qt on qt.id = d.question_type_id and qt.del_flag = 0 and qt.type_status = 1
      union all
      select s.task_id, c.id from sub s join bbh_question_type c on c.pid = s.type_id and c.del_flag = 0 and c.type_status = 1
    )
    select d.id, d.task_name as "taskName", d.question_count as "questionCount",
      (select count(*)::int from bbh_question q where q.del_flag = 0 and q.q_status = 1
        and (d.question_type_id is null or d.question_type_id = '' or q.type_id in (select s.type_id from sub s where s.task_id = d.id))) as pool
    from draw d`);
  return rowsOf<{ id: string; taskName: string; questionCount: number; pool: number }>(res)
    .map((r) => ({ ...r, questionCount: Number(r.questionCount), pool: Number(r.pool) }))
    .filter((r) => r.pool < r.questionCount);
}

/** Refuses a change (already made inside `tx`) that leaves a random-draw task short which was not short before. */
export async function assertPoolsKept(tx: Db, before: Array<{ id: string }>) {
  const was = new Set(before.map((b) => b.id));
  const now = (await shortPools(tx)).filter((p) => !was.has(p.id));
  if (now.length) {
    const p = now[0];
    throw badRequest(`任务【${p.taskName}】需随机抽取${p.questionCount}道题，操作后题库中可抽的启用题目只剩${p.pool}道，请先调整任务的抽题数量`);
  }
}

export default async function questionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: questionRows, ids: questionRows, typeId: REFERENCE, redMarkId: REFERENCE, tagIds: REFERENCE });
  const { db, config, cache, dicts } = app.ctx;
  const translate = (rows: Array<QuestionRow & Partial<Extra>>) => dicts.translate(rows.map(toQuestionJson), QUESTION_DICTS);

  app.get(`${QUESTION_BASE}/list`, { config: can("bbh:question:list"), schema: { querystring: ListQuery } }, async (req) => {
    const { query, where, usesTags } = questionConditions(req.query as Record<string, unknown>);
    const params = parseListQuery(questionListSpec, query, config.maxPageSize);
    const { rows, total } = await fetchPage<typeof Q, Extra>(db, Q, params, {
      scope: scope(req, cache),
      where,
      extra: questionExtra,
      // The tag relation table has no version trigger: lists filtered by tag count every time.
      ...(usesTags ? {} : { counts: { cache, tables: ["bbh_question", "bbh_question_type"], versions: req.currentUser().versions } }),
    });
    return ok(toPage(await translate(rows), total, params));
  });

  app.get(`${QUESTION_BASE}/queryById`, { config: can("bbh:question:list"), schema: { querystring: IdQuery } }, async (req) => {
    const [row] = await db.select({ ...getTableColumns(Q), ...questionExtra }).from(Q).where(and(eq(Q.id, req.query.id), eq(Q.delFlag, 0)));
    if (!row) throw badRequest("题目不存在或已删除");
    return ok((await translate([row as QuestionRow & Extra]))[0]);
  });

  app.post(`${QUESTION_BASE}/add`, { config: can("bbh:question:add"), schema: { body: QuestionBody } }, async (req) => {
    const user = req.currentUser();
    const id = nextId();
    await db.transaction(async (tx) => {
      const { values, tagIds } = await questionValues(tx, req.body);
      await tx.insert(Q).values({ ...values, id, sysOrgCode: user.orgCode, ...created(req) });
      if (tagIds?.length) await replaceQuestionTags(tx, id, tagIds, user.username);
    });
    return ok({ id }, "添加成功！");
  });

  const edit = async (req: FastifyRequest<{ Body: Static<typeof EditBody> }>) => {
    const { id, ...body } = req.body;
    await db.transaction(async (tx) => {
      const [cur] = await tx.select().from(Q).where(and(eq(Q.id, id), eq(Q.delFlag, 0))).for("update");
      if (!cur) throw badRequest("题目不存在或已删除");
      const before = await shortPools(tx);
      const { values, tagIds } = await questionValues(tx, body);
      await tx.update(Q).set({ ...values, ...updated(req) }).where(eq(Q.id, id));
      if (tagIds) await replaceQuestionTags(tx, id, tagIds, req.currentUser().username);
      await assertPoolsKept(tx, before);
    });
    return ok(null, "编辑成功!");
  };
  app.put(`${QUESTION_BASE}/edit`, { config: can("bbh:question:edit"), schema: { body: EditBody } }, edit);
  app.post(`${QUESTION_BASE}/edit`, { config: can("bbh:question:edit"), schema: { body: EditBody } }, edit);

  const remove = async (ids: string[], req: FastifyRequest) => {
    await db.transaction(async (tx) => {
      const rows = await tx.select({ id: Q.id }).from(Q).where(and(inArray(Q.id, ids), eq(Q.delFlag, 0))).for("update");
      if (!rows.length) throw badRequest("题目不存在或已删除");
      const [fixed] = await tx
        .select({ taskName: bbhActivityTask.taskName })
        .from(bbhTaskQuestion)
        .innerJoin(bbhActivityTask, and(eq(bbhActivityTask.id, bbhTaskQuestion.taskId), eq(bbhActivityTask.delFlag, 0)))
        .where(inArray(bbhTaskQuestion.questionId, rows.map((r) => r.id)))
        .limit(1);
      if (fixed) throw badRequest(`题目已被任务【${fixed.taskName}】选为固定题目，请先从任务中移除`);
      const before = await shortPools(tx);
      await tx.update(Q).set({ delFlag: 1, ...updated(req) }).where(inArray(Q.id, rows.map((r) => r.id)));
      await assertPoolsKept(tx, before);
    });
  };
  app.delete(`${QUESTION_BASE}/delete`, { config: can("bbh:question:delete"), schema: { querystring: IdQuery } }, async (req) => {
    await remove([req.query.id], req);
    return ok(null, "删除成功!");
  });
  app.delete(`${QUESTION_BASE}/deleteBatch`, { config: can("bbh:question:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    await remove(parseIds(req.query.ids), req);
    return ok(null, "批量删除成功！");
  });

  /** 启用 / 停用 one or more questions. */
  app.put(`${QUESTION_BASE}/updateStatus`, { config: can("bbh:question:edit"), schema: { body: StatusBody } }, async (req) => {
    const { ids, qStatus } = req.body;
    const n = await db.transaction(async (tx) => {
      const before = await shortPools(tx);
      const done = await tx.update(Q).set({ qStatus, ...updated(req) }).where(and(inArray(Q.id, ids), eq(Q.delFlag, 0))).returning({ id: Q.id });
      if (!done.length) throw badRequest("题目不存在或已删除");
      if (qStatus === 0) await assertPoolsKept(tx, before);
      return done.length;
    });
    return ok({ count: n }, qStatus === 1 ? "启用成功" : "停用成功");
  });
}

