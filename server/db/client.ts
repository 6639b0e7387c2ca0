/**
 * Opens the database: PGlite (PostgreSQL in WASM) persisted under DATA_DIR by default, PostgreSQL when
 * DATABASE_URL is set. Both get the same drizzle schema, migrations and queries.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lockfile from "proper-lockfile";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(`数据目录 ${dir} 正被另一个服务进程使用。PGlite 不能被两个进程同时打开，请先停止另一个进程（或设置不同的 DATA_DIR）。`);
  }
}

/** Takes the exclusive lock on the data directory; a second process is refused instead of corrupting it. */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, { lockfilePath: path.join(dir, ".lock"), stale: 15_000, update: 5_000 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOCKED") throw new DataDirLockedError(dir);
    throw err;
  }
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const release = dataDir ? await lockDataDir(dataDir) : null;
  try {
    const client = new PGlite(dataDir ? path.join(dataDir, "pgdata") : "memory://", { extensions: { pg_trgm } });
    await client.waitReady;
    const db = drizzle({ client, schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    return {
      db,
      kind: "pglite",
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

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  return { db, kind: "postgres", close: () => pool.end() };
}

export function openDatabase(opts: { databaseUrl: string | null; dataDir: string | null }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
