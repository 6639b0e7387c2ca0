/**
 * Settlement of one activity window with BENCH_PLAYERS players (default 100 000), each with three tasks
 * (a quarter of the tasks left open, one ledger row in 30 missing so reconciliation has work), a fifth of
 * the players in groups of five, each round's total_score equal to its ledger as live play leaves it, every
 * player a WeChat user, and the 成绩发布 template switched on. Prints the time of `settleWindow` (the
 * transaction the staff's request waits for) and, apart, of queuing the messages after it commits. Prints the time of `settleWindow` alone (the data is loaded first), for
 * BENCH_RUNS runs (default 3) and their median, with the machine's load average before each run.
 *
 *   npx tsx bench/bbh-settle.ts                                                 # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/bbh-settle.ts
 *
 * On PostgreSQL the data is loaded once into a template database and each run settles a fresh copy of it
 * (after a CHECKPOINT, so no run pays for the load's dirty buffers); PGlite loads it again for each run.
 * Issue 8's targets: ≤ 2 s on PostgreSQL, ≤ 6 s on PGlite.
 *
 * BENCH_KEEP_TEMPLATE=1 keeps the loaded template database for EXPLAIN work; BENCH_LOCALE=C loads it into a
 * database of that locale (the cluster's default otherwise; text comparisons under "C" cost less).
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPglite, openPostgres, type Database } from "../server/db/client.js";
import { seedBbhMessageTemplates } from "../server/db/seed/bbh-demo-messages.js";
import { queueSettledMessages, settleWindow } from "../server/modules/bbh/time.repo.js";

const N = Number(process.env.BENCH_PLAYERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(" ");

async function populate(db: Database["db"]) {
  const groups = Math.max(1, Math.floor(N / 5));
  await db.execute(sql`insert into bbh_activity_main (id, activity_name, activity_type, team_mode, group_score_rule, sys_org_code) values ('A', 'bench', 1, 3, 2, 'A01')`);
  await db.execute(sql`insert into bbh_activity_time (id, activity_id, time_name, start_time, end_time, time_status) values ('T', 'A', 'w', now() - interval '10 days', now() - interval '1 day', 1)`);
  await db.execute(sql`insert into bbh_activity_task (id, activity_id, task_name, task_type, judge_mode, sort_no, score) values ('K1','A','k1',1,1,1,10),('K2','A','k2',1,1,2,10),('K3','A','k3',4,2,3,20)`);
  await db.execute(sql`insert into bbh_activity_group (id, activity_id, group_name) select 'G'||g, 'A', 'g'||g from generate_series(1, ${groups}::int) g`);
  await db.execute(sql`insert into bbh_wx_user (id, openid, nickname) select 'W'||i, 'openid-'||i, '玩家'||i from generate_series(1, ${N}::int) i`);
  await seedBbhMessageTemplates(db, true); // 成绩发布 switched on, as in a demo install
  await db.execute(sql`insert into bbh_user_activity (id, wx_user_id, activity_id, time_id, round_no, group_id, ua_status, start_time)
    select 'U'||i, 'W'||i, 'A', 'T', 1, case when i % 5 = 0 then 'G'||(1 + i % ${groups}::int) end, 1, now() - interval '5 days'
    from generate_series(1, ${N}::int) i`);
  await db.execute(sql`insert into bbh_user_task (id, user_activity_id, wx_user_id, activity_id, time_id, round_no, task_id, ut_status, score, finish_time)
    select 'UT'||i||'-'||k, 'U'||i, 'W'||i, 'A', 'T', 1, 'K'||k, case when (i + k) % 4 = 0 then 1 else 3 end,
      case when (i + k) % 4 = 0 then 0 when k = 3 then 20 else 10 end, now() - interval '5 days' + (i % 1000) * interval '1 minute'
    from generate_series(1, ${N}::int) i, generate_series(1, 3) k`);
  await db.execute(sql`insert into bbh_user_task_answer (id, user_task_id, user_activity_id, wx_user_id, activity_id, time_id, round_no, task_id, task_type, audit_status, score, submit_time)
    select 'AN'||ut.id, ut.id, ut.user_activity_id, ut.wx_user_id, 'A', 'T', 1, ut.task_id, 1, 1, ut.score, ut.finish_time from bbh_user_task ut where ut.ut_status = 3`);
  await db.execute(sql`insert into bbh_score_record (id, activity_id, time_id, round_no, wx_user_id, user_activity_id, user_task_id, score_type, score_change, score_after)
    select 'S'||ut.id, 'A', 'T', 1, ut.wx_user_id, ut.user_activity_id, ut.id, 1, ut.score, ut.score from bbh_user_task ut
    where ut.ut_status = 3 and hashtext(ut.id) % 30 <> 0`);
  // Live play keeps a round's total_score equal to its ledger (answer review writes both in one transaction),
  // so a window arrives at settlement with the ledger's totals; only the reconciled players' totals change.
  await db.execute(sql`update bbh_user_activity ua set total_score = l.total
    from (select user_activity_id, sum(score_change)::int as total from bbh_score_record group by user_activity_id) l
    where l.user_activity_id = ua.id`);
  await db.execute(sql`vacuum analyze`);
}

async function settle(database: Database, label: string): Promise<number> {
  const before = load();
  const t0 = performance.now();
  const r = await database.db.transaction((tx) => settleWindow(tx, "T", { force: true }, "bench"));
  const ms = Math.round(performance.now() - t0);
  const t1 = performance.now();
  const queued = await queueSettledMessages(database.db, "T");
  const queueMs = Math.round(performance.now() - t1);
  console.log(`${label}: settled ${r.participantCount} players (${r.rankedCount} ranked, ${r.groupCount} groups, ${r.ledgerCount} ledger rows reconciled, ${r.expiredTaskCount} tasks expired) in ${ms} ms (load average before: ${before}); then queued ${queued} 成绩发布 messages in ${queueMs} ms`);
  return ms;
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const times: number[] = [];
  console.log(`${N} players, ${RUNS} runs, ${os.cpus().length} cores`);
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const named = (name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
    await admin.query("drop database if exists bbh_settle_bench with (force)");
    await admin.query("drop database if exists bbh_settle_template with (force)");
    await admin.query(`create database bbh_settle_template${process.env.BENCH_LOCALE ? ` template template0 locale '${process.env.BENCH_LOCALE}'` : ""}`);
    const tpl = await openPostgres(named("bbh_settle_template"), { statementTimeoutMs: 0 });
    await populate(tpl.db);
    await tpl.close();
    // The machine's speed, to compare figures taken on different hosts: PostgreSQL counting 10 million rows.
    const probe: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await admin.query("select count(*) from generate_series(1, 10000000)");
      probe.push(Math.round(performance.now() - t0));
    }
    console.log(`machine probe (count of generate_series(1, 10000000)): ${probe.sort((a, b) => a - b)[1]} ms, median of 3`);
    for (let i = 1; i <= RUNS; i++) {
      await admin.query("drop database if exists bbh_settle_bench with (force)");
      await admin.query("create database bbh_settle_bench template bbh_settle_template");
      await admin.query("checkpoint");
      const database = await openPostgres(named("bbh_settle_bench"), { statementTimeoutMs: 0 });
      times.push(await settle(database, `PostgreSQL run ${i}`));
      await database.close();
    }
    await admin.query("drop database if exists bbh_settle_bench with (force)");
    if (!process.env.BENCH_KEEP_TEMPLATE) await admin.query("drop database if exists bbh_settle_template with (force)");
    await admin.end();
  } else {
    for (let i = 1; i <= RUNS; i++) {
      const database = await openPglite(null);
      await populate(database.db);
      times.push(await settle(database, `PGlite run ${i}`));
      await database.close();
    }
  }
  times.sort((a, b) => a - b);
  console.log(`median of ${times.length}: ${times[Math.floor(times.length / 2)]} ms (all: ${times.join(", ")} ms)`);
}

await main();
