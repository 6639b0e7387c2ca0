/**
 * Behaviour behind the JeecgBoot Vue 2 compatibility endpoints (issue 7, items 4–9): page-size clamping on
 * every list, optional list filters, table-dictionary texts of the user list, the sign-in statistics, the
 * user recycle bin, the dictionary loaders' allow-lists and the user pickers. The client's exact requests are
 * replayed in jeecg-client-replay.test.ts; this file checks the rules and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, inArray } from "drizzle-orm";
import {
  sysAnnouncement,
  sysAnnouncementSend,
  sysDepart,
  sysDepartRole,
  sysDepartRoleUser,
  sysLog,
  sysPosition,
  sysRole,
  sysSession,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from "../../server/db/schema.js";
import { nextId } from "../../server/lib/ids.js";
import { gmt8DayStart } from "../../server/modules/sys/log-info.js";
import { API, buttonsWithMenus, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;
let departs: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operator = await t.login("zhangsan", "Operator@1");
  departs = Object.fromEntries((await t.database.db.select().from(sysDepart)).map((d) => [d.orgCode, d.id]));
});
afterAll(() => t.close());

const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string | null, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: token ? { "x-access-token": token } : {}, payload });
  return { status: res.statusCode, body: res.json() };
};
const get = (url: string, token: string | null = admin) => call("GET", url, token);
const userId = async (username: string) => (await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username)))[0].id;

describe("page size: clamped to MAX_PAGE_SIZE on every list, bad values still refused", () => {
  const lists = [
    "/sys/user/list",
    "/sys/role/list",
    "/sys/position/list",
    "/sys/dict/list",
    "/sys/dictItem/list",
    "/sys/checkRule/list",
    "/sys/fillRule/list",
    "/sys/dataSource/list",
    "/sys/category/rootList",
    "/sys/user/userRoleList?roleId={adminRole}",
    "/sys/user/queryByOrgCodeForAddressList",
    "/sys/sysAnnouncementSend/getMyAnnouncementSend",
    "/sys/user/queryUserComponentData",
  ];
  /** The list's URL with its required parameters filled in, ready for more. */
  const withQuery = async (url: string) => {
    const adminRole = (await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, "admin")))[0].id;
    const filled = url.replace("{adminRole}", adminRole);
    return filled + (filled.includes("?") ? "&" : "?");
  };
  it.each(lists)("%s&pageSize=99999 → HTTP 200, size = the cap", async (url) => {
    const r = await get(`${await withQuery(url)}pageSize=99999&pageNo=1`);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.result.size).toBe(t.config.maxPageSize);
  });
  it.each(lists)("%s refuses pageSize=abc, 0 and -2 with 400", async (url) => {
    for (const [value, message] of [
      ["abc", "参数「pageSize」必须是整数"],
      ["0", "每页条数（pageSize）必须大于等于 1（-1 表示全部）"],
      ["-2", "每页条数（pageSize）必须大于等于 1（-1 表示全部）"],
    ]) {
      const r = await get(`${await withQuery(url)}pageSize=${value}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 400, message });
    }
  });
  it("a clamped page still pages: pageNo=2 of pageSize=99999 starts after the cap", async () => {
    const r = await get("/sys/user/list?pageSize=99999&pageNo=2");
    expect(r.body.result).toMatchObject({ size: t.config.maxPageSize, current: 2, records: [] });
  });
});

describe("optional list filters", () => {
  it("/sys/dictItem/list: no dictId or an empty one lists every item; a malformed dictId is 400", async () => {
    const all = (await get("/sys/dictItem/list?pageSize=1")).body.result.total;
    expect(all).toBeGreaterThan(20);
    expect((await get("/sys/dictItem/list?dictId=&pageSize=1")).body.result.total).toBe(all);
    const bad = await get("/sys/dictItem/list?dictId=1%27%20or%201=1--");
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });

  it("/sys/sysDepartRole/list: no deptId or an empty one is an empty page, never every department's roles", async () => {
    await t.database.db.insert(sysDepartRole).values({ id: nextId(), departId: departs.A01, roleName: "总部角色", roleCode: "hq_role" });
    for (const q of ["", "deptId=", "deptId=&roleCode=hq_role"]) {
      const r = await get(`/sys/sysDepartRole/list?${q}`);
      expect(r.status).toBe(200);
      expect(r.body.result).toMatchObject({ records: [], total: 0, current: 1 });
    }
    expect((await get(`/sys/sysDepartRole/list?deptId=${departs.A01}`)).body.result.records.map((r: { roleCode: string }) => r.roleCode)).toContain("hq_role");
    expect((await get("/sys/sysDepartRole/list?deptId=x%27y")).status).toBe(400);
  });
});

describe("/sys/duplicate/check allow-list", () => {
  it("sys_depart_role.role_code counts across the table and excludes dataId (edit mode)", async () => {
    const [role] = await t.database.db.select().from(sysDepartRole).where(eq(sysDepartRole.roleCode, "hq_role"));
    expect((await get("/sys/duplicate/check?tableName=sys_depart_role&fieldName=roleCode&fieldVal=hq_role")).body).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
    expect((await get(`/sys/duplicate/check?tableName=sys_depart_role&fieldName=role_code&fieldVal=hq_role&dataId=${role.id}`)).body).toMatchObject({ success: true, message: "该值可用！" });
  });

  it("other columns of an allowed table and tables this server does not have stay refused with the same message", async () => {
    for (const q of ["tableName=sys_depart_role&fieldName=role_name", "tableName=sys_quartz_job&fieldName=job_class_name", "tableName=sys_tenant&fieldName=id", "tableName=sys_sms_template&fieldName=template_code"]) {
      const r = await get(`/sys/duplicate/check?${q}&fieldVal=x`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, message: "该表或字段不允许校验" });
    }
  });
});

describe("/sys/user/list table-dictionary texts", () => {
  it("translates depart_ids and post element by element in their own order, leaving out unknown keys", async () => {
    const db = t.database.db;
    await db.insert(sysPosition).values({ id: nextId(), code: "ops_lead", name: "运营主管", postRank: "3" });
    await db
      .update(sysUser)
      .set({ departIds: `${departs.A01A02},missing-id,${departs.A01A01}`, post: "ops_lead,devleader,nope" })
      .where(eq(sysUser.username, "wangfang"));
    const r = await get("/sys/user/list?username=wangfang");
    expect(r.body.result.records[0]).toMatchObject({ departIds_dictText: "内容审核部,活动运营部", post_dictText: "运营主管,研发部经理" });
  });

  it("is computed in the page query for every row (no per-row look-ups): a whole page carries the keys", async () => {
    const r = await get("/sys/user/list?pageSize=100");
    for (const u of r.body.result.records) {
      expect(u).toHaveProperty("departIds_dictText");
      expect(u).toHaveProperty("post_dictText");
    }
    // Other user answers keep their shape.
    expect((await get(`/sys/user/queryById?id=${await userId("admin")}`)).body.result).not.toHaveProperty("post_dictText");
  });
});

describe("/sys/loginfo and /sys/visitInfo (from the login log)", () => {
  it("gmt8DayStart gives GMT+8 midnights", () => {
    const at = Date.parse("2024-03-10T17:30:00Z"); // 2024-03-11 01:30 GMT+8
    expect(gmt8DayStart(at).toISOString()).toBe("2024-03-10T16:00:00.000Z");
    expect(gmt8DayStart(at, -6).toISOString()).toBe("2024-03-04T16:00:00.000Z");
  });

  it("counts type-1 rows only: all time, today (GMT+8) and today's distinct addresses; 7 days per day", async () => {
    const db = t.database.db;
    await db.delete(sysLog);
    const today = gmt8DayStart(Date.now());
    const at = (days: number, minutes: number) => new Date(today.getTime() + days * 86_400_000 + minutes * 60_000);
    const row = (createTime: Date, ip: string, logType = 1) => ({ id: nextId(), logType, logContent: "用户名: x,登录成功！", ip, createTime });
    await db.insert(sysLog).values([
      row(at(0, 1), "10.0.0.1"), // 00:01 GMT+8 today (still "yesterday" in UTC)
      row(at(0, 2), "10.0.0.1"),
      row(at(0, 3), "10.0.0.2"),
      row(at(0, 4), "10.0.0.9", 2), // an operation log: never counted
      row(at(-1, 30), "10.0.0.3"),
      row(at(-6, 5), "10.0.0.4"),
      row(at(-7, 5), "10.0.0.5"), // before the 7-day window
      row(at(-30, 0), "10.0.0.6"),
    ]);
    const info = await get("/sys/loginfo");
    expect(info.body).toMatchObject({ success: true, code: 200, message: "登录成功", result: { totalVisitCount: 7, todayVisitCount: 3, todayIp: 2 } });

    const visits = (await get("/sys/visitInfo")).body.result;
    const day = (d: number) => new Date(today.getTime() + d * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(visits).toEqual([
      { tian: day(-6), type: day(-6).slice(5), visit: 1, ip: 1 },
      { tian: day(-1), type: day(-1).slice(5), visit: 1, ip: 1 },
      { tian: day(0), type: day(0).slice(5), visit: 3, ip: 2 },
    ]);
  });

  it("need a signed-in user", async () => {
    for (const url of ["/sys/loginfo", "/sys/visitInfo", "/sys/tenant/queryList", "/sys/thirdApp/getEnabledType"]) {
      const r = await get(url, null);
      expect(r.status).toBe(500);
      expect(r.body.message).toContain("Token失效");
    }
  });
});

describe("user recycle bin", () => {
  let victim = "";
  let roleId = "";
  beforeAll(async () => {
    const db = t.database.db;
    victim = await userId("zhaolei");
    roleId = (await db.select().from(sysRole).where(eq(sysRole.roleCode, "operator")))[0].id;
    const [dr] = await db.select().from(sysDepartRole).where(eq(sysDepartRole.roleCode, "hq_role"));
    await db.insert(sysDepartRoleUser).values({ id: nextId(), userId: victim, droleId: dr.id });
    const anntId = nextId();
    await db.insert(sysAnnouncement).values({ id: anntId, titile: "通知", msgCategory: "1", msgType: "ALL", sendStatus: "1", delFlag: "0" });
    await db.insert(sysAnnouncementSend).values({ id: nextId(), anntId, userId: victim, readFlag: "0" });
    await t.setPassword("zhaolei", "Zhaolei@123");
    await t.login("zhaolei", "Zhaolei@123");
  });

  const links = async (id: string) => {
    const db = t.database.db;
    const n = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0].n);
    return {
      roles: await n(db.select({ n: count() }).from(sysUserRole).where(eq(sysUserRole.userId, id))),
      departs: await n(db.select({ n: count() }).from(sysUserDepart).where(eq(sysUserDepart.userId, id))),
      departRoles: await n(db.select({ n: count() }).from(sysDepartRoleUser).where(eq(sysDepartRoleUser.userId, id))),
      sends: await n(db.select({ n: count() }).from(sysAnnouncementSend).where(eq(sysAnnouncementSend.userId, id))),
      sessions: await n(db.select({ n: count() }).from(sysSession).where(eq(sysSession.userId, id))),
      users: await n(db.select({ n: count() }).from(sysUser).where(eq(sysUser.id, id))),
    };
  };

  it("needs the user-management codes", async () => {
    expect((await get("/sys/user/recycleBin", operator)).status).toBe(403);
    expect((await call("PUT", "/sys/user/putRecycleBin", operator, { userIds: victim })).status).toBe(403);
    expect((await call("DELETE", `/sys/user/deleteRecycleBin?userIds=${victim}`, operator)).status).toBe(403);
  });

  it("never purges or restores an active user: refused, nothing changes", async () => {
    const before = await links(victim);
    const purge = await call("DELETE", `/sys/user/deleteRecycleBin?userIds=${victim}`, admin);
    expect(purge.body).toMatchObject({ success: false, message: "回收站中没有所选用户" });
    expect((await call("PUT", "/sys/user/putRecycleBin", admin, { userIds: victim })).body).toMatchObject({ success: false, message: "回收站中没有所选用户" });
    expect(await links(victim)).toEqual(before);
  });

  it("refuses malformed or empty id lists with 400", async () => {
    expect((await call("DELETE", "/sys/user/deleteRecycleBin?userIds=a%27b", admin)).status).toBe(400);
    expect((await call("PUT", "/sys/user/putRecycleBin", admin, { userIds: "," })).body).toMatchObject({ success: false, message: "请选择用户" });
    expect((await call("PUT", "/sys/user/putRecycleBin", admin, {})).status).toBe(400);
  });

  it("lists a deleted user with department names, restores them, and they are back in the user list", async () => {
    await call("DELETE", `/sys/user/delete?id=${victim}`, admin);
    const bin = (await get("/sys/user/recycleBin")).body.result;
    expect(bin.find((u: { id: string }) => u.id === victim)).toMatchObject({ username: "zhaolei", orgCode: "技术部", delFlag: 1 });
    expect((await call("PUT", "/sys/user/putRecycleBin", admin, { userIds: `${victim},` })).body).toMatchObject({ success: true, message: "还原成功" });
    expect((await get("/sys/user/list?username=zhaolei")).body.result.total).toBe(1);
    expect((await t.database.db.select().from(sysUser).where(eq(sysUser.id, victim)))[0]).toMatchObject({ delFlag: 0, updateBy: "admin" });
  });

  it("a delegated administrator (user codes, not the admin role) cannot restore or purge a deleted user who outranks them", async () => {
    const db = t.database.db;
    expect((await call("POST", "/sys/role/add", admin, { roleName: "用户管理员", roleCode: "user_admin" })).body.success).toBe(true);
    const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "user_admin"));
    const perms = await buttonsWithMenus(db, ["system:user:list", "system:user:delete"]);
    await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: perms.join(","), lastpermissionIds: "" });
    const added = await call("POST", "/sys/user/add", admin, { username: "delegate", realname: "代管员", password: "Deleg@te123", selectedroles: role.id, selecteddeparts: departs.A01A01 });
    expect(added.body.success).toBe(true);
    const delegate = await t.login("delegate", "Deleg@te123");

    // zhangwei (an auditor: permissions the delegate lacks) is deleted by the real administrator.
    const target = await userId("zhangwei");
    await call("DELETE", `/sys/user/delete?id=${target}`, admin);
    expect((await get("/sys/user/recycleBin", delegate)).body.result.map((u: { username: string }) => u.username)).toContain("zhangwei");
    const before = await links(target);
    for (const res of [
      await call("PUT", "/sys/user/putRecycleBin", delegate, { userIds: target }),
      await call("DELETE", `/sys/user/deleteRecycleBin?userIds=${target}`, delegate),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 510, message: "不能操作权限高于自己的用户" });
    }
    expect(await links(target)).toEqual(before);
    expect((await db.select().from(sysUser).where(eq(sysUser.id, target)))[0].delFlag).toBe(1);
    await call("PUT", "/sys/user/putRecycleBin", admin, { userIds: target });
  });

  it("purges a deleted user with their role, department, department-role links, deliveries and sessions", async () => {
    await call("DELETE", `/sys/user/delete?id=${victim}`, admin);
    const before = await links(victim);
    expect(before).toMatchObject({ roles: 1, departs: 1, departRoles: 1, sends: 1, users: 1 });
    expect(before.sessions).toBeGreaterThan(0);
    const r = await call("DELETE", `/sys/user/deleteRecycleBin?userIds=${victim},no-such-user`, admin);
    expect(r.body).toMatchObject({ success: true, message: "删除成功" });
    expect(await links(victim)).toEqual({ roles: 0, departs: 0, departRoles: 0, sends: 0, sessions: 0, users: 0 });
    // Other users' links are untouched.
    expect(Number((await t.database.db.select({ n: count() }).from(sysUserRole).where(eq(sysUserRole.roleId, roleId)))[0].n)).toBeGreaterThan(0);
  });
});

describe("dictionary loaders: the table-dictionary allow-list", () => {
  it("loadDict searches text with the keyword taken literally and caps the answer", async () => {
    expect((await get(`/sys/dict/loadDict/sys_user,realname,username?keyword=${encodeURIComponent("%")}`)).body.result).toEqual([]);
    const two = await get(`/sys/dict/loadDict/sys_user,realname,username?keyword=&pageSize=2`);
    expect(two.body.result).toHaveLength(2);
    expect((await get("/sys/dict/loadDict/sys_user,realname,username?keyword=&pageSize=99999")).status).toBe(200);
    expect((await get("/sys/dict/loadDict/sys_user,realname,username?keyword=&pageSize=x")).status).toBe(400);
  });

  it.each([
    ["/sys/dict/loadDict/sex?keyword=", "字典Code格式不正确！"],
    ["/sys/dict/loadDict/sys_user,password,username?keyword=", "该表字典不在允许范围内"],
    [`/sys/dict/loadDict/${encodeURIComponent("sys_user,realname,username,1=1")}?keyword=`, "不支持带条件的表字典"],
    [`/sys/dict/loadDict/${encodeURIComponent("(select password from sys_user),realname,id")}?keyword=`, "该表字典不在允许范围内"],
    ["/sys/dict/loadDictItem/sys_user,password,username?key=admin", "该表字典不在允许范围内"],
    ["/sys/dict/loadDictItem/sex?key=1", "字典Code格式不正确！"],
    ["/sys/dict/loadTreeData?pid=&tableName=sys_user&text=realname&code=id&pidField=org_code", "该树形字典不在允许范围内"],
    ["/sys/dict/loadTreeData?pid=0&tableName=sys_category&text=name&code=id&pidField=sys_org_code", "该树形字典不在允许范围内"],
    ["/sys/dict/loadTreeData?pid=0&tableName=sys_category&text=name&code=id&pidField=pid&hasChildField=name", "该树形字典不在允许范围内"],
  ])("%s → refused: %s", async (url, message) => {
    const r = await get(url);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, code: 500, message });
  });

  it("loadDictItem keeps the keys' order; delNotExist=false gives unknown keys back as themselves", async () => {
    expect((await get("/sys/dict/loadDictItem/sys_position,name,code?key=devleader,nope")).body.result).toEqual(["研发部经理"]);
    expect((await get("/sys/dict/loadDictItem/sys_position,name,code?key=nope,devleader&delNotExist=false")).body.result).toEqual(["nope", "研发部经理"]);
    expect((await get("/sys/dict/loadDictItem/sys_position,name,code")).status).toBe(400);
  });

  it("loadTreeData: department roots (empty pid) with leaves from the data; condition is column equality only", async () => {
    const roots = (await get("/sys/dict/loadTreeData?pid=&tableName=sys_depart&text=depart_name&code=id&pidField=parent_id")).body.result;
    expect(roots.map((n: { title: string; leaf: boolean }) => [n.title, n.leaf])).toEqual([["红色印记运营中心", false], ["合作单位", false]]);
    const kids = (await get(`/sys/dict/loadTreeData?pid=${departs.A01}&tableName=sys_depart&text=depart_name&code=id&pidField=parent_id`)).body.result;
    expect(kids.every((n: { leaf: boolean; isLeaf: boolean }) => n.leaf && n.isLeaf)).toBe(true);

    const cond = encodeURIComponent(JSON.stringify({ code: "B01" }));
    const one = (await get(`/sys/dict/loadTreeData?pid=0&tableName=sys_category&text=name&code=id&pidField=pid&hasChildField=has_child&condition=${cond}`)).body.result;
    expect(one.map((n: { title: string }) => n.title)).toEqual(["笔记本"]);
    for (const bad of ["not json", JSON.stringify(["x"]), JSON.stringify({ "1=1 or pid": "0" }), JSON.stringify({ name: { $ne: 1 } })]) {
      const r = await get(`/sys/dict/loadTreeData?pid=0&tableName=sys_category&text=name&code=id&pidField=pid&condition=${encodeURIComponent(bad)}`);
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
    }
  });

  it("sign-in is required", async () => {
    expect((await get("/sys/dict/loadDict/sys_user,realname,username?keyword=", null)).status).toBe(500);
    expect((await get("/sys/dict/loadTreeData?pid=0&tableName=sys_category&text=name&code=id&pidField=pid", null)).status).toBe(500);
  });
});

describe("user pickers", () => {
  it("queryUserComponentData: a department means it and everything below it; an unknown one is an empty page", async () => {
    const hq = (await get(`/sys/user/queryUserComponentData?departId=${departs.A01}&pageSize=100`)).body.result;
    expect(hq.records.map((u: { username: string }) => u.username).sort()).toEqual(["admin", "delegate", "lisi", "wangfang", "zhangsan", "zhangwei"]);
    expect((await get("/sys/user/queryUserComponentData?departId=nope")).body.result).toMatchObject({ records: [], total: 0 });
    expect((await get("/sys/user/queryUserComponentData?departId=a%27b")).status).toBe(400);
  });

  it("queryUserComponentData: realname/username are 'contains' searches with wildcards taken literally; any signed-in user may pick", async () => {
    const r = (await get(`/sys/user/queryUserComponentData?realname=${encodeURIComponent("张")}&pageSize=100`, operator)).body.result;
    expect(r.records.map((u: { username: string }) => u.username).sort()).toEqual(["zhangsan", "zhangwei"]);
    expect((await get(`/sys/user/queryUserComponentData?username=${encodeURIComponent("_")}`)).body.result.total).toBe(0);
    expect((await get("/sys/user/queryUserComponentData", null)).status).toBe(500);
  });

  it("pickers give a user without system:user:list only id, account, name, avatar and department (issue 23)", async () => {
    const PICKED = ["avatar", "departIds", "id", "orgCode", "orgCodeTxt", "realname", "username"];
    const page = (await get("/sys/user/queryUserComponentData?pageSize=100", operator)).body.result.records as Array<Record<string, unknown>>;
    expect(page.length).toBeGreaterThan(3);
    for (const u of page) expect(Object.keys(u).sort()).toEqual(PICKED);
    const multi = (await t.app.inject({ method: "GET", url: `${API}/sys/user/getMultiUser?username=lisi`, headers: { "x-access-token": operator } })).json();
    expect(Object.keys(multi[0]).sort()).toEqual(PICKED.filter((k) => k !== "orgCodeTxt"));
    expect(JSON.stringify([page, multi])).not.toMatch(/13800000|"phone"|"email"|"workNo"|"birthday"|"telephone"/);
    // A holder of the user list's code gets the whole record of the users 用户管理 shows them.
    const full = (await get("/sys/user/queryUserComponentData?username=lisi", admin)).body.result.records[0];
    expect(full).toMatchObject({ username: "lisi", phone: "13800000002", workNo: "0003" });
  });

  it("getMultiUser: active, unfrozen users only; filters are allow-listed fields; no secrets", async () => {
    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, "chenjing"));
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/user/getMultiUser?username=admin,chenjing,zhaolei,&password=x`, headers: { "x-access-token": operator } });
    const list = res.json();
    expect(list.map((u: { username: string }) => u.username)).toEqual(["admin"]); // chenjing frozen, zhaolei purged
    expect(JSON.stringify(list)).not.toMatch(/argon2|"salt"|"password"/);
    // A picker filters by what it shows; the user list's other fields are not filters here without system:user:list.
    const probe = await t.app.inject({ method: "GET", url: `${API}/sys/user/getMultiUser?phone=138*`, headers: { "x-access-token": operator } });
    expect(probe.json().length).toBeGreaterThan(1);
    const bad = await t.app.inject({ method: "GET", url: `${API}/sys/user/getMultiUser?sex=abc`, headers: { "x-access-token": admin } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: "参数「sex」必须是整数" });
    const ids = await t.database.db.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.username, ["admin", "lisi"])));
    const byId = await t.app.inject({ method: "GET", url: `${API}/sys/user/getMultiUser?id=${ids.map((i) => i.id).join(",")},`, headers: { "x-access-token": operator } });
    expect(byId.json()).toHaveLength(2);
  });
});
