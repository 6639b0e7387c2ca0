/**
 * Nothing queries outside the transaction it runs in (issue 23, item 7). On PGlite a query through the root
 * handle while a transaction holds its one connection waits forever: `POST /sys/dict/add` then
 * `POST /sys/dataSource/add` took the whole server down. The root handle now refuses such a query at once
 * (OutsideTransactionError), and every write route is run right after a dictionary write — the moment the
 * dictionary cache is cold — so a route that still does it answers 500 here instead of hanging in production.
 */
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { OutsideTransactionError } from "../../server/db/client.js";
import { API, createTestApp, type TestApp } from "./helpers.js";
import { sampleRequest } from "./route-samples.js";

let t: TestApp;
let admin: string;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => void routes.push(route) });
  admin = await t.login();
});
afterAll(() => t.close());

/** Sign-in, sign-out and the session's own routes change the caller's session; they are walked elsewhere. */
const SKIP = /\/(sys\/(login|logout|phoneLogin|mLogin)|test\/)/;

describe("one handle per transaction", () => {
  it("the root handle refuses a query inside one of its transactions, on either driver", async () => {
    const db = t.database.db;
    await expect(db.transaction(async () => db.execute(sql`select 1`))).rejects.toBeInstanceOf(OutsideTransactionError);
    await expect(db.transaction(async () => db.transaction(async () => 1))).rejects.toBeInstanceOf(OutsideTransactionError);
    // The transaction's own handle, nested savepoints and work after the callback are fine.
    expect(await db.transaction(async (tx) => tx.transaction(async (sp) => (await sp.execute(sql`select 1 as one`)) && 1))).toBe(1);
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      later = new Promise((r) => setTimeout(r, 10)).then(() => db.execute(sql`select 1`));
    });
    await expect(later).resolves.toBeDefined();
  });

  it("POST /sys/dataSource/add right after a dictionary write answers, and the server stays up", async () => {
    const headers = { "x-access-token": admin };
    await t.app.inject({ method: "POST", url: `${API}/sys/dict/add`, headers, payload: { dictName: "冷缓存", dictCode: "cold_cache_1" } });
    const res = await t.app.inject({
      method: "POST",
      url: `${API}/sys/dataSource/add`,
      headers,
      payload: { code: "cold_ds", name: "冷缓存数据源", dbType: "4", dbDriver: "org.postgresql.Driver", dbUrl: "jdbc:postgresql://127.0.0.1:5432/x", dbUsername: "u", dbPassword: "p" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect((await t.app.inject({ url: `${API}/actuator/health/readiness` })).statusCode).toBe(200);
  });

  it("every write route, right after a dictionary write, answers without a 500", async () => {
    const headers = { "x-access-token": admin };
    /** A walked route may end the caller's session (revoke, kick out): sign in again. */
    const fresh = async () => {
      const me = await t.app.inject({ url: `${API}/sys/user/getUserInfo`, headers });
      if (me.json().message === "Token失效，请重新登录") headers["x-access-token"] = await t.login();
    };
    const writes = routes.filter((r) => {
      const method = Array.isArray(r.method) ? r.method[0] : r.method;
      return r.url.startsWith(API) && ["POST", "PUT", "DELETE"].includes(method) && !SKIP.test(r.url) && !/multipart|upload|import/i.test(r.url);
    });
    expect(writes.length).toBeGreaterThan(150);
    const failures: string[] = [];
    let n = 0;
    for (const route of writes) {
      await fresh();
      await t.app.inject({ method: "POST", url: `${API}/sys/dict/add`, headers, payload: { dictName: `冷缓存${n}`, dictCode: `cold_walk_${n++}` } });
      const req = sampleRequest(route);
      const res = await t.app.inject({ method: req.method, url: req.url, headers, ...(req.body ? { payload: req.body } : {}) });
      if (res.statusCode >= 500 && res.json().message !== "Token失效，请重新登录") failures.push(`${req.method} ${route.url} → ${res.statusCode} ${res.json().message}`);
    }
    expect(failures).toEqual([]);
    expect((await t.app.inject({ url: `${API}/actuator/health/readiness` })).statusCode).toBe(200);
  }, 180_000);
});
