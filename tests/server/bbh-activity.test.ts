/**
 * Activities, windows and tasks (domain.md §4.1–4.4, §5.1, §6.2): CRUD, every transition of the publish
 * state machine allowed and refused, edit locks, clone, the select list, task sort and questions, permissions
 * and bad input that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { bbhActivityMain, bbhActivityTask, bbhActivityTime, bbhQuestion, bbhTaskQuestion } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { at, caller, rows } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
  // Fixed questions must be live, enabled questions of the bank (issue 9).
  await t.database.db.insert(bbhQuestion).values(["q1", "q2", "q9"].map((id) => ({ id, typeId: "qt", answerType: 5, content: `题目${id}`, answer: "参考答案" })));
});
afterAll(() => t.close());

const db = () => t.database.db;
const activityByName = async (name: string) => (await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, name)))[0];

async function addActivity(name: string, extra: object = {}) {
  const res = await call("POST", "/bbh/api/activity/main/add", admin, {
    activityName: name,
    activityType: 1,
    coverImage: "/demo/cover.jpg",
    startTime: at(-10),
    endTime: at(30),
    ...extra,
  });
  expect(res.body.message).toBe("添加成功！");
  return (await activityByName(name)).id;
}
const addWindow = async (activityId: string, timeName: string, from: number, to: number) =>
  call("POST", "/bbh/api/activity/time/add", admin, { activityId, timeName, startTime: at(from), endTime: at(to) });
const addTask = async (activityId: string, taskName: string, extra: object = {}) =>
  call("POST", "/bbh/api/activity/task/add", admin, { activityId, taskName, taskType: 5, score: 10, ...extra });
const publish = (id: string, publishStatus: number, force?: boolean) => call("PUT", "/bbh/api/activity/main/updatePublish", admin, { id, publishStatus, force });

describe("activity CRUD", () => {
  it("adds, lists with dictionary texts, reads, edits and soft-deletes an activity; audit columns come from the server", async () => {
    const id = await addActivity("增删改查活动", { createBy: "hacker", summary: "简介", content: '<p onclick="x()">介绍<script>alert(1)</script></p>' });
    const row = await activityByName("增删改查活动");
    expect(row.createBy).toBe("admin");
    expect(row.sysOrgCode).toBe("A01");
    expect(row.content).toBe("<p>介绍</p>");
    const list = await call("GET", "/bbh/api/activity/main/list?activityType=1&activityName=*增删改*", admin);
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.records[0]).toMatchObject({ id, activityType: 1, activityType_dictText: "自定义活动", publishStatus_dictText: "未发布" });
    expect((await call("GET", `/bbh/api/activity/main/queryById?id=${id}`, admin)).body.result.activityName).toBe("增删改查活动");
    const edited = await call("PUT", "/bbh/api/activity/main/edit", admin, { id, activityName: "增删改查活动2", activityType: 1, summary: "新简介" });
    expect(edited.body.message).toBe("编辑成功!");
    expect((await activityByName("增删改查活动2")).updateBy).toBe("admin");
    expect((await call("DELETE", `/bbh/api/activity/main/delete?id=${id}`, admin)).body.message).toBe("删除成功!");
    expect((await activityByName("增删改查活动2")).delFlag).toBe(1);
    expect((await call("GET", "/bbh/api/activity/main/list?activityName=增删改查活动2", admin)).body.result.total).toBe(0);
    // A deleted name may be used again.
    await addActivity("增删改查活动2");
  });

  it("refuses a duplicate name, bad codes, reversed periods and a bad grade rule with 400, changing nothing", async () => {
    await addActivity("唯一名称活动");
    const before = await rows(t, bbhActivityMain);
    const cases: Array<[object, RegExp]> = [
      [{ activityName: "唯一名称活动", activityType: 1 }, /活动名称【唯一名称活动】已存在/],
      [{ activityName: "坏类型", activityType: 5 }, /活动类型/],
      [{ activityName: "坏时间", activityType: 1, startTime: at(5), endTime: at(1) }, /活动结束时间必须晚于开始时间/],
      [{ activityName: "坏日期", activityType: 1, startTime: "2024-02-31 10:00:00" }, /开始时间不是有效的日期时间/],
      [{ activityName: "坏规则", activityType: 1, gradeRule: "[1,2]" }, /等级规则格式不正确/],
      [{ activityName: "半个坐标", activityType: 1, longitude: 120 }, /经度和纬度需同时填写/],
      [{ activityName: "x".repeat(101), activityType: 1 }, /活动名称/],
    ];
    for (const [payload, message] of cases) {
      const res = await call("POST", "/bbh/api/activity/main/add", admin, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await rows(t, bbhActivityMain)).toBe(before);
  });

  it("refuses without the permission code (403) and does nothing", async () => {
    const before = await rows(t, bbhActivityMain);
    const res = await call("POST", "/bbh/api/activity/main/add", auditor, { activityName: "无权活动", activityType: 1 });
    expect(res.status).toBe(403);
    expect((await call("GET", "/bbh/api/activity/main/list", auditor)).status).toBe(403);
    expect((await call("POST", "/bbh/api/activity/time/settleActivityTime", auditor, { id: "x1" })).status).toBe(403);
    expect(await rows(t, bbhActivityMain)).toBe(before);
  });
});

describe("publish state machine (§5.1)", () => {
  it("walks 0 → 1 → 2 → 1 and refuses every other transition with its message, leaving the row unchanged", async () => {
    const id = await addActivity("状态机活动", { coverImage: null });
    const status = async () => (await activityByName("状态机活动")).publishStatus;
    // 0 → 2, 0 → 0, unknown values
    expect((await publish(id, 2)).body.message).toBe("未发布的活动无需下架");
    expect((await publish(id, 0)).body.message).toBe("当前已是【未发布】，无需重复操作");
    expect((await publish(id, 7)).body.message).toBe("状态值不合法");
    // 0 → 1 checks, in order
    let res = await publish(id, 1);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("请完善活动名称、封面和起止时间后再发布");
    await call("PUT", "/bbh/api/activity/main/edit", admin, { id, activityName: "状态机活动", activityType: 1, coverImage: "/c.jpg", startTime: at(-10), endTime: at(30) });
    expect((await publish(id, 1)).body.message).toBe("请至少设置一个活动时间段");
    expect((await addWindow(id, "第一期", -5, 5)).body.message).toBe("添加成功！");
    expect((await publish(id, 1)).body.message).toBe("请至少添加一个启用的任务");
    await addTask(id, "写心得", { score: 20 });
    await addTask(id, "答题", { taskType: 3, score: 10 });
    expect((await publish(id, 1)).body.message).toBe("答题任务【答题】未配置题目");
    const quiz = (await db().select().from(bbhActivityTask).where(eq(bbhActivityTask.taskName, "答题")))[0];
    expect((await call("POST", "/bbh/api/activity/task/saveQuestions", admin, { taskId: quiz.id, questions: [{ questionId: "q1" }, { questionId: "q2", score: 5 }] })).body.message).toBe("保存成功");
    expect(await status()).toBe(0);
    // 0 → 1 allowed: effects
    res = await publish(id, 1);
    expect(res.body).toMatchObject({ success: true, message: "发布成功", result: { id, publishStatus: 1, publishStatus_dictText: "已发布", warnings: [] } });
    const row = await activityByName("状态机活动");
    expect(row).toMatchObject({ publishStatus: 1, publishBy: "admin", totalScore: 30 });
    const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, id));
    expect(w.timeStatus).toBe(1); // the window whose period has come is running
    // 1 → 1, 1 → 0
    expect((await publish(id, 1)).body.message).toBe("当前已是【已发布】，无需重复操作");
    expect((await publish(id, 0)).body.message).toBe("已发布过的活动不能退回未发布状态，请使用下架");
    // published: locked fields and delete refused
    res = await call("PUT", "/bbh/api/activity/main/edit", admin, { id, activityName: "状态机活动", activityType: 1, orderMode: 1, coverImage: "/c.jpg", startTime: at(-10), endTime: at(30) });
    expect(res.body.message).toBe("活动已发布，不能修改活动类型/参与方式/闯关顺序，请先下架");
    expect((await call("DELETE", `/bbh/api/activity/main/delete?id=${id}`, admin)).body.message).toMatch(/已发布的活动不能删除，请先下架/);
    // 1 → 2 allowed, 2 → 2 refused, 2 → 0 refused, 2 → 1 allowed
    expect((await publish(id, 2)).body.message).toBe("下架成功");
    expect(await status()).toBe(2);
    expect((await publish(id, 2)).body.message).toBe("当前已是【已下架】，无需重复操作");
    expect((await publish(id, 0)).body.message).toBe("已发布过的活动不能退回未发布状态，请使用下架");
    expect((await publish(id, 1)).body.message).toBe("发布成功");
    expect(await status()).toBe(1);
  });

  it("checks windows: inside the period, no overlap (on add and at publish), and past activities cannot be published", async () => {
    const id = await addActivity("时间段活动");
    await addTask(id, "任务一");
    expect((await addWindow(id, "超出", -20, 5)).body.message).toBe("时间段【超出】不在活动起止时间范围内");
    expect((await addWindow(id, "一期", -5, 5)).body.message).toBe("添加成功！");
    expect((await addWindow(id, "二期", 4, 8)).body.message).toBe("时间段【二期】与【一期】时间重叠");
    expect((await addWindow(id, "一期", 10, 12)).body.message).toBe("时间段名称【一期】已存在");
    expect((await addWindow(id, "反了", 12, 10)).body.message).toBe("结束时间必须晚于开始时间");
    expect(await rows(t, bbhActivityTime, eq(bbhActivityTime.activityId, id))).toBe(1);
    const old = await addActivity("过期活动", { startTime: at(-30), endTime: at(-1) });
    expect((await publish(old, 1)).body.message).toBe("活动结束时间已过，无法发布");
  });

  it("team mode needs group settings; activation without codes is a warning", async () => {
    const id = await addActivity("团队活动", { teamMode: 2, needActivation: 1 });
    await addWindow(id, "一期", 1, 5);
    await addTask(id, "任务一");
    expect((await publish(id, 1)).body.message).toBe("请正确设置小组方式和人数上下限");
    await call("PUT", "/bbh/api/activity/main/edit", admin, { id, activityName: "团队活动", activityType: 1, coverImage: "/c.jpg", startTime: at(-10), endTime: at(30), teamMode: 2, needActivation: 1, groupType: 1, groupMinSize: 2, groupMaxSize: 6 });
    const res = await publish(id, 1);
    expect(res.body.result.warnings).toEqual(["该活动需要激活码，但尚未生成激活码"]);
    const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, id));
    expect(w.timeStatus).toBe(0); // starts tomorrow
  });

  it("refuses 下架 while players take part in a running window unless forced", async () => {
    const id = await addActivity("下架活动");
    await addWindow(id, "一期", -1, 5);
    await addTask(id, "任务一");
    await publish(id, 1);
    const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, id));
    const { bbhUserActivity } = await import("../../server/db/schema.js");
    await db().insert(bbhUserActivity).values({ id: "ua-offline-1", wxUserId: "wx-x", activityId: id, timeId: w.id, roundNo: 1, uaStatus: 1 });
    expect((await publish(id, 2)).body.message).toBe("活动有1人正在参与时间段【一期】，如需下架请先结算或勾选强制下架");
    expect((await activityByName("下架活动")).publishStatus).toBe(1);
    expect((await publish(id, 2, true)).body.message).toBe("下架成功");
    expect((await call("DELETE", `/bbh/api/activity/main/delete?id=${id}`, admin)).body.message).toBe("活动已有玩家参与记录，不能删除");
  });
});

describe("getById, select list and clone", () => {
  it("getById returns windows with display status and counts; the select list filters by type, status and keyword", async () => {
    const id = await addActivity("详情活动");
    await addWindow(id, "一期", -3, -1);
    await addTask(id, "任务一", { score: 15 });
    const res = await call("GET", `/bbh/api/activity/main/getById?id=${id}`, admin);
    expect(res.body.result).toMatchObject({ id, taskCount: 1, redMarkCount: 0, totalScore: 15, stats: { participantCount: 0 } });
    expect(res.body.result.times[0]).toMatchObject({ timeName: "一期", timeStatus: 0, timeStatus_dictText: "未开始" });
    expect((await call("GET", "/bbh/api/activity/main/getById?id=nope", admin)).body.message).toBe("活动不存在或已删除");
    const list = await call("GET", "/bbh/api/activity/main/getActivityNameSelectList?activityType=1&keyword=详情", admin);
    expect(list.body.result).toEqual([{ value: id, text: "详情活动", title: "详情活动", label: "详情活动" }]);
    expect((await call("GET", "/bbh/api/activity/main/getActivityNameSelectList?publishStatus=1,2&keyword=详情", admin)).body.result).toEqual([]);
    expect((await call("GET", "/bbh/api/activity/main/getActivityNameSelectList?publishStatus=9", admin)).status).toBe(400);
  });

  it("clone makes a draft with copied tasks and questions, optionally shifted windows", async () => {
    const id = await addActivity("源活动");
    await addWindow(id, "一期", -3, 3);
    await addTask(id, "答题", { taskType: 3 });
    await addTask(id, "扫码", { taskType: 2 });
    const quiz = (await db().select().from(bbhActivityTask).where(and(eq(bbhActivityTask.activityId, id), eq(bbhActivityTask.taskName, "答题"))))[0];
    await call("POST", "/bbh/api/activity/task/saveQuestions", admin, { taskId: quiz.id, questions: [{ questionId: "q9" }] });
    const res = await call("POST", "/bbh/api/activity/main/clone", admin, { id, activityName: "克隆活动", copyTimes: true, shiftDays: 7 });
    expect(res.body.message).toBe("克隆成功");
    const copy = await activityByName("克隆活动");
    expect(copy).toMatchObject({ id: res.body.result.id, publishStatus: 0, cloneFromId: id, totalScore: 20 });
    const tasks = await db().select().from(bbhActivityTask).where(eq(bbhActivityTask.activityId, copy.id));
    expect(tasks.map((x) => x.taskName).sort()).toEqual(["扫码", "答题"]);
    const srcQr = (await db().select().from(bbhActivityTask).where(and(eq(bbhActivityTask.activityId, id), eq(bbhActivityTask.taskName, "扫码"))))[0].qrToken;
    expect(tasks.find((x) => x.taskName === "扫码")!.qrToken).not.toBe(srcQr);
    expect(await rows(t, bbhTaskQuestion, eq(bbhTaskQuestion.taskId, tasks.find((x) => x.taskName === "答题")!.id))).toBe(1);
    const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, copy.id));
    const [src] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, id));
    expect(w.startTime.getTime() - src.startTime.getTime()).toBe(7 * 86_400_000);
    expect((await call("POST", "/bbh/api/activity/main/clone", admin, { id, activityName: "克隆活动" })).body.message).toBe("活动名称【克隆活动】已存在");
  });
});

describe("tasks", () => {
  it("numbers tasks 1..n, sorts them with changeTaskSort, refuses a stale set, renumbers after delete, gives QR content", async () => {
    const id = await addActivity("任务活动");
    for (const name of ["甲", "乙", "丙"]) await addTask(id, name);
    await addTask(id, "扫码任务", { taskType: 2 });
    const list = await call("GET", `/bbh/api/activity/task/list?activityId=${id}`, admin);
    const ids: string[] = list.body.result.records.map((r: { id: string }) => r.id);
    expect(list.body.result.records.map((r: { taskName: string; sortNo: number }) => `${r.sortNo}${r.taskName}`)).toEqual(["1甲", "2乙", "3丙", "4扫码任务"]);
    expect(list.body.result.records[0]).toMatchObject({ taskType_dictText: "文字作答", judgeMode: 2, judgeMode_dictText: "人工审核" });
    const order = [ids[3], ids[2], ids[0], ids[1]];
    const res = await call("PUT", "/bbh/api/activity/task/changeTaskSort", admin, { activityId: id, taskIds: order });
    expect(res.body).toMatchObject({ message: "排序成功", result: order.map((x, i) => ({ id: x, sortNo: i + 1 })) });
    const stale = await call("PUT", "/bbh/api/activity/task/changeTaskSort", admin, { activityId: id, taskIds: order.slice(0, 3) });
    expect(stale).toMatchObject({ status: 400, body: { message: "任务列表已变化，请刷新后重试" } });
    await call("DELETE", `/bbh/api/activity/task/delete?id=${order[1]}`, admin);
    const after = await call("GET", `/bbh/api/activity/task/list?activityId=${id}`, admin);
    expect(after.body.result.records.map((r: { taskName: string; sortNo: number }) => `${r.sortNo}${r.taskName}`)).toEqual(["1扫码任务", "2甲", "3乙"]);
    expect((await activityByName("任务活动")).totalScore).toBe(30);
    const qr = await call("GET", `/bbh/api/activity/task/qrCode?id=${ids[3]}`, admin);
    expect(qr.body.result.content).toMatch(/^bbh:task:[A-Za-z0-9]{24}$/);
    expect((await call("GET", `/bbh/api/activity/task/qrCode?id=${ids[0]}`, admin)).body.message).toBe("只有扫码打卡任务有二维码");
    expect((await addTask(id, "甲")).body.message).toBe("任务名称【甲】已存在");
    expect((await addTask(id, "坏类型", { taskType: 9 })).status).toBe(400);
  });

  it("a sequential activity with a running window keeps its task order", async () => {
    const id = await addActivity("顺序活动", { orderMode: 1 });
    await addWindow(id, "一期", -1, 5);
    await addTask(id, "一");
    await addTask(id, "二");
    await publish(id, 1);
    const tasks = await db().select().from(bbhActivityTask).where(eq(bbhActivityTask.activityId, id));
    const res = await call("PUT", "/bbh/api/activity/task/changeTaskSort", admin, { activityId: id, taskIds: tasks.map((x) => x.id).reverse() });
    expect(res.body.message).toBe("按顺序解锁的活动进行中，不能调整任务顺序");
  });
});
