/**
 * bbh messages (domain.md §4.24–4.25): rendering a template with `${var}` values (the WeChat value limits
 * applied), queueing a pending row inside the caller's transaction, the senders by channel, and the queue that
 * sends what is due.
 *
 * This follows the system side's design (server/modules/sys/message-senders.ts, JeecgBoot's SendMsgJob):
 * pluggable senders by channel, a queue that claims due rows under `FOR UPDATE SKIP LOCKED` so several
 * instances never take the same row, and the same `${var}` renderer. What differs is the channel: a WeChat
 * subscribe message is an HTTP call to another service, so the queue claims a small batch in a short
 * transaction (stamping `send_time` as the claim), sends outside any transaction (PGlite has one connection;
 * holding it through an HTTP call would stall every request), and records each outcome in its own short
 * update. A claim that never reports back (a crashed instance) is taken again after `leaseMs`.
 *
 * `retry_count` counts retries (attempts after the first), at most MAX_RETRIES: the queue retries failures
 * it can expect to pass later (network, WeChat busy or over quota, token) after `retryDelayMs`; a refusal
 * such as 43101 (the user did not subscribe) waits for staff to retry it by hand.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhMessage, bbhMessageTemplate } from "../../db/schema.js";
import { formatDateTime, parseDateTime } from "../../lib/dates.js";
import { nextId } from "../../lib/ids.js";
import { MAX_RETRIES, MSG_CHANNEL, SEND_STATUS, WX_KEYWORD_PATTERN, WX_TIME_TYPES, WX_VALUE_LIMITS } from "../../../contract/bbh-message.js";
import { renderTemplate } from "../sys/message-senders.js";
import { affected, rowsOf } from "./shared.js";

export type TemplateRow = typeof bbhMessageTemplate.$inferSelect;
export type Vars = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------
// Rendering

/** Characters a keyword type keeps (WeChat: character_string/number/letter accept only these); the rest go. */
const WX_VALUE_FILTERS: Record<string, string> = { character_string: "[^!-~]", number: "[^0-9.-]", letter: "[^A-Za-z]" };
const KEYWORD = new RegExp(WX_KEYWORD_PATTERN);

/** The keyword type of a WeChat data key: `thing1` → thing, `character_string2` → character_string. */
export const keywordType = (key: string) => key.replace(/\d+$/, "");

const OFFSET_MS = 8 * 3600 * 1000;
/** `yyyy年M月d日 HH:mm` in GMT+8, WeChat's time/date value. */
export function formatWxTime(d: Date): string {
  const z = new Date(d.getTime() + OFFSET_MS);
  const hh = String(z.getUTCHours()).padStart(2, "0");
  const mm = String(z.getUTCMinutes()).padStart(2, "0");
  return `${z.getUTCFullYear()}年${z.getUTCMonth() + 1}月${z.getUTCDate()}日 ${hh}:${mm}`;
}

/** Template values as text: dates on the wire format, null/undefined empty. */
function textVars(vars: Vars): Vars {
  const out: Vars = {};
  for (const [k, v] of Object.entries(vars)) out[k] = v instanceof Date ? formatDateTime(v) : v;
  return out;
}

/** `${var}` → value (missing ones empty), with the system renderer. */
export const renderText = (template: string | null | undefined, vars: Vars) => (template ? renderTemplate(template, textVars(vars), false) : "");

/** A rendered value cut to what WeChat accepts for `key` (§4.24 send-time rule). */
export function wxValue(key: string, raw: string): string {
  const type = keywordType(key);
  let v = raw.trim();
  if ((WX_TIME_TYPES as readonly string[]).includes(type)) {
    const d = parseDateTime(v);
    return d ? formatWxTime(d) : v;
  }
  const filter = WX_VALUE_FILTERS[type];
  if (filter) v = v.replace(new RegExp(filter, "g"), "") || "-";
  const max = WX_VALUE_LIMITS[type];
  return max ? Array.from(v).slice(0, max).join("") : v;
}

/**
 * `field_mapping` text → keyword → expression, or the reason it is not acceptable (Chinese, for a 400).
 */
export function parseFieldMapping(text: string | null | undefined): { mapping: Record<string, string> } | { error: string } {
  if (!text || !text.trim()) return { error: "订阅消息的字段映射不能为空" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: "字段映射不是有效的JSON" };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return { error: "字段映射必须是JSON对象，如 {\"thing1\":\"${activityName}\"}" };
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length === 0) return { error: "订阅消息的字段映射不能为空" };
  if (entries.length > 20) return { error: "字段映射最多20个字段" };
  for (const [k, v] of entries) {
    if (!KEYWORD.test(k)) return { error: `字段映射的微信字段「${k}」不正确，应为 thing1、phrase2、time3 这样的关键词` };
    if (typeof v !== "string" || !v.trim()) return { error: `字段映射的「${k}」应为非空文本表达式` };
    if (v.length > 500) return { error: `字段映射的「${k}」不能超过500个字符` };
  }
  return { mapping: Object.fromEntries(entries as Array<[string, string]>) };
}

export interface Rendered {
  title: string | null;
  /** What the message record keeps: the text (in-app, SMS) or the WeChat request without `touser` (JSON). */
  content: string;
  pagePath: string | null;
  /** WeChat data: keyword → value (limits applied); null for the other channels. */
  data: Record<string, { value: string }> | null;
}

/** One message from a template and its values. */
export function renderMessage(t: Pick<TemplateRow, "channel" | "templateName" | "title" | "content" | "pagePath" | "fieldMapping" | "wxTemplateId" | "miniprogramState">, vars: Vars): Rendered {
  const cut = (s: string, n: number) => Array.from(s).slice(0, n).join("");
  const pagePath = t.pagePath ? cut(renderText(t.pagePath, vars), 255) : null;
  if (t.channel === MSG_CHANNEL.wechat) {
    const parsed = parseFieldMapping(t.fieldMapping);
    const mapping = "mapping" in parsed ? parsed.mapping : {};
    const data: Record<string, { value: string }> = {};
    for (const [k, expr] of Object.entries(mapping)) data[k] = { value: wxValue(k, renderText(expr, vars)) };
    const request = { template_id: t.wxTemplateId ?? "", page: pagePath ?? undefined, miniprogram_state: t.miniprogramState || "formal", lang: "zh_CN", data };
    return { title: cut(t.title ? renderText(t.title, vars) : t.templateName, 100), content: JSON.stringify(request), pagePath, data };
  }
  return { title: cut(t.title ? renderText(t.title, vars) : t.templateName, 100), content: renderText(t.content, vars), pagePath, data: null };
}

// ---------------------------------------------------------------------------------------------------------
// Queueing (inside the caller's transaction: a rolled-back write sends nothing)

/** The enabled template of a code, or undefined (no template, or switched off: nothing is queued). */
export async function activeTemplate(tx: Db, code: string): Promise<TemplateRow | undefined> {
  const T = bbhMessageTemplate;
  const [row] = await tx.select().from(T).where(and(eq(T.templateCode, code), eq(T.delFlag, 0), eq(T.templateStatus, 1))).limit(1);
  return row;
}

export interface QueueOptions {
  templateCode: string;
  wxUserId: string;
  vars: Vars;
  bizType?: string | null;
  bizId?: string | null;
  /** Who sends: `system` (default) or the staff member. */
  sender?: string;
  /** The row's data scope: the activity's org code for player messages (domain.md §2); default the user's. */
  orgCode?: string | null;
}

/** Renders the template for one WeChat user and inserts a pending message; null when there is no enabled template or user. */
export async function queueBbhMessage(tx: Db, o: QueueOptions): Promise<string | null> {
  const t = await activeTemplate(tx, o.templateCode);
  if (!t) return null;
  const [user] = rowsOf<{ id: string; openid: string | null; org: string | null }>(
    await tx.execute(sql`select id, openid, sys_org_code as org from bbh_wx_user where id = ${o.wxUserId}`),
  );
  if (!user) return null;
  const r = renderMessage(t, o.vars);
  const id = nextId();
  const by = o.sender ?? "system";
  await tx.insert(bbhMessage).values({
    id,
    templateId: t.id,
    templateCode: t.templateCode,
    channel: t.channel,
    scene: t.scene,
    title: r.title,
    content: r.content,
    receiverWxUserId: user.id,
    receiverOpenid: user.openid,
    bizType: o.bizType ?? null,
    bizId: o.bizId ?? null,
    sendStatus: SEND_STATUS.pending,
    retryCount: 0,
    readStatus: 0,
    sender: by,
    createBy: by,
    createTime: new Date(),
    sysOrgCode: o.orgCode === undefined ? user.org : o.orgCode,
  });
  return id;
}

// Set-based rendering for many receivers at once (a settled window's players): each value is either rendered
// in JS (only constants in it) or built as SQL over the row's columns, with the same limits.

function textSql(template: string | null | undefined, consts: Vars, row: Record<string, SQL>): SQL {
  if (!template) return sql`''`;
  const parts: SQL[] = [];
  let last = 0;
  for (const m of template.matchAll(/\$\{\s*([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*\}/g)) {
    if (m.index! > last) parts.push(sql`${template.slice(last, m.index)}::text`);
    const name = m[1];
    if (row[name]) parts.push(sql`coalesce((${row[name]})::text, '')`);
    else parts.push(sql`${renderText(m[0], consts)}::text`);
    last = m.index! + m[0].length;
  }
  if (last < template.length) parts.push(sql`${template.slice(last)}::text`);
  return parts.length ? sql`(${sql.join(parts, sql` || `)})` : sql`''`;
}

const usesRowVar = (template: string, row: Record<string, SQL>) =>
  [...template.matchAll(/\$\{\s*([A-Za-z_]\w*)\s*\}/g)].some((m) => Boolean(row[m[1]]));

function wxValueSql(key: string, expr: string, consts: Vars, row: Record<string, SQL>): SQL {
  if (!usesRowVar(expr, row)) return sql`${wxValue(key, renderText(expr, consts))}::text`;
  const type = keywordType(key);
  let v = sql`btrim(${textSql(expr, consts, row)})`;
  if ((WX_TIME_TYPES as readonly string[]).includes(type)) {
    return sql`(case when ${v} ~ '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}(:\\d{2})?$'
      then to_char((${v})::timestamp, 'YYYY"年"FMMM"月"FMDD"日" HH24:MI') else ${v} end)`;
  }
  const filter = WX_VALUE_FILTERS[type];
  if (filter) v = sql`coalesce(nullif(regexp_replace(${v}, ${filter}::text, '', 'g'), ''), '-')`;
  const max = WX_VALUE_LIMITS[type];
  return max ? sql`left(${v}, ${max}::int)` : v;
}

/** The `title` and `content` columns of a template's messages as SQL over per-row values. */
export function renderMessageSql(t: TemplateRow, consts: Vars, row: Record<string, SQL>): { title: SQL; content: SQL } {
  const title = t.title ? sql`left(${textSql(t.title, consts, row)}, 100)` : sql`${t.templateName}::text`;
  if (t.channel !== MSG_CHANNEL.wechat) return { title, content: textSql(t.content, consts, row) };
  const parsed = parseFieldMapping(t.fieldMapping);
  const mapping = "mapping" in parsed ? parsed.mapping : {};
  const fields = Object.entries(mapping).flatMap(([k, expr]) => [sql`${k}::text`, sql`jsonb_build_object('value', ${wxValueSql(k, expr, consts, row)})`]);
  const data = fields.length ? sql`jsonb_build_object(${sql.join(fields, sql`, `)})` : sql`'{}'::jsonb`;
  const page = t.pagePath ? sql`left(${textSql(t.pagePath, consts, row)}, 255)` : sql`null::text`;
  const content = sql`jsonb_strip_nulls(jsonb_build_object('template_id', ${t.wxTemplateId ?? ""}::text, 'page', ${page}, 'miniprogram_state', ${t.miniprogramState || "formal"}::text, 'lang', 'zh_CN', 'data', ${data}))::text`;
  return { title, content };
}

/**
 * 成绩发布 (TIME_SETTLE_RESULT) to every player of a settled window, in one INSERT … SELECT over the frozen
 * grades (run inside the settlement's transaction, after the grade rows). Answers how many were queued.
 */
export async function queueSettleMessages(
  tx: Db,
  s: { timeId: string; roundNo: number; activityId: string; activityName: string; timeName: string; orgCode: string | null; settleTime: Date; by: string },
): Promise<number> {
  const t = await activeTemplate(tx, "TIME_SETTLE_RESULT");
  if (!t) return 0;
  const consts: Vars = { activityName: s.activityName, timeName: s.timeName, settleTime: s.settleTime, activityId: s.activityId };
  const row: Record<string, SQL> = {
    rankText: sql`case when g.rank_no is null then '未排名' else '第' || g.rank_no || '名' end`,
    rankNo: sql`g.rank_no`,
    totalScore: sql`g.total_score`,
    gradeLevel: sql`g.grade_level`,
    displayName: sql`g.display_name`,
  };
  const { title, content } = renderMessageSql(t, consts, row);
  const result = await tx.execute(sql`
    insert into bbh_message (id, template_id, template_code, channel, scene, title, content, receiver_wx_user_id, receiver_openid,
      biz_type, biz_id, send_status, retry_count, read_status, sender, create_by, create_time, sys_org_code)
    select replace(gen_random_uuid()::text, '-', ''), ${t.id}, ${t.templateCode}, ${t.channel}::smallint, ${t.scene}, ${title}, ${content},
      g.wx_user_id, u.openid, 'activity', ${s.activityId}, 0, 0, 0, ${s.by}, ${s.by}, ${s.settleTime}, ${s.orgCode}
    from bbh_activity_grade g join bbh_wx_user u on u.id = g.wx_user_id and u.user_status = 0
    where g.time_id = ${s.timeId} and g.round_no = ${s.roundNo}`);
  return affected(result);
}

/** A timestamptz column as the wire's `yyyy-MM-dd HH:mm:ss` (GMT+8) in SQL. */
const wireTime = (col: SQL) => sql`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * 答案审核结果 (ANSWER_AUDIT_RESULT) to the players of reviewed answers, read from the answers as they now
 * stand, in one INSERT … SELECT inside the review's transaction (a refused or rolled-back review queues
 * nothing). Answers how many were queued.
 */
export async function queueAnswerAuditMessages(tx: Db, answerIds: string[], by: string): Promise<number> {
  if (!answerIds.length) return 0;
  const t = await activeTemplate(tx, "ANSWER_AUDIT_RESULT");
  if (!t) return 0;
  const row: Record<string, SQL> = {
    activityName: sql`m.activity_name`,
    activityId: sql`x.activity_id`,
    taskName: sql`k.task_name`,
    auditResult: sql`case x.audit_status when 1 then '审核通过' when 2 then '审核驳回' else '待审核' end`,
    auditRemark: sql`coalesce(nullif(btrim(x.audit_remark), ''), '无')`,
    auditTime: wireTime(sql`coalesce(x.audit_time, now())`),
    score: sql`coalesce(x.score, 0)`,
    answerId: sql`x.id`,
  };
  const { title, content } = renderMessageSql(t, {}, row);
  const result = await tx.execute(sql`
    insert into bbh_message (id, template_id, template_code, channel, scene, title, content, receiver_wx_user_id, receiver_openid,
      biz_type, biz_id, send_status, retry_count, read_status, sender, create_by, create_time, sys_org_code)
    select replace(gen_random_uuid()::text, '-', ''), ${t.id}, ${t.templateCode}, ${t.channel}::smallint, ${t.scene}, ${title}, ${content},
      x.wx_user_id, u.openid, 'answer', x.id, 0, 0, 0, ${by}, ${by}, now(), x.sys_org_code
    from bbh_user_task_answer x
      join bbh_wx_user u on u.id = x.wx_user_id
      left join bbh_activity_task k on k.id = x.task_id
      left join bbh_activity_main m on m.id = x.activity_id
    where x.id in (${sql.join(answerIds.map((id) => sql`${id}`), sql`, `)}) and x.audit_status in (1, 2)`);
  return affected(result);
}

// ---------------------------------------------------------------------------------------------------------
// Senders

export interface BbhOutgoing {
  id: string;
  channel: number;
  receiverWxUserId: string | null;
  receiverOpenid: string | null;
  templateCode: string | null;
  title: string | null;
  content: string | null;
}

export interface SendOutcome {
  ok: boolean;
  failCode?: string;
  failReason?: string;
}

/** One channel's sender. It answers the outcome; a throw counts as a failure with code ERROR. */
export interface BbhMessageSender {
  channel: number;
  send(msg: BbhOutgoing): Promise<SendOutcome>;
}

type Log = (obj: object, msg: string) => void;

/** A channel with no provider here: the message is written to the log (never its secrets: there are none in it). */
export function loggingBbhSender(channel: number, label: string, log: Log): BbhMessageSender {
  return {
    channel,
    async send(m) {
      log({ messageId: m.id, receiver: m.receiverWxUserId, templateCode: m.templateCode, title: m.title }, `${label}（未接通道，仅记录日志）`);
      return { ok: true };
    },
  };
}

/** 站内消息: the record itself is the in-app message the mini-program reads (read_status); sending is delivering it. */
export function inAppSender(): BbhMessageSender {
  return { channel: MSG_CHANNEL.inApp, send: async () => ({ ok: true }) };
}

/** WeChat's answers worth a Chinese reason (subscribeMessage.send, auth.getAccessToken). */
export const WX_ERRORS: Record<string, string> = {
  "-1": "微信系统繁忙",
  "40001": "access_token无效",
  "40003": "openid不正确",
  "40013": "AppID无效",
  "40125": "AppSecret无效",
  "40037": "订阅模板ID不正确",
  "41030": "跳转页路径不正确",
  "42001": "access_token已过期",
  "43101": "用户拒绝接受消息",
  "45009": "接口调用超过限额",
  "47003": "模板参数不准确",
  "40164": "调用IP不在白名单中",
};
/** Failures the queue retries by itself (they can pass later); the rest wait for a manual retry. */
export const RETRYABLE_FAIL_CODES = ["-1", "40001", "42001", "45009", "NETWORK", "HTTP", "ERROR"];
const TOKEN_EXPIRED = new Set([40001, 42001, 40014]);

export interface WxSenderOptions {
  appId: string;
  secret: string;
  /** `https://api.weixin.qq.com`, or a local fake in tests. */
  apiBase: string;
  timeoutMs: number;
}

class WxCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * 小程序订阅消息 through `POST /cgi-bin/message/subscribe/send`. The access_token comes from
 * `/cgi-bin/token`, is cached until shortly before it expires and shared by concurrent sends; an answer that
 * says it is invalid or expired (40001/42001) refreshes it once. Neither the secret nor the token is ever put
 * in a log line or a fail reason.
 */
export function wechatSubscribeSender(o: WxSenderOptions, log: Log): BbhMessageSender & { tokenFetches(): number } {
  let cached: { value: string; until: number } | null = null;
  let inFlight: Promise<string> | null = null;
  let fetches = 0;

  const call = async (path: string, init?: RequestInit): Promise<Record<string, unknown>> => {
    let res: Response;
    try {
      res = await fetch(`${o.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(o.timeoutMs) });
    } catch (err) {
      const e = err as { name?: string; cause?: { code?: string } };
      throw new WxCallError("NETWORK", e.name === "TimeoutError" ? "微信接口请求超时" : `微信接口请求失败（${e.cause?.code ?? e.name ?? "网络错误"}）`);
    }
    if (!res.ok) throw new WxCallError("HTTP", `微信接口返回HTTP ${res.status}`);
    try {
      return (await res.json()) as Record<string, unknown>;
    } catch {
      throw new WxCallError("HTTP", "微信接口返回的不是JSON");
    }
  };

  const token = async (refresh: boolean): Promise<string> => {
    if (!refresh && cached && cached.until > Date.now()) return cached.value;
    if (inFlight) return inFlight;
    inFlight = (async () => {
      fetches++;
      const q = new URLSearchParams({ grant_type: "client_credential", appid: o.appId, secret: o.secret });
      const body = await call(`/cgi-bin/token?${q}`);
      if (typeof body.access_token !== "string" || !body.access_token) {
        const code = String(body.errcode ?? "TOKEN");
        throw new WxCallError(code, `获取access_token失败：${WX_ERRORS[code] ?? String(body.errmsg ?? "未知错误").slice(0, 100)}`);
      }
      const seconds = Number(body.expires_in) || 7200;
      // Renewed five minutes early (at least a minute of use), so a token never expires mid-send.
      cached = { value: body.access_token, until: Date.now() + Math.max(60, seconds - 300) * 1000 };
      log({ appId: o.appId, expiresIn: seconds }, "微信access_token已更新");
      return body.access_token;
    })().finally(() => (inFlight = null));
    return inFlight;
  };

  return {
    channel: MSG_CHANNEL.wechat,
    tokenFetches: () => fetches,
    async send(m) {
      if (!m.receiverOpenid) return { ok: false, failCode: "NO_OPENID", failReason: "接收人没有openid" };
      let request: Record<string, unknown>;
      try {
        request = JSON.parse(m.content ?? "");
      } catch {
        return { ok: false, failCode: "CONTENT", failReason: "消息内容不是订阅消息数据" };
      }
      const body = JSON.stringify({ touser: m.receiverOpenid, ...request });
      try {
        for (let attempt = 0; ; attempt++) {
          const accessToken = await token(attempt > 0);
          const answer = await call(`/cgi-bin/message/subscribe/send?access_token=${encodeURIComponent(accessToken)}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          });
          const code = Number(answer.errcode ?? 0);
          if (code === 0) return { ok: true };
          if (TOKEN_EXPIRED.has(code) && attempt === 0) {
            cached = null;
            continue;
          }
          const key = String(code);
          return { ok: false, failCode: key, failReason: (WX_ERRORS[key] ?? String(answer.errmsg ?? "发送失败")).slice(0, 255) };
        }
      } catch (err) {
        if (err instanceof WxCallError) return { ok: false, failCode: err.code.slice(0, 20), failReason: err.message.slice(0, 255) };
        throw err;
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The queue

export interface QueueTimings {
  /** A claimed row not reported back within this long is taken again (a crashed instance). */
  leaseMs: number;
  /** A retryable failure waits this long before the next attempt. */
  retryDelayMs: number;
  /** Rows claimed per transaction. */
  batch: number;
}

export const DEFAULT_TIMINGS: QueueTimings = { leaseMs: 5 * 60_000, retryDelayMs: 60_000, batch: 20 };

/** Sends due bbh messages; several instances never send one row twice (SKIP LOCKED claims). */
export class BbhMessageQueue {
  private senders: Map<number, BbhMessageSender>;
  constructor(
    private db: Db,
    senders: BbhMessageSender[],
    private timings: QueueTimings = DEFAULT_TIMINGS,
  ) {
    this.senders = new Map(senders.map((s) => [s.channel, s]));
  }

  /** Claims due rows: pending ones (unclaimed, or claimed longer than the lease ago), and failures to retry. */
  private async claim(now: Date, runStart: Date): Promise<BbhOutgoing[]> {
    const lease = new Date(now.getTime() - this.timings.leaseMs);
    // Measured from the run's start: a message failing in this run waits for a later one.
    const retryAfter = new Date(runStart.getTime() - this.timings.retryDelayMs);
    const codes = sql.join(RETRYABLE_FAIL_CODES.map((c) => sql`${c}`), sql`, `);
    return this.db.transaction(async (tx) =>
      rowsOf<BbhOutgoing>(
        await tx.execute(sql`
          update bbh_message m set send_status = ${SEND_STATUS.pending}, send_time = ${now},
            retry_count = m.retry_count + case when m.send_status = ${SEND_STATUS.failed} then 1 else 0 end
          where m.id in (
            select id from bbh_message
            where (send_status = ${SEND_STATUS.pending} and (send_time is null or send_time < ${lease}))
              or (send_status = ${SEND_STATUS.failed} and retry_count < ${MAX_RETRIES} and fail_code in (${codes}) and send_time < ${retryAfter})
            order by create_time, id
            limit ${this.timings.batch}
            for update skip locked)
          returning m.id, m.channel, m.receiver_wx_user_id as "receiverWxUserId", m.receiver_openid as "receiverOpenid",
            m.template_code as "templateCode", m.title, m.content`),
      ),
    );
  }

  private async record(id: string, claimedAt: Date, outcome: SendOutcome): Promise<void> {
    const now = new Date();
    await this.db.execute(sql`
      update bbh_message set
        send_status = ${outcome.ok ? SEND_STATUS.sent : SEND_STATUS.failed},
        send_time = ${outcome.ok ? now : claimedAt},
        fail_code = ${outcome.ok ? null : (outcome.failCode ?? "ERROR").slice(0, 20)},
        fail_reason = ${outcome.ok ? null : (outcome.failReason ?? "发送失败").slice(0, 255)},
        update_time = ${now}
      where id = ${id} and send_time = ${claimedAt}`);
  }

  /** Sends what is due, at most `limit` messages, each at most once per run; answers how many were attempted. */
  async runOnce(limit = 500): Promise<number> {
    let done = 0;
    const runStart = new Date();
    while (done < limit) {
      const claimedAt = new Date();
      const rows = await this.claim(claimedAt, runStart);
      if (rows.length === 0) break;
      for (const m of rows) {
        let outcome: SendOutcome;
        const sender = this.senders.get(Number(m.channel));
        try {
          outcome = sender ? await sender.send({ ...m, channel: Number(m.channel) }) : { ok: false, failCode: "CHANNEL", failReason: `不支持的消息渠道「${m.channel}」` };
        } catch (err) {
          outcome = { ok: false, failCode: "ERROR", failReason: `发送失败：${err instanceof Error ? err.message : String(err)}` };
        }
        await this.record(m.id, claimedAt, outcome);
        done++;
      }
    }
    return done;
  }
}
