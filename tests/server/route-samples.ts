/**
 * Valid requests for any route, built from its own schemas: the route walks (scoped access by id, writes right
 * after a dictionary write) need requests that pass validation, so that they reach what they test. Each value
 * is the first of a few plausible candidates that the property's own schema accepts (checked with ajv, as
 * Fastify checks it), so patterns and formats need no special cases here.
 */
import type { RouteOptions } from "fastify";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
};

const ajv = new Ajv({ strict: false, coerceTypes: true, allErrors: false });
addFormats(ajv as never);
const compiled = new WeakMap<Schema, ValidateFunction>();
const accepts = (schema: Schema, value: unknown) => {
  let v = compiled.get(schema);
  if (!v) compiled.set(schema, (v = ajv.compile(schema)));
  return v(structuredClone(value));
};

const STRING_CANDIDATES = ["x1", "1", "2026-01-01 10:00:00", "2026-01-01", "a@b.cn", "13800000000", "0 0/5 * * * ?", "测试", "a", "https://example.cn/a.png"];

/** A value the schema accepts, or undefined when none of the candidates is. */
export function sampleValue(schema: Schema, overrides: Record<string, unknown> = {}, key = ""): unknown {
  if (key && key in overrides) return overrides[key];
  if ("const" in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf) {
    for (const branch of schema.anyOf) {
      if (branch.type === "null") continue;
      const v = sampleValue(branch, overrides, key);
      if (v !== undefined && accepts(schema, v)) return v;
    }
    return null;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return sampleObject(schema, overrides);
    case "array": {
      const n = Math.max(1, schema.minItems ?? 1);
      const item = schema.items ? sampleValue(schema.items, overrides, key) : "x1";
      return Array.from({ length: n }, () => item);
    }
    case "integer":
    case "number": {
      const lo = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? (schema.exclusiveMinimum as number) + 1 : undefined;
      const hi = typeof schema.maximum === "number" ? schema.maximum : undefined;
      for (const v of [1, lo, hi, 0].filter((x): x is number => typeof x === "number")) if (accepts(schema, v)) return v;
      return lo ?? 0;
    }
    case "boolean":
      return false;
    case "string":
      for (const v of STRING_CANDIDATES) if (accepts(schema, v)) return v;
      return undefined;
    default:
      return undefined;
  }
}

/** Every property the schema declares (required or not, so optional branches run too), with overrides by name. */
export function sampleObject(schema: Schema, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, prop] of Object.entries(schema.properties ?? {})) {
    const v = sampleValue(prop, overrides, k);
    if (v !== undefined) out[k] = v;
  }
  for (const [k, v] of Object.entries(overrides)) if (!(k in out) && k in (schema.properties ?? {})) out[k] = v;
  return out;
}

export interface RouteSchemas {
  querystring?: Schema;
  body?: Schema;
  params?: Schema;
}
export const schemasOf = (route: RouteOptions) => (route.schema ?? {}) as RouteSchemas;

/** The top-level property names a route's query, path and body declare. */
export function declaredProperties(route: RouteOptions): Array<{ where: "query" | "params" | "body"; name: string; schema: Schema }> {
  const s = schemasOf(route);
  const out: Array<{ where: "query" | "params" | "body"; name: string; schema: Schema }> = [];
  for (const [where, schema] of [["query", s.querystring], ["params", s.params], ["body", s.body]] as const) {
    for (const [name, prop] of Object.entries(schema?.properties ?? {})) out.push({ where, name, schema: prop });
  }
  return out;
}

/** A request that passes the route's validation: `url` with path and query filled, and the body. */
export function sampleRequest(route: RouteOptions, overrides: Record<string, unknown> = {}) {
  const s = schemasOf(route);
  const params = s.params ? sampleObject(s.params, overrides) : {};
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? overrides[name] ?? "x1")));
  const query = s.querystring ? sampleObject(s.querystring, overrides) : {};
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)])).toString();
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as "GET" | "POST" | "PUT" | "DELETE";
  const body = s.body ? sampleObject(s.body, overrides) : undefined;
  return { method, url: qs ? `${path}?${qs}` : path, body };
}
