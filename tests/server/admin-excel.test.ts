import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { count, eq } from "drizzle-orm";
import { sysDepart, sysDict, sysDictItem, sysPosition, sysRole } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operator = await t.login("zhangsan", "Operator@1");
});
afterAll(() => t.close());

const exportXls = (base: string, query = "", token = admin) =>
  t.app.inject({ method: "GET", url: `${API}${base}/exportXls?${query}`, headers: { "x-access-token": token } });
async function sheetOf(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  return book.worksheets[0];
}
/** A workbook in the export layout: title, exporter, header, rows. */
async function workbook(title: string, header: string[], rows: Array<Array<string | number | null>>) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title);
  sheet.addRow([`${title}报表`]);
  sheet.addRow(["导出人:管理员"]);
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}
async function importXls(base: string, file: Buffer, token = admin) {
  const boundary = "----rm" + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const res = await t.app.inject({
    method: "POST",
    url: `${API}${base}/importExcel`,
    headers: { "x-access-token": token, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  return { status: res.statusCode, body: res.json() };
}
const rows = async (table: typeof sysRole | typeof sysPosition | typeof sysDepart | typeof sysDict | typeof sysDictItem) =>
  Number((await t.database.db.select({ n: count() }).from(table))[0].n);

describe("role Excel", () => {
  it("exports the filtered roles and round-trips an edited file (update + create)", async () => {
    const res = await exportXls("/sys/role", "column=roleCode&order=asc");
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe("角色信息报表");
    expect(sheet.getRow(3).values).toEqual([undefined, "角色编码", "角色名称", "备注"]);
    expect([4, 5, 6].map((i) => sheet.getRow(i).getCell(1).value)).toEqual(["admin", "auditor", "operator"]);
    sheet.getRow(5).getCell(2).value = "审核专员";
    sheet.addRow(["editor", "编辑", "编辑内容"]);
    const { status, body } = await importXls("/sys/role", Buffer.from(await sheet.workbook.xlsx.writeBuffer()));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, message: "文件导入成功！数据行数：4", result: { created: 1, updated: 3 } });
    expect((await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, "auditor")))[0].roleName).toBe("审核专员");
    expect((await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, "editor")))[0]).toMatchObject({ roleName: "编辑", description: "编辑内容", createBy: "admin" });
  });

  it("rejects a file with bad rows, naming each, and imports nothing", async () => {
    const before = await rows(sysRole);
    const file = await workbook("角色信息", ["角色编码", "角色名称", "备注"], [
      ["fine", "可以", null],
      ["bad code", "空格", null],
      ["fine", "重复", null],
      [null, "没有编码", null],
    ]);
    const { status, body } = await importXls("/sys/role", file);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toContain("共3行数据有误，未导入任何数据");
    expect(body.message).toContain("第5行：角色编码「bad code」只能包含字母、数字、下划线、冒号和短横线");
    expect(body.message).toContain("第6行：角色编码「fine」与第4行重复");
    expect(body.message).toContain("第7行：角色编码不能为空");
    expect(await rows(sysRole)).toBe(before);
  });

  it("is refused without system:role:export / import", async () => {
    expect((await exportXls("/sys/role", "", operator)).statusCode).toBe(403);
    expect((await importXls("/sys/role", await workbook("角色信息", ["角色编码", "角色名称"], [["x", "x"]]), operator)).status).toBe(403);
  });
});

describe("position Excel", () => {
  it("exports ranks as dictionary text and imports them back", async () => {
    const sheet = await sheetOf((await exportXls("/sys/position", "code=devleader")).rawPayload);
    expect(sheet.getRow(3).values).toEqual([undefined, "职务编码", "职务名称", "职级", "公司id"]);
    expect(sheet.getRow(4).values).toEqual([undefined, "devleader", "研发部经理", "助级"]);
    sheet.getRow(4).getCell(3).value = "中级";
    sheet.addRow(["tester", "测试工程师", "员级"]);
    expect((await importXls("/sys/position", Buffer.from(await sheet.workbook.xlsx.writeBuffer()))).body).toMatchObject({ success: true, result: { created: 1, updated: 1 } });
    expect((await t.database.db.select().from(sysPosition).where(eq(sysPosition.code, "devleader")))[0].postRank).toBe("3");
    expect((await t.database.db.select().from(sysPosition).where(eq(sysPosition.code, "tester")))[0]).toMatchObject({ name: "测试工程师", postRank: "1" });
  });

  it("rejects an unknown rank and a missing name", async () => {
    const before = await rows(sysPosition);
    const { status, body } = await importXls("/sys/position", await workbook("职务信息", ["职务编码", "职务名称", "职级"], [["p1", "一", "大师级"], ["p2", null, null]]));
    expect(status).toBe(400);
    expect(body.message).toContain("第4行：职级「大师级」不正确");
    expect(body.message).toContain("第5行：职务名称不能为空");
    expect(await rows(sysPosition)).toBe(before);
  });

  it("is refused without system:position:import", async () => {
    expect((await importXls("/sys/position", await workbook("职务信息", ["职务编码", "职务名称"], [["x", "x"]]), operator)).status).toBe(403);
  });
});

describe("dictionary Excel", () => {
  it("exports one row per item and imports new dictionaries and items (the cache sees them at once)", async () => {
    const sheet = await sheetOf((await exportXls("/sys/dict", "dictCode=sex")).rawPayload);
    expect(sheet.getRow(3).values).toEqual([undefined, "字典名称", "字典编码", "描述", "字典项文本", "字典项值", "排序", "状态"]);
    expect(sheet.getRow(4).getCell(2).value).toBe("sex");
    expect(sheet.getRow(4).getCell(4).value).toBe("男");
    const before = await rows(sysDictItem);
    const file = await workbook("字典信息", ["字典名称", "字典编码", "描述", "字典项文本", "字典项值", "排序", "状态"], [
      ["颜色", "color", "颜色字典", "红", "red", 1, "启用"],
      ["颜色", "color", null, "蓝", "blue", 2, "不启用"],
      ["空字典", "empty_dict", null, null, null, null, null],
    ]);
    expect((await importXls("/sys/dict", file)).body).toMatchObject({ success: true, message: "文件导入成功！数据行数：3", result: { created: 2, updated: 0 } });
    expect(await rows(sysDictItem)).toBe(before + 2);
    const items = (await t.app.inject({ method: "GET", url: `${API}/sys/dict/getDictItems/color`, headers: { "x-access-token": admin } })).json().result;
    expect(items.map((i: { value: string }) => i.value)).toContain("red");
  });

  it("rejects inconsistent names, half-filled items and repeated values", async () => {
    const before = await rows(sysDict);
    const file = await workbook("字典信息", ["字典名称", "字典编码", "字典项文本", "字典项值"], [
      ["尺寸", "size", "大", "L"],
      ["尺码", "size", "小", "S"],
      ["尺寸", "size", "中", null],
      ["尺寸", "size", "特大", "L"],
    ]);
    const { status, body } = await importXls("/sys/dict", file);
    expect(status).toBe(400);
    expect(body.message).toContain("第5行：字典编码「size」在第4行的字典名称是「尺寸」");
    expect(body.message).toContain("第6行：字典项文本和字典项值须同时填写");
    expect(body.message).toContain("第7行：字典「size」的字典项值「L」与第4行重复");
    expect(await rows(sysDict)).toBe(before);
  });
});

describe("department Excel", () => {
  it("exports the tree by org code and imports new departments under existing or new parents", async () => {
    const sheet = await sheetOf((await exportXls("/sys/sysDepart")).rawPayload);
    expect(sheet.getRow(3).values).toEqual([undefined, "部门名称", "部门编码", "机构类别", "排序", "手机号", "地址", "备注"]);
    expect([4, 5].map((i) => sheet.getRow(i).getCell(2).value)).toEqual(["A01", "A01A01"]);
    expect(sheet.getRow(4).getCell(3).value).toBe("公司");
    const file = await workbook("部门信息", ["部门名称", "部门编码", "机构类别", "排序"], [
      ["测试组", "A01A03A01A01", "岗位", 1],
      ["质量部", "A01A03A01", "部门", 2],
      ["技术中心", "A01A03", "部门", 3],
    ]);
    expect((await importXls("/sys/sysDepart", file)).body).toMatchObject({ success: true, result: { created: 2, updated: 1 } });
    const [tech] = await t.database.db.select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A03"));
    const [quality] = await t.database.db.select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A03A01"));
    const [testing] = await t.database.db.select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A03A01A01"));
    expect(tech.departName).toBe("技术中心");
    expect(quality).toMatchObject({ parentId: tech.id, orgType: "3", orgCategory: "2", departOrder: 2 });
    expect(testing).toMatchObject({ parentId: quality.id, orgType: "4", orgCategory: "3" });
  });

  it("rejects codes that break the rule or have no parent, and imports nothing", async () => {
    const before = await rows(sysDepart);
    const file = await workbook("部门信息", ["部门名称", "部门编码", "机构类别"], [
      ["好的", "A02A09", null],
      ["坏编码", "a1", null],
      ["孤儿", "C01C01", null],
      ["类别", "A02A08", "集团"],
    ]);
    const { status, body } = await importXls("/sys/sysDepart", file);
    expect(status).toBe(400);
    expect(body.message).toContain("第5行：部门编码「a1」不符合编码规则");
    expect(body.message).toContain("第6行：上级部门「C01」不存在");
    expect(body.message).toContain("第7行：机构类别「集团」不正确");
    expect(await rows(sysDepart)).toBe(before);
  });

  it("is refused without system:depart:export", async () => {
    expect((await exportXls("/sys/sysDepart", "", operator)).statusCode).toBe(403);
  });
});
