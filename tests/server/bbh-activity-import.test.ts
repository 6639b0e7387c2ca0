/**
 * Activities from Excel (issue 8): the template, a good file creating drafts with the form's defaults and the
 * importing user's department, a bad file refused as a whole with each bad row's line, column and reason (and
 * nothing changed), permissions, files that are not workbooks, and export → import round trip.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { bbhActivityMain, bbhOrganization } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { caller, downloadWorkbook, rows, uploadFile, xlsxFile } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;
const db = () => t.database.db;
const activity = async (name: string) => (await db().select().from(bbhActivityMain).where(and(eq(bbhActivityMain.activityName, name), eq(bbhActivityMain.delFlag, 0))))[0];
const wire = (d: Date | null) => (d ? new Date(d.getTime() + 8 * 3600_000).toISOString().replace("T", " ").slice(0, 19) : null);

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
  await db().insert(bbhOrganization).values([
    { id: "org-imp-1", sysDepartId: "dep-imp-1", orgCode: "IMP1", orgName: "井冈山红色教育中心", orgType: 3 },
    { id: "org-imp-2", sysDepartId: "dep-imp-2", orgCode: "IMP2", orgName: "停用的组织", orgType: 3, orgStatus: 0 },
    { id: "org-imp-3", sysDepartId: "dep-imp-3", orgCode: "IMP3", orgName: "同名组织", orgType: 3 },
    { id: "org-imp-4", sysDepartId: "dep-imp-4", orgCode: "IMP4", orgName: "同名组织", orgType: 6 },
  ]);
});
afterAll(() => t.close());

type Cell = string | number | Date | null;
const xlsx = (header: string[], lines: Cell[][]) => xlsxFile("活动", header, lines);
const upload = (file: Buffer | null, query = "?activityType=1", token = admin) => uploadFile(t, `/bbh/api/activity/main/importExcel${query}`, file, token, { filename: "a.xlsx" });
const readBack = (url: string) => downloadWorkbook(t, url, admin);

const HEAD = ["活动名称", "活动类型", "参与方式", "闯关顺序", "开始时间", "结束时间", "主办单位", "活动简介", "是否需要报名", "人数上限", "排序"];
const line = (name: string, over: Partial<Record<(typeof HEAD)[number], Cell>> = {}): Cell[] => {
  const base: Record<string, Cell> = { 活动名称: name, 活动类型: "", 参与方式: "个人赛", 闯关顺序: "", 开始时间: "2026-07-01 08:00:00", 结束时间: "2026-07-31 18:00:00", 主办单位: "", 活动简介: "", 是否需要报名: "", 人数上限: "", 排序: "" };
  return HEAD.map((h) => (h in over ? over[h]! : base[h]));
};

describe("activity import", () => {
  it("serves the template: the import's headers and a 填写说明 sheet", async () => {
    const book = await readBack("/bbh/api/activity/main/importTemplate");
    const headers = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 7)).toEqual(["活动名称", "活动类型", "参与方式", "闯关顺序", "开始时间", "结束时间", "主办单位"]);
    expect(headers).toEqual(expect.arrayContaining(["活动简介", "是否需要报名", "人数上限", "是否需要激活码", "排序"]));
    const help = book.getWorksheet("填写说明")!;
    const texts: string[] = [];
    help.eachRow((r) => texts.push((r.values as unknown[]).slice(1).join("|")));
    expect(texts.find((l) => l.startsWith("参与方式|"))).toContain("个人赛、团队赛、个人+团队");
    expect(texts.find((l) => l.startsWith("活动名称|"))).toContain("最多100个字");
  });

  it("creates drafts with the form's defaults, the user's department, dictionary texts or values and Excel dates", async () => {
    const before = await rows(t, bbhActivityMain);
    const res = await upload(
      await xlsx(HEAD, [
        line("导入活动一", { 主办单位: "井冈山红色教育中心", 活动简介: "沿红军足迹", 是否需要报名: "否", 人数上限: 500, 排序: 3, 闯关顺序: "按顺序解锁" }),
        line("导入活动二", { 活动类型: "自定义活动", 参与方式: "2", 开始时间: new Date(Date.UTC(2026, 7, 1, 9, 30)), 结束时间: "2026/08/20" }),
        line("导入活动三", { 开始时间: "", 结束时间: "" }),
      ]),
    );
    expect(res.body).toMatchObject({ success: true, message: "文件导入成功！数据行数：3", result: { total: 3, created: 3 } });
    expect(await rows(t, bbhActivityMain)).toBe(before + 3);
    const one = await activity("导入活动一");
    expect(one).toMatchObject({ activityType: 1, publishStatus: 0, teamMode: 1, orderMode: 1, organizerOrgId: "org-imp-1", organizerName: "井冈山红色教育中心", summary: "沿红军足迹", needApply: 0, maxParticipants: 500, sortNo: 3, needActivation: 0, checkinRadius: 200, createBy: "admin", sysOrgCode: "A01" });
    expect([wire(one.startTime), wire(one.endTime)]).toEqual(["2026-07-01 08:00:00", "2026-07-31 18:00:00"]);
    const two = await activity("导入活动二");
    expect(two).toMatchObject({ teamMode: 2, orderMode: 2, needApply: 1, publishStatus: 0 });
    // An Excel date cell keeps its wall-clock time; a date without a time is midnight.
    expect([wire(two.startTime), wire(two.endTime)]).toEqual(["2026-08-01 09:30:00", "2026-08-20 00:00:00"]);
    expect(await activity("导入活动三")).toMatchObject({ startTime: null, endTime: null });
    // 红色活动 page: the type comes from the page.
    const red = await upload(await xlsx(HEAD, [line("导入红色活动")]), "?activityType=2");
    expect(red.body.success).toBe(true);
    expect((await activity("导入红色活动")).activityType).toBe(2);
  });

  it("refuses a file with any bad row, naming line, column and reason, and changes nothing", async () => {
    const before = await rows(t, bbhActivityMain);
    const res = await upload(
      await xlsx(HEAD, [
        line("好活动"),
        line("坏活动一", { 参与方式: "接力赛" }),
        line("坏活动二", { 开始时间: "2026-13-45 08:00" }),
        line("坏活动三", { 开始时间: "2026-07-31 08:00:00", 结束时间: "2026-07-01 08:00:00" }),
        line("坏活动四", { 主办单位: "不存在的单位" }),
        line("好活动"),
        line("导入活动一"),
        line("坏活动五", { 活动类型: "红色活动" }),
        line("坏活动六", { 人数上限: -1, 主办单位: "同名组织" }),
        line("坏活动七", { 人数上限: "很多", 主办单位: "停用的组织" }),
        line("长".repeat(101)),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    const errors = res.body.result.errors as Array<{ line: number; column: string; message: string }>;
    const at = (l: number) => errors.filter((e) => e.line === l).map((e) => `${e.column}:${e.message}`);
    expect(at(3)).toEqual(["参与方式:「接力赛」不正确，应为 个人赛、团队赛 或 个人+团队"]);
    expect(at(4)).toEqual(["开始时间:「2026-13-45 08:00」不是有效的日期时间，应为 yyyy-MM-dd HH:mm:ss"]);
    expect(at(5)).toEqual(["结束时间:活动结束时间必须晚于开始时间"]);
    expect(at(6)).toEqual(["主办单位:「不存在的单位」不存在或已停用"]);
    expect(at(7)).toEqual(["活动名称:与第2行重复"]);
    expect(at(8)).toEqual(["活动名称:活动名称【导入活动一】已存在"]);
    expect(at(9)).toEqual(["活动类型:「红色活动」与导入页面的活动类型（自定义活动）不一致"]);
    expect(at(10)).toEqual(["人数上限:不能小于0"]);
    expect(at(11)).toEqual(["人数上限:「很多」应为整数"]);
    expect(at(12)).toEqual(["活动名称:不能超过100个字符"]);
    expect(res.body.message).toMatch(/^文件导入失败:共10行数据有误，未导入任何数据。第3行：「参与方式」「接力赛」不正确/);
    expect(res.body.message).toContain("第5行：「结束时间」活动结束时间必须晚于开始时间");
    expect(await rows(t, bbhActivityMain)).toBe(before);
    expect(await activity("好活动")).toBeUndefined();

    // Organisations are checked once the rows read well: unknown, disabled and ambiguous names.
    const orgs = await upload(await xlsx(HEAD, [line("好活动"), line("坏活动八", { 主办单位: "同名组织" }), line("坏活动九", { 主办单位: "停用的组织" })]));
    expect(orgs.status).toBe(400);
    expect(orgs.body.result.errors).toEqual([
      { line: 3, column: "主办单位", message: "「同名组织」有多个同名组织，请在页面中选择" },
      { line: 4, column: "主办单位", message: "「停用的组织」不存在或已停用" },
    ]);
    // A rule of add found in the transaction after good rows were written rolls them back.
    const late = await upload(await xlsx(HEAD, [line("好活动"), line("好活动二"), line("导入活动二")]));
    expect(late.body.result.errors).toEqual([{ line: 4, column: "活动名称", message: "活动名称【导入活动二】已存在" }]);
    expect(await rows(t, bbhActivityMain)).toBe(before);
    expect(await activity("好活动")).toBeUndefined();
  });

  it("refuses users without the import button, missing files, files that are not workbooks and oversized files", async () => {
    const before = await rows(t, bbhActivityMain);
    expect((await upload(await xlsx(HEAD, [line("越权活动")]), "?activityType=1", auditor)).status).toBe(403);
    expect((await call("GET", "/bbh/api/activity/main/importTemplate", auditor)).status).toBe(403);
    expect(await upload(null)).toMatchObject({ status: 400, body: { message: "文件导入失败！请上传 file 字段" } });
    expect(await upload(Buffer.from("not excel"))).toMatchObject({ status: 400, body: { message: "文件导入失败:不是有效的 Excel（.xlsx）文件" } });
    expect((await upload(await xlsx(["名字"], [["x"]]))).body.message).toContain("找不到表头");
    expect((await upload(await xlsx(HEAD, [line("x")]), "?activityType=3")).status).toBe(400);
    const many = await upload(await xlsx(HEAD, Array.from({ length: 1001 }, (_, i) => line(`批量${i}`))));
    expect(many).toMatchObject({ status: 400, body: { message: "文件导入失败:一次最多导入 1000 个活动" } });
    expect(await rows(t, bbhActivityMain)).toBe(before);
  });

  it("imports an exported file back into the same activities", async () => {
    const res = await call("POST", "/bbh/api/activity/main/add", admin, {
      activityName: "往返活动", activityType: 1, startTime: "2026-09-01 08:00:00", endTime: "2026-09-30 20:00:00", organizerOrgId: "org-imp-1", organizerName: "井冈山红色教育中心",
      summary: "往返简介", contactName: "李老师", contactPhone: "0796-1234567", regionName: "江西省吉安市", address: "茨坪", needApply: 1, applyNeedAudit: 1,
      applyStartTime: "2026-08-20 00:00:00", applyEndTime: "2026-08-31 23:59:59", maxParticipants: 80, needActivation: 1, teamMode: 2, groupType: 2, groupMinSize: 2, groupMaxSize: 5,
      orderMode: 1, checkinRadius: 300, isRecommend: 1, sortNo: 7, remark: "备注一",
    });
    expect(res.body.success).toBe(true);
    const original = await activity("往返活动");
    const exported = await readBack(`/bbh/api/activity/main/exportXls?activityType=1&activityName=${encodeURIComponent("往返活动")}`);
    expect(exported.worksheets[0].rowCount).toBe(4);
    expect(exported.worksheets[0].getRow(4).getCell(1).value).toBe("往返活动");
    // The original goes; its export comes back as a new draft with the same fields.
    expect((await call("DELETE", `/bbh/api/activity/main/delete?id=${original.id}`, admin)).body.success).toBe(true);
    const again = await upload(Buffer.from(await exported.xlsx.writeBuffer()));
    expect(again.body).toMatchObject({ success: true, message: "文件导入成功！数据行数：1" });
    const copy = await activity("往返活动");
    expect(copy.id).not.toBe(original.id);
    const keys = ["activityType", "startTime", "endTime", "organizerOrgId", "organizerName", "summary", "contactName", "contactPhone", "regionName", "address", "needApply", "applyNeedAudit", "applyStartTime", "applyEndTime", "maxParticipants", "needActivation", "teamMode", "groupType", "groupMinSize", "groupMaxSize", "orderMode", "checkinRadius", "isRecommend", "sortNo", "remark", "publishStatus", "sysOrgCode"] as const;
    const pick = (a: typeof original) => Object.fromEntries(keys.map((k) => [k, a[k]]));
    expect(pick(copy)).toEqual(pick(original));
  });
});
