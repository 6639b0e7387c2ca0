/**
 * Organisations (domain.md §4.21, §7.4): one per department (a second is a 400 that changes nothing), the
 * department's name and code copied and kept in step when the department is renamed, the list joined with
 * the department tree (subtree filter, counts of WeChat users, schools and activities), the organiser picker,
 * deletion refused while an activity names it, and permission refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { bbhActivityMain, bbhOrganization, bbhSchool, bbhWxUser, sysDepart } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { caller, rows } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;
const db = () => t.database.db;
const depart = async (code: string) => (await db().select().from(sysDepart).where(eq(sysDepart.orgCode, code)))[0];
const orgOf = async (departId: string) => (await db().select().from(bbhOrganization).where(and(eq(bbhOrganization.sysDepartId, departId), eq(bbhOrganization.delFlag, 0))))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
});
afterAll(() => t.close());

describe("organisations", () => {
  it("creates one organisation per department with its name and code, refusing a second with a 400", async () => {
    const school = await depart("A02A01");
    const hq = await depart("A01");
    const add = (body: object) => call("POST", "/bbh/api/organization/add", admin, { orgType: 3, ...body });
    expect((await add({ sysDepartId: school.id, contactName: "王老师", contactPhone: "0796-1234567", address: "井冈山市" })).body.success).toBe(true);
    expect(await orgOf(school.id)).toMatchObject({ orgName: "红星实验学校", orgCode: "A02A01", orgType: 3, orgStatus: 1 });
    const before = await rows(t, bbhOrganization);
    expect(await add({ sysDepartId: school.id })).toMatchObject({ status: 400, body: { message: "部门【红星实验学校】已建立组织档案，请直接编辑" } });
    expect((await add({ sysDepartId: "nope" })).body.message).toBe("所属部门不存在");
    expect((await add({ sysDepartId: hq.id, orgType: 7 })).status).toBe(400);
    expect((await add({ sysDepartId: hq.id, contactPhone: "电话" })).body.message).toBe("联系电话只能包含数字、+、- 和空格");
    expect(await rows(t, bbhOrganization)).toBe(before);
    expect((await add({ sysDepartId: hq.id, orgType: 6 })).body.success).toBe(true);
  });

  it("follows its department's renaming", async () => {
    const school = await depart("A02A01");
    const res = await call("PUT", "/sys/sysDepart/edit", admin, { id: school.id, departName: "红星实验学校（新）", parentId: school.parentId, orgCategory: "2" });
    expect(res.body.success).toBe(true);
    expect((await orgOf(school.id)).orgName).toBe("红星实验学校（新）");
  });

  it("lists organisations joined with their departments, with counts and a subtree filter", async () => {
    const school = await depart("A02A01");
    const org = await orgOf(school.id);
    await db().insert(bbhWxUser).values([{ id: "wx-o1", openid: "oo1", sysDepartId: school.id, orgCode: "A02A01" }]);
    await db().insert(bbhSchool).values({ id: "sch-o1", schoolName: "挂靠学校", schoolType: 2, sysDepartId: school.id });
    await db().insert(bbhActivityMain).values({ id: "act-o1", activityName: "组织活动", activityType: 1, organizerOrgId: org.id });
    const list = await call("GET", "/bbh/api/organization/list", admin);
    expect(list.body.result.records.map((r: { orgCode: string }) => r.orgCode)).toEqual(["A01", "A02A01"]);
    expect(list.body.result.records[1]).toMatchObject({ sysDepartId_dictText: "红星实验学校（新）", departMissing: false, wxUserCount: 1, schoolCount: 1, activityCount: 1, orgType_dictText: "学校", contactPhone: "079****4567" });
    const partner = await depart("A02");
    const sub = await call("GET", `/bbh/api/organization/list?departId=${partner.id}`, admin);
    expect(sub.body.result.records.map((r: { orgCode: string }) => r.orgCode)).toEqual(["A02A01"]);
    expect((await call("GET", "/bbh/api/organization/list?departId=a'b", admin)).status).toBe(400);
    const picks = await call("GET", "/bbh/api/organization/selectList", admin);
    expect(picks.body.result).toEqual([
      expect.objectContaining({ text: "红色印记运营中心", orgCode: "A01" }),
      expect.objectContaining({ value: org.id, text: "红星实验学校（新）", label: "红星实验学校（新）" }),
    ]);
    const one = await call("GET", `/bbh/api/organization/getById?id=${org.id}`, admin);
    expect(one.body.result).toMatchObject({ id: org.id, activityCount: 1 });
  });

  it("edits (a masked phone sent back keeps the number) and refuses to delete an organiser of activities", async () => {
    const school = await depart("A02A01");
    const org = await orgOf(school.id);
    const edit = await call("PUT", "/bbh/api/organization/edit", admin, { id: org.id, sysDepartId: school.id, orgType: 4, contactPhone: "079****4567", intro: "简介" });
    expect(edit.body.success).toBe(true);
    expect(await orgOf(school.id)).toMatchObject({ orgType: 4, contactPhone: "0796-1234567", intro: "简介" });
    const hq = await depart("A01");
    expect((await call("PUT", "/bbh/api/organization/edit", admin, { id: org.id, sysDepartId: hq.id, orgType: 4 })).body.message).toBe("部门【红色印记运营中心】已建立组织档案，请直接编辑");
    expect((await call("DELETE", `/bbh/api/organization/delete?id=${org.id}`, admin)).body.message).toBe("该组织是活动【组织活动】的主办单位，不能删除");
    const hqOrg = await orgOf(hq.id);
    expect((await call("DELETE", `/bbh/api/organization/delete?id=${hqOrg.id}`, admin)).body.success).toBe(true);
    expect(await orgOf(hq.id)).toBeUndefined();
  });

  it("refuses users without the organisation permissions", async () => {
    expect((await call("GET", "/bbh/api/organization/list", auditor)).status).toBe(403);
    expect((await call("POST", "/bbh/api/organization/add", auditor, { sysDepartId: "x", orgType: 1 })).status).toBe(403);
    expect((await call("GET", "/bbh/api/organization/selectList", auditor)).status).toBe(403);
  });
});
