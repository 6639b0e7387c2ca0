import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { sysRole, sysUser } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

/** Payloads from the JeecgBoot injection history: dictionary codes, sort, duplicate check, filters. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: "GET", url: `${API}${url}`, headers: { "x-access-token": admin } });
  return { status: res.statusCode, body: res.json(), text: res.body };
};
const counts = async () => [
  Number((await t.database.db.select({ n: count() }).from(sysUser))[0].n),
  Number((await t.database.db.select({ n: count() }).from(sysRole))[0].n),
];
const enc = encodeURIComponent;
const clean = (r: { status: number; text: string }) => {
  expect(r.status).toBeLessThan(500);
  // The refusal may name the rejected input; it never carries data or database errors.
  expect(r.text).not.toMatch(/\$argon2|syntax error|relation "|"records"/i);
};

describe("SQL injection payloads return a clean error and leak nothing", () => {
  it("table dictionary codes", async () => {
    const before = await counts();
    for (const code of [
      "sys_user,password,username",
      "sys_user where 1=1 union select password from sys_user--,username,id",
      "sys_user,realname,id,1=1 or 1=1",
      "(select password from sys_user),username,id",
      "sys_user,username,id;drop table sys_role",
      "pg_user,usename,usesysid",
    ]) {
      const r = await get(`/sys/dict/getDictItems/${enc(code)}`);
      clean(r);
      expect(r.body.success).toBe(false);
    }
    expect(await counts()).toEqual(before);
  });

  it("sort column and order", async () => {
    for (const q of ["column=id;drop table sys_role&order=asc", "column=(select password from sys_user limit 1)", "column=username&order=asc;delete from sys_user", "column=password"]) {
      const r = await get(`/sys/user/list?${q.split("&").map((p) => p.split("=").map(enc).join("=")).join("&")}`);
      clean(r);
      expect(r.status).toBe(400);
    }
    expect((await get(`/sys/role/list?column=${enc("roleCode desc, (select 1)")}`)).status).toBe(400);
  });

  it("duplicate check table and field names", async () => {
    for (const [table, field] of [["sys_user", "password"], ["sys_user where 1=1 --", "username"], ["sys_user", "username) or (1=1"], ["pg_shadow", "passwd"]]) {
      const r = await get(`/sys/duplicate/check?tableName=${enc(table)}&fieldName=${enc(field)}&fieldVal=x`);
      clean(r);
      expect(r.body).toMatchObject({ success: false, message: "该表或字段不允许校验" });
    }
    const value = await get(`/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=${enc("x' or '1'='1")}`);
    expect(value.body).toMatchObject({ success: true, message: "该值可用！" });
  });

  it("filter values are bound, and non-allow-listed filter fields are ignored", async () => {
    const before = await counts();
    const r = await get(`/sys/user/list?username=${enc("admin' or '1'='1")}`);
    expect(r.body.result.total).toBe(0);
    const fuzzy = await get(`/sys/user/list?realname=${enc("*' union select password from sys_user --*")}`);
    expect(fuzzy.body.result.total).toBe(0);
    const ignored = await get(`/sys/user/list?password=${enc("x")}&pageSize=100`);
    expect(ignored.body.result.records.length).toBeGreaterThan(1);
    expect(ignored.text).not.toMatch(/\$argon2/);
    expect(await counts()).toEqual(before);
  });
});
