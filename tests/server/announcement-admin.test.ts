/**
 * Managing announcements (`/sys/annountCement/*`): add/edit/delete, release and revoke to everyone, chosen
 * users or departments, sanitisation of hostile HTML, readAll, and refusals for users without the codes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sysAnnouncement, sysDepart, sysUser } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;
let lisi: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  for (const name of ["zhangsan", "lisi", "wangfang"]) {
    await t.setPassword(name, "Annt@12345");
    const [row] = await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, name));
    ids[name] = row.id;
  }
  operator = await t.login("zhangsan", "Annt@12345");
  lisi = await t.login("lisi", "Annt@12345");
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, ...(payload ? { payload } : {}) });

async function add(body: Record<string, unknown>, token = admin) {
  const res = await call("POST", "/sys/annountCement/add", token, { msgType: "ALL", ...body });
  expect(res.json()).toMatchObject({ success: true, message: "添加成功！" });
  const list = await call("GET", `/sys/annountCement/list?titile=${encodeURIComponent(String(body.titile))}`, token);
  return list.json().result.records[0] as Record<string, string>;
}

const bell = async (token: string) => (await call("GET", "/sys/annountCement/listByUser", token)).json().result;
const bellTitles = async (token: string) => {
  const r = await bell(token);
  return [...r.anntMsgList, ...r.sysMsgList].map((a: { titile: string }) => a.titile);
};

describe("announcement administration", () => {
  it("stores hostile HTML only as the allow-list permits", async () => {
    const hostile = [
      '<p style="color:red;background:url(javascript:alert(1))">正文</p>',
      "<script>alert(1)</script>",
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">点我</a>',
      '<a href="data:text/html,<script>alert(1)</script>">数据</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload="alert(1)"><circle/></svg>',
      '<a href="https://example.com" onclick="alert(1)">好链接</a>',
    ].join("");
    const row = await add({ titile: "恶意内容", msgContent: hostile });
    const [stored] = await t.database.db.select({ c: sysAnnouncement.msgContent }).from(sysAnnouncement).where(eq(sysAnnouncement.id, row.id));
    for (const html of [stored.c!, row.msgContent]) {
      expect(html).not.toMatch(/script|onerror|onclick|onload|javascript:|data:text|iframe|svg|url\(/i);
      expect(html).toContain('<p style="color:red">正文</p>');
      expect(html).toContain('<a href="https://example.com">好链接</a>');
      expect(html).toContain('<img src="x" />');
    }
  });

  it("refuses an open page that is not a site path or an http(s) address, and impossible dates", async () => {
    const bad = await call("POST", "/sys/annountCement/add", admin, { titile: "坏链接", msgType: "ALL", openType: "url", openPage: "javascript:alert(1)" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("打开页面");
    const dates = await call("POST", "/sys/annountCement/add", admin, { titile: "坏时间", msgType: "ALL", startTime: "2026-02-31 00:00:00" });
    expect(dates.statusCode).toBe(400);
    const order = await call("POST", "/sys/annountCement/add", admin, { titile: "倒序", msgType: "ALL", startTime: "2026-03-02", endTime: "2026-03-01" });
    expect(order.json().message).toBe("结束时间不能早于开始时间");
    const nobody = await call("POST", "/sys/annountCement/add", admin, { titile: "无人", msgType: "USER", userIds: "" });
    expect(nobody.json().message).toBe("请选择接收通告的用户");
    const ghost = await call("POST", "/sys/annountCement/add", admin, { titile: "幽灵", msgType: "USER", userIds: "nosuchuser," });
    expect(ghost.json().message).toBe("所选用户不存在或已删除");
    const list = (await call("GET", "/sys/annountCement/list?pageSize=100", admin)).json().result.records.map((r: { titile: string }) => r.titile);
    expect(list).not.toEqual(expect.arrayContaining(["坏链接", "坏时间", "倒序", "无人", "幽灵"]));
  });

  it("releases to chosen users only, revokes, and re-releases unread", async () => {
    const row = await add({ titile: "给张三的通知", msgType: "USER", userIds: `${ids.zhangsan},`, priority: "H", msgCategory: "2" });
    expect(row).toMatchObject({ sendStatus: "0", msgType: "USER", userIds: `${ids.zhangsan},`, priority: "H" });
    expect(await bellTitles(operator)).not.toContain("给张三的通知");

    const released = await call("GET", `/sys/annountCement/doReleaseData?id=${row.id}`, admin);
    expect(released.json()).toMatchObject({ success: true, message: "该系统通知发布成功" });
    expect(await bellTitles(operator)).toContain("给张三的通知");
    expect(await bellTitles(lisi)).not.toContain("给张三的通知");
    const again = await call("GET", `/sys/annountCement/doReleaseData?id=${row.id}`, admin);
    expect(again.json()).toMatchObject({ success: false, message: "该系统通知已发布" });

    const edit = await call("PUT", "/sys/annountCement/edit", admin, { id: row.id, titile: "改", msgType: "ALL" });
    expect(edit.json().message).toBe("已发布的通告不能修改，请先撤销");

    await call("PUT", "/sys/sysAnnouncementSend/editByAnntIdAndUserId", operator, { anntId: row.id });
    expect(await bellTitles(operator)).not.toContain("给张三的通知");

    const revoked = await call("GET", `/sys/annountCement/doReovkeData?id=${row.id}`, admin);
    expect(revoked.json()).toMatchObject({ success: true, message: "该系统通知撤销成功" });
    const [r] = (await call("GET", `/sys/annountCement/list?titile=给张三的通知`, admin)).json().result.records;
    expect(r.sendStatus).toBe("2");
    expect(r.cancelTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await call("GET", `/sys/annountCement/doReovkeData?id=${row.id}`, admin)).json().message).toBe("只能撤销已发布的通知");
    expect((await call("GET", `/sys/annountCement/queryById?id=${row.id}`, operator)).json().success).toBe(false);

    // Edited after the revoke to another user, then released again: only that user has it, unread.
    const edited = await call("PUT", "/sys/annountCement/edit", admin, { id: row.id, titile: "给李四的通知", msgType: "USER", userIds: `${ids.lisi},` });
    expect(edited.json().message).toBe("修改成功!");
    await call("GET", `/sys/annountCement/doReleaseData?id=${row.id}`, admin);
    expect(await bellTitles(lisi)).toContain("给李四的通知");
    expect(await bellTitles(operator)).not.toContain("给李四的通知");
  });

  it("sends to a department's users (and its sub-departments') and to everyone", async () => {
    const [ops] = await t.database.db.select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.orgCode, "A01A01"));
    const row = await add({ titile: "运营部通知", msgType: "DEPART", departIds: ops.id });
    expect(row.msgType).toBe("USER");
    expect(row.userIds.split(",").filter(Boolean).sort()).toEqual([ids.zhangsan, ids.wangfang].sort());
    await call("GET", `/sys/annountCement/doReleaseData?id=${row.id}`, admin);
    expect(await bellTitles(operator)).toContain("运营部通知");
    expect(await bellTitles(lisi)).not.toContain("运营部通知");

    const all = await add({ titile: "全员通知", msgCategory: "1" });
    await call("GET", `/sys/annountCement/doReleaseData?id=${all.id}`, admin);
    expect(await bellTitles(lisi)).toContain("全员通知");
    expect(await bellTitles(operator)).toContain("全员通知");
  });

  it("marks all of the user's announcements read with readAll", async () => {
    expect((await bell(lisi)).anntMsgTotal + (await bell(lisi)).sysMsgTotal).toBeGreaterThan(0);
    const res = await call("PUT", "/sys/sysAnnouncementSend/readAll", lisi);
    expect(res.json()).toMatchObject({ success: true, message: "全部已读" });
    const after = await bell(lisi);
    expect(after.anntMsgTotal + after.sysMsgTotal).toBe(0);
    // Someone else's stay unread.
    expect(await bellTitles(operator)).toContain("全员通知");
  });

  it("deletes logically, and the deleted one leaves the bells", async () => {
    const row = await add({ titile: "将删除" });
    await call("GET", `/sys/annountCement/doReleaseData?id=${row.id}`, admin);
    expect(await bellTitles(operator)).toContain("将删除");
    expect((await call("DELETE", `/sys/annountCement/delete?id=${row.id}`, admin)).json().message).toBe("删除成功!");
    expect(await bellTitles(operator)).not.toContain("将删除");
    const [stored] = await t.database.db.select({ d: sysAnnouncement.delFlag }).from(sysAnnouncement).where(eq(sysAnnouncement.id, row.id));
    expect(stored.d).toBe("1");
    expect((await call("DELETE", `/sys/annountCement/delete?id=${row.id}`, admin)).json().message).toBe("未找到对应实体");
    const two = [await add({ titile: "批删一" }), await add({ titile: "批删二" })];
    expect((await call("DELETE", `/sys/annountCement/deleteBatch?ids=${two.map((r) => r.id).join(",")},`, admin)).json().success).toBe(true);
  });

  it("refuses every management call to a user without the codes, and changes nothing", async () => {
    const row = await add({ titile: "权限测试" });
    const attempts = [
      call("GET", "/sys/annountCement/list", operator),
      call("POST", "/sys/annountCement/add", operator, { titile: "越权", msgType: "ALL" }),
      call("PUT", "/sys/annountCement/edit", operator, { id: row.id, titile: "越权", msgType: "ALL" }),
      call("DELETE", `/sys/annountCement/delete?id=${row.id}`, operator),
      call("DELETE", `/sys/annountCement/deleteBatch?ids=${row.id}`, operator),
      call("GET", `/sys/annountCement/doReleaseData?id=${row.id}`, operator),
      call("GET", `/sys/annountCement/doReovkeData?id=${row.id}`, operator),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().success).toBe(false);
    }
    const [after] = (await call("GET", `/sys/annountCement/list?titile=权限测试`, admin)).json().result.records;
    expect(after).toMatchObject({ titile: "权限测试", sendStatus: "0", delFlag: "0" });
    // A draft is not readable by someone it never reached; its manager reads it.
    expect((await call("GET", `/sys/annountCement/queryById?id=${row.id}`, operator)).json().success).toBe(false);
    expect((await call("GET", `/sys/annountCement/queryById?id=${row.id}`, admin)).json().result.titile).toBe("权限测试");
    const anonymous = await t.app.inject({ method: "POST", url: `${API}/sys/annountCement/add`, payload: { titile: "匿名", msgType: "ALL" } });
    expect(anonymous.json().success).toBe(false);
  });
});
