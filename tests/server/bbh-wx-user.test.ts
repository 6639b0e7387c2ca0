/**
 * The WeChat-user calls the activity side needs (domain.md §6.2): the point-maker list, updateIsPointMaker
 * (refused for disabled users and for point makers still assigned in an unfinished activity) and
 * updateWxUserSysDepartId (depart must exist and lie in the caller's scope).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bbhActivityMain, bbhActivityTime, bbhRedActivityMark, bbhWxUser, sysDepart } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { caller } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let operator: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operator = await t.login("zhangsan", "Operator@1");
  call = caller(t);
  await t.database.db.insert(bbhWxUser).values([
    { id: "wx-a", openid: "oa", nickname: "甲", phone: "13912345678", sessionKey: "secret-key" },
    { id: "wx-b", openid: "ob", nickname: "乙", userStatus: 1 },
    { id: "wx-c", openid: "oc", nickname: "丙", isPointMaker: 1 },
  ]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const setMaker = (id: string, isPointMaker: number) => call("PUT", "/bbh/bbhWxUser/updateIsPointMaker", admin, { id, isPointMaker });

describe("WeChat users for the activity side", () => {
  it("lists users with masked phones and never the session key; filters point makers", async () => {
    const res = await call("GET", "/bbh/bbhWxUser/list?column=nickname&order=asc", admin);
    expect(res.body.result.records.map((r: { nickname: string; phone: string | null }) => [r.nickname, r.phone])).toEqual([["丙", null], ["乙", null], ["甲", "139****5678"]]);
    expect(JSON.stringify(res.body)).not.toContain("secret-key");
    expect(res.body.result.records[2]).not.toHaveProperty("sessionKey");
    const makers = await call("GET", "/bbh/bbhWxUser/list?isPointMaker=1", admin);
    expect(makers.body.result.records.map((r: { id: string; isPointMaker_dictText: string }) => [r.id, r.isPointMaker_dictText])).toEqual([["wx-c", "是"]]);
  });

  it("sets and revokes point makers, refusing disabled users and makers still assigned", async () => {
    expect((await setMaker("wx-b", 1)).body.message).toBe("用户已禁用，不能设置为打点员");
    expect((await setMaker("nope", 1)).body.message).toBe("微信用户不存在");
    expect((await setMaker("wx-a", 1)).body).toMatchObject({ message: "设置成功", result: { id: "wx-a", isPointMaker: 1, isPointMaker_dictText: "是" } });
    await db().insert(bbhActivityMain).values({ id: "act-maker", activityName: "打点活动", activityType: 2 });
    await db().insert(bbhRedActivityMark).values({ id: "ram-maker", activityId: "act-maker", redMarkId: "m1", sortNo: 1, uploadId: "wx-a" });
    await db().insert(bbhActivityTime).values({ id: "time-maker", activityId: "act-maker", timeName: "一期", startTime: new Date(), endTime: new Date(Date.now() + 86_400_000), timeStatus: 1 });
    expect((await setMaker("wx-a", 0)).body.message).toBe("该用户仍是活动【打点活动】中1个印记的打点员，请先重新指定");
    expect((await db().select().from(bbhWxUser).where(eq(bbhWxUser.id, "wx-a")))[0].isPointMaker).toBe(1);
    await db().update(bbhActivityTime).set({ timeStatus: 2 }).where(eq(bbhActivityTime.id, "time-maker"));
    expect((await setMaker("wx-a", 0)).body.result.isPointMaker).toBe(0);
    expect((await setMaker("wx-a", 3)).status).toBe(400);
  });

  it("assigns a department in the caller's scope and unbinds with null", async () => {
    const [ops] = await db().select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A01"));
    const [school] = await db().select().from(sysDepart).where(eq(sysDepart.orgCode, "A02A01"));
    const assign = (sysDepartId: string | null, token = admin) => call("PUT", "/bbh/bbhWxUser/updateWxUserSysDepartId", token, { id: "wx-a", sysDepartId });
    expect((await assign("nope")).body.message).toBe("组织机构不存在");
    expect((await assign(school.id)).body).toMatchObject({ message: "分配成功", result: { sysDepartId: school.id, sysDepartId_dictText: "红星实验学校", orgCode: "A02A01" } });
    // zhangsan (运营人员, A01A01) may assign inside A01A01 only.
    expect((await assign(school.id, operator)).body.message).toBe("无权将用户分配到该组织");
    expect((await assign(ops.id, operator)).body.result.orgCode).toBe("A01A01");
    expect((await db().select().from(bbhWxUser).where(eq(bbhWxUser.id, "wx-a")))[0]).toMatchObject({ sysDepartId: ops.id, orgCode: "A01A01", sysOrgCode: "A01A01" });
    expect((await assign(null)).body.result).toMatchObject({ sysDepartId: null, orgCode: null });
  });
});
