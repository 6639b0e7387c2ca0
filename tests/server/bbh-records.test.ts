/**
 * Players' records (domain.md §4.7–4.12, §5.5, §6.3): activation codes (batch generation, uniqueness,
 * export, void, delete), applies (masked phones, audit), groups, grades and group grades after a settlement,
 * the score ledger and manual adjustment; permissions and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { bbhActivationCode, bbhActivityApply, bbhActivityGroup, bbhActivityMain, bbhActivityTime, bbhScoreRecord, bbhUserActivity, bbhWxUser } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";
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
  await call("POST", "/bbh/api/activity/main/add", admin, { activityName: "记录活动", activityType: 1, coverImage: "/c.jpg", startTime: at(-10), endTime: at(30), teamMode: 2, groupType: 1, groupMinSize: 1, groupMaxSize: 4, maxParticipants: 2 });
  activityId = (await t.database.db.select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, "记录活动")))[0].id;
  await call("POST", "/bbh/api/activity/task/add", admin, { activityId, taskName: "任务", taskType: 5, score: 10 });
  await call("POST", "/bbh/api/activity/time/add", admin, { activityId, timeName: "一期", startTime: at(-5), endTime: at(5) });
  await call("PUT", "/bbh/api/activity/main/updatePublish", admin, { id: activityId, publishStatus: 1 });
  timeId = (await t.database.db.select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, activityId)))[0].id;
});
afterAll(() => t.close());

const db = () => t.database.db;

describe("activation codes", () => {
  it("generates a batch of unique 10-character codes, lists it, exports it, voids and deletes only unused ones", async () => {
    const res = await call("POST", "/bbh/api/activity/activation/generate", admin, { activityId, count: 300, validEndTime: at(30), remark: "第一批" });
    expect(res.body.message).toBe("成功生成300个激活码");
    const { batchNo } = res.body.result;
    const codes = await db().select().from(bbhActivationCode).where(eq(bbhActivationCode.batchNo, batchNo));
    expect(codes).toHaveLength(300);
    expect(new Set(codes.map((c) => c.code)).size).toBe(300);
    for (const c of codes) expect(c.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    expect(codes[0]).toMatchObject({ activityId, codeStatus: 0, createBy: "admin", remark: "第一批" });
    const list = await call("GET", `/bbh/api/activity/activation/list?batchNo=${batchNo}&pageSize=5`, admin);
    expect(list.body.result).toMatchObject({ total: 300, size: 5 });
    expect(list.body.result.records[0].codeStatus_dictText).toBe("未使用");
    const xls = await t.app.inject({ method: "GET", url: `${API}/bbh/api/activity/activation/exportXls?batchNo=${batchNo}`, headers: { "x-access-token": admin } });
    expect(xls.headers["content-type"]).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(3).values).toEqual(expect.arrayContaining(["激活码", "批次", "状态"]));
    expect(sheet.rowCount).toBe(303);
    expect(String(sheet.getRow(4).getCell(3).value)).toBe("未使用");
    // void
    const [a, b] = codes;
    await db().insert(bbhWxUser).values({ id: "wx-code-1", openid: "openid-wx-code-1", nickname: "小红" });
    await db().update(bbhActivationCode).set({ codeStatus: 1, usedBy: "wx-code-1" }).where(eq(bbhActivationCode.id, b.id));
    // the list names who redeemed a code (nickname when no real name)
    const used = await call("GET", `/bbh/api/activity/activation/list?code=${b.code}`, admin);
    expect(used.body.result.records[0]).toMatchObject({ usedBy: "wx-code-1", usedByName: "小红" });
    expect((await call("PUT", "/bbh/api/activity/activation/void", admin, { ids: [a.id, b.id], voidReason: "作废" })).body.message).toBe("仅未使用的激活码可以作废");
    expect((await call("PUT", "/bbh/api/activity/activation/void", admin, { ids: [a.id], voidReason: "" })).status).toBe(400);
    expect((await call("PUT", "/bbh/api/activity/activation/void", admin, { ids: [a.id], voidReason: "发错了" })).body.message).toBe("作废成功");
    expect((await db().select().from(bbhActivationCode).where(eq(bbhActivationCode.id, a.id)))[0]).toMatchObject({ codeStatus: 2, voidBy: "admin", voidReason: "发错了" });
    expect((await call("DELETE", `/bbh/api/activity/activation/delete?id=${b.id}`, admin)).body.message).toBe("已使用的激活码不能删除");
    expect((await call("DELETE", `/bbh/api/activity/activation/delete?id=${a.id}`, admin)).body.message).toBe("删除成功!");
    expect(await rows(t, bbhActivationCode, eq(bbhActivationCode.batchNo, batchNo))).toBe(299);
  });

  it("refuses bad counts and periods with 400 and without the code with 403, creating nothing", async () => {
    const before = await rows(t, bbhActivationCode);
    expect((await call("POST", "/bbh/api/activity/activation/generate", admin, { activityId, count: 0 })).body.message).toMatch(/生成数量/);
    expect((await call("POST", "/bbh/api/activity/activation/generate", admin, { activityId, count: 5001 })).status).toBe(400);
    expect((await call("POST", "/bbh/api/activity/activation/generate", admin, { activityId, count: 5, validStartTime: at(3), validEndTime: at(1) })).body.message).toBe("有效期结束时间必须晚于开始时间");
    expect((await call("POST", "/bbh/api/activity/activation/generate", admin, { activityId: "nope", count: 5 })).body.message).toBe("活动不存在或已删除");
    expect((await call("POST", "/bbh/api/activity/activation/generate", auditor, { activityId, count: 5 })).status).toBe(403);
    expect(await rows(t, bbhActivationCode)).toBe(before);
  });
});

describe("applies and groups", () => {
  it("lists applies with masked phones and audits them: reason for refusal, the participant cap, only pending ones", async () => {
    await db().insert(bbhActivityApply).values(
      ["1", "2", "3"].map((k) => ({ id: `ap-${k}`, activityId, timeId, wxUserId: `wx-ap-${k}`, realName: `报名人${k}`, phone: `1380000000${k}`, applyStatus: 0 })),
    );
    const list = await call("GET", `/bbh/api/activity/apply/list?activityId=${activityId}&column=realName&order=asc`, admin);
    expect(list.body.result.records.map((r: { phone: string; applyStatus_dictText: string }) => [r.phone, r.applyStatus_dictText])).toEqual([["138****0001", "待审核"], ["138****0002", "待审核"], ["138****0003", "待审核"]]);
    const audit = (ids: string[], applyStatus: number, auditRemark?: string) => call("PUT", "/bbh/api/activity/apply/audit", admin, { ids, applyStatus, auditRemark });
    expect((await audit(["ap-1"], 2)).body.message).toBe("拒绝报名时请填写原因");
    expect((await audit(["ap-1", "ap-2", "ap-3"], 1)).body.message).toBe("报名人数已满");
    expect(await rows(t, bbhActivityApply, eq(bbhActivityApply.applyStatus, 1))).toBe(0);
    expect((await audit(["ap-1", "ap-2"], 1)).body).toMatchObject({ message: "审核成功", result: { updated: 2 } });
    expect((await audit(["ap-1"], 2, "重复")).body.message).toBe("仅待审核的报名可以审核");
    expect((await audit(["ap-3"], 2, "名额已满")).body.message).toBe("审核成功");
    expect((await db().select().from(bbhActivityApply).where(eq(bbhActivityApply.id, "ap-3")))[0]).toMatchObject({ applyStatus: 2, auditBy: "admin", auditRemark: "名额已满" });
    expect((await audit(["ap-1"], 3)).status).toBe(400);
    expect((await call("PUT", "/bbh/api/activity/apply/audit", auditor, { ids: ["ap-1"], applyStatus: 1 })).status).toBe(403);
  });

  it("adds groups with invite codes, refuses duplicate names and deleting groups with members", async () => {
    const add = (groupName: string) => call("POST", "/bbh/api/activity/group/add", admin, { activityId, groupName });
    expect((await add("星火小队")).body.message).toBe("添加成功！");
    expect((await add("星火小队")).body.message).toBe("小组名称【星火小队】已存在");
    const [g] = await db().select().from(bbhActivityGroup).where(eq(bbhActivityGroup.groupName, "星火小队"));
    expect(g).toMatchObject({ groupType: 1, maxMembers: 4, groupStatus: 1 });
    expect(g.inviteCode).toMatch(/^[2-9A-Z]{6}$/);
    const list = await call("GET", `/bbh/api/activity/group/list?activityId=${activityId}`, admin);
    expect(list.body.result.records[0]).toMatchObject({ groupName: "星火小队", groupType_dictText: "自由组队" });
    await db().insert(bbhUserActivity).values({ id: "ua-grp-1", wxUserId: "wx-g1", activityId, timeId, roundNo: 1, groupId: g.id, uaStatus: 1 });
    expect((await call("DELETE", `/bbh/api/activity/group/delete?id=${g.id}`, admin)).body.message).toBe("小组已有成员，不能删除");
  });
});

describe("group assignment", () => {
  it("puts approved applicants into a group, moves them between groups with their running rounds, refuses others and full groups", async () => {
    await call("POST", "/bbh/api/activity/group/add", admin, { activityId, groupName: "红旗小队", maxMembers: 1 });
    const groups = await db().select().from(bbhActivityGroup).where(eq(bbhActivityGroup.activityId, activityId));
    const star = groups.find((g) => g.groupName === "星火小队")!;
    const flag = groups.find((g) => g.groupName === "红旗小队")!;
    await db().insert(bbhUserActivity).values({ id: "ua-assign-1", wxUserId: "wx-ap-1", activityId, timeId, roundNo: 1, uaStatus: 1 });
    const assign = (groupId: string, wxUserIds: string[]) => call("POST", "/bbh/api/activity/group/assign", admin, { groupId, wxUserIds });
    expect((await assign(star.id, ["wx-ap-1", "wx-ap-2"])).body).toMatchObject({ message: "分配成功", result: { memberCount: 2 } });
    expect((await assign(star.id, ["wx-ap-3"])).body.message).toBe("玩家【wx-ap-3】没有通过审核的报名，不能分组");
    expect((await assign(flag.id, ["wx-ap-1", "wx-ap-2"])).body.message).toBe("小组人数已满（上限1人）");
    expect((await assign(flag.id, ["wx-ap-1"])).body.result.memberCount).toBe(1);
    const after = await db().select().from(bbhActivityGroup).where(eq(bbhActivityGroup.activityId, activityId));
    expect(after.map((g) => [g.groupName, g.memberCount]).sort()).toEqual([["星火小队", 1], ["红旗小队", 1]]);
    expect((await db().select().from(bbhUserActivity).where(eq(bbhUserActivity.id, "ua-assign-1")))[0].groupId).toBe(flag.id);
    expect((await call("POST", "/bbh/api/activity/group/assign", auditor, { groupId: flag.id, wxUserIds: ["wx-ap-2"] })).status).toBe(403);
    await db().delete(bbhUserActivity).where(eq(bbhUserActivity.id, "ua-assign-1"));
  });
});

describe("score ledger, grades and group grades", () => {
  it("adjusts scores by hand while the window runs, then lists the frozen grades after settlement", async () => {
    const [g] = await db().select().from(bbhActivityGroup).where(eq(bbhActivityGroup.groupName, "星火小队"));
    await db().insert(bbhUserActivity).values({ id: "ua-sc-1", wxUserId: "wx-s1", activityId, timeId, roundNo: 1, groupId: g.id, uaStatus: 1, startTime: new Date(Date.now() - 3600_000) });
    const adjust = (userActivityId: string, scoreChange: number, reason = "表现突出") => call("POST", "/bbh/api/activity/score/adjust", admin, { userActivityId, scoreChange, reason });
    expect((await adjust("ua-sc-1", 0)).body.message).toBe("调整分值不能为0");
    expect((await adjust("ua-sc-1", 5, "")).status).toBe(400);
    expect((await adjust("ua-sc-1", 8)).body).toMatchObject({ message: "调整成功", result: { totalScore: 8 } });
    expect((await adjust("ua-sc-1", -3, "违规")).body.result.totalScore).toBe(5);
    const ledger = await call("GET", "/bbh/api/activity/score/list?userActivityId=ua-sc-1&column=createTime&order=asc", admin);
    expect(ledger.body.result.records.map((r: { scoreType_dictText: string; scoreChange: number; scoreAfter: number }) => [r.scoreType_dictText, r.scoreChange, r.scoreAfter])).toEqual([["人工加分", 8, 8], ["人工扣分", -3, 5]]);
    // the ledger names its player, activity and window, and finds a player by nickname or real name
    await db().insert(bbhWxUser).values({ id: "wx-s1", openid: "openid-wx-s1", nickname: "小星星", realName: "赵六" });
    const named = await call("GET", "/bbh/api/activity/score/list?nickname=赵六", admin);
    expect(named.body.result.records.map((r: Record<string, unknown>) => [r.nickname, r.realName, r.activityName, r.timeName])).toEqual([["小星星", "赵六", "记录活动", "一期"], ["小星星", "赵六", "记录活动", "一期"]]);
    expect((await call("GET", "/bbh/api/activity/score/list?nickname=无此人", admin)).body.result.total).toBe(0);
    // settle (early): the adjusted player has no finished task, so no rank
    const settled = await call("POST", "/bbh/api/activity/time/settleActivityTime", admin, { id: timeId, force: true });
    expect(settled.body.result).toMatchObject({ participantCount: 2, rankedCount: 0, groupCount: 1 });
    expect((await adjust("ua-sc-1", 1)).body.message).toBe("该活动时间段已结算，成绩已冻结，无法调整积分");
    expect(await rows(t, bbhScoreRecord, eq(bbhScoreRecord.userActivityId, "ua-sc-1"))).toBe(2);
    const grades = await call("GET", `/bbh/api/activity/grade/list?timeId=${timeId}&column=totalScore&order=desc`, admin);
    expect(grades.body.result.records.map((r: { totalScore: number; rankNo: number | null; isFinished_dictText: string; gradeLevel: string }) => [r.totalScore, r.rankNo, r.isFinished_dictText, r.gradeLevel])).toEqual([[5, null, "否", "不合格"], [0, null, "否", "不合格"]]);
    const groups = await call("GET", `/bbh/api/activity/groupGrade/list?timeId=${timeId}`, admin);
    expect(groups.body.result.records).toMatchObject([{ groupName: "星火小队", memberCount: 2, totalScore: 5, avgScore: 2.5, groupScore: 2.5, rankNo: 1, scoreRule_dictText: "成员平均分" }]);
    const xls = await t.app.inject({ method: "GET", url: `${API}/bbh/api/activity/grade/exportXls?timeId=${timeId}`, headers: { "x-access-token": admin } });
    expect(xls.statusCode).toBe(200);
    expect((await call("GET", "/bbh/api/activity/grade/list?column=nope", admin)).body.message).toBe("不支持按「nope」排序");
  });
});
