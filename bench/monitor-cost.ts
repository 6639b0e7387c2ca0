/**
 * Issue 11: the cost of the HTTP counters and the request trace (server/monitor/plugin.ts) on the list
 * benchmark. The same database serves two apps, one with `HTTP_TRACE=true` (default) and one with
 * `HTTP_TRACE=false`, on real loopback ports; autocannon (10 connections) runs the unfiltered user list on
 * each in turn, alternating ON/OFF for several rounds so drift of the machine hits both alike. Figures go to
 * docs/performance.md. The operation log writes only for signed-in POST/PUT/DELETE, so on this GET list its
 * hook is one early return in both runs.
 *
 *   npx tsx bench/monitor-cost.ts        (BENCH_USERS, BENCH_SECONDS, BENCH_ROUNDS)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/app.js";
import { loadConfig } from "../server/config.js";
import { createContext } from "../server/context.js";
import { openPglite } from "../server/db/client.js";
import { seed } from "../server/db/seed/index.js";

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PASSWORD = "Bench@12345";
const API = "/jeecg-boot";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-bench11-"));
const database = await openPglite(null);
const db = database.db;
await seed(db, { adminPassword: PASSWORD });
await db.execute(sql`
  insert into sys_user (id, username, realname, password, sex, status, del_flag, phone, work_no, org_code, create_by, create_time)
  select 'bench' || lpad(g::text, 27, '0'), 'bench_user_' || g, '用户' || g, 'x', 1 + g % 2, 1, 0, '139' || lpad(g::text, 8, '0'), 'W' || g, 'A01A01', 'bench', now() - make_interval(mins => g)
  from generate_series(1, ${USERS}::int) g`);
await db.execute(sql`vacuum analyze`);

async function start(trace: boolean) {
  const config = loadConfig({ DATA_DIR: dataDir, LOGIN_CAPTCHA: "false", ADMIN_PASSWORD: PASSWORD, STATIC_DIR: path.join(dataDir, "dist"), HTTP_TRACE: String(trace), LOGIN_RATE_LIMIT: "1000000" });
  const ctx = await createContext(config, db);
  const app = await buildApp(ctx, false);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  const res = await app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username: "admin", password: PASSWORD } });
  return { app, ctx, port, token: res.json().result.token as string };
}

const on = await start(true);
const off = await start(false);
const url = (port: number) => `http://127.0.0.1:${port}${API}/sys/user/list?pageNo=1&pageSize=10&column=createTime&order=desc`;

async function run(target: { port: number; token: string }) {
  const r = await autocannon({ url: url(target.port), connections: 10, duration: SECONDS, headers: { "x-access-token": target.token } });
  if (r.non2xx) throw new Error(`${r.non2xx} answers were not 2xx`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

// Warm both up (JIT, caches), then alternate.
await run(on);
await run(off);
const results: Record<"on" | "off", Array<{ rps: number; p50: number; p99: number }>> = { on: [], off: [] };
for (let i = 0; i < ROUNDS; i++) {
  const first = i % 2 === 0 ? "on" : "off";
  const second = first === "on" ? "off" : "on";
  results[first].push(await run(first === "on" ? on : off));
  results[second].push(await run(second === "on" ? on : off));
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const summary = (k: "on" | "off") => ({ rps: mean(results[k].map((r) => r.rps)), p50: mean(results[k].map((r) => r.p50)), p99: mean(results[k].map((r) => r.p99)) });
const a = summary("on");
const b = summary("off");
console.log(JSON.stringify({ users: USERS, seconds: SECONDS, rounds: ROUNDS, on: results.on, off: results.off }, null, 2));
console.log(`HTTP_TRACE=true : ${a.rps.toFixed(0)} req/s, p50 ${a.p50.toFixed(1)} ms, p99 ${a.p99.toFixed(1)} ms`);
console.log(`HTTP_TRACE=false: ${b.rps.toFixed(0)} req/s, p50 ${b.p50.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms`);
console.log(`throughput with the hooks: ${((a.rps / b.rps - 1) * 100).toFixed(1)} %`);
console.log(`trace ring after the run: ${on.app.httpMetrics.traces().length} entries, ${on.app.httpMetrics.totalRequests} requests counted`);
for (const t of [on, off]) {
  await t.app.close();
  await t.ctx.close();
}
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

// The hook's own work, without the server around it: counters, latency window and trace slot per request.
{
  const { HttpMetrics } = await import("../server/monitor/http-metrics.js");
  const m = new HttpMetrics();
  const headers = { host: "127.0.0.1", "user-agent": "bench", "x-access-token": "t" };
  const N = 2_000_000;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const now = 1_700_000_000_000 + i;
    m.record(200, (i % 97) + 0.5, now);
    m.trace("GET", "/jeecg-boot/sys/user/list?pageNo=1", 200, (i % 97) + 0.5, headers, "127.0.0.1", now);
  }
  const ns = Number(process.hrtime.bigint() - t0) / N;
  console.log(`hook work per request: ${ns.toFixed(0)} ns (record + trace, ${N} iterations)`);
}
