/**
 * Settlement and restart of an activity time window (domain.md §5.3): a hand-checked small case (ranks with
 * a tie, grade levels, group averages, ledger reconciliation, expired tasks), idempotence, concurrent
 * requests, every refusal of settle and restart, and both restart modes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import {
  bbhActivityGrade,
  bbhActivityGroup,
  bbhActivityGroupGrade,
  bbhActivityMain,
  bbhActivityTask,
  bbhActivityTime,
  bbhScoreRecord,
  bbhUserActivity,
  bbhUserTask,
  bbhUserTaskAnswer,
  bbhWxUser,
} from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { at, caller, rows } from "./bbh-helpers.js";
import { rowsOf } from "../../server/modules/bbh/shared.js";

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  admin = await t.login();
  call = caller(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const H = 3_600_000;

interface Fixture {
  activityId: string;
  timeId: string;
  tasks: string[];
  start: Date;
}

/** A published team activity (3 tasks: 10 + 10 + 20 = 40 points) with one running window that ended yesterday. */
async function fixture(name: string, windowEndDays = -1): Promise<Fixture> {
  await call("POST", "/bbh/api/activity/main/add", admin, {
    activityName: name, activityType: 1, coverImage: "/c.jpg", startTime: at(-10), endTime: at(30),
    teamMode: 3, groupType: 1, groupMinSize: 1, groupMaxSize: 6, groupScoreRule: 2,
  });
  const [a] = await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, name));
  for (const [taskName, score, taskType] of [["打卡一", 10, 1], ["打卡二", 10, 1], ["拍照", 20, 4]] as const)
    await call("POST", "/bbh/api/activity/task/add", admin, { activityId: a.id, taskName, taskType, score });
  expect((await call("POST", "/bbh/api/activity/time/add", admin, { activityId: a.id, timeName: "一期", startTime: at(-5), endTime: at(windowEndDays) })).body.message).toBe("添加成功！");
  await call("POST", "/bbh/api/activity/time/add", admin, { activityId: a.id, timeName: "二期", startTime: at(20), endTime: at(25) });
  expect((await call("PUT", "/bbh/api/activity/main/updatePublish", admin, { id: a.id, publishStatus: 1 })).body.message).toBe("发布成功");
  const [w] = await db().select().from(bbhActivityTime).where(and(eq(bbhActivityTime.activityId, a.id), eq(bbhActivityTime.timeName, "一期")));
  await db().update(bbhActivityTime).set({ timeStatus: 1 }).where(eq(bbhActivityTime.id, w.id));
  const tasks = (await db().select().from(bbhActivityTask).where(eq(bbhActivityTask.activityId, a.id)).orderBy(asc(bbhActivityTask.sortNo))).map((x) => x.id);
  return { activityId: a.id, timeId: w.id, tasks, start: new Date(Date.now() - 3 * 86_400_000) };
}

type TaskState = [status: number, score: number, ledger: boolean, answerAfterHours?: number];

/** A player with their tasks (status, awarded score, whether the ledger has it, approved answer time). */
async function player(f: Fixture, key: string, group: string | null, tasks: TaskState[], extraLedger = 0) {
  const p = `${f.timeId.slice(-6)}-${key}`;
  const uaId = `ua-${p}`;
  await db().insert(bbhWxUser).values({ id: `wx-${p}`, openid: `openid-${p}`, nickname: `玩家${key}` }).onConflictDoNothing();
  await db().insert(bbhUserActivity).values({ id: uaId, wxUserId: `wx-${p}`, activityId: f.activityId, timeId: f.timeId, roundNo: 1, groupId: group, uaStatus: 1, startTime: f.start });
  let total = 0;
  for (let i = 0; i < tasks.length; i++) {
    const [status, score, ledger, after] = tasks[i];
    const utId = `ut-${p}-${i}`;
    await db().insert(bbhUserTask).values({ id: utId, userActivityId: uaId, wxUserId: `wx-${p}`, activityId: f.activityId, timeId: f.timeId, roundNo: 1, taskId: f.tasks[i], utStatus: status, score, submitCount: after === undefined ? 0 : 1, finishTime: status === 3 && after !== undefined ? new Date(f.start.getTime() + after * H) : null });
    if (after !== undefined)
      await db().insert(bbhUserTaskAnswer).values({ id: `an-${p}-${i}`, userTaskId: utId, userActivityId: uaId, wxUserId: `wx-${p}`, activityId: f.activityId, timeId: f.timeId, roundNo: 1, taskId: f.tasks[i], taskType: 1, auditStatus: 1, score, submitTime: new Date(f.start.getTime() + after * H) });
    if (ledger) {
      total += score;
      await db().insert(bbhScoreRecord).values({ id: `sr-${p}-${i}`, activityId: f.activityId, timeId: f.timeId, roundNo: 1, wxUserId: `wx-${p}`, userActivityId: uaId, groupId: group, userTaskId: utId, scoreType: 1, scoreChange: score, scoreAfter: total, operator: "system" });
    }
  }
  if (extraLedger) {
    total += extraLedger;
    await db().insert(bbhScoreRecord).values({ id: `sr-${p}-adj`, activityId: f.activityId, timeId: f.timeId, roundNo: 1, wxUserId: `wx-${p}`, userActivityId: uaId, groupId: group, scoreType: 2, scoreChange: extraLedger, scoreAfter: total, reason: "人工加分", operator: "admin" });
  }
  return { uaId, wxUserId: `wx-${p}` };
}

async function group(f: Fixture, name: string) {
  const id = `grp-${f.timeId.slice(-6)}-${name}`;
  await db().insert(bbhActivityGroup).values({ id, activityId: f.activityId, groupName: name, groupType: 1 });
  return id;
}

/** The hand-checked case: six players, two groups. */
async function handCase(name: string) {
  const f = await fixture(name);
  const g1 = await group(f, "星火");
  const g2 = await group(f, "红旗");
  const p = {
    // all three done: 40 points, finished after 2 h → rank 1, 优秀 (40/40)
    p1: await player(f, "1", g1, [[3, 10, true, 1], [3, 10, true, 1.5], [3, 20, true, 2]]),
    // 20 points but the ledger misses task 2 (settlement writes it); last approved answer at 3 h; task 3 rejected → expires
    p2: await player(f, "2", g1, [[3, 10, true, 1], [3, 10, false, 3], [4, 0, false]]),
    // 20 points, last answer at 1 h; task 3 still open → expires
    p3: await player(f, "3", g2, [[3, 10, true, 0.5], [3, 10, true, 1], [1, 0, false]]),
    // nothing done → no rank, 不合格
    p4: await player(f, "4", g2, [[1, 0, false], [1, 0, false], [1, 0, false]]),
    // 10 points plus a manual +5 → 15, one task, 0.5 h; task 2 was locked (0)
    p5: await player(f, "5", null, [[3, 10, true, 0.5], [0, 0, false]], 5),
    // exactly like p3: ties with it
    p6: await player(f, "6", null, [[3, 10, true, 0.5], [3, 10, true, 1], [1, 0, false]]),
  };
  return { f, g1, g2, p };
}

/** Settles through the API and, when it succeeds, waits for the after-commit message step to mark the window. */
async function settle(id: string, extra: object = {}) {
  const res = await call("POST", "/bbh/api/activity/time/settleActivityTime", admin, { id, ...extra });
  if (res.body.success) await vi.waitFor(async () => expect((await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.id, id)))[0].settleMsgTime).not.toBeNull());
  return res;
}

async function snapshot(timeId: string) {
  return {
    grades: await db().select().from(bbhActivityGrade).where(eq(bbhActivityGrade.timeId, timeId)).orderBy(bbhActivityGrade.id),
    groups: await db().select().from(bbhActivityGroupGrade).where(eq(bbhActivityGroupGrade.timeId, timeId)).orderBy(bbhActivityGroupGrade.id),
    ledger: await db().select().from(bbhScoreRecord).where(eq(bbhScoreRecord.timeId, timeId)).orderBy(bbhScoreRecord.id),
    ua: await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.timeId, timeId)).orderBy(bbhUserActivity.id),
    ut: await db().select().from(bbhUserTask).where(eq(bbhUserTask.timeId, timeId)).orderBy(bbhUserTask.id),
    time: await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.id, timeId)),
  };
}

describe("settleActivityTime", () => {
  it("settles the hand-checked case: ranks 1, 2, 2, 4, 5 and none, levels, group averages, reconciled ledger, expired tasks", async () => {
    const { f, g1, g2, p } = await handCase("结算活动");
    const res = await settle(f.timeId);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("结算完成");
    expect(res.body.result).toMatchObject({ timeId: f.timeId, roundNo: 1, participantCount: 6, rankedCount: 5, finishedCount: 1, groupCount: 2, ledgerCount: 1, expiredTaskCount: 7 });
    expect(res.body.result.top.map((x: { rankNo: number; totalScore: number }) => [x.rankNo, x.totalScore])).toEqual([[1, 40], [2, 20], [2, 20], [4, 20], [5, 15]]);
    expect(res.body.result.groupTop).toEqual([
      { rankNo: 1, groupId: g1, groupName: "星火", groupScore: 30 },
      { rankNo: 2, groupId: g2, groupName: "红旗", groupScore: 10 },
    ]);
    const grades = await db().select().from(bbhActivityGrade).where(eq(bbhActivityGrade.timeId, f.timeId));
    const g = (k: { wxUserId: string }) => grades.find((x) => x.wxUserId === k.wxUserId)!;
    expect(g(p.p1)).toMatchObject({ rankNo: 1, totalScore: 40, finishedTaskCount: 3, totalTaskCount: 3, isFinished: 1, durationSeconds: 7200, gradeLevel: "优秀", displayName: "玩家1", groupId: g1 });
    expect(g(p.p3)).toMatchObject({ rankNo: 2, totalScore: 20, finishedTaskCount: 2, isFinished: 0, durationSeconds: 3600, gradeLevel: "不合格" });
    expect(g(p.p6)).toMatchObject({ rankNo: 2, totalScore: 20, durationSeconds: 3600 });
    expect(g(p.p2)).toMatchObject({ rankNo: 4, totalScore: 20, durationSeconds: 10800 });
    expect(g(p.p5)).toMatchObject({ rankNo: 5, totalScore: 15, finishedTaskCount: 1, durationSeconds: 1800 });
    expect(g(p.p4)).toMatchObject({ rankNo: null, totalScore: 0, finishedTaskCount: 0, gradeLevel: "不合格" });
    // The ledger got p2's missing task score; every total equals its ledger sum.
    const added = await db().select().from(bbhScoreRecord).where(and(eq(bbhScoreRecord.userActivityId, p.p2.uaId), eq(bbhScoreRecord.reason, "结算对账")));
    expect(added).toMatchObject([{ scoreType: 1, scoreChange: 10, scoreAfter: 20, operator: "system" }]);
    const ua = await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.timeId, f.timeId));
    for (const u of ua) {
      const sum = (await db().select().from(bbhScoreRecord).where(eq(bbhScoreRecord.userActivityId, u.id))).reduce((s, r) => s + r.scoreChange, 0);
      expect(u.totalScore, u.id).toBe(sum);
      expect(u.rankNo).toBe(grades.find((x) => x.userActivityId === u.id)!.rankNo);
      expect(u.uaStatus).toBe(u.id === p.p1.uaId ? 2 : 3);
    }
    const groupRows = await db().select().from(bbhActivityGroupGrade).where(eq(bbhActivityGroupGrade.timeId, f.timeId));
    expect(groupRows.find((x) => x.groupId === g1)).toMatchObject({ memberCount: 2, finishedMemberCount: 1, totalScore: 60, avgScore: 30, groupScore: 30, scoreRule: 2, avgDurationSeconds: 9000, rankNo: 1 });
    expect(groupRows.find((x) => x.groupId === g2)).toMatchObject({ memberCount: 2, finishedMemberCount: 0, totalScore: 20, avgScore: 10, rankNo: 2 });
    // Open, rejected and locked tasks expired, remembering their status; finished ones stay.
    const ut = await db().select().from(bbhUserTask).where(eq(bbhUserTask.timeId, f.timeId));
    expect(ut.filter((x) => x.utStatus === 5).map((x) => x.settlePrevStatus).sort()).toEqual([0, 1, 1, 1, 1, 1, 4]);
    expect(ut.filter((x) => x.utStatus === 3)).toHaveLength(10);
    const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.id, f.timeId));
    expect(w).toMatchObject({ timeStatus: 2, settleBy: "admin", participantCount: 6, finishedCount: 1, groupCount: 2 });
    // 成绩 lists the ranked players by rank and the unranked after them; sorting by 名次 on request keeps
    // JeecgBoot's (MySQL's) order, nulls first ascending.
    const ranks = async (q = "") => (await call("GET", `/bbh/api/activity/grade/list?timeId=${f.timeId}${q}`, admin)).body.result.records.map((r: { rankNo: number | null }) => r.rankNo);
    expect(await ranks()).toEqual([1, 2, 2, 4, 5, null]);
    expect(await ranks("&column=rankNo&order=asc")).toEqual([null, 1, 2, 2, 4, 5]);
  });

  it("counts each player's distinct marks among finished tasks: two tasks at one mark count once, unfinished ones not at all", async () => {
    const { f, p } = await handCase("印记计数");
    const mark = (ua: string, i: number, m: string) => db().update(bbhUserTask).set({ redMarkId: m }).where(eq(bbhUserTask.id, `ut-${ua.slice(3)}-${i}`));
    await mark(p.p1.uaId, 0, "mark-a");
    await mark(p.p1.uaId, 1, "mark-a");
    await mark(p.p1.uaId, 2, "mark-b");
    await mark(p.p2.uaId, 0, "mark-a");
    await mark(p.p2.uaId, 2, "mark-c"); // rejected, then expired: not a finished mark
    expect((await settle(f.timeId)).status).toBe(200);
    const grades = await db().select().from(bbhActivityGrade).where(eq(bbhActivityGrade.timeId, f.timeId));
    const marks = (k: { wxUserId: string }) => grades.find((x) => x.wxUserId === k.wxUserId)!.finishedMarkCount;
    expect([marks(p.p1), marks(p.p2), marks(p.p3), marks(p.p4)]).toEqual([2, 1, 0, 0]);
    const [ua] = await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.id, p.p1.uaId));
    expect(ua.finishedMarkCount).toBe(2);
  });

  it("is idempotent: a second settlement is refused and changes nothing", async () => {
    const { f } = await handCase("幂等结算");
    expect((await settle(f.timeId)).status).toBe(200);
    const before = await snapshot(f.timeId);
    const again = await settle(f.timeId, { force: true, ignorePending: true });
    expect(again).toMatchObject({ status: 400, body: { message: "该时间段已结算，请勿重复结算" } });
    expect(await snapshot(f.timeId)).toEqual(before);
  });

  it("runs only one of several concurrent settle requests", async () => {
    const { f } = await handCase("并发结算");
    const answers = await Promise.all([1, 2, 3, 4].map(() => settle(f.timeId)));
    const okCount = answers.filter((a) => a.status === 200).length;
    expect(okCount).toBe(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(400);
      expect(["该时间段已结算，请勿重复结算", "该时间段正在结算中，请稍后刷新"]).toContain(a.body.message);
    }
    expect(await rows(t, bbhActivityGrade, eq(bbhActivityGrade.timeId, f.timeId))).toBe(6);
    expect(await rows(t, bbhScoreRecord, and(eq(bbhScoreRecord.timeId, f.timeId), eq(bbhScoreRecord.reason, "结算对账")))).toBe(1);
  });

  it("refuses windows not started, not ended (unless forced) and with pending answers (unless ignored), changing nothing", async () => {
    const f = await fixture("结算拒绝", 2);
    const pl = await player(f, "1", null, [[3, 10, true, 1], [2, 0, false]]);
    await db().insert(bbhUserTaskAnswer).values({ id: `pending-${f.timeId.slice(-6)}`, userTaskId: `ut-${f.timeId.slice(-6)}-1-1`, userActivityId: pl.uaId, wxUserId: pl.wxUserId, activityId: f.activityId, timeId: f.timeId, roundNo: 1, taskId: f.tasks[1], taskType: 1, auditStatus: 0 });
    const [future] = await db().select().from(bbhActivityTime).where(and(eq(bbhActivityTime.activityId, f.activityId), eq(bbhActivityTime.timeName, "二期")));
    const before = await snapshot(f.timeId);
    expect((await settle(future.id)).body.message).toBe("活动时间段尚未开始，无法结算");
    expect((await settle(f.timeId)).body.message).toBe("活动时间段尚未结束，如需提前结算请勾选【提前结算】");
    expect((await settle(f.timeId, { force: true })).body.message).toBe("仍有1条答案待审核，请先完成审核再结算");
    expect((await settle("nope")).body.message).toBe("活动时间段不存在");
    expect((await settle(f.timeId, { force: "yes" })).status).toBe(400);
    expect(await snapshot(f.timeId)).toEqual(before);
    const res = await settle(f.timeId, { force: true, ignorePending: true });
    expect(res.body.result).toMatchObject({ participantCount: 1, rankedCount: 1 });
    // The pending task (2) neither expired nor scored.
    const [ut] = await db().select().from(bbhUserTask).where(eq(bbhUserTask.id, `ut-${f.timeId.slice(-6)}-1-1`));
    expect(ut.utStatus).toBe(2);
  });
});

// Lock order needs real concurrent connections: PGlite has one, so this runs in the PostgreSQL suite.
if (process.env.TEST_DATABASE_URL) {
  describe("lock order with a settlement running", () => {
    it("a manual adjustment waits for the window before it locks the player, so it cannot deadlock with the settlement", async () => {
      const f = await fixture("调整与结算");
      const pl = await player(f, "1", null, [[3, 10, true, 1], [1, 0, false], [1, 0, false]]);
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const windowLocked = new Promise<void>((r) => (locked = r));
      // What settlement does: the window's row first, then its players' rows.
      const settling = db().transaction(async (tx) => {
        await tx.execute(sql`select 1 from bbh_activity_time where id = ${f.timeId} for update`);
        locked();
        await released;
        await tx.execute(sql`update bbh_user_activity set update_by = 'settle' where id = ${pl.uaId}`);
      });
      await windowLocked;
      const adjusting = call("POST", "/bbh/api/activity/score/adjust", admin, { userActivityId: pl.uaId, scoreChange: 2, reason: "表现突出" });
      // Until the adjustment is queued on a lock (the window's).
      await vi.waitFor(async () => {
        const [waiting] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`));
        expect(Number(waiting.n)).toBe(1);
      }, { timeout: 5_000 });
      release();
      await settling; // with the player locked by the adjustment, this update would deadlock and one side fail
      const res = await adjusting;
      expect(res.body).toMatchObject({ success: true, message: "调整成功", result: { totalScore: 12 } });
      const [ua] = await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.id, pl.uaId));
      expect(ua).toMatchObject({ updateBy: "admin", ledgerScore: 12, totalScore: 12 });
    });
  });
}

describe("restartActivityTime", () => {
  const restart = (id: string, extra: object) => call("POST", "/bbh/api/activity/time/restartActivityTime", admin, { id, ...extra });

  it("refuses windows not settled, unpublished activities, bad times, overlaps and ends beyond the activity", async () => {
    const { f } = await handCase("重启拒绝");
    const [future] = await db().select().from(bbhActivityTime).where(and(eq(bbhActivityTime.activityId, f.activityId), eq(bbhActivityTime.timeName, "二期")));
    expect((await restart(future.id, { endTime: at(3) })).body.message).toBe("活动时间段尚未开始，无需重启");
    expect((await restart(f.timeId, { endTime: at(3) })).body.message).toBe("活动时间段进行中，无需重启");
    await settle(f.timeId);
    const before = await snapshot(f.timeId);
    expect((await restart(f.timeId, {})).body.message).toBe("重启后的结束时间必须晚于当前时间");
    expect((await restart(f.timeId, { endTime: at(-0.5) })).body.message).toBe("重启后的结束时间必须晚于当前时间");
    expect((await restart(f.timeId, { endTime: at(3), startTime: at(1) })).body.message).toBe("重启开始时间不能晚于当前时间且必须早于结束时间");
    expect((await restart(f.timeId, { endTime: at(21) })).body.message).toBe("重启后的时间段与【二期】时间重叠");
    await db().delete(bbhActivityTime).where(eq(bbhActivityTime.id, future.id));
    expect((await restart(f.timeId, { endTime: at(40) })).body.message).toBe("重启后的结束时间超出活动结束时间，请先调整活动起止时间");
    expect((await restart(f.timeId, { endTime: at(3), restartMode: 3 })).status).toBe(400);
    await call("PUT", "/bbh/api/activity/main/updatePublish", admin, { id: f.activityId, publishStatus: 2, force: true });
    expect((await restart(f.timeId, { endTime: at(3) })).body.message).toBe("活动未发布或已下架，无法重启");
    expect(await snapshot(f.timeId)).toEqual(before);
  });

  it("继续本轮 undoes the settlement (grades gone, tasks and players back), and settling again gives the same ranks", async () => {
    const { f } = await handCase("继续本轮");
    const first = (await settle(f.timeId)).body.result;
    const res = await restart(f.timeId, { endTime: at(3), restartMode: 2, reason: "补充审核" });
    expect(res.body).toMatchObject({ message: "重启成功", result: { timeStatus: 3, timeStatus_dictText: "已重启", roundNo: 1, restartCount: 1, restartReason: "补充审核" } });
    expect(await rows(t, bbhActivityGrade, eq(bbhActivityGrade.timeId, f.timeId))).toBe(0);
    expect(await rows(t, bbhActivityGroupGrade, eq(bbhActivityGroupGrade.timeId, f.timeId))).toBe(0);
    const ut = await db().select().from(bbhUserTask).where(eq(bbhUserTask.timeId, f.timeId));
    expect(ut.filter((x) => x.utStatus === 5)).toHaveLength(0);
    expect(ut.filter((x) => x.utStatus === 4)).toHaveLength(1);
    const ua = await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.timeId, f.timeId));
    expect(ua.map((x) => x.uaStatus).sort()).toEqual([1, 1, 1, 1, 1, 2]);
    expect(ua.every((x) => x.rankNo === null)).toBe(true);
    // While the round runs again the ranking is live, computed from the players' current totals.
    const live = await call("GET", `/bbh/api/activity/time/ranking?timeId=${f.timeId}&pageSize=3`, admin);
    expect(live.body.result).toMatchObject({ frozen: false, roundNo: 1, total: 5, size: 3, pages: 2 });
    expect(live.body.result.records.map((x: { rankNo: number; totalScore: number; displayName: string }) => [x.rankNo, x.totalScore])).toEqual([[1, 40], [2, 20], [2, 20]]);
    const liveGroups = await call("GET", `/bbh/api/activity/time/ranking?timeId=${f.timeId}&type=group`, admin);
    expect(liveGroups.body.result.records.map((x: { rankNo: number; groupName: string; groupScore: number }) => [x.rankNo, x.groupName, x.groupScore])).toEqual([[1, "星火", 30], [2, "红旗", 10]]);
    const second = (await settle(f.timeId, { force: true })).body.result;
    const frozen = await call("GET", `/bbh/api/activity/time/ranking?timeId=${f.timeId}&pageNo=2&pageSize=3`, admin);
    expect(frozen.body.result).toMatchObject({ frozen: true, total: 5, current: 2 });
    expect(frozen.body.result.records.map((x: { rankNo: number; gradeLevel: string }) => [x.rankNo, x.gradeLevel])).toEqual([[4, "不合格"], [5, "不合格"]]);
    expect((await call("GET", `/bbh/api/activity/time/ranking?timeId=${f.timeId}&pageNo=9`, admin)).body.result).toMatchObject({ total: 5, records: [] });
    const pageZero = (await call("GET", `/bbh/api/activity/time/ranking?timeId=${f.timeId}&pageNo=0&pageSize=3`, admin)).body.result;
    expect(pageZero).toMatchObject({ frozen: true, total: 5, current: 1 });
    expect(pageZero.records.map((x: { rankNo: number }) => x.rankNo)).toEqual([1, 2, 2]);
    expect((await call("GET", `/bbh/api/activity/time/ranking?timeId=${f.timeId}&type=x`, admin)).status).toBe(400);
    expect(second.top.map((x: { rankNo: number; totalScore: number }) => [x.rankNo, x.totalScore])).toEqual(first.top.map((x: { rankNo: number; totalScore: number }) => [x.rankNo, x.totalScore]));
    expect(second.ledgerCount).toBe(0);
  });

  it("开启新一轮 keeps the previous round's grades as archive and starts round 2", async () => {
    const { f } = await handCase("新一轮");
    await settle(f.timeId);
    const res = await restart(f.timeId, { endTime: at(3) });
    expect(res.body.result).toMatchObject({ roundNo: 2, timeStatus: 3, restartCount: 1 });
    expect(await rows(t, bbhActivityGrade, and(eq(bbhActivityGrade.timeId, f.timeId), eq(bbhActivityGrade.roundNo, 1)))).toBe(6);
    const again = await settle(f.timeId, { force: true });
    expect(again.body.result).toMatchObject({ roundNo: 2, participantCount: 0, rankedCount: 0 });
    expect(await rows(t, bbhActivityGrade, eq(bbhActivityGrade.timeId, f.timeId))).toBe(6);
  });
});

describe("window edit and delete rules", () => {
  it("running windows only rename or extend; settled ones are read-only; played ones cannot be deleted", async () => {
    const { f } = await handCase("时间段编辑");
    const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.id, f.timeId));
    const fmt = (d: Date) => new Date(d.getTime() + 8 * H).toISOString().slice(0, 19).replace("T", " ");
    const edit = (extra: object) => call("PUT", "/bbh/api/activity/time/edit", admin, { id: f.timeId, activityId: f.activityId, timeName: "一期", startTime: fmt(w.startTime), endTime: fmt(w.endTime), ...extra });
    expect((await edit({ startTime: at(-4) })).body.message).toBe("进行中的时间段只能修改名称或延长结束时间");
    expect((await edit({ timeName: "第一期", endTime: at(1) })).body.message).toBe("编辑成功!");
    expect((await call("DELETE", `/bbh/api/activity/time/delete?id=${f.timeId}`, admin)).body.message).toBe("时间段已有玩家参与，不能删除");
    await settle(f.timeId, { force: true });
    expect((await edit({ timeName: "改名" })).body.message).toBe("已结算的时间段不能修改，如需继续请使用重启");
    expect((await call("DELETE", `/bbh/api/activity/time/delete?id=${f.timeId}`, admin)).body.message).toBe("已结算的时间段不能修改，如需继续请使用重启");
  });
});

describe("ledger sums (bbh_user_task / bbh_user_activity .ledger_score, migration 0015)", () => {
  /** Every task's and round's ledger_score of the window, next to the sum of its ledger rows. */
  async function sums(timeId: string) {
    const ledger = await db().select().from(bbhScoreRecord).where(eq(bbhScoreRecord.timeId, timeId));
    const sum = (pick: (r: (typeof ledger)[number]) => boolean) => ledger.filter(pick).reduce((s, r) => s + r.scoreChange, 0);
    const ut = await db().select().from(bbhUserTask).where(eq(bbhUserTask.timeId, timeId));
    const ua = await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.timeId, timeId));
    return {
      kept: [...ut.map((x) => [x.id, x.ledgerScore]), ...ua.map((x) => [x.id, x.ledgerScore])],
      ledger: [...ut.map((x) => [x.id, sum((r) => r.userTaskId === x.id)]), ...ua.map((x) => [x.id, sum((r) => r.userActivityId === x.id)])],
    };
  }

  it("follow every insert, update and delete of the ledger, and settlement reconciles from them (a revoked score is taken back)", async () => {
    const f = await fixture("账本合计");
    const pl = await player(f, "1", null, [[3, 10, true, 1], [4, 0, false], [1, 0, false]], 5);
    const ut1 = `ut-${f.timeId.slice(-6)}-1-1`;
    const expectKept = async () => {
      const s = await sums(f.timeId);
      expect(s.kept).toEqual(s.ledger);
      return s;
    };
    expect((await expectKept()).kept).toContainEqual([pl.uaId, 15]);
    // Task 2 was rejected after its score reached the ledger: the ledger still credits it 10.
    const row = { activityId: f.activityId, timeId: f.timeId, roundNo: 1, wxUserId: pl.wxUserId, userActivityId: pl.uaId, userTaskId: ut1, scoreType: 1, scoreChange: 10, scoreAfter: 25, operator: "system" };
    await db().insert(bbhScoreRecord).values([{ id: `sr-x-${f.timeId}`, ...row }, { id: `sr-y-${f.timeId}`, ...row, scoreChange: 3 }]);
    expect((await expectKept()).kept).toContainEqual([ut1, 13]);
    await db().update(bbhScoreRecord).set({ scoreChange: 0 }).where(eq(bbhScoreRecord.id, `sr-y-${f.timeId}`));
    expect((await expectKept()).kept).toContainEqual([ut1, 10]);
    await db().delete(bbhScoreRecord).where(eq(bbhScoreRecord.id, `sr-y-${f.timeId}`));
    expect((await expectKept()).kept).toContainEqual([pl.uaId, 25]);

    const res = await settle(f.timeId);
    expect(res.body.result).toMatchObject({ ledgerCount: 1, top: [{ rankNo: 1, totalScore: 15 }] });
    const back = await db().select().from(bbhScoreRecord).where(and(eq(bbhScoreRecord.userTaskId, ut1), eq(bbhScoreRecord.reason, "结算对账")));
    expect(back).toMatchObject([{ scoreType: 4, scoreChange: -10, scoreAfter: 15 }]);
    const s = await expectKept();
    expect(s.kept).toContainEqual([ut1, 0]);
    expect(s.kept).toContainEqual([pl.uaId, 15]);
    const [ua] = await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.id, pl.uaId));
    expect(ua.totalScore).toBe(15);
  });

  it("are zeroed when the ledger is truncated", async () => {
    const f = await fixture("账本清空");
    await player(f, "1", null, [[3, 10, true, 1], [3, 10, true, 2], [1, 0, false]], 5);
    expect((await sums(f.timeId)).kept.map(([, v]) => v).sort((x, y) => Number(x) - Number(y))).toEqual([0, 10, 10, 25]);
    await db().execute(sql`truncate bbh_score_record`);
    const s = await sums(f.timeId);
    expect(s.kept.map(([, v]) => v)).toEqual([0, 0, 0, 0]);
    expect(s.kept).toEqual(s.ledger);
  });
});

describe("play figures kept on the round (migration 0017)", () => {
  /** The round's kept figures: tasks done, required ones among them, distinct marks, last finish and last approved submission (hours after start). */
  async function figures(f: Fixture, uaId: string) {
    const [u] = await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.id, uaId));
    const h = (d: Date | null) => (d === null ? null : (d.getTime() - f.start.getTime()) / H);
    return [u.finishedTaskCount, u.playRequiredCount, u.finishedMarkCount, h(u.playLastFinishTime), h(u.playLastSubmitTime)];
  }
  const hours = (f: Fixture, x: number) => new Date(f.start.getTime() + x * H);

  it("follow tasks and answers as they are done, revoked, re-marked, expired and deleted", async () => {
    const f = await fixture("进度计数");
    const pl = await player(f, "1", null, [[3, 10, true, 1], [1, 0, false], [1, 0, false]]);
    const ut = (i: number) => `ut-${f.timeId.slice(-6)}-1-${i}`;
    expect(await figures(f, pl.uaId)).toEqual([1, 1, 0, 1, 1]);
    // task 2 done at 2 h at a mark, its answer approved; task 1 re-marked to the same mark: one distinct mark
    await db().update(bbhUserTask).set({ utStatus: 3, score: 10, finishTime: hours(f, 2), redMarkId: "mark-a" }).where(eq(bbhUserTask.id, ut(1)));
    await db().insert(bbhUserTaskAnswer).values({ id: `an-x-${f.timeId}`, userTaskId: ut(1), userActivityId: pl.uaId, wxUserId: pl.wxUserId, activityId: f.activityId, timeId: f.timeId, roundNo: 1, taskId: f.tasks[1], taskType: 1, auditStatus: 1, score: 10, submitTime: hours(f, 2) });
    expect(await figures(f, pl.uaId)).toEqual([2, 2, 1, 2, 2]);
    await db().update(bbhUserTask).set({ redMarkId: "mark-a" }).where(eq(bbhUserTask.id, ut(0)));
    expect(await figures(f, pl.uaId)).toEqual([2, 2, 1, 2, 2]);
    await db().update(bbhUserTask).set({ redMarkId: "mark-b" }).where(eq(bbhUserTask.id, ut(0)));
    expect(await figures(f, pl.uaId)).toEqual([2, 2, 2, 2, 2]);
    // task 2's review revoked: its task back to 待审核, its answer rejected
    await db().update(bbhUserTask).set({ utStatus: 2, finishTime: null }).where(eq(bbhUserTask.id, ut(1)));
    await db().update(bbhUserTaskAnswer).set({ auditStatus: 2 }).where(eq(bbhUserTaskAnswer.id, `an-x-${f.timeId}`));
    expect(await figures(f, pl.uaId)).toEqual([1, 1, 1, 1, 1]);
    // expiring open tasks changes nothing; deleting the done one empties the figures
    await db().update(bbhUserTask).set({ utStatus: 5 }).where(and(eq(bbhUserTask.userActivityId, pl.uaId), sql`${bbhUserTask.utStatus} <> 3`));
    expect(await figures(f, pl.uaId)).toEqual([1, 1, 1, 1, 1]);
    await db().delete(bbhUserTaskAnswer).where(eq(bbhUserTaskAnswer.userActivityId, pl.uaId));
    expect(await figures(f, pl.uaId)).toEqual([1, 1, 1, 1, null]);
    await db().delete(bbhUserTask).where(eq(bbhUserTask.id, ut(0)));
    expect(await figures(f, pl.uaId)).toEqual([0, 0, 0, null, null]);
  });

  it("follow task definitions: a done task made optional, disabled or deleted stops counting as required, and settlement agrees", async () => {
    const f = await fixture("必做变更");
    const a = await player(f, "1", null, [[3, 10, true, 1], [3, 10, true, 2], [1, 0, false]]);
    const b = await player(f, "2", null, [[3, 10, true, 1], [1, 0, false], [1, 0, false]]);
    expect([(await figures(f, a.uaId))[1], (await figures(f, b.uaId))[1]]).toEqual([2, 1]);
    const setTask = (i: number, v: Partial<typeof bbhActivityTask.$inferInsert>) => db().update(bbhActivityTask).set(v).where(eq(bbhActivityTask.id, f.tasks[i]));
    await setTask(0, { isRequired: 0 });
    expect([(await figures(f, a.uaId))[1], (await figures(f, b.uaId))[1]]).toEqual([1, 0]);
    await setTask(1, { taskStatus: 0 });
    expect((await figures(f, a.uaId))[1]).toBe(0);
    await setTask(1, { taskStatus: 1 });
    await setTask(0, { isRequired: 1, delFlag: 1 });
    expect([(await figures(f, a.uaId))[1], (await figures(f, b.uaId))[1]]).toEqual([1, 0]);
    // Left required: tasks 2 and 3. Task 3 made optional: a (task 2 done) has finished, b (task 1 only, deleted) has not.
    await setTask(2, { isRequired: 0 });
    const res = await settle(f.timeId);
    expect(res.body.result).toMatchObject({ participantCount: 2, finishedCount: 1 });
    const ua = await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.timeId, f.timeId)).orderBy(bbhUserActivity.id);
    expect(ua.map((u) => [u.id, u.uaStatus])).toEqual([[a.uaId, 2], [b.uaId, 3]]);
  });

  it("stay exact when two reviews of one round commit concurrently", async () => {
    const f = await fixture("并发计数");
    const pl = await player(f, "1", null, [[1, 0, false], [1, 0, false], [1, 0, false]]);
    const ut = (i: number) => `ut-${f.timeId.slice(-6)}-1-${i}`;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let firstDone!: () => void;
    const firstWrote = new Promise<void>((r) => (firstDone = r));
    // The first transaction marks task 1 done and stays open; the second marks task 2 done meanwhile (on
    // PostgreSQL it waits for the round's lock; PGlite runs one transaction at a time), then the first commits.
    const first = db().transaction(async (tx) => {
      await tx.update(bbhUserTask).set({ utStatus: 3, finishTime: hours(f, 1) }).where(eq(bbhUserTask.id, ut(0)));
      firstDone();
      await held;
    });
    await firstWrote;
    const second = db().transaction(async (tx) => {
      await tx.update(bbhUserTask).set({ utStatus: 3, finishTime: hours(f, 2) }).where(eq(bbhUserTask.id, ut(1)));
    });
    await new Promise((r) => setTimeout(r, 200));
    release();
    await Promise.all([first, second]);
    expect(await figures(f, pl.uaId)).toEqual([2, 2, 0, 2, null]);
  });
});
