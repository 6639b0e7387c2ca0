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
