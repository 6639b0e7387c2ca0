/**
 * The table write versions (sys_table_version) held in memory, kept current by the database's announcements
 * (migration 0016: every bump sends `<table>:<version>` on the channel `sys_table_version` when its transaction
 * commits). Every connection of this server listens, so the connection that wrote hears its own announcement
 * before its statement returns: a request never sees its own instance's writes late. Other instances' writes,
 * and plain SQL, arrive as soon as they commit. While the database's listener is down (a restart, a lost
 * connection) `snapshot()` answers null and each request reads the versions with its session, as before; when
 * it is back, every version is read again, so an announcement missed in between costs nothing.
 */
import { sysTableVersion } from "../db/schema.js";
import type { Db } from "../db/client.js";
import type { VersionSnapshot } from "./versioned-cache.js";

export const VERSION_CHANNEL = "sys_table_version";

/** What the database's listener tells the versions: an announcement, the listener up (after LISTEN), or down. */
export interface VersionFeed {
  announced(payload: string): void;
  up(): Promise<void>;
  down(): void;
}

export class TableVersions implements VersionFeed {
  private current = new Map<string, number>();
  private live = false;
  /** Announcements heard while the versions are being read again (they may be newer than what the read saw). */
  private heard: Map<string, number> | null = null;
  /** Counts the times the versions were read again: what was held in memory before is not to be trusted. */
  generation = 0;
  private downs = 0;

  constructor(private db: Db) {}

  /** The current versions, or null while no listener keeps them current. */
  snapshot(): VersionSnapshot | null {
    return this.live ? this.current : null;
  }

  announced(payload: string): void {
    const at = payload.lastIndexOf(":");
    const version = Number(payload.slice(at + 1));
    if (at <= 0 || !Number.isSafeInteger(version)) return;
    const table = payload.slice(0, at);
    // The same announcement reaches every listening connection, in any order: versions only move forward.
    if (version > (this.current.get(table) ?? 0)) this.current.set(table, version);
    if (this.heard && version > (this.heard.get(table) ?? 0)) this.heard.set(table, version);
  }

  async up(): Promise<void> {
    const downs = this.downs;
    this.heard = new Map();
    try {
      const rows = await this.db.select({ name: sysTableVersion.tableName, version: sysTableVersion.version }).from(sysTableVersion);
      const read = new Map(rows.map((r) => [r.name, Number(r.version)]));
      for (const [table, version] of this.heard) if (version > (read.get(table) ?? 0)) read.set(table, version);
      this.current = read;
      this.generation++;
      // The listener may have dropped again during the read: then it is not live until its next `up`.
      this.live = this.downs === downs;
    } finally {
      this.heard = null;
    }
  }

  down(): void {
    this.live = false;
    this.downs++;
  }
}
