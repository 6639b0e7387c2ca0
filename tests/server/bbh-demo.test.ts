/**
 * The 红色印记 demo data (domain.md §8): off unless asked for (SEED_DEMO), seeded once, and consistent —
 * 第一期 is settled by the real settlement into exactly §8.5's table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, like } from "drizzle-orm";
import { bbhActivityGrade, bbhActivityGroupGrade, bbhActivityTime, bbhRedMark, bbhScoreRecord, bbhUserActivity, bbhUserTaskAnswer, bbhWxUser } from "../../server/db/schema.js";
import { seed } from "../../server/db/seed/index.js";
import { loadConfig } from "../../server/config.js";
import { ADMIN_PASSWORD, createTestApp, type TestApp } from "./helpers.js";
import { caller, rows } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  call = caller(t);
});
afterAll(() => t.close());

const db = () => t.database.db;

describe("bbh demo data", () => {
  it("is on by default in the server's settings and off with SEED_DEMO=false", () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("is left out unless the seed asks for it, then seeded once", async () => {
    expect(await rows(t, bbhRedMark, like(bbhRedMark.id, "demo-%"))).toBe(0);
    await seed(db(), { adminPassword: ADMIN_PASSWORD, demo: true });
    await seed(db(), { adminPassword: ADMIN_PASSWORD, demo: true });
    expect(await rows(t, bbhRedMark, like(bbhRedMark.id, "demo-%"))).toBe(7);
    expect(await rows(t, bbhWxUser, like(bbhWxUser.id, "demo-%"))).toBe(6);
    const marks = await db().select().from(bbhRedMark).where(like(bbhRedMark.id, "demo-%"));
    expect(marks.every((m) => m.createBy === "demo_seed" && m.summary?.includes("演示"))).toBe(true);
  });

  it("settled 第一期 into §8.5's table, consistent with the ledger", async () => {
    const grades = await db().select().from(bbhActivityGrade).where(eq(bbhActivityGrade.timeId, "demo-time-01")).orderBy(asc(bbhActivityGrade.wxUserId));
    expect(grades.map((g) => [g.displayName, g.rankNo, g.totalScore, g.finishedTaskCount, g.durationSeconds, g.gradeLevel, g.isFinished])).toEqual([
      ["演示用户1", 1, 90, 8, 5 * 3600 + 600, "良好", 0],
      ["演示用户2", 3, 70, 6, 6 * 3600 + 300, "合格", 0],
      ["演示用户3", 2, 70, 6, 4 * 3600 + 1200, "合格", 0],
      ["演示用户4", null, 0, 0, null, "不合格", 0],
    ]);
    const groups = await db().select().from(bbhActivityGroupGrade).where(eq(bbhActivityGroupGrade.timeId, "demo-time-01")).orderBy(asc(bbhActivityGroupGrade.rankNo));
    expect(groups.map((g) => [g.rankNo, g.groupName, g.avgScore])).toEqual([[1, "星火小队（演示）", 80], [2, "红旗小队（演示）", 35]]);
    expect(await rows(t, bbhScoreRecord, eq(bbhScoreRecord.reason, "结算对账"))).toBe(0);
    const ua = await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.timeId, "demo-time-01"));
    expect(ua.every((u) => u.uaStatus === 3)).toBe(true);
    const [w1] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.id, "demo-time-01"));
    expect(w1).toMatchObject({ timeStatus: 2, participantCount: 4, finishedCount: 0, groupCount: 2 });
    // 第二期's two; bbh-demo-players-v1 adds one more in 党史知识闯关 (demo-time-03)
    expect(await rows(t, bbhUserTaskAnswer, and(eq(bbhUserTaskAnswer.auditStatus, 0), eq(bbhUserTaskAnswer.timeId, "demo-time-02")))).toBe(2);
    expect(await rows(t, bbhUserTaskAnswer, eq(bbhUserTaskAnswer.auditStatus, 0))).toBe(3);
  });

  it("works through the API: the activity publishes nothing new, 延安宝塔山 is refused as unpublished, 第二期 refuses settlement with pending answers", async () => {
    const detail = await call("GET", "/bbh/api/activity/main/getById?id=demo-act-01", admin);
    expect(detail.body.result).toMatchObject({ redMarkCount: 6, taskCount: 9, totalScore: 110, stats: { pendingAnswerCount: 2, activationUnused: 2 } });
    const check = await call("POST", "/bbh/api/activity/redActivity/checkRedMarkList", admin, { activityId: "demo-act-01", redMarkIds: ["demo-rm-06", "demo-rm-01"] });
    expect(check.body.result.items.map((i: { code: string }) => i.code)).toEqual(["NOT_PUBLISHED", "DUPLICATE"]);
    const list = await call("GET", "/bbh/api/activity/redActivity/redMarkSortAll?activityId=demo-act-01", admin);
    expect(list.body.result.map((r: { markName: string }) => r.markName)).toEqual(["中共一大纪念馆", "嘉兴南湖红船", "南昌八一起义纪念馆", "井冈山革命博物馆", "遵义会议会址", "西柏坡纪念馆"]);
    expect(list.body.result[3]).toMatchObject({ uploadId: "demo-wx-06", uploadNickname: "演示打点员" });
    const settle = await call("POST", "/bbh/api/activity/time/settleActivityTime", admin, { id: "demo-time-02", force: true });
    expect(settle.body.message).toBe("仍有2条答案待审核，请先完成审核再结算");
    const selectList = await call("GET", "/bbh/api/activity/main/getActivityNameSelectList?publishStatus=1", admin);
    expect(selectList.body.result.map((r: { text: string }) => r.text)).toEqual(expect.arrayContaining(["重走红色路·印记打卡（演示）", "党史知识闯关（演示）"]));
  });
});

describe("demo players of 党史知识闯关 (bbh-demo-players-v1)", () => {
  it("have totals equal to their ledger, and approving 演示用户2's pending answer finishes the sequential round", async () => {
    const uas = await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.timeId, "demo-time-03")).orderBy(asc(bbhUserActivity.id));
    expect(uas.map((u) => [u.wxUserId, u.totalScore, u.finishedTaskCount])).toEqual([["demo-wx-02", 25, 2], ["demo-wx-03", 5, 1], ["demo-wx-04", 0, 0]]);
    for (const u of uas) {
      const ledger = await db().select().from(bbhScoreRecord).where(eq(bbhScoreRecord.userActivityId, u.id));
      expect(ledger.reduce((s, r) => s + r.scoreChange, 0)).toBe(u.totalScore);
    }
    const res = await call("POST", "/bbh/api/userTaskAnswer/updateUserTaskAnswer", admin, { id: "demo-ans-08-3", auditStatus: 1 });
    expect(res.body.result).toMatchObject({ score: 10, userTaskStatus: 3, userTotalScore: 35, userActivityStatus: 2 });
  });
});
