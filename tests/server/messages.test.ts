/**
 * Message templates and the message queue (`/sys/message/*`): template CRUD, the test send rendering
 * `${var}` into a queued message, the senders (system announcement to the bell, e-mail against a local SMTP
 * fake started here, logging), retries with the attempt count, giving up after the 6th, and refusals.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sysSms, sysUser } from "../../server/db/schema.js";
import { messageQueueOf } from "../../server/modules/sys/message.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

/** A minimal SMTP server: accepts or refuses every message, and keeps what it accepted. */
function smtpFake() {
  const mails: string[] = [];
  let refuse = false;
  const server = net.createServer((socket) => {
    let data = false;
    let buffer = "";
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (data) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          mails.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = false;
          socket.write("250 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-fake\r\n250 8BITMIME\r\n");
        else if (verb === "MAIL") socket.write(refuse ? "550 mailbox unavailable\r\n" : "250 OK\r\n");
        else if (verb === "DATA") {
          data = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 bye\r\n");
          return;
        } else socket.write("250 OK\r\n");
      }
    });
    socket.on("error", () => {});
  });
  return {
    mails,
    setRefuse: (v: boolean) => (refuse = v),
    listen: () => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const smtp = smtpFake();
let t: TestApp;
let admin: string;
let operator: string;

beforeAll(async () => {
  const port = await smtp.listen();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: "noreply@redmark.test", MESSAGE_SEND_INTERVAL_SECONDS: "0", SMTP_TIMEOUT_MS: "3000" });
  admin = await t.login();
  await t.setPassword("zhangsan", "Msg@12345");
  operator = await t.login("zhangsan", "Msg@12345");
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, ...(payload ? { payload } : {}) });
const queue = () => messageQueueOf(t.ctx)!;
/** A test send kicks the queue at once: waits until that first attempt is recorded. */
async function settled(receiver: string) {
  for (let i = 0; i < 200; i++) {
    const [m] = await messages(receiver);
    if (m && m.esSendStatus !== "0") return m;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the message was not attempted");
}
const messages = async (receiver: string) =>
  (await call("GET", `/sys/message/sysMessage/list?esReceiver=${encodeURIComponent(receiver)}&pageSize=50`, admin)).json().result.records as Array<Record<string, unknown>>;

describe("message templates", () => {
  it("adds, edits, lists and deletes templates; codes are unique and test data must be a JSON object", async () => {
    const add = await call("POST", "/sys/message/sysMessageTemplate/add", admin, {
      templateName: "欢迎邮件",
      templateCode: "welcome_mail",
      templateType: "2",
      templateContent: "<p>${name}，欢迎加入${org.name}</p>",
      templateTestJson: '{"name":"张三","org":{"name":"红色印记"}}',
    });
    expect(add.json()).toMatchObject({ success: true, message: "添加成功！" });
    const dup = await call("POST", "/sys/message/sysMessageTemplate/add", admin, { templateCode: "welcome_mail", templateType: "2", templateContent: "x" });
    expect(dup.json().message).toBe("模板编码已存在");
    const badJson = await call("POST", "/sys/message/sysMessageTemplate/add", admin, { templateCode: "bad_json", templateType: "2", templateContent: "x", templateTestJson: "[1,2]" });
    expect(badJson.statusCode).toBe(400);
    const [row] = (await call("GET", "/sys/message/sysMessageTemplate/list?templateCode=welcome_mail", admin)).json().result.records;
    expect(row).toMatchObject({ templateName: "欢迎邮件", templateType: "2" });
    const edit = await call("PUT", "/sys/message/sysMessageTemplate/edit", admin, { ...row, templateName: "欢迎邮件2" });
    expect(edit.json().message).toBe("更新成功！");
    await call("POST", "/sys/message/sysMessageTemplate/add", admin, { templateCode: "to_delete", templateType: "4", templateContent: "x" });
    const [gone] = (await call("GET", "/sys/message/sysMessageTemplate/list?templateCode=to_delete", admin)).json().result.records;
    expect((await call("DELETE", `/sys/message/sysMessageTemplate/delete?id=${gone.id}`, admin)).json().success).toBe(true);
  });

  it("refuses a user without the codes", async () => {
    for (const res of [
      await call("GET", "/sys/message/sysMessageTemplate/list", operator),
      await call("POST", "/sys/message/sysMessageTemplate/add", operator, { templateCode: "x1", templateType: "2", templateContent: "x" }),
      await call("POST", "/sys/message/sysMessageTemplate/sendMsg", operator, { templateCode: "welcome_mail", receiver: "a@b.c" }),
      await call("GET", "/sys/message/sysMessage/list", operator),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });
});

describe("sending", () => {
  it("test-sends an e-mail through SMTP with the template rendered and its values escaped", async () => {
    const res = await call("POST", "/sys/message/sysMessageTemplate/sendMsg", admin, {
      templateCode: "welcome_mail",
      testData: '{"name":"<b>李四</b>","org":{"name":"红色印记"}}',
      receiver: "lisi@redmark.test",
    });
    expect(res.json()).toMatchObject({ success: true, message: "发送消息任务添加成功！" });
    await settled("lisi@redmark.test");
    const [msg] = await messages("lisi@redmark.test");
    expect(msg).toMatchObject({ esType: "2", esSendStatus: "1", esSendNum: 1, esTitle: "欢迎邮件2" });
    expect(msg.esContent).toBe("<p>&#60;b&#62;李四&#60;/b&#62;，欢迎加入红色印记</p>");
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]).toContain("lisi@redmark.test");
    expect(smtp.mails[0]).toContain("noreply@redmark.test");
  });

  it("answers 解析Json出错！ for test data that is not JSON, and queues nothing", async () => {
    const res = await call("POST", "/sys/message/sysMessageTemplate/sendMsg", admin, { templateCode: "welcome_mail", testData: "{name:", receiver: "x@redmark.test" });
    expect(res.json()).toMatchObject({ success: false, message: "解析Json出错！" });
    expect(await messages("x@redmark.test")).toEqual([]);
  });

  it("retries a failed e-mail, counting attempts, and gives up after the 6th", async () => {
    smtp.setRefuse(true);
    await call("POST", "/sys/message/sysMessageTemplate/sendMsg", admin, { templateCode: "welcome_mail", testData: "{}", receiver: "fail@redmark.test" });
    await settled("fail@redmark.test");
    let [msg] = await messages("fail@redmark.test");
    expect(msg).toMatchObject({ esSendStatus: "2", esSendNum: 1 });
    expect(String(msg.esResult)).toContain("发送失败");
    for (let i = 0; i < 5; i++) await queue().runOnce();
    [msg] = await messages("fail@redmark.test");
    expect(msg).toMatchObject({ esSendStatus: "-1", esSendNum: 6 });
    await queue().runOnce();
    [msg] = await messages("fail@redmark.test");
    expect(msg.esSendNum).toBe(6);
    // Setting it back to pending queues it again, with a fresh count.
    smtp.setRefuse(false);
    const edit = await call("PUT", "/sys/message/sysMessage/edit", admin, { id: msg.id, esType: "2", esReceiver: "fail@redmark.test", esContent: msg.esContent, esSendStatus: "0" });
    expect(edit.json().success).toBe(true);
    await queue().runOnce();
    [msg] = await messages("fail@redmark.test");
    expect(msg).toMatchObject({ esSendStatus: "1", esSendNum: 1 });
  });

  it("delivers a system-announcement message to the receiver's bell", async () => {
    await call("POST", "/sys/message/sysMessageTemplate/add", admin, { templateName: "审核结果", templateCode: "audit_result", templateType: "4", templateContent: "您的申请${result}" });
    const res = await call("POST", "/sys/message/sysMessageTemplate/sendMsg", admin, { templateCode: "audit_result", testData: '{"result":"已通过"}', receiver: "zhangsan" });
    expect(res.json().success).toBe(true);
    await settled("zhangsan");
    const [msg] = await messages("zhangsan");
    expect(msg).toMatchObject({ esSendStatus: "1", esType: "4" });
    const bell = (await call("GET", "/sys/annountCement/listByUser", operator)).json().result;
    expect(bell.sysMsgList.map((a: { titile: string; msgContent: string }) => [a.titile, a.msgContent])).toContainEqual(["审核结果", "您的申请已通过"]);
    // An unknown receiver fails and is retried.
    await call("POST", "/sys/message/sysMessageTemplate/sendMsg", admin, { templateCode: "audit_result", testData: "{}", receiver: "nobody-here" });
    await settled("nobody-here");
    const [failed] = await messages("nobody-here");
    expect(failed).toMatchObject({ esSendStatus: "2", esSendNum: 1 });
    expect(failed.esResult).toBe("发送失败：接收人「nobody-here」不存在");
    const [u] = await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, "zhangsan"));
    expect(u.id).toBeTruthy();
  });

  it("logs SMS and WeChat messages, saying there is no channel", async () => {
    await call("POST", "/sys/message/sysMessage/add", admin, { esTitle: "短信", esType: "1", esReceiver: "13800000001", esContent: "验证码 1234" });
    await queue().runOnce();
    const [msg] = await messages("13800000001");
    expect(msg).toMatchObject({ esSendStatus: "1", esResult: "未接短信通道，已记录日志" });
    const rows = await t.database.db.select({ s: sysSms.esSendStatus }).from(sysSms).where(eq(sysSms.esSendStatus, "0"));
    expect(rows).toEqual([]);
  });
});
