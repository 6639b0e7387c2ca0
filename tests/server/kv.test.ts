/**
 * The short-lived shared state (captcha codes, failure counters, lockouts) behaves the same in memory and
 * in Redis — the Redis case against a real redis-server started here (CI installs Debian's package).
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { memoryKv, redisKv, type KvStore } from "../../server/lib/kv.js";

let redisProcess: ChildProcess;
let redis: Redis;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

beforeAll(async () => {
  const port = await freePort();
  redisProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  for (let i = 0; i < 100 && !(await accepts(port)); i++) await new Promise((r) => setTimeout(r, 50));
  redis = new Redis({ port, host: "127.0.0.1", lazyConnect: true });
  await redis.connect();
});

afterAll(async () => {
  await redis?.quit();
  redisProcess?.kill();
});

const stores: Array<[string, () => Promise<KvStore>]> = [
  ["memory", async () => memoryKv()],
  ["redis", async () => redisKv(redis, `test:${Math.random()}:`)],
];

describe.each(stores)("%s key-value store", (_name, make) => {
  it("sets, gets and deletes values", async () => {
    const kv = await make();
    await kv.set("a", "1", 10_000);
    expect(await kv.get("a")).toBe("1");
    await kv.del("a");
    expect(await kv.get("a")).toBeNull();
  });

  it("takes a value exactly once (single-use captcha codes)", async () => {
    const kv = await make();
    await kv.set("captcha", "abcd", 10_000);
    expect(await kv.take("captcha")).toBe("abcd");
    expect(await kv.take("captcha")).toBeNull();
  });

  it("counts failures and forgets them after their time to live", async () => {
    const kv = await make();
    expect(await kv.incr("fail", 200)).toBe(1);
    expect(await kv.incr("fail", 200)).toBe(2);
    await new Promise((r) => setTimeout(r, 350));
    expect(await kv.incr("fail", 200)).toBe(1);
  });

  it("expires values", async () => {
    const kv = await make();
    await kv.set("short", "x", 100);
    await new Promise((r) => setTimeout(r, 250));
    expect(await kv.get("short")).toBeNull();
  });
});
