/**
 * Answer review (domain.md §5.4, updateUserTaskAnswer): every transition allowed and refused, the task, the
 * ledger and the player's totals moving together (total = ledger sum after every step), attempts running out,
 * frozen after settlement, and the permission.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bbhActivityMain, bbhActivityTask, bbhActivityTime, bbhScoreRecord, bbhUserActivity, bbhUserTask, bbhUserTaskAnswer } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { at, caller } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;
let f: { activityId: string; timeId: string; t1: string; t2: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  call = caller(t);
  await call("POST", "/bbh/api/activity/main/add", admin, { activityName: "审核活动", activityType: 1, coverImage: "/c.jpg", startTime: at(-10), endTime: at(30) });
  const [a] = await t.database.db.select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, "审核活动"));
  await call("POST", "/bbh/api/activity/task/add", admin, { activityId: a.id, taskName: "感想", taskType: 5, score: 20, maxSubmitTimes: 2 });
  await call("POST", "/bbh/api/activity/task/add", admin, { activityId: a.id, taskName: "拍照", taskType: 4, score: 10 });
  await call("POST", "/bbh/api/activity/time/add", admin, { activityId: a.id, timeName: "一期", startTime: at(-1), endTime: at(5) });
  await call("PUT", "/bbh/api/activity/main/updatePublish", admin, { id: a.id, publishStatus: 1 });
  const tasks = await t.database.db.select().from(bbhActivityTask).where(eq(bbhActivityTask.activityId, a.id));
  const [w] = await t.database.db.select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, a.id));
  f = { activityId: a.id, timeId: w.id, t1: tasks.find((x) => x.taskName === "感想")!.id, t2: tasks.find((x) => x.taskName === "拍照")!.id };
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A player: task 1 pending (attempt `attempts`), task 2 done with 10 points in the ledger. */
async function player(key: string, attempts = 1) {
  const base = { wxUserId: `wx-${key}`, activityId: f.activityId, timeId: f.timeId, roundNo: 1 };
  await db().insert(bbhUserActivity).values({ id: `ua-${key}`, ...base, uaStatus: 1, totalScore: 10, startTime: new Date(Date.now() - 3600_000) });
  await db().insert(bbhUserTask).values([
    { id: `ut1-${key}`, userActivityId: `ua-${key}`, ...base, taskId: f.t1, utStatus: 2, submitCount: attempts },
    { id: `ut2-${key}`, userActivityId: `ua-${key}`, ...base, taskId: f.t2, utStatus: 3, score: 10, submitCount: 1 },
  ]);
  await db().insert(bbhUserTaskAnswer).values([
    { id: `old-${key}`, userTaskId: `ut1-${key}`, userActivityId: `ua-${key}`, ...base, taskId: f.t1, taskType: 5, attemptNo: 1, auditStatus: 2, isLatest: 0 },
    { id: `a1-${key}`, userTaskId: `ut1-${key}`, userActivityId: `ua-${key}`, ...base, taskId: f.t1, taskType: 5, attemptNo: attempts, auditStatus: 0 },
    { id: `a2-${key}`, userTaskId: `ut2-${key}`, userActivityId: `ua-${key}`, ...base, taskId: f.t2, taskType: 4, auditStatus: 1, score: 10 },
  ]);
  await db().insert(bbhScoreRecord).values({ id: `sr-${key}`, ...base, userActivityId: `ua-${key}`, userTaskId: `ut2-${key}`, scoreType: 1, scoreChange: 10, scoreAfter: 10 });
}

const audit = (id: string, auditStatus: number, extra: object = {}, token = admin) => call("POST", "/bbh/api/userTaskAnswer/updateUserTaskAnswer", token, { id, auditStatus, ...extra });
async function state(key: string) {
  const [ua] = await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.id, `ua-${key}`));
  const [ut] = await db().select().from(bbhUserTask).where(eq(bbhUserTask.id, `ut1-${key}`));
  const ledger = await db().select().from(bbhScoreRecord).where(eq(bbhScoreRecord.userActivityId, `ua-${key}`));
  expect(ua.totalScore).toBe(ledger.reduce((s, r) => s + r.scoreChange, 0));
  return { total: ua.totalScore, uaStatus: ua.uaStatus, utStatus: ut.utStatus, utScore: ut.score, ledger: ledger.map((r) => [r.scoreType, r.scoreChange]) };
}

describe("updateUserTaskAnswer (§5.4)", () => {
  it("walks 0 → 1, 1 → 1 (new score), 1 → 2, 2 → 1 and refuses the rest, keeping totals equal to the ledger", async () => {
    await player("p");
    expect((await audit("a1-p", 0)).body.message).toBe("不能将审核结果改回待审核");
    expect((await audit("a1-p", 5)).body.message).toBe("状态值不合法");
    expect((await audit("a1-p", 1, { score: 25 })).body.message).toBe("得分需在0到20分之间");
    expect((await audit("a1-p", 2)).body.message).toBe("驳回时请填写驳回原因");
    expect((await audit("old-p", 1)).body.message).toBe("该提交已被玩家的新提交替代，请审核最新提交");
    expect((await audit("nope", 1)).body.message).toBe("数据不存在或已删除");
    expect(await state("p")).toMatchObject({ total: 10, utStatus: 2, ledger: [[1, 10]] });

    const ok = await audit("a1-p", 1, { score: 15, auditRemark: "不错" });
    expect(ok.body).toMatchObject({ message: "审核成功", result: { auditStatus: 1, auditStatus_dictText: "审核通过", score: 15, userTaskStatus: 3, userTotalScore: 25, userActivityStatus: 2 } });
    expect(await state("p")).toMatchObject({ total: 25, uaStatus: 2, utStatus: 3, utScore: 15 });
    expect((await audit("a1-p", 1, { score: 15 })).body.message).toBe("审核结果未发生变化");
    expect((await audit("a1-p", 1, { score: 18 })).body.result.userTotalScore).toBe(28);
    expect((await audit("a1-p", 2, { auditRemark: "照片不符" })).body.result).toMatchObject({ auditStatus: 2, userTaskStatus: 4, userTotalScore: 10, userActivityStatus: 1 });
    expect((await audit("a1-p", 2, { auditRemark: "再驳回" })).body.message).toBe("审核结果未发生变化");
    expect((await audit("a1-p", 1)).body.result).toMatchObject({ score: 20, userTotalScore: 30, userActivityStatus: 2 });
    expect(await state("p")).toMatchObject({ total: 30, ledger: [[1, 10], [1, 15], [1, 3], [4, -18], [1, 20]] });
    const [answer] = await db().select().from(bbhUserTaskAnswer).where(eq(bbhUserTaskAnswer.id, "a1-p"));
    expect(answer).toMatchObject({ auditStatus: 1, score: 20, auditBy: "admin" });
  });

  it("a rejection on the last attempt expires the task", async () => {
    await player("q", 2);
    expect((await audit("a1-q", 2, { auditRemark: "不符" })).body.result).toMatchObject({ userTaskStatus: 5, userTotalScore: 10 });
  });

  it("is frozen once the window is settled, and needs bbh:answer:audit", async () => {
    await player("r");
    const list = await call("GET", `/bbh/api/userTaskAnswer/list?timeId=${f.timeId}&auditStatus=0`, admin);
    expect(list.body.result.records.map((r: { id: string; auditStatus_dictText: string }) => [r.id, r.auditStatus_dictText])).toEqual([["a1-r", "待审核"]]);
    await call("POST", "/sys/user/add", admin, { username: "no_roles", realname: "无角色", password: "Rule@12345" });
    const stranger = await t.login("no_roles", "Rule@12345");
    expect((await audit("a1-r", 1, {}, stranger)).status).toBe(403);
    const settled = await call("POST", "/bbh/api/activity/time/settleActivityTime", admin, { id: f.timeId, force: true, ignorePending: true });
    expect(settled.body.message).toBe("结算完成");
    expect((await audit("a1-r", 1)).body.message).toBe("该活动时间段已结算，成绩已冻结，无法修改审核结果");
    expect(await state("r")).toMatchObject({ total: 10, utStatus: 2 });
  });
});

const batch = (ids: string[], auditStatus: number, extra: object = {}, token = admin) => call("POST", "/bbh/api/userTaskAnswer/batchAudit", token, { ids, auditStatus, ...extra });
async function answerRow(id: string) {
  const [a] = await db().select().from(bbhUserTaskAnswer).where(eq(bbhUserTaskAnswer.id, id));
  return a;
}

describe("batchAudit (§6.3)", () => {
  /** A second player in a fresh window: both tasks pending. */
  async function twoPending(key: string, timeId: string) {
    const base = { wxUserId: `wx-${key}`, activityId: f.activityId, timeId, roundNo: 1 };
    await db().insert(bbhUserActivity).values({ id: `ua-${key}`, ...base, uaStatus: 1 });
    await db().insert(bbhUserTask).values([
      { id: `ut1-${key}`, userActivityId: `ua-${key}`, ...base, taskId: f.t1, utStatus: 2, submitCount: 1 },
      { id: `ut2-${key}`, userActivityId: `ua-${key}`, ...base, taskId: f.t2, utStatus: 2, submitCount: 1 },
    ]);
    await db().insert(bbhUserTaskAnswer).values([
      { id: `a1-${key}`, userTaskId: `ut1-${key}`, userActivityId: `ua-${key}`, ...base, taskId: f.t1, taskType: 5, answerText: "感想", auditStatus: 0 },
      { id: `a2-${key}`, userTaskId: `ut2-${key}`, userActivityId: `ua-${key}`, ...base, taskId: f.t2, taskType: 4, answerImages: "/a.jpg", auditStatus: 0 },
    ]);
  }
  let timeId: string;
  beforeAll(async () => {
    // The first describe settled 一期: a second window for these players.
    await call("POST", "/bbh/api/activity/time/add", admin, { activityId: f.activityId, timeName: "二期", startTime: at(6), endTime: at(9) });
    const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.timeName, "二期"));
    timeId = w.id;
    await db().update(bbhActivityTime).set({ timeStatus: 1 }).where(eq(bbhActivityTime.id, timeId));
  });
  const ledgerOf = async (key: string) => (await db().select().from(bbhScoreRecord).where(eq(bbhScoreRecord.userActivityId, `ua-${key}`))).map((r) => r.scoreChange);
  const totalOf = async (key: string) => (await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.id, `ua-${key}`)))[0];

  it("approves several answers of one player at full score in one go, the ledger and the total moving together", async () => {
    await twoPending("b", timeId);
    const res = await batch(["a1-b", "a2-b"], 1);
    expect(res.body).toMatchObject({ success: true, message: "审核成功，共2条" });
    expect(res.body.result.map((r: { id: string; score: number; auditStatus_dictText: string }) => [r.id, r.score, r.auditStatus_dictText]).sort()).toEqual([["a1-b", 20, "审核通过"], ["a2-b", 10, "审核通过"]]);
    const ua = await totalOf("b");
    expect(ua).toMatchObject({ totalScore: 30, finishedTaskCount: 2, uaStatus: 2 });
    expect((await ledgerOf("b")).sort()).toEqual([10, 20]);
    const [r1, r2] = await db().select().from(bbhScoreRecord).where(eq(bbhScoreRecord.userActivityId, "ua-b")).orderBy(bbhScoreRecord.scoreAfter);
    expect([r1.scoreAfter, r2.scoreAfter]).toEqual([r1.scoreChange, 30]);
    // and back: a batch rejection takes both scores out of the ledger (审核撤销)
    const back = await batch(["a1-b", "a2-b"], 2, { auditRemark: "内容与任务不符" });
    expect(back.body.result.map((r: { userTaskStatus: number }) => r.userTaskStatus)).toEqual([4, 4]);
    expect(await totalOf("b")).toMatchObject({ totalScore: 0, finishedTaskCount: 0, uaStatus: 1, finishTime: null });
    expect((await ledgerOf("b")).reduce((s, x) => s + x, 0)).toBe(0);
    expect((await answerRow("a1-b")).auditRemark).toBe("内容与任务不符");
  });

  it("refuses the whole batch when one answer is refused, naming it, and changes nothing", async () => {
    await twoPending("c", timeId);
    await db().insert(bbhUserTaskAnswer).values({ id: "a0-c", userTaskId: "ut1-c", userActivityId: "ua-c", wxUserId: "wx-c", activityId: f.activityId, timeId, roundNo: 1, taskId: f.t1, taskType: 5, auditStatus: 2, isLatest: 0 });
    const stale = await batch(["a2-c", "a0-c"], 1);
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/^【wx-c·感想】该提交已被玩家的新提交替代，请审核最新提交$/);
    const missing = await batch(["a2-c", "gone-1"], 1);
    expect(missing.body.message).toBe("数据不存在或已删除（gone-1）");
    expect((await batch(["a1-c", "a2-c"], 2)).body.message).toBe("驳回时请填写驳回原因");
    expect((await batch(["a1-c"], 0)).body.message).toBe("不能将审核结果改回待审核");
    expect((await batch([], 1)).status).toBe(400);
    expect((await batch(["bad id!"], 1)).status).toBe(400);
    expect(await answerRow("a2-c")).toMatchObject({ auditStatus: 0, score: null, auditBy: null });
    expect(await totalOf("c")).toMatchObject({ totalScore: 0, uaStatus: 1 });
    expect(await ledgerOf("c")).toEqual([]);
    // once one is approved, a batch repeating it is refused as unchanged — nothing else moves either
    await audit("a1-c", 1);
    const again = await batch(["a2-c", "a1-c"], 1);
    expect(again.body.message).toBe("【wx-c·感想】审核结果未发生变化");
    expect((await answerRow("a2-c")).auditStatus).toBe(0);
    expect(await ledgerOf("c")).toEqual([20]);
  });

  it("needs bbh:answer:audit", async () => {
    await call("POST", "/sys/user/add", admin, { username: "no_audit", realname: "无审核权", password: "Rule@12345" });
    const stranger = await t.login("no_audit", "Rule@12345");
    expect((await batch(["a2-c"], 1, {}, stranger)).status).toBe(403);
    expect((await answerRow("a2-c")).auditStatus).toBe(0);
  });

  it("two reviewers approving one answer at the same time: one wins, the other is told, the ledger has one row", async () => {
    await twoPending("d", timeId);
    await call("POST", "/sys/user/add", admin, { username: "auditor2", realname: "审核员二", password: "Rule@12345", selectedroles: await adminRoleId() });
    const other = await t.login("auditor2", "Rule@12345");
    const [x, y] = await Promise.all([audit("a1-d", 1), audit("a1-d", 1, {}, other)]);
    const winners = [x, y].filter((r) => r.body.success);
    const losers = [x, y].filter((r) => !r.body.success);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0].body.message).toMatch(/^审核结果未发生变化（已由 (admin|auditor2) 于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 审核）$/);
    expect(await ledgerOf("d")).toEqual([20]);
    expect((await totalOf("d")).totalScore).toBe(20);
    // and two overlapping batches: each answer is approved once
    const [p, q] = await Promise.all([batch(["a2-d"], 1), batch(["a2-d"], 1, {}, other)]);
    expect([p, q].filter((r) => r.body.success)).toHaveLength(1);
    expect((await ledgerOf("d")).sort()).toEqual([10, 20]);
    expect((await totalOf("d")).totalScore).toBe(30);
  });
});

async function adminRoleId(): Promise<string> {
  const res = await call("GET", "/sys/role/list?roleCode=admin", admin);
  return res.body.result.records[0].id;
}

describe("sequential unlock (order_mode 1 按顺序解锁, §5.4)", () => {
  it("approving a task unlocks the player's next task by sort, in the same transaction; rejecting unlocks nothing", async () => {
    await call("POST", "/bbh/api/activity/main/add", admin, { activityName: "闯关活动", activityType: 1, coverImage: "/c.jpg", orderMode: 1, startTime: at(-10), endTime: at(30) });
    const [a] = await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, "闯关活动"));
    for (const [name, score] of [["第一关", 5], ["第二关", 10], ["第三关", 15]] as const) await call("POST", "/bbh/api/activity/task/add", admin, { activityId: a.id, taskName: name, taskType: 5, score });
    await call("POST", "/bbh/api/activity/time/add", admin, { activityId: a.id, timeName: "常态", startTime: at(-1), endTime: at(20) });
    const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, a.id));
    await db().update(bbhActivityTime).set({ timeStatus: 1 }).where(eq(bbhActivityTime.id, w.id));
    const tasks = (await db().select().from(bbhActivityTask).where(eq(bbhActivityTask.activityId, a.id))).sort((x, y) => x.sortNo - y.sortNo);
    const base = { wxUserId: "wx-s", activityId: a.id, timeId: w.id, roundNo: 1 };
    await db().insert(bbhUserActivity).values({ id: "ua-s", ...base, uaStatus: 1, totalTaskCount: 3, currentSortNo: 1 });
    await db().insert(bbhUserTask).values(tasks.map((k, i) => ({ id: `ut-s${i + 1}`, userActivityId: "ua-s", ...base, taskId: k.id, utStatus: i === 0 ? 2 : 0, submitCount: i === 0 ? 1 : 0 })));
    await db().insert(bbhUserTaskAnswer).values({ id: "ans-s1", userTaskId: "ut-s1", userActivityId: "ua-s", ...base, taskId: tasks[0].id, taskType: 5, auditStatus: 0 });
    const statuses = async () => (await db().select().from(bbhUserTask).where(eq(bbhUserTask.userActivityId, "ua-s"))).sort((x, y) => x.id.localeCompare(y.id)).map((u) => u.utStatus);

    expect((await audit("ans-s1", 2, { auditRemark: "太短" })).body.result.userTaskStatus).toBe(4);
    expect(await statuses()).toEqual([4, 0, 0]);
    expect((await audit("ans-s1", 1)).body.result).toMatchObject({ userTaskStatus: 3, userTotalScore: 5 });
    expect(await statuses()).toEqual([3, 1, 0]);
    const [ut2] = await db().select().from(bbhUserTask).where(eq(bbhUserTask.id, "ut-s2"));
    expect(ut2.unlockTime).toBeInstanceOf(Date);
    expect((await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.id, "ua-s")))[0].currentSortNo).toBe(2);
    // the second level, approved through a batch, unlocks the third
    await db().update(bbhUserTask).set({ utStatus: 2, submitCount: 1 }).where(eq(bbhUserTask.id, "ut-s2"));
    await db().insert(bbhUserTaskAnswer).values({ id: "ans-s2", userTaskId: "ut-s2", userActivityId: "ua-s", ...base, taskId: tasks[1].id, taskType: 5, auditStatus: 0 });
    expect((await batch(["ans-s2"], 1)).body.success).toBe(true);
    expect(await statuses()).toEqual([3, 3, 1]);
    // in a free-order activity (审核活动, order_mode 2) an approval unlocks nothing
    const [w2] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.timeName, "二期"));
    const free = { wxUserId: "wx-e", activityId: f.activityId, timeId: w2.id, roundNo: 1 };
    await db().insert(bbhUserActivity).values({ id: "ua-e", ...free, uaStatus: 1 });
    await db().insert(bbhUserTask).values([
      { id: "ut1-e", userActivityId: "ua-e", ...free, taskId: f.t1, utStatus: 2, submitCount: 1 },
      { id: "ut2-e", userActivityId: "ua-e", ...free, taskId: f.t2, utStatus: 0 },
    ]);
    await db().insert(bbhUserTaskAnswer).values({ id: "a1-e", userTaskId: "ut1-e", userActivityId: "ua-e", ...free, taskId: f.t1, taskType: 5, auditStatus: 0 });
    expect((await audit("a1-e", 1)).body.success).toBe(true);
    expect((await db().select().from(bbhUserTask).where(eq(bbhUserTask.id, "ut2-e")))[0].utStatus).toBe(0);
  });
});
