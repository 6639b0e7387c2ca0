/**
 * Nullable number fields keep what the client sent. Fastify's Ajv coerces types, and a schema written as
 * `anyOf [null, integer]` turned a 0 into null before the route saw it: 否 (0) silently became the default,
 * a limit of 0 became "no limit", a review's 得分 0 became "full score". These requests send 0, null and a
 * numeric string and read back what was stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bbhActivityMain } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const call = async (method: "POST", url: string, payload: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": admin }, payload });
  return { status: res.statusCode, body: res.json() };
};

describe("nullable numbers", () => {
  it("an activity saved with 是否需要报名 = 0 (否) and 人数上限 = 0 keeps both 0; null and \"12\" are read as such", async () => {
    const res = await call("POST", "/bbh/api/activity/main/add", {
      activityName: "零值活动",
      activityType: 1,
      coverImage: "/c.jpg",
      startTime: "2030-01-01 00:00:00",
      endTime: "2030-02-01 00:00:00",
      needApply: 0,
      applyNeedAudit: null,
      maxParticipants: 0,
      sortNo: "12",
    });
    expect(res.body.success).toBe(true);
    const [row] = await t.database.db.select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, "零值活动"));
    expect(row.needApply).toBe(0);
    expect(row.maxParticipants).toBe(0);
    expect(row.sortNo).toBe(12);
    expect(row.applyNeedAudit).toBe(0); // null: not given → the column default
  });

  it("still refuses a value outside the dictionary, and a non-number", async () => {
    for (const needApply of [2, "是"]) {
      const res = await call("POST", "/bbh/api/activity/main/add", { activityName: "坏值活动", activityType: 1, coverImage: "/c.jpg", startTime: "2030-01-01 00:00:00", endTime: "2030-02-01 00:00:00", needApply });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("是否需要报名");
    }
    expect(await t.database.db.select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, "坏值活动"))).toEqual([]);
  });
});
