/**
 * The server process on the embedded database (issue 7, items 20 and 21): the data directory lock after
 * kill -9, SIGTERM under load with plain `node` on the compiled server, and SIGTERM through `npm run serve`
 * (npm → sh → node).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, buildServerForTest, freePort, probe, ROOT, sigtermUnderLoad, sleep, startServer, tmpDir, type ServerProcess } from "./process-helpers.js";

let build: Awaited<ReturnType<typeof buildServerForTest>>;
const dirs: string[] = [];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  build = await buildServerForTest();
});

afterAll(async () => {
  for (const s of servers) if (s.alive()) s.child.kill("SIGKILL");
  build?.remove();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function pgliteServer(dir: string, port: number, env: Record<string, string> = {}) {
  const s = startServer(build.main, { DATA_DIR: path.join(dir, "data"), LOGIN_RATE_LIMIT: "100000", ...env }, port, dir);
  servers.push(s);
  return s;
}

function workDir() {
  const d = tmpDir("rm-fault-proc-");
  dirs.push(d);
  return d;
}

describe("the PGlite data directory lock", () => {
  it("is taken over at once after kill -9, and still refuses a second start while its owner lives", async () => {
    const dir = workDir();
    const first = pgliteServer(dir, await freePort());
    await first.waitServing();

    // A second process while the first is alive: refused with the Chinese message, the first keeps serving.
    const second = pgliteServer(dir, await freePort());
    const refused = await Promise.race([second.exited, sleep(20_000).then(() => null)]);
    expect(refused?.code, second.output()).toBe(1);
    expect(second.output()).toContain("正被另一个服务进程使用");
    expect(second.output()).toContain(`PID ${first.child.pid}`);
    expect(first.alive()).toBe(true);

    first.child.kill("SIGKILL");
    await first.exited;
    expect(fs.existsSync(path.join(dir, "data", ".lock"))).toBe(true); // left behind by the dead process

    const started = Date.now();
    const third = pgliteServer(dir, await freePort());
    await third.waitServing(30_000);
    expect(third.output()).not.toContain("正被另一个服务进程使用");
    // Opening PGlite takes a few seconds on a busy machine; the old lock waited for 15 s of staleness first.
    expect(Date.now() - started).toBeLessThan(15_000);
    const lock = JSON.parse(fs.readFileSync(path.join(dir, "data", ".lock"), "utf8"));
    expect(lock.pid).toBe(third.child.pid);
    await third.stop();
    expect(fs.existsSync(path.join(dir, "data", ".lock"))).toBe(false);
  }, 90_000);
});

describe("SIGTERM under load (PGlite, plain node on the compiled server)", () => {
  it("finishes in-flight requests, closes the database, exits 0 within 10 s, and a restart on the same data succeeds at once", async () => {
    const dir = workDir();
    const server = pgliteServer(dir, await freePort());
    await server.waitServing();
    const { records, signalAt, exit } = await sigtermUnderLoad(server);
    expect(exit, server.output()).not.toBeNull();
    expect(exit!.code, server.output()).toBe(0);
    expect(exit!.at - signalAt).toBeLessThan(10_000);
    expect(server.output()).not.toContain("部分请求未在限定时间内完成");
    const sent = records.filter((r) => r.start < signalAt - 30);
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.filter((r) => r.status !== 200)).toEqual([]);
    expect(sent.filter((r) => r.end > signalAt).length).toBeGreaterThanOrEqual(2);

    const again = pgliteServer(dir, await freePort());
    await again.waitServing(30_000);
    const ready = await probe(`${again.base}/actuator/health/readiness`);
    expect(ready.status).toBe(200);
    await again.stop();
    expect((await again.exited).code).toBe(0);
  }, 90_000);
});

describe("SIGTERM to npm run serve (npm → sh → node)", () => {
  it("reaches the server, which drains and exits 0, and npm exits 0 within 10 s", async () => {
    const dir = workDir();
    const port = await freePort();
    const npm = spawn("npm", ["run", "--silent", "serve"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(dir, "data"),
        DATABASE_URL: "",
        REDIS_URL: "",
        LOGIN_CAPTCHA: "false",
        ADMIN_PASSWORD,
        LOG_LEVEL: "info",
        STATIC_DIR: path.join(dir, "no-console"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    npm.stdout.on("data", (d) => (out += d));
    npm.stderr.on("data", (d) => (out += d));
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
      npm.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    try {
      const deadline = Date.now() + 90_000;
      let up = false;
      while (!up && Date.now() < deadline && npm.exitCode === null) {
        up = (await probe(`http://127.0.0.1:${port}/jeecg-boot/actuator/health/liveness`, {}, 2_000)).status === 200;
        if (!up) await sleep(200);
      }
      expect(up, out).toBe(true);
      const signalAt = Date.now();
      npm.kill("SIGTERM");
      const exit = await Promise.race([exited, sleep(12_000).then(() => null)]);
      expect(exit, out).not.toBeNull();
      expect(exit!.code, out).toBe(0);
      expect(exit!.at - signalAt).toBeLessThan(10_000);
      // The server itself saw the signal and stopped in order (not killed with its parent).
      expect(out).toContain("服务已停止");
      expect((await probe(`http://127.0.0.1:${port}/jeecg-boot/actuator/health/liveness`, {}, 2_000)).status).toBe(0);
    } finally {
      if (npm.exitCode === null) npm.kill("SIGKILL");
    }
  }, 120_000);
});
