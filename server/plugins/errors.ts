/**
 * One error handler for the whole API. Every failure becomes the JeecgBoot
 * envelope with a Chinese message and the right HTTP status; 5xx never leak internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ErrorObject } from "ajv";
import localizeZh from "ajv-i18n/localize/zh/index.js";
import { ApiError, fail } from "../lib/envelope.js";
import { databaseFault } from "../db/client.js";
import { describeError } from "../lib/dependency.js";
import { DATE_TIME_PATTERN, DATE_YEARS, fieldTitle } from "../lib/field-schema.js";
import { DATE_MAX, DATE_MIN } from "../lib/dates.js";
import { FINITE_KEYWORD } from "../lib/finite-numbers.js";

const CONTEXT_LABEL: Record<string, string> = {
  body: "请求体",
  querystring: "查询参数",
  params: "路径参数",
  headers: "请求头",
};

const TYPE_NAMES: Record<string, string> = {
  integer: "整数",
  number: "数字",
  string: "文本",
  boolean: "布尔值",
  array: "数组",
  object: "对象",
};

/** The format a date pattern of server/lib/field-schema.ts asks for, or undefined for another pattern. */
function dateFormat(pattern: unknown): string | undefined {
  if (typeof pattern !== "string" || !pattern.includes(DATE_YEARS)) return undefined;
  return pattern.includes(DATE_TIME_PATTERN.slice(1)) ? "yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd";
}

/** A union reports every branch that failed; the branch the value meant to take says the most. */
export function mostTelling(errors: ErrorObject[]): ErrorObject {
  const useful = errors.filter((e) => !["anyOf", "oneOf", "if"].includes(e.keyword) && !(e.keyword === "type" && (e.params as { type?: string }).type === "null"));
  const limits = useful.filter((e) => e.keyword !== "type" && e.keyword !== "const" && e.keyword !== "enum");
  return limits[0] ?? useful[0] ?? errors[0];
}

/** What went wrong with the field `label`, or with an unnamed field when the schema gives no label. */
export function problem(e: ErrorObject, label: string | undefined): string {
  const p = e.params as Record<string, unknown>;
  const named = label ? `「${label}」` : "";
  switch (e.keyword) {
    case "maxLength":
      return label ? `${named}不能超过${p.limit}个字符` : `有字段超过长度限制（最多${p.limit}个字符）`;
    case "minLength":
      return p.limit === 1 ? (label ? `${named}不能为空` : "有必填字段为空") : label ? `${named}不能少于${p.limit}个字符` : `有字段少于${p.limit}个字符`;
    case "pattern": {
      const date = dateFormat(p.pattern);
      if (date) return `${label ? named : "日期字段"}应为 ${DATE_MIN} 至 ${DATE_MAX} 之间的有效日期（${date}）`;
      return label ? `${named}格式不正确` : "字段格式不正确";
    }
    case "format":
      return label ? `${named}格式不正确` : "字段格式不正确";
    case "type":
      return label ? `${named}应为${TYPE_NAMES[String(p.type).split(",")[0]] ?? "正确的类型"}` : "字段类型不正确";
    case "minimum":
    case "exclusiveMinimum":
      return label ? `${named}不能小于${p.limit}` : `有字段小于${p.limit}`;
    case "maximum":
    case "exclusiveMaximum":
      return label ? `${named}不能大于${p.limit}` : `有字段大于${p.limit}`;
    case "maxItems":
      return label ? `${named}最多${p.limit}项` : `有字段超过${p.limit}项`;
    case "minItems":
      return label ? `${named}至少${p.limit}项` : `有字段少于${p.limit}项`;
    case "enum":
    case "const":
      return label ? `${named}的取值不在允许范围内` : "字段取值不在允许范围内";
    case FINITE_KEYWORD:
      return label ? `${named}不是有效的数字` : "有字段不是有效的数字";
    case "additionalProperties":
      return "包含不支持的字段";
    default:
      return label ? `${named}${e.message ?? "格式不正确"}` : "字段格式不正确";
  }
}

/**
 * The most telling schema error as one Chinese sentence. A field is named by its schema `title` (its Chinese
 * label), never by its property name; a field without a title is described without a name.
 */
export function validationMessage(errors: ErrorObject[], context?: string, schema?: unknown): string {
  const copy = errors.map((e) => ({ ...e }));
  localizeZh(copy);
  const first = mostTelling(copy);
  const where = CONTEXT_LABEL[context ?? ""] ?? "参数";
  const params = first.params as { missingProperty?: string };
  if (first.keyword === "required" && params.missingProperty) {
    const label = fieldTitle(schema, `${first.instancePath}/${params.missingProperty}`);
    return `${where}校验失败：${label ? `缺少必填字段「${label}」` : "缺少必填字段"}`;
  }
  if (!first.instancePath && first.keyword === "type") return `${where}校验失败：格式不正确`;
  return `${where}校验失败：${problem(first, fieldTitle(schema, first.instancePath))}`;
}

const FASTIFY_CODES: Record<string, [status: number, message: (err: FastifyError) => string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, () => "请求体不是有效的 JSON"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, () => "请求体不能为空"],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, () => "请求体过大，超出服务器允许的大小"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, () => "不支持的请求内容类型（Content-Type）"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, () => "请求体长度与 Content-Length 不符"],
  FST_ERR_BAD_URL: [400, () => "请求地址格式不正确"],
  FST_ERR_MAX_PARAM_LENGTH: [414, () => "请求地址过长"],
  FST_ERR_ASYNC_CONSTRAINT: [400, () => "请求不正确"],
};

/** Errors Fastify raises while routing, before any hook runs (bad URL encoding, overlong parameters). */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const [status, message] = FASTIFY_CODES[err.code] ?? [400, () => "请求不正确"];
  return reply.status(status).send(fail(message(err), status));
}

/** The SQLSTATE of a driver error, also when drizzle wrapped it (`DrizzleQueryError.cause`). */
function causeCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) {
      return reply.status(err.statusCode).send(fail(err.message, err.code));
    }
    if (err.validation) {
      const context = err.validationContext;
      const schema = context ? (req.routeOptions.schema as Record<string, unknown> | undefined)?.[context] : undefined;
      return reply.status(400).send(fail(validationMessage(err.validation as ErrorObject[], context, schema), 400));
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.status(known[0]).send(fail(known[1](err), known[0]));
    if (err.statusCode === 429) {
      return reply.status(429).send(fail("请求过于频繁，请稍后再试", 429));
    }
    // The database is down, restarting, unreachable or too slow: a clean 503 the client may retry, no stack.
    const fault = databaseFault(err);
    if (fault) {
      if (fault === "unavailable") req.server.ctx?.health?.db.markDown(err);
      req.log.warn({ reason: describeError(err) }, fault === "timeout" ? "database timeout" : "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send(fail(fault === "timeout" ? "数据库响应超时，请稍后再试" : "数据库暂时不可用，请稍后再试", 503));
    }
    const sqlState = causeCode(err);
    if (sqlState === "23505") {
      return reply.status(409).send(fail("数据库中已存在该记录", 500));
    }
    // Class 22 (data exception): a value the database cannot take (out of range, not a date, too long). The
    // list helper and the schemas refuse such values first, naming the parameter; one that slipped through is
    // still the request's fault, never a 500. Logged, so the missing check can be added.
    if (sqlState?.startsWith("22")) {
      req.log.warn({ err, sqlState }, "database refused a value");
      return reply.status(400).send(fail("请求参数的取值超出范围或格式不正确", 400));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      req.log.info({ err }, "client error");
      return reply.status(err.statusCode).send(fail("请求不正确", err.statusCode));
    }
    req.log.error({ err }, "request failed");
    return reply.status(500).send(fail("操作失败，服务器内部错误", 500));
  });

});
