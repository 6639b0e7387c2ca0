/** Wires the services every module uses; shared by main.ts and the tests. */
import type { AppContext } from "./app.js";
import type { Config } from "./config.js";
import { pinger, type Database, type Db } from "./db/client.js";
import { consoleLog, Dependency, type LogSink } from "./lib/dependency.js";
import { memoryKv, redisKv } from "./lib/kv.js";
import { loadJwtSecret } from "./lib/secret.js";
import { TableVersions } from "./lib/table-versions.js";
import { VersionedCache } from "./lib/versioned-cache.js";
import { DictService } from "./modules/sys/dict.repo.js";
import { SessionService } from "./modules/sys/session.repo.js";
import { RealtimeHub } from "./realtime/hub.js";

export interface ContextOptions {
  /**
   * The opened database's reachability and ping (main.ts), and its table-version announcements; without it
   * reachability and ping are made from `db`, and every request reads the table versions with its session.
   */
  database?: Pick<Database, "health" | "ping" | "watchVersions">;
  /** Where dependency outages and recoveries are logged; may change once the app's logger exists. */
  log?: () => LogSink;
}

/**
 * Redis that fails fast while it is down: no offline queue (a command fails at once instead of waiting for a
 * reconnect), bounded connect and command times, endless background reconnects. Its `error` events are
 * handled (ioredis prints "Unhandled error event" stacks otherwise) and turned into one outage line and one
 * recovery line.
 */
async function connectRedis(url: string, timeoutMs: number, health: Dependency) {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 250, 2_000),
  });
  redis.on("error", (err) => health.markDown(err));
  redis.on("close", () => {
    if (redis.status !== "end") health.markDown(new Error("connection closed"));
  });
  redis.on("ready", () => health.markUp());
  // Wait briefly for the first connection so the first requests do not fail needlessly; a Redis that is
  // down at start is not fatal (sign-in answers 503 until it is back).
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      redis.off("error", done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once("ready", done);
    redis.once("error", done);
  });
  return redis;
}

export async function createContext(
  config: Config,
  db: Db,
  opts: ContextOptions = {},
): Promise<AppContext & { close(): Promise<void> }> {
  const log = opts.log ?? (() => consoleLog);
  const dbHealth = opts.database?.health ?? new Dependency("数据库", log);
  let redis: AppContext["redis"];
  let redisHealth: Dependency | undefined;
  if (config.redisUrl) {
    redisHealth = new Dependency("Redis", log);
    redis = await connectRedis(config.redisUrl, config.redisTimeoutMs, redisHealth);
  }
  const kv = redis ? await redisKv(redis) : memoryKv();
  const cache = new VersionedCache(db);
  const versions = new TableVersions(db);
  await opts.database?.watchVersions(versions);
  const sessions = new SessionService(db, cache, versions, {
    secret: loadJwtSecret(config.jwtSecret, config.dataDir),
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
  });
  const realtime = new RealtimeHub(
    {
      pingMs: config.wsPingMs,
      maxSocketsPerUser: config.wsMaxSocketsPerUser,
      maxFramesPer10s: config.wsMaxFramesPer10s,
      maxAnonymous: config.wsAnonymousMax,
      maxAnonymousPerIp: config.wsAnonymousMaxPerIp,
      log: { warn: (o, m) => log().warn(o, m) },
    },
    redis,
  );
  await realtime.start();
  // Logout, password change, freezing, deletion: the ended sessions' sockets close at once, on every instance.
  sessions.events.on("revoked", (revocation) => void realtime.revoked(revocation));
  return {
    config,
    db,
    kv,
    sessions,
    realtime,
    dicts: new DictService(db),
    cache,
    versions,
    redis,
    health: {
      db: dbHealth,
      pingDb: opts.database?.ping ?? pinger(db, dbHealth),
      redis: redisHealth,
      draining: false,
    },
    async close() {
      await realtime.close();
      await kv.close();
      if (redis) {
        // quit() waits for a reply that never comes while Redis is down.
        await Promise.race([redis.quit().catch(() => {}), new Promise((r) => setTimeout(r, 1_000))]);
        redis.disconnect();
      }
    },
  };
}
