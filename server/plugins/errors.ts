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

const CONTEXT_LABEL: Record<string, string> = {
  body: "请求体",
  querystring: "查询参数",
  params: "路径参数",
  headers: "请求头",
};

/** The first schema error as one Chinese sentence, naming the field. */
export function validationMessage(errors: ErrorObject[], context?: string): string {
  const copy = errors.map((e) => ({ ...e }));
  localizeZh(copy);
  const first = copy[0];
  const where = CONTEXT_LABEL[context ?? ""] ?? "参数";
  const params = first.params as { missingProperty?: string; additionalProperty?: string };
  if (first.keyword === "required" && params.missingProperty) {
    return `${where}校验失败：缺少必填字段「${params.missingProperty}」`;
  }
  const field = params.additionalProperty ?? first.instancePath.replace(/^\//, "").replaceAll("/", ".");
  return `${where}校验失败：${field ? `「${field}」` : ""}${first.message ?? "格式不正确"}`;
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
      return reply.status(400).send(fail(validationMessage(err.validation as ErrorObject[], err.validationContext), 400));
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
    if (causeCode(err) === "23505") {
      return reply.status(409).send(fail("数据库中已存在该记录", 500));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      req.log.info({ err }, "client error");
      return reply.status(err.statusCode).send(fail("请求不正确", err.statusCode));
    }
    req.log.error({ err }, "request failed");
    return reply.status(500).send(fail("操作失败，服务器内部错误", 500));
  });

});
