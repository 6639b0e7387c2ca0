/**
 * Staff add and edit applies (报名管理 新增/编辑, domain.md §4.7, §5.5): an apply for a WeChat user, the
 * participant cap, duplicates, the status only along the state machine (reason for a refusal, no cancel once
 * the player started), masked phones kept, and refusals that change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bbhActivityApply, bbhActivityGroup, bbhActivityMain, bbhActivityTime, bbhUserActivity, bbhWxUser } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { at, caller, rows } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;
let activityId: string;
let timeId: string;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
  await call("POST", "/bbh/api/activity/main/add", admin, { activityName: "报名活动", activityType: 1, coverImage: "/c.jpg", startTime: at(-10), endTime: at(30), teamMode: 2, groupType: 1, groupMinSize: 1, groupMaxSize: 4, maxParticipants: 2 });
  activityId = (await t.database.db.select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, "报名活动")))[0].id;
  await call("POST", "/bbh/api/activity/time/add", admin, { activityId, timeName: "一期", startTime: at(-5), endTime: at(5) });
  timeId = (await t.database.db.select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, activityId)))[0].id;
  await t.database.db.insert(bbhWxUser).values([
    ...["1", "2", "3", "4"].map((k) => ({ id: `wxs-${k}`, openid: `open-staff-${k}`, nickname: `用户${k}` })),
    { id: "wxs-off", openid: "open-staff-off", userStatus: 1 },
  ]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const one = async (id: string) => (await db().select().from(bbhActivityApply).where(eq(bbhActivityApply.id, id)))[0];
const add = (body: object, token = admin) => call("POST", "/bbh/api/activity/apply/add", token, { activityId, timeId, ...body });
const edit = (body: object, token = admin) => call("PUT", "/bbh/api/activity/apply/edit", token, body);

describe("staff add applies", () => {
  it("adds an approved apply for a WeChat user and refuses duplicates, unknown or disabled users, foreign windows and a full activity", async () => {
    const res = await add({ wxUserId: "wxs-1", realName: " 张三 ", phone: "13800001111", className: "初二(3)班" });
    expect(res.body).toMatchObject({ success: true, message: "添加成功！" });
    const a = await one(res.body.result.id);
    expect(a).toMatchObject({ activityId, timeId, wxUserId: "wxs-1", realName: "张三", phone: "13800001111", applyStatus: 1, auditBy: "admin", createBy: "admin" });
    const list = await call("GET", `/bbh/api/activity/apply/list?activityId=${activityId}`, admin);
    expect(list.body.result.records[0]).toMatchObject({ realName: "张三", phone: "138****1111", applyStatus_dictText: "已通过" });

    const before = await rows(t, bbhActivityApply);
    expect((await add({ wxUserId: "wxs-1", realName: "再报" })).body.message).toBe("该用户已报名此活动");
    expect((await add({ wxUserId: "nobody", realName: "无名" })).body.message).toBe("微信用户不存在");
    expect((await add({ wxUserId: "wxs-off", realName: "禁用" })).body.message).toBe("该微信用户已禁用，不能报名");
    expect((await add({ wxUserId: "wxs-2", realName: "错段", timeId: "no-such-window" })).body.message).toBe("时间段不属于该活动");
    expect((await add({ wxUserId: "wxs-2", realName: "拒绝", applyStatus: 2 })).body.message).toBe("新增报名的状态只能是待审核或已通过");
    expect((await add({ wxUserId: "wxs-2", realName: "错组", groupId: "no-such-group" })).body.message).toBe("小组不属于该活动");
    expect((await add({ wxUserId: "wxs-2", realName: "" })).status).toBe(400);
    expect((await add({ wxUserId: "wxs-2", realName: "长".repeat(51) })).status).toBe(400);
    expect((await add({ wxUserId: "wxs-2", realName: "无权" }, auditor)).status).toBe(403);
    expect(await rows(t, bbhActivityApply)).toBe(before);

    expect((await add({ wxUserId: "wxs-2", realName: "李四" })).body.message).toBe("添加成功！");
    // maxParticipants = 2: a third approved apply is refused, a pending one is not.
    expect((await add({ wxUserId: "wxs-3", realName: "王五" })).body.message).toBe("报名人数已满");
    const pending = await add({ wxUserId: "wxs-3", realName: "王五", applyStatus: 0 });
    expect(pending.body.message).toBe("添加成功！");
    expect(await one(pending.body.result.id)).toMatchObject({ applyStatus: 0, auditBy: null });
  });
});

describe("staff edit applies", () => {
  it("edits the details, keeps a masked phone, and moves the status only along the state machine", async () => {
    const id = (await add({ wxUserId: "wxs-4", realName: "赵六", phone: "13900002222", applyStatus: 0 })).body.result.id;
    const [g] = await db().insert(bbhActivityGroup).values({ id: "grp-apply-1", activityId, groupName: "一组" }).returning();
    expect((await edit({ id, realName: "赵六六", phone: "139****2222", className: "初三(1)班", groupId: g.id })).body.message).toBe("编辑成功!");
    expect(await one(id)).toMatchObject({ realName: "赵六六", phone: "13900002222", className: "初三(1)班", groupId: g.id, applyStatus: 0, updateBy: "admin" });

    const snapshot = await one(id);
    expect((await edit({ id, realName: "赵六六", activityId: "other" })).body.message).toBe("报名的活动、时间段和微信用户不能修改");
    expect((await edit({ id, realName: "赵六六", applyStatus: 2 })).body.message).toBe("拒绝报名时请填写原因");
    // two are approved already (cap 2)
    expect((await edit({ id, realName: "赵六六", applyStatus: 1 })).body.message).toBe("报名人数已满");
    expect((await edit({ id, realName: "赵六六", groupId: "no-such-group" })).body.message).toBe("小组不属于该活动");
    expect((await edit({ id: "no-such-apply", realName: "x" })).body.message).toBe("数据不存在或已删除");
    expect((await edit({ id, realName: "x" }, auditor)).status).toBe(403);
    expect(await one(id)).toEqual(snapshot);

    expect((await edit({ id, realName: "赵六六", applyStatus: 2, auditRemark: "资料不全" })).body.message).toBe("编辑成功!");
    expect(await one(id)).toMatchObject({ applyStatus: 2, auditBy: "admin", auditRemark: "资料不全" });
    expect((await edit({ id, realName: "赵六六", applyStatus: 1 })).body.message).toBe("报名状态不能从【已拒绝】改为【已通过】");
    expect((await edit({ id, realName: "赵六六", applyStatus: 0 })).body.message).toBe("报名状态不能从【已拒绝】改为【待审核】");
  });

  it("cancels an apply unless the player has started, and a cancelled one stays cancelled", async () => {
    const [first, second] = await db().select().from(bbhActivityApply).where(eq(bbhActivityApply.applyStatus, 1)).orderBy(bbhActivityApply.createTime);
    await db().insert(bbhUserActivity).values({ id: "ua-apply-1", wxUserId: first.wxUserId, activityId, timeId, roundNo: 1, applyId: first.id, uaStatus: 1 });
    expect((await edit({ id: first.id, realName: first.realName, applyStatus: 3 })).body.message).toBe("已开始活动，不能取消报名");
    expect((await one(first.id)).applyStatus).toBe(1);
    expect((await edit({ id: second.id, realName: second.realName, applyStatus: 3 })).body.message).toBe("编辑成功!");
    const cancelled = await one(second.id);
    expect(cancelled.applyStatus).toBe(3);
    expect(cancelled.cancelTime).toBeInstanceOf(Date);
    expect((await edit({ id: second.id, realName: second.realName, applyStatus: 1 })).body.message).toBe("报名状态不能从【已取消】改为【已通过】");
  });
});
