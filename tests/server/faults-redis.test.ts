/**
 * Redis going away and coming back under the real compiled server (issue 7, item 19): sign-in fails fast
 * with a clear 503 envelope instead of waiting seconds, the rate limiter does not hang, the log says
 * "down" once and "back" once, and ioredis never prints "Unhandled error event".
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accepts, ADMIN_PASSWORD, buildServerForTest, freePort, probe, sleep, startServer, tmpDir, type ServerProcess } from "./process-helpers.js";

let build: Awaited<ReturnType<typeof buildServerForTest>>;
let redisPort: number;
let redis: ChildProcess | undefined;
let server: ServerProcess;
const dir = tmpDir("rm-fault-redis-");

async function startRedis() {
  redis = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  for (let i = 0; i < 100 && !(await accepts(redisPort)); i++) await sleep(50);
  if (!(await accepts(redisPort))) throw new Error("redis-server did not start (apt-get install redis-server)");
}

async function killRedis() {
  const r = redis!;
  const gone = new Promise((resolve) => r.once("exit", resolve));
  r.kill("SIGKILL");
  await gone;
}

const signIn = () =>
  probe(`${server.base}/sys/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  });

beforeAll(async () => {
  redisPort = await freePort();
  [build] = await Promise.all([buildServerForTest(), startRedis()]);
  server = startServer(build.main, { DATA_DIR: path.join(dir, "data"), REDIS_URL: `redis://127.0.0.1:${redisPort}`, LOG_LEVEL: "info" }, await freePort(), dir);
  await server.waitServing();
}, 90_000);

afterAll(async () => {
  await server?.stop();
  redis?.kill("SIGKILL");
  build?.remove();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("Redis down and back", () => {
  it("fails sign-in fast with a 503 envelope, logs the outage and the recovery once each, and recovers", async () => {
    expect((await signIn()).body).toMatchObject({ success: true, code: 200 });
    expect((await probe(`${server.base}/actuator/health`)).body).toEqual({ status: "UP", components: { db: { status: "UP" }, redis: { status: "UP" } } });

    await killRedis();
    const attempts = [];
    for (let i = 0; i < 6; i++) {
      attempts.push(await signIn());
      await sleep(150);
    }
    for (const r of attempts) {
      expect(r.status, JSON.stringify(r)).toBe(503);
      expect(r.body).toMatchObject({ success: false, code: 503, message: "缓存服务（Redis）连接异常，请稍后再试" });
      expect(r.ms).toBeLessThan(2_000);
    }
    // The captcha (also kept in Redis) fails the same way; the rate-limited route does not hang.
    const captcha = await probe(`${server.base}/sys/randomImage/abc123`);
    expect(captcha.status).toBe(503);
    expect(captcha.ms).toBeLessThan(2_000);
    // Health says which component is down; readiness stays UP (everything but sign-in works without Redis).
    const health = await probe(`${server.base}/actuator/health`);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: "DOWN", components: { db: { status: "UP" }, redis: { status: "DOWN" } } });
    expect((await probe(`${server.base}/actuator/health/readiness`)).status).toBe(200);
    await sleep(2_500); // several reconnect attempts fail meanwhile

    await startRedis();
    const back = Date.now();
    let ok = false;
    while (!ok && Date.now() - back < 5_000) {
      ok = (await signIn()).body?.success === true;
      if (!ok) await sleep(100);
    }
    expect(ok, server.output()).toBe(true);
    await sleep(300);

    const out = server.output();
    expect(server.alive()).toBe(true);
    expect(out).not.toContain("Unhandled error event");
    expect(out.match(/Redis不可用/g) ?? []).toHaveLength(1);
    expect(out.match(/Redis已恢复/g) ?? []).toHaveLength(1);
  }, 60_000);
});
