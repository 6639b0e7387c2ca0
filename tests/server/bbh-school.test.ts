/**
 * Schools and students (domain.md §4.19–4.20, §7.4): CRUD with the uniqueness rules (school name within its
 * district, 学校标识码, (school, 学号)) refused with a 400 that changes nothing, the school detail, guardian phones
 * masked in lists and exports (a masked phone sent back keeps the number), binding WeChat users, the
 * student_count kept by every write, export only with its permission, and all-or-nothing Excel imports
 * with row-level errors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { bbhSchool, bbhStudent, bbhWxUser, sysDepart } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";
import { caller, rows, uploadFile, xlsxFile } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
  await db().insert(bbhWxUser).values([
    { id: "wx-p1", openid: "o-parent-1", nickname: "家长一" },
    { id: "wx-p2", openid: "o-parent-2", nickname: "家长二" },
  ]);
});
afterAll(() => t.close());

/** A live school by name (in the main test district 360881 unless another is given). */
const school = async (name: string, district = "360881") => (await db().select().from(bbhSchool).where(and(eq(bbhSchool.schoolName, name), eq(bbhSchool.districtCode, district), eq(bbhSchool.delFlag, 0))))[0];
const student = async (no: string) => (await db().select().from(bbhStudent).where(and(eq(bbhStudent.studentNo, no), eq(bbhStudent.delFlag, 0))))[0];

const uploadXlsx = async (app: TestApp, url: string, token: string, header: string[], lines: Array<Array<string | number | null>>) => uploadFile(app, url, await xlsxFile("数据", header, lines), token);

async function download(url: string, token: string) {
  const res = await t.app.inject({ method: "GET", url: `${API}${url}`, headers: { "x-access-token": token } });
  if (res.statusCode !== 200 || !String(res.headers["content-type"]).includes("spreadsheet")) return { status: res.statusCode, lines: [] as string[][] };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const lines: string[][] = [];
  book.worksheets[0].eachRow((r) => lines.push(Array.from((r.values as unknown[]).slice(1), (v) => (v == null ? "" : String(v)))));
  return { status: 200, lines };
}

describe("schools", () => {
  it("adds, refuses duplicates with a 400 that changes nothing, edits and lists with the department's name", async () => {
    const base = { schoolType: 2, districtCode: "360881", regionName: "江西省/吉安市/井冈山市", contactPhone: "13800138000" };
    expect((await call("POST", "/bbh/api/school/add", admin, { ...base, schoolName: "红星中学", schoolCode: "S001" })).body.success).toBe(true);
    const before = await rows(t, bbhSchool);
    const sameName = await call("POST", "/bbh/api/school/add", admin, { ...base, schoolName: "红星中学" });
    expect(sameName).toMatchObject({ status: 400, body: { success: false, message: "同一地区已存在名为【红星中学】的学校" } });
    const sameCode = await call("POST", "/bbh/api/school/add", admin, { ...base, schoolName: "别的学校", schoolCode: "S001" });
    expect(sameCode).toMatchObject({ status: 400, body: { message: "学校标识码【S001】已被学校【红星中学】使用" } });
    expect(await rows(t, bbhSchool)).toBe(before);
    // The same name in another district is another school.
    expect((await call("POST", "/bbh/api/school/add", admin, { ...base, schoolName: "红星中学", districtCode: "360103" })).body.success).toBe(true);

    const bad = await call("POST", "/bbh/api/school/add", admin, { ...base, schoolName: "", schoolType: 8 });
    expect(bad.status).toBe(400);
    expect((await call("POST", "/bbh/api/school/add", admin, { ...base, schoolName: "坐标", longitude: 28.1 })).body.message).toBe("经度和纬度需同时填写");
    expect((await call("POST", "/bbh/api/school/add", admin, { ...base, schoolName: "部门", sysDepartId: "nope" })).body.message).toBe("所属组织不存在");

    const [{ id: departId }] = await db().select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.orgCode, "A02A01"));
    const s = await school("红星中学");
    const edited = await call("PUT", "/bbh/api/school/edit", admin, { ...base, id: s.id, schoolName: "红星中学", schoolCode: "S001", sysDepartId: departId, contactPhone: "138****8000" });
    expect(edited.body.success).toBe(true);
    // The masked phone the list showed came back unchanged: the number is kept.
    expect((await school("红星中学")).contactPhone).toBe("13800138000");

    const list = await call("GET", "/bbh/api/school/list?schoolName=*红星*&column=districtCode&order=desc", admin);
    expect(list.body.result.total).toBe(2);
    expect(list.body.result.records[0]).toMatchObject({ schoolName: "红星中学", districtCode: "360881", sysDepartId_dictText: "红星实验学校", contactPhone: "138****8000", schoolType_dictText: "初中", schoolStatus_dictText: "启用" });
    expect((await call("GET", "/bbh/api/school/list?column=nope", admin)).status).toBe(400);
    const picks = await call("GET", "/bbh/api/school/selectList?keyword=红星", admin);
    expect(picks.body.result.map((p: { text: string }) => p.text)).toEqual(["红星中学", "红星中学"]);
  });

  it("refuses users without the school permissions", async () => {
    expect((await call("GET", "/bbh/api/school/list", auditor)).status).toBe(403);
    expect((await call("POST", "/bbh/api/school/add", auditor, { schoolName: "无权", schoolType: 1 })).status).toBe(403);
    expect((await download("/bbh/api/school/exportXls", auditor)).status).toBe(403);
  });
});

describe("students", () => {
  it("keeps (school, 学号) unique, the count of the school right, and masks guardian phones in the list", async () => {
    const s = await school("红星中学");
    const add = (body: object) => call("POST", "/bbh/api/student/add", admin, { schoolId: s.id, schoolGrade: 8, className: "1班", ...body });
    expect((await add({ studentName: "张小明", studentNo: "D001", gender: 1, guardianName: "张父", guardianPhone: "13912345678", wxUserId: "wx-p1" })).body.success).toBe(true);
    expect((await add({ studentName: "李小红", studentNo: "D002", gender: 2 })).body.success).toBe(true);
    const before = await rows(t, bbhStudent);
    expect(await add({ studentName: "重复", studentNo: "D001" })).toMatchObject({ status: 400, body: { message: "该学校已存在学号为【D001】的学生（张小明）" } });
    expect((await add({ studentName: "坏年级", studentNo: "D009", schoolGrade: 50 })).status).toBe(400);
    expect((await add({ studentName: "坏学号", studentNo: "D 9" })).status).toBe(400);
    expect((await add({ studentName: "坏微信", studentNo: "D010", wxUserId: "nope" })).body.message).toBe("微信用户不存在");
    expect((await call("POST", "/bbh/api/student/add", admin, { schoolId: "nope", studentName: "x", studentNo: "X1", schoolGrade: 1, className: "1班" })).body.message).toBe("学校不存在或已删除");
    expect(await rows(t, bbhStudent)).toBe(before);
    expect((await school("红星中学")).studentCount).toBe(2);

    // The bound WeChat user gets this student as their default.
    expect((await db().select().from(bbhWxUser).where(eq(bbhWxUser.id, "wx-p1")))[0]).toMatchObject({ studentId: (await student("D001")).id, schoolId: s.id });

    const list = await call("GET", `/bbh/api/student/list?schoolId=${s.id}&column=studentNo&order=asc`, admin);
    expect(list.body.result.records.map((r: Record<string, unknown>) => [r.studentNo, r.guardianPhone, r.schoolId_dictText, r.wxUserId_dictText, r.schoolGrade_dictText])).toEqual([
      ["D001", "139****5678", "红星中学", "家长一", "初二"],
      ["D002", null, "红星中学", null, "初二"],
    ]);
    expect(JSON.stringify(list.body)).not.toContain("13912345678");
    expect((await call("GET", "/bbh/api/student/list?bound=1", admin)).body.result.records.map((r: { studentNo: string }) => r.studentNo)).toEqual(["D001"]);
    expect((await call("GET", "/bbh/api/student/list?bound=0", admin)).body.result.records.map((r: { studentNo: string }) => r.studentNo)).toEqual(["D002"]);
    expect((await call("GET", "/bbh/api/student/list?keyword=小红", admin)).body.result.records.map((r: { studentNo: string }) => r.studentNo)).toEqual(["D002"]);
    expect((await call("GET", "/bbh/api/student/list?bound=2", admin)).status).toBe(400);

    // The edit form reads the number unmasked; sending the mask back keeps it.
    const one = await call("GET", `/bbh/api/student/queryById?id=${(await student("D001")).id}`, admin);
    expect(one.body.result.guardianPhone).toBe("13912345678");
    const d1 = await student("D001");
    const edit = await call("PUT", "/bbh/api/student/edit", admin, { id: d1.id, schoolId: s.id, studentName: "张小明", studentNo: "D001", gender: 1, schoolGrade: 9, className: "2班", guardianName: "张父", guardianPhone: "139****5678", wxUserId: "wx-p1" });
    expect(edit.body.success).toBe(true);
    expect(await student("D001")).toMatchObject({ guardianPhone: "13912345678", schoolGrade: 9, className: "2班" });
    expect((await call("PUT", "/bbh/api/student/edit", admin, { id: d1.id, schoolId: s.id, studentName: "张小明", studentNo: "D002", schoolGrade: 9, className: "2班" })).status).toBe(400);
  });

  it("binds and unbinds WeChat users", async () => {
    const d2 = await student("D002");
    expect((await call("PUT", "/bbh/api/student/bindWxUser", admin, { id: d2.id, wxUserId: "nope" })).body.message).toBe("微信用户不存在");
    const bound = await call("PUT", "/bbh/api/student/bindWxUser", admin, { id: d2.id, wxUserId: "wx-p2" });
    expect(bound.body).toMatchObject({ message: "绑定成功", result: { id: d2.id, wxUserId: "wx-p2", wxUserId_dictText: "家长二" } });
    expect((await db().select().from(bbhWxUser).where(eq(bbhWxUser.id, "wx-p2")))[0].studentId).toBe(d2.id);
    const unbound = await call("PUT", "/bbh/api/student/bindWxUser", admin, { id: d2.id, wxUserId: null });
    expect(unbound.body.message).toBe("解绑成功");
    expect(await student("D002")).toMatchObject({ wxUserId: null });
    expect((await db().select().from(bbhWxUser).where(eq(bbhWxUser.id, "wx-p2")))[0]).toMatchObject({ studentId: null, schoolId: null });
  });

  it("shows the school's detail and refuses to delete a school with students", async () => {
    const s = await school("红星中学");
    const detail = await call("GET", `/bbh/api/school/getById?id=${s.id}`, admin);
    expect(detail.body.result).toMatchObject({ schoolName: "红星中学", sysDepartId_dictText: "红星实验学校", stats: { studentCount: 2, boundCount: 1, enrolledCount: 2 } });
    expect((await call("DELETE", `/bbh/api/school/delete?id=${s.id}`, admin)).body.message).toBe("学校【红星中学】下还有2名学生，请先删除或转出学生");
    expect((await school("红星中学")).delFlag).toBe(0);
  });

  it("exports students only with the export permission, phones masked", async () => {
    const file = await download("/bbh/api/student/exportXls?column=studentNo&order=asc", admin);
    expect(file.lines[2]).toEqual(["学校名称", "学号", "学生姓名", "性别", "年级", "班级", "入学年份", "监护人姓名", "监护人电话", "绑定微信", "学籍状态"]);
    expect(file.lines[3].slice(0, 9)).toEqual(["红星中学", "D001", "张小明", "男", "初三", "2班", "", "张父", "139****5678"]);
    expect(JSON.stringify(file.lines)).not.toContain("13912345678");
    expect((await download("/bbh/api/student/exportXls", auditor)).status).toBe(403);
    expect((await call("GET", "/bbh/api/student/list", auditor)).status).toBe(403);
  });

  it("deletes students (soft) and recounts the school", async () => {
    const d2 = await student("D002");
    expect((await call("DELETE", `/bbh/api/student/delete?id=${d2.id}`, admin)).body.success).toBe(true);
    expect((await school("红星中学")).studentCount).toBe(1);
    expect((await call("DELETE", `/bbh/api/student/delete?id=${d2.id}`, admin)).status).toBe(400);
    expect((await call("DELETE", "/bbh/api/student/deleteBatch?ids=", admin)).status).toBe(400);
  });
});

describe("Excel import", () => {
  const STUDENT_HEADER = ["学校名称", "学校标识码", "学号", "学生姓名", "性别", "年级", "班级", "入学年份", "监护人姓名", "监护人电话", "学籍状态"];

  it("imports nothing from a student file with any bad row, naming every bad row", async () => {
    const before = await rows(t, bbhStudent);
    const res = await uploadXlsx(t, "/bbh/api/student/importExcel", admin, STUDENT_HEADER, [
      ["", "S001", "D100", "好学生", "男", "初一", "1班", 2024, "", "", "在读"],
      ["不存在的学校", "", "D101", "甲", "", "初一", "1班", "", "", "", ""],
      ["", "S001", "D102", "乙", "未知", "十三年级", "1班", "1800", "", "abc", ""],
      ["", "S001", "D100", "重复", "", "初一", "1班", "", "", "", ""],
      ["红星中学", "", "D103", "丙", "", "初一", "1班", "", "", "", ""],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("共4行数据有误，未导入任何数据");
    expect(res.body.message).toContain("第3行：学校「不存在的学校」不存在");
    expect(res.body.message).toContain("第4行：年级「十三年级」不存在，性别「未知」不正确，入学年份「1800」不正确，监护人电话「abc」格式不正确");
    expect(res.body.message).toContain("第5行：学号「D100」与第2行重复");
    expect(res.body.message).toContain("第6行：学校名称「红星中学」不唯一，请填写学校标识码");
    expect(res.body.result.errors).toHaveLength(4);
    expect(await rows(t, bbhStudent)).toBe(before);
  });

  it("imports students: new ones added, existing ones (school + 学号) updated, the count recounted", async () => {
    const res = await uploadXlsx(t, "/bbh/api/student/importExcel", admin, STUDENT_HEADER, [
      ["", "S001", "D001", "张小明", "男", "初三", "3班", "", "张父", "139****5678", "在读"],
      ["", "S001", "D200", "新同学", "女", "初一", "1班", 2025, "", "13700001111", "在读"],
    ]);
    expect(res.body).toMatchObject({ success: true, result: { total: 2, created: 1, updated: 1 } });
    expect(await student("D001")).toMatchObject({ className: "3班", guardianPhone: "13912345678" });
    expect(await student("D200")).toMatchObject({ studentName: "新同学", gender: 2, schoolGrade: 7, enrollYear: 2025 });
    expect((await school("红星中学")).studentCount).toBe(2);
    expect((await uploadXlsx(t, "/bbh/api/student/importExcel", auditor, STUDENT_HEADER, [["", "S001", "D300", "x", "", "初一", "1班", "", "", "", ""]])).status).toBe(403);
  });

  it("imports schools by 标识码 or name and district, all or nothing", async () => {
    const HEADER = ["学校名称", "学校标识码", "学校类型", "所在地区", "区县代码", "详细地址", "联系人", "联系电话", "状态"];
    const before = await rows(t, bbhSchool);
    const bad = await uploadXlsx(t, "/bbh/api/school/importExcel", admin, HEADER, [
      ["新学校", "S100", "小学", "", "360103", "", "", "", ""],
      ["", "S101", "大学", "", "", "", "", "", "停业"],
      ["新学校", "S102", "小学", "", "360103", "", "", "", ""],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("第3行：学校名称不能为空，学校类型「大学」不存在，状态「停业」应为启用或停用");
    expect(bad.body.message).toContain("第4行：学校【新学校】与第2行重复");
    expect(await rows(t, bbhSchool)).toBe(before);

    const good = await uploadXlsx(t, "/bbh/api/school/importExcel", admin, HEADER, [
      ["新学校", "S100", "小学", "江西省/南昌市/西湖区", "360103", "", "王老师", "0791-1234567", "启用"],
      ["红星中学（新名）", "S001", "初中", "", "360881", "", "", "138****8000", "启用"],
    ]);
    expect(good.body).toMatchObject({ success: true, result: { created: 1, updated: 1 } });
    expect(await school("新学校", "360103")).toMatchObject({ schoolCode: "S100", schoolType: 1, contactPhone: "0791-1234567" });
    expect((await db().select().from(bbhSchool).where(eq(bbhSchool.schoolCode, "S001")))[0]).toMatchObject({ schoolName: "红星中学（新名）", contactPhone: "13800138000", studentCount: 2 });

    const exported = await download("/bbh/api/school/exportXls?schoolCode=S100", admin);
    expect(exported.lines[3].slice(0, 3)).toEqual(["新学校", "S100", "小学"]);
  });
});
