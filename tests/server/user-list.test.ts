import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysUser } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await t.database.db.insert(sysUser).values([
    { id: "u-old-1", username: "old_one", realname: "老用户甲", password: "x", sex: 2, status: 2, createTime: new Date("2020-01-15T04:00:00Z") },
    { id: "u-old-2", username: "old_two", realname: "老用户乙", password: "x", sex: 1, status: 1, createTime: new Date("2020-02-20T04:00:00Z") },
    { id: "u-deleted", username: "gone", realname: "张已删", password: "x", delFlag: 1 },
    { id: "u-reserved", username: "_reserve_user_external", realname: "保留", password: "x" },
    { id: "u-wild", username: "pct_user", realname: "百分之100%", password: "x" },
  ]);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({ method: "GET", url: `${API}/sys/user/list?${query}`, headers: { "x-access-token": token } });
  return { status: res.statusCode, body: res.json() };
};
const usernames = (body: { result: { records: Array<{ username: string }> } }) => body.result.records.map((r) => r.username);

describe("GET /sys/user/list — JeecgBoot list conventions", () => {
  it("pages with pageNo/pageSize and reports exact totals", async () => {
    const { body } = await list("pageNo=2&pageSize=3&column=username&order=asc");
    expect(body.result).toMatchObject({ total: 10, size: 3, current: 2, pages: 4 });
    expect(usernames(body)).toEqual(["old_one", "old_two", "pct_user"]);
  });

  it("pages 0 and below are page 1, as JeecgBoot's MyBatis-Plus pages them", async () => {
    const first = (await list("pageNo=1&pageSize=3&column=username&order=asc")).body.result;
    for (const pageNo of ["0", "-1", "-99"]) {
      const { status, body } = await list(`pageNo=${pageNo}&pageSize=3&column=username&order=asc`);
      expect(status, pageNo).toBe(200);
      expect(body.result, pageNo).toEqual({ ...first, current: 1 });
    }
  });

  it("never lists deleted users or the reserved external user", async () => {
    const { body } = await list("pageSize=100");
    expect(usernames(body)).not.toContain("gone");
    expect(usernames(body)).not.toContain("_reserve_user_external");
  });

  it("filters *x* as a case-insensitive contains", async () => {
    const { body } = await list(`realname=${encodeURIComponent("*张*")}&column=username&order=asc`);
    expect(usernames(body)).toEqual(["zhangsan", "zhangwei"]);
    expect(usernames((await list("username=*ZHANG*")).body)).toHaveLength(2);
  });

  it("filters x* as starts-with and *x as ends-with", async () => {
    expect(usernames((await list("username=old*&column=username&order=asc")).body)).toEqual(["old_one", "old_two"]);
    expect(usernames((await list("username=*two")).body)).toEqual(["old_two"]);
  });

  it("treats % and _ in a fuzzy value as literal characters", async () => {
    expect(usernames((await list(`realname=${encodeURIComponent("*%*")}`)).body)).toEqual(["pct_user"]);
    expect(usernames((await list("username=*t_u*")).body)).toEqual(["pct_user"]);
  });

  it("filters a,b as IN, !x as not-equal and ,a,b, as any-contains", async () => {
    expect(usernames((await list("username=lisi,zhangsan&column=username&order=asc")).body)).toEqual(["lisi", "zhangsan"]);
    const notAdmin = usernames((await list("username=!admin&pageSize=100")).body);
    expect(notAdmin).not.toContain("admin");
    expect(notAdmin).toHaveLength(9);
    expect(usernames((await list("username=,one,two,&column=username&order=asc")).body)).toEqual(["old_one", "old_two"]);
  });

  it("filters typed fields and comparison operators", async () => {
    expect(usernames((await list("status=2")).body)).toEqual(["old_one"]);
    expect(usernames((await list("sex=2&column=username&order=asc")).body)).toEqual(["chenjing", "old_one", "wangfang"]);
    expect(usernames((await list(`createTime=${encodeURIComponent("< 2020-02-01")}`)).body)).toEqual(["old_one"]);
  });

  it("filters _begin/_end date ranges, a bare day covering the whole day (GMT+8)", async () => {
    const { body } = await list("createTime_begin=2020-01-01&createTime_end=2020-02-20&column=createTime&order=asc");
    expect(usernames(body)).toEqual(["old_one", "old_two"]);
    expect(usernames((await list("createTime_begin=2020-02-21&createTime_end=2020-12-31")).body)).toEqual([]);
  });

  it("sorts by an allow-listed column, accepting a trailing _dictText", async () => {
    const asc = usernames((await list("column=sex_dictText&order=asc&pageSize=100")).body);
    const desc = usernames((await list("column=sex&order=desc&pageSize=100")).body);
    expect(asc[0]).not.toBe(desc[0]);
  });

  it("adds _dictText and department names to each record", async () => {
    const { body } = await list("username=zhangsan");
    expect(body.result.records[0]).toMatchObject({ sex: 1, sex_dictText: "男", status_dictText: "正常", orgCodeTxt: "活动运营部" });
    expect(body.result.records[0]).not.toHaveProperty("password");
  });

  it("ignores parameters that are not fields, as JeecgBoot does", async () => {
    const { status, body } = await list("_t=123&field=id,,,username&superQueryMatchType=and");
    expect(status).toBe(200);
    expect(body.result.total).toBe(10);
  });

  it("treats pageSize=-1 as everything up to the server cap", async () => {
    expect((await list("pageSize=-1")).body.result.records).toHaveLength(10);
  });

  it("clamps a pageSize above the server cap instead of refusing it (pageSize=99999)", async () => {
    const { status, body } = await list("pageSize=99999");
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ size: 1000, current: 1, total: 10, pages: 1 });
    expect(body.result.records).toHaveLength(10);
  });
});

describe("GET /sys/user/list — bad input is refused with 400 and a Chinese message", () => {
  const cases: Array<[string, string]> = [
    ["pageSize=-5", "每页条数（pageSize）必须大于等于 1（-1 表示全部）"],
    ["pageSize=0", "每页条数（pageSize）必须大于等于 1（-1 表示全部）"],
    ["pageSize=abc", "参数「pageSize」必须是整数"],
    ["pageNo=abc", "参数「pageNo」必须是整数"],
    ["pageNo=1.5", "参数「pageNo」必须是整数"],
    ["pageNo=1000000&pageSize=100", "页码过大：最多可翻到第 200000 条记录，请增加查询条件缩小范围"],
    ["column=password", "不支持按「password」排序"],
    ["column=createTime&order=sideways", "排序方向（order）只能是 asc 或 desc"],
    ["sex=abc", "参数「sex」必须是整数"],
    ["sex=*1*", "参数「sex」不支持模糊查询"],
    ["createTime_begin=2020-13-45", "参数「createTime_begin」不是有效的日期，格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss"],
    ["realname=a&realname=b", "参数「realname」不能重复出现"],
  ];
  it.each(cases)("%s → %s", async (query, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 400, message });
  });
});

describe("GET /sys/user/list — SQL injection payloads from the JeecgBoot history", () => {
  const sortPayloads = [
    "column=createTime;drop table sys_user&order=desc",
    "column=(select password from sys_user limit 1)&order=asc",
    "column=updatexml(1,concat(0x7e,user()),1)&order=desc",
    "column=createTime&order=desc,(select 1)",
    "column=id desc,sleep(3)",
  ];
  it.each(sortPayloads)("refuses sort %s", async (query) => {
    const { status, body } = await list(query.split("&").map((p) => p.split("=").map(encodeURIComponent).join("=")).join("&"));
    expect(status).toBe(400);
    expect(JSON.stringify(body)).not.toMatch(/argon2|syntax|postgres|relation/i);
  });

  const valuePayloads = ["admin' or '1'='1", "*' or 1=1--*", "1) or (1=1", "admin'; drop table sys_user; --", "%' union select password from sys_user --"];
  it.each(valuePayloads)("binds filter value %s as data", async (payload) => {
    const { status, body } = await list(`username=${encodeURIComponent(payload)}`);
    expect(status).toBe(200);
    expect(body.result.total).toBe(0);
  });

  it("still has its users afterwards", async () => {
    expect((await list("pageSize=1")).body.result.total).toBe(10);
  });
});

describe("GET /sys/user/queryById", () => {
  it("returns the user without secrets, and refuses an unknown id", async () => {
    const { body } = await list("username=lisi");
    const id = body.result.records[0].id;
    const one = await t.app.inject({ method: "GET", url: `${API}/sys/user/queryById?id=${id}`, headers: { "x-access-token": token } });
    expect(one.json().result).toMatchObject({ id, username: "lisi", realname: "李四" });
    expect(one.json().result).not.toHaveProperty("password");
    const none = await t.app.inject({ method: "GET", url: `${API}/sys/user/queryById?id=nope`, headers: { "x-access-token": token } });
    expect(none.json()).toMatchObject({ success: false, message: "未找到对应实体" });
    const missing = await t.app.inject({ method: "GET", url: `${API}/sys/user/queryById`, headers: { "x-access-token": token } });
    expect(missing.statusCode).toBe(400);
  });
});
