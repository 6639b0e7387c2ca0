/**
 * Monitoring routes (issue 11): administrators only (a signed-in user without the codes gets 403, no token the
 * Token失效 answer of contract §3), the shapes our pages and JeecgBoot's pages read, no secret in any answer
 * (configuration, tokens, passwords, the Redis URL's password), and a request trace that masks tokens and
 * passwords and leaves out OPTIONS and its own calls. Redis figures against a real redis-server with a password.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, createTestApp, type TestApp } from "./helpers.js";
import { accepts, freePort } from "./process-helpers.js";
import { HttpMetrics } from "../../server/monitor/http-metrics.js";

const SMTP_PASSWORD = "SmtpSecret-7f3a9c";
const REDIS_PASSWORD = "RedisSecret-19b2e4";
const ENV_SECRET = "EnvSecret-5d6c7b8a";
const USER_PASSWORD = "Operator@2468";

let t: TestApp;
let redisT: TestApp;
let redis: ChildProcess;
let adminToken: string;
let operatorToken: string;
const monitorRoutes: string[] = [];

/** Every GET route that carries a monitoring permission code. */
function collect(route: RouteOptions) {
  const access = route.config?.access as { permission?: string } | undefined;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (access?.permission?.startsWith("system:monitor:") && access.permission !== "system:monitor:sql" && methods.includes("GET") && !monitorRoutes.includes(route.url)) {
    monitorRoutes.push(route.url);
  }
}

beforeAll(async () => {
  process.env.MONITOR_TEST_SECRET = ENV_SECRET;
  t = await createTestApp({ SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:2525`, MONITOR_TEST_SECRET: ENV_SECRET }, { onRoute: collect });
  adminToken = await t.login();
  await t.setPassword("zhangsan", USER_PASSWORD);
  operatorToken = await t.login("zhangsan", USER_PASSWORD);

  const port = await freePort();
  redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--requirepass", REDIS_PASSWORD], { stdio: "ignore" });
  for (let i = 0; i < 50 && !(await accepts(port)); i++) await new Promise((r) => setTimeout(r, 100));
  redisT = await createTestApp({ REDIS_URL: `redis://:${REDIS_PASSWORD}@127.0.0.1:${port}` });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await redisT?.close();
  redis?.kill();
  delete process.env.MONITOR_TEST_SECRET;
});

const get = (app: TestApp, url: string, token?: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: "GET", url: `${API}${url}`, headers: { ...(token ? { "x-access-token": token } : {}), ...headers } });

function assertNoSecret(text: string) {
  for (const secret of [adminToken, operatorToken, SMTP_PASSWORD, REDIS_PASSWORD, ENV_SECRET, USER_PASSWORD, "Admin@12345", t.config.jwtSecret ? Buffer.from(t.config.jwtSecret).toString("hex") : "x-none"]) {
    expect(text).not.toContain(secret);
  }
  expect(text).not.toMatch(/postgres(ql)?:\/\/[^"\s]*:[^"\s@]+@/);
}

describe("monitoring routes", () => {
  it("registers the monitoring pages' routes, each with an admin code", () => {
    for (const url of [
      "/sys/monitor/server",
      "/sys/monitor/runtime",
      "/sys/monitor/http",
      "/sys/monitor/redis",
      "/sys/monitor/summary",
      "/sys/actuator/redis/info",
      "/sys/actuator/redis/keysSize",
      "/sys/actuator/redis/memoryInfo",
      "/sys/actuator/redis/queryDiskInfo",
      "/actuator/metrics",
      "/actuator/metrics/jvm.memory.used",
      "/actuator/metrics/system.cpu.usage",
      "/actuator/httptrace",
    ]) {
      expect(monitorRoutes).toContain(`${API}${url}`);
    }
  });

  it("refuses a signed-in user without the codes (403) and a request without a token (Token失效)", async () => {
    expect(monitorRoutes.length).toBeGreaterThan(20);
    for (const url of monitorRoutes) {
      const path = url.slice(API.length);
      const denied = await get(t, path, operatorToken);
      expect(denied.statusCode, path).toBe(403);
      expect(denied.json().success).toBe(false);
      const anonymous = await get(t, path);
      expect(anonymous.statusCode, path).toBe(500);
      expect(anonymous.json().message).toBe("Token失效，请重新登录");
    }
  });

  it("answers every route to the admin with no secret in it", async () => {
    // A request with the token in its query string and a password in the body enters the trace first.
    await t.app.inject({ method: "POST", url: `${API}/sys/login?password=${USER_PASSWORD}`, payload: { username: "zhangsan", password: USER_PASSWORD } });
    for (const url of monitorRoutes) {
      const res = await get(t, url.slice(API.length), adminToken);
      expect(res.statusCode, url).toBe(200);
      assertNoSecret(res.body);
    }
    for (const url of ["/sys/monitor/redis", "/sys/monitor/summary", "/sys/actuator/redis/info"]) {
      const res = await get(redisT, url, await redisT.login());
      expect(res.statusCode, url).toBe(200);
      assertNoSecret(res.body);
      expect(res.body).not.toContain(REDIS_PASSWORD);
    }
  });

  it("server page: CPU, memory, load, uptime, process start, and disks in JeecgBoot's shape", async () => {
    const { result } = (await get(t, "/sys/monitor/server", adminToken)).json();
    expect(result.system.cpu.count).toBeGreaterThan(0);
    expect(result.system.cpu.usage).toBeGreaterThanOrEqual(0);
    expect(result.system.cpu.usage).toBeLessThanOrEqual(1);
    expect(result.system.cpu.loadAverage).toHaveLength(3);
    expect(result.system.memory.total).toBeGreaterThan(result.system.memory.available);
    expect(result.system.process.startTime).toBeLessThanOrEqual(Date.now());
    expect(result.system.uptimeSeconds).toBeGreaterThan(0);

    const disk = (await get(t, "/sys/actuator/redis/queryDiskInfo", adminToken)).json();
    expect(disk.message).toBe("查询成功");
    expect(disk.result.length).toBeGreaterThan(0);
    expect(disk.result.map((d: { name: string }) => d.name)).toContain("/");
    for (const d of disk.result) {
      expect(Object.keys(d).sort()).toEqual(["max", "name", "rest", "restPPT"]);
      expect(d.max).toBeGreaterThanOrEqual(d.rest);
      expect(Number.isInteger(d.restPPT)).toBe(true);
      expect(d.restPPT).toBe(Math.round(((d.max - d.rest) / d.max) * 100));
    }
    // Pseudo file systems are left out.
    expect(disk.result.map((d: { name: string }) => d.name)).not.toContain("/proc");
  });

  it("runtime page: heap, RSS, buffers, event-loop delay, GC, active handles; Actuator shapes", async () => {
    const { result } = (await get(t, "/sys/monitor/runtime", adminToken)).json();
    expect(result.memory.heapUsed).toBeGreaterThan(0);
    expect(result.memory.heapLimit).toBeGreaterThan(result.memory.heapTotal);
    expect(result.memory.rss).toBeGreaterThan(result.memory.heapUsed);
    expect(result.eventLoopDelay).toHaveProperty("p99");
    expect(result.gc.count).toBeGreaterThanOrEqual(0);
    expect(result.activeResources.total).toBeGreaterThan(0);

    const used = (await get(t, "/actuator/metrics/jvm.memory.used", adminToken)).json();
    expect(used.name).toBe("jvm.memory.used");
    expect(used.measurements[0].statistic).toBe("VALUE");
    expect(used.measurements[0].value).toBeGreaterThan(0);
    const pause = (await get(t, "/actuator/metrics/jvm.gc.pause", adminToken)).json();
    expect(pause.measurements.map((m: { statistic: string }) => m.statistic)).toEqual(["COUNT", "TOTAL_TIME", "MAX"]);
    const start = (await get(t, "/actuator/metrics/process.start.time", adminToken)).json();
    expect(start.measurements[0].value * 1000).toBeLessThanOrEqual(Date.now());
    const sessions = (await get(t, "/actuator/metrics/tomcat.sessions.active.current", adminToken)).json();
    expect(sessions.measurements[0].value).toBeGreaterThanOrEqual(2);
    // A name without a Node meaning is not found, as Actuator answers an unknown metric.
    expect((await get(t, "/actuator/metrics/jvm.threads.states", adminToken)).statusCode).toBe(404);
    expect((await get(t, "/actuator/metrics/no.such.metric", adminToken)).statusCode).toBe(404);
  });

  it("JVM信息 and Tomcat信息 names: each in Spring's metric shape with a finite non-negative figure, behind its page's code", async () => {
    const names = {
      runtime: ["jvm.buffer.count", "jvm.threads.daemon", "jvm.threads.live", "jvm.threads.peak", "jvm.classes.loaded", "jvm.classes.unloaded", "jvm.gc.memory.allocated", "jvm.gc.memory.promoted", "jvm.gc.max.data.size", "jvm.gc.live.data.size"],
      http: ["tomcat.sessions.active.max", "tomcat.sessions.rejected"],
    };
    // Garbage, so that the collection figures have something to count.
    let junk: unknown[] = [];
    for (let i = 0; i < 300_000; i++) junk.push({ i, s: `x${i}` });
    junk = [];
    const figures: Record<string, number> = {};
    for (const name of [...names.runtime, ...names.http]) {
      const res = await get(t, `/actuator/metrics/${name}`, adminToken);
      expect(res.statusCode, name).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort(), name).toEqual(["availableTags", "baseUnit", "description", "measurements", "name"]);
      expect(body).toMatchObject({ name, availableTags: [], measurements: [{ statistic: "VALUE", value: expect.any(Number) }] });
      expect(body.measurements).toHaveLength(1);
      expect(body.description.length, name).toBeGreaterThan(4);
      const v = body.measurements[0].value;
      expect(Number.isFinite(v) && v >= 0, `${name} = ${v}`).toBe(true);
      figures[name] = v;
      // The page's code, as the other names of that page.
      expect((await get(t, `/actuator/metrics/${name}`, operatorToken)).statusCode, name).toBe(403);
    }
    expect(figures["jvm.threads.live"]).toBeGreaterThanOrEqual(1);
    expect(figures["jvm.threads.peak"]).toBeGreaterThanOrEqual(figures["jvm.threads.live"]);
    expect(figures["jvm.threads.daemon"]).toBe(figures["jvm.threads.live"] - 1);
    expect(figures["jvm.classes.loaded"]).toBeGreaterThan(0);
    expect(figures["jvm.gc.memory.allocated"]).toBeGreaterThan(0);
    expect(figures["jvm.gc.max.data.size"]).toBe((await get(t, "/actuator/metrics/jvm.memory.max", adminToken)).json().measurements[0].value);
    // The peak is never below what is live now (admin and zhangsan are signed in).
    const current = (await get(t, "/actuator/metrics/tomcat.sessions.active.current", adminToken)).json().measurements[0].value;
    expect(figures["tomcat.sessions.active.max"]).toBeGreaterThanOrEqual(current);
    expect(current).toBeGreaterThanOrEqual(2);
    const list = (await get(t, "/actuator/metrics", adminToken)).json().names;
    expect(list).toEqual(expect.arrayContaining([...names.runtime, ...names.http]));
  });

  it("tomcat.sessions.active.max keeps the peak after sessions end", async () => {
    const read = async (name: string) => (await get(t, `/actuator/metrics/${name}`, adminToken)).json().measurements[0].value as number;
    const before = await read("tomcat.sessions.active.current");
    const extra = [await t.login(), await t.login(), await t.login()];
    expect(await read("tomcat.sessions.active.current")).toBe(before + 3);
    const peak = await read("tomcat.sessions.active.max");
    expect(peak).toBeGreaterThanOrEqual(before + 3);
    for (const token of extra) await t.app.inject({ method: "POST", url: `${API}/sys/logout`, headers: { "x-access-token": token } });
    expect(await read("tomcat.sessions.active.current")).toBe(before);
    expect(await read("tomcat.sessions.active.max")).toBe(peak);
  });

  it("HTTP page: requests, status counts and latency percentiles", async () => {
    await get(t, "/sys/nothing-here", adminToken);
    const { result } = (await get(t, "/sys/monitor/http", adminToken)).json();
    expect(result.enabled).toBe(true);
    expect(result.totalRequests).toBeGreaterThan(10);
    expect(result.statuses.byClass["2xx"]).toBeGreaterThan(0);
    expect(result.statuses.byClass["4xx"]).toBeGreaterThan(0);
    expect(result.statuses.byCode.find((s: { status: number }) => s.status === 403).count).toBeGreaterThan(0);
    expect(result.latency.count).toBeGreaterThan(0);
    expect(result.latency.p50).toBeLessThanOrEqual(result.latency.p90);
    expect(result.latency.p90).toBeLessThanOrEqual(result.latency.p99);
    expect(result.latency.p99).toBeLessThanOrEqual(result.latency.max);
    expect(result.sessions.active).toBeGreaterThanOrEqual(2);
  });

  it("latency percentiles from the histogram track the true ones, over a rolling window", () => {
    const m = new HttpMetrics();
    const now = 1_700_000_000_000;
    for (let i = 1; i <= 1000; i++) m.record(200, i % 50 === 0 ? 900 : (i % 50) + 1, now);
    const l = m.latency(now);
    expect(l.count).toBe(1000);
    expect(l.p50).toBeGreaterThanOrEqual(20);
    expect(l.p50).toBeLessThanOrEqual(30);
    expect(l.p99).toBeGreaterThan(50);
    expect(l.max).toBe(900);
    // Two minutes later the window is empty.
    expect(m.latency(now + 120_000).count).toBe(0);
  });

  it("trace: last requests in Actuator's shape, tokens and passwords masked, OPTIONS and monitoring calls left out", async () => {
    await get(t, `/sys/user/list?token=${adminToken}&password=${USER_PASSWORD}&pageNo=1`, adminToken);
    await t.app.inject({ method: "OPTIONS", url: `${API}/sys/user/list` });
    const res = await get(t, "/actuator/httptrace", adminToken);
    assertNoSecret(res.body);
    const { traces } = res.json();
    expect(traces.length).toBeGreaterThan(0);
    expect(traces.length).toBeLessThanOrEqual(100);
    const list = traces.find((x: { request: { uri: string } }) => x.request.uri.startsWith(`${API}/sys/user/list`));
    expect(list.request.method).toBe("GET");
    expect(list.request.uri).toContain("token=******");
    expect(list.request.uri).toContain("password=******");
    expect(list.request.uri).toContain("pageNo=1");
    expect(list.request.headers["x-access-token"]).toEqual(["******"]);
    expect(list.response.status).toBe(200);
    expect(typeof list.timeTaken).toBe("number");
    expect(Number.isNaN(Date.parse(list.timestamp))).toBe(false);
    for (const x of traces) {
      expect(x.request.method).not.toBe("OPTIONS");
      // The monitoring routes never enter it (an unknown metric name is a plain 404 and does).
      if (x.response.status !== 404) expect(x.request.uri).not.toMatch(/\/actuator\/|\/sys\/monitor\//);
    }
    // Newest first.
    expect(Date.parse(traces[0].timestamp)).toBeGreaterThanOrEqual(Date.parse(traces[traces.length - 1].timestamp));
  });

  it("keeps only the last 100 requests", () => {
    const m = new HttpMetrics();
    for (let i = 0; i < 250; i++) m.trace("GET", `/jeecg-boot/x?i=${i}`, 200, 1, null, "127.0.0.1", 1_000 + i);
    const traces = m.traces();
    expect(traces).toHaveLength(100);
    expect(traces[0].request.uri).toBe("/jeecg-boot/x?i=249");
    expect(traces[99].request.uri).toBe("/jeecg-boot/x?i=150");
  });

  it("Redis: a clear not-configured state without REDIS_URL", async () => {
    const page = (await get(t, "/sys/monitor/redis", adminToken)).json();
    expect(page.result.configured).toBe(false);
    expect(page.message).toBe("未配置 Redis");
    const info = (await get(t, "/sys/actuator/redis/info", adminToken)).json();
    expect(info.result).toEqual([]);
    expect(info.message).toBe("未配置 Redis");
  });

  it("Redis: INFO with descriptions, key count and memory in JeecgBoot's shapes", async () => {
    const token = await redisT.login();
    const page = (await get(redisT, "/sys/monitor/redis", token)).json();
    expect(page.result.configured).toBe(true);
    expect(page.result.usedMemory).toBeGreaterThan(0);
    const info = (await get(redisT, "/sys/actuator/redis/info", token)).json();
    const version = info.result.find((r: { key: string }) => r.key === "redis_version");
    expect(version.description).toBe("Redis 服务器版本");
    expect(version.value).toMatch(/^\d+\.\d+/);
    const keys = (await get(redisT, "/sys/actuator/redis/keysSize", token)).json();
    expect(keys).not.toHaveProperty("success");
    expect(typeof keys.dbSize).toBe("number");
    expect(keys.create_time).toBeGreaterThan(0);
    const memory = (await get(redisT, "/sys/actuator/redis/memoryInfo", token)).json();
    expect(Number(memory.used_memory)).toBeGreaterThan(0);
    expect(typeof memory.used_memory).toBe("string");
  });

  it("monitor summary: server, runtime, HTTP, database, Redis and sessions in one answer", async () => {
    const { result } = (await get(t, "/sys/monitor/summary", adminToken)).json();
    expect(result.database.sizeBytes).toBeGreaterThan(0);
    expect(["PGlite", "PostgreSQL"]).toContain(result.database.engine);
    expect(result.redis.configured).toBe(false);
    expect(result.sessions.users).toBeGreaterThanOrEqual(2);
    expect(result.http.totalRequests).toBeGreaterThan(0);
    expect(result.disks.length).toBeGreaterThan(0);
  });
});

describe("HTTP_TRACE=false", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ HTTP_TRACE: "false" });
  });
  afterAll(async () => off?.close());

  it("keeps no counters and no trace", async () => {
    const token = await off.login();
    await get(off, "/sys/user/list", token);
    const http = (await get(off, "/sys/monitor/http", token)).json().result;
    expect(http.enabled).toBe(false);
    expect(http.totalRequests).toBe(0);
    const trace = (await get(off, "/actuator/httptrace", token)).json();
    expect(trace.enabled).toBe(false);
    expect(trace.traces).toEqual([]);
  });
});
