/**
 * Tasks from Excel (issue 8): the template; a good file appended after an activity's tasks with add's defaults
 * (sort_no, qr_token, judgement by type, 满分), names resolved (mark, 前置任务 above or existing, 抽题分类 path) and
 * fixed questions saved; a bad file refused as a whole with line, column and reason for every kind of problem
 * and nothing changed; the activity must exist and be visible; permissions; export → import round trip.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import { bbhActivityMain, bbhActivityTask, bbhQuestion, bbhQuestionType, bbhRedActivityMark, bbhRedMark, bbhTaskQuestion, sysDepart, sysPermission, sysRole } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { caller, downloadWorkbook, rows, uploadFile, xlsxFile } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;
const db = () => t.database.db;
let custom: string;
let red: string;
let target: string;
const q: Record<string, string> = {};
let partyId: string;

const activityId = async (name: string) => (await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, name)))[0].id;
const tasksOf = (id: string) => db().select().from(bbhActivityTask).where(and(eq(bbhActivityTask.activityId, id), eq(bbhActivityTask.delFlag, 0))).orderBy(asc(bbhActivityTask.sortNo));
const totalScore = async (id: string) => (await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.id, id)))[0].totalScore;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
  for (const [name, type] of [["任务导入活动", 1], ["红色任务活动", 2], ["往返目标活动", 1]] as const)
    expect((await call("POST", "/bbh/api/activity/main/add", admin, { activityName: name, activityType: type })).body.success).toBe(true);
  [custom, red, target] = [await activityId("任务导入活动"), await activityId("红色任务活动"), await activityId("往返目标活动")];
  await db().insert(bbhRedMark).values([
    { id: "mk-1", markName: "八一起义纪念馆", category: 1 },
    { id: "mk-2", markName: "井冈山革命博物馆", category: 1 },
  ]);
  await db().insert(bbhRedActivityMark).values({ id: "ram-1", activityId: red, redMarkId: "mk-2", customName: "博物馆", sortNo: 1 });
  expect((await call("POST", "/bbh/api/questionType/add", admin, { typeName: "党史" })).body.success).toBe(true);
  partyId = (await db().select().from(bbhQuestionType).where(eq(bbhQuestionType.typeName, "党史")))[0].id;
  expect((await call("POST", "/bbh/api/questionType/add", admin, { typeName: "建党时期", pid: partyId })).body.success).toBe(true);
  for (const [key, qStatus] of [["q1", 1], ["q2", 1], ["q3", 1], ["off", 0]] as const) {
    expect((await call("POST", "/bbh/api/question/add", admin, { typeId: partyId, answerType: 4, content: `题目${key}`, answer: "x", qStatus })).body.success).toBe(true);
    q[key] = (await db().select().from(bbhQuestion).where(eq(bbhQuestion.content, `题目${key}`)))[0].id;
  }
  expect((await call("POST", "/bbh/api/activity/task/add", admin, { activityId: custom, taskName: "已有任务", taskType: 7, score: 5 })).body.success).toBe(true);
});
afterAll(() => t.close());

const HEAD = ["任务名称", "任务类型", "所在印记", "分值", "是否必做", "判定方式", "前置任务", "任务状态", "出题方式", "固定题目", "抽题分类", "抽题数量", "最少照片数", "最多照片数", "最少字数"];
type Row = Partial<Record<(typeof HEAD)[number], string | number>>;
const line = (name: string, type: string, over: Row = {}) => HEAD.map((h) => (h === "任务名称" ? name : h === "任务类型" ? type : (over[h] ?? "")));

const xlsx = (header: string[], lines: Array<Array<string | number>>) => xlsxFile("任务", header, lines);
const upload = (file: Buffer, query: string, token = admin) => uploadFile(t, `/bbh/api/activity/task/importExcel${query}`, file, token, { filename: "t.xlsx" });
const readBack = (url: string) => downloadWorkbook(t, url, admin);

describe("task import", () => {
  it("serves the template: the import's headers and a 填写说明 sheet", async () => {
    const book = await readBack("/bbh/api/activity/task/importTemplate");
    const headers = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(expect.arrayContaining(HEAD));
    expect(headers.slice(0, 3)).toEqual(["任务名称", "任务类型", "所在印记"]);
    const help: string[] = [];
    book.getWorksheet("填写说明")!.eachRow((r) => help.push((r.values as unknown[]).slice(1).join("|")));
    expect(help.find((l) => l.startsWith("任务类型|"))).toContain("定位打卡、扫码打卡、答题");
    expect(help.find((l) => l.startsWith("出题方式|"))).toContain("固定、随机");
  });

  it("appends good rows after the activity's tasks with add's rules and defaults", async () => {
    const before = await rows(t, bbhActivityTask);
    const res = await upload(
      await xlsx(HEAD, [
        line("打卡一", "定位打卡", { 所在印记: "八一起义纪念馆", 分值: 20, 前置任务: "已有任务" }),
        line("扫码一", "2", { 前置任务: "打卡一" }),
        line("固定答题", "答题", { 出题方式: "固定", 固定题目: `${q.q2}, ${q.q1}` }),
        line("随机答题", "答题", { 出题方式: "随机抽题", 抽题分类: "党史", 抽题数量: 3, 判定方式: "人工审核" }),
        line("拍照一", "拍照上传", { 最少照片数: 2, 最多照片数: 4 }),
        line("作答一", "文字作答", { 最少字数: 50, 是否必做: "否", 任务状态: "停用", 分值: 30 }),
      ]),
      `?activityId=${custom}`,
    );
    expect(res.body).toMatchObject({ success: true, message: "文件导入成功！数据行数：6", result: { total: 6, created: 6 } });
    expect(await rows(t, bbhActivityTask)).toBe(before + 6);
    const tasks = await tasksOf(custom);
    expect(tasks.map((k) => [k.sortNo, k.taskName])).toEqual([[1, "已有任务"], [2, "打卡一"], [3, "扫码一"], [4, "固定答题"], [5, "随机答题"], [6, "拍照一"], [7, "作答一"]]);
    const byName = Object.fromEntries(tasks.map((k) => [k.taskName, k]));
    expect(byName["打卡一"]).toMatchObject({ taskType: 1, judgeMode: 1, redMarkId: "mk-1", score: 20, isRequired: 1, preTaskId: byName["已有任务"].id, qrToken: null, taskStatus: 1, maxSubmitTimes: 3, sysOrgCode: "A01", createBy: "admin" });
    expect(byName["扫码一"]).toMatchObject({ taskType: 2, judgeMode: 1, preTaskId: byName["打卡一"].id });
    expect(byName["扫码一"].qrToken).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(byName["固定答题"]).toMatchObject({ taskType: 3, questionMode: 1, judgeMode: 1 });
    expect(byName["随机答题"]).toMatchObject({ questionMode: 2, questionTypeId: partyId, questionCount: 3, judgeMode: 2 });
    expect(byName["拍照一"]).toMatchObject({ taskType: 4, judgeMode: 2, minPhotoCount: 2, maxPhotoCount: 4 });
    expect(byName["作答一"]).toMatchObject({ taskType: 5, minTextLength: 50, isRequired: 0, taskStatus: 0, score: 30 });
    const fixed = await db().select().from(bbhTaskQuestion).where(eq(bbhTaskQuestion.taskId, byName["固定答题"].id)).orderBy(asc(bbhTaskQuestion.sortNo));
    expect(fixed.map((f) => f.questionId)).toEqual([q.q2, q.q1]);
    // 满分: the enabled tasks (作答一 is disabled).
    expect(await totalScore(custom)).toBe(5 + 20 + 10 + 10 + 10 + 10);
    // 红色活动: the mark comes from the activity's list, by its name or its custom name.
    const redRes = await upload(await xlsx(HEAD, [line("博物馆打卡", "定位打卡", { 所在印记: "博物馆" }), line("博物馆打卡二", "定位打卡", { 所在印记: "井冈山革命博物馆" })]), `?activityId=${red}`);
    expect(redRes.body.success).toBe(true);
    expect((await tasksOf(red)).map((k) => k.redMarkId)).toEqual(["mk-2", "mk-2"]);
  });

  it("refuses a file with any bad row, naming line, column and reason, and changes nothing", async () => {
    const [tasksBefore, questionsBefore, scoreBefore] = [await rows(t, bbhActivityTask), await rows(t, bbhTaskQuestion), await totalScore(red)];
    const res = await upload(
      await xlsx(HEAD, [
        line("好任务", "定位打卡"),
        line("坏任务一", "跳舞"),
        line("坏任务二", "定位打卡", { 所在印记: "八一起义纪念馆" }),
        line("坏任务三", "答题", { 固定题目: `${q.q1},${q.off}` }),
        line("坏任务四", "答题", { 出题方式: "随机", 抽题分类: "党史", 抽题数量: 4 }),
        line("坏任务五", "定位打卡", { 前置任务: "没有的任务" }),
        line("坏任务六", "定位打卡", { 前置任务: "后面的任务" }),
        line("后面的任务", "定位打卡"),
        line("好任务", "扫码打卡"),
        line("坏任务七", "拍照上传", { 最少照片数: 5, 最多照片数: 3 }),
        line("坏任务八", "定位打卡", { 分值: 100001, 是否必做: "必须" }),
        line("坏任务九", "答题", { 出题方式: "随机", 抽题分类: "党史/不存在", 抽题数量: 1 }),
        line("坏任务十", "答题", { 出题方式: "随机" }),
        line("博物馆打卡", "定位打卡"),
      ]),
      `?activityId=${red}`,
    );
    expect(res.status).toBe(400);
    const errors = res.body.result.errors as Array<{ line: number; column: string; message: string }>;
    const at = (l: number) => errors.filter((e) => e.line === l).map((e) => `${e.column}:${e.message}`);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual(["任务类型:「跳舞」不正确，应为 定位打卡、扫码打卡、答题、拍照上传、文字作答、视频上传 或 学习浏览"]);
    expect(at(4)).toEqual(["所在印记:「八一起义纪念馆」不在本活动的印记列表中"]);
    expect(at(5)).toEqual([`固定题目:题目已停用，不能选为固定题目：${q.off}`]);
    expect(at(6)).toEqual(["抽题分类:抽题分类【党史】中启用的题目只有3道，不足抽题数量4道"]);
    expect(at(7)).toEqual(["前置任务:「没有的任务」不是本活动已有的任务，也不是文件中排在前面的任务"]);
    expect(at(8)).toEqual(["前置任务:「后面的任务」不是本活动已有的任务，也不是文件中排在前面的任务"]);
    expect(at(10)).toEqual(["任务名称:与第2行重复"]);
    expect(at(11)).toEqual(["最少照片数:最少照片数不能大于最多照片数"]);
    expect(at(12)).toEqual(["分值:不能大于100000", "是否必做:「必须」不正确，应为 是 或 否"]);
    expect(at(13)).toEqual(["抽题分类:「党史/不存在」不存在"]);
    expect(at(14)).toEqual(["抽题数量:随机抽题时请填写抽题数量"]);
    expect(at(15)).toEqual(["任务名称:任务名称【博物馆打卡】已存在"]);
    expect(res.body.message).toContain("共12行数据有误，未导入任何数据");
    expect(res.body.message).toContain("第4行：「所在印记」「八一起义纪念馆」不在本活动的印记列表中");
    expect([await rows(t, bbhActivityTask), await rows(t, bbhTaskQuestion), await totalScore(red)]).toEqual([tasksBefore, questionsBefore, scoreBefore]);
    expect((await tasksOf(red)).map((k) => k.taskName)).toEqual(["博物馆打卡", "博物馆打卡二"]);
  });

  it("needs a live activity the user may see, the import button and a workbook", async () => {
    const before = await rows(t, bbhActivityTask);
    const file = await xlsx(HEAD, [line("越权任务", "定位打卡")]);
    expect((await upload(file, `?activityId=${custom}`, auditor)).status).toBe(403);
    expect((await call("GET", "/bbh/api/activity/task/importTemplate", auditor)).status).toBe(403);
    expect(await upload(file, "")).toMatchObject({ status: 400 });
    expect(await upload(file, "?activityId=nope")).toMatchObject({ status: 400, body: { message: "活动不存在或已删除" } });
    expect((await upload(Buffer.from("not excel"), `?activityId=${custom}`)).body.message).toBe("文件导入失败:不是有效的 Excel（.xlsx）文件");
    // A deleted activity takes no tasks.
    expect((await call("POST", "/bbh/api/activity/main/add", admin, { activityName: "将删除的活动", activityType: 1 })).body.success).toBe(true);
    const gone = await activityId("将删除的活动");
    expect((await call("DELETE", `/bbh/api/activity/main/delete?id=${gone}`, admin)).body.success).toBe(true);
    expect((await upload(file, `?activityId=${gone}`)).body.message).toBe("活动不存在或已删除");
    expect(await rows(t, bbhActivityTask)).toBe(before);
  });

  it("takes the data rules of the activity's list: an activity the user cannot see takes no tasks", async () => {
    const menus = await db().select().from(sysPermission).where(inArray(sysPermission.component, ["bbh/activity/RedActivityList", "bbh/activity/ActivityTaskList"]));
    const buttons = await db().select().from(sysPermission).where(inArray(sysPermission.perms, ["bbh:activity:list", "bbh:task:list", "bbh:task:import"]));
    await call("POST", "/sys/role/add", admin, { roleName: "任务导入员", roleCode: "bbh_task_importer" });
    const [role] = await db().select().from(sysRole).where(eq(sysRole.roleCode, "bbh_task_importer"));
    await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: [...menus, ...buttons].map((p) => p.id).join(","), lastpermissionIds: "" });
    const redMenu = menus.find((m) => m.component === "bbh/activity/RedActivityList")!;
    await call("POST", "/sys/permission/addPermissionRule", admin, { permissionId: redMenu.id, ruleName: "本部门活动", ruleColumn: "sysOrgCode", ruleConditions: "=", ruleValue: "#{sys_org_code}" });
    const rules = (await call("GET", `/sys/permission/getPermRuleListByPermId?permissionId=${redMenu.id}`, admin)).body.result;
    await call("POST", "/sys/role/datarule", admin, { permissionId: redMenu.id, roleId: role.id, dataRuleIds: rules.map((r: { id: string }) => r.id).join(",") });
    const [ops] = await db().select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A01"));
    expect((await call("POST", "/sys/user/add", admin, { username: "task_importer", realname: "任务导入员", password: "Rule@12345", selectedroles: role.id, selecteddeparts: ops.id })).body.success).toBe(true);
    const importer = await t.login("task_importer", "Rule@12345");
    await db().insert(bbhActivityMain).values({ id: "act-ops-red", activityName: "运营部红色活动", activityType: 2, sysOrgCode: "A01A01" });
    const file = await xlsx(HEAD, [line("部门任务", "学习浏览")]);
    // 红色任务活动 belongs to A01: not in the importer's list, so not importable either.
    const before = await rows(t, bbhActivityTask);
    expect(await upload(file, `?activityId=${red}`, importer)).toMatchObject({ status: 400, body: { message: "活动不存在或已删除" } });
    expect(await rows(t, bbhActivityTask)).toBe(before);
    expect((await upload(file, "?activityId=act-ops-red", importer)).body).toMatchObject({ success: true, message: "文件导入成功！数据行数：1" });
    expect((await tasksOf("act-ops-red")).map((k) => [k.taskName, k.sysOrgCode, k.createBy])).toEqual([["部门任务", "A01A01", "task_importer"]]);
  });

  it("imports an activity's exported tasks into another activity as they were", async () => {
    const exported = await readBack(`/bbh/api/activity/task/exportXls?activityId=${custom}&column=sortNo&order=asc`);
    const sheet = exported.worksheets[0];
    expect((sheet.getRow(3).values as unknown[]).slice(1, 4)).toEqual(["序号", "任务名称", "任务类型"]);
    expect(sheet.rowCount).toBe(3 + 7);
    const res = await upload(Buffer.from(await exported.xlsx.writeBuffer()), `?activityId=${target}`);
    expect(res.body).toMatchObject({ success: true, message: "文件导入成功！数据行数：7" });
    const [from, to] = [await tasksOf(custom), await tasksOf(target)];
    const nameOf = (tasks: typeof from, id: string | null) => tasks.find((k) => k.id === id)?.taskName ?? null;
    const keys = ["sortNo", "taskName", "taskType", "judgeMode", "redMarkId", "score", "isRequired", "taskStatus", "questionMode", "questionTypeId", "questionCount", "minPhotoCount", "maxPhotoCount", "minTextLength", "maxVideoSeconds", "studySeconds", "maxSubmitTimes", "checkinRadius", "needLocation"] as const;
    const pick = (tasks: typeof from) => tasks.map((k) => ({ ...Object.fromEntries(keys.map((key) => [key, k[key]])), pre: nameOf(tasks, k.preTaskId), qr: Boolean(k.qrToken) }));
    expect(pick(to)).toEqual(pick(from));
    const fixedOf = async (tasks: typeof from) =>
      (await db().select().from(bbhTaskQuestion).where(inArray(bbhTaskQuestion.taskId, tasks.map((k) => k.id))).orderBy(asc(bbhTaskQuestion.sortNo))).map((f) => f.questionId);
    expect(await fixedOf(to)).toEqual(await fixedOf(from));
    expect(await totalScore(target)).toBe(await totalScore(custom));
    // New QR tokens, not copies.
    expect(to.find((k) => k.taskType === 2)!.qrToken).not.toBe(from.find((k) => k.taskType === 2)!.qrToken);
  });
});
