/**
 * Organisations (domain.md §4.21, §7.4): one per department (a second is a 400 that changes nothing), the
 * department's name and code copied and kept in step when the department is renamed, the list joined with
 * the department tree (subtree filter, counts of WeChat users, schools and activities), the organiser picker,
 * deletion refused while an activity names it, permission refusal, and Excel: the export follows the list's
 * filters with phones masked; the import binds rows to departments by 机构编码 with add's rules, all or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { bbhActivityMain, bbhOrganization, bbhSchool, bbhWxUser, sysDepart } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";
import { caller, rows, uploadFile, xlsxFile } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;
const db = () => t.database.db;
const depart = async (code: string) => (await db().select().from(sysDepart).where(eq(sysDepart.orgCode, code)))[0];
const orgOf = async (departId: string) => (await db().select().from(bbhOrganization).where(and(eq(bbhOrganization.sysDepartId, departId), eq(bbhOrganization.delFlag, 0))))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
});
afterAll(() => t.close());

describe("organisations", () => {
  it("creates one organisation per department with its name and code, refusing a second with a 400", async () => {
    const school = await depart("A02A01");
    const hq = await depart("A01");
    const add = (body: object) => call("POST", "/bbh/api/organization/add", admin, { orgType: 3, ...body });
    expect((await add({ sysDepartId: school.id, contactName: "王老师", contactPhone: "0796-1234567", address: "井冈山市" })).body.success).toBe(true);
    expect(await orgOf(school.id)).toMatchObject({ orgName: "红星实验学校", orgCode: "A02A01", orgType: 3, orgStatus: 1 });
    const before = await rows(t, bbhOrganization);
    expect(await add({ sysDepartId: school.id })).toMatchObject({ status: 400, body: { message: "部门【红星实验学校】已建立组织档案，请直接编辑" } });
    expect((await add({ sysDepartId: "nope" })).body.message).toBe("所属部门不存在");
    expect((await add({ sysDepartId: hq.id, orgType: 7 })).status).toBe(400);
    expect((await add({ sysDepartId: hq.id, contactPhone: "电话" })).body.message).toBe("联系电话只能包含数字、+、- 和空格");
    expect(await rows(t, bbhOrganization)).toBe(before);
    expect((await add({ sysDepartId: hq.id, orgType: 6 })).body.success).toBe(true);
  });

  it("follows its department's renaming", async () => {
    const school = await depart("A02A01");
    const res = await call("PUT", "/sys/sysDepart/edit", admin, { id: school.id, departName: "红星实验学校（新）", parentId: school.parentId, orgCategory: "2" });
    expect(res.body.success).toBe(true);
    expect((await orgOf(school.id)).orgName).toBe("红星实验学校（新）");
  });

  it("lists organisations joined with their departments, with counts and a subtree filter", async () => {
    const school = await depart("A02A01");
    const org = await orgOf(school.id);
    await db().insert(bbhWxUser).values([{ id: "wx-o1", openid: "oo1", sysDepartId: school.id, orgCode: "A02A01" }]);
    await db().insert(bbhSchool).values({ id: "sch-o1", schoolName: "挂靠学校", schoolType: 2, sysDepartId: school.id });
    await db().insert(bbhActivityMain).values({ id: "act-o1", activityName: "组织活动", activityType: 1, organizerOrgId: org.id });
    const list = await call("GET", "/bbh/api/organization/list", admin);
    expect(list.body.result.records.map((r: { orgCode: string }) => r.orgCode)).toEqual(["A01", "A02A01"]);
    expect(list.body.result.records[1]).toMatchObject({ sysDepartId_dictText: "红星实验学校（新）", departMissing: false, wxUserCount: 1, schoolCount: 1, activityCount: 1, orgType_dictText: "学校", contactPhone: "079****4567" });
    const partner = await depart("A02");
    const sub = await call("GET", `/bbh/api/organization/list?departId=${partner.id}`, admin);
    expect(sub.body.result.records.map((r: { orgCode: string }) => r.orgCode)).toEqual(["A02A01"]);
    expect((await call("GET", "/bbh/api/organization/list?departId=a'b", admin)).status).toBe(400);
    const picks = await call("GET", "/bbh/api/organization/selectList", admin);
    expect(picks.body.result).toEqual([
      expect.objectContaining({ text: "红色印记运营中心", orgCode: "A01" }),
      expect.objectContaining({ value: org.id, text: "红星实验学校（新）", label: "红星实验学校（新）" }),
    ]);
    const one = await call("GET", `/bbh/api/organization/getById?id=${org.id}`, admin);
    expect(one.body.result).toMatchObject({ id: org.id, activityCount: 1 });
  });

  it("edits (a masked phone sent back keeps the number) and refuses to delete an organiser of activities", async () => {
    const school = await depart("A02A01");
    const org = await orgOf(school.id);
    const edit = await call("PUT", "/bbh/api/organization/edit", admin, { id: org.id, sysDepartId: school.id, orgType: 4, contactPhone: "079****4567", intro: "简介" });
    expect(edit.body.success).toBe(true);
    expect(await orgOf(school.id)).toMatchObject({ orgType: 4, contactPhone: "0796-1234567", intro: "简介" });
    const hq = await depart("A01");
    expect((await call("PUT", "/bbh/api/organization/edit", admin, { id: org.id, sysDepartId: hq.id, orgType: 4 })).body.message).toBe("部门【红色印记运营中心】已建立组织档案，请直接编辑");
    expect((await call("DELETE", `/bbh/api/organization/delete?id=${org.id}`, admin)).body.message).toBe("该组织是活动【组织活动】的主办单位，不能删除");
    const hqOrg = await orgOf(hq.id);
    expect((await call("DELETE", `/bbh/api/organization/delete?id=${hqOrg.id}`, admin)).body.success).toBe(true);
    expect(await orgOf(hq.id)).toBeUndefined();
  });

  it("refuses users without the organisation permissions", async () => {
    expect((await call("GET", "/bbh/api/organization/list", auditor)).status).toBe(403);
    expect((await call("POST", "/bbh/api/organization/add", auditor, { sysDepartId: "x", orgType: 1 })).status).toBe(403);
    expect((await call("GET", "/bbh/api/organization/selectList", auditor)).status).toBe(403);
  });
});

const uploadXlsx = async (token: string, header: string[], lines: Array<Array<string | number | null>>) => uploadFile(t, "/bbh/api/organization/importExcel", await xlsxFile("数据", header, lines), token);

async function exportRows(query: string, token = admin) {
  const res = await t.app.inject({ method: "GET", url: `${API}/bbh/api/organization/exportXls${query}`, headers: { "x-access-token": token } });
  if (res.statusCode !== 200 || !String(res.headers["content-type"]).includes("spreadsheet")) return { status: res.statusCode, lines: [] as string[][] };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const lines: string[][] = [];
  book.worksheets[0].eachRow((r) => lines.push(Array.from((r.values as unknown[]).slice(1), (v) => (v == null ? "" : String(v)))));
  return { status: 200, lines };
}

const HEADER = ["机构编码", "组织类型", "状态", "联系人", "联系电话", "地址", "经度", "纬度"];

describe("organisation Excel", () => {
  it("refuses a file with any bad row, naming each row's errors, and imports nothing", async () => {
    const before = await rows(t, bbhOrganization);
    const bad = await uploadXlsx(admin, HEADER, [
      ["A01A01", "党政机关", "启用", "", "", "", "", ""],
      ["Z99", "党政机关", "", "", "", "", "", ""],
      ["A02A01", "学校", "", "", "", "", "", ""],
      ["A01A01", "学校", "", "", "", "", "", ""],
      ["A01A02", "军队", "停业", "", "", "", "", ""],
      ["A01A03", "其他", "", "", "", "", 2.35, 48.85],
      ["A01", "9", "", "", "138****0000", "", "东经", ""],
      ["", "1", "", "无编码", "", "", "", ""],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.result.errors).toEqual([
      { line: 3, message: "机构编码「Z99」对应的部门不存在" },
      { line: 4, message: "部门【红星实验学校（新）】已建立组织档案，请直接编辑" },
      { line: 5, message: "机构编码「A01A01」与第2行重复" },
      { line: 6, message: "组织类型「军队」不存在，状态「停业」应为启用或停用" },
      { line: 7, message: "经纬度不在中国境内，请检查经纬度是否填反" },
      { line: 8, message: "经度「东经」应为 -180 到 180 之间的数字" },
      { line: 9, message: "机构编码不能为空" },
    ]);
    expect(bad.body.message).toContain("共7行数据有误，未导入任何数据");
    expect(bad.body.message).toContain("第3行：机构编码「Z99」对应的部门不存在");
    expect(await rows(t, bbhOrganization)).toBe(before);
    // A row that only add's rules refuse (a masked phone is no number for a new organisation) also stops the file.
    const phone = await uploadXlsx(admin, HEADER, [["A01", "9", "", "", "", "", "", ""], ["A01A01", "1", "", "", "138****0000", "", "", ""]]);
    expect(phone).toMatchObject({ status: 400, body: { result: { errors: [{ line: 3, message: "联系电话只能包含数字、+、- 和空格" }] } } });
    expect(await rows(t, bbhOrganization)).toBe(before);
  });

  it("imports one organisation per department, its name and code copied from the department", async () => {
    const good = await uploadXlsx(admin, HEADER, [
      ["A01", "9", "", "", "", "", "", ""],
      ["A01A01", "党政机关", "启用", "赵主任", "13912345678", "江西省吉安市井冈山市", 114.17, 26.57],
      ["A01A03", "文博场馆", "停用", "", "", "", "", ""],
    ]);
    expect(good.body).toMatchObject({ success: true, result: { total: 3, created: 3 } });
    const hq = await depart("A01");
    const ops = await depart("A01A01");
    const tech = await depart("A01A03");
    expect(await orgOf(hq.id)).toMatchObject({ orgCode: "A01", orgName: "红色印记运营中心", orgType: 9, orgStatus: 1, contactPhone: null, createBy: "admin" });
    expect(await orgOf(ops.id)).toMatchObject({ orgCode: "A01A01", orgName: "活动运营部", orgType: 1, contactName: "赵主任", contactPhone: "13912345678", address: "江西省吉安市井冈山市", longitude: 114.17, latitude: 26.57 });
    expect(await orgOf(tech.id)).toMatchObject({ orgCode: "A01A03", orgName: "技术部", orgType: 6, orgStatus: 0 });
  });

  it("exports what the list shows, with its filters and the department subtree, phones masked", async () => {
    const all = await exportRows("");
    expect(all.status).toBe(200);
    expect(all.lines[0][0]).toBe("组织报表");
    expect(all.lines[2]).toEqual(["组织名称", "机构编码", "组织类型", "联系人", "联系电话", "地址", "经度", "纬度", "微信用户数", "学校数", "活动数", "状态"]);
    expect(all.lines.slice(3).map((l) => l[1])).toEqual(["A01", "A01A01", "A01A03", "A02A01"]);
    expect(all.lines[4]).toEqual(["活动运营部", "A01A01", "党政机关", "赵主任", "139****5678", "江西省吉安市井冈山市", "114.17", "26.57", "0", "0", "0", "启用"]);
    expect(all.lines[6].slice(0, 5)).toEqual(["红星实验学校（新）", "A02A01", "企事业单位", "", "079****4567"]);
    expect(all.lines[6].slice(8)).toEqual(["1", "1", "1", "启用"]);

    const hq = await depart("A01");
    expect((await exportRows(`?departId=${hq.id}`)).lines.slice(3).map((l) => l[1])).toEqual(["A01", "A01A01", "A01A03"]);
    expect((await exportRows(`?departId=${hq.id}&orgStatus=0`)).lines.slice(3).map((l) => l[1])).toEqual(["A01A03"]);
    expect((await exportRows("?orgName=*运营*&column=orgCode&order=desc")).lines.slice(3).map((l) => l[1])).toEqual(["A01A01", "A01"]);
    expect((await exportRows("?departId=a'b")).status).toBe(400);
  });

  it("refuses export and import to a user without their codes", async () => {
    const before = await rows(t, bbhOrganization);
    expect((await exportRows("", auditor)).status).toBe(403);
    expect((await uploadXlsx(auditor, HEADER, [["A01A02", "1", "", "", "", "", "", ""]])).status).toBe(403);
    expect(await rows(t, bbhOrganization)).toBe(before);
  });
});
