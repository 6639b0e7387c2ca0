/**
 * `/bbh/api/school` — schools (domain.md §4.19, §7.4): CRUD through `registerCrud` (soft delete; the name is
 * unique within its district and the 学校标识码 among live schools, both refused with a 400), a list with the
 * bound department's name and the student count, `getById` (the detail page: the school and its department),
 * `selectList` (pickers), and Excel export/import. Import matches a row to a live school by 学校标识码, else by
 * name and 区县代码; every row is checked first and one bad row imports nothing.
 * `student_count` is kept by `recountStudents` (one set-based statement) whenever students change.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, getTableColumns, ilike, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhSchool, bbhStudent, sysDepart } from "../../db/schema.js";
import { schoolLimits } from "../../../contract/bbh-limits.js";
import { inChina } from "../../lib/coords.js";
import { badRequest, fail, ok } from "../../lib/envelope.js";
import { acceptUploads, importErrors, readWorkbook, uploadedWorkbook } from "../../lib/excel.js";
import { nextId } from "../../lib/ids.js";
import { escapeLike, fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "../sys/crud.js";
import { IdQuery, ListQuery, scope } from "../sys/shared.js";
import { col, registerExport } from "./lists.js";
import { REFERENCE, Code, OptBbhId, OptNumber, blank, crudCodes, dictionary, maskPhone, rowJson, textField } from "./shared.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { scopeRows } from "../../plugins/row-scope.js";

const S = bbhSchool;
const BASE = "/bbh/api/school";
type SchoolRow = typeof S.$inferSelect;

export const SCHOOL_TYPES = [1, 2, 3, 4, 5, 6, 7, 9];
export const SCHOOL_DICTS = { schoolType: "bbh_school_type", schoolStatus: "bbh_enable_status" };

export const schoolSpec: ListSpec = {
  fields: {
    schoolName: { column: S.schoolName, type: "string", sort: true },
    schoolCode: { column: S.schoolCode, type: "string", sort: true },
    schoolType: { column: S.schoolType, type: "int", sort: true },
    provinceCode: { column: S.provinceCode, type: "string" },
    cityCode: { column: S.cityCode, type: "string" },
    districtCode: { column: S.districtCode, type: "string", sort: true },
    regionName: { column: S.regionName, type: "string" },
    contactName: { column: S.contactName, type: "string" },
    sysDepartId: { column: S.sysDepartId, type: "string" },
    studentCount: { column: S.studentCount, type: "int", sort: true },
    schoolStatus: { column: S.schoolStatus, type: "int", sort: true },
    sysOrgCode: { column: S.sysOrgCode, type: "string" },
    createTime: { column: S.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: S.id,
  component: "bbh/school/SchoolList",
};

/** 学校by id: those its list shows the caller (its menu and data rules). */
export const schoolRows = rowScope({ label: "学校", table: S, id: S.id, live: eq(S.delFlag, 0), views: [viewOf(schoolSpec)], missing: () => badRequest("学校不存在或已删除") });

/** The bound department's name, in the page query (`sysDepartId_dictText`). */
const departName = sql<string | null>`(select d.depart_name from sys_depart d where d.id = "bbh_school"."sys_depart_id")`.as("depart_name");

export const toSchoolJson = (r: SchoolRow & { departName?: string | null }) => {
  const { departName: name, ...rest } = r;
  return { ...rowJson(rest), contactPhone: maskPhone(r.contactPhone), ...(name !== undefined ? { sysDepartId_dictText: name } : {}) };
};

/** Recounts `student_count` of the given schools from their live students, in one statement. */
export async function recountStudents(tx: Db, schoolIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(schoolIds)].filter(Boolean);
  if (!ids.length) return;
  await tx
    .update(S)
    .set({ studentCount: sql`(select count(*)::int from bbh_student st where st.school_id = ${S.id} and st.del_flag = 0)` })
    .where(inArray(S.id, ids));
}

const L = schoolLimits;
const SchoolBody = Type.Object({
  schoolName: textField(L.schoolName),
  schoolCode: textField(L.schoolCode),
  schoolType: Code("学校类型", SCHOOL_TYPES),
  provinceCode: textField(L.provinceCode),
  cityCode: textField(L.cityCode),
  districtCode: textField(L.districtCode),
  regionName: textField(L.regionName),
  address: textField(L.address),
  longitude: OptNumber("经度", -180, 180),
  latitude: OptNumber("纬度", -90, 90),
  contactName: textField(L.contactName),
  contactPhone: textField(L.contactPhone),
  sysDepartId: OptBbhId("所属组织"),
  logo: textField(L.logo),
  schoolStatus: Type.Optional(Code("状态", [0, 1])),
});
type Body = Static<typeof SchoolBody>;

/** Refuses a name already used in the district, or a 标识码 another live school holds. */
export async function assertSchoolUnique(tx: Db, name: string, districtCode: string | null, code: string | null, exceptId?: string) {
  const [dup] = await tx
    .select({ id: S.id })
    .from(S)
    .where(and(eq(S.schoolName, name), eq(S.delFlag, 0), districtCode ? eq(S.districtCode, districtCode) : sql`${S.districtCode} is null`, exceptId ? ne(S.id, exceptId) : undefined))
    .limit(1);
  if (dup) throw badRequest(`同一地区已存在名为【${name}】的学校`);
  if (code) {
    const [held] = await tx.select({ name: S.schoolName }).from(S).where(and(eq(S.schoolCode, code), eq(S.delFlag, 0), exceptId ? ne(S.id, exceptId) : undefined)).limit(1);
    if (held) throw badRequest(`学校标识码【${code}】已被学校【${held.name}】使用`);
  }
}

async function schoolValues(b: Body, tx: Db, id?: string, req?: FastifyRequest) {
  if ((b.longitude == null) !== (b.latitude == null)) throw badRequest("经度和纬度需同时填写");
  if (b.longitude != null && b.latitude != null && !inChina(b.longitude, b.latitude)) throw badRequest("经纬度不在中国境内，请检查经纬度是否填反");
  const name = b.schoolName.trim();
  const districtCode = blank(b.districtCode) ?? null;
  const code = blank(b.schoolCode) ?? null;
  await assertSchoolUnique(tx, name, districtCode, code, id);
  const departId = blank(b.sysDepartId) ?? null;
  if (departId) {
    const [d] = await tx.select({ id: sysDepart.id }).from(sysDepart).where(and(eq(sysDepart.id, departId), eq(sysDepart.delFlag, "0")));
    if (!d) throw badRequest("所属组织不存在");
  }
  let contactPhone = blank(b.contactPhone) ?? null;
  if (id) {
    const [cur] = await tx.select({ contactPhone: S.contactPhone }).from(S).where(and(eq(S.id, id), eq(S.delFlag, 0)));
    if (!cur) throw badRequest("学校不存在或已删除");
    // The list shows the phone masked; a form sending that mask back keeps the stored number.
    if (contactPhone && contactPhone.includes("*") && contactPhone === maskPhone(cur.contactPhone)) contactPhone = cur.contactPhone;
  }
  if (contactPhone && !/^[0-9+\- ]+$/.test(contactPhone)) throw badRequest("联系电话只能包含数字、+、- 和空格");
  void req;
  return {
    schoolName: name,
    schoolCode: code,
    schoolType: b.schoolType,
    provinceCode: blank(b.provinceCode) ?? null,
    cityCode: blank(b.cityCode) ?? null,
    districtCode,
    regionName: blank(b.regionName) ?? null,
    address: blank(b.address) ?? null,
    longitude: b.longitude ?? null,
    latitude: b.latitude ?? null,
    contactName: blank(b.contactName) ?? null,
    contactPhone,
    sysDepartId: departId,
    logo: blank(b.logo) ?? null,
    schoolStatus: b.schoolStatus ?? 1,
  };
}

/** A school with live students cannot be deleted (they would point at nothing). */
async function beforeDeleteSchools(tx: Db, ids: string[]) {
  const [busy] = await tx
    .select({ name: S.schoolName, n: sql<number>`count(*)::int` })
    .from(bbhStudent)
    .innerJoin(S, eq(S.id, bbhStudent.schoolId))
    .where(and(inArray(bbhStudent.schoolId, ids), eq(bbhStudent.delFlag, 0)))
    .groupBy(S.id, S.schoolName)
    .orderBy(asc(S.schoolName))
    .limit(1);
  if (busy) throw badRequest(`学校【${busy.name}】下还有${Number(busy.n)}名学生，请先删除或转出学生`);
}

const SelectQuery = Type.Object({
  keyword: Type.Optional(Type.String({ title: "关键字", maxLength: 100 })),
  limit: Type.Optional(Type.Integer({ title: "条数", minimum: 1, maximum: 1000 })),
});

const IMPORT_REQUIRED = ["学校名称", "学校类型"];

export default async function schoolRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: schoolRows, ids: schoolRows, sysDepartId: REFERENCE });
  const { db, dicts, cache, config } = app.ctx;
  await acceptUploads(base);
  const live = eq(S.delFlag, 0);

  registerCrud<typeof SchoolBody, SchoolRow>(base, {
    base: BASE,
    table: S,
    id: S.id,
    spec: schoolSpec,
    rows: schoolRows,
    codes: crudCodes("school"),
    body: SchoolBody,
    values: schoolValues,
    toJson: toSchoolJson,
    dictFields: SCHOOL_DICTS,
    orgCode: true,
    softDelete: S.delFlag,
    beforeDelete: beforeDeleteSchools,
    skipList: true,
  });

  app.get(`${BASE}/list`, { config: can("bbh:school:list"), schema: { querystring: ListQuery } }, async (req) => {
    const params = parseListQuery(schoolSpec, req.query, config.maxPageSize);
    const { rows, total } = await fetchPage<typeof S, { departName: string | null }>(db, S, params, {
      scope: scope(req, cache),
      where: [live],
      extra: { departName },
      counts: { cache, tables: ["bbh_school"], versions: req.currentUser().versions },
    });
    return ok(toPage(await dicts.translate(rows.map(toSchoolJson), SCHOOL_DICTS), total, params));
  });

  registerExport<SchoolRow>(base, {
    base: BASE, table: S, id: S.id, spec: schoolSpec, dictFields: SCHOOL_DICTS, toJson: toSchoolJson, code: "bbh:school:export", where: () => [live],
    excel: { title: "学校", columns: [col("学校名称", "schoolName", 28), col("学校标识码", "schoolCode", 16), col("学校类型", "schoolType", 12), col("所在地区", "regionName", 24), col("区县代码", "districtCode", 10), col("详细地址", "address", 30), col("联系人", "contactName", 12), col("联系电话", "contactPhone", 16), col("学生数", "studentCount", 8), col("状态", "schoolStatus", 8)] },
  });

  app.get(`${BASE}/getById`, { config: can("bbh:school:list"), schema: { querystring: IdQuery } }, async (req) => {
    const [row] = await db.select({ ...getTableColumns(S), departName }).from(S).where(and(eq(S.id, req.query.id), live));
    if (!row) throw badRequest("学校不存在或已删除");
    const [stats] = await db
      .select({
        total: sql<number>`count(*)::int`,
        bound: sql<number>`count(${bbhStudent.wxUserId})::int`,
        enrolled: sql<number>`count(*) filter (where ${bbhStudent.studentStatus} = 1)::int`,
      })
      .from(bbhStudent)
      .where(and(eq(bbhStudent.schoolId, row.id), eq(bbhStudent.delFlag, 0)));
    const [json] = await dicts.translate([toSchoolJson(row as SchoolRow & { departName: string | null })], SCHOOL_DICTS);
    return ok({ ...json, stats: { studentCount: Number(stats.total), boundCount: Number(stats.bound), enrolledCount: Number(stats.enrolled) } });
  });

  app.get(`${BASE}/selectList`, { config: can("bbh:school:list"), schema: { querystring: SelectQuery } }, async (req) => {
    const kw = req.query.keyword?.trim();
    const rows = await db
      .select({ id: S.id, name: S.schoolName, region: S.regionName })
      .from(S)
      .where(and(live, kw ? ilike(S.schoolName, `%${escapeLike(kw)}%`) : undefined))
      .orderBy(asc(S.schoolName), asc(S.id))
      .limit(req.query.limit ?? 500);
    return ok(rows.map((r) => ({ value: r.id, text: r.name, title: r.name, label: r.name, region: r.region })));
  });

  base.post(`${BASE}/importExcel`, { config: can("bbh:school:import") }, async (req, reply) => {
    const rows = await readWorkbook(await uploadedWorkbook(req), IMPORT_REQUIRED);
    const types = await dictionary(dicts, "bbh_school_type");
    const statuses = await dictionary(dicts, "bbh_enable_status");
    const errors: Array<{ line: number; message: string }> = [];
    const seenName = new Map<string, number>();
    const seenCode = new Map<string, number>();
    const planned = rows.flatMap(({ line, cells }) => {
      const problems: string[] = [];
      const name = cells["学校名称"];
      if (!name) problems.push("学校名称不能为空");
      else if (name.length > L.schoolName.max) problems.push(`学校名称不能超过${L.schoolName.max}个字符`);
      const type = types.get(cells["学校类型"]);
      if (!cells["学校类型"]) problems.push("学校类型不能为空");
      else if (type === undefined) problems.push(`学校类型「${cells["学校类型"]}」不存在`);
      const code = cells["学校标识码"] || null;
      if (code && (code.length > L.schoolCode.max || !/^[A-Za-z0-9_-]+$/.test(code))) problems.push(`学校标识码「${code}」格式不正确`);
      const status = cells["状态"] ? statuses.get(cells["状态"]) : 1;
      if (status === undefined) problems.push(`状态「${cells["状态"]}」应为启用或停用`);
      const district = cells["区县代码"] || null;
      const phone = cells["联系电话"] || null;
      if (phone && !phone.includes("*") && !/^[0-9+\- ]{1,20}$/.test(phone)) problems.push(`联系电话「${phone}」格式不正确`);
      const texts: Record<string, string | null> = {};
      for (const [header, key, max] of [["所在地区", "regionName", L.regionName.max], ["区县代码", "districtCode", L.districtCode.max], ["详细地址", "address", L.address.max], ["联系人", "contactName", L.contactName.max]] as const) {
        const v = cells[header];
        if (v && v.length > max) problems.push(`${header}不能超过${max}个字符`);
        if (header in cells) texts[key] = v || null;
      }
      const nameKey = `${name}|${district ?? ""}`;
      if (name && seenName.has(nameKey)) problems.push(`学校【${name}】与第${seenName.get(nameKey)}行重复`);
      else seenName.set(nameKey, line);
      if (code && seenCode.has(code)) problems.push(`学校标识码「${code}」与第${seenCode.get(code)}行重复`);
      else if (code) seenCode.set(code, line);
      if (problems.length) {
        errors.push({ line, message: problems.join("，") });
        return [];
      }
      return [{ line, name: name!, code, district, type: type!, status: status!, phone, hasPhone: "联系电话" in cells, texts }];
    });
    if (errors.length) return reply.status(400).send({ ...fail(importErrors(errors), 400), result: { errors } });

    const user = req.currentUser();
    const now = new Date();
    const outcome = await db.transaction(async (tx) => {
      // Lock the live schools the file may touch, then resolve each row: by code, else by name and district.
      const names = [...new Set(planned.map((p) => p.name))];
      const codes = [...new Set(planned.flatMap((p) => (p.code ? [p.code] : [])))];
      const existing = await tx
        .select()
        .from(S)
        .where(and(live, codes.length ? sql`(${inArray(S.schoolName, names)} or ${inArray(S.schoolCode, codes)})` : inArray(S.schoolName, names)))
        .for("update");
      const byCode = new Map(existing.filter((e) => e.schoolCode).map((e) => [e.schoolCode!, e]));
      const byName = new Map(existing.map((e) => [`${e.schoolName}|${e.districtCode ?? ""}`, e]));
      const rowErrors: Array<{ line: number; message: string }> = [];
      const plans = planned.map((p) => {
        const target = (p.code ? byCode.get(p.code) : undefined) ?? byName.get(`${p.name}|${p.district ?? ""}`);
        const sameName = byName.get(`${p.name}|${p.district ?? ""}`);
        if (target && sameName && sameName.id !== target.id) rowErrors.push({ line: p.line, message: `同一地区已存在名为【${p.name}】的学校` });
        // An exported (masked) phone sent back unchanged keeps the stored number.
        const phone = p.hasPhone ? (p.phone && p.phone.includes("*") && target && p.phone === maskPhone(target.contactPhone) ? target.contactPhone : p.phone) : undefined;
        if (phone && !/^[0-9+\- ]{1,20}$/.test(phone)) rowErrors.push({ line: p.line, message: `联系电话「${p.phone}」格式不正确` });
        return { p, target, phone };
      });
      if (rowErrors.length) return { errors: rowErrors };
      let created = 0;
      let updated = 0;
      for (const { p, target, phone } of plans) {
        const fields = { schoolName: p.name, schoolType: p.type, schoolStatus: p.status, ...(p.code ? { schoolCode: p.code } : {}), ...p.texts, ...(phone !== undefined ? { contactPhone: phone } : {}) };
        if (target) {
          await tx.update(S).set({ ...fields, updateBy: user.username, updateTime: now }).where(eq(S.id, target.id));
          updated++;
        } else {
          await tx.insert(S).values({ id: nextId(), ...fields, districtCode: p.district, createBy: user.username, createTime: now, sysOrgCode: user.orgCode });
          created++;
        }
      }
      return { created, updated };
    });
    if ("errors" in outcome) return reply.status(400).send({ ...fail(importErrors(outcome.errors!), 400), result: { errors: outcome.errors } });
    return ok({ total: rows.length, ...outcome }, `文件导入成功！数据行数：${rows.length}，新增${outcome.created}条，更新${outcome.updated}条`);
  });
}


