/**
 * The websocket `/jeecg-boot/websocket/{userId}`: the handshake (token in Sec-WebSocket-Protocol or the
 * query, the path's user must be the token's), revocation closing sockets, ping/pong dropping dead sockets,
 * frames that never fan out, size and flood limits, and fan-out across two server instances through a real
 * redis-server started here. Token-less sockets (the JeecgBoot 3.1 Vue 2 client's) get only content-free
 * nudges, within per-IP and total caps.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import WebSocket from "ws";
import { buildApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { createContext } from "../../server/context.js";
import { sysUser } from "../../server/db/schema.js";
import { accepts, freePort, sleep } from "./process-helpers.js";
import { API, ADMIN_PASSWORD, createTestApp, type TestApp } from "./helpers.js";

const PASSWORD = "Socket@123";

type Received = { messages: Array<Record<string, unknown>>; raw: string[]; closed: Promise<{ code: number; reason: string }> };

/** What a token-less socket may ever receive: the nudges and the heartbeat answer. */
const NUDGES = ['{"cmd":"user"}', '{"cmd":"topic"}', '{"cmd":"heartcheck","msgTxt":"心跳响应"}'];

/** Opens a socket; resolves when open, rejects with the HTTP status of a refused handshake. */
function connect(url: string, protocols?: string[], headers?: Record<string, string>): Promise<WebSocket & Received> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, headers ? { headers } : undefined) as WebSocket & Received;
    ws.messages = [];
    ws.raw = [];
    ws.closed = new Promise((done) => ws.on("close", (code, reason) => done({ code, reason: reason.toString() })));
    ws.on("message", (data) => {
      ws.raw.push(data.toString());
      ws.messages.push(JSON.parse(data.toString()));
    });
    ws.on("open", () => resolve(ws));
    ws.on("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on("error", (err) => reject(err));
  });
}

async function until(check: () => boolean, ms = 2_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(10);
  }
}

async function userId(t: TestApp, username: string) {
  const [row] = await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
  return row.id;
}

describe("websocket on one instance", () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let adminId: string;
  let jeecgId: string;
  const open: WebSocket[] = [];
  const ws = async (userPath: string, token?: string, how: "protocol" | "query" = "protocol") => {
    const url = `${base}/websocket/${userPath}${token && how === "query" ? `?token=${encodeURIComponent(token)}` : ""}`;
    const s = await connect(url, token && how === "protocol" ? [token] : undefined);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp({ WS_PING_MS: "200", WS_MAX_FRAME_BYTES: "1024", WS_MAX_FRAMES_PER_10S: "20" });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    base = `ws://127.0.0.1:${port}${API}`;
    admin = await t.login();
    adminId = await userId(t, "admin");
    jeecgId = await userId(t, "zhangsan");
    await t.setPassword("zhangsan", PASSWORD);
  });
  afterAll(async () => {
    for (const s of open) s.terminate();
    await t.close();
  });

  it("refuses a forged or ended token (as the console relies on) and another user's path; a token-less socket stays apart", async () => {
    const forged = await new SignJWT({ sid: "x".repeat(32) })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("admin")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-the-server-secret-not-the-server-secret"));
    await expect(ws(adminId, forged)).rejects.toThrow("HTTP 401");
    await expect(ws(adminId, forged, "query")).rejects.toThrow("HTTP 401");
    await expect(ws(jeecgId, admin)).rejects.toThrow("HTTP 403");
    // A token that was valid but whose session ended is still refused, whichever way it comes.
    const ended = await t.login();
    await t.app.inject({ method: "POST", url: `${API}/sys/logout`, headers: { "x-access-token": ended } });
    await expect(ws(adminId, ended)).rejects.toThrow("HTTP 401");
    await expect(ws(adminId, ended, "query")).rejects.toThrow("HTTP 401");
    expect(t.ctx.realtime.size).toBe(0);
    const anonymous = await ws(adminId);
    expect(anonymous.protocol).toBe("");
    expect(t.ctx.realtime.size).toBe(1);
    expect(t.ctx.realtime.anonymousSize).toBe(1);
    expect(t.ctx.realtime.socketsOf(adminId)).toBe(0);
    anonymous.close();
    await until(() => t.ctx.realtime.size === 0);
  });

  it("accepts a token-less handshake for any well-formed user id (no enumeration), refuses a malformed one, answers HeartBeat", async () => {
    const known = await ws(jeecgId);
    const unknown = await ws("1999999999999999999");
    expect(t.ctx.realtime.anonymousSize).toBe(2);
    await expect(ws("bad%20id!")).rejects.toThrow("HTTP 400");
    await expect(ws("x".repeat(65))).rejects.toThrow("HTTP 400");
    known.send("HeartBeat");
    await until(() => known.raw.length === 1);
    expect(known.raw).toEqual(['{"cmd":"heartcheck","msgTxt":"心跳响应"}']);
    expect(unknown.raw).toEqual([]);
    known.close();
    unknown.close();
    await until(() => t.ctx.realtime.anonymousSize === 0);
  });

  it("sends a token-less socket only content-free nudges: its own user's messages and broadcast topics, never live events", async () => {
    const jeecg = await t.login("zhangsan", PASSWORD);
    const signedIn = await ws(jeecgId, jeecg);
    const anon = await ws(jeecgId);
    const anonOther = await ws(adminId);
    const call = (method: "GET" | "POST", url: string, payload?: object) =>
      t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": admin }, ...(payload ? { payload } : {}) });

    // A change: a live event for signed-in sockets only.
    expect((await call("POST", "/sys/position/add", { code: "ws-anon-1", name: "匿名测试职务" })).json().success).toBe(true);
    await until(() => signedIn.messages.some((m) => m.cmd === "live"));

    // A message to zhangsan: the full message on the signed-in socket, a bare nudge on zhangsan's token-less one.
    expect((await call("POST", "/sys/annountCement/add", { titile: "私信内容不外泄", msgContent: "<p>秘密</p>", msgType: "USER", userIds: `${jeecgId},` })).json().success).toBe(true);
    const userAnn = (await call("GET", "/sys/annountCement/list?titile=私信内容不外泄")).json().result.records[0].id as string;
    await call("GET", `/sys/annountCement/doReleaseData?id=${userAnn}`);
    await until(() => signedIn.messages.some((m) => m.cmd === "user") && anon.raw.includes('{"cmd":"user"}'));
    expect(signedIn.messages.find((m) => m.cmd === "user")).toMatchObject({ msgId: userAnn, msgTxt: "私信内容不外泄" });

    // A message to everyone: a topic nudge on every token-less socket.
    expect((await call("POST", "/sys/annountCement/add", { titile: "全员内容不外泄", msgType: "ALL" })).json().success).toBe(true);
    const allAnn = (await call("GET", "/sys/annountCement/list?titile=全员内容不外泄")).json().result.records[0].id as string;
    await call("GET", `/sys/annountCement/doReleaseData?id=${allAnn}`);
    await until(() => anon.raw.includes('{"cmd":"topic"}') && anonOther.raw.includes('{"cmd":"topic"}'));
    // Straight sends through the hub: other users' messages and live events never reach a token-less socket.
    await t.ctx.realtime.send(adminId, { cmd: "user", msgId: "m-1", msgTxt: "给管理员" });
    await t.ctx.realtime.broadcast({ cmd: "live", apiBase: "/sys/position", type: "created", ids: ["p-1"] });
    await t.ctx.realtime.send(jeecgId, { cmd: "email", msgId: "m-2", msgTxt: "邮件" });
    await until(() => anonOther.raw.includes('{"cmd":"user"}'));
    await sleep(200);

    expect(anon.raw).toEqual(['{"cmd":"user"}', '{"cmd":"topic"}']);
    expect(anonOther.raw).toEqual(['{"cmd":"topic"}', '{"cmd":"user"}']);
    for (const text of [...anon.raw, ...anonOther.raw]) {
      expect(NUDGES).toContain(text);
      expect(text).not.toMatch(/msgId|msgTxt|ids|userId|内容|ws-anon/);
    }
    signedIn.close();
    anon.close();
    anonOther.close();
  });

  it("keeps token-less sockets under the same frame, flood and ping limits", async () => {
    const big = await ws(jeecgId);
    big.send("x".repeat(2048));
    expect((await big.closed).code).toBe(1009);
    const flood = await ws(jeecgId);
    for (let i = 0; i < 30; i++) flood.send("HeartBeat");
    expect((await flood.closed).code).toBe(1008);
    const binary = await ws(jeecgId);
    binary.send(Buffer.from([1, 2, 3]));
    expect((await binary.closed).code).toBe(1003);
    await until(() => t.ctx.realtime.anonymousSize === 0);
    const dead = await ws(jeecgId);
    await until(() => t.ctx.realtime.anonymousSize === 1);
    (dead as unknown as { _socket: { pause(): void } })._socket.pause();
    await until(() => t.ctx.realtime.anonymousSize === 0, 3_000);
  });

  it("accepts the token as the JeecgBoot client sends it (subprotocol, echoed) or as ?token=, and answers HeartBeat to the sender only", async () => {
    const a = await ws(adminId, admin);
    expect(a.protocol).toBe(admin);
    const b = await ws(adminId, admin, "query");
    a.send("HeartBeat");
    await until(() => a.messages.length === 1);
    expect(a.messages[0]).toEqual({ cmd: "heartcheck", msgTxt: "心跳响应" });
    await sleep(100);
    expect(b.messages).toEqual([]);
    a.close();
    b.close();
  });

  it("never fans a client's frame out to other sockets", async () => {
    const jeecg = await t.login("zhangsan", PASSWORD);
    const sender = await ws(jeecgId, jeecg);
    const other = await ws(adminId, admin);
    sender.send(JSON.stringify({ cmd: "topic", msgId: "1", msgTxt: "伪造的广播" }));
    sender.send(JSON.stringify({ cmd: "user", userId: adminId, msgTxt: "伪造的私信" }));
    await sleep(300);
    expect(other.messages).toEqual([]);
    expect(sender.messages).toEqual([]);
  });

  it("cuts off oversized frames and floods", async () => {
    const big = await ws(adminId, admin);
    big.send("x".repeat(2048));
    expect((await big.closed).code).toBe(1009);
    const flood = await ws(adminId, admin);
    for (let i = 0; i < 30; i++) flood.send("hello");
    expect((await flood.closed).code).toBe(1008);
  });

  it("drops a socket that stops answering pings", async () => {
    await t.setPassword("lisi", PASSWORD);
    const lisiId = await userId(t, "lisi");
    const live = await ws(lisiId, await t.login("lisi", PASSWORD));
    const dead = await ws(lisiId, await t.login("lisi", PASSWORD));
    await until(() => t.ctx.realtime.socketsOf(lisiId) === 2);
    // The client stops reading: no pongs go back.
    (dead as unknown as { _socket: { pause(): void } })._socket.pause();
    await until(() => t.ctx.realtime.socketsOf(lisiId) === 1, 3_000);
    // The answering one stays through several ping rounds (200 ms).
    await sleep(700);
    expect(t.ctx.realtime.socketsOf(lisiId)).toBe(1);
    expect(live.readyState).toBe(WebSocket.OPEN);
  });

  it("closes a session's sockets on logout, and all of a user's on freezing, at once", async () => {
    const token = await t.login("zhangsan", PASSWORD);
    const mine = await ws(jeecgId, token);
    const other = await t.login("zhangsan", PASSWORD);
    const otherSocket = await ws(jeecgId, other);
    // A token-less socket carries nothing of the user's, so ending their sessions leaves it open.
    const anon = await ws(jeecgId);
    const logout = await t.app.inject({ method: "POST", url: `${API}/sys/logout`, headers: { "x-access-token": token } });
    expect(logout.json().success).toBe(true);
    expect((await mine.closed).code).toBe(4001);
    expect(otherSocket.readyState).toBe(WebSocket.OPEN);

    const frozen = await t.app.inject({
      method: "PUT",
      url: `${API}/sys/user/frozenBatch`,
      headers: { "x-access-token": admin },
      payload: { ids: jeecgId, status: 2 },
    });
    expect(frozen.json().success).toBe(true);
    expect((await otherSocket.closed).code).toBe(4001);
    await expect(ws(jeecgId, other)).rejects.toThrow("HTTP 401");
    expect(anon.readyState).toBe(WebSocket.OPEN);
    anon.close();
    await t.app.inject({ method: "PUT", url: `${API}/sys/user/frozenBatch`, headers: { "x-access-token": admin }, payload: { ids: jeecgId, status: 1 } });
  });

  it("closes the other sessions' sockets when the user changes their password", async () => {
    const keep = await t.login("zhangsan", PASSWORD);
    const drop = await t.login("zhangsan", PASSWORD);
    const kept = await ws(jeecgId, keep);
    const dropped = await ws(jeecgId, drop);
    const res = await t.app.inject({
      method: "PUT",
      url: `${API}/sys/user/updatePassword`,
      headers: { "x-access-token": keep },
      payload: { username: "zhangsan", oldpassword: PASSWORD, password: "Socket@456", confirmpassword: "Socket@456" },
    });
    expect(res.json().success).toBe(true);
    expect((await dropped.closed).code).toBe(4001);
    expect(kept.readyState).toBe(WebSocket.OPEN);
    await t.setPassword("zhangsan", PASSWORD);
  });

  it("closes every socket when the server shuts down", async () => {
    const s = await ws(adminId, admin);
    const anon = await ws(adminId);
    await t.app.close();
    expect((await s.closed).code).toBe(1001);
    expect((await anon.closed).code).toBe(1001);
  });
});

describe("token-less sockets are capped per address and in total", () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let adminId: string;
  const open: WebSocket[] = [];
  const from = async (ip: string, token?: string) => {
    const s = await connect(`${base}/websocket/${adminId}`, token ? [token] : undefined, { "X-Forwarded-For": ip });
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp({ WS_ANONYMOUS_MAX: "3", WS_ANONYMOUS_MAX_PER_IP: "2", TRUST_PROXY: "true" });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}${API}`;
    admin = await t.login();
    adminId = await userId(t, "admin");
  });
  afterAll(async () => {
    for (const s of open) s.terminate();
    await t.close();
  });

  it("refuses the third from one address (429) and the fourth in all (503); signed-in sockets are not counted", async () => {
    const first = await from("203.0.113.1");
    await from("203.0.113.1");
    await expect(from("203.0.113.1")).rejects.toThrow("HTTP 429");
    await from("203.0.113.2");
    await expect(from("203.0.113.3")).rejects.toThrow("HTTP 503");
    expect(t.ctx.realtime.anonymousSize).toBe(3);
    // The console's authenticated socket is unaffected.
    await from("203.0.113.1", admin);
    expect(t.ctx.realtime.socketsOf(adminId)).toBe(1);
    // A closed socket frees its place.
    first.close();
    await until(() => t.ctx.realtime.anonymousSize === 2);
    await from("203.0.113.3");
  });

  it("WS_ANONYMOUS_MAX=0 refuses token-less handshakes with 401, as before", async () => {
    const off = await createTestApp({ WS_ANONYMOUS_MAX: "0" });
    try {
      await off.app.listen({ port: 0, host: "127.0.0.1" });
      const url = `ws://127.0.0.1:${(off.app.server.address() as { port: number }).port}${API}/websocket/${await userId(off, "admin")}`;
      await expect(connect(url)).rejects.toThrow("HTTP 401");
      const s = await connect(url, [await off.login()]);
      s.close();
    } finally {
      await off.close();
    }
  });
});

describe("websocket across two instances through Redis", () => {
  let redisProcess: ChildProcess;
  let a: TestApp;
  let b: { app: Awaited<ReturnType<typeof buildApp>>; ctx: Awaited<ReturnType<typeof createContext>>; dataDir: string };
  let baseA: string;
  let baseB: string;
  const open: WebSocket[] = [];

  beforeAll(async () => {
    const port = await freePort();
    redisProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    for (let i = 0; i < 100 && !(await accepts(port)); i++) await sleep(50);
    const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
    a = await createTestApp(env);
    // Instance B: its own app and hub, the same database and Redis.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-test-b-"));
    const config = loadConfig({ DATA_DIR: a.config.dataDir, LOGIN_CAPTCHA: "false", ADMIN_PASSWORD, STATIC_DIR: path.join(dataDir, "dist"), ...env });
    const ctx = await createContext(config, a.database.db);
    b = { app: await buildApp(ctx), ctx, dataDir };
    await a.app.listen({ port: 0, host: "127.0.0.1" });
    await b.app.listen({ port: 0, host: "127.0.0.1" });
    baseA = `ws://127.0.0.1:${(a.app.server.address() as { port: number }).port}${API}`;
    baseB = `ws://127.0.0.1:${(b.app.server.address() as { port: number }).port}${API}`;
    await a.setPassword("zhangsan", PASSWORD);
  });
  afterAll(async () => {
    for (const s of open) s.terminate();
    await b?.app.close();
    await b?.ctx.close();
    await a?.close();
    if (b) fs.rmSync(b.dataDir, { recursive: true, force: true });
    redisProcess?.kill();
  });

  const socket = async (base: string, user: string, token: string) => {
    const s = await connect(`${base}/websocket/${user}`, [token]);
    open.push(s);
    return s;
  };

  it("delivers a release on instance A to the user's socket on instance B, and a broadcast to both", async () => {
    const admin = await a.login();
    const jeecgId = await userId(a, "zhangsan");
    const adminId = await userId(a, "admin");
    const jeecg = await a.login("zhangsan", PASSWORD);
    const onB = await socket(baseB, jeecgId, jeecg);
    const adminOnA = await socket(baseA, adminId, admin);
    // The Vue 2 client's token-less socket, on instance B.
    const anonOnB = await connect(`${baseB}/websocket/${jeecgId}`);
    open.push(anonOnB);
    const call = (method: "GET" | "POST", url: string, payload?: object) =>
      a.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": admin }, ...(payload ? { payload } : {}) });

    expect((await call("POST", "/sys/annountCement/add", { titile: "跨实例通知", msgContent: "<p>hi</p>", msgType: "USER", userIds: `${jeecgId},` })).json().success).toBe(true);
    const list = (await call("GET", "/sys/annountCement/list?titile=跨实例通知")).json().result.records;
    const id = list[0].id as string;
    expect((await call("GET", `/sys/annountCement/doReleaseData?id=${id}`)).json().message).toBe("该系统通知发布成功");
    await until(() => onB.messages.some((m) => m.cmd === "user"));
    expect(onB.messages.find((m) => m.cmd === "user")).toMatchObject({ cmd: "user", msgId: id, msgTxt: "跨实例通知", userId: jeecgId });
    // A message to one user reaches nobody else.
    expect(adminOnA.messages.filter((m) => m.cmd === "user")).toEqual([]);

    expect((await call("POST", "/sys/annountCement/add", { titile: "全员通知", msgType: "ALL" })).json().success).toBe(true);
    const all = (await call("GET", "/sys/annountCement/list?titile=全员通知")).json().result.records[0].id as string;
    await call("GET", `/sys/annountCement/doReleaseData?id=${all}`);
    await until(() => onB.messages.some((m) => m.cmd === "topic") && adminOnA.messages.some((m) => m.cmd === "topic"));
    expect(onB.messages.find((m) => m.cmd === "topic")).toMatchObject({ msgId: all, msgTxt: "全员通知" });
    await until(() => anonOnB.raw.includes('{"cmd":"topic"}'));
    // Nudges only, in order; the live events of the same calls never reach it.
    expect(anonOnB.raw).toEqual(['{"cmd":"user"}', '{"cmd":"topic"}']);
  });

  it("closes a socket on instance B when its session is logged out on instance A", async () => {
    const jeecgId = await userId(a, "zhangsan");
    const token = await a.login("zhangsan", PASSWORD);
    const onB = await socket(baseB, jeecgId, token);
    await a.app.inject({ method: "POST", url: `${API}/sys/logout`, headers: { "x-access-token": token } });
    expect((await onB.closed).code).toBe(4001);
  });

  it("carries live events of changes made on A to sockets on B", async () => {
    const admin = await a.login();
    const adminId = await userId(a, "admin");
    const onB = await socket(baseB, adminId, admin);
    const res = await a.app.inject({
      method: "POST",
      url: `${API}/sys/position/add`,
      headers: { "x-access-token": admin },
      payload: { code: "ws-live-1", name: "实时职务" },
    });
    expect(res.json().success).toBe(true);
    await until(() => onB.messages.some((m) => m.cmd === "live"));
    expect(onB.messages.find((m) => m.cmd === "live")).toEqual({ cmd: "live", apiBase: "/sys/position", type: "created", ids: [] });
  });
});
