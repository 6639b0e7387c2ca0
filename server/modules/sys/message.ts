/**
 * `/sys/message/sysMessageTemplate/*` and `/sys/message/sysMessage/*` (contract.md §9.5): template CRUD with
 * a test send (`sendMsg`), and the message queue with its status and retries. Sending is done by the queue
 * in message-senders.ts, every `MESSAGE_SEND_INTERVAL_SECONDS` and right after a test send.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../app.js";
import { sysSms, sysSmsTemplate } from "../../db/schema.js";
import { formatDateTime } from "../../lib/dates.js";
import { badRequest, ok, refused } from "../../lib/envelope.js";
import { backgroundTask } from "../../lib/background-task.js";
import { OptionalRichText, OptionalText, jsonText, richText, verbatim } from "../../lib/field-schema.js";
import { nextId } from "../../lib/ids.js";
import type { ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "./crud.js";
import { announcementSender, loggingSender, MessageQueue, renderTemplate, smtpSender } from "./message-senders.js";

type TemplateRow = typeof sysSmsTemplate.$inferSelect;
type MessageRow = typeof sysSms.$inferSelect;

const queues = new WeakMap<AppContext, MessageQueue>();
/** The queue of an app (tests run it by hand). */
export const messageQueueOf = (ctx: AppContext) => queues.get(ctx);

const templateSpec: ListSpec = {
  fields: {
    templateName: { column: sysSmsTemplate.templateName, type: "string", sort: true },
    templateCode: { column: sysSmsTemplate.templateCode, type: "string", sort: true },
    templateType: { column: sysSmsTemplate.templateType, type: "string", sort: true },
    createTime: { column: sysSmsTemplate.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysSmsTemplate.id,
};

const messageSpec: ListSpec = {
  fields: {
    esTitle: { column: sysSms.esTitle, type: "string", sort: true },
    esType: { column: sysSms.esType, type: "string", sort: true },
    esReceiver: { column: sysSms.esReceiver, type: "string", sort: true },
    esSendStatus: { column: sysSms.esSendStatus, type: "string", sort: true },
    esSendNum: { column: sysSms.esSendNum, type: "int", sort: true },
    esSendTime: { column: sysSms.esSendTime, type: "datetime", sort: true },
    createTime: { column: sysSms.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysSms.id,
};

const toTemplateJson = (r: TemplateRow) => ({
  id: r.id,
  templateName: r.templateName,
  templateCode: r.templateCode,
  templateType: r.templateType,
  templateContent: r.templateContent,
  templateTestJson: r.templateTestJson,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

const toMessageJson = (r: MessageRow) => ({
  id: r.id,
  esTitle: r.esTitle,
  esType: r.esType,
  esReceiver: r.esReceiver,
  esParam: r.esParam,
  esContent: r.esContent,
  esSendTime: formatDateTime(r.esSendTime),
  esSendStatus: r.esSendStatus,
  esSendNum: r.esSendNum,
  esResult: r.esResult,
  remark: r.remark,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

const TemplateBody = Type.Object({
  templateName: OptionalText(50, "模板标题"),
  templateCode: Type.String({ title: "模板编码", minLength: 1, maxLength: 32, pattern: "^[A-Za-z0-9_-]+$" }),
  templateType: Type.String({ title: "模板类型", pattern: "^[1-4]$" }),
  // HTML for the e-mail and system-announcement channels (values are escaped into it), text for the others.
  templateContent: richText(Type.String({ title: "模板内容", minLength: 1, maxLength: 1000 })),
  // Values substituted as text (HTML-escaped into HTML channels): kept as sent.
  templateTestJson: verbatim(OptionalText(1000, "测试数据")),
});

const MessageBody = Type.Object({
  esTitle: OptionalText(100, "消息标题"),
  esType: Type.String({ title: "发送方式", pattern: "^[1-4]$" }),
  esReceiver: Type.String({ title: "接收人", minLength: 1, maxLength: 255 }),
  esParam: jsonText(OptionalText(1000, "发送所需参数")),
  esContent: OptionalRichText(100_000, "推送内容"),
  esSendStatus: OptionalText(2, "发送状态", "^(-1|0|1|2)$"),
  remark: OptionalText(500, "备注"),
});

const SendBody = Type.Object({
  templateCode: Type.String({ title: "模板编码", minLength: 1, maxLength: 32 }),
  testData: verbatim(OptionalText(1000, "测试数据")),
  receiver: Type.String({ title: "接收人", minLength: 1, maxLength: 255 }),
  msgType: OptionalText(1, "发送方式", "^[1-4]$"),
});

function parseJsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text || !text.trim()) return {};
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === "" ? null : v.trim());

export default async function messageRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, realtime } = app.ctx;
  const log = (obj: object, msg: string) => app.log.info(obj, msg);
  const queue = new MessageQueue(db, {
    "1": loggingSender(log, "短信"),
    "2": await smtpSender(config.smtpUrl, config.smtpFrom, config.smtpTimeoutMs),
    "3": loggingSender(log, "微信"),
    "4": announcementSender(realtime),
  });
  queues.set(app.ctx, queue);
  const kick = backgroundTask(app, "消息发送任务失败", config.messageSendIntervalSeconds, () => queue.runOnce().then(() => undefined));

  registerCrud<typeof TemplateBody, TemplateRow>(base, {
    base: "/sys/message/sysMessageTemplate",
    table: sysSmsTemplate,
    id: sysSmsTemplate.id,
    spec: templateSpec,
    codes: {
      list: "system:messageTemplate:list",
      add: "system:messageTemplate:add",
      edit: "system:messageTemplate:edit",
      delete: "system:messageTemplate:delete",
      deleteBatch: "system:messageTemplate:deleteBatch",
    },
    body: TemplateBody,
    values: (b) => {
      if (parseJsonObject(b.templateTestJson) === null) throw badRequest("「测试数据」必须是 JSON 对象");
      return {
        templateName: blank(b.templateName),
        templateCode: b.templateCode.trim(),
        templateType: b.templateType,
        templateContent: b.templateContent,
        templateTestJson: blank(b.templateTestJson),
      };
    },
    toJson: toTemplateJson,
    unique: [{ column: sysSmsTemplate.templateCode, key: "templateCode", message: "模板编码已存在" }],
    messages: { edit: "更新成功！", deleteBatch: "批量删除成功！" },
  });

  registerCrud<typeof MessageBody, MessageRow>(base, {
    base: "/sys/message/sysMessage",
    table: sysSms,
    id: sysSms.id,
    spec: messageSpec,
    codes: {
      list: "system:message:list",
      add: "system:message:add",
      edit: "system:message:edit",
      delete: "system:message:delete",
      deleteBatch: "system:message:deleteBatch",
    },
    body: MessageBody,
    values: (b, _db, id) => {
      const status = blank(b.esSendStatus) ?? (id ? undefined : "0");
      return {
        esTitle: blank(b.esTitle),
        esType: b.esType,
        esReceiver: b.esReceiver.trim(),
        esParam: blank(b.esParam),
        esContent: b.esContent ?? null,
        remark: blank(b.remark),
        // Back to 0 (pending) queues it again with a fresh count of attempts.
        ...(status === undefined ? {} : { esSendStatus: status, ...(status === "0" ? { esSendNum: 0, esResult: null } : {}) }),
      };
    },
    toJson: toMessageJson,
  });

  app.post("/sys/message/sysMessageTemplate/sendMsg", { config: can("system:messageTemplate:send"), schema: { body: SendBody } }, async (req) => {
    const user = req.currentUser();
    const [template] = await db.select().from(sysSmsTemplate).where(eq(sysSmsTemplate.templateCode, req.body.templateCode.trim()));
    if (!template) throw refused("消息模板不存在");
    const data = parseJsonObject(req.body.testData);
    if (data === null) throw refused("解析Json出错！");
    const type = blank(req.body.msgType) ?? template.templateType;
    const content = renderTemplate(template.templateContent, data, type === "2" || type === "4");
    await db.insert(sysSms).values({
      id: nextId(),
      esTitle: template.templateName ?? template.templateCode,
      esType: type,
      esReceiver: req.body.receiver.trim(),
      esParam: blank(req.body.testData),
      esContent: content,
      esSendStatus: "0",
      esSendNum: 0,
      createBy: user.username,
      createTime: new Date(),
    });
    kick();
    return ok(null, "发送消息任务添加成功！");
  });
}
