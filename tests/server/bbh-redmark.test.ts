/**
 * Red marks (domain.md §4.5, §5.2) and the red-activity mark list (§4.6, §6.2): CRUD with coordinate checks
 * and conversion, every publish transition, the map points, check → add (duplicates named), sort, sort
 * number, remove, point makers, and the red activity's publish checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { bbhActivityMain, bbhActivityTask, bbhRedActivityMark, bbhRedMark, bbhUserTaskAnswer, bbhWxUser } from "../../server/db/schema.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { at, caller, rows } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const markByName = async (name: string) => (await db().select().from(bbhRedMark).where(eq(bbhRedMark.markName, name)))[0];

async function addMark(name: string, extra: object = {}, publish = true) {
  const res = await call("POST", "/bbh/api/activity/redmark/add", admin, {
    markName: name, category: 2, address: "演示地址", longitude: 115.8899, latitude: 28.6807, coverImage: "/c.jpg", districtCode: "360103", ...extra,
  });
  expect(res.body.message).toBe("添加成功！");
  const m = await markByName(name);
  if (publish) expect((await call("PUT", "/bbh/api/activity/redmark/updatePublish", admin, { id: m.id, publishStatus: 1 })).body.message).toBe("发布成功");
  return m.id;
}

async function addRedActivity(name: string, extra: object = {}) {
  await call("POST", "/bbh/api/activity/main/add", admin, { activityName: name, activityType: 2, coverImage: "/c.jpg", startTime: at(-10), endTime: at(30), ...extra });
  return (await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, name)))[0].id;
}
const sortAll = async (activityId: string) => (await call("GET", `/bbh/api/activity/redActivity/redMarkSortAll?activityId=${activityId}`, admin)).body.result as Array<{ id: string; redMarkId: string; markName: string; sortNo: number }>;

describe("red mark CRUD", () => {
  it("adds, lists, reads and edits a mark; converts WGS-84 and BD-09 input to GCJ-02", async () => {
    const id = await addMark("八一馆", { images: "/a.jpg,/b.jpg" }, false);
    const list = await call("GET", "/bbh/api/activity/redmark/list?markName=*八一*", admin);
    expect(list.body.result.records[0]).toMatchObject({ id, category_dictText: "纪念馆/博物馆", publishStatus_dictText: "未发布", coordType: "gcj02", longitude: 115.8899, createBy: "admin" });
    const detail = await call("GET", `/bbh/api/activity/redmark/getById?id=${id}`, admin);
    expect(detail.body.result).toMatchObject({ imageList: ["/a.jpg", "/b.jpg"], refActivities: [], stats: { questionCount: 0 } });
    await addMark("WGS点", { longitude: 116.391, latitude: 39.907, coordType: "wgs84" }, false);
    const wgs = await markByName("WGS点");
    expect(wgs.coordType).toBe("wgs84");
    expect(wgs.longitude! - 116.391).toBeGreaterThan(0.004); // GCJ-02 is shifted ~500 m east in Beijing
    expect(wgs.longitude! - 116.391).toBeLessThan(0.008);
    await addMark("BD点", { longitude: 116.404, latitude: 39.915, coordType: "bd09" }, false);
    const bd = await markByName("BD点");
    expect(116.404 - bd.longitude!).toBeGreaterThan(0.005);
    const edit = await call("PUT", "/bbh/api/activity/redmark/edit", admin, { id, markName: "八一馆", category: 2, address: "新地址", longitude: 115.89, latitude: 28.68, coverImage: "/c.jpg", districtCode: "360103" });
    expect(edit.body.message).toBe("编辑成功!");
    expect((await markByName("八一馆")).address).toBe("新地址");
  });

  it("refuses coordinates outside China, half coordinates, bad radius, duplicates in a district and more than 9 images, changing nothing", async () => {
    await addMark("唯一印记", {}, false);
    const before = await rows(t, bbhRedMark);
    const cases: Array<[object, RegExp]> = [
      [{ longitude: 28.6807, latitude: 15.8899 }, /经纬度不在中国境内/],
      [{ longitude: 28.6807, latitude: 115.8899 }, /「纬度」不能大于90/],
      [{ longitude: 2.35, latitude: 48.85 }, /经纬度不在中国境内/],
      [{ longitude: 200, latitude: 30 }, /经度/],
      [{ latitude: 30, longitude: null }, /经度和纬度需同时填写/],
      [{ checkinRadius: 5 }, /打卡半径/],
      [{ coordType: "mars" }, /坐标系/],
      [{ markName: "唯一印记" }, /同一地区已存在名为【唯一印记】的印记/],
      [{ images: Array.from({ length: 10 }, (_, i) => `/${i}.jpg`).join(",") }, /图集最多9张/],
      [{ category: 7 }, /印记类别/],
    ];
    for (const [extra, message] of cases) {
      const res = await call("POST", "/bbh/api/activity/redmark/add", admin, { markName: "坏印记", category: 2, address: "x", longitude: 115.9, latitude: 28.7, coverImage: "/c.jpg", districtCode: "360103", ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await rows(t, bbhRedMark)).toBe(before);
    expect((await call("POST", "/bbh/api/activity/redmark/add", auditor, { markName: "无权", category: 2 })).status).toBe(403);
  });
});

describe("red mark list paging", () => {
  it("serves deep pages as the same rows, in the same order, as one long page (ties broken by id)", async () => {
    // 900 marks, create times tied in threes (the id breaks ties), every 7th deleted, every 4th unpublished
    const base = Date.parse("2026-01-01T00:00:00Z");
    const marks = Array.from({ length: 900 }, (_, i) => ({
      id: `deep${String(i).padStart(28, "0")}`, markName: `深页印记${i}`, category: 1 + (i % 6), sortNo: i % 13,
      publishStatus: i % 4 === 0 ? 0 : 1, delFlag: i % 7 === 0 ? 1 : 0, createTime: new Date(base - Math.floor(i / 3) * 1000),
    }));
    await db().insert(bbhRedMark).values(marks);
    try {
      const list = async (query: string) => (await call("GET", `/bbh/api/activity/redmark/list?${query}`, admin)).body.result as { total: number; records: Array<{ id: string }> };
      for (const query of ["", "publishStatus=1&", "column=sortNo&order=asc&"]) {
        const whole = await list(`${query}pageNo=1&pageSize=1000`);
        const ids = whole.records.map((r) => r.id);
        expect(ids.length).toBe(whole.total);
        expect(whole.total).toBeGreaterThan(520);
        for (const pageNo of [51, 52, Math.ceil(whole.total / 10)]) {
          const page = await list(`${query}pageNo=${pageNo}&pageSize=10`);
          expect(page.records.map((r) => r.id), `${query}pageNo=${pageNo}`).toEqual(ids.slice((pageNo - 1) * 10, pageNo * 10));
          expect(page.total).toBe(whole.total);
        }
      }
    } finally {
      await db().delete(bbhRedMark).where(like(bbhRedMark.id, "deep%"));
    }
  });
});

describe("red mark publish state machine (§5.2)", () => {
  it("walks 0 → 1 → 2 → 1 and refuses the rest", async () => {
    const id = await addMark("状态印记", { coverImage: null }, false);
    const pub = (publishStatus: number) => call("PUT", "/bbh/api/activity/redmark/updatePublish", admin, { id, publishStatus });
    expect((await pub(2)).body.message).toBe("未发布的印记无需下架");
    expect((await pub(0)).body.message).toBe("当前已是【未发布】，无需重复操作");
    expect((await pub(5)).body.message).toBe("状态值不合法");
    const refused = await pub(1);
    expect(refused).toMatchObject({ status: 400, body: { message: "请完善印记名称、类别、地址、经纬度和封面图后再发布" } });
    expect((await markByName("状态印记")).publishStatus).toBe(0);
    await call("PUT", "/bbh/api/activity/redmark/edit", admin, { id, markName: "状态印记", category: 2, address: "地址", longitude: 115.9, latitude: 28.7, coverImage: "/c.jpg", districtCode: "360103" });
    const ok = await pub(1);
    expect(ok.body).toMatchObject({ message: "发布成功", result: { publishStatus: 1, publishStatus_dictText: "已发布", warnings: ["缩略图生成失败，可稍后批量生成"] } }); // /c.jpg is no file in the upload directory
    expect((await markByName("状态印记")).publishBy).toBe("admin");
    expect((await pub(1)).body.message).toBe("当前已是【已发布】，无需重复操作");
    expect((await pub(0)).body.message).toBe("已发布过的印记不能退回未发布状态，请使用下架");
    expect((await pub(2)).body.message).toBe("下架成功");
    expect((await pub(0)).body.message).toBe("已发布过的印记不能退回未发布状态，请使用下架");
    expect((await pub(1)).body.message).toBe("发布成功");
  });

  it("refuses 下架 while a published activity with an unsettled window uses it, and delete while listed", async () => {
    const mark = await addMark("被用印记");
    const act = await addRedActivity("使用印记活动");
    await call("POST", "/bbh/api/activity/redActivity/addRedMarkList", admin, { activityId: act, redMarkIds: [mark] });
    await call("POST", "/bbh/api/activity/time/add", admin, { activityId: act, timeName: "一期", startTime: at(-1), endTime: at(5) });
    expect((await call("PUT", "/bbh/api/activity/main/updatePublish", admin, { id: act, publishStatus: 1 })).body.message).toBe("发布成功");
    expect((await call("PUT", "/bbh/api/activity/redmark/updatePublish", admin, { id: mark, publishStatus: 2 })).body.message).toBe("该印记正被已发布活动【使用印记活动】使用，请先从活动中移除或下架活动");
    expect((await call("DELETE", `/bbh/api/activity/redmark/delete?id=${mark}`, admin)).body.message).toBe("该印记已被活动【使用印记活动】引用，不能删除");
    expect((await markByName("被用印记")).delFlag).toBe(0);
    const detail = await call("GET", `/bbh/api/activity/redmark/getById?id=${mark}`, admin);
    expect(detail.body.result.refActivities).toMatchObject([{ id: act, activityName: "使用印记活动", sortNo: 1 }]);
    // Edits stay allowed; moving the mark warns, other edits do not.
    const edit = (extra: object) => call("PUT", "/bbh/api/activity/redmark/edit", admin, { id: mark, markName: "被用印记", category: 2, address: "演示地址", longitude: 115.8899, latitude: 28.6807, coverImage: "/c.jpg", districtCode: "360103", ...extra });
    expect((await edit({ summary: "新简介" })).body).toMatchObject({ message: "编辑成功!", result: null });
    expect((await edit({ longitude: 115.9, checkinRadius: 300 })).body).toMatchObject({ message: "编辑成功!", result: { warnings: ["修改坐标/半径将影响进行中的活动打卡判定"] } });
    expect((await markByName("被用印记")).checkinRadius).toBe(300);
  });
});

describe("red-activity mark list", () => {
  it("checks candidates, adds them (duplicates named), lists, sorts, renumbers, removes and assigns point makers", async () => {
    const a = await addMark("甲地", { longitude: 114.17, latitude: 26.57 });
    const b = await addMark("乙地", { longitude: 106.92, latitude: 27.69 });
    const c = await addMark("丙地", { longitude: 106.921, latitude: 27.6905 }); // ~110 m from 乙地: ranges overlap
    const hidden = await addMark("未发布地", {}, false);
    const act = await addRedActivity("路线活动");
    const check = await call("POST", "/bbh/api/activity/redActivity/checkRedMarkList", admin, { activityId: act, redMarkIds: [a, b, hidden, "nope", b] });
    expect(check.body.result).toMatchObject({ pass: false, okCount: 2 });
    expect(check.body.result.items.map((i: { code: string }) => i.code)).toEqual(["OK", "OK", "NOT_PUBLISHED", "NOT_FOUND", "DUPLICATE"]);
    expect(check.body.result.items[1].warnings).toContain("与上一印记相距超过300公里");
    expect(check.body.result.items[0].warnings).toContain("缺少缩略图");
    const add = await call("POST", "/bbh/api/activity/redActivity/addRedMarkList", admin, { activityId: act, redMarkIds: [a, b] });
    expect(add.body).toMatchObject({ message: "成功添加2个印记", result: { added: 2, skipped: [] } });
    // Check-in tasks were created, one per mark.
    const tasks = await db().select().from(bbhActivityTask).where(eq(bbhActivityTask.activityId, act));
    expect(tasks.map((x) => [x.taskName, x.taskType, x.autoCreated, x.score])).toEqual(expect.arrayContaining([["甲地·定位打卡", 1, 1, 10], ["乙地·定位打卡", 1, 1, 10]]));
    const again = await call("POST", "/bbh/api/activity/redActivity/addRedMarkList", admin, { activityId: act, redMarkIds: [a, b] });
    expect(again).toMatchObject({ status: 400, body: { message: "没有可添加的印记：印记【甲地、乙地】已在本活动印记列表中" } });
    const mixed = await call("POST", "/bbh/api/activity/redActivity/addRedMarkList", admin, { activityId: act, redMarkIds: [a, c], autoCreateCheckinTask: false });
    expect(mixed.body.message).toBe("成功添加1个印记，印记【甲地】已在本活动印记列表中，已跳过");
    const checkC = await call("POST", "/bbh/api/activity/redActivity/checkRedMarkList", admin, { activityId: act, redMarkIds: [c] });
    expect(checkC.body.result.items[0].code).toBe("DUPLICATE");
    let list = await sortAll(act);
    expect(list.map((x) => `${x.sortNo}${x.markName}`)).toEqual(["1甲地", "2乙地", "3丙地"]);
    expect(list[0]).toMatchObject({ taskCount: 1, publishStatus_dictText: "已发布", isStart: 0 });
    // changeSort
    const order = [list[2].id, list[0].id, list[1].id];
    expect((await call("PUT", "/bbh/api/activity/redActivity/changeSort", admin, { activityId: act, ids: order })).body.message).toBe("排序成功");
    expect((await sortAll(act)).map((x) => x.markName)).toEqual(["丙地", "甲地", "乙地"]);
    expect((await call("PUT", "/bbh/api/activity/redActivity/changeSort", admin, { activityId: act, ids: order.slice(1) })).body.message).toBe("印记列表已变化，请刷新后重试");
    // changeSortNumber: 乙地 (3) → 1, then 乙地 (1) → 2
    const yi = list[1].id;
    let res = await call("PUT", "/bbh/api/activity/redActivity/changeSortNumber", admin, { id: yi, sortNumber: 1 });
    expect(res.body.result.map((x: { sortNo: number }) => x.sortNo)).toEqual([1, 2, 3]);
    expect((await sortAll(act)).map((x) => x.markName)).toEqual(["乙地", "丙地", "甲地"]);
    await call("PUT", "/bbh/api/activity/redActivity/changeSortNumber", admin, { id: yi, sortNumber: 2 });
    expect((await sortAll(act)).map((x) => x.markName)).toEqual(["丙地", "乙地", "甲地"]);
    expect((await call("PUT", "/bbh/api/activity/redActivity/changeSortNumber", admin, { id: yi, sortNumber: 4 })).body.message).toBe("序号需在1到3之间");
    // point makers
    await db().insert(bbhWxUser).values([
      { id: "wx-maker", openid: "o-maker", nickname: "打点员", isPointMaker: 1 },
      { id: "wx-plain", openid: "o-plain", nickname: "普通用户" },
      { id: "wx-off", openid: "o-off", isPointMaker: 1, userStatus: 1 },
    ]);
    const up = (uploadId: string | null, ids = [yi]) => call("POST", "/bbh/api/activity/redActivity/updateRedMarkUploadId", admin, { activityId: act, ids, uploadId });
    expect((await up("wx-plain")).body.message).toBe("该微信用户不是打点员，请先设置为打点员");
    expect((await up("wx-off")).body.message).toBe("微信用户不存在或已禁用");
    expect((await up("wx-maker", ["not-in-list"])).body.message).toBe("印记不属于该活动");
    expect((await up("wx-maker")).body).toMatchObject({ message: "设置成功", result: { updated: 1 } });
    expect((await sortAll(act)).find((x) => x.id === yi)).toMatchObject({ uploadId: "wx-maker", uploadNickname: "打点员" });
    expect((await up(null)).body.result.updated).toBe(1);
    // edit: one start per activity
    await call("PUT", "/bbh/api/activity/redActivity/edit", admin, { id: yi, isStart: 1 });
    await call("PUT", "/bbh/api/activity/redActivity/edit", admin, { id: list[0].id, isStart: 1, customName: "起点甲" });
    list = await sortAll(act);
    expect(list.filter((x) => (x as unknown as { isStart: number }).isStart === 1).map((x) => x.markName)).toEqual(["甲地"]);
    // remove: renumbered, auto task gone
    res = await call("POST", "/bbh/api/activity/redActivity/deleteRedMarkList", admin, { activityId: act, ids: [yi] });
    expect(res.body).toMatchObject({ message: "移除成功", result: { removed: 1 } });
    expect(res.body.result.list.map((x: { sortNo: number; markName: string }) => `${x.sortNo}${x.markName}`)).toEqual(["1丙地", "2甲地"]);
    expect((await db().select().from(bbhActivityTask).where(and(eq(bbhActivityTask.activityId, act), eq(bbhActivityTask.delFlag, 0)))).map((x) => x.taskName)).toEqual(["甲地·定位打卡"]);
    expect((await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.id, act)))[0].totalScore).toBe(10);
  });

  it("refuses removing a mark with answers and the last mark of a published activity; custom activities have no list", async () => {
    const m = await addMark("答题地");
    const m2 = await addMark("空闲地", { longitude: 120.7638, latitude: 30.7505 });
    const act = await addRedActivity("移除限制");
    await call("POST", "/bbh/api/activity/redActivity/addRedMarkList", admin, { activityId: act, redMarkIds: [m, m2] });
    const [task] = await db().select().from(bbhActivityTask).where(and(eq(bbhActivityTask.activityId, act), eq(bbhActivityTask.redMarkId, m)));
    await db().insert(bbhUserTaskAnswer).values({ id: "ans-remove-1", userTaskId: "ut-x", userActivityId: "ua-x", wxUserId: "wx-x", activityId: act, timeId: "t-x", taskId: task.id, redMarkId: m, taskType: 1, auditStatus: 1 });
    const list = await sortAll(act);
    const rel = (id: string) => list.find((x) => x.redMarkId === id)!.id;
    expect((await call("POST", "/bbh/api/activity/redActivity/deleteRedMarkList", admin, { activityId: act, ids: [rel(m)] })).body.message).toBe("印记【答题地】已有玩家打卡/答题记录，不能移除");
    await call("POST", "/bbh/api/activity/time/add", admin, { activityId: act, timeName: "一期", startTime: at(1), endTime: at(5) });
    expect((await call("PUT", "/bbh/api/activity/main/updatePublish", admin, { id: act, publishStatus: 1 })).body.result.warnings).toEqual(["红色活动未设置终点"]);
    await db().delete(bbhUserTaskAnswer).where(eq(bbhUserTaskAnswer.id, "ans-remove-1"));
    expect((await call("POST", "/bbh/api/activity/redActivity/deleteRedMarkList", admin, { activityId: act, ids: [rel(m), rel(m2)] })).body.message).toBe("已发布的红色活动至少保留一个印记");
    expect(await rows(t, bbhRedActivityMark, eq(bbhRedActivityMark.activityId, act))).toBe(2);
    await call("POST", "/bbh/api/activity/main/add", admin, { activityName: "自定义无列表", activityType: 1 });
    const custom = (await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, "自定义无列表")))[0].id;
    expect((await call("POST", "/bbh/api/activity/redActivity/checkRedMarkList", admin, { activityId: custom, redMarkIds: [m] })).body.message).toBe("仅红色活动可维护印记列表");
    expect((await call("POST", "/bbh/api/activity/redActivity/checkRedMarkList", admin, { activityId: act, redMarkIds: [] })).body.message).toBe("请选择要添加的印记");
    expect((await call("POST", "/bbh/api/activity/redActivity/checkRedMarkList", admin, { activityId: act, redMarkIds: Array.from({ length: 201 }, (_, i) => `m${i}`) })).body.message).toBe("单次最多添加200个印记");
    expect((await call("GET", `/bbh/api/activity/redActivity/redMarkSortAll?activityId=${act}`, auditor)).status).toBe(403);
  });

  it("a red activity needs marks, published ones, and tasks on listed marks before it is published", async () => {
    const act = await addRedActivity("红色发布检查");
    await call("POST", "/bbh/api/activity/time/add", admin, { activityId: act, timeName: "一期", startTime: at(1), endTime: at(5) });
    const pub = () => call("PUT", "/bbh/api/activity/main/updatePublish", admin, { id: act, publishStatus: 1 });
    expect((await pub()).body.message).toBe("红色活动至少需要包含一个红色印记");
    const m = await addMark("将下架地", { longitude: 113.9357, latitude: 38.3517 });
    await call("POST", "/bbh/api/activity/redActivity/addRedMarkList", admin, { activityId: act, redMarkIds: [m] });
    await call("PUT", "/bbh/api/activity/redmark/updatePublish", admin, { id: m, publishStatus: 2 });
    expect((await pub()).body.message).toBe("印记【将下架地】未发布或已下架，请先发布该印记");
    await call("PUT", "/bbh/api/activity/redmark/updatePublish", admin, { id: m, publishStatus: 1 });
    const other = await addMark("列表外地", { longitude: 109.4975, latitude: 36.5955 });
    const task = await call("POST", "/bbh/api/activity/task/add", admin, { activityId: act, taskName: "列表外任务", taskType: 4, redMarkId: other });
    expect(task.body.message).toBe("任务【列表外任务】关联的印记不在本活动印记列表中");
    await db().insert(bbhActivityTask).values({ id: "task-outside", activityId: act, redMarkId: other, taskName: "列表外任务", taskType: 4, judgeMode: 2, sortNo: 9 });
    expect((await pub()).body.message).toBe("任务【列表外任务】关联的印记不在本活动印记列表中");
    await db().delete(bbhActivityTask).where(eq(bbhActivityTask.id, "task-outside"));
    expect((await pub()).body.message).toBe("发布成功");
  });
});

describe("map points", () => {
  it("returns the marks of an activity in list order, or all filtered by status and bounding box", async () => {
    const act = await addRedActivity("地图活动");
    const x = await addMark("地图一", { longitude: 121.4753, latitude: 31.2219 });
    const y = await addMark("地图二", { longitude: 120.7638, latitude: 30.7505 });
    await call("POST", "/bbh/api/activity/redActivity/addRedMarkList", admin, { activityId: act, redMarkIds: [y, x] });
    const pts = await call("GET", `/bbh/api/activity/redmark/mapPoints?activityId=${act}`, admin);
    expect(pts.body.result.map((p: { markName: string; sortNo: number }) => [p.sortNo, p.markName])).toEqual([[1, "地图二"], [2, "地图一"]]);
    const box = await call("GET", "/bbh/api/activity/redmark/mapPoints?publishStatus=1&minLng=121&maxLng=122&minLat=31&maxLat=32", admin);
    expect(box.body.result.map((p: { markName: string }) => p.markName)).toEqual(["地图一"]);
    expect((await call("GET", "/bbh/api/activity/redmark/mapPoints?publishStatus=x", admin)).status).toBe(400);
  });
});
