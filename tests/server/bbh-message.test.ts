/**
 * bbh messages and templates (domain.md §4.24–4.25, §7.6): template CRUD and its 400s, the preview with the
 * WeChat value limits, queueing inside a transaction, the logging sender, the WeChat subscribe-message sender
 * against a local fake of the WeChat API (a real HTTP server on a free port), exactly-once claiming by two
 * queues at once, the retry cap, manual send and retry, the review and settlement hooks, and permissions.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { bbhActivityMain, bbhActivityTask, bbhActivityTime, bbhMessage, bbhMessageTemplate, bbhUserActivity, bbhUserTask, bbhUserTaskAnswer, bbhWxUser } from "../../server/db/schema.js";
import type { Db } from "../../server/db/client.js";
import { BbhMessageQueue, loggingBbhSender, queueBbhMessage, wechatSubscribeSender, type BbhMessageSender } from "../../server/modules/bbh/message.repo.js";
import { bbhMessageQueueOf } from "../../server/modules/bbh/message.js";
import { bbhTick } from "../../server/modules/bbh/scheduler.js";
import { settleWindow } from "../../server/modules/bbh/time.repo.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { at, caller, rows } from "./bbh-helpers.js";

const SECRET = "fake-secret-0123456789";

/** A fake of api.weixin.qq.com: tokens, and subscribe sends that succeed, refuse (43101) or find the token stale (40001). */
function fakeWechat() {
  const state = { tokens: 0, current: "", staleOnce: false, sends: [] as Array<Record<string, unknown>>, badSecret: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const reply = (body: object) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/cgi-bin/token") {
      if (url.searchParams.get("secret") !== SECRET || url.searchParams.get("grant_type") !== "client_credential") {
        state.badSecret++;
        return reply({ errcode: 40125, errmsg: "invalid appsecret" });
      }
      state.tokens++;
      state.current = `tok-${state.tokens}`;
      return reply({ access_token: state.current, expires_in: 7200 });
    }
    if (url.pathname === "/cgi-bin/message/subscribe/send" && req.method === "POST") {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        const token = url.searchParams.get("access_token");
        if (state.staleOnce || token !== state.current) {
          state.staleOnce = false;
          return reply({ errcode: 40001, errmsg: "invalid credential, access_token is invalid or not latest" });
        }
        const body = JSON.parse(raw) as Record<string, unknown>;
        state.sends.push(body);
        if (body.touser === "openid-refuses") return reply({ errcode: 43101, errmsg: "user refuse to accept the msg" });
        if (body.touser === "openid-busy") return reply({ errcode: -1, errmsg: "system error" });
        return reply({ errcode: 0, errmsg: "ok" });
      });
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  return { state, server };
}

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;
const wx = fakeWechat();
let wxBase = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => wx.server.listen(0, "127.0.0.1", resolve));
  wxBase = `http://127.0.0.1:${(wx.server.address() as AddressInfo).port}`;
  t = await createTestApp({ MESSAGE_SEND_INTERVAL_SECONDS: "0", WX_APPID: "wx-test-app", WX_SECRET: SECRET, WX_API_BASE: wxBase });
  admin = await t.login();
  call = caller(t);
  await t.database.db.insert(bbhWxUser).values([
    { id: "wx-ok", openid: "openid-ok", nickname: "小明", sysOrgCode: "A01" },
    { id: "wx-refuses", openid: "openid-refuses", nickname: "小红", sysOrgCode: "A01" },
    { id: "wx-busy", openid: "openid-busy", nickname: "小刚", sysOrgCode: "A01" },
  ]);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => wx.server.close(resolve));
});

const db = () => t.database.db;
const queue = () => bbhMessageQueueOf(t.ctx)!;
const TPL = "/bbh/api/messageTemplate";
const wechatTemplate = (over: object = {}) => ({
  templateCode: "TEST_WX",
  templateName: "测试订阅消息",
  channel: 1,
  scene: "answer_audit",
  wxTemplateId: "tmpl-abc_123",
  pagePath: "pages/task/answer?id=${answerId}",
  miniprogramState: "trial",
  fieldMapping: JSON.stringify({ thing1: "${activityName}", phrase2: "${auditResult}", time3: "${auditTime}", thing4: "${auditRemark}" }),
  ...over,
});
const message = async (id: string) => (await db().select().from(bbhMessage).where(eq(bbhMessage.id, id)))[0];
/** A send or retry kicks the app's queue in the background: run it too and wait until `check` holds. */
async function settled(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    await queue().runOnce();
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the queue did not finish in time");
}

describe("message templates", () => {
  it("creates, lists, edits and deletes, and refuses bad templates with a 400 that changes nothing", async () => {
    const before = await rows(t, bbhMessageTemplate);
    const refusals: Array<[object, string]> = [
      [{ wxTemplateId: "" }, "小程序订阅消息请填写微信模板ID"],
      [{ fieldMapping: "" }, "订阅消息的字段映射不能为空"],
      [{ fieldMapping: "{thing1:" }, "字段映射不是有效的JSON"],
      [{ fieldMapping: "[1]" }, "字段映射必须是JSON对象"],
      [{ fieldMapping: JSON.stringify({ keyword1: "${a}" }) }, "字段映射的微信字段「keyword1」不正确"],
      [{ fieldMapping: JSON.stringify({ thing1: "" }) }, "字段映射的「thing1」应为非空文本表达式"],
      [{ fieldMapping: JSON.stringify({ thing1: "${activity" }) }, "字段映射「thing1」中的变量写法不正确"],
      [{ pagePath: "/pages/x" }, "跳转页不能以 / 开头"],
      [{ channel: 2, content: "" , title: "标题" }, "站内消息请填写内容"],
      [{ channel: 2, content: "您好", title: "" }, "站内消息请填写标题"],
      [{ channel: 3, content: "" }, "短信请填写内容"],
    ];
    for (const [over, msg] of refusals) {
      const res = await call("POST", `${TPL}/add`, admin, wechatTemplate(over));
      expect(res.status, msg).toBe(400);
      expect(res.body.message).toContain(msg);
    }
    // Schema refusals name the field in Chinese.
    const badChannel = await call("POST", `${TPL}/add`, admin, wechatTemplate({ channel: 9 }));
    expect(badChannel.status).toBe(400);
    expect(badChannel.body.message).toContain("消息渠道");
    const badCode = await call("POST", `${TPL}/add`, admin, wechatTemplate({ templateCode: "1 bad" }));
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toContain("模板编码");
    const badState = await call("POST", `${TPL}/add`, admin, wechatTemplate({ miniprogramState: "beta" }));
    expect(badState.body.message).toContain("跳转版本");
    expect(await rows(t, bbhMessageTemplate)).toBe(before);

    expect((await call("POST", `${TPL}/add`, admin, wechatTemplate())).body.message).toBe("添加成功！");
    const dup = await call("POST", `${TPL}/add`, admin, wechatTemplate({ templateName: "另一个" }));
    expect([dup.status, dup.body.message]).toEqual([400, "模板编码【TEST_WX】已存在"]);

    const list = await call("GET", `${TPL}/list?templateCode=TEST_WX`, admin);
    const [row] = list.body.result.records;
    expect(row).toMatchObject({ templateCode: "TEST_WX", channel: 1, channel_dictText: "小程序订阅消息", scene_dictText: "答案审核结果", templateStatus: 1, miniprogramState: "trial" });
    expect(JSON.parse(row.fieldMapping)).toEqual({ thing1: "${activityName}", phrase2: "${auditResult}", time3: "${auditTime}", thing4: "${auditRemark}" });

    // An in-app template drops the WeChat fields.
    const edit = await call("PUT", `${TPL}/edit`, admin, { ...wechatTemplate({ channel: 2, title: "审核结果：${auditResult}", content: "您的【${taskName}】${auditResult}" }), id: row.id });
    expect(edit.body.message).toBe("编辑成功!");
    const [saved] = await db().select().from(bbhMessageTemplate).where(eq(bbhMessageTemplate.id, row.id));
    expect(saved).toMatchObject({ channel: 2, wxTemplateId: null, fieldMapping: null, title: "审核结果：${auditResult}" });

    expect((await call("DELETE", `${TPL}/delete?id=${row.id}`, admin)).body.message).toBe("删除成功!");
    expect((await call("GET", `${TPL}/list?templateCode=TEST_WX`, admin)).body.result.total).toBe(0);
    // Soft-deleted: the code is free again.
    expect((await call("POST", `${TPL}/add`, admin, wechatTemplate())).body.message).toBe("添加成功！");
  });

  it("previews with the scene's samples or given values, cutting values to WeChat's limits", async () => {
    const res = await call("POST", `${TPL}/preview`, admin, {
      ...wechatTemplate({
        fieldMapping: JSON.stringify({
          thing1: "活动：${activityName}",
          phrase2: "${auditResult}",
          name3: "${who}",
          character_string4: "${rankText}",
          time5: "${auditTime}",
          thing6: "${missing}无",
        }),
      }),
      vars: { activityName: "一二三四五六七八九十一二三四五六七八九十一二三", auditResult: "审核已经通过了", who: "欧阳一二三四五六七八九", rankText: "第12名/NO.12".repeat(4), auditTime: "2026-07-01 09:05:00" },
    });
    expect(res.status).toBe(200);
    const fields = Object.fromEntries(res.body.result.fields.map((f: { key: string; value: string; trimmed: boolean }) => [f.key, f]));
    expect(fields.thing1.value).toBe("活动：一二三四五六七八九十一二三四五六七");
    expect(Array.from(fields.thing1.value as string)).toHaveLength(20);
    expect(fields.thing1.trimmed).toBe(true);
    expect(fields.phrase2.value).toBe("审核已经通");
    expect(fields.name3.value).toBe("欧阳一二三四五六七八");
    expect(fields.character_string4.value).toBe("12/NO.1212/NO.1212/NO.1212/NO.12");
    expect(fields.character_string4.value.length).toBeLessThanOrEqual(32);
    expect(fields.time5.value).toBe("2026年7月1日 09:05");
    expect(fields.time5.trimmed).toBe(false);
    expect(fields.thing6.value).toBe("无");
    expect(res.body.result.pagePath).toBe("pages/task/answer?id=1800000000000000001");
    expect(res.body.result.request).toMatchObject({ template_id: "tmpl-abc_123", miniprogram_state: "trial", page: "pages/task/answer?id=1800000000000000001" });
    expect(res.body.result.variables.map((v: { name: string }) => v.name)).toContain("auditRemark");

    // The in-app channel renders title and content with the scene's samples.
    const inApp = await call("POST", `${TPL}/preview`, admin, { templateCode: "X", templateName: "报名", channel: 2, scene: "apply_audit", title: "报名审核结果", content: "您报名的【${activityName}】${auditResult}。" });
    expect(inApp.body.result).toMatchObject({ title: "报名审核结果", content: "您报名的【党史知识闯关】已通过。", fields: [] });
    // A preview of a template that could not be saved says why.
    expect((await call("POST", `${TPL}/preview`, admin, wechatTemplate({ wxTemplateId: null }))).body.message).toBe("小程序订阅消息请填写微信模板ID");
  });
});

describe("queue and senders", () => {
  it("queues inside the caller's transaction: a rollback queues nothing; the logging sender marks it sent", async () => {
    await call("POST", `${TPL}/add`, admin, { templateCode: "TEST_SMS", templateName: "短信", channel: 3, scene: "system", content: "${content}" });
    const before = await rows(t, bbhMessage);
    await expect(
      db().transaction(async (tx) => {
        expect(await queueBbhMessage(tx as unknown as Db, { templateCode: "TEST_SMS", wxUserId: "wx-ok", vars: { content: "不会发出" } })).toBeTruthy();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await rows(t, bbhMessage)).toBe(before);
    expect(await queueBbhMessage(db(), { templateCode: "NO_SUCH", wxUserId: "wx-ok", vars: {} })).toBeNull();

    const id = (await queueBbhMessage(db(), { templateCode: "TEST_SMS", wxUserId: "wx-ok", vars: { content: "您好，${x}" }, bizType: "other", bizId: "b1" }))!;
    expect(await message(id)).toMatchObject({ sendStatus: 0, content: "您好，${x}", receiverOpenid: "openid-ok", channel: 3, templateCode: "TEST_SMS", sysOrgCode: "A01" });
    const logged: string[] = [];
    const logging = new BbhMessageQueue(db(), [loggingBbhSender(3, "短信", (o, m) => logged.push(`${m} ${JSON.stringify(o)}`))], { leaseMs: 60_000, retryDelayMs: 0, batch: 5 });
    expect(await logging.runOnce()).toBe(1);
    expect(await message(id)).toMatchObject({ sendStatus: 1, failCode: null, retryCount: 0 });
    expect((await message(id)).sendTime).toBeTruthy();
    expect(logged.join()).toContain(id);
    expect(await logging.runOnce()).toBe(0);
  });

  it("sends WeChat subscribe messages to the fake API: success, 43101 refusal, and one token refresh on 40001", async () => {
    await call("POST", `${TPL}/add`, admin, wechatTemplate({ templateCode: "TEST_WX2" }));
    const vars = { activityName: "重走红色路", auditResult: "审核通过", auditTime: new Date("2026-07-01T01:30:00Z"), auditRemark: "很好", answerId: "ans-9" };
    const okId = (await queueBbhMessage(db(), { templateCode: "TEST_WX2", wxUserId: "wx-ok", vars }))!;
    const refusedId = (await queueBbhMessage(db(), { templateCode: "TEST_WX2", wxUserId: "wx-refuses", vars }))!;
    expect(await queue().runOnce()).toBe(2);
    expect(wx.state.tokens).toBe(1);
    expect(wx.state.sends[0]).toEqual({
      touser: "openid-ok",
      template_id: "tmpl-abc_123",
      page: "pages/task/answer?id=ans-9",
      miniprogram_state: "trial",
      lang: "zh_CN",
      data: { thing1: { value: "重走红色路" }, phrase2: { value: "审核通过" }, time3: { value: "2026年7月1日 09:30" }, thing4: { value: "很好" } },
    });
    expect(await message(okId)).toMatchObject({ sendStatus: 1, failCode: null });
    expect(await message(refusedId)).toMatchObject({ sendStatus: 2, failCode: "43101", failReason: "用户拒绝接受消息", retryCount: 0 });
    // A refusal is not retried by the queue itself.
    expect(await queue().runOnce()).toBe(0);

    // The cached token went stale: one refresh, then sent.
    wx.state.staleOnce = true;
    const staleId = (await queueBbhMessage(db(), { templateCode: "TEST_WX2", wxUserId: "wx-ok", vars }))!;
    expect(await queue().runOnce()).toBe(1);
    expect(wx.state.tokens).toBe(2);
    expect(await message(staleId)).toMatchObject({ sendStatus: 1 });
    // …and the fresh token is cached for the next one.
    await queueBbhMessage(db(), { templateCode: "TEST_WX2", wxUserId: "wx-ok", vars });
    await queue().runOnce();
    expect(wx.state.tokens).toBe(2);

    // The record list shows the state, the reason and the receiver's name.
    const list = await call("GET", "/bbh/api/message/list?sendStatus=2&templateCode=TEST_WX2", admin);
    expect(list.body.result.records).toEqual([expect.objectContaining({ id: refusedId, sendStatus_dictText: "发送失败", failCode: "43101", failReason: "用户拒绝接受消息", receiverName: "小红", channel_dictText: "小程序订阅消息" })]);
  });

  it("never logs or stores the secret or the access_token, and reports a wrong secret or an unreachable API", async () => {
    const lines: string[] = [];
    const log = (o: object, m: string) => lines.push(`${m} ${JSON.stringify(o)}`);
    const msg = { id: "m1", channel: 1, receiverWxUserId: "wx-ok", receiverOpenid: "openid-ok", templateCode: "X", title: "t", content: JSON.stringify({ template_id: "tmpl", data: {} }) };
    const good = wechatSubscribeSender({ appId: "wx-test-app", secret: SECRET, apiBase: wxBase, timeoutMs: 3000 }, log);
    expect(await good.send(msg)).toEqual({ ok: true });
    const wrong = wechatSubscribeSender({ appId: "wx-test-app", secret: "wrong-secret", apiBase: wxBase, timeoutMs: 3000 }, log);
    expect(await wrong.send(msg)).toEqual({ ok: false, failCode: "40125", failReason: "获取access_token失败：AppSecret无效" });
    const down = wechatSubscribeSender({ appId: "wx-test-app", secret: SECRET, apiBase: "http://127.0.0.1:1", timeoutMs: 3000 }, log);
    const unreachable = await down.send(msg);
    expect(unreachable).toMatchObject({ ok: false, failCode: "NETWORK" });
    expect(unreachable.failReason).toContain("微信接口请求失败");
    expect(await good.send({ ...msg, receiverOpenid: null })).toEqual({ ok: false, failCode: "NO_OPENID", failReason: "接收人没有openid" });
    const everything = lines.join("\n") + JSON.stringify(unreachable);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain("tok-");
    expect(lines.some((l) => l.includes("access_token已更新"))).toBe(true);
    const stored = await db().execute(sql`select count(*)::int as n from bbh_message where fail_reason like ${`%${SECRET}%`} or fail_reason like '%tok-%'`);
    expect(Number((stored as unknown as { rows: Array<{ n: number }> }).rows[0].n)).toBe(0);
  });

  it("claims each due message exactly once when two queues send at the same time", async () => {
    await db().execute(sql`update bbh_message set send_status = 1 where send_status <> 1`);
    const ids = Array.from({ length: 60 }, (_, i) => `race-${String(i).padStart(2, "0")}`);
    await db().insert(bbhMessage).values(ids.map((id, i) => ({ id, channel: 3, content: "x", receiverWxUserId: "wx-ok", sendStatus: 0, createTime: new Date(Date.now() - 60_000 + i) })));
    const sent: string[] = [];
    const slow = (who: string): BbhMessageSender => ({
      channel: 3,
      async send(m) {
        sent.push(`${m.id}@${who}`);
        await new Promise((r) => setTimeout(r, 5));
        return { ok: true };
      },
    });
    const timings = { leaseMs: 60_000, retryDelayMs: 0, batch: 7 };
    const a = new BbhMessageQueue(db(), [slow("a")], timings);
    const b = new BbhMessageQueue(db(), [slow("b")], timings);
    const [na, nb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(na + nb).toBe(60);
    expect(sent.map((s) => s.split("@")[0]).sort()).toEqual(ids);
    if (process.env.TEST_DATABASE_URL) {
      // On PostgreSQL (a pool) both queues really ran side by side.
      expect(new Set(sent.map((s) => s.split("@")[1])).size).toBe(2);
    }
    const left = await db().select({ n: sql<number>`count(*)::int` }).from(bbhMessage).where(and(sql`${bbhMessage.id} like 'race-%'`, sql`${bbhMessage.sendStatus} <> 1`));
    expect(Number(left[0].n)).toBe(0);
  });

  it("retries a passing failure at most 3 times, and a manual retry only failed messages under the cap", async () => {
    const failing: BbhMessageSender = { channel: 3, send: async () => ({ ok: false, failCode: "NETWORK", failReason: "微信接口请求超时" }) };
    const q = new BbhMessageQueue(db(), [failing], { leaseMs: 60_000, retryDelayMs: 0, batch: 10 });
    const id = (await queueBbhMessage(db(), { templateCode: "TEST_SMS", wxUserId: "wx-busy", vars: {} }))!;
    const attempts: number[] = [];
    for (let i = 0; i < 6; i++) {
      attempts.push(await q.runOnce());
      await new Promise((r) => setTimeout(r, 3)); // the next run starts after this one's attempt
    }
    expect(attempts).toEqual([1, 1, 1, 1, 0, 0]);
    expect(await message(id)).toMatchObject({ sendStatus: 2, retryCount: 3, failCode: "NETWORK", failReason: "微信接口请求超时" });
    const capped = await call("POST", "/bbh/api/message/retry", admin, { ids: [id] });
    expect([capped.status, capped.body.message]).toEqual([400, "已重试3次的消息不能再重发"]);

    // A waiting failure (retryDelay) is not taken early.
    const patient = new BbhMessageQueue(db(), [failing], { leaseMs: 60_000, retryDelayMs: 60_000, batch: 10 });
    const id2 = (await queueBbhMessage(db(), { templateCode: "TEST_SMS", wxUserId: "wx-busy", vars: {} }))!;
    expect(await patient.runOnce()).toBe(1);
    expect(await patient.runOnce()).toBe(0);
    expect(await message(id2)).toMatchObject({ sendStatus: 2, retryCount: 0 });

    // Manual retry: refused for a sent message (changing nothing), accepted for a failed one, which the queue then sends.
    const sentRow = (await db().select().from(bbhMessage).where(eq(bbhMessage.sendStatus, 1)).limit(1))[0];
    const refused = await call("POST", "/bbh/api/message/retry", admin, { ids: [id2, sentRow.id] });
    expect([refused.status, refused.body.message]).toEqual([400, "只能重发发送失败的消息"]);
    expect(await message(id2)).toMatchObject({ sendStatus: 2, retryCount: 0 });
    expect((await call("POST", "/bbh/api/message/retry", admin, { ids: ["nope"] })).body.message).toBe("消息不存在或已删除");
    const retried = await call("POST", "/bbh/api/message/retry", admin, { ids: [id2] });
    expect(retried.body.message).toBe("已重新加入发送队列");
    await settled(async () => (await message(id2)).sendStatus === 1);
    expect(await message(id2)).toMatchObject({ sendStatus: 1, retryCount: 1, failCode: null, failReason: null });
  });

  it("sends by hand to chosen users or an activity's players, refusing bad requests", async () => {
    const res = await call("POST", "/bbh/api/message/send", admin, { templateCode: "TEST_SMS", wxUserIds: ["wx-ok", "wx-refuses"], params: { content: "通知" } });
    expect(res.body).toMatchObject({ success: true, result: { count: 2 } });
    const byAdmin = () => db().select().from(bbhMessage).where(and(eq(bbhMessage.templateCode, "TEST_SMS"), eq(bbhMessage.sender, "admin")));
    await settled(async () => (await byAdmin()).every((m) => m.sendStatus === 1));
    const mine = await byAdmin();
    expect(mine.map((m) => [m.receiverWxUserId, m.content, m.sendStatus]).sort()).toEqual([["wx-ok", "通知", 1], ["wx-refuses", "通知", 1]]);
    const before = await rows(t, bbhMessage);
    const bad: Array<[object, string]> = [
      [{ templateCode: "NOPE", wxUserIds: ["wx-ok"] }, "消息模板【NOPE】不存在或已停用"],
      [{ templateCode: "TEST_SMS" }, "请选择接收人，或选择活动发给其全部玩家"],
      [{ templateCode: "TEST_SMS", wxUserIds: ["wx-ok", "ghost"] }, "微信用户不存在：ghost"],
      [{ templateCode: "TEST_SMS", activityId: "ghost" }, "活动不存在或已删除"],
      [{ templateCode: "TEST_SMS", timeId: "x" }, "选择时间段时请同时选择活动"],
    ];
    for (const [body, msg] of bad) {
      const r = await call("POST", "/bbh/api/message/send", admin, body);
      expect([r.status, r.body.message]).toEqual([400, msg]);
    }
    expect(await rows(t, bbhMessage)).toBe(before);
  });
});

describe("hooks: answer review and settlement", () => {
  let f: { activityId: string; timeId: string; taskId: string };
  beforeAll(async () => {
    await call("POST", "/bbh/api/activity/main/add", admin, { activityName: "消息活动", activityType: 1, coverImage: "/c.jpg", startTime: at(-10), endTime: at(30) });
    const [a] = await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, "消息活动"));
    await call("POST", "/bbh/api/activity/task/add", admin, { activityId: a.id, taskName: "观后感", taskType: 5, score: 20 });
    await call("POST", "/bbh/api/activity/time/add", admin, { activityId: a.id, timeName: "一期", startTime: at(-1), endTime: at(5) });
    await call("PUT", "/bbh/api/activity/main/updatePublish", admin, { id: a.id, publishStatus: 1 });
    const [k] = await db().select().from(bbhActivityTask).where(eq(bbhActivityTask.activityId, a.id));
    const [w] = await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, a.id));
    f = { activityId: a.id, timeId: w.id, taskId: k.id };
    for (const [key, wxUserId] of [["p1", "wx-ok"], ["p2", "wx-refuses"]]) {
      const base = { wxUserId, activityId: f.activityId, timeId: f.timeId, roundNo: 1 };
      await db().insert(bbhUserActivity).values({ id: `ua-${key}`, ...base, uaStatus: 1, totalScore: 0, startTime: new Date(Date.now() - 3600_000) });
      await db().insert(bbhUserTask).values({ id: `ut-${key}`, userActivityId: `ua-${key}`, ...base, taskId: f.taskId, utStatus: 2, submitCount: 1 });
      await db().insert(bbhUserTaskAnswer).values({ id: `ans-${key}`, userTaskId: `ut-${key}`, userActivityId: `ua-${key}`, ...base, taskId: f.taskId, taskType: 5, attemptNo: 1, auditStatus: 0, sysOrgCode: "A01A01" });
    }
  });

  it("a review queues ANSWER_AUDIT_RESULT to the player only once the seeded template is switched on; a refused review queues nothing", async () => {
    const audit = (id: string, auditStatus: number, extra: object = {}) => call("POST", "/bbh/api/userTaskAnswer/updateUserTaskAnswer", admin, { id, auditStatus, ...extra });
    const forAnswer = (id: string) => db().select().from(bbhMessage).where(and(eq(bbhMessage.bizType, "answer"), eq(bbhMessage.bizId, id)));
    // Seeded 停用 without the demo data: the review goes through, nothing is queued.
    const [seeded] = await db().select().from(bbhMessageTemplate).where(eq(bbhMessageTemplate.templateCode, "ANSWER_AUDIT_RESULT"));
    expect(seeded).toMatchObject({ id: "demo-tpl-01", templateStatus: 0, channel: 1 });
    expect((await audit("ans-p1", 1, { score: 15 })).body.message).toBe("审核成功");
    expect(await forAnswer("ans-p1")).toHaveLength(0);

    await db().update(bbhMessageTemplate).set({ templateStatus: 1 }).where(eq(bbhMessageTemplate.id, "demo-tpl-01"));
    expect((await audit("ans-p2", 2)).body.message).toBe("驳回时请填写驳回原因");
    expect(await forAnswer("ans-p2")).toHaveLength(0);

    expect((await audit("ans-p2", 2, { auditRemark: "内容与任务无关，请围绕红船精神重新作答" })).body.message).toBe("审核成功");
    const [m] = await forAnswer("ans-p2");
    const listed = await call("GET", `/bbh/api/message/list?templateCode=ANSWER_AUDIT_RESULT`, admin);
    expect(listed.body.result.records.map((r: Record<string, unknown>) => [r.bizType_dictText, r.bizName])).toEqual([["任务答案", "观后感"]]);
    expect(m).toMatchObject({ templateCode: "ANSWER_AUDIT_RESULT", channel: 1, scene: "answer_audit", receiverWxUserId: "wx-refuses", receiverOpenid: "openid-refuses", sendStatus: 0, sender: "admin", sysOrgCode: "A01A01" });
    const request = JSON.parse(m.content!);
    expect(request).toMatchObject({ template_id: "demo-wx-template-answer-audit", page: "pages/task/answer?id=ans-p2", miniprogram_state: "formal" });
    expect(request.data.thing1.value).toBe("消息活动");
    expect(request.data.thing2.value).toBe("观后感");
    expect(request.data.phrase3.value).toBe("审核驳回");
    expect(request.data.time4.value).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);
    expect(request.data.thing5.value).toBe("内容与任务无关，请围绕红船精神重新作答".slice(0, 20));
    // The queue sends it to the fake: the player refused subscriptions.
    await queue().runOnce();
    expect((await forAnswer("ans-p2"))[0]).toMatchObject({ sendStatus: 2, failCode: "43101" });
  });

  it("a settlement queues TIME_SETTLE_RESULT to every player of the window once it has committed", async () => {
    await db().update(bbhMessageTemplate).set({ templateStatus: 1 }).where(eq(bbhMessageTemplate.id, "demo-tpl-02"));
    const settled = await call("POST", "/bbh/api/activity/time/settleActivityTime", admin, { id: f.timeId, force: true, ignorePending: true });
    expect(settled.body.success).toBe(true);
    const settleMessages = () => db().select().from(bbhMessage).where(and(eq(bbhMessage.templateCode, "TIME_SETTLE_RESULT"), eq(bbhMessage.bizId, f.activityId)));
    // Queued in the background right after the commit (domain.md §5.3 step 7), then the window is marked.
    await vi.waitFor(async () => expect(await settleMessages()).toHaveLength(2), { timeout: 5000 });
    await vi.waitFor(async () => expect((await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.id, f.timeId)))[0].settleMsgTime).not.toBeNull());
    const msgs = await settleMessages();
    expect(msgs.map((m) => m.receiverWxUserId).sort()).toEqual(["wx-ok", "wx-refuses"]);
    const byUser = Object.fromEntries(msgs.map((m) => [m.receiverWxUserId, JSON.parse(m.content!)]));
    expect(byUser["wx-ok"]).toMatchObject({ template_id: "demo-wx-template-time-settle", page: `pages/activity/detail?id=${f.activityId}` });
    expect(byUser["wx-ok"].data).toMatchObject({ thing1: { value: "消息活动" }, character_string2: { value: "1" }, number3: { value: "15" } });
    expect(byUser["wx-ok"].data.time4.value).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);
    // Unranked (no finished task): 未排名 has no characters a character_string keeps.
    expect(byUser["wx-refuses"].data.character_string2.value).toBe("-");
    // the message list names the business object and the receiver, not only their ids
    const listed = await call("GET", "/bbh/api/message/list?templateCode=TIME_SETTLE_RESULT", admin);
    expect(listed.body.result.records.map((r: Record<string, unknown>) => [r.bizType_dictText, r.bizName])).toEqual([["活动", "消息活动"], ["活动", "消息活动"]]);

    // 手工发送 to every player of the activity's window, in one statement.
    const sent = await call("POST", "/bbh/api/message/send", admin, { templateCode: "TEST_SMS", activityId: f.activityId, timeId: f.timeId, params: { content: "${activityName}成绩已发布" } });
    expect(sent.body).toMatchObject({ success: true, result: { count: 2 } });
    const notices = await db().select().from(bbhMessage).where(and(eq(bbhMessage.templateCode, "TEST_SMS"), eq(bbhMessage.bizId, f.activityId)));
    expect(notices.map((m) => [m.receiverWxUserId, m.content]).sort()).toEqual([["wx-ok", "${activityName}成绩已发布"], ["wx-refuses", "${activityName}成绩已发布"]]);
  });

  it("a settlement whose server stopped before queuing its messages gets them from the minute tick, once", async () => {
    const settleMessages = async () => (await db().select().from(bbhMessage).where(and(eq(bbhMessage.templateCode, "TIME_SETTLE_RESULT"), eq(bbhMessage.bizId, f.activityId)))).length;
    const before = await settleMessages();
    await db().insert(bbhActivityTime).values({ id: "time-crash", activityId: f.activityId, timeName: "二期", startTime: new Date(Date.now() + 6 * 86_400_000), endTime: new Date(Date.now() + 8 * 86_400_000), timeStatus: 1 });
    await db().insert(bbhUserActivity).values({ id: "ua-crash", wxUserId: "wx-ok", activityId: f.activityId, timeId: "time-crash", roundNo: 1, uaStatus: 1 });
    // The settlement commits; the process dies before the after-commit kick runs.
    await db().transaction((tx) => settleWindow(tx, "time-crash", { force: true }, "admin"));
    expect(await settleMessages()).toBe(before);
    expect((await db().select().from(bbhActivityTime).where(eq(bbhActivityTime.id, "time-crash")))[0]).toMatchObject({ timeStatus: 2, settleMsgTime: null });
    expect((await bbhTick(db())).notices).toBe(1);
    expect(await settleMessages()).toBe(before + 1);
    expect((await bbhTick(db())).notices).toBe(0);
    expect(await settleMessages()).toBe(before + 1);
  });

  it("needs the button codes", async () => {
    await call("POST", "/sys/user/add", admin, { username: "msg_nobody", realname: "无权限", password: "Rule@12345" });
    const nobody = await t.login("msg_nobody", "Rule@12345");
    for (const [method, url, body] of [
      ["GET", "/bbh/api/message/list", undefined],
      ["POST", "/bbh/api/message/send", { templateCode: "TEST_SMS", wxUserIds: ["wx-ok"] }],
      ["POST", "/bbh/api/message/retry", { ids: ["x"] }],
      ["GET", `${TPL}/list`, undefined],
      ["POST", `${TPL}/add`, wechatTemplate({ templateCode: "NOPE2" })],
      ["POST", `${TPL}/preview`, wechatTemplate()],
    ] as const) {
      expect((await call(method, url, nobody, body)).status, url).toBe(403);
    }
  });
});
