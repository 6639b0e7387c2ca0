/**
 * Text fields are cleaned in one place (server/lib/text.ts, docs/security.md "Text fields"): before
 * validation, every string of a JSON body loses its markup unless its schema declares it `x-text: rich`
 * (sanitised HTML) or `x-text: verbatim` (kept exactly). Validation then checks what will be stored, so a
 * name that was only markup is refused as empty.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { cleanText } from "../lib/text.js";

export default fp(async function textFields(app: FastifyInstance) {
  app.addHook("preValidation", async (req) => {
    if (req.body === undefined || req.body === null) return;
    req.body = cleanText(req.routeOptions.schema?.body, req.body);
  });
});
