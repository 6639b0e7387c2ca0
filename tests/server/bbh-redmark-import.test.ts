/**
 * Red marks and their coordinates from Excel: new marks are created unpublished (来源 批量导入), matching ones
 * (name + district) get the new coordinates; dictionary texts or values, coordinate conversion, and one bad
 * row imports nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bbhRedMark } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { caller, rows, uploadFile, xlsxFile } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  await caller(t)("POST", "/bbh/api/activity/redmark/add", admin, { markName: "已有印记", category: 2, districtCode: "360103", longitude: 115.1, latitude: 28.1, address: "旧地址" });
});
afterAll(() => t.close());

const HEAD = ["印记名称", "印记类别", "经度", "纬度", "坐标系", "区县代码", "详细地址", "打卡半径"];
const upload = async (lines: Array<Array<string | number>>, token = admin) => uploadFile(t, "/bbh/api/activity/redmark/importExcel", await xlsxFile("印记", HEAD, lines), token, { filename: "marks.xlsx" });

const byName = async (n: string) => (await t.database.db.select().from(bbhRedMark).where(eq(bbhRedMark.markName, n)))[0];

describe("red mark Excel import", () => {
  it("refuses the whole file when any row is bad, naming each row", async () => {
    const before = await rows(t, bbhRedMark);
    const res = await upload([
      ["好印记", "纪念馆/博物馆", 116.1, 29.1, "", "360101", "地址", 200],
      ["坏类别", "寺庙", 116.1, 29.1, "", "", "", ""],
      ["坐标反了", 2, 29.1, 116.1, "", "", "", ""],
      ["半径", 2, 116.1, 29.1, "", "", "", 3],
      ["好印记", 2, 116.2, 29.2, "", "360101", "", ""],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("共4行数据有误，未导入任何数据");
    expect(res.body.message).toContain("第3行：印记类别「寺庙」不存在");
    expect(res.body.message).toContain("第4行：经纬度不在中国境内");
    expect(res.body.message).toContain("第5行：打卡半径需在10到5000米之间");
    expect(res.body.message).toContain("第6行：印记【好印记】与第2行重复");
    expect(await rows(t, bbhRedMark)).toBe(before);
  });

  it("creates new marks and updates the coordinates of matching ones, converting WGS-84", async () => {
    const res = await upload([
      ["已有印记", 2, 115.8899, 28.6807, "", "360103", "", ""],
      ["新印记", "重要会议旧址", 116.391, 39.907, "wgs84", "110101", "北京", 300],
    ]);
    expect(res.body).toMatchObject({ success: true, message: "文件导入成功！数据行数：2，新增1条，更新1条", result: { total: 2, created: 1, updated: 1 } });
    expect(await byName("已有印记")).toMatchObject({ longitude: 115.8899, latitude: 28.6807, address: "旧地址", updateBy: "admin" });
    const created = await byName("新印记");
    expect(created).toMatchObject({ category: 5, source: 3, publishStatus: 0, coordType: "wgs84", checkinRadius: 300, districtCode: "110101", createBy: "admin" });
    expect(created.longitude! - 116.391).toBeGreaterThan(0.004);
    expect((await upload([["x", 2, 116, 29, "", "", "", ""]], auditor)).status).toBe(403);
  });
});
