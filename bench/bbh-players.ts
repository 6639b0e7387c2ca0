/**
 * The player lists at 1 000 000 rows on PostgreSQL (issue 9: first page ≥ 1 000 req/s with exact totals):
 * 100 000 WeChat users × 10 windows → 1 000 000 `bbh_user_activity` rows and 1 000 000 `bbh_user_task_answer`
 * rows (a tenth awaiting review), loaded set-based with generate_series, then the real server (a child process)
 * driven by autocannon on loopback, 10 connections, BENCH_SECONDS per scenario after a 3 s warm-up, with the first pages the
 * console asks for. Totals are exact: the player tables carry version triggers (migration 0011), so a list
 * caches its count per table version and recounts after any write; after the scenarios one row is inserted
 * and each total is checked to have moved by exactly one.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/bbh-players.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openPostgres } from "../server/db/client.js";
import { seed } from "../server/db/seed/index.js";
import { API, startServer, stop } from "./server-process.js";

const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const USERS = Math.max(1, Math.floor(N / 10));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = "Bench@12345";

interface Row {
  phase: string;
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

async function populate(url: string) {
  const database = await openPostgres(url, { statementTimeoutMs: 0 });
  const db = database.db;
  await seed(db, { adminPassword: PASSWORD });
  const t0 = Date.now();
  await db.execute(sql`insert into bbh_activity_main (id, activity_name, activity_type, sys_org_code) values ('BA', '压测活动', 1, 'A01')`);
  await db.execute(sql`insert into bbh_activity_time (id, activity_id, time_name, start_time, end_time, time_status, sys_org_code)
    select 'BT' || w, 'BA', '第' || w || '期', now() - interval '10 days', now() + interval '10 days', 1, 'A01' from generate_series(1, 10) w`);
  await db.execute(sql`insert into bbh_activity_task (id, activity_id, task_name, task_type, judge_mode, sort_no, score, sys_org_code)
    values ('BK1','BA','拍照',4,2,1,20,'A01'),('BK2','BA','感想',5,2,2,10,'A01')`);
  await db.execute(sql`insert into bbh_wx_user (id, openid, nickname, phone, school_id, sys_org_code)
    select 'BW' || g, 'bench_openid_' || g, '玩家' || g, '139' || lpad(g::text, 8, '0'), 'SCH' || (g % 50), 'A01' from generate_series(1, ${USERS}::int) g`);
  await db.execute(sql`insert into bbh_user_activity (id, wx_user_id, activity_id, time_id, round_no, ua_status, join_time, total_score, create_time, sys_org_code)
    select 'BU' || g, 'BW' || (1 + g % ${USERS}::int), 'BA', 'BT' || (1 + g / ${USERS}::int % 10), 1, g % 3, now() - make_interval(secs => g), g % 31,
      now() - make_interval(secs => g), 'A01'
    from generate_series(0, ${N - 1}::int) g`);
  await db.execute(sql`insert into bbh_user_task_answer (id, user_task_id, user_activity_id, wx_user_id, activity_id, time_id, round_no, task_id, task_type, answer_text, audit_status, submit_time, create_time, sys_org_code)
    select 'BN' || g, 'BUT' || g, 'BU' || g, 'BW' || (1 + g % ${USERS}::int), 'BA', 'BT' || (1 + g / ${USERS}::int % 10), 1, 'BK2', 5, '感想' || g,
      case when g % 10 = 0 then 0 else 1 end, now() - make_interval(secs => g), now() - make_interval(secs => g), 'A01'
    from generate_series(0, ${N - 1}::int) g`);
  await db.execute(sql`vacuum analyze`);
  console.log(`  loaded ${N} players' rounds and ${N} answers (${USERS} WeChat users) in ${Date.now() - t0} ms`);
  await database.close();
}

const SCENARIOS: Array<[name: string, path: string]> = [
  ["玩家活动 first page (console default: createTime desc)", "/bbh/api/userActivity/list?pageNo=1&pageSize=10&column=createTime&order=desc"],
  ["玩家活动 first page of one activity (joinTime desc)", "/bbh/api/userActivity/list?pageNo=1&pageSize=10&activityId=BA"],
  ["答案审核 first page (pending, submitTime asc)", "/bbh/api/userTaskAnswer/list?pageNo=1&pageSize=10&auditStatus=0&column=submitTime&order=asc"],
  ["答案 first page (all, submitTime desc)", "/bbh/api/userTaskAnswer/list?pageNo=1&pageSize=10&column=submitTime&order=desc"],
];

async function run(phase: string, url: string, client: pg.Client): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-bench-players-"));
  const { child, port } = await startServer({ SEED_DEMO: "false", BBH_JOB_INTERVAL_SECONDS: "3600", DATABASE_URL: url, DATA_DIR: dataDir });
  const base = `http://127.0.0.1:${port}${API}`;
  const login = await fetch(`${base}/sys/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password: PASSWORD }) });
  const token = (await login.json()).result.token as string;
  const headers = { "x-access-token": token };
  const total = async (p: string) => (await (await fetch(`${base}${p}`, { headers })).json()).result.total as number;
  const rows: Row[] = [];
  for (const [name, p] of SCENARIOS) {
    const before = await total(p);
    await autocannon({ url: `${base}${p}`, headers, connections: 10, duration: 3 }); // warm-up (JIT, first count)
    const result = await autocannon({ url: `${base}${p}`, headers, connections: 10, duration: DURATION });
    const row = { phase, scenario: name, reqPerSec: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
    console.log(`  ${name}: total ${before}, ${row.reqPerSec} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}`);
    rows.push(row);
  }
  // Exact totals: one more pending answer and one more round, and the cached totals follow at once.
  const p = SCENARIOS[2][1];
  const q = SCENARIOS[0][1];
  const [a0, u0] = [await total(p), await total(q)];
  const tag = `${phase.length}${Date.now() % 100000}`;
  await client.query(`insert into bbh_user_task_answer (id, user_task_id, user_activity_id, wx_user_id, activity_id, time_id, task_id, task_type, audit_status, sys_org_code) values ('BX${tag}', 'x', 'x', 'BW1', 'BA', 'BT1', 'BK2', 5, 0, 'A01')`);
  await client.query(`insert into bbh_user_activity (id, wx_user_id, activity_id, time_id, round_no, ua_status, sys_org_code) values ('BY${tag}', 'BW1', 'BA', 'BT1', ${100 + rows.length + phase.length}, 1, 'A01')`);
  const [a1, u1] = [await total(p), await total(q)];
  console.log(`  exactness after one insert each: answers ${a0} → ${a1}, rounds ${u0} → ${u1}`);
  if (a1 !== a0 + 1 || u1 !== u0 + 1) throw new Error("totals did not follow the writes");
  await stop(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) throw new Error("BENCH_DATABASE_URL is required (PostgreSQL)");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = "rm_bench_players";
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  console.log(`PostgreSQL (${name}), ${N} rows`);
  await populate(url.toString());
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query("vacuum analyze bbh_user_activity, bbh_user_task_answer, bbh_wx_user");
  const rows = await run("migrated", url.toString(), client);
  await client.end();
  console.table(rows);
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}

await main();
