/**
 * PostgreSQL faults against the real compiled server process and a throw-away PostgreSQL cluster started
 * here (issue 7, items 16, 17, 18, 21 and 22): a restart of the database mid-traffic, a database that is slow
 * or stalled, a start without the database, and SIGTERM under load.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import {
  buildServerForTest,
  createDatabase,
  freePort,
  login,
  PgCluster,
  probe,
  sigtermUnderLoad,
  sleep,
  startServer,
  tmpDir,
  type ServerProcess,
} from "./process-helpers.js";

let build: Awaited<ReturnType<typeof buildServerForTest>>;
let cluster: PgCluster;
let databaseUrl: string;
let server: ServerProcess;
let token: string;
const dirs: string[] = [];

const STATEMENT_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 2_000;

function serverEnv(extra: Record<string, string> = {}) {
  const dir = tmpDir("rm-fault-srv-");
  dirs.push(dir);
  return {
    dir,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dir, "data"),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      LOGIN_RATE_LIMIT: "100000",
      ...extra,
    },
  };
}

beforeAll(async () => {
  [build, cluster] = await Promise.all([buildServerForTest(), new PgCluster().init()]);
  databaseUrl = await createDatabase(cluster);
  const { dir, env } = serverEnv();
  server = startServer(build.main, env, await freePort(), dir);
  await server.waitServing();
  token = await login(server.base);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  cluster?.destroy();
  build?.remove();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function roleCodesInDatabase(): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ role_code: string }>("select role_code from sys_role");
    return new Set(rows.map((r) => r.role_code));
  } finally {
    await client.end();
  }
}

describe("PostgreSQL restarting under traffic (pg_ctl stop -m fast, then start)", () => {
  it("keeps the process alive, answers 503 envelopes during the outage, serves again within 5 s, loses no acknowledged write", async () => {
    type Outcome = { code: string; at: number; status: number; success?: boolean; message?: string; error?: string; ms: number };
    const outcomes: Outcome[] = [];
    const readiness: Array<{ at: number; status: number; body: unknown }> = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const code = `f16_${w}_${n}`;
        const at = Date.now();
        const r = await probe(`${server.base}/sys/role/add`, {
          method: "POST",
          headers: { "content-type": "application/json", "X-Access-Token": token },
          body: JSON.stringify({ roleName: `故障测试 ${code}`, roleCode: code }),
        });
        outcomes.push({ code, at, status: r.status, success: r.body?.success, message: r.body?.message, error: r.error, ms: r.ms });
        await sleep(20);
      }
    };
    const prober = async () => {
      while (!stop) {
        const at = Date.now();
        const r = await probe(`${server.base}/actuator/health/readiness`);
        readiness.push({ at, status: r.status, body: r.body });
        await sleep(100);
      }
    };
    const traffic = [writer(0), writer(1), writer(2), prober()];

    await sleep(1_000);
    const stopAt = Date.now();
    await cluster.stop();
    const downAt = Date.now();
    await sleep(2_000);
    expect(server.alive()).toBe(true);
    const outageEnd = Date.now();
    await cluster.start();
    const upAt = Date.now();
    // Serving again: the first acknowledged write after the database came back.
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - upAt < 10_000) {
      recoveredAt = outcomes.find((o) => o.at >= upAt && o.success === true)?.at ?? 0;
      if (!recoveredAt) await sleep(50);
    }
    await sleep(1_000);
    stop = true;
    await Promise.all(traffic);

    expect(server.alive(), server.output()).toBe(true);
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
    // Every request got an answer: no hang (probe's bound is 10 s), no reset, no 500.
    const failedTransport = outcomes.filter((o) => o.status === 0);
    expect(failedTransport).toEqual([]);
    const refusals = outcomes.filter((o) => o.success !== true);
    for (const o of refusals) {
      expect(o.status, JSON.stringify(o)).toBe(503);
      expect(o.message).toMatch(/^数据库/);
    }
    const duringOutage = outcomes.filter((o) => o.at >= downAt && o.at < outageEnd);
    expect(duringOutage.length).toBeGreaterThan(3);
    expect(duringOutage.every((o) => o.status === 503 && o.ms < 5_000)).toBe(true);
    expect(recoveredAt, "no write succeeded after the database came back").toBeGreaterThan(0);
    expect(recoveredAt - upAt).toBeLessThan(5_000);

    // Readiness: DOWN while the database was gone, UP before and after.
    expect(readiness.filter((r) => r.at < stopAt).every((r) => r.status === 200)).toBe(true);
    const downProbes = readiness.filter((r) => r.at >= downAt && r.at < outageEnd);
    expect(downProbes.length).toBeGreaterThan(0);
    expect(downProbes.every((r) => r.status === 503 && (r.body as { status: string }).status === "DOWN")).toBe(true);
    const health = await probe(`${server.base}/actuator/health/readiness`);
    expect(health.status).toBe(200);

    // No acknowledged write was lost.
    const acknowledged = outcomes.filter((o) => o.success === true).map((o) => o.code);
    expect(acknowledged.length).toBeGreaterThan(10);
    const stored = await roleCodesInDatabase();
    expect(acknowledged.filter((c) => !stored.has(c))).toEqual([]);
  }, 60_000);
});

describe("a slow or stalled database", () => {
  it("answers a clean 503 when a statement exceeds DB_STATEMENT_TIMEOUT_MS (table locked by another session)", async () => {
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table sys_role in access exclusive mode");
      const r = await probe(`${server.base}/sys/role/list?pageNo=1&pageSize=10`, { headers: { "X-Access-Token": token } });
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ success: false, code: 503, message: "数据库响应超时，请稍后再试" });
      expect(r.ms).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 200);
      expect(r.ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 3_000);
    } finally {
      await locker.query("rollback").catch(() => {});
      await locker.end();
    }
    const again = await probe(`${server.base}/sys/role/list?pageNo=1&pageSize=10`, { headers: { "X-Access-Token": token } });
    expect(again.status).toBe(200);
  }, 30_000);

  it("answers within the bounds when the database server stops answering altogether (SIGSTOP), and recovers", async () => {
    cluster.signalAll("SIGSTOP");
    let results: Awaited<ReturnType<typeof probe>>[];
    try {
      results = await Promise.all([
        probe(`${server.base}/sys/role/list?pageNo=1&pageSize=10`, { headers: { "X-Access-Token": token } }, 20_000),
        probe(`${server.base}/sys/user/list?pageNo=1&pageSize=10`, { headers: { "X-Access-Token": token } }, 20_000),
        probe(`${server.base}/actuator/health/readiness`, {}, 20_000),
      ]);
    } finally {
      cluster.signalAll("SIGCONT");
    }
    const [roles, users, ready] = results;
    // Pooled connections give up after statement timeout + 5 s, new ones after the connect timeout.
    for (const r of [roles, users]) {
      expect(r.status, JSON.stringify(r)).toBe(503);
      expect(r.body?.message).toMatch(/^数据库/);
      expect(r.ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 5_000 + 2_000);
    }
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(3_500);
    let back = 0;
    const thawed = Date.now();
    while (Date.now() - thawed < 5_000) {
      const r = await probe(`${server.base}/sys/role/list?pageNo=1&pageSize=10`, { headers: { "X-Access-Token": token } });
      if (r.status === 200) {
        back = Date.now() - thawed;
        break;
      }
      await sleep(100);
    }
    expect(back, "not serving again within 5 s").toBeGreaterThan(0);
    expect(server.alive()).toBe(true);
  }, 40_000);
});

describe("start-up without the database", () => {
  const password = "Sup3r-Secret-Pw";

  it("exits non-zero with one line naming host and port, never the password (DB_STARTUP_RETRY_SECONDS=0)", async () => {
    const closed = await freePort();
    const { dir, env } = serverEnv({ DATABASE_URL: `postgres://redmark:${password}@127.0.0.1:${closed}/redmark`, DB_STARTUP_RETRY_SECONDS: "0" });
    const child = startServer(build.main, env, await freePort(), dir);
    const exit = await Promise.race([child.exited, sleep(15_000).then(() => null)]);
    expect(exit, child.output()).not.toBeNull();
    expect(exit!.code).toBe(1);
    const lines = child.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`127.0.0.1:${closed}`);
    expect(lines[0]).toContain("无法连接数据库");
    expect(child.output()).not.toContain(password);
  }, 20_000);

  it("retries with back-off, saying so once per attempt, then gives up", async () => {
    const closed = await freePort();
    const { dir, env } = serverEnv({ DATABASE_URL: `postgres://redmark:${password}@127.0.0.1:${closed}/redmark`, DB_STARTUP_RETRY_SECONDS: "2" });
    const started = Date.now();
    const child = startServer(build.main, env, await freePort(), dir);
    const exit = await Promise.race([child.exited, sleep(15_000).then(() => null)]);
    expect(exit?.code, child.output()).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    const lines = child.output().trim().split("\n");
    const retries = lines.filter((l) => /后重试（第 \d+ 次）/.test(l));
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(lines).toHaveLength(retries.length + 1);
    expect(lines.every((l) => l.includes(`127.0.0.1:${closed}`))).toBe(true);
    expect(child.output()).not.toContain(password);
  }, 20_000);

  it("starts once the database appears while it retries", async () => {
    const { dir, env } = serverEnv({ DB_STARTUP_RETRY_SECONDS: "30" });
    await cluster.stop();
    let child: ServerProcess | undefined;
    try {
      child = startServer(build.main, env, await freePort(), dir);
      // Its first retry line, however long a loaded machine takes to start a process: it waits, it does not exit.
      await expect.poll(() => child!.output(), { timeout: 15_000 }).toMatch(/后重试（第 1 次）/);
      expect(child.alive(), child.output()).toBe(true);
    } finally {
      await cluster.start();
    }
    await child.waitServing(30_000);
    await child.stop();
    // The shared server reconnects as well.
    await expect.poll(async () => (await probe(`${server.base}/actuator/health/readiness`)).status, { timeout: 5_000 }).toBe(200);
  }, 60_000);
});

describe("SIGTERM under load (PostgreSQL)", () => {
  it("finishes in-flight requests, closes the pool and exits 0 within 10 s", async () => {
    const { dir, env } = serverEnv();
    const child = startServer(build.main, env, await freePort(), dir);
    await child.waitServing();
    const { records, signalAt, exit } = await sigtermUnderLoad(child);
    expect(exit, child.output()).not.toBeNull();
    expect(exit!.code, child.output()).toBe(0);
    expect(exit!.at - signalAt).toBeLessThan(10_000);
    expect(child.output()).not.toContain("部分请求未在限定时间内完成");
    // Requests sent before the signal were all answered; some were still in flight when it came.
    const sent = records.filter((r) => r.start < signalAt - 30);
    expect(sent.filter((r) => r.status !== 200)).toEqual([]);
    expect(sent.filter((r) => r.end > signalAt).length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
