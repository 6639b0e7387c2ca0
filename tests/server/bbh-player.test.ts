/**
 * 玩家活动 and 玩家任务 (domain.md §4.13, §4.14, §7.2): the lists with their names, dictionary texts and filters
 * (activity, window, task, status, join-time range, and the WeChat user's school, organisation, nickname and
 * phone), the round's detail with every task's answer history and the ledger, a task's attempts, the exports,
 * bad input and the permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bbhActivityMain, bbhActivityTask, bbhActivityTime, bbhScoreRecord, bbhUserActivity, bbhUserTask, bbhUserTaskAnswer, bbhWxUser, sysDepart } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";
import { at, caller } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;
let f: { activityId: string; timeId: string; t1: string; t2: string; depart: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  call = caller(t);
  await call("POST", "/bbh/api/activity/main/add", admin, { activityName: "玩家活动测试", activityType: 1, coverImage: "/c.jpg", startTime: at(-10), endTime: at(30) });
  const [a] = await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, "玩家活动测试"));
  await call("POST", "/bbh/api/activity/task/add", admin, { activityId: a.id, taskName: "拍照", taskType: 4, score: 10 });
  await call("POST", "/bbh/api/activity/task/add", admin, { activityId: a.id, taskName: "感想", taskType: 5, score: 20 });
  await call("POST", "/bbh/api/activity/time/add", admin, { activityId: a.id, timeName: "一期", startTime: at(-1), endTime: at(5) });
  const tasks = await db().select().from(bbhActivityTask).where(eq(bbhActivityTask.activityId, a.id));
  const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, a.id));
  const [dep] = await db().select().from(sysDepart).where(eq(sysDepart.orgCode, "A02A01"));
  f = { activityId: a.id, timeId: w.id, t1: tasks.find((x) => x.taskName === "拍照")!.id, t2: tasks.find((x) => x.taskName === "感想")!.id, depart: dep.id };

  await db().insert(bbhWxUser).values([
    { id: "pw-1", openid: "p-open-1", nickname: "红星小明", realName: "张明", phone: "13912345678", schoolId: "sch-1", sysDepartId: f.depart },
    { id: "pw-2", openid: "p-open-2", nickname: "星火", realName: "李华", phone: "13700001111", schoolId: "sch-2" },
  ]);
  const base = (n: number) => ({ wxUserId: `pw-${n}`, activityId: f.activityId, timeId: f.timeId, roundNo: 1 });
  await db().insert(bbhUserActivity).values([
    { id: "pua-1", ...base(1), uaStatus: 1, totalScore: 10, finishedTaskCount: 1, totalTaskCount: 2, joinTime: new Date(Date.now() - 2 * 86_400_000) },
    { id: "pua-2", ...base(2), uaStatus: 0, joinTime: new Date() },
  ]);
  await db().insert(bbhUserTask).values([
    { id: "put-1a", userActivityId: "pua-1", ...base(1), taskId: f.t1, utStatus: 3, score: 10, submitCount: 2, lastAnswerId: "pans-1a2" },
    { id: "put-1b", userActivityId: "pua-1", ...base(1), taskId: f.t2, utStatus: 2, submitCount: 1, lastAnswerId: "pans-1b1" },
    { id: "put-2a", userActivityId: "pua-2", ...base(2), taskId: f.t1, utStatus: 1 },
  ]);
  await db().insert(bbhUserTaskAnswer).values([
    { id: "pans-1a1", userTaskId: "put-1a", userActivityId: "pua-1", ...base(1), taskId: f.t1, taskType: 4, attemptNo: 1, answerImages: "/x1.jpg", auditStatus: 2, auditRemark: "照片不清晰", isLatest: 0, submitTime: new Date(Date.now() - 3600_000) },
    { id: "pans-1a2", userTaskId: "put-1a", userActivityId: "pua-1", ...base(1), taskId: f.t1, taskType: 4, attemptNo: 2, answerImages: "/x2.jpg,/x3.jpg", auditStatus: 1, score: 10 },
    { id: "pans-1b1", userTaskId: "put-1b", userActivityId: "pua-1", ...base(1), taskId: f.t2, taskType: 5, attemptNo: 1, answerText: "很有收获", auditStatus: 0 },
  ]);
  await db().insert(bbhScoreRecord).values({ id: "psr-1", ...base(1), userActivityId: "pua-1", userTaskId: "put-1a", answerId: "pans-1a2", scoreType: 1, scoreChange: 10, scoreAfter: 10 });
});
afterAll(() => t.close());

const db = () => t.database.db;
const ids = (res: { body: { result: { records: Array<{ id: string }> } } }) => res.body.result.records.map((r) => r.id);

describe("玩家活动 /bbh/api/userActivity", () => {
  it("lists rounds with the player's, activity's and window's names, masked phones and status texts", async () => {
    const res = await call("GET", `/bbh/api/userActivity/list?activityId=${f.activityId}`, admin);
    expect(res.body.result.total).toBe(2);
    expect(ids(res)).toEqual(["pua-2", "pua-1"]); // join time, newest first
    expect(res.body.result.records[1]).toMatchObject({ nickname: "红星小明", realName: "张明", phone: "139****5678", activityName: "玩家活动测试", timeName: "一期", uaStatus: 1, uaStatus_dictText: "进行中", totalScore: 10 });
  });

  it("filters by window, status, join time, and the WeChat user's school, organisation, nickname and phone", async () => {
    const q = async (s: string) => ids(await call("GET", `/bbh/api/userActivity/list?activityId=${f.activityId}&${s}`, admin)).sort();
    expect(await q(`timeId=${f.timeId}`)).toEqual(["pua-1", "pua-2"]);
    expect(await q("uaStatus=0")).toEqual(["pua-2"]);
    expect(await q("schoolId=sch-1")).toEqual(["pua-1"]);
    expect(await q(`sysDepartId=${f.depart}`)).toEqual(["pua-1"]);
    expect(await q(`nickname=${encodeURIComponent("星火")}`)).toEqual(["pua-2"]);
    expect(await q(`nickname=${encodeURIComponent("*张*")}`)).toEqual(["pua-1"]);
    expect(await q("phone=0000111")).toEqual(["pua-2"]);
    expect(await q(`joinTime_begin=${encodeURIComponent(at(-1))}`)).toEqual(["pua-2"]);
    expect(await q("schoolId=sch-1&uaStatus=0")).toEqual([]);
    expect(await q("column=totalScore&order=desc")).toEqual(["pua-1", "pua-2"]);
  });

  it("refuses bad filters and sorts with a 400", async () => {
    expect((await call("GET", "/bbh/api/userActivity/list?schoolId=a%27%20or%201%3D1", admin)).body).toMatchObject({ success: false, message: "参数「学校」不是有效的编号" });
    expect((await call("GET", `/bbh/api/userActivity/list?nickname=${"x".repeat(65)}`, admin)).status).toBe(400);
    expect((await call("GET", "/bbh/api/userActivity/list?column=openid", admin)).status).toBe(400);
    expect((await call("GET", "/bbh/api/userActivity/list?joinTime_begin=notadate", admin)).status).toBe(400);
  });

  it("shows a round's detail: every task by sort with every attempt, and the ledger", async () => {
    const res = await call("GET", "/bbh/api/userActivity/detail?id=pua-1", admin);
    expect(res.body.success).toBe(true);
    const d = res.body.result;
    expect(d).toMatchObject({ id: "pua-1", nickname: "红星小明", uaStatus_dictText: "进行中", totalScore: 10 });
    expect(d.tasks.map((x: { taskName: string; utStatus_dictText: string; taskType_dictText: string }) => [x.taskName, x.utStatus_dictText, x.taskType_dictText])).toEqual([["拍照", "已完成", "拍照上传"], ["感想", "待审核", "文字作答"]]);
    expect(d.tasks[0].answers.map((a: { id: string; attemptNo: number; auditStatus_dictText: string; auditRemark: string | null }) => [a.id, a.attemptNo, a.auditStatus_dictText, a.auditRemark])).toEqual([["pans-1a1", 1, "审核驳回", "照片不清晰"], ["pans-1a2", 2, "审核通过", null]]);
    expect(d.tasks[1].answers[0]).toMatchObject({ answerText: "很有收获", auditStatus: 0 });
    expect(d.scoreRecords).toMatchObject([{ scoreChange: 10, scoreType_dictText: "任务得分" }]);
    expect(d.scoreRecords.reduce((s: number, r: { scoreChange: number }) => s + r.scoreChange, 0)).toBe(d.totalScore);
    expect((await call("GET", "/bbh/api/userActivity/detail?id=nope", admin)).body.message).toBe("数据不存在或已删除");
    expect((await call("GET", "/bbh/api/userActivity/detail?id=bad%20id", admin)).status).toBe(400);
    expect((await call("GET", "/bbh/api/userActivity/queryById?id=pua-2", admin)).body.result).toMatchObject({ nickname: "星火", uaStatus_dictText: "已报名" });
  });

  it("exports the filtered list", async () => {
    const res = await t.app.inject({ method: "GET", url: `/jeecg-boot/bbh/api/userActivity/exportXls?activityId=${f.activityId}`, headers: { "x-access-token": admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
  });
});

describe("玩家任务 /bbh/api/userTask", () => {
  it("lists tasks with names and texts, filtered by task, status and player", async () => {
    const res = await call("GET", `/bbh/api/userTask/list?activityId=${f.activityId}&taskId=${f.t1}&column=utStatus&order=desc`, admin);
    expect(ids(res)).toEqual(["put-1a", "put-2a"]);
    expect(res.body.result.records[0]).toMatchObject({ taskName: "拍照", taskType: 4, taskType_dictText: "拍照上传", utStatus_dictText: "已完成", nickname: "红星小明", activityName: "玩家活动测试", submitCount: 2 });
    expect(ids(await call("GET", `/bbh/api/userTask/list?activityId=${f.activityId}&utStatus=2`, admin))).toEqual(["put-1b"]);
    expect(ids(await call("GET", `/bbh/api/userTask/list?activityId=${f.activityId}&schoolId=sch-2`, admin))).toEqual(["put-2a"]);
  });

  it("gives a task's answer history, oldest attempt first", async () => {
    const res = await call("GET", "/bbh/api/userTask/answers?userTaskId=put-1a", admin);
    expect(res.body.result.map((a: { id: string; answerImages: string; taskName: string }) => [a.id, a.answerImages, a.taskName])).toEqual([["pans-1a1", "/x1.jpg", "拍照"], ["pans-1a2", "/x2.jpg,/x3.jpg", "拍照"]]);
    expect((await call("GET", "/bbh/api/userTask/answers?userTaskId=nope", admin)).body.message).toBe("数据不存在或已删除");
  });
});

describe("答案 /bbh/api/userTaskAnswer/list", () => {
  it("carries the names the review page shows and filters by submit time", async () => {
    const res = await call("GET", `/bbh/api/userTaskAnswer/list?activityId=${f.activityId}&auditStatus=0&column=submitTime&order=asc`, admin);
    expect(res.body.result.records).toMatchObject([{ id: "pans-1b1", nickname: "红星小明", taskName: "感想", taskScore: 20, activityName: "玩家活动测试", timeName: "一期", auditStatus_dictText: "待审核" }]);
    const since = encodeURIComponent(at(-1 / 48));
    expect(ids(await call("GET", `/bbh/api/userTaskAnswer/list?activityId=${f.activityId}&submitTime_begin=${since}`, admin)).sort()).toEqual(["pans-1a2", "pans-1b1"]);
  });
});

describe("permissions", () => {
  it("needs the list codes of each menu", async () => {
    await call("POST", "/sys/user/add", admin, { username: "no_player", realname: "无权限", password: "Rule@12345" });
    const stranger = await t.login("no_player", "Rule@12345");
    for (const url of ["/bbh/api/userActivity/list", "/bbh/api/userActivity/detail?id=pua-1", "/bbh/api/userActivity/exportXls", "/bbh/api/userTask/list", "/bbh/api/userTask/answers?userTaskId=put-1a", "/bbh/api/userTaskAnswer/list"]) {
      expect((await call("GET", url, stranger)).status, url).toBe(403);
    }
  });
});

describe("cached totals of the player lists (version triggers, migration 0011)", () => {
  it("stay exact after writes to the rounds and to the WeChat users the filters read", async () => {
    const db = t.database.db;
    const total = async (q: string) => (await t.app.inject({ method: "GET", url: `${API}/bbh/api/userActivity/list?activityId=${f.activityId}${q}`, headers: { "x-access-token": admin } })).json().result.total as number;
    expect(await total("")).toBe(2);
    expect(await total("&schoolId=sch-1")).toBe(1);
    await db.insert(bbhUserActivity).values({ id: "pua-3", wxUserId: "pw-1", activityId: f.activityId, timeId: f.timeId, roundNo: 2, uaStatus: 1 });
    expect(await total("")).toBe(3);
    expect(await total("&schoolId=sch-1")).toBe(2);
    await db.update(bbhWxUser).set({ schoolId: "sch-9" }).where(eq(bbhWxUser.id, "pw-1"));
    expect(await total("&schoolId=sch-1")).toBe(0);
  });
});
