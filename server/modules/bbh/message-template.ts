/**
 * `/bbh/api/messageTemplate` — bbh message templates (domain.md §4.24, §7.6): CRUD through `registerCrud`
 * (soft delete; `template_code` unique among live rows), the channel's required fields (a subscribe message
 * needs its WeChat template id and a field mapping of WeChat keywords to `${var}` expressions; an in-app or
 * SMS message its content), Excel export, and `preview`: the form as it stands rendered with the scene's
 * sample values (or the caller's), with the WeChat value limits applied as they will be when sending.
 */
import type { FastifyInstance } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhMessageTemplate } from "../../db/schema.js";
import { MSG_CHANNEL, SCENE_VARIABLES, WX_TIME_TYPES, WX_VALUE_LIMITS, messageTemplateLimits as L } from "../../../contract/bbh-message.js";
import { badRequest, ok } from "../../lib/envelope.js";
import type { ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "../sys/crud.js";
import { col, registerExport } from "./lists.js";
import { keywordType, parseFieldMapping, renderMessage, renderText, type TemplateRow } from "./message.repo.js";
import { Code, OptCode, blank, crudCodes, rowJson, textField } from "./shared.js";

const T = bbhMessageTemplate;
const BASE = "/bbh/api/messageTemplate";
const SCENES = Object.keys(SCENE_VARIABLES);

export const templateSpec: ListSpec = {
  fields: {
    templateCode: { column: T.templateCode, type: "string", sort: true },
    templateName: { column: T.templateName, type: "string", sort: true },
    channel: { column: T.channel, type: "int", sort: true },
    scene: { column: T.scene, type: "string", sort: true },
    wxTemplateId: { column: T.wxTemplateId, type: "string" },
    templateStatus: { column: T.templateStatus, type: "int", sort: true },
    createTime: { column: T.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: T.id,
  component: "bbh/message/MessageTemplateList",
};

const DICTS = { channel: "bbh_msg_channel", scene: "bbh_msg_scene", templateStatus: "bbh_enable_status", miniprogramState: "bbh_mp_state" };

const TemplateBody = Type.Object({
  templateCode: textField(L.templateCode),
  templateName: textField(L.templateName),
  channel: Code("消息渠道", [1, 2, 3]),
  scene: Type.String({ title: "触发场景", enum: SCENES } as Parameters<typeof Type.String>[0]),
  wxTemplateId: textField(L.wxTemplateId),
  pagePath: textField(L.pagePath),
  miniprogramState: Type.Optional(Type.Union([Type.Null(), Type.String({ title: "跳转版本", pattern: "^$|^(formal|trial|developer)$" })], { title: "跳转版本" })),
  title: textField(L.title),
  content: textField(L.content),
  fieldMapping: textField(L.fieldMapping),
  templateStatus: OptCode("状态", [0, 1]),
  remark: textField(L.remark),
});
type Body = Static<typeof TemplateBody>;

/** `${` that does not open a well-formed `${name}` placeholder. */
function assertPlaceholders(text: string | null | undefined, label: string) {
  if (!text) return;
  const stripped = text.replace(/\$\{\s*[A-Za-z_]\w*\s*\}/g, "");
  if (stripped.includes("${")) throw badRequest(`${label}中的变量写法不正确，应为 \${变量名}`);
}

/** The form → columns, refusing what cannot be sent on its channel. */
export function templateValues(b: Body): Record<string, unknown> {
  const channel = b.channel;
  const v = {
    templateCode: b.templateCode.trim(),
    templateName: b.templateName.trim(),
    channel,
    scene: b.scene,
    wxTemplateId: blank(b.wxTemplateId) ?? null,
    pagePath: blank(b.pagePath) ?? null,
    miniprogramState: blank(b.miniprogramState) ?? "formal",
    title: blank(b.title) ?? null,
    content: b.content?.trim() ? b.content : null,
    fieldMapping: blank(b.fieldMapping) ?? null,
    templateStatus: b.templateStatus ?? 1,
    remark: blank(b.remark) ?? null,
  };
  assertPlaceholders(v.pagePath, "跳转页");
  assertPlaceholders(v.title, "标题");
  assertPlaceholders(v.content, "内容");
  if (channel === MSG_CHANNEL.wechat) {
    if (!v.wxTemplateId) throw badRequest("小程序订阅消息请填写微信模板ID");
    const parsed = parseFieldMapping(v.fieldMapping);
    if ("error" in parsed) throw badRequest(parsed.error);
    for (const [k, expr] of Object.entries(parsed.mapping)) assertPlaceholders(expr, `字段映射「${k}」`);
    // Kept as compact JSON in the order given (WeChat shows keywords in the template's own order anyway).
    v.fieldMapping = JSON.stringify(parsed.mapping);
    if (v.pagePath?.startsWith("/")) throw badRequest("跳转页不能以 / 开头，如 pages/index/index?id=${activityId}");
  } else {
    if (!v.content) throw badRequest(channel === MSG_CHANNEL.inApp ? "站内消息请填写内容" : "短信请填写内容");
    if (channel === MSG_CHANNEL.inApp && !v.title) throw badRequest("站内消息请填写标题");
    v.fieldMapping = null;
    v.wxTemplateId = null;
  }
  return v;
}

async function assertCodeFree(tx: Db, code: string, id?: string) {
  const [hit] = await tx.select({ id: T.id }).from(T).where(and(eq(T.templateCode, code), eq(T.delFlag, 0), id ? ne(T.id, id) : undefined)).limit(1);
  if (hit) throw badRequest(`模板编码【${code}】已存在`);
}

const PreviewBody = Type.Object({
  ...TemplateBody.properties,
  vars: Type.Optional(Type.Record(Type.String({ title: "变量名", pattern: "^[A-Za-z_]\\w{0,49}$" }), Type.Union([Type.String({ title: "变量值", maxLength: 1000 }), Type.Number({ title: "变量值" }), Type.Null()], { title: "变量值" }), { title: "变量值" })),
});

export default async function messageTemplateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const codes = crudCodes("messageTemplate");

  registerCrud<typeof TemplateBody, TemplateRow>(base, {
    base: BASE,
    table: T,
    id: T.id,
    spec: templateSpec,
    codes,
    body: TemplateBody,
    softDelete: T.delFlag,
    orgCode: true,
    dictFields: DICTS,
    values: async (b, tx, id) => {
      const v = templateValues(b);
      await assertCodeFree(tx, String(v.templateCode), id);
      return v;
    },
    toJson: (r) => rowJson(r),
  });

  registerExport<TemplateRow>(base, {
    base: BASE,
    table: T,
    id: T.id,
    spec: templateSpec,
    code: "bbh:messageTemplate:export",
    dictFields: DICTS,
    where: () => [eq(T.delFlag, 0)],
    excel: {
      title: "消息模板",
      columns: [col("模板编码", "templateCode", 24), col("模板名称", "templateName", 20), col("渠道", "channel"), col("场景", "scene"), col("微信模板ID", "wxTemplateId", 30), col("跳转页", "pagePath", 30), col("标题", "title", 20), col("内容", "content", 40), col("字段映射", "fieldMapping", 50), col("状态", "templateStatus"), col("备注", "remark", 20)],
    },
  });

  app.post(`${BASE}/preview`, { config: can(codes.list), schema: { body: PreviewBody } }, async (req) => {
    const { vars: given, ...form } = req.body;
    const t = templateValues(form as Body) as unknown as TemplateRow;
    const variables = SCENE_VARIABLES[form.scene] ?? [];
    const vars: Record<string, unknown> = Object.fromEntries(variables.map((x) => [x.name, x.sample]));
    for (const [k, v] of Object.entries(given ?? {})) vars[k] = v ?? "";
    const r = renderMessage(t, vars);
    const mapping = t.channel === MSG_CHANNEL.wechat ? (parseFieldMapping(t.fieldMapping) as { mapping: Record<string, string> }).mapping : {};
    const fields = Object.entries(mapping).map(([key, expression]) => {
      const type = keywordType(key);
      const rendered = renderText(expression, vars).trim();
      const value = r.data?.[key]?.value ?? "";
      const time = (WX_TIME_TYPES as readonly string[]).includes(type);
      return {
        key,
        expression,
        rendered,
        value,
        limit: time ? "yyyy年M月d日 HH:mm" : WX_VALUE_LIMITS[type] ? `≤${WX_VALUE_LIMITS[type]}字` : null,
        // Cut or stripped to fit (a time is reformatted, not cut).
        trimmed: !time && rendered !== value,
      };
    });
    return ok({ channel: t.channel, title: r.title, content: t.channel === MSG_CHANNEL.wechat ? null : r.content, pagePath: r.pagePath, fields, request: t.channel === MSG_CHANNEL.wechat ? JSON.parse(r.content) : null, variables: variables.map((x) => ({ ...x, value: vars[x.name] })) });
  });
}
