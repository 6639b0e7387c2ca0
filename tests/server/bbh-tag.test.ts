/**
 * Tags (domain.md §4.22, §6.2): CRUD with the name unique within its type (400, nothing changed), new tags
 * last in their type, `updateShowIndex` in both forms (one tag; the drag-sort list of one type written in one
 * statement, refused whole for ids of another type, unknown, repeated or missing ids), tag relations of
 * activities/marks (set, list, wrong type refused, the object's edit permission needed), deletion removing
 * relations, an activity clone copying its tags, and permission refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { bbhActivityMain, bbhRedMark, bbhTag, bbhTagRel } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { caller, rows } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;
const db = () => t.database.db;
const tagId = async (name: string) => (await db().select().from(bbhTag).where(and(eq(bbhTag.tagName, name), eq(bbhTag.delFlag, 0))))[0].id;
const order = async (type: number) => (await db().select({ name: bbhTag.tagName, i: bbhTag.showIndex }).from(bbhTag).where(and(eq(bbhTag.tagType, type), eq(bbhTag.delFlag, 0))).orderBy(asc(bbhTag.showIndex), asc(bbhTag.tagName))).map((r) => `${r.name}:${r.i}`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
  await db().insert(bbhActivityMain).values({ id: "act-t1", activityName: "标签活动", activityType: 1 });
  await db().insert(bbhRedMark).values({ id: "rm-t1", markName: "标签印记", category: 1 });
});
afterAll(() => t.close());

describe("tags", () => {
  it("adds tags last in their type and refuses a name twice within a type", async () => {
    for (const name of ["建党伟业", "革命摇篮", "长征"]) expect((await call("POST", "/bbh/api/tag/add", admin, { tagName: name, tagType: 2, tagColor: "#C8161D" })).body.success).toBe(true);
    expect((await call("POST", "/bbh/api/tag/add", admin, { tagName: "研学", tagType: 1 })).body.success).toBe(true);
    expect((await call("POST", "/bbh/api/tag/add", admin, { tagName: "党史", tagType: 3, showIndex: 5 })).body.success).toBe(true);
    expect(await order(2)).toEqual(["建党伟业:1", "革命摇篮:2", "长征:3"]);
    const before = await rows(t, bbhTag);
    expect(await call("POST", "/bbh/api/tag/add", admin, { tagName: "长征", tagType: 2 })).toMatchObject({ status: 400, body: { message: "印记标签中已存在标签【长征】" } });
    expect((await call("POST", "/bbh/api/tag/add", admin, { tagName: "颜色", tagType: 2, tagColor: "red" })).status).toBe(400);
    expect((await call("POST", "/bbh/api/tag/add", admin, { tagName: "类型", tagType: 4 })).status).toBe(400);
    expect((await call("POST", "/bbh/api/tag/add", admin, { tagName: "这是一个超过了三十个字符长度限制的标签名称这是一个超过了三十个字符", tagType: 1 })).status).toBe(400);
    expect(await rows(t, bbhTag)).toBe(before);
    // The same name in another type is fine.
    expect((await call("POST", "/bbh/api/tag/add", admin, { tagName: "长征", tagType: 1 })).body.success).toBe(true);
  });

  it("lists tags in display order with dictionary texts and reference counts", async () => {
    const list = await call("GET", "/bbh/api/tag/list?tagType=2", admin);
    expect(list.body.result.records.map((r: Record<string, unknown>) => [r.tagName, r.showIndex, r.tagType_dictText, r.isShow_dictText, r.refCount])).toEqual([
      ["建党伟业", 1, "印记标签", "是", 0],
      ["革命摇篮", 2, "印记标签", "是", 0],
      ["长征", 3, "印记标签", "是", 0],
    ]);
    expect((await call("GET", "/bbh/api/tag/list?column=nope", admin)).status).toBe(400);
  });

  it("sets one tag's show index (JeecgBoot form)", async () => {
    const id = await tagId("研学");
    expect((await call("PUT", "/bbh/api/tag/updateShowIndex", admin, { id, showIndex: 7 })).body).toMatchObject({ message: "修改成功", result: { id, showIndex: 7 } });
    expect((await call("PUT", "/bbh/api/tag/updateShowIndex", admin, { id, showIndex: 10_000 })).body).toMatchObject({ success: false, message: "展示顺序需为0到9999之间的整数" });
    expect((await call("PUT", "/bbh/api/tag/updateShowIndex", admin, { id, showIndex: 1.5 })).body.message).toBe("展示顺序需为0到9999之间的整数");
    expect((await call("PUT", "/bbh/api/tag/updateShowIndex", admin, { id: "nope", showIndex: 1 })).body.message).toBe("标签不存在或已删除");
  });

  it("rewrites a type's order from the dragged list, refusing foreign, unknown, repeated or missing ids", async () => {
    const [a, b, c] = [await tagId("建党伟业"), await tagId("革命摇篮"), await tagId("长征")].map(String);
    const other = await tagId("研学");
    const sort = (body: object) => call("PUT", "/bbh/api/tag/updateShowIndex", admin, body);
    const before = await order(2);
    expect(await sort({ tagType: 2, ids: [c, a, other] })).toMatchObject({ status: 400 });
    expect((await sort({ tagType: 2, ids: [c, a, other] })).body.message).toContain("不存在或不属于印记标签");
    // An id that names no tag is answered by the by-id check, before the type is looked at.
    expect((await sort({ tagType: 2, ids: [c, a, "nope"] })).body.message).toBe("标签【nope】不存在或已删除");
    expect((await sort({ tagType: 2, ids: [c, a, a] })).body.message).toBe("标签顺序中有重复的标签");
    expect((await sort({ tagType: 2, ids: [c, a] })).body.message).toBe("请提交印记标签的全部3个标签的顺序");
    expect((await sort({ ids: [c, a, b] })).body.message).toBe("请指定标签类型");
    expect((await sort({ tagType: 2, ids: [] })).status).toBe(400);
    expect(await order(2)).toEqual(before);
    const done = await sort({ tagType: 2, ids: [c, a, b] });
    expect(done.body).toMatchObject({ message: "修改成功", result: [{ id: c, showIndex: 1 }, { id: a, showIndex: 2 }, { id: b, showIndex: 3 }] });
    expect(await order(2)).toEqual(["长征:1", "建党伟业:2", "革命摇篮:3"]);
    expect((await call("PUT", "/bbh/api/tag/updateShowIndex", auditor, { tagType: 2, ids: [a, b, c] })).status).toBe(403);
  });

  it("sets and lists the tags of an activity and a red mark; wrong types and unknown objects are refused", async () => {
    const [study, longMarch2, founding] = [await tagId("研学"), (await db().select().from(bbhTag).where(and(eq(bbhTag.tagName, "长征"), eq(bbhTag.tagType, 1))))[0].id, await tagId("建党伟业")];
    // One route per target, each needing the target's edit code (issue 23 item 12).
    const set = ({ bizType, ...body }: { bizType: string } & Record<string, unknown>, token = admin) => call("PUT", `/bbh/api/tag/rel/set/${bizType}`, token, body);
    const res = await set({ bizType: "activity", bizId: "act-t1", tagIds: [study, longMarch2] });
    expect(res.body).toMatchObject({ message: "设置成功" });
    expect(res.body.result.map((r: { tagName: string }) => r.tagName)).toEqual(["长征", "研学"]);
    const before = await rows(t, bbhTagRel);
    expect((await set({ bizType: "activity", bizId: "act-t1", tagIds: [founding] })).body.message).toBe("标签【建党伟业】不是活动标签");
    expect((await set({ bizType: "activity", bizId: "nope", tagIds: [study] })).body.message).toBe("活动不存在或已删除");
    expect((await set({ bizType: "activity", bizId: "act-t1", tagIds: ["nope"] })).body.message).toBe("标签【nope】不存在或已删除");
    expect((await set({ bizType: "user", bizId: "act-t1", tagIds: [] })).status).toBe(404);
    expect((await call("PUT", "/bbh/api/tag/rel/set", admin, { bizType: "activity", bizId: "act-t1", tagIds: [study] })).status).toBe(404);
    expect((await set({ bizType: "activity", bizId: "act-t1", tagIds: [study] }, auditor)).status).toBe(403);
    expect(await rows(t, bbhTagRel)).toBe(before);

    expect((await set({ bizType: "red_mark", bizId: "rm-t1", tagIds: [founding] })).body.success).toBe(true);
    const listed = await call("GET", "/bbh/api/tag/rel/list?bizType=activity&bizId=act-t1", admin);
    expect(listed.body.result.map((r: { id: string }) => r.id)).toEqual([longMarch2, study]);
    // The activity's and the mark's details carry their tags.
    expect((await call("GET", "/bbh/api/activity/main/getById?id=act-t1", admin)).body.result.tags.map((r: { tagName: string }) => r.tagName)).toEqual(["长征", "研学"]);
    expect((await call("GET", "/bbh/api/activity/redmark/getById?id=rm-t1", admin)).body.result.tags.map((r: { tagName: string }) => r.tagName)).toEqual(["建党伟业"]);
    // Replacing keeps what stays and drops the rest.
    expect((await set({ bizType: "activity", bizId: "act-t1", tagIds: [study] })).body.result.map((r: { id: string }) => r.id)).toEqual([study]);
    const counted = await call("GET", "/bbh/api/tag/list?tagType=1&column=showIndex&order=asc", admin);
    expect(counted.body.result.records.find((r: { id: string }) => r.id === study).refCount).toBe(1);
  });

  it("copies an activity's tags when the activity is cloned", async () => {
    const res = await call("POST", "/bbh/api/activity/main/clone", admin, { id: "act-t1", activityName: "标签活动二" });
    expect(res.body.success).toBe(true);
    const tags = await call("GET", `/bbh/api/tag/rel/list?bizType=activity&bizId=${res.body.result.id}`, admin);
    expect(tags.body.result.map((r: { tagName: string }) => r.tagName)).toEqual(["研学"]);
    const none = await call("POST", "/bbh/api/activity/main/clone", admin, { id: "act-t1", activityName: "标签活动三", copyTags: false });
    expect((await call("GET", `/bbh/api/tag/rel/list?bizType=activity&bizId=${none.body.result.id}`, admin)).body.result).toEqual([]);
  });

  it("edits tags, refuses changing the type of a used tag, and deletes tags with their relations", async () => {
    const study = await tagId("研学");
    expect((await call("PUT", "/bbh/api/tag/edit", admin, { id: study, tagName: "研学旅行", tagType: 1, tagColor: "#FFAA00", isShow: 0 })).body.success).toBe(true);
    expect((await db().select().from(bbhTag).where(eq(bbhTag.id, study)))[0]).toMatchObject({ tagName: "研学旅行", tagColor: "#FFAA00", isShow: 0, showIndex: 7 });
    expect((await call("PUT", "/bbh/api/tag/edit", admin, { id: study, tagName: "研学旅行", tagType: 2 })).body.message).toBe("该标签已被引用2次，不能修改标签类型");
    expect((await call("PUT", "/bbh/api/tag/edit", admin, { id: study, tagName: "建党伟业", tagType: 1 })).body.success).toBe(true);
    expect((await call("DELETE", `/bbh/api/tag/delete?id=${study}`, admin)).body.success).toBe(true);
    expect(await rows(t, bbhTagRel, eq(bbhTagRel.tagId, study))).toBe(0);
    expect((await call("GET", "/bbh/api/tag/list", auditor)).status).toBe(403);
    expect((await call("POST", "/bbh/api/tag/add", auditor, { tagName: "x", tagType: 1 })).status).toBe(403);
  });
});
