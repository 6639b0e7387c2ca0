/**
 * Short-lived shared state (captcha codes, login failure counters). In memory for one process; Redis when
 * REDIS_URL is set, so several instances behind a load balancer share it.
 */
import { ApiError } from "./envelope.js";

/** Redis could not answer (down, unreachable, too slow): the request gets a 503 envelope at once. */
export class KvUnavailableError extends ApiError {
  constructor(readonly reason: unknown) {
    super("缓存服务（Redis）连接异常，请稍后再试", 503, 503);
  }
}
export interface KvStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Reads and deletes in one step (single-use values). */
  take(key: string): Promise<string | null>;
  /** Increments a counter, starting its TTL on first increment; returns the new value. */
  incr(key: string, ttlMs: number): Promise<number>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryKv(now: () => number = Date.now): KvStore {
  const map = new Map<string, { value: string; expires: number }>();
  const live = (key: string) => {
    const entry = map.get(key);
    if (!entry) return null;
    if (entry.expires <= now()) {
      map.delete(key);
      return null;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, v] of map) if (v.expires <= t) map.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      map.set(key, { value, expires: now() + ttlMs });
    },
    async take(key) {
      const value = live(key)?.value ?? null;
      map.delete(key);
      return value;
    },
    async incr(key, ttlMs) {
      const entry = live(key);
      const value = (entry ? Number(entry.value) : 0) + 1;
      map.set(key, { value: String(value), expires: entry ? entry.expires : now() + ttlMs });
      return value;
    },
    async del(key) {
      map.delete(key);
    },
    async close() {
      clearInterval(sweep);
      map.clear();
    },
  };
}

/**
 * The store on Redis. The client should fail fast (`enableOfflineQueue: false`, a command timeout, see
 * context.ts): every failure becomes a `KvUnavailableError`, never a hang or a 500.
 */
export async function redisKv(redis: import("ioredis").Redis, prefix = "redmark:"): Promise<KvStore> {
  const k = (key: string) => prefix + key;
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      throw new KvUnavailableError(err);
    }
  };
  return {
    get: (key) => guard(() => redis.get(k(key))),
    set: (key, value, ttlMs) =>
      guard(async () => {
        await redis.set(k(key), value, "PX", ttlMs);
      }),
    take: (key) => guard(() => redis.getdel(k(key))),
    incr: (key, ttlMs) =>
      guard(async () => {
        const [[err, value]] = (await redis.multi().incr(k(key)).pexpire(k(key), ttlMs, "NX").exec()) as [[Error | null, number]];
        if (err) throw err;
        return value;
      }),
    del: (key) =>
      guard(async () => {
        await redis.del(k(key));
      }),
    async close() {},
  };
}
