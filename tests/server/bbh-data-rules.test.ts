/**
 * Data rules apply to bbh lists as to system lists: a rule granted on a bbh menu narrows that menu's list,
 * its export and the map points; 自定义活动 and 红色活动 each follow their own menu's rules.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { bbhActivityMain, bbhRedMark, sysDepart, sysPermission, sysRole } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";
import { caller } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let viewer: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  call = caller(t);
  const db = t.database.db;
  const menus = await db.select().from(sysPermission).where(inArray(sysPermission.component, ["bbh/redmark/RedMarkList", "bbh/activity/RedActivityList", "bbh/activity/CustomActivityList"]));
  const buttons = await db.select().from(sysPermission).where(inArray(sysPermission.perms, ["bbh:redmark:list", "bbh:redmark:export", "bbh:activity:list"]));
  await call("POST", "/sys/role/add", admin, { roleName: "印记查看", roleCode: "bbh_viewer" });
  const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "bbh_viewer"));
  await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: [...menus, ...buttons].map((p) => p.id).join(","), lastpermissionIds: "" });
  // The same department rule on 红色印记 and 红色活动, none on 自定义活动.
  for (const component of ["bbh/redmark/RedMarkList", "bbh/activity/RedActivityList"]) {
    const menu = menus.find((m) => m.component === component)!;
    await call("POST", "/sys/permission/addPermissionRule", admin, { permissionId: menu.id, ruleName: `本部门-${component}`, ruleColumn: "sysOrgCode", ruleConditions: "=", ruleValue: "#{sys_org_code}" });
    const rules = (await call("GET", `/sys/permission/getPermRuleListByPermId?permissionId=${menu.id}`, admin)).body.result;
    await call("POST", "/sys/role/datarule", admin, { permissionId: menu.id, roleId: role.id, dataRuleIds: rules.map((r: { id: string }) => r.id).join(",") });
  }
  const [ops] = await db.select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A01"));
  await call("POST", "/sys/user/add", admin, { username: "bbh_viewer", realname: "印记查看员", password: "Rule@12345", selectedroles: role.id, selecteddeparts: ops.id });
  viewer = await t.login("bbh_viewer", "Rule@12345");
  const base = { category: 2, address: "地址", coverImage: "/c.jpg", publishStatus: 1, createBy: "admin" };
  await db.insert(bbhRedMark).values([
    { id: "dr-mark-ops", markName: "运营部印记", longitude: 115.9, latitude: 28.7, sysOrgCode: "A01A01", ...base },
    { id: "dr-mark-hq", markName: "总部印记", longitude: 116.9, latitude: 29.7, sysOrgCode: "A01", ...base },
  ]);
  await db.insert(bbhActivityMain).values([
    { id: "dr-act-red-ops", activityName: "运营部红色活动", activityType: 2, sysOrgCode: "A01A01" },
    { id: "dr-act-red-hq", activityName: "总部红色活动", activityType: 2, sysOrgCode: "A01" },
    { id: "dr-act-custom-hq", activityName: "总部自定义活动", activityType: 1, sysOrgCode: "A01" },
  ]);
});
afterAll(() => t.close());

describe("data rules on bbh lists", () => {
  it("narrow the red-mark list, its total, its export and the map points to the user's department", async () => {
    const mine = await call("GET", "/bbh/api/activity/redmark/list", viewer);
    expect(mine.body.result.records.map((r: { markName: string }) => r.markName)).toEqual(["运营部印记"]);
    expect(mine.body.result.total).toBe(1);
    expect((await call("GET", "/bbh/api/activity/redmark/list", admin)).body.result.total).toBe(2);
    const points = await call("GET", "/bbh/api/activity/redmark/mapPoints", viewer);
    expect(points.body.result.map((p: { id: string }) => p.id)).toEqual(["dr-mark-ops"]);
    const xls = await t.app.inject({ method: "GET", url: `${API}/bbh/api/activity/redmark/exportXls`, headers: { "x-access-token": viewer } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].rowCount).toBe(4);
    expect(String(book.worksheets[0].getRow(4).getCell(1).value)).toBe("运营部印记");
  });

  it("follow the menu of the activity type: 红色活动 is narrowed, 自定义活动 is not", async () => {
    const red = await call("GET", "/bbh/api/activity/main/list?activityType=2", viewer);
    expect(red.body.result.records.map((r: { activityName: string }) => r.activityName)).toEqual(["运营部红色活动"]);
    const custom = await call("GET", "/bbh/api/activity/main/list?activityType=1", viewer);
    expect(custom.body.result.records.map((r: { activityName: string }) => r.activityName)).toEqual(["总部自定义活动"]);
    const select = await call("GET", "/bbh/api/activity/main/getActivityNameSelectList?activityType=2", viewer);
    expect(select.body.result.map((r: { text: string }) => r.text)).toEqual(["运营部红色活动"]);
    expect((await call("POST", "/bbh/api/activity/redmark/add", viewer, { markName: "x", category: 2 })).status).toBe(403);
    const [row] = await t.database.db.select().from(bbhRedMark).where(and(eq(bbhRedMark.id, "dr-mark-hq")));
    expect(row.markName).toBe("总部印记");
  });
});
