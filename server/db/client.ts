/**
 * Opens the database: PGlite (PostgreSQL in WASM) persisted under DATA_DIR by default, PostgreSQL when
 * DATABASE_URL is set. Both get the same drizzle schema, migrations and queries.
 *
 * PostgreSQL faults are survivable: the pool and every client have an `error` listener (a restart of the
 * server sends 57P01 to idle connections, which would otherwise crash the process), connections, statements
 * and idle transactions are bounded by timeouts, and a start without the database retries with back-off and
 * then ends with one line naming host and port.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { consoleLog, Dependency, describeError, type LogSink } from "../lib/dependency.js";
import * as schema from "./schema.js";
import { VERSION_CHANNEL, type VersionFeed } from "../lib/table-versions.js";

/** `application_name` of the connection that listens for table-version announcements (the fault tests find it by it). */
export const VERSION_LISTENER = "redmark-version-listener";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw query (`db.execute`) on either driver (pg: QueryResult, PGlite: Results). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Rows affected by a raw statement on either driver. */
export function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r?.rowCount ?? r?.affectedRows ?? 0);
}

// ---------------------------------------------------------------------------------------------------------
// One handle per transaction: inside `db.transaction(cb)`, a query through the root handle instead of the
// transaction's is a bug on either driver (it does not see the transaction's writes), and on PGlite it waits
// forever for the one connection the transaction holds, which took the whole server down (issue 23). The
// root handle refuses such a query at once, so the mistake fails loudly in any test that reaches it.

/** Thrown by the root handle when it is used inside one of its own transactions. */
export class OutsideTransactionError extends Error {
  constructor(what: string) {
    super(`${what}：事务进行中时不能使用事务外的数据库连接，请使用事务自己的 tx（PGlite 只有一个连接，会一直等待）`);
  }
}

/** The open transaction of the current async context (closed once its callback settles, for work it left running). */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

interface RootSession {
  prepareQuery: (...args: unknown[]) => unknown;
  transaction: (cb: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;
}

/** Makes the root handle refuse queries and transactions started inside one of its transactions. */
export function guardRootHandle<T extends Db>(db: T): T {
  const session = (db as unknown as { session: RootSession }).session;
  const prepare = session.prepareQuery.bind(session);
  const transaction = session.transaction.bind(session);
  const assertOutside = (what: string) => {
    if (openTransaction.getStore()?.open) throw new OutsideTransactionError(what);
  };
  session.prepareQuery = (...args) => {
    assertOutside("查询");
    return prepare(...args);
  };
  session.transaction = (cb, config) => {
    assertOutside("开启事务");
    return transaction((tx) => {
      const state = { open: true };
      return openTransaction.run(state, () => cb(tx)).finally(() => (state.open = false));
    }, config);
  };
  return db;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Reachability, updated by connection errors and recoveries (and read by the health endpoints). */
  health: Dependency;
  /** `select 1` within the time limit; also updates `health`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Feeds the table versions' announcements (migration 0016) to `feed`, from every connection, and tells it when
   * the listener is up (after LISTEN) or down. Resolves after the first attempt, whether or not it succeeded:
   * a PostgreSQL listener that failed keeps retrying in the background.
   */
  watchVersions(feed: VersionFeed): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Pool size (PostgreSQL). */
  poolSize?: number;
  /** Connecting, and waiting for a free pooled connection; 0 waits forever. */
  connectTimeoutMs?: number;
  /** `statement_timeout` of every session; the client gives up 5 s later if the server does not answer. 0: none. */
  statementTimeoutMs?: number;
  /** `idle_in_transaction_session_timeout`; 0: none. */
  idleInTransactionTimeoutMs?: number;
  /** How long a start keeps retrying an unreachable database before giving up; 0: one attempt. */
  startupRetrySeconds?: number;
  /** Where dependency and start-up messages go; may change once the app's logger exists. */
  log?: () => LogSink;
}

/** Next to this file in the sources (server/db/migrations), next to the bundle in the build (build/server/migrations). */
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export class DataDirLockedError extends Error {
  constructor(dir: string, owner?: string) {
    super(
      `数据目录 ${dir} 正被另一个服务进程使用。PGlite 不能被两个进程同时打开，请先停止另一个进程（或设置不同的 DATA_DIR）。` +
        (owner ? `持有者：${owner}` : ""),
    );
  }
}

/** The database could not be reached or prepared at start; the message is one line without secrets. */
export class DatabaseStartError extends Error {}

// ---------------------------------------------------------------------------------------------------------
// Errors that mean "the database cannot be reached right now" (answered 503, never a 500 with a stack).

const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown (pg_ctl stop -m fast)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down)
  "53300", // too_many_connections
]);
/** Socket errors count only when they come from the database driver (a client hanging up has ECONNRESET too). */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "ECONNABORTED",
]);
const TIMEOUT_CODES = new Set(["57014" /* query_canceled: statement_timeout */, "25P03" /* idle_in_transaction_session_timeout */]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end|PGlite is closed/i;
const TIMEOUT_MESSAGES = /Query read timeout/i;

/** Marks errors raised by the pool itself (acquiring a connection), which drizzle passes on unwrapped. */
const FROM_DATABASE = Symbol("fromDatabase");

function tagDatabaseError(err: unknown): never {
  if (err && typeof err === "object") (err as Record<symbol, boolean>)[FROM_DATABASE] = true;
  throw err;
}

/** Classifies driver errors (also when wrapped by drizzle): `unavailable`, `timeout`, or null for anything else. */
export function databaseFault(err: unknown): "unavailable" | "timeout" | null {
  const seen = new Set<unknown>();
  const queue: Array<[unknown, boolean]> = [[err, false]];
  while (queue.length && seen.size < 10) {
    const [e, inherited] = queue.shift()!;
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    const fromDb = inherited || e instanceof DrizzleQueryError || (e as Record<symbol, unknown>)[FROM_DATABASE] === true;
    if (typeof code === "string") {
      if (TIMEOUT_CODES.has(code)) return "timeout";
      if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return "unavailable";
      if (fromDb && SOCKET_CODES.has(code)) return "unavailable";
    }
    if (typeof message === "string") {
      if (TIMEOUT_MESSAGES.test(message)) return "timeout";
      if (UNAVAILABLE_MESSAGES.test(message)) return "unavailable";
    }
    if (e instanceof AggregateError) queue.push(...e.errors.map((x): [unknown, boolean] => [x, fromDb]));
    queue.push([cause, fromDb]);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// The PGlite data directory lock: a file recording the owner's PID, so a lock left by a dead process (kill -9)
// is taken over at once, and only a live owner refuses a second start.

interface LockOwner {
  pid: number;
  host: string;
  /** Kernel boot id: PIDs are only comparable within one boot of one machine. */
  bootId: string | null;
  /** Start time of the owner process (clock ticks since boot), so a reused PID is not mistaken for the owner. */
  start: string | null;
}

/** Without a same-machine PID to check (another host or boot), a lock counts as held while it is refreshed. */
const LOCK_HEARTBEAT_MS = 5_000;
const LOCK_STALE_MS = 15_000;

const readText = (file: string): string | null => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
};

const bootId = (): string | null => readText("/proc/sys/kernel/random/boot_id")?.trim() || null;

/** State and start time from /proc/<pid>/stat (Linux); null elsewhere or when the process is gone. */
function procStat(pid: number): { state: string; start: string } | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0], start: fields[19] };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function currentOwner(): LockOwner {
  return { pid: process.pid, host: os.hostname(), bootId: bootId(), start: procStat(process.pid)?.start ?? null };
}

/** true: a live process holds the lock; false: its owner is gone; null: cannot tell (other machine or boot). */
function ownerAlive(owner: LockOwner): boolean | null {
  if (owner.host !== os.hostname() || owner.bootId !== bootId()) return null;
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || !pidAlive(owner.pid)) return false;
  const stat = procStat(owner.pid);
  if (stat?.state === "Z" || stat?.state === "X") return false; // exited, not yet reaped
  if (owner.start && stat && stat.start !== owner.start) return false; // the PID now belongs to another process
  return true;
}

function parseOwner(text: string | null): LockOwner | null {
  try {
    const o = JSON.parse(text ?? "") as LockOwner;
    return typeof o.pid === "number" ? o : null;
  } catch {
    return null;
  }
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Takes the exclusive lock on the data directory; a second live process is refused instead of corrupting it. */
export function lockDataDir(dir: string): () => Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, ".lock");
  const mutex = `${file}.takeover`;
  const me = currentOwner();
  const mine = JSON.stringify(me);

  for (let attempt = 0; ; attempt++) {
    if (attempt > 50) throw new DataDirLockedError(dir);
    let stats: fs.Stats | null = null;
    try {
      stats = fs.statSync(file);
    } catch {
      // no lock yet
    }
    if (stats?.isDirectory()) {
      // A lock directory of an earlier version (proper-lockfile), refreshed every 5 s while its owner lives.
      if (Date.now() - stats.mtimeMs < LOCK_STALE_MS) throw new DataDirLockedError(dir);
      fs.rmSync(file, { recursive: true, force: true });
      continue;
    }
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const text = readText(file);
    const owner = parseOwner(text);
    if (text === null) continue; // removed meanwhile
    const age = Date.now() - (stats?.mtimeMs ?? Date.now());
    if (!owner && age < 2_000) {
      sleepSync(20); // being written right now
      continue;
    }
    const alive = owner ? ownerAlive(owner) : false;
    if (alive === true || (alive === null && age < LOCK_STALE_MS)) {
      throw new DataDirLockedError(dir, owner ? `PID ${owner.pid}（${owner.host}）` : undefined);
    }
    // Stale: take it over. The mutex keeps two starts that both saw the dead owner from removing each other's lock.
    try {
      fs.mkdirSync(mutex);
    } catch {
      const m = fs.statSync(mutex, { throwIfNoEntry: false });
      if (m && Date.now() - m.mtimeMs > 10_000) fs.rmSync(mutex, { recursive: true, force: true });
      sleepSync(20);
      continue;
    }
    try {
      if (readText(file) === text) fs.rmSync(file, { force: true });
    } finally {
      fs.rmSync(mutex, { recursive: true, force: true });
    }
  }

  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      fs.utimesSync(file, now, now);
    } catch {
      // the directory went away; nothing to refresh
    }
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    if (readText(file) === mine) fs.rmSync(file, { force: true });
  };
}

// ---------------------------------------------------------------------------------------------------------

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A bounded `select 1` that also records the result in `health`. */
export function pinger(db: Db, health: Dependency) {
  return async (timeoutMs = 2_000) => {
    try {
      await withTimeout(db.execute(sql`select 1`), timeoutMs);
      health.markUp();
      return true;
    } catch (err) {
      health.markDown(err);
      return false;
    }
  };
}

export async function openPglite(dataDir: string | null, opts: DatabaseOptions = {}): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const release = dataDir ? lockDataDir(dataDir) : null;
  try {
    const client = new PGlite(dataDir ? path.join(dataDir, "pgdata") : "memory://", { extensions: { pg_trgm } });
    await client.waitReady;
    const db = guardRootHandle(drizzle({ client, schema }) as unknown as Db);
    await migrate(db as never, { migrationsFolder });
    const health = new Dependency("数据库", opts.log ?? (() => consoleLog));
    return {
      db,
      kind: "pglite",
      health,
      ping: pinger(db, health),
      // One connection, in this process: its announcements arrive before each statement returns, and it never drops.
      async watchVersions(feed) {
        await client.listen(VERSION_CHANNEL, (payload) => feed.announced(payload));
        await feed.up();
      },
      async close() {
        await client.close();
        await release?.();
      },
    };
  } catch (err) {
    await release?.();
    throw err;
  }
}

/** host:port/database of a connection string, for messages: never the user's password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || new URLSearchParams(u.search).get("host") || "localhost";
    return `${host}:${u.port || "5432"}${u.pathname && u.pathname !== "/" ? u.pathname : ""}`;
  } catch {
    return "（DATABASE_URL 格式不正确）";
  }
}

export async function openPostgres(url: string, optsOrPoolSize: DatabaseOptions | number = {}): Promise<Database> {
  const opts: DatabaseOptions = typeof optsOrPoolSize === "number" ? { poolSize: optsOrPoolSize } : optsOrPoolSize;
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const log = opts.log ?? (() => consoleLog);
  const target = describeDatabaseUrl(url);
  const connectTimeoutMs = opts.connectTimeoutMs ?? 5_000;
  const statementTimeoutMs = opts.statementTimeoutMs ?? 15_000;
  const idleInTransactionTimeoutMs = opts.idleInTransactionTimeoutMs ?? 60_000;
  const health = new Dependency("数据库", log);

  // Start-up: reach the server (retrying while it is unreachable), then migrate on one dedicated connection
  // without the statement timeout, since a migration may legitimately run long.
  const deadline = Date.now() + (opts.startupRetrySeconds ?? 30) * 1000;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs || 10_000 });
    client.on("error", () => {}); // a connection lost while migrating fails the migration's query instead
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => {});
      const left = deadline - Date.now();
      const reason = describeError(err);
      if (databaseFault(Object.assign(err as object, { [FROM_DATABASE]: true })) !== "unavailable" || left <= 0) {
        throw new DatabaseStartError(`无法连接数据库 ${target}：${reason}。服务未启动，请检查 DATABASE_URL 和数据库状态。`);
      }
      const wait = Math.min(1000 * 2 ** (attempt - 1), 5_000, left);
      log().warn({}, `无法连接数据库 ${target}：${reason}，${(wait / 1000).toFixed(wait < 1000 ? 1 : 0)} 秒后重试（第 ${attempt} 次）`);
      await new Promise((r) => setTimeout(r, wait));
      continue;
    }
    try {
      await migrate(drizzle({ client, schema }) as never, { migrationsFolder });
    } catch (err) {
      throw new DatabaseStartError(`数据库 ${target} 迁移失败：${describeError(err)}`);
    } finally {
      await client.end().catch(() => {});
    }
    break;
  }

  let feed: VersionFeed | undefined;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    statement_timeout: statementTimeoutMs || undefined,
    // The server enforces statement_timeout; this bounds the wait when the server itself stalls.
    query_timeout: statementTimeoutMs ? statementTimeoutMs + 5_000 : undefined,
    idle_in_transaction_session_timeout: idleInTransactionTimeoutMs || undefined,
    // Each pooled connection listens too (before its first query), so the one that wrote hears its own
    // announcement before its statement returns: PostgreSQL delivers a session's own notifications at its
    // commit. A connection too broken to LISTEN fails its first query anyway.
    onConnect: async (client) => {
      client.on("notification", (n) => feed?.announced(n.payload ?? ""));
      await client.query(`LISTEN ${VERSION_CHANNEL}`).catch(() => {});
    },
  });
  // An idle pooled client that loses its connection (server restart: 57P01) is removed by the pool, which then
  // emits 'error' here; without a listener the process would die.
  pool.on("error", (err) => health.markDown(err));
  // A checked-out client's connection error fails its query (answered 503) but is also emitted on the client.
  pool.on("connect", (client) => {
    client.on("error", (err) => health.markDown(err));
    health.markUp();
  });
  // drizzle's transactions acquire with pool.connect() and pass its errors on as they are: mark them as ours.
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
    callback ? connect(callback) : connect().catch(tagDatabaseError)) as typeof pool.connect;
  const db = guardRootHandle(drizzle({ client: pool, schema }) as unknown as Db);

  // One connection of its own listens all the time (pooled ones come and go), and so says whether the versions
  // in memory are current: when it drops they are not, until it is back and they have been read again.
  let listener: InstanceType<typeof pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const listen = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs || 10_000,
      query_timeout: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: VERSION_LISTENER,
    });
    let failed = false;
    let heartbeat: NodeJS.Timeout | undefined;
    const fail = () => {
      if (failed) return;
      failed = true;
      clearInterval(heartbeat);
      feed?.down();
      client.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void listen(), 2_000).unref();
    };
    client.on("error", fail);
    client.on("end", fail);
    client.on("notification", (n) => feed?.announced(n.payload ?? ""));
    // A connection that died without a word (a dropped NAT mapping) would leave the versions stale while they
    // look current: it is asked for an answer every 30 s, and counted as lost if none comes within 5 s.
    heartbeat = setInterval(() => void client.query("select 1").catch(fail), 30_000).unref();
    try {
      await client.connect();
      if (closed) return void client.end().catch(() => {});
      await client.query(`LISTEN ${VERSION_CHANNEL}`);
      listener = client;
      await feed?.up();
    } catch {
      fail();
    }
  };
  return {
    db,
    kind: "postgres",
    health,
    ping: pinger(db, health),
    async watchVersions(f) {
      feed = f;
      await listen();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

export function openDatabase(opts: { databaseUrl: string | null; dataDir: string | null } & DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts.dataDir, opts);
}
