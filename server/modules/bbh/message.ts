/**
 * `/bbh/api/message` — bbh message records (domain.md §4.25, §6.3, §7.6): the list with send-state filters
 * (receiver names beside their ids, the menu's data rules), `queryById`, export, delete, `send` (手工发送: a
 * template to chosen WeChat users or to every player of an activity/window, rendered and queued in one
 * transaction) and `retry` (重发失败). The queue (message.repo.ts) runs every MESSAGE_SEND_INTERVAL_SECONDS and
 * right after a send or retry; its senders: WeChat subscribe messages when WX_APPID/WX_SECRET are set (logged
 * otherwise), in-app messages delivered as the record itself, SMS logged.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../app.js";
import { bbhMessage } from "../../db/schema.js";
import { MAX_RETRIES, MSG_CHANNEL, SEND_STATUS } from "../../../contract/bbh-message.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { backgroundTask } from "../../lib/background-task.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { IdQuery, IdsQuery, ListQuery, parseIds, scope } from "../sys/shared.js";
import { wxUserDisplayName } from "./answer.js";
import { col, registerExport } from "./lists.js";
import {
  BbhMessageQueue,
  activeTemplate,
  inAppSender,
  loggingBbhSender,
  queueBbhMessage,
  renderMessageSql,
  wechatSubscribeSender,
  type BbhMessageSender,
} from "./message.repo.js";
import { GONE, REFERENCE, BbhId, IdList, OptBbhId, affected, rowJson, rowsOf } from "./shared.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { answering, scopeRows } from "../../plugins/row-scope.js";
import { activityRows } from "./activity.js";
import { timeRows } from "./time.js";

const M = bbhMessage;
const BASE = "/bbh/api/message";
type MessageRow = typeof M.$inferSelect;

const queues = new WeakMap<AppContext, BbhMessageQueue>();
/** The bbh queue of an app (tests run it by hand). */
export const bbhMessageQueueOf = (ctx: AppContext) => queues.get(ctx);

export const messageSpec: ListSpec = {
  fields: {
    channel: { column: M.channel, type: "int", sort: true },
    scene: { column: M.scene, type: "string", sort: true },
    templateCode: { column: M.templateCode, type: "string" },
    title: { column: M.title, type: "string" },
    receiverWxUserId: { column: M.receiverWxUserId, type: "string" },
    receiverOpenid: { column: M.receiverOpenid, type: "string" },
    bizType: { column: M.bizType, type: "string" },
    bizId: { column: M.bizId, type: "string" },
    sendStatus: { column: M.sendStatus, type: "int", sort: true },
    readStatus: { column: M.readStatus, type: "int", sort: true },
    retryCount: { column: M.retryCount, type: "int", sort: true },
    failCode: { column: M.failCode, type: "string" },
    sendTime: { column: M.sendTime, type: "datetime", sort: true },
    createTime: { column: M.createTime, type: "datetime", sort: true },
    sysOrgCode: { column: M.sysOrgCode, type: "string" },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: M.id,
  component: "bbh/message/MessageList",
};

/** 消息by id: those its list shows the caller (its menu and data rules). */
export const messageRows = rowScope({ label: "消息", table: M, id: M.id, views: [viewOf(messageSpec)], missing: GONE });

const DICTS = { channel: "bbh_msg_channel", scene: "bbh_msg_scene", sendStatus: "bbh_send_status", readStatus: "bbh_read_status", bizType: "bbh_biz_type" };
/** The receiver and the business object by name (the row holds their ids). */
const messageNames = () => ({
  receiverName: wxUserDisplayName(M.receiverWxUserId, "receiver_name"),
  bizName: sql<string | null>`(case ${M.bizType}
    when 'activity' then (select a.activity_name from bbh_activity_main a where a.id = ${M.bizId})
    when 'template' then (select t.template_name from bbh_message_template t where t.id = ${M.bizId})
    when 'answer' then (select k.task_name from bbh_user_task_answer x join bbh_activity_task k on k.id = x.task_id where x.id = ${M.bizId})
    end)`.as("biz_name"),
});

const SendBody = Type.Object({
  templateCode: Type.String({ title: "模板编码", minLength: 1, maxLength: 50 }),
  wxUserIds: Type.Optional(Type.Array(BbhId("接收人"), { title: "接收人", maxItems: 1000 })),
  activityId: OptBbhId("活动"),
  timeId: OptBbhId("活动时间段"),
  params: Type.Optional(
    Type.Record(Type.String({ title: "变量名", pattern: "^[A-Za-z_]\\w{0,49}$" }), Type.Union([Type.String({ title: "变量值", maxLength: 1000 }), Type.Number({ title: "变量值" }), Type.Null()], { title: "变量值" }), { title: "变量值" }),
  ),
});
const RetryBody = Type.Object({ ids: IdList("消息", 1000) });

export default async function bbhMessageRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: messageRows, ids: messageRows, activityId: activityRows, timeId: timeRows, wxUserIds: REFERENCE });
  const { db, config, cache, dicts } = app.ctx;
  const log = (obj: object, msg: string) => app.log.info(obj, msg);
  const senders: BbhMessageSender[] = [
    config.wxAppId && config.wxSecret
      ? wechatSubscribeSender({ appId: config.wxAppId, secret: config.wxSecret, apiBase: config.wxApiBase, timeoutMs: config.wxTimeoutMs }, log)
      : loggingBbhSender(MSG_CHANNEL.wechat, "小程序订阅消息", log),
    inAppSender(),
    loggingBbhSender(MSG_CHANNEL.sms, "短信", log),
  ];
  const queue = new BbhMessageQueue(db, senders);
  queues.set(app.ctx, queue);
  const kick = backgroundTask(app, "红色印记消息发送任务失败", config.messageSendIntervalSeconds, () => queue.runOnce().then(() => undefined));

  const toJson = (r: MessageRow & { receiverName?: string | null; bizName?: string | null }) => rowJson(r);

  app.get(`${BASE}/list`, { config: can("bbh:message:list"), schema: { querystring: ListQuery } }, async (req) => {
    const params = parseListQuery(messageSpec, req.query, config.maxPageSize);
    // No cached totals: messages are written by every review and settlement and carry no version trigger.
    const { rows, total } = await fetchPage(db, M, params, { scope: scope(req, cache), extra: messageNames() });
    return ok(toPage(await dicts.translate(rows.map(toJson), DICTS), total, params));
  });

  app.get(`${BASE}/queryById`, { config: can("bbh:message:list"), schema: { querystring: IdQuery } }, async (req) => {
    const [row] = await db.select().from(M).where(eq(M.id, req.query.id));
    if (!row) throw badRequest("数据不存在或已删除");
    const [json] = await dicts.translate([toJson(row)], DICTS);
    return ok(json);
  });

  registerExport<MessageRow>(base, {
    base: BASE,
    table: M,
    id: M.id,
    spec: messageSpec,
    code: "bbh:message:export",
    dictFields: DICTS,
    extra: messageNames,
    excel: {
      title: "消息记录",
      columns: [col("时间", "createTime", 20), col("接收人", "receiverName", 16), col("接收人编号", "receiverWxUserId", 22), col("渠道", "channel"), col("场景", "scene"), col("模板编码", "templateCode", 22), col("标题", "title", 20), col("内容", "content", 50), col("业务类型", "bizType"), col("业务对象", "bizName", 24), col("业务编号", "bizId", 22), col("发送状态", "sendStatus"), col("发送时间", "sendTime", 20), col("失败代码", "failCode"), col("失败原因", "failReason", 30), col("重试次数", "retryCount", 8), col("阅读状态", "readStatus")],
    },
  });

  const remove = async (ids: string[]) => {
    const gone = await db.delete(M).where(inArray(M.id, ids)).returning({ id: M.id });
    if (!gone.length) throw badRequest("数据不存在或已删除");
  };
  app.delete(`${BASE}/delete`, { config: can("bbh:message:delete"), schema: { querystring: IdQuery } }, async (req) => {
    await remove([req.query.id]);
    return ok(null, "删除成功!");
  });
  app.delete(`${BASE}/deleteBatch`, { config: can("bbh:message:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    await remove(parseIds(req.query.ids));
    return ok(null, "批量删除成功！");
  });

  app.post(`${BASE}/send`, { config: { ...can("bbh:message:send"), rows: { timeId: REFERENCE } }, schema: { body: SendBody } }, async (req) => {
    const b = req.body;
    const by = req.currentUser().username;
    const userIds = [...new Set(b.wxUserIds ?? [])];
    const activityId = b.activityId?.trim() || null;
    const timeId = b.timeId?.trim() || null;
    if (timeId && !activityId) throw badRequest("选择时间段时请同时选择活动");
    if (!userIds.length && !activityId) throw badRequest("请选择接收人，或选择活动发给其全部玩家");
    if (userIds.length && activityId) throw badRequest("接收人和活动只能选择一种");
    const vars = { ...(b.params ?? {}) };
    const count = await db.transaction(async (tx) => {
      const t = await activeTemplate(tx, b.templateCode.trim());
      if (!t) throw badRequest(`消息模板【${b.templateCode.trim()}】不存在或已停用`);
      if (userIds.length) {
        const known = await tx.execute(sql`select id from bbh_wx_user where id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})`);
        const found = new Set(rowsOf<{ id: string }>(known).map((r) => r.id));
        const missing = userIds.filter((id) => !found.has(id));
        if (missing.length) throw badRequest(`微信用户不存在：${missing.slice(0, 5).join("，")}`);
        for (const id of userIds) await queueBbhMessage(tx, { templateCode: t.templateCode, wxUserId: id, vars, sender: by, bizType: "template", bizId: t.id });
        return userIds.length;
      }
      const [a] = rowsOf<{ id: string; name: string; org: string | null }>(await tx.execute(sql`select id, activity_name as name, sys_org_code as org from bbh_activity_main where id = ${activityId} and del_flag = 0`));
      if (!a) throw badRequest("活动不存在或已删除");
      if (timeId) {
        const [w] = rowsOf(await tx.execute(sql`select id from bbh_activity_time where id = ${timeId} and activity_id = ${activityId}`));
        if (!w) throw badRequest("时间段不属于该活动");
      }
      // Every player of the activity (or of one window), once each, in one statement.
      const { title, content } = renderMessageSql(t, { activityName: a.name, activityId: a.id, ...vars }, {});
      const now = new Date();
      const result = await tx.execute(sql`
        insert into bbh_message (id, template_id, template_code, channel, scene, title, content, receiver_wx_user_id, receiver_openid,
          biz_type, biz_id, send_status, retry_count, read_status, sender, create_by, create_time, sys_org_code)
        select replace(gen_random_uuid()::text, '-', ''), ${t.id}, ${t.templateCode}, ${t.channel}::smallint, ${t.scene}, ${title}, ${content},
          u.id, u.openid, 'activity', ${a.id}, 0, 0, 0, ${by}, ${by}, ${now}, ${a.org}
        from bbh_wx_user u
        where u.user_status = 0 and u.id in (select ua.wx_user_id from bbh_user_activity ua where ua.activity_id = ${a.id} ${timeId ? sql`and ua.time_id = ${timeId}` : sql``})`);
      const n = affected(result);
      if (n === 0) throw badRequest("该活动还没有玩家，没有可发送的对象");
      return n;
    });
    kick();
    return ok({ count }, `已加入发送队列：${count}条`);
  });

  app.post(`${BASE}/retry`, { config: { ...can("bbh:message:retry"), rows: { ids: answering(messageRows, () => badRequest("消息不存在或已删除")) } }, schema: { body: RetryBody } }, async (req) => {
    const ids = [...new Set(req.body.ids)];
    const by = req.currentUser().username;
    await db.transaction(async (tx) => {
      const rows = await tx.select({ id: M.id, sendStatus: M.sendStatus, retryCount: M.retryCount }).from(M).where(inArray(M.id, ids)).for("update");
      if (rows.length !== ids.length) throw badRequest("消息不存在或已删除");
      if (rows.some((r) => r.sendStatus !== SEND_STATUS.failed)) throw badRequest("只能重发发送失败的消息");
      if (rows.some((r) => r.retryCount >= MAX_RETRIES)) throw badRequest(`已重试${MAX_RETRIES}次的消息不能再重发`);
      // Pending again, counted as a retry; the queue picks it up at once (no send_time: not claimed).
      await tx
        .update(M)
        .set({ sendStatus: SEND_STATUS.pending, retryCount: sql`${M.retryCount} + 1`, sendTime: null, failCode: null, failReason: null, updateBy: by, updateTime: new Date() })
        .where(and(inArray(M.id, ids), eq(M.sendStatus, SEND_STATUS.failed)));
    });
    kick();
    return ok({ count: ids.length }, "已重新加入发送队列");
  });
}
