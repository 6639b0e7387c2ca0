/**
 * The question bank (domain.md §4.16–4.18): the category tree (has_child, sibling names, refusals), questions
 * with the options/answer rules, enable/disable, the Excel import (row errors, all or nothing) and export, the
 * answer log with its statistics, the quiz tasks' fixed questions and random-draw pool, permissions, and the
 * §8.4 demo bank.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { bbhActivityMain, bbhActivityTask, bbhQuestion, bbhQuestionReportRecord, bbhQuestionType, bbhTag, bbhTagRel } from "../../server/db/schema.js";
import { ADMIN_PASSWORD, createTestApp, type TestApp } from "./helpers.js";
import { seed } from "../../server/db/seed/index.js";
import { at, caller, downloadWorkbook, rows, uploadFile, xlsxFile } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
});
afterAll(() => t.close());

const typeByName = async (name: string) => (await db().select().from(bbhQuestionType).where(and(eq(bbhQuestionType.typeName, name), eq(bbhQuestionType.delFlag, 0))))[0];
const questionByContent = async (content: string) => (await db().select().from(bbhQuestion).where(eq(bbhQuestion.content, content)))[0];
const opts = (...texts: string[]) => JSON.stringify(texts.map((text, i) => ({ key: "ABCDEFGHIJ"[i], text })));

async function addType(typeName: string, pid?: string) {
  const res = await call("POST", "/bbh/api/questionType/add", admin, { typeName, pid });
  expect(res.body.message).toBe("添加成功！");
  return (await typeByName(typeName)).id;
}
async function addQuestion(body: Record<string, unknown>) {
  const res = await call("POST", "/bbh/api/question/add", admin, body);
  expect(res.body).toMatchObject({ success: true, message: "添加成功！" });
  return res.body.result.id as string;
}

const xlsx = (header: string[], lines: Array<Array<string | number>>) => xlsxFile("题目", header, lines);
const upload = (file: Buffer, token = admin) => uploadFile(t, "/bbh/api/question/importExcel", file, token, { filename: "q.xlsx" });
const readBack = (url: string) => downloadWorkbook(t, url, admin);
const HEADERS = ["分类名称", "题型", "题干", "选项A", "选项B", "选项C", "选项D", "选项E", "选项F", "选项G", "选项H", "答案", "解析", "难度", "分值", "状态"];
const row = (type: string, kind: string, content: string, options: string[], answer: string, rest: Array<string | number> = []) => [type, kind, content, ...options, ...Array(8 - options.length).fill(""), answer, ...rest];

let root: string;
let child: string;
let other: string;

describe("question types (tree)", () => {
  it("adds roots and children, keeps has_child, names unique among siblings only", async () => {
    root = await addType("党史");
    child = await addType("建党时期", root);
    other = await addType("新中国史");
    expect((await typeByName("党史")).hasChild).toBe("1");
    expect((await typeByName("建党时期")).pid).toBe(root);
    // Same name under another parent is fine; under the same parent it is refused and nothing changes.
    await addType("建党时期", other);
    const before = await rows(t, bbhQuestionType);
    const dup = await call("POST", "/bbh/api/questionType/add", admin, { typeName: "建党时期", pid: root });
    expect(dup).toMatchObject({ status: 400, body: { success: false, message: "同一上级下已存在名为【建党时期】的分类" } });
    expect((await call("POST", "/bbh/api/questionType/add", admin, { typeName: "", pid: root })).status).toBe(400);
    expect((await call("POST", "/bbh/api/questionType/add", admin, { typeName: "x", pid: "nope" })).body.message).toBe("上级分类不存在或已删除");
    expect(await rows(t, bbhQuestionType)).toBe(before);
  });

  it("serves rootList, childList, treeList, loadTreeData and queryById", async () => {
    const roots = await call("GET", "/bbh/api/questionType/rootList?pageNo=1&pageSize=10", admin);
    expect(roots.body.result.records.map((r: { typeName: string }) => r.typeName)).toEqual(["党史", "新中国史"]);
    expect(roots.body.result.records[0]).toMatchObject({ hasChild: "1", typeStatus: 1, typeStatus_dictText: "启用" });
    const found = await call("GET", `/bbh/api/questionType/rootList?typeName=${encodeURIComponent("*建党*")}`, admin);
    expect(found.body.result.total).toBe(2);
    const kids = await call("GET", `/bbh/api/questionType/childList?pid=${root}`, admin);
    expect(kids.body.result.map((r: { id: string }) => r.id)).toEqual([child]);
    const tree = await call("GET", "/bbh/api/questionType/treeList", admin);
    expect(tree.body.result[0]).toMatchObject({ typeName: "党史", totalCount: 0, children: [{ typeName: "建党时期" }] });
    const lazy = await call("GET", "/bbh/api/questionType/loadTreeData?pid=0", admin);
    expect(lazy.body.result[0]).toMatchObject({ key: root, title: "党史", value: root, isLeaf: false });
    const full = await call("GET", "/bbh/api/questionType/loadTreeData?async=false", admin);
    expect(full.body.result[0].children[0]).toMatchObject({ title: "建党时期", isLeaf: true });
    expect((await call("GET", `/bbh/api/questionType/queryById?id=${child}`, admin)).body.result).toMatchObject({ typeName: "建党时期", pid: root });
    expect((await call("GET", "/bbh/api/questionType/list?pid=0", admin)).body.result.total).toBe(2);
  });

  it("edits and moves a type, refusing a move below itself", async () => {
    const tmp = await addType("临时", root);
    expect((await call("PUT", "/bbh/api/questionType/edit", admin, { id: tmp, typeName: "临时2", pid: other })).body.message).toBe("编辑成功!");
    expect(await typeByName("临时2")).toMatchObject({ pid: other });
    expect((await call("PUT", "/bbh/api/questionType/edit", admin, { id: root, typeName: "党史", pid: child })).body).toMatchObject({ success: false, message: "上级分类不能是分类自身或其下级" });
    expect((await typeByName("党史")).pid).toBe("0");
    expect((await call("DELETE", `/bbh/api/questionType/delete?id=${tmp}`, admin)).body.message).toBe("删除成功!");
  });

  it("refuses to delete a type with children or questions, with a clear message", async () => {
    let res = await call("DELETE", `/bbh/api/questionType/delete?id=${root}`, admin);
    expect(res).toMatchObject({ status: 400, body: { message: "分类【党史】下还有子分类【建党时期】，请先删除子分类" } });
    const leaf = await addType("叶子", other);
    await addQuestion({ typeId: leaf, answerType: 4, content: "叶子题", answer: "是" });
    res = await call("DELETE", `/bbh/api/questionType/delete?id=${leaf}`, admin);
    expect(res.body.message).toBe("分类【叶子】下还有1道题目，请先删除或移走题目");
    expect(await typeByName("叶子")).toBeTruthy();
    await call("DELETE", `/bbh/api/question/delete?id=${(await questionByContent("叶子题")).id}`, admin);
    expect((await call("DELETE", `/bbh/api/questionType/deleteBatch?ids=${leaf}`, admin)).body.message).toBe("批量删除成功！");
    expect(await typeByName("叶子")).toBeUndefined();
  });
});

describe("questions", () => {
  it("adds each answer type with its options rule and normalised answer", async () => {
    const single = await addQuestion({ typeId: child, answerType: 1, content: "中共一大在哪里闭幕？", options: opts("杭州西湖", "嘉兴南湖", "南京玄武湖"), answer: "b", analysis: "南湖红船" });
    expect(await questionByContent("中共一大在哪里闭幕？")).toMatchObject({ id: single, answer: "B", difficulty: 1, score: 5, qStatus: 1, createBy: "admin" });
    await addQuestion({ typeId: child, answerType: 2, content: "哪些在江西？", options: opts("南昌起义", "遵义会议", "井冈山会师"), answer: "C, A", difficulty: 2, score: 10 });
    expect((await questionByContent("哪些在江西？")).answer).toBe("A,C");
    await addQuestion({ typeId: root, answerType: 3, content: "南昌起义打响第一枪。", options: opts("随便", "写的"), answer: "A" });
    expect(JSON.parse((await questionByContent("南昌起义打响第一枪。")).options!)).toEqual([{ key: "A", text: "正确", image: "" }, { key: "B", text: "错误", image: "" }]);
    await addQuestion({ typeId: other, answerType: 4, content: "延安的标志是____山。", answer: "宝塔 | 宝塔山" });
    expect(await questionByContent("延安的标志是____山。")).toMatchObject({ options: null, answer: "宝塔|宝塔山" });
  });

  it("refuses bad options and answers with 400 and changes nothing", async () => {
    const before = await rows(t, bbhQuestion);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ answerType: 1, options: opts("甲", "乙"), answer: "A,B" }, "单选题答案必须是一个选项"],
      [{ answerType: 1, options: opts("甲", "乙"), answer: "C" }, "答案 C 不在选项中"],
      [{ answerType: 2, options: opts("甲", "乙", "丙"), answer: "A" }, "多选题答案至少需要两个选项"],
      [{ answerType: 1, options: opts("甲"), answer: "A" }, "选项需为2到8个"],
      [{ answerType: 1, options: opts("1", "2", "3", "4", "5", "6", "7", "8", "9"), answer: "A" }, "选项需为2到8个"],
      [{ answerType: 1, options: "[{key:", answer: "A" }, "选项不是有效的 JSON"],
      [{ answerType: 1, options: JSON.stringify([{ key: "A", text: "甲" }, { key: "C", text: "丙" }]), answer: "A" }, "选项标识应依次为 A、B、C…（第2个选项应为 B）"],
      [{ answerType: 1, options: JSON.stringify({ A: "甲" }), answer: "A" }, "选项必须是列表"],
      [{ answerType: 3, answer: "C" }, "判断题答案只能是 A（正确）或 B（错误）"],
      [{ answerType: 1, options: opts("甲", ""), answer: "A" }, "选项 B 的内容不能为空"],
    ];
    for (const [body, message] of bad) {
      const res = await call("POST", "/bbh/api/question/add", admin, { typeId: child, content: "坏题", ...body });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await call("POST", "/bbh/api/question/add", admin, { typeId: "missing", answerType: 4, content: "坏题", answer: "x" })).body.message).toBe("题目分类不存在或已删除");
    expect((await call("POST", "/bbh/api/question/add", admin, { typeId: child, answerType: 9, content: "坏题", answer: "x" })).status).toBe(400);
    expect((await call("POST", "/bbh/api/question/add", admin, { typeId: child, answerType: 4, content: "", answer: "x" })).status).toBe(400);
    expect((await call("POST", "/bbh/api/question/add", admin, { typeId: child, answerType: 4, content: "坏题", answer: "x", redMarkId: "nope" })).body.message).toBe("关联印记不存在或已删除");
    expect(await rows(t, bbhQuestion)).toBe(before);
    // An edit that breaks the rules leaves the row as it was.
    const q = await questionByContent("中共一大在哪里闭幕？");
    const res = await call("PUT", "/bbh/api/question/edit", admin, { id: q.id, typeId: child, answerType: 2, content: q.content, options: q.options, answer: "B" });
    expect(res.status).toBe(400);
    expect(await questionByContent("中共一大在哪里闭幕？")).toMatchObject({ answerType: 1, answer: "B", updateBy: null });
  });

  it("lists with filters: category with sub-categories, type, fuzzy stem, status, tag; queryById; edit with tags", async () => {
    const list = async (query: string) => (await call("GET", `/bbh/api/question/list?pageSize=50&${query}`, admin)).body.result;
    expect((await list(`typeId=${root}`)).total).toBe(3);
    expect((await list(`typeId=${root}&includeSub=false`)).total).toBe(1);
    expect((await list(`typeId=${child}&answerType=2`)).records.map((r: { content: string }) => r.content)).toEqual(["哪些在江西？"]);
    expect((await list(`content=${encodeURIComponent("*南湖*")}`)).total).toBe(0);
    const fuzzy = await list(`content=${encodeURIComponent("*一大*")}`);
    expect(fuzzy.records[0]).toMatchObject({ content: "中共一大在哪里闭幕？", typeName: "建党时期", answerType_dictText: "单选", difficulty_dictText: "简单", qStatus_dictText: "启用" });
    expect((await list("difficulty=2")).total).toBe(1);
    expect((await call("GET", "/bbh/api/question/list?column=nope", admin)).status).toBe(400);

    await db().insert(bbhTag).values({ id: "tag-q", tagName: "党史", tagType: 3 });
    await db().insert(bbhTag).values({ id: "tag-mark", tagName: "长征", tagType: 2 });
    const q = await questionByContent("哪些在江西？");
    const edit = (extra: object) => call("PUT", "/bbh/api/question/edit", admin, { id: q.id, typeId: child, answerType: 2, content: q.content, options: q.options, answer: "A,C", score: 8, ...extra });
    expect((await edit({ tagIds: "tag-mark" })).body.message).toBe("标签不存在或不是题目标签");
    expect((await edit({ tagIds: "tag-q" })).body.message).toBe("编辑成功!");
    expect(await rows(t, bbhTagRel, eq(bbhTagRel.bizId, q.id))).toBe(1);
    expect((await list("tagId=tag-q")).records.map((r: { id: string }) => r.id)).toEqual([q.id]);
    const byId = await call("GET", `/bbh/api/question/queryById?id=${q.id}`, admin);
    expect(byId.body.result).toMatchObject({ score: 8, tagIds: "tag-q", tagNames: "党史", typeName: "建党时期", updateBy: "admin" });
    expect((await call("GET", "/bbh/api/question/queryById?id=nope", admin)).body.message).toBe("题目不存在或已删除");
  });

  it("enables and disables questions; deletes one and a batch (soft)", async () => {
    const q = await questionByContent("延安的标志是____山。");
    const res = await call("PUT", "/bbh/api/question/updateStatus", admin, { ids: [q.id], qStatus: 0 });
    expect(res.body).toMatchObject({ success: true, message: "停用成功", result: { count: 1 } });
    expect((await call("GET", "/bbh/api/question/list?qStatus=0", admin)).body.result.total).toBe(1);
    expect((await call("PUT", "/bbh/api/question/updateStatus", admin, { ids: [q.id], qStatus: 3 })).status).toBe(400);
    await call("PUT", "/bbh/api/question/updateStatus", admin, { ids: [q.id], qStatus: 1 });
    const a = await addQuestion({ typeId: other, answerType: 5, content: "简答甲", answer: "参考" });
    const b = await addQuestion({ typeId: other, answerType: 5, content: "简答乙", answer: "参考" });
    expect((await call("DELETE", `/bbh/api/question/delete?id=${a}`, admin)).body.message).toBe("删除成功!");
    expect((await call("DELETE", `/bbh/api/question/deleteBatch?ids=${b}`, admin)).body.message).toBe("批量删除成功！");
    expect((await questionByContent("简答乙")).delFlag).toBe(1);
    expect((await call("DELETE", `/bbh/api/question/delete?id=${a}`, admin)).body.message).toBe("题目不存在或已删除");
  });

  it("refuses every question and type route to a user without the buttons", async () => {
    const q = await questionByContent("中共一大在哪里闭幕？");
    for (const [method, url, body] of [
      ["GET", "/bbh/api/question/list"],
      ["GET", `/bbh/api/question/queryById?id=${q.id}`],
      ["POST", "/bbh/api/question/add", { typeId: child, answerType: 4, content: "越权", answer: "x" }],
      ["PUT", "/bbh/api/question/edit", { id: q.id, typeId: child, answerType: 4, content: "越权", answer: "x" }],
      ["PUT", "/bbh/api/question/updateStatus", { ids: [q.id], qStatus: 0 }],
      ["DELETE", `/bbh/api/question/delete?id=${q.id}`],
      ["DELETE", `/bbh/api/question/deleteBatch?ids=${q.id}`],
      ["GET", "/bbh/api/question/exportXls"],
      ["GET", "/bbh/api/question/importTemplate"],
      ["GET", "/bbh/api/questionType/rootList"],
      ["POST", "/bbh/api/questionType/add", { typeName: "越权" }],
      ["DELETE", `/bbh/api/questionType/delete?id=${child}`],
      ["GET", "/bbh/api/question/reportRecord/list"],
      ["GET", `/bbh/api/question/stat?questionId=${q.id}`],
      ["POST", "/bbh/api/question/reportRecord/refreshStat", {}],
    ] as Array<[string, string, object?]>) {
      const res = await call(method as "GET", url, auditor, body);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await upload(await xlsx(HEADERS, [row("党史", "填空", "越权", [], "x")]), auditor)).status).toBe(403);
    expect(await questionByContent("越权")).toBeUndefined();
    expect((await questionByContent("中共一大在哪里闭幕？")).delFlag).toBe(0);
  });
});

describe("Excel import and export", () => {
  it("refuses a file with bad rows, naming row, column and reason, and imports nothing", async () => {
    // 建党时期 exists under 党史 and 新中国史: a bare name is ambiguous.
    const before = await rows(t, bbhQuestion);
    const res = await upload(
      await xlsx(HEADERS, [
        row("党史/建党时期", "单选", "好题一", ["甲", "乙", "丙"], "A"),
        row("不存在的分类", "单选", "坏题一", ["甲", "乙"], "A"),
        row("党史", "不定项", "坏题二", ["甲", "乙"], "A"),
        row("党史", "单选", "坏题三", ["甲", "乙"], "A,B"),
        row("党史", "多选", "坏题四", ["甲", "", "丙"], "A,C"),
        row("党史", "判断", "坏题五", [], "也许"),
        row("建党时期", "填空", "坏题六", [], "x"),
        row("党史", "单选", "", ["甲", "乙"], ""),
        row("党史", "单选", "坏题八", ["甲", "乙"], "A", ["", "极难", 5000]),
        row("党史/建党时期", "单选", "好题一", ["甲", "乙"], "B"),
        row("党史/建党时期", "单选", "中共一大在哪里闭幕？", ["甲", "乙"], "B"),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain("共10行数据有误，未导入任何数据");
    expect(res.body.message).toContain("第3行：「分类名称」「不存在的分类」不存在");
    expect(res.body.message).toContain("第4行：「题型」「不定项」不正确");
    expect(res.body.message).toContain("第5行：「答案」单选题答案必须是一个选项");
    expect(res.body.message).toContain("第6行：「选项B」选项需从选项A起连续填写");
    expect(res.body.message).toContain("第7行：「答案」判断题答案只能是 A（正确）或 B（错误）");
    expect(res.body.message).toContain("第8行：「分类名称」「建党时期」不唯一，请填写完整路径");
    expect(res.body.message).toContain("第9行：「题干」不能为空，「答案」不能为空");
    expect(res.body.message).toContain("第10行：「难度」「极难」不正确");
    expect(res.body.message).toContain("「分值」「5000」应为0到1000的整数");
    expect(res.body.message).toContain("第11行：「题干」与第2行重复");
    expect(res.body.message).toContain("第12行：「题干」该分类下已有相同题干的题目");
    expect(res.body.result.errors[0]).toEqual({ line: 3, column: "分类名称", message: "「不存在的分类」不存在" });
    expect(await rows(t, bbhQuestion)).toBe(before);
    expect(await questionByContent("好题一")).toBeUndefined();
  });

  it("imports a good file in one go, resolving category paths", async () => {
    const before = await rows(t, bbhQuestion);
    const res = await upload(
      await xlsx(HEADERS, [
        row("党史/建党时期", "单选", "导入单选", ["上海", "北京", "广州"], "A", ["一大在上海开幕", "中等", 6, "启用"]),
        row("党史 / 建党时期", "多选", "导入多选", ["甲", "乙", "丙", "丁"], "b,d"),
        row("党史", "判断", "导入判断", [], "错误"),
        row("新中国史", "填空", "导入填空", [], "1949|一九四九"),
        row("新中国史", "5", "导入简答", [], "参考答案", ["", "", "", "停用"]),
      ]),
    );
    expect(res.body).toMatchObject({ success: true, message: "文件导入成功！数据行数：5", result: { total: 5, created: 5 } });
    expect(await rows(t, bbhQuestion)).toBe(before + 5);
    expect(await questionByContent("导入单选")).toMatchObject({ typeId: child, answerType: 1, answer: "A", analysis: "一大在上海开幕", difficulty: 2, score: 6, qStatus: 1, createBy: "admin" });
    expect(JSON.parse((await questionByContent("导入单选")).options!)).toHaveLength(3);
    expect((await questionByContent("导入多选")).answer).toBe("B,D");
    expect(await questionByContent("导入判断")).toMatchObject({ typeId: root, answerType: 3, answer: "B" });
    expect(await questionByContent("导入填空")).toMatchObject({ answerType: 4, answer: "1949|一九四九", options: null });
    expect(await questionByContent("导入简答")).toMatchObject({ answerType: 5, qStatus: 0 });
    // Not an Excel file, or no header row.
    expect((await upload(Buffer.from("not excel"))).body.message).toBe("文件导入失败:不是有效的 Excel（.xlsx）文件");
    expect((await upload(await xlsx(["名字"], [["x"]]))).body.message).toContain("找不到表头");
  });

  it("exports what the list filters select, readable back, and serves the template", async () => {
    const book = await readBack(`/bbh/api/question/exportXls?typeId=${root}&answerType=1&column=createTime&order=asc`);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(3).values).toEqual([undefined, ...HEADERS, "使用次数", "正确率(%)"]);
    const contents = [];
    for (let i = 4; i <= sheet.rowCount; i++) contents.push(sheet.getRow(i).getCell(3).value);
    expect(contents).toEqual(["中共一大在哪里闭幕？", "导入单选"]);
    const first = sheet.getRow(4);
    expect([first.getCell(1).value, first.getCell(2).value, first.getCell(4).value, first.getCell(5).value, first.getCell(12).value, first.getCell(14).value]).toEqual(["党史/建党时期", "单选", "杭州西湖", "嘉兴南湖", "B", "简单"]);
    const judge = (await readBack(`/bbh/api/question/exportXls?answerType=3`)).worksheets[0];
    expect(judge.getRow(4).getCell(4).value).toBeNull();
    // The template's first sheet is the header row the import reads.
    const template = await readBack("/bbh/api/question/importTemplate");
    expect(template.worksheets[0].getRow(1).values).toEqual([undefined, ...HEADERS]);
    expect(template.worksheets[1].name).toBe("填写说明");
    // The exported file imports back as-is once the stems are new.
    const exported = await readBack(`/bbh/api/question/exportXls?content=${encodeURIComponent("*导入单选*")}`);
    exported.worksheets[0].getRow(4).getCell(3).value = "导入单选（再导入）";
    const again = await upload(Buffer.from(await exported.xlsx.writeBuffer()));
    expect(again.body.message).toBe("文件导入成功！数据行数：1");
    expect(await questionByContent("导入单选（再导入）")).toMatchObject({ typeId: child, answer: "A", difficulty: 2, score: 6 });
  });
});

describe("answer log and statistics", () => {
  it("lists records with filters and refreshes use count and correct rate in one statement", async () => {
    const q1 = await questionByContent("中共一大在哪里闭幕？");
    const q2 = await questionByContent("哪些在江西？");
    const rec = (id: string, questionId: string, wx: string, answer: string, correct: number, days: number) => ({
      id, questionId, wxUserId: wx, userAnswer: answer, isCorrect: correct, score: correct ? 5 : 0, answerSeconds: 10, activityId: "act-x", answerTime: new Date(Date.now() + days * 86_400_000), sysOrgCode: "A01",
    });
    await db().insert(bbhQuestionReportRecord).values([
      rec("r1", q1.id, "wx1", "B", 1, -3),
      rec("r2", q1.id, "wx2", "A", 0, -2),
      rec("r3", q1.id, "wx3", "B", 1, -1),
      rec("r4", q2.id, "wx1", "A,C", 1, -1),
    ]);
    const list = async (query: string) => (await call("GET", `/bbh/api/question/reportRecord/list?${query}`, admin)).body.result;
    expect((await list(`questionId=${q1.id}`)).total).toBe(3);
    expect((await list("wxUserId=wx1")).total).toBe(2);
    expect((await list("isCorrect=0")).records.map((r: { id: string }) => r.id)).toEqual(["r2"]);
    expect((await list(`answerTime_begin=${encodeURIComponent(at(-2.5))}&answerTime_end=${encodeURIComponent(at(-1.5))}`)).records.map((r: { id: string }) => r.id)).toEqual(["r2"]);
    expect((await list(`typeId=${child}`)).total).toBe(4);
    expect((await list(`activityId=act-x&questionId=${q1.id}&pageSize=1`)).records[0]).toMatchObject({ id: "r3", isCorrect_dictText: "是", questionContent: "中共一大在哪里闭幕？" });

    const refreshed = await call("POST", "/bbh/api/question/reportRecord/refreshStat", admin, {});
    expect(refreshed.body.result.changed).toBe(2);
    expect(await questionByContent("中共一大在哪里闭幕？")).toMatchObject({ useCount: 3, correctRate: 66.67 });
    expect(await questionByContent("哪些在江西？")).toMatchObject({ useCount: 1, correctRate: 100 });
    expect((await call("POST", "/bbh/api/question/reportRecord/refreshStat", admin, {})).body.result.changed).toBe(0);

    const stat = await call("GET", `/bbh/api/question/stat?questionId=${q1.id}`, admin);
    expect(stat.body.result).toMatchObject({ useCount: 3, correctCount: 2, correctRate: 66.67, answer: "B", distribution: [{ answer: "A", count: 1 }, { answer: "B", count: 2 }] });
    const byType = await call("GET", `/bbh/api/question/stat?typeId=${root}`, admin);
    expect(byType.body.result).toMatchObject({ useCount: 4, correctCount: 3, correctRate: 75 });
    expect((await call("GET", "/bbh/api/question/stat", admin)).body.message).toBe("请指定题目或题目分类");

    const book = await readBack(`/bbh/api/question/reportRecord/exportXls?questionId=${q1.id}&column=answerTime&order=asc`);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(6);
    expect([sheet.getRow(4).getCell(3).value, sheet.getRow(4).getCell(4).value, sheet.getRow(4).getCell(5).value]).toEqual(["中共一大在哪里闭幕？", "B", "是"]);
  });
});

describe("quiz tasks and the bank", () => {
  let activityId: string;
  const task = (name: string, extra: object) => call("POST", "/bbh/api/activity/task/add", admin, { activityId, taskName: name, taskType: 3, ...extra });
  const taskId = async (name: string) => (await db().select().from(bbhActivityTask).where(and(eq(bbhActivityTask.taskName, name), eq(bbhActivityTask.activityId, activityId))))[0].id;

  beforeAll(async () => {
    await call("POST", "/bbh/api/activity/main/add", admin, { activityName: "题库活动", activityType: 1, coverImage: "/demo/cover.jpg", startTime: at(-1), endTime: at(30) });
    activityId = (await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, "题库活动")))[0].id;
  });

  it("fixed questions must be live, enabled questions; they cannot be deleted while used", async () => {
    expect((await task("固定答题", { questionMode: 1 })).body.message).toBe("添加成功！");
    const id = await taskId("固定答题");
    const q = await questionByContent("中共一大在哪里闭幕？");
    const off = await questionByContent("导入简答");
    expect((await call("POST", "/bbh/api/activity/task/saveQuestions", admin, { taskId: id, questions: [{ questionId: q.id }, { questionId: "nope" }] })).body.message).toBe("题目不存在或已删除：nope");
    expect((await call("POST", "/bbh/api/activity/task/saveQuestions", admin, { taskId: id, questions: [{ questionId: off.id }] })).body.message).toBe(`题目已停用，不能选为固定题目：${off.id}`);
    expect((await call("POST", "/bbh/api/activity/task/saveQuestions", admin, { taskId: id, questions: [{ questionId: q.id }] })).body.message).toBe("保存成功");
    const res = await call("DELETE", `/bbh/api/question/delete?id=${q.id}`, admin);
    expect(res.body.message).toBe("题目已被任务【固定答题】选为固定题目，请先从任务中移除");
    expect((await questionByContent("中共一大在哪里闭幕？")).delFlag).toBe(0);
  });

  it("a random draw needs enough enabled questions in its category and sub-categories, and keeps them", async () => {
    const enabledInRoot = (await call("GET", `/bbh/api/question/list?typeId=${root}&qStatus=1`, admin)).body.result.total as number;
    let res = await task("随机答题", { questionMode: 2, questionTypeId: root, questionCount: enabledInRoot + 1 });
    expect(res).toMatchObject({ status: 400, body: { message: `抽题分类【党史】中启用的题目只有${enabledInRoot}道，不足抽题数量${enabledInRoot + 1}道` } });
    expect((await task("随机答题", { questionMode: 2, questionTypeId: "nope", questionCount: 1 })).body.message).toBe("抽题分类不存在或已删除");
    res = await task("随机答题", { questionMode: 2, questionTypeId: root, questionCount: enabledInRoot });
    expect(res.body.message).toBe("添加成功！");
    // Disabling, deleting or moving a question out would leave the draw short: refused, nothing changed.
    const q = await questionByContent("导入多选");
    expect((await call("PUT", "/bbh/api/question/updateStatus", admin, { ids: [q.id], qStatus: 0 })).body.message).toBe(
      `任务【随机答题】需随机抽取${enabledInRoot}道题，操作后题库中可抽的启用题目只剩${enabledInRoot - 1}道，请先调整任务的抽题数量`,
    );
    expect((await call("DELETE", `/bbh/api/question/delete?id=${q.id}`, admin)).status).toBe(400);
    expect((await call("PUT", "/bbh/api/question/edit", admin, { id: q.id, typeId: other, answerType: 2, content: q.content, options: q.options, answer: q.answer })).status).toBe(400);
    expect(await questionByContent("导入多选")).toMatchObject({ qStatus: 1, delFlag: 0, typeId: child });
    // The category a task draws from is not deleted.
    const empty = await addType("空分类");
    await task("空抽题", { questionMode: 2, questionTypeId: empty, questionCount: 1 }).then((r) => expect(r.body.message).toBe("抽题分类【空分类】中启用的题目只有0道，不足抽题数量1道"));
    // Without a category the draw takes from the whole bank.
    expect((await task("全库抽题", { questionMode: 2, questionCount: 1 })).body.message).toBe("添加成功！");
    expect((await call("DELETE", `/bbh/api/questionType/delete?id=${empty}`, admin)).body.message).toBe("删除成功!");
  });

  it("refuses deleting a category a task draws from", async () => {
    const cat = await addType("抽题专用");
    await addQuestion({ typeId: cat, answerType: 4, content: "抽题专用题", answer: "x" });
    expect((await task("专用抽题", { questionMode: 2, questionTypeId: cat, questionCount: 1 })).body.message).toBe("添加成功！");
    const q = await questionByContent("抽题专用题");
    await db().update(bbhQuestion).set({ delFlag: 1 }).where(eq(bbhQuestion.id, q.id));
    expect((await call("DELETE", `/bbh/api/questionType/delete?id=${cat}`, admin)).body.message).toBe("分类【抽题专用】被任务【专用抽题】用于随机抽题，不能删除");
  });
});

describe("demo question bank (§8.4)", () => {
  it("seeds the 党史 tree, eight questions with their marks and tag, and the answer log's statistics", async () => {
    const demo = await createTestApp();
    try {
      await seed(demo.database.db, { adminPassword: ADMIN_PASSWORD, demo: true });
      await seed(demo.database.db, { adminPassword: ADMIN_PASSWORD, demo: true }); // once per database
      expect(await rows(demo, bbhQuestion)).toBe(8);
      const token = await demo.login();
      const tree = (await caller(demo)("GET", "/bbh/api/questionType/treeList", token)).body.result;
      expect(tree[0]).toMatchObject({ id: "demo-qt-01", typeName: "党史", hasChild: "1", totalCount: 8 });
      expect(tree[0].children.map((c: { typeName: string; totalCount: number }) => [c.typeName, c.totalCount])).toEqual([["建党时期", 1], ["土地革命战争时期", 4], ["抗日战争和解放战争时期", 3]]);
      const list = (await caller(demo)("GET", "/bbh/api/question/list?pageSize=20&typeId=demo-qt-01", token)).body.result;
      expect(list.total).toBe(8);
      const q2 = (await caller(demo)("GET", "/bbh/api/question/queryById?id=demo-q-02", token)).body.result;
      expect(q2).toMatchObject({ content: "遵义会议召开于哪一年？", answer: "C", redMarkId: "demo-rm-05", redMarkName: "遵义会议会址", useCount: 1, correctRate: 100 });
      const [rel] = await demo.database.db.select().from(bbhTagRel).where(eq(bbhTagRel.bizId, "demo-q-07"));
      expect(rel).toMatchObject({ tagId: "demo-tag-09", bizType: "question" });
      // 党史随机答题 draws 5 of the 8.
      const [draw] = await demo.database.db.select().from(bbhActivityTask).where(eq(bbhActivityTask.id, "demo-task-11"));
      expect(draw).toMatchObject({ questionMode: 2, questionTypeId: "demo-qt-01", questionCount: 5 });
    } finally {
      await demo.close();
    }
  });
});
