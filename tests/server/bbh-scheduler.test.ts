/**
 * The bbh minute job (domain.md §5.3, §5.5): windows start, auto settlement without pending answers,
 * activation codes expire; running it again changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { bbhActivationCode, bbhActivityMain, bbhActivityTime, bbhUserActivity, bbhUserTaskAnswer } from "../../server/db/schema.js";
import { loadConfig } from "../../server/config.js";
import { bbhTick } from "../../server/modules/bbh/scheduler.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { at, caller } from "./bbh-helpers.js";

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
const DAY = 86_400_000;

async function activity(name: string, publish: boolean) {
  await call("POST", "/bbh/api/activity/main/add", admin, { activityName: name, activityType: 1, coverImage: "/c.jpg", startTime: at(-10), endTime: at(30) });
  const [a] = await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, name));
  await call("POST", "/bbh/api/activity/task/add", admin, { activityId: a.id, taskName: "任务", taskType: 5 });
  await call("POST", "/bbh/api/activity/time/add", admin, { activityId: a.id, timeName: "一期", startTime: at(1), endTime: at(3), autoSettle: 1 });
  if (publish) expect((await call("PUT", "/bbh/api/activity/main/updatePublish", admin, { id: a.id, publishStatus: 1 })).body.message).toBe("发布成功");
  const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, a.id));
  return { activityId: a.id, timeId: w.id };
}
const status = async (id: string) => (await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.id, id)))[0].timeStatus;

describe("bbh minute job", () => {
  it("is configurable and on every minute by default", () => {
    expect(loadConfig({}).bbhJobIntervalSeconds).toBe(60);
    expect(loadConfig({ BBH_JOB_INTERVAL_SECONDS: "0" }).bbhJobIntervalSeconds).toBe(0);
  });

  it("starts windows of published activities when their time comes, settles ended auto-settle windows without pending answers, expires codes", async () => {
    const pub = await activity("定时已发布", true);
    const draft = await activity("定时草稿", false);
    const pending = await activity("定时待审核", true);
    await db().insert(bbhUserActivity).values({ id: "ua-tick-1", wxUserId: "wx-t1", activityId: pub.activityId, timeId: pub.timeId, roundNo: 1, uaStatus: 1 });
    await db().insert(bbhUserTaskAnswer).values({ id: "ans-tick-1", userTaskId: "ut-t", userActivityId: "ua-t", wxUserId: "wx-t", activityId: pending.activityId, timeId: pending.timeId, roundNo: 1, taskId: "task-t", taskType: 5, auditStatus: 0 });
    await call("POST", "/bbh/api/activity/activation/generate", admin, { activityId: pub.activityId, count: 3, validEndTime: at(1.5) });
    expect(await status(pub.timeId)).toBe(0);

    const r1 = await bbhTick(db(), new Date(Date.now() + 2 * DAY));
    expect(r1).toMatchObject({ started: 2, settled: [], expiredCodes: 3 });
    expect(await status(pub.timeId)).toBe(1);
    expect(await status(draft.timeId)).toBe(0);
    expect((await db().select().from(bbhActivationCode).where(eq(bbhActivationCode.activityId, pub.activityId))).every((c) => c.codeStatus === 3)).toBe(true);

    const r2 = await bbhTick(db(), new Date(Date.now() + 4 * DAY));
    expect(r2).toMatchObject({ started: 0, settled: [pub.timeId], expiredCodes: 0 });
    const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.id, pub.timeId));
    expect(w).toMatchObject({ timeStatus: 2, settleBy: "system", participantCount: 1 });
    expect(await status(pending.timeId)).toBe(1); // an answer awaits review

    expect(await bbhTick(db(), new Date(Date.now() + 4 * DAY))).toEqual({ started: 0, settled: [], notices: 0, expiredCodes: 0 });
    await db().delete(bbhUserTaskAnswer).where(and(eq(bbhUserTaskAnswer.id, "ans-tick-1")));
    expect((await bbhTick(db(), new Date(Date.now() + 4 * DAY))).settled).toEqual([pending.timeId]);
  });
});
