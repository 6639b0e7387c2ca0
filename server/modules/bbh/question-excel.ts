/**
 * The question bank in Excel (domain.md §7.3): `exportXls` (the list's filters, sort, data rules and
 * `selections`), `importExcel` and `importTemplate`. Columns: 分类名称 (a path such as 党史/建党时期, or a name
 * that is unique in the tree), 题型, 题干, 选项A…选项H, 答案, 解析, 难度, 分值, 状态 — what the export writes,
 * so an exported file is a filled template. Every row is checked with the form's rules
 * (contract/bbh-question.ts); one bad row imports nothing, and the answer lists each problem with its row,
 * column and reason (`result.errors: [{line, column, message}]`). Good files are inserted in one transaction.
 */
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import ExcelJS from "exceljs";
import { and, eq, inArray } from "drizzle-orm";
import { bbhQuestion } from "../../db/schema.js";
import { questionLimits } from "../../../contract/bbh-limits.js";
import { ANSWER_TYPE_TEXT, OPTION_KEYS, checkQuestion, hasOptions, parseOptions, type QuestionOption } from "../../../contract/bbh-question.js";
import { fail, ok } from "../../lib/envelope.js";
import { acceptUploads, readWorkbook, sendWorkbook, uploadedWorkbook, writeWorkbook, type ExcelColumn } from "../../lib/excel.js";
import { nextId } from "../../lib/ids.js";
import { fetchRows, parseListQuery } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { parseIds, scope } from "../sys/shared.js";
import { ExportQuery } from "./lists.js";
import { QUESTION_BASE, QUESTION_DICTS, questionConditions, questionExtra, questionListSpec, toQuestionJson, type QuestionRow } from "./question.js";
import { allTypes, typePaths } from "./question-type.js";
import { dictionary } from "./shared.js";

const TITLE = "题目";
const EXPORT_MAX = 50_000;
const OPTION_HEADERS = OPTION_KEYS.map((k) => `选项${k}`);
export const QUESTION_HEADERS = ["分类名称", "题型", "题干", ...OPTION_HEADERS, "答案", "解析", "难度", "分值", "状态"];
const REQUIRED = ["分类名称", "题型", "题干", "答案"];
const JUDGE_WORDS: Record<string, string> = { 正确: "A", 对: "A", "√": "A", 是: "A", 错误: "B", 错: "B", "×": "B", 否: "B" };

export interface RowError {
  line: number;
  column: string;
  message: string;
}

/** The envelope message: each bad row once, its problems joined (at most 20 rows shown). */
export function rowErrorsMessage(errors: RowError[]): string {
  const byLine = new Map<number, string[]>();
  for (const e of errors) byLine.set(e.line, [...(byLine.get(e.line) ?? []), `「${e.column}」${e.message}`]);
  const lines = [...byLine.entries()].sort((a, b) => a[0] - b[0]);
  const shown = lines.slice(0, 20).map(([line, m]) => `第${line}行：${m.join("，")}`);
  return `文件导入失败:共${lines.length}行数据有误，未导入任何数据。${shown.join("；")}${lines.length > 20 ? "……" : ""}`;
}

export default async function questionExcelRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dicts, config, cache } = app.ctx;
  await acceptUploads(base);

  app.get(`${QUESTION_BASE}/exportXls`, { config: can("bbh:question:export"), schema: { querystring: ExportQuery } }, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const { query, where } = questionConditions(q);
    const params = parseListQuery(questionListSpec, query, config.maxPageSize);
    const ids = typeof q.selections === "string" && q.selections.trim() ? parseIds(q.selections) : undefined;
    const rows = await fetchRows<typeof bbhQuestion, Record<string, string | null>>(db, bbhQuestion, params, {
      scope: scope(req, cache),
      max: EXPORT_MAX,
      where: [...where, ids ? inArray(bbhQuestion.id, ids) : undefined],
      extra: questionExtra,
    });
    const paths = typePaths(await allTypes(db));
    const records = await dicts.translate(rows.map((r) => toQuestionJson(r as QuestionRow)), QUESTION_DICTS);
    const options = (r: Record<string, unknown>) => {
      const parsed = parseOptions(typeof r.options === "string" ? r.options : null);
      return "options" in parsed ? parsed.options : [];
    };
    const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
    const columns: ExcelColumn<Record<string, unknown>>[] = [
      { header: "分类名称", width: 22, value: (r) => paths.get(String(r.typeId)) ?? text(r.typeName) },
      { header: "题型", width: 8, value: (r) => text(r.answerType_dictText ?? r.answerType) },
      { header: "题干", width: 40, value: (r) => text(r.content) },
      // 判断's options are fixed: left empty, as the template asks.
      ...OPTION_KEYS.map((k, i) => ({ header: OPTION_HEADERS[i], width: 16, value: (r: Record<string, unknown>) => (r.answerType === 3 ? null : (options(r).find((o) => o.key === k)?.text ?? null)) })),
      { header: "答案", width: 10, value: (r) => text(r.answer) },
      { header: "解析", width: 30, value: (r) => text(r.analysis) },
      { header: "难度", width: 8, value: (r) => text(r.difficulty_dictText ?? r.difficulty) },
      { header: "分值", width: 8, value: (r) => (typeof r.score === "number" ? r.score : null) },
      { header: "状态", width: 8, value: (r) => text(r.qStatus_dictText ?? r.qStatus) },
      { header: "使用次数", width: 10, value: (r) => (typeof r.useCount === "number" ? r.useCount : 0) },
      { header: "正确率(%)", width: 10, value: (r) => (r.correctRate === null || r.correctRate === undefined ? null : Number(r.correctRate)) },
    ];
    const user = req.currentUser();
    return sendWorkbook(reply, TITLE, await writeWorkbook({ title: TITLE, exporter: user.realname ?? user.username, columns, records }));
  });

  /** An empty import file with the headers, and a second sheet that explains each column with examples. */
  app.get(`${QUESTION_BASE}/importTemplate`, { config: can("bbh:question:import") }, async (_req, reply) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("题目");
    sheet.addRow(QUESTION_HEADERS).font = { bold: true };
    QUESTION_HEADERS.forEach((h, i) => (sheet.getColumn(i + 1).width = h === "题干" ? 40 : h === "分类名称" || h === "解析" ? 22 : 12));
    const help = book.addWorksheet("填写说明");
    help.addRow(["列", "说明", "示例"]).font = { bold: true };
    for (const line of [
      ["分类名称", "必填。题目分类的完整路径（用 / 分隔），名称在分类树中唯一时也可只写名称", "党史/建党时期"],
      ["题型", "必填。单选、多选、判断、填空、简答", "单选"],
      ["题干", `必填，最多${questionLimits.content.max}个字`, "遵义会议召开于哪一年？"],
      ["选项A…选项H", "单选、多选需从选项A起连续填写2到8个；判断题选项固定为 A 正确 / B 错误，不用填写；填空、简答不填", "1935"],
      ["答案", "单选一个选项字母；多选至少两个，用英文逗号分隔（如 A,C）；判断填 A/B 或 正确/错误；填空题多个备选答案用 | 分隔；简答填参考答案", "C"],
      ["解析", "选填", "1935年1月，中共中央在贵州遵义召开政治局扩大会议。"],
      ["难度", "选填，简单、中等、困难，默认简单", "简单"],
      ["分值", "选填，0到1000的整数，默认5", "5"],
      ["状态", "选填，启用、停用，默认启用", "启用"],
    ])
      help.addRow(line);
    help.getColumn(1).width = 14;
    help.getColumn(2).width = 80;
    help.getColumn(3).width = 40;
    return sendWorkbook(reply, "题目导入模板", Buffer.from(await book.xlsx.writeBuffer()));
  });

  app.post(`${QUESTION_BASE}/importExcel`, { config: can("bbh:question:import") }, async (req, reply) => {
    const rows = await readWorkbook(await uploadedWorkbook(req), REQUIRED);
    const answerTypes = await dictionary(dicts, "bbh_answer_type");
    const difficulties = await dictionary(dicts, "bbh_difficulty");
    const statuses = await dictionary(dicts, "bbh_enable_status");
    for (const [v, text] of Object.entries(ANSWER_TYPE_TEXT)) answerTypes.set(text, Number(v));
    const types = await allTypes(db);
    const byPath = new Map<string, string>();
    for (const [id, path] of typePaths(types)) byPath.set(path, id);
    const byName = new Map<string, string | null>();
    for (const t of types) byName.set(t.typeName, byName.has(t.typeName) ? null : t.id);

    const errors: RowError[] = [];
    const seen = new Map<string, number>();
    const planned = rows.flatMap(({ line, cells }) => {
      const before = errors.length;
      const err = (column: string, message: string) => errors.push({ line, column, message });
      const typeText = (cells["分类名称"] ?? "").replace(/\s*[/／>]\s*/g, "/");
      let typeId: string | undefined;
      if (!typeText) err("分类名称", "不能为空");
      else {
        const hit = byPath.get(typeText) ?? byName.get(typeText);
        if (hit === null) err("分类名称", `「${typeText}」不唯一，请填写完整路径（如 党史/${typeText}）`);
        else if (!hit) err("分类名称", `「${typeText}」不存在`);
        else typeId = hit;
      }
      const kind = cells["题型"];
      const answerType = kind ? answerTypes.get(kind) : undefined;
      if (!kind) err("题型", "不能为空");
      else if (answerType === undefined) err("题型", `「${kind}」不正确，应为 单选、多选、判断、填空 或 简答`);
      const content = cells["题干"];
      if (!content) err("题干", "不能为空");
      else if (content.length > questionLimits.content.max) err("题干", `不能超过${questionLimits.content.max}个字符`);
      const analysis = cells["解析"] || null;
      if (analysis && analysis.length > questionLimits.analysis.max) err("解析", `不能超过${questionLimits.analysis.max}个字符`);
      const difficulty = cells["难度"] ? difficulties.get(cells["难度"]) : 1;
      if (difficulty === undefined) err("难度", `「${cells["难度"]}」不正确，应为 简单、中等 或 困难`);
      const score = cells["分值"] ? Number(cells["分值"]) : 5;
      if (!Number.isInteger(score) || score < 0 || score > 1000) err("分值", `「${cells["分值"]}」应为0到1000的整数`);
      const qStatus = cells["状态"] ? statuses.get(cells["状态"]) : 1;
      if (qStatus === undefined) err("状态", `「${cells["状态"]}」不正确，应为 启用 或 停用`);
      let answer = cells["答案"] ?? "";
      if (answer.length > questionLimits.answer.max) err("答案", `不能超过${questionLimits.answer.max}个字符`);
      const filled = OPTION_KEYS.map((key, i) => ({ key, text: cells[OPTION_HEADERS[i]] ?? "" }));
      let options: QuestionOption[] = [];
      if (answerType !== undefined) {
        if (answerType === 3) answer = JUDGE_WORDS[answer] ?? answer;
        if (answerType === 1 || answerType === 2) {
          const last = filled.map((o) => Boolean(o.text)).lastIndexOf(true);
          options = filled.slice(0, last + 1).map((o) => ({ key: o.key, text: o.text, image: "" }));
          const gap = options.find((o) => !o.text);
          if (gap) err(`选项${gap.key}`, "选项需从选项A起连续填写，不能空缺");
          else if (options.some((o) => o.text.length > 200)) err("选项", "每个选项不能超过200个字符");
        } else if (!hasOptions(answerType) && filled.some((o) => o.text)) err(`选项${filled.find((o) => o.text)!.key}`, `${kind}题不填写选项`);
        if (answer && errors.length === before) {
          const checked = checkQuestion(answerType, options, answer);
          if ("errors" in checked) for (const m of checked.errors) err(m.startsWith("选项") ? "选项" : "答案", m);
          else {
            options = checked.options;
            answer = checked.answer;
          }
        }
      }
      if (!answer) err("答案", "不能为空");
      if (typeId && content) {
        const key = `${typeId}|${content}`;
        if (seen.has(key)) err("题干", `与第${seen.get(key)}行重复`);
        else seen.set(key, line);
      }
      if (errors.length > before) return [];
      return [{ line, typeId: typeId!, answerType: answerType!, content: content!, options, answer, analysis, difficulty: difficulty!, score, qStatus: qStatus! }];
    });

    // Questions already in the bank (same category and stem).
    if (planned.length) {
      const existing = await db
        .select({ typeId: bbhQuestion.typeId, content: bbhQuestion.content })
        .from(bbhQuestion)
        .where(and(inArray(bbhQuestion.content, [...new Set(planned.map((p) => p.content))]), eq(bbhQuestion.delFlag, 0)));
      const have = new Set(existing.map((e) => `${e.typeId}|${e.content}`));
      for (const p of planned) if (have.has(`${p.typeId}|${p.content}`)) errors.push({ line: p.line, column: "题干", message: "该分类下已有相同题干的题目" });
    }

    if (errors.length) {
      errors.sort((a, b) => a.line - b.line);
      return reply.status(400).send({ ...fail(rowErrorsMessage(errors), 400), result: { errors } });
    }

    const user = req.currentUser();
    const now = new Date();
    await db.transaction(async (tx) => {
      const values = planned.map((p) => ({
        id: nextId(),
        typeId: p.typeId,
        answerType: p.answerType,
        content: p.content,
        options: p.options.length ? JSON.stringify(p.options) : null,
        answer: p.answer,
        analysis: p.analysis,
        difficulty: p.difficulty,
        score: p.score,
        qStatus: p.qStatus,
        createBy: user.username,
        createTime: now,
        sysOrgCode: user.orgCode,
      }));
      for (let i = 0; i < values.length; i += 500) await tx.insert(bbhQuestion).values(values.slice(i, i + 500));
    });
    return ok({ total: planned.length, created: planned.length }, `文件导入成功！数据行数：${planned.length}`);
  });
}
