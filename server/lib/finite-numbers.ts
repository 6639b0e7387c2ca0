/**
 * Ajv plugin (server/app.ts `ajv.plugins`): every number and integer of every request schema must be finite.
 *
 * Why: Fastify's Ajv coerces query strings (`coerceTypes`), and its coercion reads `"1e400"`, `"Infinity"` and
 * `"-Infinity"` as numbers (`data == +data`) without asking whether they are finite; `minimum`/`maximum` then
 * skip the value, because Ajv applies them to finite numbers only. So `Type.Integer({ maximum: 20 })` let
 * `count=Infinity` through (`cronPreview` computed 355 000 dates). A JSON body's own `1e400` already fails the
 * type check; a string `"1e400"` in a body coerces the same way.
 *
 * How: the plugin compiles each schema as a copy in which every node whose `type` names number or integer also
 * carries the `finiteNumber` keyword, checked after coercion. The route's own schema object is left as it is
 * (the API document and the error messages read it); copies are kept per schema object, so Ajv's cache still
 * compiles a shared schema once.
 */
import type Ajv from "ajv";
import { _, type KeywordCxt } from "ajv";

export const FINITE_KEYWORD = "finiteNumber";

type Node = Record<string, unknown>;

const numeric = (type: unknown) => (Array.isArray(type) ? type : [type]).some((t) => t === "number" || t === "integer");

function withFiniteNumbers(schema: unknown, copies: WeakMap<object, unknown>): unknown {
  if (!schema || typeof schema !== "object") return schema;
  const known = copies.get(schema);
  if (known) return known;
  let copy: unknown;
  if (Array.isArray(schema)) {
    const list: unknown[] = [];
    copies.set(schema, list);
    for (const item of schema) list.push(withFiniteNumbers(item, copies));
    copy = list;
  } else {
    const node: Node = {};
    copies.set(schema, node);
    for (const [key, value] of Object.entries(schema as Node)) {
      // `enum`/`const`/`default`/`examples` hold values, not schemas.
      node[key] = key === "enum" || key === "const" || key === "default" || key === "examples" ? value : withFiniteNumbers(value, copies);
    }
    if (numeric(node.type)) node[FINITE_KEYWORD] = true;
    copy = node;
  }
  return copy;
}

export default function finiteNumbers(ajv: Ajv): Ajv {
  ajv.addKeyword({
    keyword: FINITE_KEYWORD,
    schemaType: "boolean",
    // No `type`: Ajv would then run it only for finite numbers, the very values that need no check.
    code(cxt: KeywordCxt) {
      if (cxt.schema === true) cxt.fail(_`typeof ${cxt.data} == "number" && !isFinite(${cxt.data})`);
    },
    error: { message: "must be a finite number" },
  });
  const copies = new WeakMap<object, unknown>();
  const compile = ajv.compile.bind(ajv);
  ajv.compile = ((schema: unknown, meta?: boolean) => compile(withFiniteNumbers(schema, copies) as never, meta)) as typeof ajv.compile;
  return ajv;
}
