import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sysDepart, sysUser, sysUserDepart } from "../../server/db/schema.js";
import { nextId } from "../../server/lib/ids.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operator = await t.login("zhangsan", "Operator@1");
  const db = t.database.db;
  // admin also works in 技术部; wangfang gets a position; lisi is deleted.
  const [adminUser] = await db.select().from(sysUser).where(eq(sysUser.username, "admin"));
  const [tech] = await db.select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A03"));
  await db.insert(sysUserDepart).values({ id: nextId(), userId: adminUser.id, depId: tech.id });
  await db.update(sysUser).set({ post: "devleader", email: "wf@example.com" }).where(eq(sysUser.username, "wangfang"));
  await db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.username, "lisi"));
});
afterAll(() => t.close());

const list = async (query: string, token = admin) => {
  const res = await t.app.inject({ method: "GET", url: `${API}/sys/user/queryByOrgCodeForAddressList?${query}`, headers: { "x-access-token": token } });
  return { status: res.statusCode, body: res.json() };
};

describe("address list", () => {
  it("lists users of a department subtree, one row per user with departments merged by ' | '", async () => {
    const { result } = (await list("orgCode=A01&pageNo=1&pageSize=10")).body;
    expect(result.total).toBe(5);
    expect(result.records.map((r: { realname: string }) => r.realname)).toEqual(["管理员", "张三", "王芳", "张伟", "赵磊"]);
    expect(result.records[0]).toMatchObject({ realname: "管理员", workNo: "0001", departName: "红色印记运营中心 | 技术部" });
    expect(Object.keys(result.records[0]).sort()).toEqual(
      ["userId", "realname", "avatar", "workNo", "post", "postText", "telephone", "email", "phone", "departId", "departName"].sort(),
    );
    expect(result.records.find((r: { realname: string }) => r.realname === "王芳")).toMatchObject({ post: "devleader", postText: "研发部经理", email: "wf@example.com", phone: "13800000003" });
  });

  it("narrows to a child department, and lists everyone without orgCode; deleted users never appear", async () => {
    expect((await list("orgCode=A02")).body.result.records.map((r: { realname: string }) => r.realname)).toEqual(["陈静"]);
    const all = (await list("")).body.result;
    expect(all.total).toBe(6);
    expect(all.records.map((r: { realname: string }) => r.realname)).not.toContain("李四");
  });

  it("filters by realname and workNo (fuzzy) and pages by user", async () => {
    expect((await list(`realname=${encodeURIComponent("张")}`)).body.result.records.map((r: { realname: string }) => r.realname)).toEqual(["张三", "张伟"]);
    expect((await list(`realname=${encodeURIComponent("*张*")}`)).body.result.total).toBe(2);
    expect((await list("workNo=0005")).body.result.records.map((r: { realname: string }) => r.realname)).toEqual(["赵磊"]);
    expect((await list(`realname=${encodeURIComponent("%")}`)).body.result.total).toBe(0);
    const page2 = (await list("orgCode=A01&pageNo=2&pageSize=2")).body.result;
    expect(page2).toMatchObject({ total: 5, current: 2, size: 2, pages: 3 });
    expect(page2.records.map((r: { realname: string }) => r.realname)).toEqual(["王芳", "张伟"]);
  });

  it("ignores the list page's column/order and refuses a malformed orgCode", async () => {
    expect((await list("column=createTime&order=desc")).body.success).toBe(true);
    expect((await list(`orgCode=${encodeURIComponent("A01' or '1'='1")}`)).status).toBe(400);
  });

  it("is refused without system:addressList:list", async () => {
    expect((await list("", operator)).status).toBe(403);
  });
});
