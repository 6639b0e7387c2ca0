/**
 * What a quiz task (答题, domain.md §4.3–4.4) may take from the question bank: fixed questions must be live,
 * enabled questions; a random draw (`question_mode = 2`) takes `question_count` enabled questions of its
 * category and the category's enabled sub-categories (the whole bank when the task names no category), so the
 * pool must hold at least that many. Called by task.ts inside its write transaction.
 */
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhQuestion, bbhQuestionType } from "../../db/schema.js";
import { badRequest } from "../../lib/envelope.js";
import { typeSubtree } from "./question-type.js";

/** Enabled questions a random draw from `typeId` (null: the whole bank) can take. */
export async function drawPoolSize(tx: Db, typeId: string | null): Promise<number> {
  const types = typeId ? await typeSubtree(tx, typeId, true) : null;
  if (types && !types.length) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(bbhQuestion)
    .where(and(eq(bbhQuestion.delFlag, 0), eq(bbhQuestion.qStatus, 1), types ? inArray(bbhQuestion.typeId, types) : undefined));
  return Number(row?.n ?? 0);
}

/** Refuses a random draw of `count` questions that its pool cannot fill. */
export async function assertDrawPool(tx: Db, typeId: string | null, count: number) {
  let name = "题库";
  if (typeId) {
    const [type] = await tx.select({ name: bbhQuestionType.typeName, status: bbhQuestionType.typeStatus }).from(bbhQuestionType).where(and(eq(bbhQuestionType.id, typeId), eq(bbhQuestionType.delFlag, 0)));
    if (!type) throw badRequest("抽题分类不存在或已删除");
    if (type.status !== 1) throw badRequest(`抽题分类【${type.name}】已停用`);
    name = `抽题分类【${type.name}】`;
  }
  const pool = await drawPoolSize(tx, typeId);
  if (pool < count) throw badRequest(`${name}中启用的题目只有${pool}道，不足抽题数量${count}道`);
}

/** Refuses fixed questions that are missing, deleted or disabled, naming them. */
export async function assertUsableQuestions(tx: Db, ids: string[]) {
  if (!ids.length) return;
  const rows = await tx.select({ id: bbhQuestion.id, status: bbhQuestion.qStatus, del: bbhQuestion.delFlag }).from(bbhQuestion).where(inArray(bbhQuestion.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.get(id) || byId.get(id)!.del !== 0);
  if (missing.length) throw badRequest(`题目不存在或已删除：${missing.slice(0, 5).join("、")}${missing.length > 5 ? " 等" : ""}`);
  const disabled = ids.filter((id) => byId.get(id)!.status !== 1);
  if (disabled.length) throw badRequest(`题目已停用，不能选为固定题目：${disabled.slice(0, 5).join("、")}${disabled.length > 5 ? " 等" : ""}`);
}
