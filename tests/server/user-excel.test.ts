import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { count, eq } from "drizzle-orm";
import { sysUser } from "../../server/db/schema.js";
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

async function exportXls(query: string, token = admin) {
  const res = await t.app.inject({ method: "GET", url: `${API}/sys/user/exportXls?${query}`, headers: { "x-access-token": token } });
  return res;
}
async function sheetOf(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  return book.worksheets[0];
}
function multipart(file: Buffer) {
  const boundary = "----rm" + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
async function importXls(file: Buffer, token = admin) {
  const { payload, contentType } = multipart(file);
  const res = await t.app.inject({ method: "POST", url: `${API}/sys/user/importExcel`, headers: { "x-access-token": token, "content-type": contentType }, payload });
  return { status: res.statusCode, body: res.json() };
}
const userCount = async () => Number((await t.database.db.select({ n: count() }).from(sysUser))[0].n);

describe("user Excel export", () => {
  it("exports the filtered list as .xlsx in JeecgBoot's layout (title, exporter, header, rows)", async () => {
    const res = await exportXls(`username=${encodeURIComponent("*zhang*")}&column=username&order=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe("用户信息报表");
    expect(sheet.getRow(2).getCell(1).value).toBe("导出人:管理员");
    expect(sheet.getRow(3).values).toEqual([undefined, "用户账号", "用户姓名", "性别", "生日", "手机号码", "邮箱", "工号", "职务", "座机", "状态", "部门", "角色编码"]);
    expect([sheet.getRow(4).getCell(1).value, sheet.getRow(5).getCell(1).value]).toEqual(["zhangsan", "zhangwei"]);
    expect(sheet.getRow(4).getCell(3).value).toBe("男");
    expect(sheet.getRow(4).getCell(11).value).toBe("活动运营部");
    expect(sheet.getRow(4).getCell(12).value).toBe("operator");
    expect(sheet.rowCount).toBe(5);
  });

  it("is refused without system:user:export", async () => {
    expect((await exportXls("", operator)).statusCode).toBe(403);
  });
});

describe("user Excel import", () => {
  it("round-trips: an exported file, edited, imports back (updates existing rows, creates new ones)", async () => {
    const sheet = await sheetOf((await exportXls("username=lisi,wangfang&column=username&order=asc")).rawPayload);
    sheet.getRow(4).getCell(2).value = "李四四";
    sheet.addRow(["newbie", "新同事", "女", "1990-05-06", "13911112222", "newbie@example.com", "N001", null, null, "正常", "技术部", "auditor"]);
    const file = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
    const { status, body } = await importXls(file);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, message: "文件导入成功！数据行数：3", result: { created: 1, updated: 2 } });
    const [lisi] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, "lisi"));
    expect(lisi.realname).toBe("李四四");
    const [newbie] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, "newbie"));
    expect(newbie).toMatchObject({ realname: "新同事", sex: 2, birthday: "1990-05-06", orgCode: "A01A03", status: 1, createBy: "admin" });
    const again = await sheetOf((await exportXls("username=newbie")).rawPayload);
    expect(again.getRow(4).getCell(12).value).toBe("auditor");
  });

  it("rejects a file with bad rows, reporting each row, and imports nothing", async () => {
    const before = await userCount();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("用户信息");
    sheet.addRow(["用户信息报表"]);
    sheet.addRow(["导出人:x"]);
    sheet.addRow(["用户账号", "用户姓名", "性别", "手机号码", "部门"]);
    sheet.addRow(["good_one", "好人", "男", "13900000091", "技术部"]);
    sheet.addRow(["", "无账号", "男", "", ""]);
    sheet.addRow(["bad_sex", "性别错", "未知", "123", "不存在的部门"]);
    sheet.addRow(["good_one", "重复", "女", "", ""]);
    const { status, body } = await importXls(Buffer.from(await book.xlsx.writeBuffer()));
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.result.errors.map((e: { line: number }) => e.line)).toEqual([5, 6, 7]);
    expect(body.message).toContain("第5行：用户账号不能为空");
    expect(body.message).toContain("第6行：性别「未知」不正确，手机号码「123」格式不正确，部门「不存在的部门」不存在");
    expect(body.message).toContain("第7行：用户账号「good_one」与第4行重复");
    expect(await userCount()).toBe(before);
  });

  it("refuses what is not an .xlsx file and users without system:user:import", async () => {
    expect((await importXls(Buffer.from("not excel"))).body.message).toBe("文件导入失败:不是有效的 Excel（.xlsx）文件");
    expect((await importXls(Buffer.from("x"), operator)).status).toBe(403);
  });
});
