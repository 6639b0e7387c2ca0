/**
 * Pluggable message senders and the queue that drives them (contract.md §9.5, JeecgBoot's `SendMsgJob`).
 *
 * A sender handles one `es_type`: `4` system announcement (built in: a published announcement to the
 * receiver, pushed to their bell), `2` e-mail over SMTP (`SMTP_URL`, `SMTP_FROM`), and a logging sender for
 * `1` SMS and `3` WeChat, which have no channel here (it logs and says so in `es_result`). The queue takes
 * rows with status `0`, or `2` with fewer than 6 attempts, one at a time under a row lock that other
 * instances skip, and records the outcome: `1` sent, `2` failed (retried), `-1` given up after the 6th try.
 */
import { and, eq, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { sysAnnouncement, sysAnnouncementSend, sysSms, sysUser } from "../../db/schema.js";
import { nextId } from "../../lib/ids.js";
import type { RealtimeHub } from "../../realtime/hub.js";
import { sanitizeContent } from "./announcement.repo.js";

export interface OutgoingMessage {
  id: string;
  title: string;
  receiver: string;
  content: string;
}

export interface Sent {
  result: string;
  /** Runs once the queue's transaction committed (e.g. the bell push, so the bell finds what it is told of). */
  after?: () => Promise<void>;
}

export interface MessageSender {
  /**
   * Sends, or throws with a message worth keeping in `es_result`. `db` is the queue's transaction: database
   * work goes through it (PGlite has one connection).
   */
  send(message: OutgoingMessage, db: Db): Promise<Sent>;
}

export const MESSAGE_TYPES: Record<string, string> = { "1": "短信", "2": "邮件", "3": "微信", "4": "系统通知" };
export const MAX_SEND_ATTEMPTS = 6;

/** `4`: a published `USER` announcement to the receiver (user id or username), pushed to their bell. */
export function announcementSender(realtime: RealtimeHub): MessageSender {
  return {
    async send(m, db) {
      const [user] = await db
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(or(eq(sysUser.id, m.receiver), eq(sysUser.username, m.receiver)), eq(sysUser.delFlag, 0)));
      if (!user) throw new Error(`接收人「${m.receiver}」不存在`);
      const id = nextId();
      const now = new Date();
      {
        const tx = db;
        await tx.insert(sysAnnouncement).values({
          id,
          titile: m.title.slice(0, 100),
          msgContent: sanitizeContent(m.content),
          sender: "system",
          priority: "L",
          msgCategory: "2",
          msgType: "USER",
          userIds: `${user.id},`,
          sendStatus: "1",
          sendTime: now,
          delFlag: "0",
          busType: "msg",
          busId: m.id,
          createBy: "system",
          createTime: now,
        });
        await tx.insert(sysAnnouncementSend).values({ id: nextId(), anntId: id, userId: user.id, readFlag: "0", createBy: "system", createTime: now });
      }
      return { result: "已发送系统通知", after: () => realtime.send(user.id, { cmd: "user", msgId: id, msgTxt: m.title, userId: user.id }) };
    },
  };
}

/** `2`: e-mail through the SMTP server of `SMTP_URL` (e.g. `smtps://user:pass@smtp.example.com:465`). */
export async function smtpSender(url: string | null, from: string | null, timeoutMs: number): Promise<MessageSender> {
  if (!url) {
    return {
      async send() {
        throw new Error("邮件发送未配置（SMTP_URL）");
      },
    };
  }
  const { createTransport } = await import("nodemailer");
  const u = new URL(url);
  const transport = createTransport({
    host: u.hostname,
    port: u.port ? Number(u.port) : u.protocol === "smtps:" ? 465 : 587,
    secure: u.protocol === "smtps:",
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(m) {
      if (!/^[^\s@]+@[^\s@]+$/.test(m.receiver)) throw new Error(`收件人「${m.receiver}」不是有效的邮箱地址`);
      const info = await transport.sendMail({ from: from ?? undefined, to: m.receiver, subject: m.title, html: sanitizeContent(m.content) ?? "" });
      return { result: `已发送邮件 ${String(info.messageId ?? "")}`.trim() };
    },
  };
}

/** `1`, `3`: no channel configured; the message is written to the log and marked as such. */
export function loggingSender(log: (obj: object, msg: string) => void, label: string): MessageSender {
  return {
    async send(m) {
      log({ messageId: m.id, receiver: m.receiver, title: m.title }, `${label}（未接通道，仅记录日志）`);
      return { result: `未接${label}通道，已记录日志` };
    },
  };
}

/** Sends due messages one at a time; several instances never take the same row (SKIP LOCKED). */
export class MessageQueue {
  constructor(
    private db: Db,
    private senders: Record<string, MessageSender>,
  ) {}

  /** Attempts each due message at most once (a failure waits for the next run); answers how many. */
  async runOnce(limit = 50): Promise<number> {
    let done = 0;
    const seen: string[] = [];
    while (done < limit) {
      let after: (() => Promise<void>) | undefined;
      const attempted = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sysSms)
          .where(
            and(
              or(eq(sysSms.esSendStatus, "0"), and(eq(sysSms.esSendStatus, "2"), lt(sysSms.esSendNum, MAX_SEND_ATTEMPTS))),
              seen.length ? notInArray(sysSms.id, seen) : undefined,
            ),
          )
          .orderBy(sysSms.createTime, sysSms.id)
          .limit(1)
          .for("update", { skipLocked: true });
        if (!row) return false;
        seen.push(row.id);
        const sender = this.senders[row.esType ?? ""];
        const attempts = row.esSendNum + 1;
        let status: string;
        let result: string;
        try {
          if (!sender) throw new Error(`不支持的消息类型「${row.esType ?? ""}」`);
          // A savepoint: a sender's failed statement must not abort the queue's own update below.
          const sent = await tx.transaction((sp) => sender.send({ id: row.id, title: row.esTitle ?? "", receiver: row.esReceiver ?? "", content: row.esContent ?? "" }, sp));
          result = sent.result;
          after = sent.after;
          status = "1";
        } catch (err) {
          result = `发送失败：${err instanceof Error ? err.message : String(err)}`;
          status = attempts >= MAX_SEND_ATTEMPTS ? "-1" : "2";
        }
        await tx
          .update(sysSms)
          .set({ esSendStatus: status, esSendNum: attempts, esResult: result.slice(0, 255), esSendTime: sql`now()`, updateTime: new Date() })
          .where(eq(sysSms.id, row.id));
        return true;
      });
      if (!attempted) break;
      done++;
      await after?.().catch(() => {});
    }
    return done;
  }
}

/** FreeMarker's `${name}` (and `${a.b}`) from the test data; HTML-escaped for the HTML channels. */
export function renderTemplate(template: string, data: Record<string, unknown>, html: boolean): string {
  const escape = (s: string) => (html ? s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) : s);
  return template.replace(/\$\{\s*([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*\}/g, (_m, name: string) => {
    let value: unknown = data;
    for (const part of name.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
    return value === undefined || value === null ? "" : escape(typeof value === "object" ? JSON.stringify(value) : String(value));
  });
}
