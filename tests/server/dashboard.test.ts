/**
 * `/sys/dashboard/summary` on a hand-built dataset: activities by type and publication, red marks, players
 * (7 days, GMT+8 days), answers awaiting review (latest submission, not reviewed); a figure the user's role
 * does not list is null; the figures follow the data rules of the page they count.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { bbhActivityMain, bbhRedMark, bbhUserActivity, bbhUserTaskAnswer, sysDepart, sysPermission, sysRole } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { caller } from "./bbh-helpers.js";
import { gmt8DayStart } from "../../server/modules/sys/log-info.js";

let t: TestApp;
let admin: string;
let auditor: string;
let viewer: string;
let call: ReturnType<typeof caller>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  call = caller(t);
  await t.setPassword("lisi", "Dash@13579");
  auditor = await t.login("lisi", "Dash@13579");
  const db = t.database.db;

  await db.insert(bbhActivityMain).values([
    { id: "d-act-1", activityName: "自定义一", activityType: 1, publishStatus: 1, sysOrgCode: "A01A01" },
    { id: "d-act-2", activityName: "自定义二", activityType: 1, publishStatus: 0, sysOrgCode: "A01" },
    { id: "d-act-3", activityName: "红色一", activityType: 2, publishStatus: 2, sysOrgCode: "A01" },
    { id: "d-act-4", activityName: "已删除", activityType: 2, publishStatus: 1, delFlag: 1, sysOrgCode: "A01" },
  ]);
  const mark = { category: 2, address: "地址", coverImage: "/c.jpg", longitude: 115.9, latitude: 28.7 };
  await db.insert(bbhRedMark).values([
    { id: "d-mark-1", markName: "印记一", publishStatus: 1, sysOrgCode: "A01A01", ...mark },
    { id: "d-mark-2", markName: "印记二", publishStatus: 0, sysOrgCode: "A01", ...mark },
    { id: "d-mark-3", markName: "删除的", publishStatus: 1, delFlag: 1, sysOrgCode: "A01", ...mark },
  ]);
  // Players: two today, one 3 days ago, one 10 days ago (outside the 7 days), same person twice.
  const today = gmt8DayStart(Date.now()).getTime() + 60_000;
  const ua = (id: string, wx: string, at: number, org: string) => ({ id, wxUserId: wx, activityId: "d-act-1", timeId: `w-${id}`, roundNo: 1, joinTime: new Date(at), sysOrgCode: org });
  await db.insert(bbhUserActivity).values([
    ua("d-ua-1", "wx-1", today, "A01A01"),
    ua("d-ua-2", "wx-2", today, "A01"),
    ua("d-ua-3", "wx-1", today - 3 * DAY, "A01"),
    ua("d-ua-4", "wx-3", today - 10 * DAY, "A01"),
  ]);
  const ans = (id: string, auditStatus: number, isLatest: number, org: string) => ({
    id, userTaskId: `ut-${id}`, userActivityId: "d-ua-1", wxUserId: "wx-1", activityId: "d-act-1", timeId: "w1", roundNo: 1, taskId: "t1", taskType: 5, attemptNo: 1, auditStatus, isLatest, sysOrgCode: org,
  });
  await db.insert(bbhUserTaskAnswer).values([
    ans("d-an-1", 0, 1, "A01A01"),
    ans("d-an-2", 0, 1, "A01"),
    ans("d-an-3", 0, 0, "A01"), // superseded by a later attempt
    ans("d-an-4", 1, 1, "A01"), // reviewed
    ans("d-an-5", 2, 1, "A01A01"), // rejected
  ]);

  // A role that sees the answers and players of its own department only, and nothing of activities.
  const menus = await db.select().from(sysPermission).where(inArray(sysPermission.component, ["bbh/player/UserTaskAnswerList", "bbh/player/UserActivityList"]));
  const buttons = await db.select().from(sysPermission).where(inArray(sysPermission.perms, ["bbh:answer:list", "bbh:userActivity:list"]));
  await call("POST", "/sys/role/add", admin, { roleName: "本部门审核", roleCode: "dash_viewer" });
  const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "dash_viewer"));
  await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: [...menus, ...buttons].map((p) => p.id).join(","), lastpermissionIds: "" });
  for (const menu of menus) {
    await call("POST", "/sys/permission/addPermissionRule", admin, { permissionId: menu.id, ruleName: `本部门-${menu.component}`, ruleColumn: "sysOrgCode", ruleConditions: "=", ruleValue: "#{sys_org_code}" });
    const rules = (await call("GET", `/sys/permission/getPermRuleListByPermId?permissionId=${menu.id}`, admin)).body.result;
    await call("POST", "/sys/role/datarule", admin, { permissionId: menu.id, roleId: role.id, dataRuleIds: rules.map((r: { id: string }) => r.id).join(",") });
  }
  const [ops] = await db.select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A01"));
  await call("POST", "/sys/user/add", admin, { username: "dash_viewer", realname: "看板查看员", password: "Dash@24680", selectedroles: role.id, selecteddeparts: ops.id });
  viewer = await t.login("dash_viewer", "Dash@24680");
});
afterAll(() => t.close());

describe("dashboard summary", () => {
  it("counts activities, red marks, players and pending answers in one answer", async () => {
    const res = await call("GET", "/sys/dashboard/summary", admin);
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r.activities).toEqual({ total: 3, custom: 2, red: 1, unpublished: 1, published: 1, withdrawn: 1 });
    expect(r.redMarks).toEqual({ total: 2, published: 1 });
    expect(r.players.total).toBe(4);
    expect(r.players.people).toBe(3);
    expect(r.players.today).toBe(2);
    expect(r.players.perDay).toHaveLength(7);
    expect(r.players.perDay.map((d: { count: number }) => d.count)).toEqual([0, 0, 0, 1, 0, 0, 2]);
    expect(r.players.perDay[6].day).toBe(new Date(gmt8DayStart(Date.now()).getTime() + 8 * 3_600_000).toISOString().slice(0, 10));
    expect(r.answers).toEqual({ pending: 2 });
  });

  it("leaves out what the user's role does not list", async () => {
    const r = (await call("GET", "/sys/dashboard/summary", auditor)).body.result;
    expect(r.activities).toBeNull();
    expect(r.redMarks).toBeNull();
    expect(r.answers).toEqual({ pending: 2 });
  });

  it("applies the data rules of the page each figure counts", async () => {
    const r = (await call("GET", "/sys/dashboard/summary", viewer)).body.result;
    expect(r.activities).toBeNull();
    expect(r.answers).toEqual({ pending: 1 });
    expect(r.players.total).toBe(1);
    expect(r.players.today).toBe(1);
  });

  it("needs a signed-in user", async () => {
    const res = await t.app.inject({ method: "GET", url: "/jeecg-boot/sys/dashboard/summary" });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe("Token失效，请重新登录");
  });
});
