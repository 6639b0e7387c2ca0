import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { sysAnnouncement, sysAnnouncementSend, sysUser } from "../../server/db/schema.js";
import { uuid32 } from "../../server/lib/ids.js";
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

const get = (url: string, token?: string) =>
  t.app.inject({ method: "GET", url: `${API}${url}`, headers: token ? { "x-access-token": token } : {} });
const put = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: "PUT", url: `${API}${url}`, payload: payload as object, headers: token ? { "x-access-token": token } : {} });

async function userId(username: string) {
  const [row] = await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
  return row.id;
}

async function insertAnnouncement(values: Partial<typeof sysAnnouncement.$inferInsert>) {
  const id = uuid32();
  await t.database.db.insert(sysAnnouncement).values({
    id,
    titile: "测试公告",
    msgContent: "<p>内容</p>",
    priority: "L",
    msgCategory: "1",
    msgType: "ALL",
    sendStatus: "1",
    sendTime: new Date(),
    delFlag: "0",
    endTime: new Date(Date.now() + 86_400_000),
    ...values,
  });
  return id;
}

describe("GET /sys/annountCement/listByUser", () => {
  it("back-fills the seeded ALL announcements and splits them into 通知 and 系统消息", async () => {
    const res = await get("/sys/annountCement/listByUser", admin);
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result.anntMsgTotal).toBe(3);
    expect(result.sysMsgTotal).toBe(2);
    expect(result.anntMsgList.map((a: { priority: string }) => a.priority).sort()).toEqual(["H", "L", "M"]);
    expect(result.anntMsgList[0]).toMatchObject({ titile: "红色印记平台上线通知", sender: "admin", msgCategory: "1", sendStatus: "1" });
    expect(result.anntMsgList[0].sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(result.sysMsgList.find((a: { openType: string }) => a.openType === "url")).toMatchObject({ openPage: "/isystem/user" });
    const rows = await t.database.db.select().from(sysAnnouncementSend).where(eq(sysAnnouncementSend.userId, await userId("admin")));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.readFlag === "0")).toBe(true);
  });

  it("back-fills once: a second call adds no rows", async () => {
    await get("/sys/annountCement/listByUser", admin);
    const rows = await t.database.db.select().from(sysAnnouncementSend).where(eq(sysAnnouncementSend.userId, await userId("admin")));
    expect(rows).toHaveLength(5);
  });

  it("limits each list to pageSize but counts all unread", async () => {
    const { result } = (await get("/sys/annountCement/listByUser?pageSize=1", admin)).json();
    expect(result.anntMsgList).toHaveLength(1);
    expect(result.anntMsgTotal).toBe(3);
  });

  it("leaves out unpublished, revoked, deleted and ended announcements", async () => {
    await insertAnnouncement({ titile: "草稿", sendStatus: "0" });
    await insertAnnouncement({ titile: "已撤销", sendStatus: "2" });
    await insertAnnouncement({ titile: "已删除", delFlag: "1" });
    await insertAnnouncement({ titile: "早已结束", endTime: new Date("2000-01-01T00:00:00Z") });
    const { result } = (await get("/sys/annountCement/listByUser?pageSize=50", operator)).json();
    const titles = [...result.anntMsgList, ...result.sysMsgList].map((a: { titile: string }) => a.titile);
    for (const hidden of ["草稿", "已撤销", "已删除", "早已结束"]) expect(titles).not.toContain(hidden);
  });

  it("sanitises the HTML it serves", async () => {
    const id = await insertAnnouncement({ titile: "带脚本", msgContent: '<p onclick="x()">你好<script>alert(1)</script><img src="javascript:alert(2)"></p>' });
    const { result } = (await get(`/sys/annountCement/queryById?id=${id}`, admin)).json();
    expect(result.msgContent).toBe("<p>你好<img /></p>");
  });

  it("refuses without a token and rejects a bad pageSize", async () => {
    expect((await get("/sys/annountCement/listByUser")).statusCode).toBe(500);
    const bad = await get("/sys/annountCement/listByUser?pageSize=abc", admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/pageSize/);
    expect((await get("/sys/annountCement/listByUser?pageSize=-5", admin)).statusCode).toBe(400);
  });

  it("clamps a page size above the bell's limit instead of refusing it", async () => {
    const res = await get("/sys/annountCement/listByUser?pageSize=99999", admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.anntMsgList.length).toBeLessThanOrEqual(100);
  });
});

describe("PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId", () => {
  it("marks the user's delivery read, so it leaves the bell, and only for that user", async () => {
    await get("/sys/annountCement/listByUser", admin);
    const before = (await get("/sys/annountCement/listByUser", operator)).json().result;
    const target = before.anntMsgList[0];
    const res = await put("/sys/sysAnnouncementSend/editByAnntIdAndUserId", { anntId: target.id }, operator);
    expect(res.json()).toMatchObject({ success: true });
    const after = (await get("/sys/annountCement/listByUser", operator)).json().result;
    expect(after.anntMsgTotal).toBe(before.anntMsgTotal - 1);
    const [row] = await t.database.db
      .select()
      .from(sysAnnouncementSend)
      .where(and(eq(sysAnnouncementSend.anntId, target.id), eq(sysAnnouncementSend.userId, await userId("zhangsan"))));
    expect(row.readFlag).toBe("1");
    expect(row.readTime).toBeInstanceOf(Date);
    const [adminRow] = await t.database.db
      .select()
      .from(sysAnnouncementSend)
      .where(and(eq(sysAnnouncementSend.anntId, target.id), eq(sysAnnouncementSend.userId, await userId("admin"))));
    expect(adminRow.readFlag).toBe("0");
  });

  it("rejects a missing anntId with 400 and an unknown one with a refusal", async () => {
    const missing = await put("/sys/sysAnnouncementSend/editByAnntIdAndUserId", {}, operator);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("请求体校验失败：缺少必填字段「通告编号」");
    const unknown = await put("/sys/sysAnnouncementSend/editByAnntIdAndUserId", { anntId: "nope" }, operator);
    expect(unknown.json()).toMatchObject({ success: false, message: "未找到对应的通知" });
  });
});

describe("GET /sys/annountCement/queryById", () => {
  it("returns a published announcement, and refuses one addressed to other users", async () => {
    const { result } = (await get("/sys/annountCement/listByUser", admin)).json();
    const one = (await get(`/sys/annountCement/queryById?id=${result.anntMsgList[0].id}`, admin)).json();
    expect(one).toMatchObject({ success: true, result: { id: result.anntMsgList[0].id, titile: result.anntMsgList[0].titile } });

    const privateId = await insertAnnouncement({ titile: "仅管理员", msgType: "USER", userIds: `${await userId("admin")},` });
    await t.database.db.insert(sysAnnouncementSend).values({ id: uuid32(), anntId: privateId, userId: await userId("admin") });
    expect((await get(`/sys/annountCement/queryById?id=${privateId}`, admin)).json().success).toBe(true);
    expect((await get(`/sys/annountCement/queryById?id=${privateId}`, operator)).json()).toMatchObject({ success: false, message: "未找到对应实体" });
  });

  it("requires an id", async () => {
    const res = await get("/sys/annountCement/queryById", admin);
    expect(res.statusCode).toBe(400);
  });
});

describe("GET /sys/sysAnnouncementSend/getMyAnnouncementSend", () => {
  it("pages the user's own announcements, unread first, newest first", async () => {
    const res = await get("/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=3", operator);
    const { result } = res.json();
    expect(result).toMatchObject({ size: 3, current: 1 });
    expect(result.total).toBeGreaterThanOrEqual(5);
    expect(result.records).toHaveLength(3);
    expect(result.records[0]).toMatchObject({ readFlag: "0", userId: await userId("zhangsan") });
    expect(result.records[0].id).toMatch(/^[0-9a-f]{32}$/);
    const all = (await get("/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=50", operator)).json().result.records;
    const flags = all.map((r: { readFlag: string }) => r.readFlag);
    expect(flags).toEqual([...flags].sort());
    expect(flags).toContain("1");
  });

  it("filters by read flag, category and fuzzy title", async () => {
    const read = (await get("/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=1", operator)).json().result;
    expect(read.records.every((r: { readFlag: string }) => r.readFlag === "1")).toBe(true);
    expect(read.total).toBe(1);
    const sys = (await get("/sys/sysAnnouncementSend/getMyAnnouncementSend?msgCategory=2", operator)).json().result;
    expect(sys.records.every((r: { msgCategory: string }) => r.msgCategory === "2")).toBe(true);
    const titled = (await get(`/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=${encodeURIComponent("*维护*")}`, operator)).json().result;
    expect(titled.records.map((r: { titile: string }) => r.titile)).toEqual(["系统维护通知"]);
  });

  it("rejects a bad read flag, sort column and page size", async () => {
    expect((await get("/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=x", operator)).statusCode).toBe(400);
    expect((await get("/sys/sysAnnouncementSend/getMyAnnouncementSend?column=msgContent", operator)).statusCode).toBe(400);
    expect((await get("/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=0", operator)).statusCode).toBe(400);
  });
});
