import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { sysCategory } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operator = await t.login("zhangsan", "Operator@1");
});
afterAll(() => t.close());

const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token = admin, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  return { status: res.statusCode, body: res.json() };
};
const byCode = async (code: string) => (await t.database.db.select().from(sysCategory).where(eq(sysCategory.code, code)))[0];
const byName = async (name: string) => (await t.database.db.select().from(sysCategory).where(eq(sysCategory.name, name)))[0];
const total = async () => Number((await t.database.db.select({ n: count() }).from(sysCategory))[0].n);

describe("category seed (contract §11.6)", () => {
  it("seeds 电脑产品 A01 with A01A01–A01A03, 笔记本 B01 with hand-made codes, 物料树 B02 and a 省 tree without codes", async () => {
    const { result } = (await call("GET", "/sys/category/rootList?column=code&order=asc")).body;
    // Ascending sorts put null codes first, as MySQL does.
    expect(result.records.map((r: { code: string | null; name: string }) => [r.code, r.name])).toEqual([
      [null, "省"],
      ["A01", "电脑产品"],
      ["B01", "笔记本"],
      ["B02", "物料树"],
    ]);
    expect(result.total).toBe(4);
    const a01 = await byCode("A01");
    expect(a01.hasChild).toBe("1");
    const kids = (await call("GET", `/sys/category/childList?pid=${a01.id}`)).body.result;
    expect(kids.map((k: { code: string }) => k.code)).toEqual(["A01A01", "A01A02", "A01A03"]);
    expect((await call("GET", `/sys/category/childList?pid=${(await byCode("B01")).id}`)).body.result.map((k: { code: string }) => k.code)).toEqual(["B01-1", "B01-2"]);
  });

  it("rootList searches every level when a name or code filter is given", async () => {
    const { result } = (await call("GET", `/sys/category/rootList?name=${encodeURIComponent("*市*")}`)).body;
    expect(result.records.map((r: { name: string }) => r.name).sort()).toEqual(["合肥市", "济南市", "芜湖市", "青岛市"].sort());
  });
});

describe("category CRUD with the code rule", () => {
  it("add generates the next root code and the next child code, and marks the parent has_child", async () => {
    expect((await call("POST", "/sys/category/add", admin, { pid: "0", name: "图书" })).body).toMatchObject({ success: true, message: "添加成功！" });
    const books = await byName("图书");
    expect(books).toMatchObject({ pid: "0", code: "B03", hasChild: "0", createBy: "admin" });
    await call("POST", "/sys/category/add", admin, { pid: books.id, name: "小说" });
    await call("POST", "/sys/category/add", admin, { pid: books.id, name: "历史" });
    expect((await byName("小说")).code).toBe("B03A01");
    expect((await byName("历史")).code).toBe("B03A02");
    expect((await byName("图书")).hasChild).toBe("1");
    const a01 = await byCode("A01");
    await call("POST", "/sys/category/add", admin, { pid: a01.id, name: "小米" });
    expect((await byName("小米")).code).toBe("A01A04");
  });

  it("refuses an unknown parent and a bad body without writing", async () => {
    const before = await total();
    expect(await call("POST", "/sys/category/add", admin, { pid: "nope", name: "x" })).toMatchObject({ status: 400, body: { success: false, message: "上级分类不存在" } });
    expect((await call("POST", "/sys/category/add", admin, { pid: "0", name: "" })).status).toBe(400);
    expect(await total()).toBe(before);
  });

  it("checkCode and edit require a child code to start with its parent's code; codes stay unique", async () => {
    const books = await byName("图书");
    expect((await call("GET", `/sys/category/checkCode?pid=${books.id}&code=X01`)).body).toMatchObject({ success: false, message: '编码不符合规范,须以"B03"开头!' });
    expect((await call("GET", `/sys/category/checkCode?pid=${books.id}&code=B03A09`)).body.success).toBe(true);
    const novel = await byName("小说");
    expect((await call("PUT", "/sys/category/edit", admin, { id: novel.id, name: "小说", code: "X01" })).body).toMatchObject({ success: false, message: '编码不符合规范,须以"B03"开头!' });
    expect((await call("PUT", "/sys/category/edit", admin, { id: novel.id, name: "小说", code: "B03A02" })).body).toMatchObject({ success: false, message: "分类编码已存在" });
    expect((await call("PUT", "/sys/category/edit", admin, { id: novel.id, name: "长篇小说", code: "B03A09" })).body).toMatchObject({ success: true, message: "编辑成功!" });
    expect(await byCode("B03A09")).toMatchObject({ name: "长篇小说", updateBy: "admin" });
    expect((await call("PUT", "/sys/category/edit", admin, { id: "missing", name: "x" })).body).toMatchObject({ success: false, message: "未找到对应实体" });
  });

  it("delete removes the subtree and clears has_child of a parent left without children", async () => {
    const books = await byName("图书");
    const history = await byName("历史");
    await call("POST", "/sys/category/add", admin, { pid: history.id, name: "近代史" });
    expect((await call("DELETE", `/sys/category/delete?id=${history.id}`)).body).toMatchObject({ success: true, message: "删除成功!" });
    expect(await byName("近代史")).toBeUndefined();
    expect((await byName("图书")).hasChild).toBe("1");
    expect((await call("DELETE", `/sys/category/deleteBatch?ids=${(await byCode("B03A09")).id},`)).body.success).toBe(true);
    expect((await byName("图书")).hasChild).toBe("0");
    await call("DELETE", `/sys/category/delete?id=${books.id}`);
    expect(await byName("图书")).toBeUndefined();
  });
});

describe("category look-ups", () => {
  it("loadTreeRoot gives the children of a code (lazy) or the whole subtree; loadTreeChildren one level", async () => {
    const lazy = (await call("GET", "/sys/category/loadTreeRoot?async=true&pcode=B02")).body.result;
    expect(lazy.map((n: { title: string; code: string; isLeaf: boolean }) => [n.title, n.code, n.isLeaf])).toEqual([["上衣", "B02A01", false], ["裤子", "B02A02", true]]);
    const full = (await call("GET", "/sys/category/loadTreeRoot?async=false&pcode=B02")).body.result;
    expect(full[0].children.map((n: { title: string }) => n.title)).toEqual(["衬衫", "外套"]);
    expect((await call("GET", "/sys/category/loadTreeRoot?async=true&pcode=0")).body.result).toHaveLength(4);
    expect((await call("GET", "/sys/category/loadTreeRoot?pcode=ZZZ")).body.success).toBe(false);
    const b02 = await byCode("B02");
    const children = (await call("GET", `/sys/category/loadTreeChildren?pid=${b02.id}`)).body.result;
    expect(children[0]).toMatchObject({ key: expect.any(String), title: "上衣", value: children[0].key, code: "B02A01", parentId: b02.id, isLeaf: false });
  });

  it("loadTreeData filters by pcode and an allow-listed condition", async () => {
    const rows = (await call("GET", `/sys/category/loadTreeData?pcode=B02&condition=${encodeURIComponent(JSON.stringify({ name: "裤子" }))}`)).body.result;
    expect(rows.map((r: { title: string }) => r.title)).toEqual(["裤子"]);
    const bad = await call("GET", `/sys/category/loadTreeData?pcode=B02&condition=${encodeURIComponent('{"1=1;--":"x"}')}`);
    expect(bad.status).toBe(400);
  });

  it("loadDictItem gives names in order, dropping unknown ids unless delNotExist=false", async () => {
    const a = await byCode("A01");
    const b = await byCode("B02");
    expect((await call("GET", `/sys/category/loadDictItem?ids=${b.id},nope,${a.id}`)).body.result).toEqual(["物料树", "电脑产品"]);
    expect((await call("GET", `/sys/category/loadDictItem?ids=${b.id},nope&delNotExist=false`)).body.result).toEqual(["物料树", "nope"]);
  });

  it("loadAllData lists categories whose code starts with the code (0: all)", async () => {
    const rows = (await call("GET", "/sys/category/loadAllData?code=A01")).body.result;
    expect(rows.map((r: { text: string }) => r.text)).toEqual(["电脑产品", "thinkpad", "mac", "华为", "小米"]);
    expect(rows[0]).toEqual({ value: (await byCode("A01")).id, text: "电脑产品" });
    expect((await call("GET", "/sys/category/loadAllData?code=0")).body.result.length).toBe(await total());
  });

  it("loadOne finds one row by an allow-listed field", async () => {
    expect((await call("GET", "/sys/category/loadOne?field=code&val=B01")).body.result).toMatchObject({ name: "笔记本" });
    expect((await call("GET", "/sys/category/loadOne?field=pid&val=0")).body).toMatchObject({ success: false });
    expect((await call("GET", "/sys/category/loadOne?field=password&val=x")).status).toBe(400);
  });
});

describe("category permissions", () => {
  it("refuses the management endpoints to a user without system:category:* and changes nothing", async () => {
    const before = await total();
    expect((await call("GET", "/sys/category/rootList", operator)).status).toBe(403);
    expect((await call("POST", "/sys/category/add", operator, { pid: "0", name: "x" })).status).toBe(403);
    expect((await call("DELETE", `/sys/category/delete?id=${(await byCode("A01")).id}`, operator)).status).toBe(403);
    expect(await total()).toBe(before);
  });

  it("lets any signed-in user read the picker look-ups", async () => {
    expect((await call("GET", "/sys/category/loadTreeRoot?async=true&pcode=0", operator)).body.success).toBe(true);
  });
});
