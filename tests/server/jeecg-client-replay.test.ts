/**
 * Replays the requests the unmodified JeecgBoot 3.1 Vue 2 client (`ant-design-vue-jeecg`) sends on its
 * common screens, in the shape it builds them (contract.md §1, §5.2): `_t=<unix seconds>` on every GET,
 * `X-Access-Token`, `tenant-id: 0`, `X-Sign`/`X-TIMESTAMP` from getAction/postAction, JSON bodies with
 * `Content-Type: application/json;charset=UTF-8`, the list mixin's `column=createTime&order=desc&field=…`,
 * empty filters the client leaves in (`deptId=`), and the address list's `pageSize=99999`. Each case checks
 * the envelope and exactly the parts of the answer the client reads, so the contract cannot drift again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sysDepart, sysDict, sysUser } from "../../server/db/schema.js";
import { ADMIN_PASSWORD, API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let token = "";

/** What `getAction`/`postAction` add (the signature is accepted, not checked; contract §1.2). */
const signed = () => ({ "X-Sign": "5A1F7E3C9B2D4E6F8A0B1C2D3E4F5A6B", "X-TIMESTAMP": "20240101120000" });
const baseHeaders = () => ({ Accept: "application/json, text/plain, */*", "tenant-id": "0", ...(token ? { "X-Access-Token": token } : {}) });
/** The client's cache buster: `Date.parse(new Date()) / 1000`. */
const stamp = () => `_t=${Math.floor(Date.now() / 1000)}`;

/** `getAction(url, params)`: the query string as axios serialises the client's params, plus `_t`. */
async function get(pathAndQuery: string) {
  const url = `${API}${pathAndQuery}${pathAndQuery.includes("?") ? "&" : "?"}${stamp()}`;
  const res = await t.app.inject({ method: "GET", url, headers: { ...baseHeaders(), ...signed() } });
  return { status: res.statusCode, body: res.json() };
}

/** `postAction`/`putAction`/`httpAction` with a JSON body; `putAction` sends no signature. */
async function send(method: "POST" | "PUT", path: string, payload: string) {
  const res = await t.app.inject({
    method,
    url: `${API}${path}`,
    headers: { ...baseHeaders(), ...(method === "POST" ? signed() : {}), "Content-Type": "application/json;charset=UTF-8" },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** `deleteAction(url, params)`: params in the query string, no `_t`, no signature. */
async function del(pathAndQuery: string) {
  const res = await t.app.inject({ method: "DELETE", url: `${API}${pathAndQuery}`, headers: baseHeaders() });
  return { status: res.statusCode, body: res.json() };
}

/** A success the Vue 2 pages accept: HTTP 200 and `success: true` (they test `success`, not `code`). */
const expectSuccess = (r: { status: number; body: { success: boolean } }) => {
  expect(r.status).toBe(200);
  expect(r.body.success).toBe(true);
};
const expectPage = (r: { status: number; body: { success: boolean; result: Record<string, unknown> } }) => {
  expectSuccess(r);
  expect(r.body.result).toMatchObject({ records: expect.any(Array), total: expect.any(Number), size: expect.any(Number), current: expect.any(Number), pages: expect.any(Number) });
};

let hqId = "";
let opsId = "";
beforeAll(async () => {
  t = await createTestApp();
  const departs = await t.database.db.select().from(sysDepart);
  hqId = departs.find((d) => d.orgCode === "A01")!.id;
  opsId = departs.find((d) => d.orgCode === "A01A01")!.id;
});
afterAll(() => t.close());

describe("login screen", () => {
  it("GET /sys/randomImage/{Date.now()} → an image data URL in result", async () => {
    const r = await get(`/sys/randomImage/${Date.now()}`);
    expectSuccess(r);
    expect(r.body.result).toMatch(/^data:image\//);
  });

  it("POST /sys/login (JSON;charset=UTF-8, remember_me, numeric checkKey) → code 200 with token, userInfo, sysAllDictItems", async () => {
    const r = await send("POST", "/sys/login", JSON.stringify({ username: "admin", password: ADMIN_PASSWORD, captcha: "abcd", checkKey: Date.now(), remember_me: true }));
    expectSuccess(r);
    expect(r.body.code).toBe(200); // the login store tests code == '200'
    expect(r.body.result).toMatchObject({ token: expect.any(String), userInfo: { username: "admin" }, multi_depart: expect.any(Number), departs: expect.any(Array) });
    expect(r.body.result.sysAllDictItems.sex).toEqual(expect.arrayContaining([expect.objectContaining({ value: "1", text: "男" })]));
    expect(r.body.result.userInfo).not.toHaveProperty("password");
    token = r.body.result.token;
  });
});

describe("dashboard after sign-in", () => {
  it("GET /sys/permission/getUserPermissionByToken → menu, auth, allAuth", async () => {
    const r = await get("/sys/permission/getUserPermissionByToken");
    expectSuccess(r);
    expect(r.body.result.menu.length).toBeGreaterThan(0);
    expect(r.body.result).toMatchObject({ auth: expect.any(Array), allAuth: expect.any(Array) });
  });

  it("GET /sys/loginfo → code 200 and the three counters the cards stringify", async () => {
    const r = await get("/sys/loginfo");
    expectSuccess(r);
    expect(r.body.code).toBe(200);
    const { totalVisitCount, todayVisitCount, todayIp } = r.body.result;
    expect([typeof totalVisitCount, typeof todayVisitCount, typeof todayIp]).toEqual(["number", "number", "number"]);
    expect(todayVisitCount).toBeGreaterThanOrEqual(1); // the sign-in above
    expect(todayIp).toBeGreaterThanOrEqual(1);
    expect(totalVisitCount).toBeGreaterThanOrEqual(todayVisitCount);
  });

  it("GET /sys/visitInfo → per-day {visit, ip, tian, type} for the chart, today last", async () => {
    const r = await get("/sys/visitInfo");
    expectSuccess(r);
    expect(Array.isArray(r.body.result)).toBe(true);
    const last = r.body.result.at(-1);
    expect(last).toMatchObject({ visit: expect.any(Number), ip: expect.any(Number), tian: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), type: expect.stringMatching(/^\d{2}-\d{2}$/) });
    expect(last.type).toBe(last.tian.slice(5));
  });

  it("GET /sys/annountCement/listByUser → the bell's two lists and totals", async () => {
    const r = await get("/sys/annountCement/listByUser");
    expectSuccess(r);
    expect(r.body.result).toMatchObject({ anntMsgList: expect.any(Array), anntMsgTotal: expect.any(Number), sysMsgList: expect.any(Array), sysMsgTotal: expect.any(Number) });
  });
});

describe("user list screen", () => {
  it("GET /sys/user/list with the mixin's parameters → records with orgCodeTxt, departIds_dictText, post_dictText and _dictText", async () => {
    await t.database.db.update(sysUser).set({ post: "devleader" }).where(eq(sysUser.username, "admin"));
    const r = await get("/sys/user/list?column=createTime&order=desc&field=id,,,username,realname,avatar,sex_dictText,birthday,phone,orgCodeTxt,departIds_dictText,status_dictText,action&pageNo=1&pageSize=10");
    expectPage(r);
    const admin = r.body.result.records.find((u: { username: string }) => u.username === "admin");
    expect(admin).toMatchObject({ orgCodeTxt: "红色印记运营中心", departIds_dictText: "红色印记运营中心", post: "devleader", post_dictText: "研发部经理", sex_dictText: "男", status_dictText: "正常" });
    const staff = r.body.result.records.find((u: { username: string }) => u.username === "zhangsan");
    expect(staff).toMatchObject({ departIds_dictText: null, post_dictText: null });
  });

  it("GET /sys/tenant/queryList → an empty list (tenants are not modelled)", async () => {
    const r = await get("/sys/tenant/queryList");
    expectSuccess(r);
    expect(r.body.result).toEqual([]);
  });

  it("GET /sys/thirdApp/getEnabledType → no third-party app enabled", async () => {
    const r = await get("/sys/thirdApp/getEnabledType");
    expectSuccess(r);
    expect(r.body.result).toEqual({ wechatEnterprise: false, dingtalk: false });
  });

  it("UserModal duplicate checks (username, work_no, phone, email) with the generated id as dataId", async () => {
    const newId = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
    for (const [field, taken] of [["username", "admin"], ["work_no", "0002"], ["phone", "13800000001"]] as const) {
      const r = await get(`/sys/duplicate/check?tableName=sys_user&fieldName=${field}&fieldVal=${taken}&dataId=${newId}`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
    }
    const free = await get(`/sys/duplicate/check?tableName=sys_user&fieldName=email&fieldVal=${encodeURIComponent("nobody@example.com")}&dataId=${newId}`);
    expectSuccess(free);
    expect(free.body).toMatchObject({ code: 200, message: "该值可用！" });
  });

  it("recycle bin: GET /sys/user/recycleBin, PUT putRecycleBin {userIds}, DELETE deleteRecycleBin?userIds=", async () => {
    const ids = (await t.database.db.select({ id: sysUser.id, username: sysUser.username }).from(sysUser)).filter((u) => ["lisi", "zhangwei"].includes(u.username));
    const [lisi, zhangwei] = ["lisi", "zhangwei"].map((n) => ids.find((u) => u.username === n)!.id);
    expectSuccess(await del(`/sys/user/deleteBatch?ids=${lisi},${zhangwei},`));

    const bin = await get("/sys/user/recycleBin");
    expectSuccess(bin);
    expect(bin.body.result.map((u: { username: string }) => u.username).sort()).toEqual(["lisi", "zhangwei"]);
    expect(bin.body.result[0]).toMatchObject({ id: expect.any(String), realname: expect.any(String), orgCode: expect.any(String) });
    expect(bin.body.result[0]).not.toHaveProperty("password");

    const restored = await send("PUT", "/sys/user/putRecycleBin", JSON.stringify({ userIds: lisi }));
    expectSuccess(restored);
    expect(restored.body.message).toBe("还原成功");

    const purged = await del(`/sys/user/deleteRecycleBin?userIds=${zhangwei}`);
    expectSuccess(purged);
    expect(purged.body.message).toBe("删除成功");
    expect((await get("/sys/user/recycleBin")).body.result).toEqual([]);
  });
});

describe("role list screen", () => {
  it("GET /sys/role/list with the mixin's parameters → a page", async () => {
    const r = await get("/sys/role/list?column=createTime&order=desc&field=id,,,roleName,roleCode,createTime,action&pageNo=1&pageSize=10");
    expectPage(r);
    expect(r.body.result.records.map((x: { roleCode: string }) => x.roleCode)).toContain("admin");
  });

  it("after deleting the last row of a filtered list the mixin asks for pageNo=0 (reCalculatePage) → the first page", async () => {
    const user = await get("/sys/user/list?column=createTime&order=desc&field=id,,,username,realname,avatar,sex_dictText,birthday,phone,orgCodeTxt,departIds_dictText,status_dictText,action&pageNo=0&pageSize=10&username=*nobody-left*");
    expectPage(user);
    expect(user.body.result).toMatchObject({ records: [], total: 0, current: 1, size: 10, pages: 0 });
    const role = await get(`/sys/role/list?column=createTime&order=desc&field=id,,,roleName,roleCode,createTime,action&pageNo=0&pageSize=10&roleName=${encodeURIComponent("*管理*")}`);
    expectPage(role);
    expect(role.body.result).toMatchObject({ current: 1 });
    expect(role.body.result.records.map((x: { roleCode: string }) => x.roleCode)).toContain("admin");
  });

  it("RoleModal: GET /sys/duplicate/check?tableName=sys_role&fieldName=role_code (add mode sends no dataId)", async () => {
    expect((await get("/sys/duplicate/check?tableName=sys_role&fieldName=role_code&fieldVal=admin")).body).toMatchObject({ success: false });
    expectSuccess(await get("/sys/duplicate/check?tableName=sys_role&fieldName=role_code&fieldVal=brand_new_role"));
  });
});

describe("department screen", () => {
  it("GET /sys/sysDepart/queryTreeList → the tree the left pane draws", async () => {
    const r = await get("/sys/sysDepart/queryTreeList");
    expectSuccess(r);
    expect(r.body.result[0]).toMatchObject({ key: expect.any(String), title: expect.any(String), children: expect.any(Array) });
  });

  it("GET /sys/sysDepartRole/list?…&deptId= (no department picked yet) → an empty page, HTTP 200", async () => {
    const r = await get("/sys/sysDepartRole/list?column=createTime&order=desc&field=id,,roleName,roleCode,departId_dictText,description,action&pageNo=1&pageSize=10&deptId=");
    expectPage(r);
    expect(r.body.result).toMatchObject({ records: [], total: 0 });
  });

  it("SysDepartRoleModal: the role_code duplicate check is allowed, then the role is added and listed with departId_dictText", async () => {
    const check = await get("/sys/duplicate/check?tableName=sys_depart_role&fieldName=role_code&fieldVal=hq_auditor");
    expectSuccess(check);
    expect(check.body.message).toBe("该值可用！");
    const added = await send("POST", "/sys/sysDepartRole/add", JSON.stringify({ roleName: "总部审核", roleCode: "hq_auditor", description: "", departId: hqId }));
    expectSuccess(added);

    const r = await get(`/sys/sysDepartRole/list?column=createTime&order=desc&field=id,,roleName,roleCode,departId_dictText,description,action&pageNo=1&pageSize=10&deptId=${hqId}`);
    expectPage(r);
    const role = r.body.result.records.find((x: { roleCode: string }) => x.roleCode === "hq_auditor");
    expect(role).toMatchObject({ roleName: "总部审核", departId: hqId, departId_dictText: "红色印记运营中心" });

    expect((await get("/sys/duplicate/check?tableName=sys_depart_role&fieldName=role_code&fieldVal=hq_auditor")).body).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
    // Edit mode sends the record's own id: its own code is not a duplicate.
    expectSuccess(await get(`/sys/duplicate/check?tableName=sys_depart_role&fieldName=role_code&fieldVal=hq_auditor&dataId=${role.id}`));
  });
});

describe("dictionary screen", () => {
  it("GET /sys/dict/list with the mixin's parameters → a page", async () => {
    const r = await get("/sys/dict/list?column=createTime&order=desc&field=id,,,dictName,dictCode,description,action&pageNo=1&pageSize=10");
    expectPage(r);
  });

  it("GET /sys/dictItem/list?delFlag=1&field=…&pageNo=1&pageSize=10 (the drawer's first load, no dictId) → a page of items", async () => {
    const r = await get("/sys/dictItem/list?delFlag=1&field=id,,itemText,itemValue,action&pageNo=1&pageSize=10");
    expectPage(r);
    expect(r.body.result.total).toBeGreaterThan(10);
    expect(r.body.result.records).toHaveLength(10);
    expect(r.body.result.records[0]).toMatchObject({ itemText: expect.any(String), itemValue: expect.any(String), status_dictText: expect.any(String) });
  });

  it("GET /sys/dictItem/list?dictId=…&delFlag=1&… → only that dictionary's items, in sort order", async () => {
    const [sex] = await t.database.db.select().from(sysDict).where(eq(sysDict.dictCode, "sex"));
    const r = await get(`/sys/dictItem/list?dictId=${sex.id}&delFlag=1&field=id,,itemText,itemValue,action&pageNo=1&pageSize=10`);
    expectPage(r);
    expect(r.body.result.records.map((i: { itemValue: string }) => i.itemValue)).toEqual(["1", "2"]);
  });

  it("DictModal: GET /sys/duplicate/check?tableName=sys_dict&fieldName=dict_code", async () => {
    expect((await get("/sys/duplicate/check?tableName=sys_dict&fieldName=dict_code&fieldVal=sex")).body).toMatchObject({ success: false });
  });
});

describe("position screen and the address list", () => {
  it("GET /sys/position/list?pageSize=99999 (the address list's position names) → clamped to the server cap, not refused", async () => {
    const r = await get("/sys/position/list?pageSize=99999");
    expectPage(r);
    expect(r.body.result.size).toBe(t.config.maxPageSize);
    expect(Object.fromEntries(r.body.result.records.map((p: { code: string; name: string }) => [p.code, p.name]))).toMatchObject({ devleader: "研发部经理" });
  });

  it("GET /sys/position/list with the mixin's parameters → a page with postRank_dictText", async () => {
    const r = await get("/sys/position/list?column=createTime&order=desc&field=id,,,code,name,postRank_dictText,companyId,action&pageNo=1&pageSize=10");
    expectPage(r);
    expect(r.body.result.records[0]).toHaveProperty("postRank_dictText");
  });

  it("SysPositionModal: GET /sys/duplicate/check?tableName=sys_position&fieldName=code", async () => {
    expect((await get("/sys/duplicate/check?tableName=sys_position&fieldName=code&fieldVal=devleader")).body).toMatchObject({ success: false });
  });

  it("GET /sys/user/queryByOrgCodeForAddressList (all, then one department) → records with realname, workNo, departName, post", async () => {
    const all = await get("/sys/user/queryByOrgCodeForAddressList?column=createTime&order=desc&field=id,,,realname,workNo,departName,post,telephone,email&pageNo=1&pageSize=10");
    expectPage(all);
    expect(all.body.result.records[0]).toMatchObject({ userId: expect.any(String), realname: expect.any(String), departName: expect.any(String) });
    const one = await get("/sys/user/queryByOrgCodeForAddressList?orgCode=A01A01&column=createTime&order=desc&field=id,,,realname,workNo,departName,post,telephone,email&pageNo=1&pageSize=10");
    expectPage(one);
    expect(one.body.result.records.map((u: { realname: string }) => u.realname).sort()).toEqual(["张三", "王芳"]);
  });
});

describe("other system forms' duplicate checks", () => {
  it.each([
    ["sys_fill_rule", "rule_code", "org_num_role"],
    ["sys_check_rule", "rule_code", "common"],
    ["sys_data_source", "code", "local_mysql"],
    ["sys_permission", "perms", "system:user:add"],
  ])("%s.%s is allowed and finds %s", async (table, field, taken) => {
    const r = await get(`/sys/duplicate/check?tableName=${table}&fieldName=${field}&fieldVal=${encodeURIComponent(taken)}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
  });
});

describe("generic pickers and dictionary components", () => {
  it("JSelectUserByDepModal: GET /sys/user/queryUserComponentData → a page with orgCodeTxt", async () => {
    const r = await get("/sys/user/queryUserComponentData?column=createTime&order=desc&field=id,,username,realname,sex,phone,orgCodeTxt&pageNo=1&pageSize=10");
    expectPage(r);
    expect(r.body.result.records.find((u: { username: string }) => u.username === "admin")).toMatchObject({ realname: "管理员", orgCodeTxt: "红色印记运营中心" });
    expect(r.body.result.records[0]).not.toHaveProperty("password");
  });

  it("JSelectUserByDepModal after picking a department and typing an account → users of that department", async () => {
    const r = await get(`/sys/user/queryUserComponentData?username=zhang&column=createTime&order=desc&field=id,,username,realname,sex,phone,orgCodeTxt&pageNo=1&pageSize=10&departId=${opsId}`);
    expectPage(r);
    expect(r.body.result.records.map((u: { username: string }) => u.username)).toEqual(["zhangsan"]);
  });

  it("GET /sys/user/getMultiUser?username=a,b, → a bare array (no envelope), as the picker reads it", async () => {
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/user/getMultiUser?username=admin,zhangsan,&${stamp()}`, headers: { ...baseHeaders(), ...signed() } });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((u: { username: string }) => u.username).sort()).toEqual(["admin", "zhangsan"]);
    expect(list[0]).toMatchObject({ id: expect.any(String), realname: expect.any(String) });
    expect(list[0]).not.toHaveProperty("password");
  });

  it("JSearchSelectTag: GET /sys/dict/loadDict/sys_user,realname,username?keyword=张&pageSize=10 → matching items", async () => {
    const r = await get(`/sys/dict/loadDict/sys_user,realname,username?keyword=${encodeURIComponent("张")}&pageSize=10`);
    expectSuccess(r);
    const values = r.body.result.map((i: { value: string }) => i.value);
    expect(values).toContain("zhangsan");
    expect(values).not.toContain("admin");
    expect(r.body.result[0]).toMatchObject({ value: expect.any(String), text: expect.any(String) });
  });

  it("JSearchSelectTag / JTreeSelect: GET /sys/dict/loadDictItem/sys_user,realname,username?key=admin,zhangsan → texts in key order", async () => {
    const r = await get("/sys/dict/loadDictItem/sys_user,realname,username?key=zhangsan,admin");
    expectSuccess(r);
    expect(r.body.result).toEqual(["张三", "管理员"]);
  });

  it("JTreeSelect (SysCategoryModal): GET /sys/dict/loadTreeData?pid=0&tableName=sys_category&text=name&code=id&pidField=pid&hasChildField= → the top level", async () => {
    const r = await get("/sys/dict/loadTreeData?pid=0&tableName=sys_category&text=name&code=id&pidField=pid&hasChildField=&condition=");
    expectSuccess(r);
    expect(r.body.result.map((n: { title: string }) => n.title)).toEqual(["电脑产品", "笔记本", "物料树", "省"]);
    expect(r.body.result[0]).toMatchObject({ key: expect.any(String), title: "电脑产品", leaf: false, isLeaf: false, parentId: "0" });
    const children = await get(`/sys/dict/loadTreeData?pid=${r.body.result[0].key}&tableName=sys_category&text=name&code=id&pidField=pid&hasChildField=has_child`);
    expect(children.body.result.map((n: { title: string; leaf: boolean }) => [n.title, n.leaf])).toEqual([["thinkpad", true], ["mac", true], ["华为", true]]);
  });
});

describe("logout", () => {
  it("POST /sys/logout with Content-Type application/json;charset=UTF-8 and an EMPTY body → success, and the token is revoked", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `${API}/sys/logout`,
      headers: { ...baseHeaders(), ...signed(), "Content-Type": "application/json;charset=UTF-8" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "退出登录成功！" });
    const after = await get("/sys/permission/getUserPermissionByToken");
    expect(after.body.success).toBe(false);
    expect(after.body.message).toContain("Token失效");
  });
});
