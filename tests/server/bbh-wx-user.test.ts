/**
 * WeChat users (domain.md §4.23, §6.2, §7.5): the list (masked phones and openids, never the session key;
 * filters by keyword, school, department subtree, point maker, status), the detail with bound students and
 * activity counts, edit refusing any change to the identity WeChat gives (openid, unionid, session_key),
 * enable/disable, updateIsPointMaker (refused for disabled users and for point makers still assigned in an
 * unfinished activity), updateWxUserSysDepartId (one user or several; depart must exist and lie in the
 * caller's scope), delete (refused for users with history), export, and permission refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bbhActivityMain, bbhActivityTime, bbhRedActivityMark, bbhSchool, bbhStudent, bbhUserActivity, bbhWxUser, sysDepart } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { caller } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let operator: string;
let auditor: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operator = await t.login("zhangsan", "Operator@1");
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
  await t.database.db.insert(bbhWxUser).values([
    { id: "wx-a", openid: "oa-openid-0001-abcdef", unionid: "union-0001-abcdef", nickname: "甲", realName: "张三", phone: "13912345678", sessionKey: "secret-key" },
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

describe("WeChat user pages", () => {
  it("searches by keyword, school, department subtree and status, masking openid and phone", async () => {
    const [school] = await db().select().from(sysDepart).where(eq(sysDepart.orgCode, "A02A01"));
    const [partner] = await db().select().from(sysDepart).where(eq(sysDepart.orgCode, "A02"));
    await db().insert(bbhSchool).values({ id: "sch-w", schoolName: "微信学校", schoolType: 1 });
    await db().update(bbhWxUser).set({ schoolId: "sch-w", sysDepartId: school.id, orgCode: "A02A01" }).where(eq(bbhWxUser.id, "wx-b"));
    const ids = async (q: string) => (await call("GET", `/bbh/bbhWxUser/list?${q}`, admin)).body.result.records.map((r: { id: string }) => r.id).sort();
    expect(await ids("keyword=张三")).toEqual(["wx-a"]);
    expect(await ids("keyword=5678")).toEqual(["wx-a"]);
    expect(await ids("keyword=乙")).toEqual(["wx-b"]);
    expect(await ids("schoolId=sch-w")).toEqual(["wx-b"]);
    expect(await ids(`departId=${partner.id}`)).toEqual(["wx-b"]);
    expect(await ids("userStatus=1")).toEqual(["wx-b"]);
    expect(await ids("keyword=%")).toEqual([]);
    const list = await call("GET", "/bbh/bbhWxUser/list?keyword=张三", admin);
    expect(list.body.result.records[0]).toMatchObject({ openid: "oa-ope****cdef", unionid: "union-****cdef", phone: "139****5678" });
    const b = (await call("GET", "/bbh/bbhWxUser/list?schoolId=sch-w", admin)).body.result.records[0];
    expect(b).toMatchObject({ schoolId_dictText: "微信学校", sysDepartId_dictText: "红星实验学校" });
    expect((await call("GET", "/bbh/bbhWxUser/list?departId=x'y", admin)).status).toBe(400);
  });

  it("shows the detail with bound students and activity counts, never the session key", async () => {
    await db().insert(bbhStudent).values({ id: "stu-w", schoolId: "sch-w", studentName: "小甲", studentNo: "W01", schoolGrade: 3, className: "1班", wxUserId: "wx-a" });
    await db().insert(bbhUserActivity).values([
      { id: "ua-w1", wxUserId: "wx-a", activityId: "act-maker", timeId: "time-maker", uaStatus: 2, totalScore: 30 },
      { id: "ua-w2", wxUserId: "wx-a", activityId: "act-maker", timeId: "time-maker", roundNo: 2, uaStatus: 1, totalScore: 10 },
    ]);
    const res = await call("GET", "/bbh/bbhWxUser/queryById?id=wx-a", admin);
    expect(res.body.result).toMatchObject({ id: "wx-a", phone: "139****5678", stats: { activityCount: 1, joinCount: 2, finishedCount: 1, totalScore: 40 } });
    expect(res.body.result.students).toEqual([expect.objectContaining({ id: "stu-w", studentName: "小甲", schoolName: "微信学校", schoolGrade_dictText: "三年级" })]);
    expect(res.body.result.activities.map((a: { activityName: string; uaStatus_dictText: string }) => [a.activityName, a.uaStatus_dictText]).sort()).toEqual([["打点活动", "已完成"], ["打点活动", "进行中"]]);
    expect(res.body.result).not.toHaveProperty("sessionKey");
    expect(JSON.stringify(res.body)).not.toContain("secret-key");
    expect((await call("GET", "/bbh/bbhWxUser/queryById?id=nope", admin)).body.message).toBe("微信用户不存在");
  });

  it("never returns the session key from any WeChat-user answer", async () => {
    const answers = [
      await call("GET", "/bbh/bbhWxUser/list?pageSize=100", admin),
      await call("GET", "/bbh/bbhWxUser/queryById?id=wx-a", admin),
      await call("PUT", "/bbh/bbhWxUser/updateUserStatus", admin, { id: "wx-a", userStatus: 0 }),
      await call("PUT", "/bbh/bbhWxUser/updateIsPointMaker", admin, { id: "wx-a", isPointMaker: 0 }),
      await call("PUT", "/bbh/bbhWxUser/updateWxUserSysDepartId", admin, { id: "wx-a", sysDepartId: null }),
    ];
    for (const a of answers) {
      expect(JSON.stringify(a.body)).not.toContain("secret-key");
      expect(JSON.stringify(a.body)).not.toMatch(/sessionKey|session_key/);
    }
    const res = await t.app.inject({ method: "GET", url: "/jeecg-boot/bbh/bbhWxUser/exportXls", headers: { "x-access-token": admin } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.includes(Buffer.from("secret-key"))).toBe(false);
  });

  it("edits what staff may change and refuses any change to openid, unionid or session_key", async () => {
    const [before] = await db().select().from(bbhWxUser).where(eq(bbhWxUser.id, "wx-a"));
    const edit = (body: object) => call("PUT", "/bbh/bbhWxUser/edit", admin, { id: "wx-a", ...body });
    for (const body of [{ openid: "stolen" }, { unionid: "other" }, { sessionKey: "new-key" }]) {
      const res = await edit({ realName: "改名", ...body });
      expect(res).toMatchObject({ status: 400, body: { message: "openid、unionid、session_key 来自微信登录，不能修改" } });
    }
    expect((await db().select().from(bbhWxUser).where(eq(bbhWxUser.id, "wx-a")))[0]).toEqual(before);
    // The record as the list shows it (masked openid) is accepted back unchanged.
    const ok = await edit({ realName: "张三丰", gender: 1, remark: "备注", openid: "oa-ope****cdef", unionid: "union-****cdef", studentId: "stu-w" });
    expect(ok.body.success).toBe(true);
    expect((await db().select().from(bbhWxUser).where(eq(bbhWxUser.id, "wx-a")))[0]).toMatchObject({ realName: "张三丰", gender: 1, remark: "备注", openid: "oa-openid-0001-abcdef", sessionKey: "secret-key", schoolId: "sch-w", studentId: "stu-w" });
    expect((await edit({ studentId: "nope" })).body.message).toBe("学生不存在或已删除");
    expect((await edit({ realName: "x".repeat(51) })).status).toBe(400);
    expect((await call("PUT", "/bbh/bbhWxUser/edit", auditor, { id: "wx-a", realName: "x" })).status).toBe(403);
  });

  it("disables and enables users", async () => {
    expect((await call("PUT", "/bbh/bbhWxUser/updateUserStatus", admin, { id: "wx-c", userStatus: 1 })).body).toMatchObject({ message: "已禁用", result: { userStatus_dictText: "禁用" } });
    expect((await call("PUT", "/bbh/bbhWxUser/updateUserStatus", admin, { id: "wx-c", userStatus: 0 })).body.message).toBe("已启用");
    expect((await call("PUT", "/bbh/bbhWxUser/updateUserStatus", admin, { id: "wx-c", userStatus: 5 })).status).toBe(400);
  });

  it("assigns several users to a department at once, all or nothing", async () => {
    const [ops] = await db().select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A01"));
    const res = await call("PUT", "/bbh/bbhWxUser/updateWxUserSysDepartId", admin, { ids: ["wx-a", "wx-c"], sysDepartId: ops.id });
    expect(res.body).toMatchObject({ message: "分配成功", result: { ids: ["wx-a", "wx-c"], orgCode: "A01A01" } });
    const bad = await call("PUT", "/bbh/bbhWxUser/updateWxUserSysDepartId", admin, { ids: ["wx-a", "nope"], sysDepartId: null });
    expect(bad.body.message).toBe("微信用户不存在");
    expect((await db().select().from(bbhWxUser).where(eq(bbhWxUser.id, "wx-a")))[0].orgCode).toBe("A01A01");
    expect((await call("PUT", "/bbh/bbhWxUser/updateWxUserSysDepartId", admin, { sysDepartId: null })).body.message).toBe("请选择微信用户");
    expect((await call("PUT", "/bbh/bbhWxUser/updateWxUserSysDepartId", auditor, { id: "wx-a", sysDepartId: null })).status).toBe(403);
    expect((await call("PUT", "/bbh/bbhWxUser/updateIsPointMaker", auditor, { id: "wx-a", isPointMaker: 1 })).status).toBe(403);
  });

  it("deletes users without history and unbinds their students; refuses users who took part", async () => {
    expect((await call("DELETE", "/bbh/bbhWxUser/delete?id=wx-a", admin)).body.message).toBe("微信用户【甲】已参与活动，不能删除，可改为禁用");
    await db().update(bbhStudent).set({ wxUserId: "wx-b" }).where(eq(bbhStudent.id, "stu-w"));
    expect((await call("DELETE", "/bbh/bbhWxUser/deleteBatch?ids=wx-b", admin)).body.success).toBe(true);
    expect((await db().select().from(bbhStudent).where(eq(bbhStudent.id, "stu-w")))[0].wxUserId).toBeNull();
    expect((await call("DELETE", "/bbh/bbhWxUser/delete?id=wx-a", auditor)).status).toBe(403);
    expect((await call("GET", "/bbh/bbhWxUser/list", auditor)).status).toBe(403);
  });
});
