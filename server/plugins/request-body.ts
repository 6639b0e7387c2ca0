/**
 * Request bodies as JeecgBoot clients send them, and text PostgreSQL cannot store.
 *
 * - An empty (or blank) body with a JSON content type is no body at all: the Vue 2 client posts
 *   `Content-Type: application/json;charset=UTF-8` with nothing after it (`/sys/logout`, DELETEs).
 *   Fastify's own parser answers that with 400, so it is replaced by one that only parses what is there.
 * - A route whose body schema has required fields answers a missing body with 400 `请求体不能为空`; a
 *   body schema without required fields receives `{}`.
 * - NUL (U+0000) anywhere in the query, path parameters or JSON body is refused with 400 before a handler
 *   runs: PostgreSQL text cannot hold it, and the query would fail with a 500.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../lib/envelope.js";

export const EMPTY_BODY_MESSAGE = "请求体不能为空";
export const NUL_MESSAGE = "请求参数不能包含空字符（\\u0000）";

/** Whether a parsed value holds a NUL character in any string, key included (depth-bounded). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object" || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || containsNul(v, depth + 1));
}

function requiresBody(req: FastifyRequest): boolean | null {
  const schema = req.routeOptions.schema?.body as { required?: unknown[] } | undefined;
  if (!schema) return null;
  return Array.isArray(schema.required) && schema.required.length > 0;
}

export default fp(async function requestBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? "error", app.initialConfig.onConstructorPoisoning ?? "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = body as string;
    if (text.trim() === "") return done(null, undefined);
    parseJson(req, text, done);
  });

  app.addHook("preValidation", async (req) => {
    if (req.body === undefined || req.body === null) {
      const required = requiresBody(req);
      if (required) throw badRequest(EMPTY_BODY_MESSAGE);
      if (required === false) req.body = {};
    }
    if (containsNul(req.query) || containsNul(req.params) || containsNul(req.body)) throw badRequest(NUL_MESSAGE);
  });
});
