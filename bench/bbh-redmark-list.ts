/**
 * The red-mark list (红色印记, `GET /bbh/api/activity/redmark/list`) over 100 000 marks, with autocannon on
 * loopback (10 connections) against a server process, like bench/run.ts: the first page (default sort, newest
 * first), a deep page, a published-only filter and a fuzzy name search, each after a 3 s warm-up. The marks are
 * loaded set-based (one statement). Issue 8's target: ≥ 1 000 req/s on PostgreSQL for the list.
 *
 * Besides req/s, each scenario prints the CPU time per request of the server process and of the local
 * PostgreSQL processes (from /proc): server, database and load generator share the machine's cores, so req/s
 * moves with whatever else runs, while the CPU a request costs is steady from run to run.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/bbh-redmark-list.ts
 *   npx tsx bench/bbh-redmark-list.ts                      # PGlite (a data directory of its own)
 *
 * BENCH_MARKS (default 100 000) and BENCH_SECONDS (default 10) change the size and the duration.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, type Database } from "../server/db/client.js";
import { seed } from "../server/db/seed/index.js";
import type { ChildProcess } from "node:child_process";
import { API, postgresCpuMs, processCpuMs, startServer, stop } from "./server-process.js";

const MARKS = Number(process.env.BENCH_MARKS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = "Bench@12345";

async function populate(db: Database["db"]): Promise<void> {
  await seed(db, { adminPassword: PASSWORD, demo: false });
  const t0 = Date.now();
  // The load is a fixture, not an edit: the data log's trigger (sys_data_log_capture, migration 0010) would
  // snapshot all 100 000 rows one by one (minutes), so triggers are off for this session's inserts.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (let from = 1; from <= MARKS; from += 20_000) {
      const to = Math.min(MARKS, from + 19_999);
      await tx.execute(sql`
      insert into bbh_red_mark (id, mark_name, alias, category, heritage_level, province_code, city_code, district_code, region_name,
        address, longitude, latitude, checkin_radius, cover_image, summary, publish_status, sort_no, source, del_flag,
        sys_org_code, create_by, create_time)
      select 'bm' || lpad(g::text, 30, '0'),
        (array['井冈山','瑞金','遵义','延安','西柏坡','古田','南昌','韶山','百色','大别山'])[1 + g % 10]
          || (array['革命旧址','纪念馆','烈士陵园','会议旧址','红军医院','兵工厂旧址'])[1 + (g / 10) % 6] || g,
        null, 1 + g % 6, 1 + g % 4, '36', '3608', '36088' || (g % 10), '江西省吉安市',
        '红色大道' || g || '号', 114 + (g % 1000) / 1000.0, 26 + (g % 997) / 1000.0, 200, '/demo/cover.jpg', '简介',
        case when g % 3 = 0 then 0 else 1 end, g % 100, 1, case when g % 50 = 0 then 1 else 0 end,
        'A01', 'bench', now() - make_interval(mins => g)
      from generate_series(${from}::int, ${to}::int) g`);
    }
  });
  await db.execute(sql`vacuum analyze`);
  console.log(`  populated ${MARKS} red marks in ${Date.now() - t0} ms`);
}

async function scenarios(database: string, port: number, serverPid: number) {
  const base = `http://127.0.0.1:${port}${API}`;
  const res = await fetch(`${base}/sys/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password: PASSWORD }) });
  const headers = { "x-access-token": (await res.json()).result.token };
  const list = `${base}/bbh/api/activity/redmark/list`;
  const cases: Array<[string, string]> = [
    ["first page (newest first)", `${list}?pageNo=1&pageSize=10`],
    ["page 500", `${list}?pageNo=500&pageSize=10`],
    ["publishStatus=1 (已发布)", `${list}?pageNo=1&pageSize=10&publishStatus=1`],
    ["markName=*井冈山*", `${list}?pageNo=1&pageSize=10&markName=${encodeURIComponent("*井冈山*")}`],
  ];
  const check = await (await fetch(cases[0][1], { headers })).json();
  if (!check.success || check.result.total !== MARKS - Math.floor(MARKS / 50)) throw new Error(`unexpected list answer: ${JSON.stringify(check).slice(0, 300)}`);
  const us = (ms: number | null, requests: number) => (ms === null ? "–" : String(Math.round((ms * 1000) / requests)));
  for (const [name, url] of cases) {
    await autocannon({ url, headers, connections: 10, duration: 3 }); // warm-up (JIT, plans, the first count)
    const server0 = processCpuMs(serverPid);
    const pg0 = database === "PostgreSQL" ? postgresCpuMs() : null;
    const r = await autocannon({ url, headers, connections: 10, duration: DURATION });
    const server = server0 === null ? null : processCpuMs(serverPid)! - server0;
    const pgMs = pg0 === null ? null : postgresCpuMs()! - pg0;
    console.log(`| ${database} | ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} / ${r.latency.p99} | ${us(server, r.requests.total)} / ${us(pgMs, r.requests.total)} | ${r.errors + r.non2xx} |`);
  }
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-bench-marks-"));
  console.log(`${MARKS} red marks (2 % deleted, a third unpublished), ${DURATION} s per scenario, 10 connections, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  let child: ChildProcess;
  let port: number;
  let drop = async () => {};
  if (url) {
    const { default: pg } = await import("pg");
    const name = `rm_bench_marks_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    console.log("  migrating and seeding");
    const db = await openPostgres(u.toString(), { statementTimeoutMs: 0 });
    await populate(db.db);
    await db.close();
    ({ child, port } = await startServer({ SEED_DEMO: "false", DATABASE_URL: u.toString(), DATA_DIR: dataDir }));
    drop = async () => {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    };
  } else {
    const db = await openPglite(dataDir);
    await populate(db.db);
    await db.close();
    ({ child, port } = await startServer({ SEED_DEMO: "false", DATA_DIR: dataDir }));
  }
  console.log("| database | scenario | req/s | p50 / p99 ms | CPU µs per request: server / PostgreSQL | errors |\n| --- | --- | --- | --- | --- | --- |");
  try {
    await scenarios(url ? "PostgreSQL" : "PGlite", port, child.pid!);
  } finally {
    await stop(child);
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`load after: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
