/** Wires the services every module uses; shared by main.ts and the tests. */
import type { AppContext } from "./app.js";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import { memoryKv, redisKv } from "./lib/kv.js";
import { loadJwtSecret } from "./lib/secret.js";
import { VersionedCache } from "./lib/versioned-cache.js";
import { DictService } from "./modules/sys/dict.repo.js";
import { SessionService } from "./modules/sys/session.repo.js";

export async function createContext(config: Config, db: Db): Promise<AppContext & { close(): Promise<void> }> {
  let redis: AppContext["redis"];
  if (config.redisUrl) {
    const { Redis } = await import("ioredis");
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
  }
  const kv = redis ? await redisKv(redis) : memoryKv();
  const cache = new VersionedCache(db);
  const sessions = new SessionService(db, cache, {
    secret: loadJwtSecret(config.jwtSecret, config.dataDir),
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
  });
  return {
    config,
    db,
    kv,
    sessions,
    dicts: new DictService(db),
    cache,
    redis,
    async close() {
      await kv.close();
      await redis?.quit();
    },
  };
}
