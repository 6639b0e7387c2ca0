/**
 * Tasks of one activity in Excel (issue 8, domain.md §4.3–4.4): `exportXls` (the task list's filters, sort,
 * data rules and `selections`), `importTemplate` and `importExcel?activityId=`. The export writes 序号 and then
 * the import's columns (mark, 前置任务 and 抽题分类 by name, the fixed questions by id), so an exported file
 * imports into another activity as it is.
 *
 * Rows are read as activity-excel.ts reads them: each becomes add's body (names resolved to ids: 所在印记 within
 * the activity's mark list for 红色活动, any live mark otherwise; 前置任务 among the activity's tasks and the rows
 * above; 抽题分类 by path), checked by add's schema, then run through `taskValues` (sort_no after the existing
 * tasks, qr_token for 扫码打卡, the pool of a random draw, the activity's 满分) and `saveTaskQuestions` (fixed
 * questions live and enabled) row after row in one transaction. One bad row imports nothing.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, inArray, sql } from "drizzle-orm";
import { bbhActivityTask, bbhRedActivityMark, bbhRedMark } from "../../db/schema.js";
import { ApiError, badRequest, ok } from "../../lib/envelope.js";
import { acceptUploads, readWorkbook, sendWorkbook, uploadedWorkbook, writeWorkbook, type ExcelColumn } from "../../lib/excel.js";
import { nextId } from "../../lib/ids.js";
import { fetchRows, parseListQuery } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { BbhId } from "./shared.js";
import { created, parseIds, scope } from "../sys/shared.js";
import { activityRows } from "./activity.js";
import { scopeRows } from "../../plugins/row-scope.js";
import { ImportRefused, MAX_ACTIVITY_ROWS, columnDicts, importTemplate, readRowBody, refusedFile, type ImportColumn } from "./activity-excel.js";
import { ExportQuery, col } from "./lists.js";
import type { RowError } from "./question-excel.js";
import { allTypes, typePaths } from "./question-type.js";
import { loadActivity, refusedField, rowJson } from "./shared.js";
import { TASK_DICTS, TaskBody, saveTaskQuestions, taskListSpec, taskValues, type TaskBodyValue, type TaskRow } from "./task.js";

const K = bbhActivityTask;
const BASE = "/bbh/api/activity/task";
const EXPORT_MAX = 50_000;
/** Tasks one file may add. */
export const MAX_TASK_ROWS = MAX_ACTIVITY_ROWS;

export const TASK_COLUMNS: ImportColumn[] = [
  { header: "任务名称", key: "taskName", kind: "text", help: "必填，本活动内不能与已有任务重名，文件内也不能重复", example: "参观八一起义纪念馆", width: 24 },
  { header: "任务类型", key: "taskType", kind: "dict", dict: "bbh_task_type", help: "必填", example: "定位打卡" },
  { header: "所在印记", key: "redMarkId", kind: "ref", help: "选填。红色活动填本活动印记列表中的印记名称（或活动内名称）；自定义活动填任一印记的名称", example: "八一起义纪念馆", width: 20 },
  { header: "分值", key: "score", kind: "int", help: "选填，0到100000的整数，默认10", example: "10" },
  { header: "是否必做", key: "isRequired", kind: "dict", dict: "bbh_yn", help: "选填，默认是", example: "是" },
  { header: "判定方式", key: "judgeMode", kind: "dict", dict: "bbh_judge_mode", help: "选填，默认按任务类型：定位打卡、扫码打卡、答题、学习浏览为自动判定，其余为人工审核", example: "自动判定" },
  { header: "前置任务", key: "preTaskId", kind: "ref", help: "选填，本活动已有任务的名称，或本文件中排在前面的任务名称", example: "", width: 20 },
  { header: "任务状态", key: "taskStatus", kind: "dict", dict: "bbh_enable_status", help: "选填，默认启用（停用的任务不计入满分）", example: "启用" },
  { header: "打卡半径", key: "checkinRadius", kind: "int", help: "定位打卡选填，10到5000的整数（米），不填用活动的默认半径", example: "200" },
  { header: "需要定位", key: "needLocation", kind: "dict", dict: "bbh_yn", help: "选填，默认否", example: "否" },
  { header: "出题方式", key: "questionMode", kind: "dict", dict: "bbh_question_mode", aliases: { 固定: 1, 随机: 2 }, help: "答题任务选填，默认固定题目；也可填 固定、随机", example: "固定题目" },
  { header: "固定题目", key: "questionIds", kind: "ref", help: "答题任务（固定题目）的题目编号，用英文逗号分隔，须为启用的题目；导入后也可在页面中配置", example: "", width: 24 },
  { header: "抽题分类", key: "questionTypeId", kind: "ref", help: "随机抽题选填，题目分类的完整路径（用 / 分隔），名称唯一时也可只写名称；不填则从整个题库抽取", example: "党史/建党时期", width: 20 },
  { header: "抽题数量", key: "questionCount", kind: "int", help: "随机抽题必填，1到500的整数，分类（含子分类）中启用的题目须足够", example: "5" },
  { header: "通过题数", key: "passCorrectCount", kind: "int", help: "答题任务选填，答对几题算通过，0到500的整数", example: "3" },
  { header: "答题限时", key: "timeLimitSeconds", kind: "int", help: "答题任务选填，秒，0到86400的整数，0或不填为不限时", example: "300" },
  { header: "最少照片数", key: "minPhotoCount", kind: "int", help: "拍照上传选填，0到9的整数，默认1，不能大于最多照片数", example: "1" },
  { header: "最多照片数", key: "maxPhotoCount", kind: "int", help: "拍照上传选填，1到9的整数，默认9", example: "9" },
  { header: "最少字数", key: "minTextLength", kind: "int", help: "文字作答选填，0到10000的整数", example: "50" },
  { header: "视频最长秒数", key: "maxVideoSeconds", kind: "int", help: "视频上传选填，1到3600的整数，默认60", example: "60" },
  { header: "学习时长", key: "studySeconds", kind: "int", help: "学习浏览选填，秒，0到86400的整数", example: "120" },
  { header: "最多提交次数", key: "maxSubmitTimes", kind: "int", help: "选填，1到100的整数，默认3", example: "3" },
];

const ImportQuery = Type.Object({ activityId: BbhId("所属活动") });

/** Names of related rows beside each task, for the export (correlated subqueries over the page). */
const exportExtra = {
  markName: sql<string | null>`(select m.mark_name from bbh_red_mark m where m.id = "bbh_activity_task"."red_mark_id")`.as("mark_name"),
  preTaskName: sql<string | null>`(select p.task_name from bbh_activity_task p where p.id = "bbh_activity_task"."pre_task_id")`.as("pre_task_name"),
  questionIds: sql<string | null>`(select string_agg(q.question_id, ',' order by q.sort_no) from bbh_task_question q where q.task_id = "bbh_activity_task"."id")`.as("question_ids"),
};
const REF_FIELDS: Record<string, string> = { redMarkId: "markName", preTaskId: "preTaskName", questionIds: "questionIds", questionTypeId: "questionTypePath" };

export default async function taskExcelRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { activityId: activityRows });
  const { db, dicts, config, cache } = app.ctx;
  await acceptUploads(base);

  app.get(`${BASE}/exportXls`, { config: can("bbh:task:export"), schema: { querystring: ExportQuery } }, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const params = parseListQuery(taskListSpec, q, config.maxPageSize);
    const ids = typeof q.selections === "string" && q.selections.trim() ? parseIds(q.selections) : undefined;
    const rows = await fetchRows<typeof K, { markName: string | null; preTaskName: string | null; questionIds: string | null }>(db, K, params, {
      scope: scope(req, cache),
      max: EXPORT_MAX,
      extra: exportExtra,
      where: [eq(K.delFlag, 0), ids ? inArray(K.id, ids) : undefined],
    });
    const paths = typePaths(await allTypes(db));
    const records = await dicts.translate(
      rows.map((r) => ({ ...rowJson(r as TaskRow), questionTypePath: r.questionTypeId ? (paths.get(r.questionTypeId) ?? null) : null })),
      TASK_DICTS,
    );
    const columns: ExcelColumn<Record<string, unknown>>[] = [col("序号", "sortNo", 8), ...TASK_COLUMNS.map((c) => col(c.header, REF_FIELDS[c.key] ?? c.key, c.width))];
    const user = req.currentUser();
    return sendWorkbook(reply, "任务", await writeWorkbook({ title: "任务", exporter: user.realname ?? user.username, columns, records }));
  });

  app.get(`${BASE}/importTemplate`, { config: can("bbh:task:import") }, async (_req, reply) =>
    sendWorkbook(
      reply,
      "任务导入模板",
      await importTemplate("任务", TASK_COLUMNS, dicts, TaskBody, [
        `导入到当前活动，排在已有任务之后（按文件顺序）；一次最多导入${MAX_TASK_ROWS}个任务。`,
        "各任务类型只读取与其相关的列（如拍照上传只读取最少/最多照片数），其余列留空即可。",
        "导出的任务文件可直接导入到其他活动：其中的序号列不会导入。",
        "任何一行有误时不导入任何数据，并列出每一行的错误。",
      ]),
    ),
  );

  app.post(`${BASE}/importExcel`, { config: can("bbh:task:import"), schema: { querystring: ImportQuery } }, async (req, reply) => {
    const rows = await readWorkbook(await uploadedWorkbook(req), ["任务名称"]);
    if (rows.length > MAX_TASK_ROWS) throw badRequest(`文件导入失败:一次最多导入 ${MAX_TASK_ROWS} 个任务`);
    // The activity is one the caller may see (config.rows, the task module's defaults).
    const activity = await loadActivity(db, req.query.activityId);

    const columnDict = await columnDicts(dicts, TASK_COLUMNS);
    const errors: RowError[] = [];
    const seen = new Map<string, number>();
    const read = rows.map((row) => {
      const err = (column: string, message: string) => errors.push({ line: row.line, column, message });
      const r = readRowBody(row, TASK_COLUMNS, columnDict, TaskBody, err, { activityId: activity.id });
      const name = (row.cells["任务名称"] ?? "").trim();
      let good = r !== null;
      if (name && seen.has(name)) {
        err("任务名称", `与第${seen.get(name)}行重复`);
        good = false;
      } else if (name) seen.set(name, row.line);
      return { line: row.line, name, r: good ? r : null, err };
    });

    // 所在印记 by name: the activity's mark list (its own or the custom name) for 红色活动, any live mark otherwise.
    const markNames = [...new Set(read.flatMap((x) => (x.r?.refs.redMarkId ? [x.r.refs.redMarkId] : [])))];
    const marks = !markNames.length
      ? []
      : activity.activityType === 2
        ? (
            await db
              .select({ id: bbhRedActivityMark.redMarkId, name: bbhRedMark.markName, custom: bbhRedActivityMark.customName })
              .from(bbhRedActivityMark)
              .innerJoin(bbhRedMark, eq(bbhRedMark.id, bbhRedActivityMark.redMarkId))
              .where(eq(bbhRedActivityMark.activityId, activity.id))
          ).flatMap((m) => [{ id: m.id, name: m.name }, ...(m.custom && m.custom !== m.name ? [{ id: m.id, name: m.custom }] : [])])
        : await db.select({ id: bbhRedMark.id, name: bbhRedMark.markName }).from(bbhRedMark).where(and(inArray(bbhRedMark.markName, markNames), eq(bbhRedMark.delFlag, 0)));
    // 抽题分类 by path, or by a name that is unique in the tree.
    const types = await allTypes(db);
    const byPath = new Map([...typePaths(types)].map(([id, path]) => [path, id]));
    const byName = new Map<string, string | null>();
    for (const t of types) byName.set(t.typeName, byName.has(t.typeName) ? null : t.id);

    const planned = read.flatMap(({ line, name, r, err }) => {
      if (!r) return [];
      const { body, refs } = r;
      let good = true;
      const mark = refs.redMarkId;
      if (mark) {
        const hits = [...new Set(marks.filter((m) => m.name === mark).map((m) => m.id))];
        if (hits.length === 1) body.redMarkId = hits[0];
        else {
          err("所在印记", hits.length ? `「${mark}」有多个同名印记，请在页面中选择` : activity.activityType === 2 ? `「${mark}」不在本活动的印记列表中` : `「${mark}」不存在或已删除`);
          good = false;
        }
      }
      const typeText = refs.questionTypeId?.replace(/\s*[/／>]\s*/g, "/");
      if (typeText) {
        const hit = byPath.get(typeText) ?? byName.get(typeText);
        if (hit) body.questionTypeId = hit;
        else {
          err("抽题分类", hit === null ? `「${typeText}」不唯一，请填写完整路径` : `「${typeText}」不存在`);
          good = false;
        }
      }
      const questionIds = refs.questionIds ? refs.questionIds.split(/[,，、\s]+/).filter(Boolean) : [];
      return good ? [{ line, name, body, preTask: refs.preTaskId, questionIds, err }] : [];
    });

    // Add's rules and insert, row after row in one transaction; every row that read well is checked, then all roll back if any failed.
    const user = req.currentUser();
    const headerOf = (field: string | undefined) => TASK_COLUMNS.find((c) => c.key === field)?.header ?? "整行";
    const fileLines = new Map(read.map((x) => [x.name, x.line]));
    try {
      await db.transaction(async (tx) => {
        const existing = await tx.select({ id: K.id, name: K.taskName }).from(K).where(and(eq(K.activityId, activity.id), eq(K.delFlag, 0)));
        const taskIds = new Map(existing.map((e) => [e.name, e.id]));
        for (const p of planned) {
          if (p.preTask) {
            const pre = taskIds.get(p.preTask);
            if (pre) p.body.preTaskId = pre;
            else {
              // Not a task yet: a row further down or no row at all is this row's error; a row above that failed
              // already fails the file.
              const earlier = fileLines.get(p.preTask);
              if (!(earlier !== undefined && earlier < p.line)) p.err("前置任务", `「${p.preTask}」不是本活动已有的任务，也不是文件中排在前面的任务`);
              continue;
            }
          }
          let column = "";
          try {
            const values = await taskValues(p.body as TaskBodyValue, tx, undefined, req);
            const id = nextId();
            await tx.insert(K).values({ ...(values as typeof K.$inferInsert), id, ...created(req) });
            taskIds.set(p.name, id);
            if (p.questionIds.length) {
              column = "固定题目";
              await saveTaskQuestions(tx, { id, taskType: values.taskType as number, sysOrgCode: values.sysOrgCode as string | null }, p.questionIds.map((questionId) => ({ questionId })), user.username);
            }
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            p.err(column || headerOf(refusedField(e)), e.message);
          }
        }
        if (errors.length) throw new ImportRefused(errors);
      });
    } catch (e) {
      if (e instanceof ImportRefused) return reply.status(400).send(refusedFile(e.errors, TASK_COLUMNS));
      throw e;
    }
    return ok({ total: planned.length, created: planned.length }, `文件导入成功！数据行数：${planned.length}`);
  });
}
