/**
 * Caches derived data (list totals, permission look-ups) keyed by the write versions of the tables it was
 * computed from (sys_table_version, bumped by triggers). A write anywhere — this instance, another one, or
 * plain SQL — changes the version and so the key: cached answers are not stale, only recomputed. Requests
 * pass the versions held in memory (table-versions.ts), or those read with their session while that is down.
 */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { sysTableVersion } from "../db/schema.js";

/** Table versions read once (e.g. with the session at the start of a request). */
export type VersionSnapshot = ReadonlyMap<string, number>;

/** The SQL that reads every table version as one JSON object, to embed in another query. */
export const ALL_VERSIONS_JSON = sql<Record<string, number> | null>`(select json_object_agg(${sysTableVersion.tableName}, ${sysTableVersion.version}) from ${sysTableVersion})`;

export class VersionedCache {
  private entries = new Map<string, unknown>();

  constructor(
    private db: Db,
    private maxEntries = 2000,
  ) {}

  /** The current versions of `tables`, as one key part. */
  async versions(tables: readonly string[], snapshot?: VersionSnapshot): Promise<string> {
    if (snapshot) return tables.map((t) => `${t}@${snapshot.get(t) ?? 0}`).join(",");
    const rows = await this.db
      .select({ name: sysTableVersion.tableName, version: sysTableVersion.version })
      .from(sysTableVersion)
      .where(inArray(sysTableVersion.tableName, [...tables]));
    const byName = new Map(rows.map((r) => [r.name, r.version]));
    return tables.map((t) => `${t}@${byName.get(t) ?? 0}`).join(",");
  }

  /** The cached value for `key` under the current versions of `tables` (or those of `snapshot`), computing it on a miss. */
  async get<T>(key: string, tables: readonly string[], compute: () => Promise<T>, snapshot?: VersionSnapshot): Promise<T> {
    const fullKey = `${await this.versions(tables, snapshot)}|${key}`;
    if (this.entries.has(fullKey)) {
      const value = this.entries.get(fullKey) as T;
      this.entries.delete(fullKey); // re-insert: Map order doubles as LRU order
      this.entries.set(fullKey, value);
      return value;
    }
    const value = await compute();
    this.entries.set(fullKey, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
