/**
 * Data log (`/sys/dataLog/*`, contract.md §10.7): a version per change of the allow-listed tables, written by
 * the database trigger whoever writes (the API, plain SQL), numbered per row; nothing for an edit that changes
 * nothing; secrets never snapshotted; list, compare and the versions of a row; refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DATA_LOG_TABLES } from "../../server/modules/sys/data-log.repo.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_MS: "0" });
  admin = await t.login();
});
afterAll(async () => t.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token = admin, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, ...(payload ? { payload } : {}) });
const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const versions = async (table: string, id: string) => {
  const res = await call("GET", `/sys/dataLog/queryDataVerList?dataTable=${table}&dataId=${id}`);
  return res.json().result as Array<{ id: string; dataVersion: number; dataContent: string; createBy: string }>;
};

describe("versions", () => {
  let roleId: string;

  it("writes version 1 on insert and one more per real change, none for an edit that changes nothing", async () => {
    expect((await call("POST", "/sys/role/add", admin, { roleName: "数据日志角色", roleCode: "data_log_role", description: "第一版" })).json().success).toBe(true);
    [{ id: roleId }] = await rowsOf<{ id: string }>(sql`select id from sys_role where role_code = 'data_log_role'`);
    const edit = (description: string) => call("PUT", "/sys/role/edit", admin, { id: roleId, roleName: "数据日志角色", roleCode: "data_log_role", description });
    expect((await edit("第二版")).json().success).toBe(true);
    expect((await edit("第二版")).json().success).toBe(true); // only update_time moves
    expect((await edit("第三版")).json().success).toBe(true);
    const v = await versions("sys_role", roleId);
    expect(v.map((x) => x.dataVersion)).toEqual([1, 2, 3]);
    expect(v.map((x) => JSON.parse(x.dataContent).description)).toEqual(["第一版", "第二版", "第三版"]);
    expect(v.every((x) => x.createBy === "admin")).toBe(true);
  });

  it("catches writers outside the API (plain SQL), in one set-based statement", async () => {
    await t.database.db.execute(sql`update sys_role set description = '批量改' , update_by = 'dba' where role_code in ('data_log_role', 'admin')`);
    const v = await versions("sys_role", roleId);
    expect(v.at(-1)).toMatchObject({ dataVersion: 4, createBy: "dba" });
    expect(JSON.parse(v.at(-1)!.dataContent).description).toBe("批量改");
  });

  it("numbers every row of a many-row statement on its own, and keeps counting after the rows' earlier versions", async () => {
    await t.database.db.execute(sql`insert into sys_dict (id, dict_name, dict_code, type) select 'dlbulk' || g, '批量' || g, 'dl_bulk_' || g, 0 from generate_series(1, 300) g`);
    await t.database.db.execute(sql`update sys_dict set description = '第二版' where id like 'dlbulk%'`);
    await t.database.db.execute(sql`update sys_dict set description = '第三版' where id in ('dlbulk1', 'dlbulk2')`);
    const counts = await rowsOf<{ data_version: number; n: number }>(sql`
      select data_version, count(*)::int as n from sys_data_log where data_table = 'sys_dict' and data_id like 'dlbulk%' group by data_version order by data_version`);
    expect(counts).toEqual([{ data_version: 1, n: 300 }, { data_version: 2, n: 300 }, { data_version: 3, n: 2 }]);
    expect(JSON.parse((await versions("sys_dict", "dlbulk2")).at(-1)!.dataContent).description).toBe("第三版");
  });

  it("never snapshots passwords or salts, and a password change writes no version", async () => {
    const [user] = await rowsOf<{ id: string; password: string }>(sql`select id, password from sys_user where username = 'lisi'`);
    const before = await versions("sys_user", user!.id);
    const reset = await call("PUT", "/sys/user/changePassword", admin, { username: "lisi", password: "Data#Log5566", confirmpassword: "Data#Log5566" });
    expect(reset.json().success, reset.body).toBe(true);
    expect((await versions("sys_user", user!.id)).length).toBe(before.length);
    const edited = await call("PUT", "/sys/user/edit", admin, { id: user!.id, realname: "李四（改）", selectedroles: "", selecteddeparts: "" });
    expect(edited.json().success, edited.body).toBe(true);
    const after = await versions("sys_user", user!.id);
    expect(after.length).toBe(before.length + 1);
    expect(JSON.parse(after.at(-1)!.dataContent).realname).toBe("李四（改）");
    const [{ password: hash }] = await rowsOf<{ password: string }>(sql`select password from sys_user where username = 'lisi'`);
    const all = await rowsOf<{ data_content: string }>(sql`select data_content from sys_data_log`);
    for (const r of all) {
      const json = JSON.parse(r.data_content);
      for (const key of ["password", "salt", "session_key", "db_password"]) expect(json).not.toHaveProperty(key);
    }
    const text = all.map((r) => r.data_content).join("\n");
    expect(text.includes(hash)).toBe(false);
    expect(text.includes(user!.password)).toBe(false);
  });

  it("has its triggers on exactly the allow-listed tables", async () => {
    const rows = await rowsOf<{ table: string }>(sql`select distinct c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid where p.proname = 'sys_data_log_capture'`);
    expect(rows.map((r) => r.table).sort()).toEqual([...DATA_LOG_TABLES].sort());
  });
});

describe("endpoints", () => {
  it("lists versions with filters, compares two, answers 未找到版本信息", async () => {
    const page = (await call("GET", "/sys/dataLog/list?dataTable=sys_role&pageSize=50&column=dataVersion&order=asc")).json().result;
    expect(page.records.length).toBeGreaterThanOrEqual(4);
    expect(page.records.every((r: any) => r.dataTable === "sys_role")).toBe(true);
    const [{ id: roleId }] = await rowsOf<{ id: string }>(sql`select id from sys_role where role_code = 'data_log_role'`);
    const v = await versions("sys_role", roleId);
    const cmp = (await call("GET", `/sys/dataLog/queryCompareList?dataId1=${v[2]!.id}&dataId2=${v[0]!.id}`)).json().result;
    expect(cmp.map((r: any) => r.dataVersion)).toEqual([3, 1]);
    const missing = await call("GET", "/sys/dataLog/queryDataVerList?dataTable=sys_role&dataId=nope");
    expect(missing.json()).toMatchObject({ success: false, message: "未找到版本信息" });
    const bad = await call("GET", `/sys/dataLog/queryDataVerList?dataTable=${encodeURIComponent("sys_role;drop")}&dataId=1`);
    expect(bad.statusCode).toBe(400);
  });

  it("refuses every route to a user without the button", async () => {
    await t.setPassword("zhangsan", "Data@12345");
    const token = await t.login("zhangsan", "Data@12345");
    for (const url of ["/sys/dataLog/list", "/sys/dataLog/queryCompareList?dataId1=1&dataId2=2", "/sys/dataLog/queryDataVerList?dataTable=sys_role&dataId=1"]) {
      expect((await call("GET", url, token)).statusCode, url).toBe(403);
    }
  });
});
