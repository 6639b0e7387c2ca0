import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { sysDict, sysDictItem, sysPosition } from "../../server/db/schema.js";
import { DictService } from "../../server/modules/sys/dict.repo.js";
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

const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  return { status: res.statusCode, body: res.json() };
};
const dictByCode = async (code: string) => (await t.database.db.select().from(sysDict).where(eq(sysDict.dictCode, code)))[0];

describe("dictionaries", () => {
  it("adds a dictionary and items; getDictItems sees them at once (cache dropped on write)", async () => {
    expect((await call("GET", "/sys/dict/getDictItems/activity_level", admin)).body.result).toEqual([]);
    expect((await call("POST", "/sys/dict/add", admin, { dictName: "活动级别", dictCode: "activity_level" })).body.message).toBe("保存成功！");
    const dict = await dictByCode("activity_level");
    expect(dict.createBy).toBe("admin");
    await call("POST", "/sys/dictItem/add", admin, { dictId: dict.id, itemText: "国家级", itemValue: "1", sortOrder: 1 });
    await call("POST", "/sys/dictItem/add", admin, { dictId: dict.id, itemText: "省级", itemValue: "2", sortOrder: 2, status: 0 });
    expect((await call("GET", "/sys/dict/getDictItems/activity_level", admin)).body.result.map((i: { text: string }) => i.text)).toEqual(["国家级", "省级"]);
    expect((await call("GET", "/sys/dict/queryAllDictItems", admin)).body.result.activity_level.map((i: { text: string }) => i.text)).toEqual(["国家级"]);
    const items = (await call("GET", `/sys/dictItem/list?dictId=${dict.id}`, admin)).body.result.records;
    expect(items.map((i: { itemValue: string; status_dictText: string }) => [i.itemValue, i.status_dictText])).toEqual([["1", "启用"], ["2", "不启用"]]);
  });

  it("translates list values to their item text (_dictText): comma lists item by item, unknown values as they are, disabled items too", async () => {
    const dicts = new DictService(t.database.db);
    const rows = [{ level: "1,2,9", other: null }, { level: "2", other: "" }, { level: 7, other: "1" }];
    expect(await dicts.translate(rows, { level: "activity_level", other: "no_such_code" })).toEqual([
      { level: "1,2,9", other: null, level_dictText: "国家级,省级,9", other_dictText: null },
      { level: "2", other: "", level_dictText: "省级", other_dictText: null },
      { level: 7, other: "1", level_dictText: "7", other_dictText: "1" },
    ]);
    expect(rows[0]).toHaveProperty("level_dictText", "国家级,省级,9"); // in place: the records are the response's own
  });

  it("refuses duplicate codes and item values (dictItemCheck too), changing nothing", async () => {
    const dict = await dictByCode("activity_level");
    expect((await call("POST", "/sys/dict/add", admin, { dictName: "x", dictCode: "activity_level" })).body).toMatchObject({ success: false, message: "字典编码已存在" });
    expect((await call("POST", "/sys/dictItem/add", admin, { dictId: dict.id, itemText: "重复", itemValue: "1" })).body).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
    expect((await call("GET", `/sys/dictItem/dictItemCheck?dictId=${dict.id}&itemValue=1`, admin)).body).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
    expect((await call("GET", `/sys/dictItem/dictItemCheck?dictId=${dict.id}&itemValue=9`, admin)).body).toMatchObject({ success: true, message: "该值可用！" });
    expect(Number((await t.database.db.select({ n: count() }).from(sysDictItem).where(eq(sysDictItem.dictId, dict.id)))[0].n)).toBe(2);
    expect((await call("POST", "/sys/dict/add", admin, { dictName: "x", dictCode: "bad code'" })).status).toBe(400);
  });

  it("edits an item and the translation follows; delete is logical with a recycle bin", async () => {
    const dict = await dictByCode("activity_level");
    const [item] = await t.database.db.select().from(sysDictItem).where(and(eq(sysDictItem.dictId, dict.id), eq(sysDictItem.itemValue, "1")));
    const edited = await call("PUT", "/sys/dictItem/edit", admin, { id: item.id, dictId: dict.id, itemText: "国家级活动", itemValue: "1", sortOrder: 1 });
    expect(edited.body.message).toBe("编辑成功!");
    expect((await call("GET", "/sys/dict/getDictItems/activity_level", admin)).body.result[0].text).toBe("国家级活动");
    await call("DELETE", `/sys/dict/delete?id=${dict.id}`, admin);
    expect((await dictByCode("activity_level")).delFlag).toBe(1);
    expect((await call("GET", "/sys/dict/getDictItems/activity_level", admin)).body.result).toEqual([]);
    expect((await call("GET", "/sys/dict/deleteList", admin)).body.result.map((d: { dictCode: string }) => d.dictCode)).toContain("activity_level");
    await call("PUT", `/sys/dict/back/${dict.id}`, admin);
    expect((await call("GET", "/sys/dict/getDictItems/activity_level", admin)).body.result).toHaveLength(2);
    expect((await call("GET", "/sys/dict/refleshCache", admin)).body.success).toBe(true);
  });

  it("refuses dictionary management without the codes", async () => {
    const before = Number((await t.database.db.select({ n: count() }).from(sysDict))[0].n);
    expect((await call("POST", "/sys/dict/add", operator, { dictName: "x", dictCode: "x" })).status).toBe(403);
    expect((await call("GET", "/sys/dict/refleshCache", operator)).status).toBe(403);
    expect(Number((await t.database.db.select({ n: count() }).from(sysDict))[0].n)).toBe(before);
  });
});

describe("positions", () => {
  it("seeds JeecgBoot's positions once", async () => {
    const codes = (await call("GET", "/sys/position/list?column=code&order=asc", admin)).body.result.records.map((p: { code: string }) => p.code);
    expect(codes).toEqual(["devleader", "总经理"]);
  });

  it("CRUD with JeecgBoot messages, unique code, rank translation and sys_org_code from the user", async () => {
    expect((await call("POST", "/sys/position/add", admin, { code: "pm", name: "项目经理", postRank: "2" })).body.message).toBe("添加成功！");
    const [row] = await t.database.db.select().from(sysPosition).where(eq(sysPosition.code, "pm"));
    expect(row).toMatchObject({ createBy: "admin", sysOrgCode: "A01" });
    expect((await call("POST", "/sys/position/add", admin, { code: "pm", name: "x" })).body.message).toBe("职务编码已存在");
    const list = (await call("GET", "/sys/position/list?code=pm", admin)).body.result.records;
    expect(list[0]).toMatchObject({ code: "pm", postRank_dictText: "助级" });
    expect((await call("PUT", "/sys/position/edit", admin, { id: row.id, code: "pm", name: "项目总监" })).body.message).toBe("编辑成功!");
    expect((await call("GET", "/sys/position/queryByCode?code=pm", admin)).body.result.name).toBe("项目总监");
    expect((await call("GET", "/sys/dict/getDictItems/sys_position,name,code", admin)).body.result).toContainEqual({ value: "pm", text: "项目总监", title: "项目总监", label: "项目总监" });
    expect((await call("POST", "/sys/position/add", admin, { code: "x", name: "x", postRank: "9" })).status).toBe(400);
    expect((await call("DELETE", `/sys/position/delete?id=${row.id}`, operator)).status).toBe(403);
    expect((await call("DELETE", `/sys/position/deleteBatch?ids=${row.id},`, admin)).body.message).toBe("批量删除成功！");
  });
});

describe("duplicate check", () => {
  it("answers JeecgBoot's messages for allow-listed tables and fields", async () => {
    expect((await call("GET", "/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin", admin)).body).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
    expect((await call("GET", "/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=nobody", admin)).body).toMatchObject({ success: true, message: "该值可用！" });
    expect((await call("GET", "/sys/duplicate/check?tableName=sys_user&fieldName=workNo&fieldVal=0001", admin)).body.success).toBe(false);
    const [me] = (await call("GET", "/sys/user/list?username=admin", admin)).body.result.records;
    expect((await call("GET", `/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin&dataId=${me.id}`, admin)).body.success).toBe(true);
    expect((await call("GET", "/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=", admin)).body).toMatchObject({ success: true, code: 500, message: "数据为空,不作处理！" });
  });
});
