/**
 * `/sys/monitor/database` — SQL监控 without Druid (issue 12): the database, its sessions and running
 * statements (`pg_stat_activity`), the slowest statements (`pg_stat_statements` when the extension is
 * installed and loaded, otherwise the last statement of each session from `pg_stat_activity`), and the usage
 * of this server's connection pool. Read-only; admin permission `system:monitor:sql`.
 *
 * Statement texts are shown as PostgreSQL keeps them: ours use bound parameters, so values do not appear
 * (pg_stat_statements normalises constants anyway); texts are cut at 2,000 characters.
 */
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client.js";
import { ok } from "../../lib/envelope.js";
import { anonymous, can } from "../../plugins/auth.js";
import { DRUID_PAGE_HTML, DRUID_PAGE_SCRIPT } from "./druid-page.js";

export const SQL_MONITOR_PERMISSION = "system:monitor:sql";
const TOP = 20;
const TEXT_MAX = 2000;

type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(query));
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const ms = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100);
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** This process's pool (node-postgres), read from the drizzle client; PGlite is one in-process connection. */
function poolUsage(db: Db) {
  const client = (db as unknown as { $client?: Record<string, unknown> }).$client;
  if (client && typeof client.totalCount === "number") {
    const options = (client.options ?? {}) as { max?: number };
    return {
      kind: "pg-pool" as const,
      max: options.max ?? null,
      total: client.totalCount as number,
      idle: client.idleCount as number,
      inUse: (client.totalCount as number) - (client.idleCount as number),
      waiting: client.waitingCount as number,
    };
  }
  return { kind: "embedded" as const, max: 1, total: 1, idle: null, inUse: null, waiting: null };
}

async function slowestFromStatements(db: Db): Promise<Row[] | null> {
  const [ext] = await rows(db, sql`select exists (select 1 from pg_extension where extname = 'pg_stat_statements') as installed`);
  if (!ext?.installed) return null;
  try {
    // The view errors out when the library is not in shared_preload_libraries.
    const list = await rows(
      db,
      sql`select queryid::text as id, left(query, ${TEXT_MAX}) as query, calls, rows, total_exec_time, mean_exec_time, max_exec_time
          from pg_stat_statements
          where dbid = (select oid from pg_database where datname = current_database())
          order by mean_exec_time desc limit ${TOP}`,
    );
    return list.map((r) => ({
      id: r.id,
      query: r.query,
      calls: num(r.calls),
      rows: num(r.rows),
      totalMs: ms(r.total_exec_time),
      meanMs: ms(r.mean_exec_time),
      maxMs: ms(r.max_exec_time),
    }));
  } catch {
    return null;
  }
}

async function slowestFromActivity(db: Db): Promise<Row[]> {
  const list = await rows(
    db,
    sql`select pid, state, left(query, ${TEXT_MAX}) as query, query_start,
               extract(epoch from (case when state = 'active' then clock_timestamp() else state_change end) - query_start) * 1000 as duration_ms
          from pg_stat_activity
          where datname = current_database() and query_start is not null and pid <> pg_backend_pid() and coalesce(query, '') <> ''
          order by duration_ms desc nulls last limit ${TOP}`,
  );
  return list.map((r) => ({ id: String(r.pid), pid: num(r.pid), state: r.state, query: r.query, queryStart: iso(r.query_start), durationMs: ms(r.duration_ms) }));
}

export default async function dbMonitorRoutes(app: FastifyInstance) {
  // The page JeecgBoot's SQL监控 item frames (druid-page.ts): no data in it, so anonymous; its data comes from the
  // route below, with the token the page finds in local storage. Not API operations, so not in the document.
  const page = { config: anonymous, schema: { hide: true } };
  app.get("/druid", page, async (_req, reply) => reply.redirect("druid/"));
  for (const path of ["/druid/", "/druid/index.html"]) {
    app.get(path, page, async (_req, reply) => reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(DRUID_PAGE_HTML));
  }
  app.get("/druid/druid.js", page, async (_req, reply) =>
    reply.header("cache-control", "no-cache").type("application/javascript; charset=utf-8").send(DRUID_PAGE_SCRIPT),
  );

  app.get(
    "/sys/monitor/database",
    {
      config: can(SQL_MONITOR_PERMISSION),
      schema: { summary: "SQL监控：数据库、活动会话与语句、最慢语句、连接池", tags: ["sys/monitor"] },
    },
    async () => {
      const db = app.ctx.db;
      const [info] = await rows(
        db,
        sql`select version() as version, current_database() as name, pg_database_size(current_database()) as size,
                   current_setting('max_connections') as max_connections, pg_postmaster_start_time() as started`,
      );
      const activity = await rows(
        db,
        sql`select pid, usename, application_name, client_addr::text as client_addr, backend_type, state, wait_event_type, wait_event,
                   backend_start, xact_start, query_start, pid = pg_backend_pid() as own,
                   extract(epoch from clock_timestamp() - query_start) * 1000 as running_ms, left(query, ${TEXT_MAX}) as query
              from pg_stat_activity
              where datname = current_database() or datname is null
              order by (state = 'active') desc, query_start nulls last`,
      );
      const statements = await slowestFromStatements(db);
      const version = String(info.version);
      return ok({
        database: {
          engine: /PGlite/i.test(version) ? "PGlite" : "PostgreSQL",
          version,
          name: info.name,
          sizeBytes: num(info.size),
          maxConnections: num(info.max_connections),
          startedAt: iso(info.started),
        },
        activity: activity.map((r) => ({
          pid: num(r.pid),
          user: r.usename ?? null,
          application: r.application_name || null,
          clientAddr: r.client_addr ?? null,
          backendType: r.backend_type ?? null,
          state: r.state ?? null,
          waitEvent: r.wait_event ? `${r.wait_event_type}: ${r.wait_event}` : null,
          backendStart: iso(r.backend_start),
          xactStart: iso(r.xact_start),
          queryStart: iso(r.query_start),
          runningMs: r.state === "active" ? ms(r.running_ms) : null,
          own: Boolean(r.own),
          query: r.query ?? null,
        })),
        slowest: statements
          ? { source: "pg_stat_statements" as const, rows: statements }
          : { source: "pg_stat_activity" as const, rows: await slowestFromActivity(db) },
        pool: poolUsage(db),
      });
    },
  );
}
