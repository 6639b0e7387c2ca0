/** `/sys/sysDepart/queryDepartTreeSync`: the lazy department tree the JeecgBoot Vue 2 pickers open level by level. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sysDepart } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const get = async (query: string) => {
  const res = await t.app.inject({ method: "GET", url: `${API}/sys/sysDepart/queryDepartTreeSync?${query}`, headers: { "x-access-token": token, "content-type": "application/json;charset=UTF-8" } });
  return { status: res.statusCode, body: res.json() };
};
const byCode = async (code: string) => (await t.database.db.select().from(sysDepart).where(eq(sysDepart.orgCode, code)))[0];

describe("lazy department tree", () => {
  it("answers the roots with their leaf flags when no pid is given (the client sends pid= empty)", async () => {
    const { status, body } = await get(`pid=&_t=${Date.now()}`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const hq = await byCode("A01");
    expect(body.result.map((n: { orgCode: string }) => n.orgCode)).toEqual(["A01", "A02"]);
    expect(body.result[0]).toMatchObject({ key: hq.id, value: hq.id, title: "红色印记运营中心", isLeaf: false, children: null });
  });

  it("answers one level below pid, each child a leaf when nothing lives below it", async () => {
    const hq = await byCode("A01");
    const { body } = await get(`pid=${hq.id}`);
    const codes = body.result.map((n: { orgCode: string }) => n.orgCode);
    expect(codes).toEqual(["A01A01", "A01A02", "A01A03"]);
    expect(body.result.every((n: { isLeaf: boolean; parentId: string }) => n.isLeaf && n.parentId === hq.id)).toBe(true);
  });

  it("answers the named departments for ids, and an empty list for an unknown pid", async () => {
    const ops = await byCode("A01A01");
    expect((await get(`ids=${ops.id}`)).body.result.map((n: { id: string }) => n.id)).toEqual([ops.id]);
    expect((await get("pid=nothing-here")).body).toMatchObject({ success: true, result: [] });
  });

  it("refuses an anonymous caller", async () => {
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/sysDepart/queryDepartTreeSync?pid=` });
    expect(res.json().success).toBe(false);
  });
});
