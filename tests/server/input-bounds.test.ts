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
import * as schema from "../../server/db/schema.js";
import { sysUser } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => void routes.push(route) });
  admin = await t.login();
});
afterAll(() => t.close());

type Schema = { type?: unknown; properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[]; enum?: unknown[]; pattern?: string };
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
    expect(await get(`${API}/sys/quartzJob/logList`, { jobId: "1", durationMs_begin: "2147483647" })).toMatchObject({ status: 200 });
    expect(await get(`${API}/sys/quartzJob/logList`, { jobId: "1", durationMs_begin: "2147483648" })).toEqual({
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
