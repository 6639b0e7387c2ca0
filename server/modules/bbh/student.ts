/**
 * `/bbh/api/student` — students (domain.md §4.20, §7.4): list (school and bound WeChat user by name, guardian
 * phones masked; filters 学校/年级/班级/姓名或学号/是否绑定/状态), CRUD (soft delete; `(school_id, student_no)`
 * unique among live students, refused with a 400), `bindWxUser` (bind or unbind the WeChat user; the user's
 * default school/student follows), and Excel export (its own button permission, phones masked) and import
 * (all or nothing, row-level errors). Every write recounts the touched schools' `student_count` in the same
 * transaction with one set-based statement.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhSchool, bbhStudent, bbhWxUser } from "../../db/schema.js";
import { studentLimits } from "../../../contract/bbh-limits.js";
import { badRequest, fail, ok } from "../../lib/envelope.js";
import { acceptUploads, importErrors, readWorkbook, sendWorkbook, uploadedWorkbook, writeWorkbook } from "../../lib/excel.js";
import { nextId } from "../../lib/ids.js";
import { escapeLike, fetchPage, fetchRows, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { Id, IdQuery, IdsQuery, ListQuery, created, parseIds, scope, updated } from "../sys/shared.js";
import { col } from "./lists.js";
import { recountStudents } from "./school.js";
import { REFERENCE, BbhId, Code, OptBbhId, OptCode, OptInt, blank, dictionary, maskPhone, rowJson, textField } from "./shared.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { scopeRows } from "../../plugins/row-scope.js";

const T = bbhStudent;
const BASE = "/bbh/api/student";
type StudentRow = typeof T.$inferSelect;

export const GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 99];
export const STUDENT_DICTS = { gender: "sex", schoolGrade: "bbh_school_grade", studentStatus: "bbh_student_status" };

export const studentSpec: ListSpec = {
  fields: {
    schoolId: { column: T.schoolId, type: "string" },
    studentName: { column: T.studentName, type: "string", sort: true },
    studentNo: { column: T.studentNo, type: "string", sort: true },
    gender: { column: T.gender, type: "int" },
    schoolGrade: { column: T.schoolGrade, type: "int", sort: true },
    className: { column: T.className, type: "string", sort: true },
    enrollYear: { column: T.enrollYear, type: "int", sort: true },
    wxUserId: { column: T.wxUserId, type: "string" },
    studentStatus: { column: T.studentStatus, type: "int", sort: true },
    sysOrgCode: { column: T.sysOrgCode, type: "string" },
    createTime: { column: T.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: T.id,
  component: "bbh/school/StudentList",
};

/** 学生by id: those its list shows the caller (its menu and data rules). */
export const studentRows = rowScope({ label: "学生", table: T, id: T.id, live: eq(T.delFlag, 0), views: [viewOf(studentSpec)], missing: () => badRequest("学生不存在或已删除") });

const extra = {
  schoolName: sql<string | null>`(select s.school_name from bbh_school s where s.id = "bbh_student"."school_id")`.as("school_name"),
  wxNickname: sql<string | null>`(select w.nickname from bbh_wx_user w where w.id = "bbh_student"."wx_user_id")`.as("wx_nickname"),
};
type Listed = StudentRow & { schoolName?: string | null; wxNickname?: string | null };

/** A student as lists show it: school and WeChat user named, the guardian's phone masked. */
export const toStudentJson = (r: Listed, unmasked = false) => {
  const { schoolName, wxNickname, ...rest } = r;
  return {
    ...rowJson(rest),
    guardianPhone: unmasked ? r.guardianPhone : maskPhone(r.guardianPhone),
    ...(schoolName !== undefined ? { schoolId_dictText: schoolName } : {}),
    ...(wxNickname !== undefined ? { wxUserId_dictText: wxNickname } : {}),
  };
};

const L = studentLimits;
const StudentBody = Type.Object({
  schoolId: BbhId("学校"),
  studentName: textField(L.studentName),
  studentNo: textField(L.studentNo),
  gender: OptCode("性别", [0, 1, 2]),
  schoolGrade: Code("年级", GRADES),
  className: textField(L.className),
  enrollYear: OptInt("入学年份", 1990, 2100),
  guardianName: textField(L.guardianName),
  guardianPhone: textField(L.guardianPhone),
  wxUserId: OptBbhId("绑定微信用户"),
  studentStatus: Type.Optional(Code("学籍状态", [0, 1])),
});
const EditBody = Type.Object({ ...StudentBody.properties, id: Id });
type Body = Static<typeof StudentBody>;

const BindBody = Type.Object({
  id: BbhId("学生"),
  wxUserId: Type.Union([Type.Null(), Type.String({ title: "微信用户", maxLength: 32, pattern: "^$|^[A-Za-z0-9_-]+$" })], { title: "微信用户" }),
});

/** 是否绑定 and 姓名/学号 keyword of the list (not plain fields). */
const StudentListQuery = Type.Object(
  {
    ...ListQuery.properties,
    keyword: Type.Optional(Type.String({ title: "姓名/学号", maxLength: 50 })),
    bound: Type.Optional(Type.String({ title: "是否绑定", pattern: "^[01]?$" })),
  },
  { additionalProperties: true },
);
const ExportQuery = Type.Object({ ...StudentListQuery.properties, selections: Type.Optional(Type.String({ title: "选中的记录", maxLength: 40_000 })) }, { additionalProperties: true });

function listWhere(req: FastifyRequest): Array<SQL | undefined> {
  const q = req.query as { keyword?: string; bound?: string };
  const kw = q.keyword?.trim();
  return [
    eq(T.delFlag, 0),
    kw ? or(ilike(T.studentName, `%${escapeLike(kw)}%`), ilike(T.studentNo, `%${escapeLike(kw)}%`)) : undefined,
    q.bound === "1" ? sql`${T.wxUserId} is not null` : q.bound === "0" ? sql`${T.wxUserId} is null` : undefined,
  ];
}

export async function assertWxUser(tx: Db, wxUserId: string | null) {
  if (!wxUserId) return;
  const [u] = await tx.select({ id: bbhWxUser.id }).from(bbhWxUser).where(eq(bbhWxUser.id, wxUserId));
  if (!u) throw badRequest("微信用户不存在");
}

async function studentValues(tx: Db, b: Body, id?: string) {
  const [school] = await tx.select({ id: bbhSchool.id }).from(bbhSchool).where(and(eq(bbhSchool.id, b.schoolId), eq(bbhSchool.delFlag, 0)));
  if (!school) throw badRequest("学校不存在或已删除");
  const studentNo = b.studentNo.trim();
  const [dup] = await tx
    .select({ name: T.studentName })
    .from(T)
    .where(and(eq(T.schoolId, b.schoolId), eq(T.studentNo, studentNo), eq(T.delFlag, 0), id ? ne(T.id, id) : undefined))
    .limit(1);
  if (dup) throw badRequest(`该学校已存在学号为【${studentNo}】的学生（${dup.name}）`);
  const wxUserId = blank(b.wxUserId) ?? null;
  await assertWxUser(tx, wxUserId);
  let phone = blank(b.guardianPhone) ?? null;
  let cur: StudentRow | undefined;
  if (id) {
    [cur] = await tx.select().from(T).where(and(eq(T.id, id), eq(T.delFlag, 0))).for("update");
    if (!cur) throw badRequest("学生不存在或已删除");
    // Lists show the phone masked; a form sending that mask back keeps the stored number.
    if (phone && phone.includes("*") && phone === maskPhone(cur.guardianPhone)) phone = cur.guardianPhone;
  }
  if (phone && !/^[0-9+\- ]+$/.test(phone)) throw badRequest("监护人电话只能包含数字、+、- 和空格");
  return {
    cur,
    values: {
      schoolId: b.schoolId,
      studentName: b.studentName.trim(),
      studentNo,
      gender: b.gender ?? null,
      schoolGrade: b.schoolGrade,
      className: b.className.trim(),
      enrollYear: b.enrollYear ?? null,
      guardianName: blank(b.guardianName) ?? null,
      guardianPhone: phone,
      wxUserId,
      studentStatus: b.studentStatus ?? 1,
    },
  };
}

/** The WeChat user's default binding follows: a user without one gets this student; unbinding clears it. */
export async function followBinding(tx: Db, studentId: string, schoolId: string, from: string | null, to: string | null) {
  if (from === to) return;
  if (from) await tx.update(bbhWxUser).set({ studentId: null, schoolId: null }).where(and(eq(bbhWxUser.id, from), eq(bbhWxUser.studentId, studentId)));
  if (to) await tx.update(bbhWxUser).set({ studentId, schoolId }).where(and(eq(bbhWxUser.id, to), sql`${bbhWxUser.studentId} is null`));
}

const IMPORT_REQUIRED = ["学号", "学生姓名"];
const EXPORT_MAX = 50_000;

export default async function studentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: studentRows, ids: studentRows, schoolId: REFERENCE, wxUserId: REFERENCE });
  const { db, dicts, cache, config } = app.ctx;
  await acceptUploads(base);

  app.get(`${BASE}/list`, { config: can("bbh:student:list"), schema: { querystring: StudentListQuery } }, async (req) => {
    const params = parseListQuery(studentSpec, req.query, config.maxPageSize);
    const { rows, total } = await fetchPage<typeof T, { schoolName: string | null; wxNickname: string | null }>(db, T, params, {
      scope: scope(req, cache),
      where: listWhere(req),
      extra,
      counts: { cache, tables: ["bbh_student"], versions: req.currentUser().versions },
    });
    return ok(toPage(await dicts.translate(rows.map((r) => toStudentJson(r)), STUDENT_DICTS), total, params));
  });

  // The edit form reads the record here: the guardian's phone unmasked for whoever may edit it.
  app.get(`${BASE}/queryById`, { config: can("bbh:student:edit"), schema: { querystring: IdQuery } }, async (req) => {
    const [row] = await db.select({ ...getTableColumns(T), ...extra }).from(T).where(and(eq(T.id, req.query.id), eq(T.delFlag, 0)));
    if (!row) throw badRequest("学生不存在或已删除");
    const [json] = await dicts.translate([toStudentJson(row, true)], STUDENT_DICTS);
    return ok(json);
  });

  app.post(`${BASE}/add`, { config: can("bbh:student:add"), schema: { body: StudentBody } }, async (req) => {
    const user = req.currentUser();
    await db.transaction(async (tx) => {
      const { values } = await studentValues(tx, req.body);
      const id = nextId();
      await tx.insert(T).values({ ...values, id, ...created(req), sysOrgCode: user.orgCode });
      await followBinding(tx, id, values.schoolId, null, values.wxUserId);
      await recountStudents(tx, [values.schoolId]);
    });
    return ok(null, "添加成功！");
  });

  const edit = async (req: FastifyRequest<{ Body: Static<typeof EditBody> }>) => {
    const { id, ...body } = req.body;
    await db.transaction(async (tx) => {
      const { values, cur } = await studentValues(tx, body, id);
      await tx.update(T).set({ ...values, ...updated(req) }).where(eq(T.id, id));
      if (cur!.schoolId !== values.schoolId) await tx.update(bbhWxUser).set({ schoolId: values.schoolId }).where(eq(bbhWxUser.studentId, id));
      await followBinding(tx, id, values.schoolId, cur!.wxUserId, values.wxUserId);
      await recountStudents(tx, [cur!.schoolId, values.schoolId]);
    });
    return ok(null, "编辑成功!");
  };
  app.put(`${BASE}/edit`, { config: can("bbh:student:edit"), schema: { body: EditBody } }, edit);
  app.post(`${BASE}/edit`, { config: can("bbh:student:edit"), schema: { body: EditBody } }, edit);

  const remove = async (ids: string[]) => {
    await db.transaction(async (tx) => {
      const gone = await tx.update(T).set({ delFlag: 1 }).where(and(inArray(T.id, ids), eq(T.delFlag, 0))).returning({ id: T.id, schoolId: T.schoolId });
      if (!gone.length) throw badRequest("学生不存在或已删除");
      await tx.update(bbhWxUser).set({ studentId: null, schoolId: null }).where(inArray(bbhWxUser.studentId, gone.map((g) => g.id)));
      await recountStudents(tx, gone.map((g) => g.schoolId));
    });
  };
  app.delete(`${BASE}/delete`, { config: can("bbh:student:delete"), schema: { querystring: IdQuery } }, async (req) => {
    await remove([req.query.id]);
    return ok(null, "删除成功!");
  });
  app.delete(`${BASE}/deleteBatch`, { config: can("bbh:student:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    await remove(parseIds(req.query.ids));
    return ok(null, "批量删除成功！");
  });

  app.put(`${BASE}/bindWxUser`, { config: can("bbh:student:edit"), schema: { body: BindBody } }, async (req) => {
    const { id } = req.body;
    const to = req.body.wxUserId?.trim() || null;
    const result = await db.transaction(async (tx) => {
      const [cur] = await tx.select().from(T).where(and(eq(T.id, id), eq(T.delFlag, 0))).for("update");
      if (!cur) throw badRequest("学生不存在或已删除");
      let nickname: string | null = null;
      if (to) {
        const [u] = await tx.select({ nickname: bbhWxUser.nickname }).from(bbhWxUser).where(eq(bbhWxUser.id, to));
        if (!u) throw badRequest("微信用户不存在");
        nickname = u.nickname;
      }
      await tx.update(T).set({ wxUserId: to, ...updated(req) }).where(eq(T.id, id));
      await followBinding(tx, id, cur.schoolId, cur.wxUserId, to);
      return { id, wxUserId: to, wxUserId_dictText: nickname };
    });
    return ok(result, to ? "绑定成功" : "解绑成功");
  });

  const columns = [col("学校名称", "schoolId", 26), col("学号", "studentNo", 16), col("学生姓名", "studentName", 12), col("性别", "gender", 8), col("年级", "schoolGrade", 10), col("班级", "className", 10), col("入学年份", "enrollYear", 10), col("监护人姓名", "guardianName", 12), col("监护人电话", "guardianPhone", 16), col("绑定微信", "wxUserId", 14), col("学籍状态", "studentStatus", 10)];
  // Minors' data (PIPL): only with the export button's permission, and phones stay masked in the file.
  app.get(`${BASE}/exportXls`, { config: can("bbh:student:export"), schema: { querystring: ExportQuery } }, async (req, reply) => {
    const params = parseListQuery(studentSpec, req.query, config.maxPageSize);
    const ids = req.query.selections?.trim() ? parseIds(req.query.selections) : undefined;
    const found = await fetchRows<typeof T, { schoolName: string | null; wxNickname: string | null }>(db, T, params, { scope: scope(req, cache), max: EXPORT_MAX, extra, where: [...listWhere(req), ids ? inArray(T.id, ids) : undefined] });
    const records = await dicts.translate(found.map((r) => toStudentJson(r)), STUDENT_DICTS);
    const me = req.currentUser();
    return sendWorkbook(reply, "学生", await writeWorkbook({ title: "学生", exporter: me.realname ?? me.username, columns, records }));
  });

  base.post(`${BASE}/importExcel`, { config: can("bbh:student:import") }, async (req, reply) => {
    const rows = await readWorkbook(await uploadedWorkbook(req), IMPORT_REQUIRED);
    const [sex, grades, statuses] = await Promise.all([dictionary(dicts, "sex"), dictionary(dicts, "bbh_school_grade"), dictionary(dicts, "bbh_student_status")]);
    const schools = await db.select({ id: bbhSchool.id, name: bbhSchool.schoolName, code: bbhSchool.schoolCode }).from(bbhSchool).where(eq(bbhSchool.delFlag, 0));
    const schoolByCode = new Map(schools.filter((s) => s.code).map((s) => [s.code!, s.id]));
    const schoolByName = new Map<string, string | null>();
    for (const s of schools) schoolByName.set(s.name, schoolByName.has(s.name) ? null : s.id); // null: the name is ambiguous
    const errors: Array<{ line: number; message: string }> = [];
    const seen = new Map<string, number>();
    const planned = rows.flatMap(({ line, cells }) => {
      const problems: string[] = [];
      const code = cells["学校标识码"];
      const schoolName = cells["学校名称"];
      let schoolId: string | null | undefined;
      if (code) {
        schoolId = schoolByCode.get(code);
        if (!schoolId) problems.push(`学校标识码「${code}」不存在`);
      } else if (schoolName) {
        schoolId = schoolByName.get(schoolName);
        if (schoolId === undefined) problems.push(`学校「${schoolName}」不存在`);
        else if (schoolId === null) problems.push(`学校名称「${schoolName}」不唯一，请填写学校标识码`);
      } else problems.push("学校名称和学校标识码不能都为空");
      const no = cells["学号"];
      if (!no) problems.push("学号不能为空");
      else if (no.length > L.studentNo.max || !/^[A-Za-z0-9_-]+$/.test(no)) problems.push(`学号「${no}」格式不正确`);
      const name = cells["学生姓名"];
      if (!name) problems.push("学生姓名不能为空");
      else if (name.length > L.studentName.max) problems.push(`学生姓名不能超过${L.studentName.max}个字符`);
      const grade = grades.get(cells["年级"] ?? "");
      if (!cells["年级"]) problems.push("年级不能为空");
      else if (grade === undefined) problems.push(`年级「${cells["年级"]}」不存在`);
      const className = cells["班级"];
      if (!className) problems.push("班级不能为空");
      else if (className.length > L.className.max) problems.push(`班级不能超过${L.className.max}个字符`);
      const gender = cells["性别"] ? sex.get(cells["性别"]) : null;
      if (gender === undefined) problems.push(`性别「${cells["性别"]}」不正确`);
      const status = cells["学籍状态"] ? statuses.get(cells["学籍状态"]) : 1;
      if (status === undefined) problems.push(`学籍状态「${cells["学籍状态"]}」应为在读或离校`);
      const year = cells["入学年份"] ? Number(cells["入学年份"]) : null;
      if (year !== null && (!Number.isInteger(year) || year < 1990 || year > 2100)) problems.push(`入学年份「${cells["入学年份"]}」不正确`);
      const guardian = cells["监护人姓名"] || null;
      if (guardian && guardian.length > L.guardianName.max) problems.push(`监护人姓名不能超过${L.guardianName.max}个字符`);
      const phone = cells["监护人电话"] || null;
      if (phone && !phone.includes("*") && !/^[0-9+\- ]{1,20}$/.test(phone)) problems.push(`监护人电话「${phone}」格式不正确`);
      const key = `${schoolId}|${no}`;
      if (schoolId && no && seen.has(key)) problems.push(`学号「${no}」与第${seen.get(key)}行重复`);
      else seen.set(key, line);
      if (problems.length) {
        errors.push({ line, message: problems.join("，") });
        return [];
      }
      return [{ line, schoolId: schoolId!, values: { studentNo: no, studentName: name, schoolGrade: grade!, className, gender, studentStatus: status!, enrollYear: year, ...("监护人姓名" in cells ? { guardianName: guardian } : {}) }, phone, hasPhone: "监护人电话" in cells }];
    });
    if (errors.length) return reply.status(400).send({ ...fail(importErrors(errors), 400), result: { errors } });

    const user = req.currentUser();
    const now = new Date();
    const outcome = await db.transaction(async (tx) => {
      const schoolIds = [...new Set(planned.map((p) => p.schoolId))];
      const existing = await tx.select().from(T).where(and(inArray(T.schoolId, schoolIds), inArray(T.studentNo, planned.map((p) => p.values.studentNo)), eq(T.delFlag, 0))).for("update");
      const byKey = new Map(existing.map((e) => [`${e.schoolId}|${e.studentNo}`, e]));
      const rowErrors: Array<{ line: number; message: string }> = [];
      const plans = planned.map((p) => {
        const cur = byKey.get(`${p.schoolId}|${p.values.studentNo}`);
        // An exported (masked) phone sent back unchanged keeps the stored number.
        const phone = p.hasPhone ? (p.phone && p.phone.includes("*") && cur && p.phone === maskPhone(cur.guardianPhone) ? cur.guardianPhone : p.phone) : undefined;
        if (phone && !/^[0-9+\- ]{1,20}$/.test(phone)) rowErrors.push({ line: p.line, message: `监护人电话「${p.phone}」格式不正确（脱敏号码只能用于原学生）` });
        return { p, cur, phone };
      });
      if (rowErrors.length) return { errors: rowErrors };
      let added = 0;
      for (const { p, cur, phone } of plans) {
        const fields = { ...p.values, ...(phone !== undefined ? { guardianPhone: phone } : {}) };
        if (cur) await tx.update(T).set({ ...fields, updateBy: user.username, updateTime: now }).where(eq(T.id, cur.id));
        else {
          await tx.insert(T).values({ id: nextId(), schoolId: p.schoolId, ...fields, createBy: user.username, createTime: now, sysOrgCode: user.orgCode });
          added++;
        }
      }
      await recountStudents(tx, schoolIds);
      return { created: added, updated: planned.length - added };
    });
    if ("errors" in outcome) return reply.status(400).send({ ...fail(importErrors(outcome.errors!), 400), result: { errors: outcome.errors } });
    return ok({ total: rows.length, ...outcome }, `文件导入成功！数据行数：${rows.length}，新增${outcome.created}条，更新${outcome.updated}条`);
  });
}
