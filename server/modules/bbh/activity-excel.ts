/**
 * Activities in Excel (issue 8, domain.md §7.1): `exportXls` (the list's filters, sort, data rules of 自定义活动 or
 * 红色活动 by `activityType`, `selections`), `importTemplate` (the columns and a 填写说明 sheet) and
 * `importExcel?activityType=`. The export writes the import's columns first, so an exported file is a filled
 * template (发布状态, 满分, 创建人 and 创建时间 after them are read by nobody).
 *
 * Every row goes through add's own rules: its cells become the add form's body, which is checked against the
 * add route's schema (`ActivityBody`) and then run through `activityValues` inside one transaction, row after
 * row; a row fails for exactly what the form would refuse. Imported activities are drafts (未发布) of the
 * importing user's department, as add makes them. One bad row imports nothing: the answer is 400 with
 * `result.errors = [{line, column, message}]` and `rowErrorsMessage`, as the question import answers.
 *
 * The cell → body helpers here (`ImportColumn`, `readRowBody`) serve the task import too (task-excel.ts).
 */
import type { FastifyInstance } from "fastify";
import { Type, type TObject } from "typebox";
import { Value } from "typebox/value";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { ErrorObject } from "ajv";
import ExcelJS from "exceljs";
import { and, eq, inArray } from "drizzle-orm";
import { bbhActivityMain, bbhOrganization } from "../../db/schema.js";
import { formatDateTime, parseDateTime } from "../../lib/dates.js";
import { ApiError, badRequest, fail, ok } from "../../lib/envelope.js";
import { acceptUploads, readWorkbook, sendWorkbook, uploadedWorkbook, type SheetRow } from "../../lib/excel.js";
import { nextId } from "../../lib/ids.js";
import { cleanText } from "../../lib/text.js";
import { can } from "../../plugins/auth.js";
import { mostTelling, problem } from "../../plugins/errors.js";
import { created, scope } from "../sys/shared.js";
import { visibleCondition } from "../../lib/row-scope.js";
import { ACTIVITY_DICTS, ActivityBody, activityListSpec, activityRowsFor, activityValues, toActivityJson, type ActivityBodyValue } from "./activity.js";
import { col, registerExport } from "./lists.js";
import { rowErrorsMessage, type RowError } from "./question-excel.js";
import { dictionary, refusedField, type ActivityRow } from "./shared.js";

const A = bbhActivityMain;
const BASE = "/bbh/api/activity/main";
/** Activities one file may create. */
export const MAX_ACTIVITY_ROWS = 1000;

/** One import column: its header, the add form's field it fills, and how its cell reads. */
export interface ImportColumn {
  header: string;
  /** The add form's body key. */
  key: string;
  /** text/int/date go to the body as typed; dict takes an item's text or value; ref is resolved by the module. */
  kind: "text" | "int" | "date" | "dict" | "ref";
  dict?: string;
  /** More words a dictionary column accepts (e.g. 随机 for 随机抽题). */
  aliases?: Record<string, number>;
  /** For the 填写说明 sheet. */
  help: string;
  example: string;
  width?: number;
}

export type Dicts = FastifyInstance["ctx"]["dicts"];

/** Item text and value → value of each dictionary the columns use, with the texts for messages. */
export async function columnDicts(dicts: Dicts, columns: ImportColumn[]) {
  const out = new Map<string, { values: Map<string, number>; texts: string[] }>();
  for (const c of columns) {
    if (c.kind !== "dict" || !c.dict) continue;
    const items = await dicts.items(c.dict);
    const values = await dictionary(dicts, c.dict);
    for (const [word, v] of Object.entries(c.aliases ?? {})) values.set(word, v);
    out.set(c.header, { values, texts: items.map((i) => i.text) });
  }
  return out;
}

const orList = (texts: string[]) => (texts.length > 1 ? `${texts.slice(0, -1).join("、")} 或 ${texts[texts.length - 1]}` : (texts[0] ?? ""));

/** The largest text a schema property takes (through its null union), for the 填写说明 sheet. */
function maxLengthOf(schema: TObject, key: string): number | undefined {
  const node = schema.properties[key] as { maxLength?: number; anyOf?: Array<{ maxLength?: number }> } | undefined;
  return node?.maxLength ?? node?.anyOf?.find((b) => b.maxLength)?.maxLength;
}

/**
 * A row's cells → the add form's body: dictionary texts become codes, Excel dates and `yyyy-MM-dd HH:mm:ss`
 * texts become wire dates, numbers are read as integers, empty cells are left out. Then the body is checked
 * against the add route's schema, each problem reported on its column. `ref` columns are left to the caller
 * (in `refs`). Returns null when the row has problems.
 */
export function readRowBody(
  row: SheetRow,
  columns: ImportColumn[],
  dicts: Awaited<ReturnType<typeof columnDicts>>,
  schema: TObject,
  err: (column: string, message: string) => void,
  preset: Record<string, unknown> = {},
): { body: Record<string, unknown>; refs: Record<string, string> } | null {
  let bad = false;
  const fail = (column: string, message: string) => {
    bad = true;
    err(column, message);
  };
  const body: Record<string, unknown> = { ...preset };
  const refs: Record<string, string> = {};
  for (const c of columns) {
    const text = row.cells[c.header] ?? "";
    if (!text) continue;
    if (c.kind === "ref") refs[c.key] = text;
    else if (c.kind === "text") body[c.key] = text;
    else if (c.kind === "int") {
      if (/^-?\d+(\.0+)?$/.test(text)) body[c.key] = Number(text);
      else fail(c.header, `「${text}」应为整数`);
    } else if (c.kind === "date") {
      const date = parseDateTime(text.replace(/\//g, "-"));
      if (date) body[c.key] = formatDateTime(date);
      else fail(c.header, `「${text}」不是有效的日期时间，应为 yyyy-MM-dd HH:mm:ss`);
    } else {
      const d = dicts.get(c.header)!;
      const v = d.values.get(text);
      if (v === undefined) fail(c.header, `「${text}」不正确，应为 ${orList(d.texts)}`);
      else body[c.key] = v;
    }
  }
  const headerOf = (key: string) => columns.find((c) => c.key === key)?.header;
  for (const key of schema.required ?? []) {
    const h = headerOf(key);
    if (h && body[key] === undefined && !(row.cells[h] ?? "")) fail(h, "不能为空");
  }
  // What the add route's text-field hook would make of it (server/lib/text.ts), then its schema, property by
  // property (a union reports every branch: the telling one is kept).
  cleanText(schema, body);
  const byKey = new Map<string, ErrorObject[]>();
  for (const e of Value.Errors(schema, body)) {
    const key = e.instancePath.split("/")[1];
    if (!key || body[key] === undefined) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), e as unknown as ErrorObject]);
  }
  for (const [key, errors] of byKey) {
    const header = headerOf(key) ?? key;
    fail(header, problem(mostTelling(errors), header).replace(`「${header}」`, ""));
  }
  return bad ? null : { body, refs };
}

/** The 列/说明/示例 sheet of an import template. */
export async function importTemplate(sheetName: string, columns: ImportColumn[], dicts: Dicts, schema: TObject, notes: string[] = []) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(columns.map((c) => c.header)).font = { bold: true };
  columns.forEach((c, i) => (sheet.getColumn(i + 1).width = c.width ?? 14));
  const help = book.addWorksheet("填写说明");
  help.addRow(["列", "说明", "示例"]).font = { bold: true };
  for (const c of columns) {
    let text = c.help;
    if (c.kind === "dict" && c.dict) {
      const items = await dicts.items(c.dict);
      text += `；可填：${items.map((i) => i.text).join("、")}（或对应的值 ${items.map((i) => i.value).join("、")}）`;
    }
    const max = c.kind === "text" ? maxLengthOf(schema, c.key) : undefined;
    if (max) text += `；最多${max}个字`;
    help.addRow([c.header, text, c.example]);
  }
  for (const n of notes) help.addRow(["", n, ""]);
  help.getColumn(1).width = 16;
  help.getColumn(2).width = 90;
  help.getColumn(3).width = 30;
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Thrown inside an import's transaction to roll back the rows written before a bad one was found. */
export class ImportRefused extends Error {
  constructor(readonly errors: RowError[]) {
    super("import refused");
  }
}

/** The 400 answer of a refused file: by row, and within a row in the order of the columns. */
export const refusedFile = (errors: RowError[], columns: ImportColumn[]) => {
  const at = (column: string) => columns.findIndex((c) => c.header === column) >>> 0;
  errors.sort((a, b) => a.line - b.line || at(a.column) - at(b.column));
  return { ...fail(rowErrorsMessage(errors), 400), result: { errors } };
};

export const ACTIVITY_COLUMNS: ImportColumn[] = [
  { header: "活动名称", key: "activityName", kind: "text", help: "必填，同一部门下不能与已有活动重名，文件内也不能重复", example: "重走长征路", width: 30 },
  { header: "活动类型", key: "activityType", kind: "dict", dict: "bbh_activity_type", help: "选填，默认为导入所在页面的类型（自定义活动页面导入为自定义活动，红色活动页面导入为红色活动），填写时须与页面一致", example: "自定义活动" },
  { header: "参与方式", key: "teamMode", kind: "dict", dict: "bbh_team_mode", help: "选填，默认个人赛", example: "个人赛" },
  { header: "闯关顺序", key: "orderMode", kind: "dict", dict: "bbh_order_mode", help: "选填，默认自由打卡", example: "自由打卡" },
  { header: "开始时间", key: "startTime", kind: "date", help: "选填（发布前必填），Excel 日期或 yyyy-MM-dd HH:mm:ss", example: "2026-07-01 08:00:00", width: 20 },
  { header: "结束时间", key: "endTime", kind: "date", help: "选填（发布前必填），须晚于开始时间", example: "2026-07-31 18:00:00", width: 20 },
  { header: "主办单位", key: "organizerOrgId", kind: "ref", help: "选填，组织管理中已启用的组织名称（与表单的主办组织选择相同）", example: "南昌市红星实验学校", width: 20 },
  { header: "活动简介", key: "summary", kind: "text", help: "选填", example: "沿着红军足迹打卡学习", width: 30 },
  { header: "联系人", key: "contactName", kind: "text", help: "选填", example: "张老师" },
  { header: "联系电话", key: "contactPhone", kind: "text", help: "选填", example: "0791-88888888" },
  { header: "所在地区", key: "regionName", kind: "text", help: "选填", example: "江西省南昌市" },
  { header: "活动地点", key: "address", kind: "text", help: "选填", example: "八一广场", width: 20 },
  { header: "是否需要报名", key: "needApply", kind: "dict", dict: "bbh_yn", help: "选填，默认是", example: "是" },
  { header: "报名是否需要审核", key: "applyNeedAudit", kind: "dict", dict: "bbh_yn", help: "选填，默认否", example: "否" },
  { header: "报名开始时间", key: "applyStartTime", kind: "date", help: "选填", example: "2026-06-20 00:00:00", width: 20 },
  { header: "报名结束时间", key: "applyEndTime", kind: "date", help: "选填，须晚于报名开始时间", example: "2026-06-30 23:59:59", width: 20 },
  { header: "人数上限", key: "maxParticipants", kind: "int", help: "选填，0到10000000的整数，不填则不限", example: "500" },
  { header: "是否需要激活码", key: "needActivation", kind: "dict", dict: "bbh_yn", help: "选填，默认否", example: "否" },
  { header: "分组方式", key: "groupType", kind: "dict", dict: "bbh_group_type", help: "选填，团队赛需要", example: "按学校" },
  { header: "小组人数下限", key: "groupMinSize", kind: "int", help: "选填，1到1000的整数，不能大于上限", example: "3" },
  { header: "小组人数上限", key: "groupMaxSize", kind: "int", help: "选填，1到1000的整数", example: "6" },
  { header: "默认打卡半径", key: "checkinRadius", kind: "int", help: "选填，10到5000的整数（米），默认200", example: "200" },
  { header: "首页推荐", key: "isRecommend", kind: "dict", dict: "bbh_yn", help: "选填，默认否", example: "否" },
  { header: "排序", key: "sortNo", kind: "int", help: "选填，整数，默认0", example: "0" },
  { header: "备注", key: "remark", kind: "text", help: "选填", example: "", width: 20 },
];
const EXPORT_EXTRA = [col("发布状态", "publishStatus"), col("满分", "totalScore", 8), col("创建人", "createBy"), col("创建时间", "createTime", 20)];

const ImportQuery = Type.Object({ activityType: Type.Optional(Type.String({ title: "活动类型", pattern: "^$|^[12]$" })) });

export default async function activityExcelRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dicts } = app.ctx;
  await acceptUploads(base);

  registerExport<ActivityRow>(base, {
    base: BASE, table: A, id: A.id, dictFields: ACTIVITY_DICTS, toJson: toActivityJson, code: "bbh:activity:export",
    spec: activityListSpec,
    where: async (req) => [eq(A.delFlag, 0), await visibleCondition(db, activityRowsFor((req.query as Record<string, unknown>).activityType), scope(req, app.ctx.cache))],
    excel: {
      title: "活动",
      columns: [...ACTIVITY_COLUMNS.map((c) => col(c.header, c.key === "organizerOrgId" ? "organizerName" : c.key, c.width)), ...EXPORT_EXTRA],
    },
  });

  app.get(`${BASE}/importTemplate`, { config: can("bbh:activity:import") }, async (_req, reply) =>
    sendWorkbook(
      reply,
      "活动导入模板",
      await importTemplate("活动", ACTIVITY_COLUMNS, dicts, ActivityBody, [
        `一次最多导入${MAX_ACTIVITY_ROWS}个活动；导入的活动均为未发布状态，封面、时间段、任务等请导入后在页面中补充再发布。`,
        "导出的活动文件可直接导入：其中的发布状态、满分、创建人、创建时间列不会导入。",
        "任何一行有误时不导入任何数据，并列出每一行的错误。",
      ]),
    ),
  );

  app.post(`${BASE}/importExcel`, { config: can("bbh:activity:import"), schema: { querystring: ImportQuery } }, async (req, reply) => {
    const rows = await readWorkbook(await uploadedWorkbook(req), ["活动名称"]);
    if (rows.length > MAX_ACTIVITY_ROWS) throw badRequest(`文件导入失败:一次最多导入 ${MAX_ACTIVITY_ROWS} 个活动`);
    const pageType = req.query.activityType ? Number(req.query.activityType) : undefined;
    const typeText = (v: number) => (v === 2 ? "红色活动" : "自定义活动");
    const columnDict = await columnDicts(dicts, ACTIVITY_COLUMNS);
    const errors: RowError[] = [];
    const seen = new Map<string, number>();
    const parsed = rows.flatMap((row) => {
      const err = (column: string, message: string) => errors.push({ line: row.line, column, message });
      // The page's type unless the row names one (which must then be the page's).
      const read = readRowBody(row, ACTIVITY_COLUMNS, columnDict, ActivityBody, err, pageType === undefined ? {} : { activityType: pageType });
      const name = (row.cells["活动名称"] ?? "").trim();
      let ok = read !== null;
      if (name && seen.has(name)) {
        err("活动名称", `与第${seen.get(name)}行重复`);
        ok = false;
      } else if (name) seen.set(name, row.line);
      if (!read) return [];
      const { body, refs } = read;
      if (pageType !== undefined && body.activityType !== pageType) {
        err("活动类型", `「${row.cells["活动类型"]}」与导入页面的活动类型（${typeText(pageType)}）不一致`);
        ok = false;
      }
      return ok ? [{ line: row.line, body, organizer: refs.organizerOrgId }] : [];
    });

    // 主办单位: an enabled organisation's name, as the form's picker offers them.
    const names = [...new Set(parsed.flatMap((p) => (p.organizer ? [p.organizer] : [])))];
    const orgs = names.length
      ? await db.select({ id: bbhOrganization.id, name: bbhOrganization.orgName }).from(bbhOrganization).where(and(inArray(bbhOrganization.orgName, names), eq(bbhOrganization.delFlag, 0), eq(bbhOrganization.orgStatus, 1)))
      : [];
    const planned = parsed.flatMap((p) => {
      if (!p.organizer) return [p];
      const hits = orgs.filter((o) => o.name === p.organizer);
      if (hits.length === 1) return [{ ...p, body: { ...p.body, organizerOrgId: hits[0].id, organizerName: hits[0].name } }];
      errors.push({ line: p.line, column: "主办单位", message: hits.length ? `「${p.organizer}」有多个同名组织，请在页面中选择` : `「${p.organizer}」不存在或已停用` });
      return [];
    });
    // Add's rules and insert, row after row in one transaction (a row sees the rows before it); the rows that
    // read well are checked even when others did not, so the answer lists every problem, and then rolled back.
    const user = req.currentUser();
    const headerOf = (field: string | undefined) => ACTIVITY_COLUMNS.find((c) => c.key === field)?.header ?? (field === "organizerName" ? "主办单位" : "整行");
    try {
      await db.transaction(async (tx) => {
        for (const p of planned) {
          try {
            const values = await activityValues(p.body as ActivityBodyValue, tx, undefined, req);
            await tx.insert(A).values({ ...values, id: nextId(), ...created(req), sysOrgCode: user.orgCode, publishStatus: 0 });
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            errors.push({ line: p.line, column: headerOf(refusedField(e)), message: e.message });
          }
        }
        if (errors.length) throw new ImportRefused(errors);
      });
    } catch (e) {
      if (e instanceof ImportRefused) return reply.status(400).send(refusedFile(e.errors, ACTIVITY_COLUMNS));
      throw e;
    }
    return ok({ total: planned.length, created: planned.length }, `文件导入成功！数据行数：${planned.length}`);
  });
}
