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
import WebSocket from "ws";
import { sysDepart, sysDict, sysUser } from "../../server/db/schema.js";
import { ADMIN_PASSWORD, API, createTestApp, type TestApp } from "./helpers.js";
import { sleep } from "./process-helpers.js";

let t: TestApp;
let token = "";
/** `store.getters.userInfo.id` after sign-in. */
let userInfoId = "";

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
    userInfoId = r.body.result.userInfo.id;
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

describe("monitoring pages (JvmInfo.vue, TomcatInfo.vue)", () => {
  /** The pages' Promise.all: one `getAction('actuator/metrics/<name>')` per row; a single failure empties the table. */
  async function page(names: string[], moreInfo: Record<string, string[]>) {
    const answers = await Promise.all(names.map((name) => get(`/actuator/metrics/${name}`)));
    const rows: Array<{ param: string; value: number }> = [];
    answers.forEach((r, i) => {
      expect(r.status, names[i]).toBe(200);
      expect(r.body.name).toBe(names[i]);
      // What the page does with each answer: `value.measurements[idx].value` for each of its suffixes.
      for (const [idx, suffix] of (moreInfo[r.body.name] ?? [""]).entries()) rows.push({ param: r.body.name + suffix, value: r.body.measurements[idx].value });
    });
    for (const row of rows) expect(Number.isFinite(row.value) && row.value >= 0, `${row.param} = ${row.value}`).toBe(true);
    return rows.map((row) => row.param);
  }

  it("JVM信息: GET /actuator/metrics/jvm.*?_t=… for all fifteen names → 200 each, in Spring's shape", async () => {
    const names = [
      "jvm.memory.max", "jvm.memory.committed", "jvm.memory.used", "jvm.buffer.memory.used", "jvm.buffer.count",
      "jvm.threads.daemon", "jvm.threads.live", "jvm.threads.peak", "jvm.classes.loaded", "jvm.classes.unloaded",
      "jvm.gc.memory.allocated", "jvm.gc.memory.promoted", "jvm.gc.max.data.size", "jvm.gc.live.data.size", "jvm.gc.pause",
    ];
    const params = await page(names, { "jvm.gc.pause": [".count", ".totalTime"] });
    expect(params).toHaveLength(16);
    expect(params).toContain("jvm.gc.pause.totalTime");
  });

  it("Tomcat信息: GET /actuator/metrics/tomcat.sessions.*?_t=… for the five names → 200 each", async () => {
    const params = await page(["tomcat.sessions.created", "tomcat.sessions.expired", "tomcat.sessions.active.current", "tomcat.sessions.active.max", "tomcat.sessions.rejected"], {});
    expect(params).toHaveLength(5);
  });
});

describe("header bell (HeaderNotice.vue) over the websocket", () => {
  it("new WebSocket(domianURL→ws + '/websocket/' + userInfo.id), no token: opens, HeartBeat answered, a release nudges the bell, which reloads listByUser", async () => {
    // Both socket screens listen on one port: the first to run opens it.
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    // `window._CONFIG['domianURL'].replace("http://","ws://") + "/websocket/" + userId`, as a browser opens it: no subprotocol.
    const url = `ws://127.0.0.1:${port}${API}/websocket/${userInfoId}`;
    const frames: string[] = [];
    const socket = await new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { Origin: "http://localhost:3000", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0" } });
      ws.on("message", (data) => frames.push(data.toString()));
      ws.on("open", () => resolve(ws));
      ws.on("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.on("error", reject);
    });
    const next = async (n: number) => {
      for (let i = 0; i < 200 && frames.length < n; i++) await new Promise((r) => setTimeout(r, 10));
      expect(frames.length).toBeGreaterThanOrEqual(n);
      // The client parses each frame with eval("(" + e.data + ")"); JSON is what it parses.
      return JSON.parse(frames[n - 1]) as { cmd: string; msgTxt?: string };
    };
    try {
      // heartCheck.start(): "HeartBeat" 20 s after open.
      socket.send("HeartBeat");
      expect(await next(1)).toEqual({ cmd: "heartcheck", msgTxt: "心跳响应" });

      const add = await send("POST", "/sys/annountCement/add", JSON.stringify({ titile: "铃铛实时通知", msgContent: "<p>内容</p>", msgCategory: "1", msgType: "USER", userIds: `${userInfoId},`, priority: "M" }));
      expectSuccess(add);
      const listed = await get(`/sys/annountCement/list?titile=${encodeURIComponent("铃铛实时通知")}&pageNo=1&pageSize=10`);
      const id = listed.body.result.records[0].id as string;
      expect((await get(`/sys/annountCement/doReleaseData?id=${id}`)).body.message).toBe("该系统通知发布成功");
      // The token-less socket hears only that there is something: no title, text or ids.
      const nudge = await next(2);
      expect(frames[1]).toBe('{"cmd":"user"}');
      // websocketonmessage: cmd == "user" → loadData() → the signed-in HTTP call has it.
      expect(nudge.cmd).toBe("user");
      const bell = await get("/sys/annountCement/listByUser");
      expectSuccess(bell);
      expect(bell.body.result.anntMsgList.map((a: { id: string }) => a.id)).toContain(id);
    } finally {
      socket.terminate();
    }
  });
});

describe("announcement list screen (系统通告) and the header bell's socket", () => {
  type Socket = WebSocket & { messages: Array<Record<string, unknown>> };
  const sockets: Socket[] = [];
  let wsBase = "";
  /** HeaderNotice: `new WebSocket(domianURL→ws + "/websocket/" + userId, [token])`. */
  const openBell = (userId: string, userToken: string) =>
    new Promise<Socket>((resolve, reject) => {
      const ws = new WebSocket(`${wsBase}/websocket/${userId}`, [userToken]) as Socket;
      ws.messages = [];
      ws.on("message", (data) => ws.messages.push(JSON.parse(data.toString())));
      ws.on("open", () => resolve(ws));
      ws.on("error", reject);
      sockets.push(ws);
    });
  const until = async (check: () => boolean) => {
    for (const end = Date.now() + 2_000; !check(); await sleep(10)) if (Date.now() > end) throw new Error("no push arrived");
  };
  /** What the bell reacts to (the `live` events for Refine lists are ignored by that client). */
  const bellPushes = (s: Socket) => s.messages.filter((m) => m.cmd === "topic" || m.cmd === "user");
  const idOf = async (username: string) => (await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username)))[0].id;

  beforeAll(async () => {
    // Both socket screens listen on one port: the first to run opens it.
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
    wsBase = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}${API}`;
  });
  afterAll(() => {
    for (const s of sockets) s.terminate();
  });

  it("发布 → 撤销 → GET /sys/annountCement/syncNotic?anntId= (the list's syncHeadNotic) → the bells get the announcement again", async () => {
    const bell = await openBell(await idOf("admin"), token);
    const added = await send("POST", "/sys/annountCement/add", JSON.stringify({ titile: "撤销后同步的通知", msgContent: "<p>内容</p>", priority: "L", msgCategory: "1", msgType: "ALL", userIds: "" }));
    expectSuccess(added);
    const list = await get(`/sys/annountCement/list?column=createTime&order=desc&field=id,,,titile,msgCategory,sender,priority,msgType,sendStatus,sendTime,cancelTime,action&pageNo=1&pageSize=10&titile=${encodeURIComponent("撤销后同步的通知")}`);
    const id = list.body.result.records[0].id as string;
    expectSuccess(await get(`/sys/annountCement/doReleaseData?id=${id}`));
    expectSuccess(await get(`/sys/annountCement/doReovkeData?id=${id}`));
    await until(() => bell.messages.filter((m) => m.msgId === id).length === 2);

    const r = await get(`/sys/annountCement/syncNotic?anntId=${id}`);
    expectSuccess(r);
    await until(() => bell.messages.filter((m) => m.msgId === id).length === 3);
    expect(bell.messages.filter((m) => m.msgId === id).at(-1)).toEqual({ cmd: "topic", msgId: id, msgTxt: "撤销后同步的通知" });
  });

  it("syncNotic refuses a malformed id (400) and answers an unknown one like the module's other look-ups", async () => {
    const bad = await get(`/sys/annountCement/syncNotic?anntId=${encodeURIComponent("1' or '1'='1")}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: "查询参数校验失败：「通告编号」格式不正确" });
    const unknown = await get("/sys/annountCement/syncNotic?anntId=0123456789abcdef0123456789abcdef");
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ success: false, code: 500, message: "未找到对应实体" });
  });

  it("a reader without the release/revoke codes (我的消息) reloads only their own bell, and a draft is pushed to nobody", async () => {
    await t.setPassword("wangfang", "Wangfang@123");
    const readerToken = (await t.app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username: "wangfang", password: "Wangfang@123" } })).json().result.token as string;
    const mine = await openBell(await idOf("wangfang"), readerToken);
    const admins = await openBell(await idOf("admin"), token);
    await send("POST", "/sys/annountCement/add", JSON.stringify({ titile: "草稿通知", msgContent: "", priority: "L", msgCategory: "1", msgType: "ALL", userIds: "" }));
    await send("POST", "/sys/annountCement/add", JSON.stringify({ titile: "给全体的通知", msgContent: "", priority: "L", msgCategory: "1", msgType: "ALL", userIds: "" }));
    const records = (await get("/sys/annountCement/list?pageNo=1&pageSize=10")).body.result.records as Array<{ id: string; titile: string }>;
    const draft = records.find((a) => a.titile === "草稿通知")!.id;
    const published = records.find((a) => a.titile === "给全体的通知")!.id;
    expectSuccess(await get(`/sys/annountCement/doReleaseData?id=${published}`));
    await until(() => bellPushes(mine).length === 1 && bellPushes(admins).length === 1);

    expectSuccess(await get(`/sys/annountCement/syncNotic?anntId=${draft}`));
    const asReader = await t.app.inject({ method: "GET", url: `${API}/sys/annountCement/syncNotic?anntId=${published}&${stamp()}`, headers: { ...baseHeaders(), ...signed(), "X-Access-Token": readerToken } });
    expect(asReader.json()).toMatchObject({ success: true });
    await until(() => bellPushes(mine).length === 2);
    expect(bellPushes(mine)[1]).toEqual({ cmd: "user", userId: await idOf("wangfang"), msgId: published, msgTxt: "给全体的通知" });
    const draftForReader = await t.app.inject({ method: "GET", url: `${API}/sys/annountCement/syncNotic?anntId=${draft}&${stamp()}`, headers: { ...baseHeaders(), "X-Access-Token": readerToken } });
    expect(draftForReader.json()).toMatchObject({ success: false, message: "未找到对应实体" });
    // No id (JeecgBoot's "批量设置已读" broadcast): the caller's own bells only.
    const blank = await t.app.inject({ method: "GET", url: `${API}/sys/annountCement/syncNotic?anntId=&${stamp()}`, headers: { ...baseHeaders(), "X-Access-Token": readerToken } });
    expect(blank.json()).toMatchObject({ success: true });
    await until(() => bellPushes(mine).length === 3);
    expect(bellPushes(mine)[2]).toEqual({ cmd: "user", userId: await idOf("wangfang") });
    await sleep(200);
    expect(bellPushes(admins)).toHaveLength(1);
    expect(bellPushes(mine)).toHaveLength(3);
  });
});

describe("常见案例 › 列表页 demos (JeecgBoot's MockController data)", () => {
  /** What the client's `STable` reads from `res.result`. */
  const expectStablePage = (r: { status: number; body: { success: boolean; result: Record<string, unknown> } }, totalCount: number) => {
    expectSuccess(r);
    expect(r.body.result).toMatchObject({ pageNo: expect.any(Number), pageSize: expect.any(Number), totalCount, totalPage: expect.any(Number), data: expect.any(Array) });
  };

  it("查询表格: GET /mock/api/role?t=<date> on create, then GET /mock/api/service?pageNo=1&pageSize=10 → rules keyed by id", async () => {
    expectSuccess(await get(`/mock/api/role?t=${encodeURIComponent(new Date().toISOString())}`));
    const r = await get("/mock/api/service?pageNo=1&pageSize=10");
    expectStablePage(r, 46);
    expect(r.body.result).toMatchObject({ pageNo: 1, pageSize: 10, totalPage: 5 });
    expect(r.body.result.data).toHaveLength(10);
    expect(r.body.result.data[0]).toEqual({ key: 1, id: 1, no: "No 001", description: expect.any(String), callNo: expect.any(Number), status: expect.any(Number), updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), editable: false });
    const last = await get("/mock/api/service?pageNo=5&pageSize=10&id=&status=0");
    expect(last.body.result.data.map((row: { id: number }) => row.id)).toEqual([41, 42, 43, 44, 45, 46]);
  });

  it("查询表格: sorting 服务调用次数 sends sortField=callNo&sortOrder=descend → the page in that order", async () => {
    const r = await get("/mock/api/service?pageNo=1&pageSize=10&sortField=callNo&sortOrder=descend");
    expectStablePage(r, 46);
    const calls = r.body.result.data.map((row: { callNo: number }) => row.callNo);
    expect(calls).toEqual([...calls].sort((a, b) => b - a));
    const all = (await get("/mock/api/service?pageNo=1&pageSize=100")).body.result.data.map((row: { callNo: number }) => row.callNo);
    expect(calls[0]).toBe(Math.max(...all));
  });

  it("角色列表: GET /mock/api/role?pageNo=1&pageSize=10 → roles whose permissions carry actionEntitySet; RoleModal: GET /mock/api/permission/no-pager", async () => {
    const r = await get("/mock/api/role?pageNo=1&pageSize=10&sortField=createTime&sortOrder=ascend");
    expectStablePage(r, 6);
    const admin = r.body.result.data.find((role: { id: string }) => role.id === "admin");
    expect(admin).toMatchObject({ name: "管理员", status: 1, createTime: expect.any(String) });
    expect(admin.permissions[0]).toMatchObject({ roleId: "admin", permissionId: expect.any(String), permissionName: expect.any(String) });
    expect(admin.permissions[0].actionEntitySet[0]).toEqual({ action: expect.any(String), describe: expect.any(String), defaultCheck: false });

    const all = await get("/mock/api/permission/no-pager");
    expectSuccess(all);
    expect(Array.isArray(all.body.result)).toBe(true);
    const ids = all.body.result.map((p: { id: string }) => p.id);
    // The dialog ticks each permission's actions by the role's permissionId.
    for (const held of admin.permissions) expect(ids).toContain(held.permissionId);
    expect(JSON.parse(all.body.result[0].actionData)[0]).toEqual({ action: "add", describe: "新增", defaultCheck: false });
  });

  it("权限列表: GET /mock/api/permission?pageNo=1&pageSize=10 → permissions whose actionData parses to the action tags", async () => {
    const r = await get("/mock/api/permission?pageNo=1&pageSize=10");
    expectStablePage(r, 12);
    expect(r.body.result.data).toHaveLength(10);
    for (const permission of r.body.result.data) {
      expect([1, 2]).toContain(permission.status); // statusFilter: 1 正常, 2 禁用
      expect(JSON.parse(permission.actionData).map((a: { describe: string }) => a.describe)).toEqual(expect.arrayContaining(["新增", "查询"]));
    }
  });

  it("refuses a bad page or sort field (400) and callers without a session", async () => {
    const badPage = await get("/mock/api/service?pageNo=abc&pageSize=10");
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toBe("查询参数校验失败：「页码」格式不正确");
    const badSort = await get("/mock/api/role?pageNo=1&pageSize=10&sortField=password");
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toBe("不支持按「password」排序");
    const anonymous = await t.app.inject({ method: "GET", url: `${API}/mock/api/permission/no-pager?${stamp()}` });
    expect(anonymous.json()).toMatchObject({ success: false, message: expect.stringContaining("Token失效") });
  });
});

describe("系统监控 › SQL监控 (layouts/IframePageView)", () => {
  type Node = { path: string; component: string; meta: { title: string; url?: string; consoleComponent?: string }; children?: Node[] };
  const find = (nodes: Node[], title: string): Node | undefined =>
    nodes.map((n) => (n.meta.title === title ? n : find(n.children ?? [], title))).find(Boolean);

  it("the menu item is JeecgBoot's iframe of {{ window._CONFIG['domianURL'] }}/druid/ (our console's page named beside it)", async () => {
    const r = await get("/sys/permission/getUserPermissionByToken");
    const item = find(r.body.result.menu, "SQL监控")!;
    expect(item).toMatchObject({ component: "layouts/IframePageView", meta: { url: "{{ window._CONFIG['domianURL'] }}/druid/", consoleComponent: "modules/monitor/SqlMonitor" } });
    expect(item.path).toMatch(/^[0-9a-f]{32}$/); // external items get the URL's md5 as path
  });

  it("the frame's GET <domianURL>/druid/ (no token: a frame sends none) → a same-origin page holding no data, and its script", async () => {
    const page = await t.app.inject({ method: "GET", url: `${API}/druid/`, headers: { Accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.body).toContain("<title>SQL监控</title>");
    expect(page.body).toContain('<script src="druid.js"></script>');
    expect(page.body).not.toMatch(/PostgreSQL|PGlite|pg_stat/);
    const script = await t.app.inject({ method: "GET", url: `${API}/druid/druid.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(script.body).toContain('localStorage.getItem("pro__Access-Token")');
    expect(script.body).toContain('"/sys/monitor/database"');
    expect(script.body).not.toContain("innerHTML");
    const bare = await t.app.inject({ method: "GET", url: `${API}/druid` });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe("druid/");
  });

  it("the page's own request: GET /sys/monitor/database with the stored token in X-Access-Token → the figures it draws", async () => {
    const r = await t.app.inject({ method: "GET", url: `${API}/sys/monitor/database`, headers: { Accept: "application/json", "X-Access-Token": token } });
    expect(r.statusCode).toBe(200);
    expect(r.json().result).toMatchObject({ database: { engine: expect.any(String), version: expect.any(String) }, activity: expect.any(Array), slowest: { source: expect.any(String), rows: expect.any(Array) }, pool: { kind: expect.any(String) } });
    expect((await t.app.inject({ method: "GET", url: `${API}/sys/monitor/database` })).json().message).toContain("Token失效");
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
