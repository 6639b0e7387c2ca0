/**
 * Caches derived data (list totals, permission look-ups) keyed by the write versions of the tables it was
 * computed from (sys_table_version, bumped by triggers). A write anywhere — this instance, another one, or
 * plain SQL — changes the version and so the key: cached answers are never stale, only recomputed.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { sysTableVersion } from "../db/schema.js";

export class VersionedCache {
  private entries = new Map<string, unknown>();

  constructor(
    private db: Db,
    private maxEntries = 2000,
  ) {}

  /** The current versions of `tables`, as one key part. */
  async versions(tables: readonly string[]): Promise<string> {
    const rows = await this.db
      .select({ name: sysTableVersion.tableName, version: sysTableVersion.version })
      .from(sysTableVersion)
      .where(inArray(sysTableVersion.tableName, [...tables]));
    const byName = new Map(rows.map((r) => [r.name, r.version]));
    return tables.map((t) => `${t}@${byName.get(t) ?? 0}`).join(",");
  }

  async get<T>(key: string, tables: readonly string[], compute: () => Promise<T>): Promise<T> {
    const fullKey = `${await this.versions(tables)}|${key}`;
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
