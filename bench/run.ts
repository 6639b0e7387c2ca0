/**
 * Benchmarks of the foundation (figures go to docs/performance.md):
 *   login, getUserPermissionByToken, /sys/user/list filtered (realname=*张*) and unfiltered, over 100 000
 *   users, with autocannon on loopback (10 connections), on PGlite and — when BENCH_DATABASE_URL points at
 *   a PostgreSQL server — on PostgreSQL; server start time on an existing data dir; idle RSS; and the gzip
 *   size of the JS the login route loads (measured in Chromium).
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npm run bench
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, type Database } from "../server/db/client.js";
import { seed } from "../server/db/seed/index.js";
import { hashPassword } from "../server/lib/password.js";
import { API, startServer, stop } from "./server-process.js";

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = "Bench@12345";

interface Row {
  database: string;
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

async function populate(db: Database["db"]): Promise<void> {
  await seed(db, { adminPassword: PASSWORD });
  const hash = await hashPassword("unused-" + Math.random());
  const started = Date.now();
  // Set-based: 100 000 users and their departments in two statements.
  await db.execute(sql`
    insert into sys_user (id, username, realname, password, sex, status, del_flag, phone, work_no, org_code, create_by, create_time)
    select 'bench' || lpad(g::text, 27, '0'),
           'bench_user_' || g,
           (array['张','王','李','赵','陈','刘','杨','黄','周','吴'])[1 + g % 10]
             || (array['伟','芳','娜','敏','静','磊','洋','艳','勇','军','杰','娟','涛','明','超'])[1 + (g / 10) % 15]
             || (array['','华','平','刚','玲','桂','英','丽','强','霞'])[1 + (g / 150) % 10],
           ${hash}, 1 + g % 2, case when g % 50 = 0 then 2 else 1 end, 0,
           '139' || lpad(g::text, 8, '0'), 'W' || g, 'A01A0' || (1 + g % 3), 'bench',
           now() - make_interval(mins => g)
    from generate_series(1, ${USERS}::int) g`);
  await db.execute(sql`
    insert into sys_user_depart (id, user_id, dep_id)
    select 'bud' || lpad(g::text, 29, '0'), 'bench' || lpad(g::text, 27, '0'),
           (select id from sys_depart where org_code = 'A01A0' || (1 + g % 3))
    from generate_series(1, ${USERS}::int) g`);
  await db.execute(sql`vacuum analyze`);
  console.log(`  populated ${USERS} users in ${Date.now() - started} ms`);
}

async function login(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}${API}/sys/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  return (await res.json()).result.token;
}

async function cannon(database: string, scenario: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: 10, duration: DURATION, ...opts });
  const row = {
    database,
    scenario,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.log(`  ${scenario}: ${row.reqPerSec} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}`);
  return row;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

async function scenarios(database: string, port: number): Promise<Row[]> {
  const token = await login(port);
  const base = `http://127.0.0.1:${port}${API}`;
  const auth = { "x-access-token": token };
  return [
    await cannon(database, "POST /sys/login", {
      url: `${base}/sys/login`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: PASSWORD }),
    }),
    await cannon(database, "GET /sys/permission/getUserPermissionByToken", { url: `${base}/sys/permission/getUserPermissionByToken`, headers: auth }),
    await cannon(database, "GET /sys/user/list?realname=*张*", { url: `${base}/sys/user/list?realname=${encodeURIComponent("*张*")}&pageNo=1&pageSize=10`, headers: auth }),
    await cannon(database, "GET /sys/user/list (first page)", { url: `${base}/sys/user/list?pageNo=1&pageSize=10&column=createTime&order=desc`, headers: auth }),
  ];
}

async function benchPglite(): Promise<{ rows: Row[]; startMs: number; idleRssMb: number; loadedRssMb: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-bench-"));
  console.log(`PGlite (${dataDir})`);
  const db = await openPglite(dataDir);
  await populate(db.db);
  await db.close();
  const { child, port, startMs } = await startServer({ DATA_DIR: dataDir });
  await new Promise((r) => setTimeout(r, 2000));
  const idleRssMb = rssMb(child.pid!);
  const rows = await scenarios("PGlite", port);
  const loadedRssMb = rssMb(child.pid!);
  await stop(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`  start on existing data dir: ${startMs} ms; idle RSS ${idleRssMb} MB; after load ${loadedRssMb} MB`);
  return { rows, startMs, idleRssMb, loadedRssMb };
}

async function benchPostgres(adminUrl: string): Promise<Row[]> {
  const { default: pg } = await import("pg");
  const name = `rm_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  console.log(`PostgreSQL (${name})`);
  // Bulk loading 100 000 users takes longer than the server's default statement timeout.
  const db = await openPostgres(url.toString(), { statementTimeoutMs: 0 });
  await populate(db.db);
  await db.close();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-bench-pg-"));
  const { child, port } = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
  const rows = await scenarios("PostgreSQL", port);
  await stop(child);
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
  return rows;
}

/** Opens /user/login in Chromium against the built console and sums the gzip size of every JS file it loads. */
async function loginRouteJs(): Promise<{ files: number; rawKb: number; gzipKb: number }> {
  const { chromium } = await import("playwright-core");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-bench-ui-"));
  const { child, port } = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "rm-bench-chrome-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const scripts = new Set<string>();
  page.on("response", (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith(".js")) scripts.add(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}/user/login`, { waitUntil: "networkidle" });
  await context.close();
  await stop(child);
  let raw = 0;
  let gz = 0;
  for (const p of scripts) {
    const buf = fs.readFileSync(path.join("dist", p));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profile, { recursive: true, force: true });
  return { files: scripts.size, rawKb: Math.round(raw / 1024), gzipKb: Math.round(gz / 1024) };
}

async function main() {
  const out: Record<string, unknown> = { date: new Date().toISOString(), users: USERS, durationSeconds: DURATION, cpus: os.cpus().length, node: process.version };
  if (fs.existsSync("dist/index.html")) {
    out.loginRouteJs = await loginRouteJs();
    console.log("login route JS:", out.loginRouteJs);
  }
  out.pglite = await benchPglite();
  if (process.env.BENCH_DATABASE_URL) out.postgres = await benchPostgres(process.env.BENCH_DATABASE_URL);
  fs.mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/${Date.now()}.json`;
  fs.writeFileSync(file, JSON.stringify(out, null, 2));
  console.log(`written ${file}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
