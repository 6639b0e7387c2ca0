/**
 * Values the database cannot hold are refused before they reach it (issue 23, found by a schema-driven fuzzer
 * over every operation of /v3/api-docs): integer filters beyond their column's type, dates outside
 * 1900-01-01 … 9999-12-31, and non-finite numbers that Ajv's coercion used to let past `maximum`. Every walk
 * below goes over all registered routes, so a new list or a new number field is covered without a line here.
 */
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, getTableColumns, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import Ajv from "ajv";
import * as schema from "../../server/db/schema.js";
import { sysQuartzJob, sysUser } from "../../server/db/schema.js";
import { dateOutOfRange, parseDateTime } from "../../server/lib/dates.js";
import { DATE_YEARS } from "../../server/lib/field-schema.js";
import { validationMessage } from "../../server/plugins/errors.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => void routes.push(route) });
  admin = await t.login();
});
afterAll(() => t.close());

type Schema = { title?: string; type?: unknown; properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[]; enum?: unknown[]; pattern?: string };
const methods = (r: RouteOptions) => [r.method].flat().map(String);
const query = (r: RouteOptions) => (r.schema as { querystring?: Schema } | undefined)?.querystring;

/** GET routes that read a list through the list helper: they take `pageNo`, or they are a list's export. */
const listRoutes = () =>
  routes.filter((r) => r.url.startsWith(API) && methods(r).includes("GET") && (query(r)?.properties?.pageNo || r.url.endsWith("/exportXls")));

/** A stand-in for each required query parameter other than the ones under test (ids of nothing, mostly). */
function requiredFill(r: RouteOptions, skip: Set<string>): Record<string, string> {
  const q = query(r);
  const out: Record<string, string> = {};
  for (const key of q?.required ?? []) if (!skip.has(key)) out[key] = "1";
  return out;
}

const get = async (url: string, params: Record<string, string>) => {
  const res = await t.app.inject({ method: "GET", url: `${url.replace(/:(\w+)/g, "1")}?${new URLSearchParams(params)}`, headers: { "x-access-token": admin } });
  const json = res.headers["content-type"]?.toString().includes("json") ? res.json() : {};
  return { status: res.statusCode, message: String(json.message ?? "") };
};

/** Every property name of an integer column in the schema, with the column types it has somewhere. */
function integerProperties() {
  const out = new Map<string, Set<string>>();
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    for (const [key, column] of Object.entries(getTableColumns(table))) {
      const type = column.getSQLType();
      if (type !== "smallint" && type !== "integer") continue;
      if (!out.has(key)) out.set(key, new Set());
      out.get(key)!.add(type);
    }
  }
  return out;
}

/**
 * Sends `params` to a list, and each time it refuses one parameter by name takes that one out and sends the
 * rest again, so every filter of the list is tried. Returns the parameters refused, with their messages.
 */
async function refusalsOf(r: RouteOptions, params: Record<string, string>) {
  const left = { ...params };
  const refused: Record<string, string> = {};
  for (let i = 0; i <= Object.keys(params).length; i++) {
    const { status, message } = await get(r.url, { ...left, ...requiredFill(r, new Set(Object.keys(left))) });
    expect(status, `${r.url}: ${message}`).not.toBe(500);
    const named = /^参数「(\w+)」/.exec(message)?.[1];
    if (status !== 400 || !named || !(named in left)) break;
    refused[named] = message;
    delete left[named];
  }
  return refused;
}

describe("integer filters are bounded by their column's type (item 8)", () => {
  it("every list refuses 2147483648 for an integer column, naming the parameter, and never answers 500", async () => {
    const lists = listRoutes();
    expect(lists.length).toBeGreaterThan(60);
    const names = integerProperties();
    const params = Object.fromEntries([...names.keys()].map((k) => [k, "2147483648"]));
    let listsWithIntegers = 0;
    for (const r of lists) {
      const refused = await refusalsOf(r, params);
      if (Object.keys(refused).length) listsWithIntegers++;
      for (const [name, message] of Object.entries(refused)) expect(message, r.url).toMatch(new RegExp(`^参数「${name}」(的取值超出范围（-?\\d+ 至 \\d+）|不是有效的日期)`));
    }
    expect(listsWithIntegers).toBeGreaterThanOrEqual(50);
  });

  it("a smallint column refuses 32768 and takes 32767; an integer column takes 2147483647", async () => {
    const ok = await get(`${API}/sys/user/list`, { sex: "32767", status: "-32768" });
    expect(ok.status).toBe(200);
    expect(await get(`${API}/sys/user/list`, { sex: "32768" })).toEqual({ status: 400, message: "参数「sex」的取值超出范围（-32768 至 32767）" });
    expect(await get(`${API}/sys/user/list`, { status: "!-32769" })).toEqual({ status: 400, message: "参数「status」的取值超出范围（-32768 至 32767）" });
    expect(await get(`${API}/sys/user/list`, { sex: "1,40000" })).toEqual({ status: 400, message: "参数「sex」的取值超出范围（-32768 至 32767）" });
    // A job that exists: an unknown jobId is answered as not found before the filters are read.
    const [job] = await t.database.db.select({ id: sysQuartzJob.id }).from(sysQuartzJob).limit(1);
    expect(await get(`${API}/sys/quartzJob/logList`, { jobId: job.id, durationMs_begin: "2147483647" })).toMatchObject({ status: 200 });
    expect(await get(`${API}/sys/quartzJob/logList`, { jobId: job.id, durationMs_begin: "2147483648" })).toEqual({
      status: 400,
      message: "参数「durationMs_begin」的取值超出范围（-2147483648 至 2147483647）",
    });
  });

  it("a value the database refuses that slipped past every check (class 22) is a 400, never a 500", async () => {
    const [user] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, "zhangsan"));
    const res = await t.app.inject({ method: "PUT", url: `${API}/sys/user/edit`, headers: { "x-access-token": admin }, payload: { id: user.id, birthday: "2024-02-31" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, message: "请求参数的取值超出范围或格式不正确" });
  });
});

/** Every property name of a date or timestamp column in the schema. */
function dateProperties() {
  const out = new Set<string>();
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    for (const [key, column] of Object.entries(getTableColumns(table))) if (/^(date|timestamp)/.test(column.getSQLType())) out.add(key);
  }
  return [...out];
}

/** The request-body properties (top level, through unions) whose schema is one of the shared date patterns. */
function datePatternProperties(body: Schema | undefined): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, prop] of Object.entries(body?.properties ?? {})) {
    const nodes = [prop, ...(prop.anyOf ?? [])];
    const dated = nodes.find((n) => typeof n.pattern === "string" && n.pattern.includes(DATE_YEARS));
    if (dated) out.push([key, String((prop as { title?: string }).title ?? (dated as { title?: string }).title)]);
  }
  return out;
}

describe("dates are bounded to 1900-01-01 … 9999-12-31 (item 9)", () => {
  it("every list refuses <date>_begin / _end / = 0001-01-01, naming the parameter, and never answers 500", async () => {
    const names = dateProperties();
    let listsWithDates = 0;
    for (const suffix of ["_begin", "_end", ""]) {
      const params = Object.fromEntries(names.map((k) => [`${k}${suffix}`, "0001-01-01"]));
      let lists = 0;
      for (const r of listRoutes()) {
        const refused = await refusalsOf(r, params);
        if (Object.keys(refused).length) lists++;
        for (const [name, message] of Object.entries(refused)) expect(message, `${r.url} ${name}`).toBe(`参数「${name}」的日期超出范围（1900-01-01 至 9999-12-31）`);
      }
      if (suffix === "_begin") listsWithDates = lists;
    }
    expect(listsWithDates).toBeGreaterThanOrEqual(36);
  });

  it("takes the ends of the range, refuses a day before or after it", async () => {
    expect(await get(`${API}/sys/user/list`, { createTime_begin: "1900-01-01", createTime_end: "9999-12-31" })).toMatchObject({ status: 200 });
    expect(await get(`${API}/sys/user/list`, { createTime_begin: "1899-12-31 23:59:59" })).toEqual({ status: 400, message: "参数「createTime_begin」的日期超出范围（1900-01-01 至 9999-12-31）" });
    expect(await get(`${API}/sys/user/list`, { createTime: ">= 0001-01-01" })).toEqual({ status: 400, message: "参数「createTime」的日期超出范围（1900-01-01 至 9999-12-31）" });
    expect(await get(`${API}/sys/user/list`, { birthday_end: "0099-01-01" })).toEqual({ status: 400, message: "参数「birthday_end」的日期超出范围（1900-01-01 至 9999-12-31）" });
  });

  it("every body date field built on the shared date pattern refuses 0001-01-01 by its label", async () => {
    const ajv = new Ajv({ coerceTypes: "array", useDefaults: true, removeAdditional: true, allErrors: true, strict: false });
    let fields = 0;
    for (const r of routes.filter((x) => x.url.startsWith(API))) {
      const body = (r.schema as { body?: Schema } | undefined)?.body;
      const dated = datePatternProperties(body);
      if (!dated.length) continue;
      const validate = ajv.compile(body!);
      for (const [key, title] of dated) {
        fields++;
        for (const [value, ok] of [["0001-01-01", false], ["1899-12-31 23:59:59", false], ["2024-13-01", false], ["1900-01-01", true], ["9999-12-31", true]] as const) {
          validate({ [key]: value });
          const errors = (validate.errors ?? []).filter((e) => e.instancePath === `/${key}`);
          expect(errors.length === 0, `${r.url} ${key}=${value}`).toBe(ok);
          if (!ok) expect(validationMessage(errors, "body", body), `${r.url} ${key}`).toMatch(new RegExp(`^请求体校验失败：「${title}」应为 1900-01-01 至 9999-12-31 之间的有效日期（yyyy-MM-dd`));
        }
      }
    }
    expect(fields).toBeGreaterThanOrEqual(10);
  });

  it("over the wire: a red-mark activity's start and a user's birthday of 0001-01-01 are 400s naming the field", async () => {
    const activity = await t.app.inject({ method: "POST", url: `${API}/bbh/api/activity/main/add`, headers: { "x-access-token": admin }, payload: { activityName: "远古活动", activityType: 1, startTime: "0001-01-01 00:00:00" } });
    expect(activity.statusCode).toBe(400);
    expect(activity.json().message).toBe("请求体校验失败：「开始时间」应为 1900-01-01 至 9999-12-31 之间的有效日期（yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss）");
    const [user] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, "zhangsan"));
    const edit = await t.app.inject({ method: "PUT", url: `${API}/sys/user/edit`, headers: { "x-access-token": admin }, payload: { id: user.id, birthday: "0001-01-01" } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe("请求体校验失败：「生日」应为 1900-01-01 至 9999-12-31 之间的有效日期（yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss）");
    const own = await t.app.inject({ method: "PUT", url: `${API}/sys/user/appEdit`, headers: { "x-access-token": admin }, payload: { birthday: "0001-01-01" } });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe("请求体校验失败：「生日」应为 1900-01-01 至 9999-12-31 之间的有效日期（yyyy-MM-dd）");
  });

  it("the parser the list helper and the bodies share refuses the same days", () => {
    expect(parseDateTime("0001-01-01")).toBeNull();
    expect(parseDateTime("1899-12-31 23:59:59")).toBeNull();
    expect(parseDateTime("1900-01-01")?.toISOString()).toBe("1899-12-31T16:00:00.000Z");
    expect(parseDateTime("9999-12-31", true)?.toISOString()).toBe("9999-12-31T15:59:59.000Z");
    expect(dateOutOfRange("0001-01-01")).toBe(true);
    expect(dateOutOfRange("2024-02-31")).toBe(false);
  });
});

const typesOf = (node: Schema): string[] => [...[node.type ?? []].flat().map(String), ...(node.anyOf ?? []).flatMap(typesOf)];
/** A number or integer property (null allowed), no text branch that would take "Infinity" as text. */
const isNumeric = (node: Schema) => {
  const types = typesOf(node).filter((x) => x !== "null");
  return types.length > 0 && types.every((x) => x === "number" || x === "integer");
};

/** The value must be one of a list of codes (`enum`, or a union of literals). */
const codeList = (node: Schema & { const?: unknown }): boolean => !!node.enum || node.const !== undefined || (node.anyOf ?? []).some(codeList);

const CANDIDATES = ["1", "a", "A1", "abc", "1900-01-01", "2024-01-01 00:00:00", "a@b.cn", "13800000000", "0 0 3 * * ?", "sys_user", "x.y"];
/** A value the schema takes, for the required fields around the one under test. */
function sample(node: Schema & { minimum?: number; maximum?: number; minLength?: number; items?: Schema; minItems?: number; const?: unknown }): unknown {
  if (node.const !== undefined) return node.const;
  if (node.enum?.length) return node.enum.find((v) => v !== null);
  const branch = node.anyOf?.find((b) => typesOf(b).some((x) => x !== "null"));
  if (branch) return sample(branch);
  const type = [node.type].flat().find((x) => x !== "null");
  if (type === "integer" || type === "number") return node.minimum ?? Math.min(1, node.maximum ?? 1);
  if (type === "boolean") return true;
  if (type === "array") return Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => sample(node.items ?? {}));
  if (type === "object") return Object.fromEntries((node.required ?? []).map((k) => [k, sample(node.properties?.[k] ?? {})]));
  const ok = (v: string) => (!node.pattern || new RegExp(node.pattern, "u").test(v)) && v.length >= (node.minLength ?? 0);
  return CANDIDATES.find(ok) ?? "1".repeat(Math.max(1, node.minLength ?? 1));
}

describe("non-finite numbers are refused for every route (item 10)", () => {
  it("every number or integer of every query string and body refuses 1e400, Infinity and -Infinity with a Chinese message", async () => {
    let checked = 0;
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.url.startsWith(API))) {
      for (const part of ["querystring", "body"] as const) {
        const s = (r.schema as Record<string, Schema> | undefined)?.[part];
        for (const [key, prop] of Object.entries(s?.properties ?? {})) {
          if (!isNumeric(prop)) continue;
          const method = methods(r).find((m) => m !== "HEAD")!;
          const others = Object.fromEntries((s!.required ?? []).filter((k) => k !== key).map((k) => [k, sample(s!.properties![k]!)]));
          for (const value of ["1e400", "Infinity", "-Infinity"]) {
            checked++;
            const url = r.url.replace(/:(\w+)/g, "1").replace(/\*$/, "x");
            const res =
              part === "querystring"
                ? await t.app.inject({ method: method as "GET", url: `${url}?${new URLSearchParams({ ...(others as Record<string, string>), [key]: value })}`, headers: { "x-access-token": admin } })
                : await t.app.inject({ method: method as "POST", url, headers: { "x-access-token": admin }, payload: { ...others, [key]: value } });
            const message = String(res.json().message);
            const label = prop.title ?? prop.anyOf?.find((b) => b.title)?.title;
            // A code list (enum) refuses the value as not one of its codes, which says as much.
            const expected = codeList(prop) ? /不是有效的数字|的取值不在允许范围内/ : /不是有效的数字/;
            if (res.statusCode !== 400 || !message.includes(`「${label}」`) || !expected.test(message)) failures.push(`${method} ${r.url} ${part}.${key}=${value}: ${res.statusCode} ${message}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it("a JSON number too large for a double (1e400) is refused as well", async () => {
    const res = await t.app.inject({ method: "POST", url: `${API}/bbh/api/activity/main/add`, headers: { "x-access-token": admin, "content-type": "application/json" }, payload: '{"activityName":"大数","activityType":1e400}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^请求体校验失败：「活动类型」/);
  });

  it("the preview asks for at most 20 run times, so count=Infinity cannot hold the event loop", async () => {
    const cron = encodeURIComponent("0/10 * * * * ?");
    for (const count of ["Infinity", "1e400", "21"]) {
      const res = await t.app.inject({ url: `${API}/sys/quartzJob/cronPreview?cronExpression=${cron}&count=${count}`, headers: { "x-access-token": admin } });
      expect(res.statusCode, count).toBe(400);
      expect(res.json().message, count).toMatch(/^查询参数校验失败：「条数」(不是有效的数字|不能大于20)$/);
    }
    const twenty = await t.app.inject({ url: `${API}/sys/quartzJob/cronPreview?cronExpression=${cron}&count=20`, headers: { "x-access-token": admin } });
    expect(twenty.json().result).toHaveLength(20);
  });
});
