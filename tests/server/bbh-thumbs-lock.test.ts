/**
 * genrateAllThumbPic runs once at a time for the whole database: on PostgreSQL a second server instance (its
 * own app, pool and ThumbJob on the same database) is refused while the first runs, and may run once it is done
 * — also after the holder's connection died; on PGlite (one process per data directory) the
 * scheduled job's ThumbJob and the route's are the two contenders.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { bbhRedMark } from "../../server/db/schema.js";
import { openPostgres, type Database } from "../../server/db/client.js";
import { buildApp } from "../../server/app.js";
import { createContext } from "../../server/context.js";
import { ThumbJob, claimRun } from "../../server/modules/bbh/thumbs.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { caller } from "./bbh-helpers.js";

let t: TestApp;
/** The other instance: a second app on the same PostgreSQL database, or the same app on PGlite. */
let other: { app: TestApp["app"]; close(): Promise<void>; database: Database };
let admin: string;
let root: string;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  root = path.join(t.config.dataDir, "upload");
  const rows = [];
  for (let i = 0; i < 12; i++) {
    const rel = `redmark/lock/m${i}.jpg`;
    fs.mkdirSync(path.join(root, "redmark/lock"), { recursive: true });
    await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#a00" } }).jpeg().toFile(path.join(root, rel));
    rows.push({ id: `lk-${i}`, markName: `锁${i}`, coverImage: rel, category: 2, address: "地址", longitude: 115.9, latitude: 28.7, createBy: "admin" });
  }
  await t.database.db.insert(bbhRedMark).values(rows);
  if (t.database.kind === "postgres") {
    const pool = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    const database = await openPostgres(pool.options.connectionString, 2);
    const ctx = await createContext(t.config, database.db);
    const app = await buildApp(ctx, false);
    await app.ready();
    other = { app, database, close: async () => { await app.close(); await ctx.close(); await database.close(); } };
  } else {
    other = { app: t.app, database: t.database, close: async () => {} };
  }
  admin = await t.login();
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const runOn = (app: TestApp["app"], body: object = {}) => caller({ ...t, app })("POST", "/bbh/api/activity/redmark/genrateAllThumbPic", admin, body);

describe("one thumbnail run per database", () => {
  it("refuses the other instance while a run holds the claim, and lets it run afterwards", async () => {
    const job = new ThumbJob(t.database.db, root, t.config.contextPath);
    const first = job.start({ onlyMissing: false });
    await job.whenClaimed();
    const refused = await runOn(other.app, { onlyMissing: false });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("缩略图正在生成中，请稍后");
    // nor can a second ThumbJob of the first instance (the scheduled job's) start
    await expect(new ThumbJob(t.database.db, root, t.config.contextPath).start({})).rejects.toThrow("缩略图正在生成中，请稍后");
    const done = await first;
    expect(done).toMatchObject({ running: false, total: 12, generated: 12, failed: 0 });
    const again = await runOn(other.app);
    expect(again.body).toMatchObject({ success: true, result: { total: 12, skipped: 12, generated: 0 } });
  });

  it("frees the claim when the holder's connection dies (PostgreSQL) or its run ends", async () => {
    const release = await claimRun(other.database.db);
    expect(release).not.toBeNull();
    expect(await claimRun(t.database.db)).toBeNull();
    if (other.database.kind === "postgres") {
      // The holding instance's connection dies without releasing: the session ends, and the lock with it.
      await t.database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and pid <> pg_backend_pid()`);
      await new Promise((r) => setTimeout(r, 200));
    }
    await release!(); // after the connection died it only drops it
    const mine = await claimRun(t.database.db);
    expect(mine).not.toBeNull();
    await mine!();
    expect((await runOn(t.app)).body.success).toBe(true);
  });
});
