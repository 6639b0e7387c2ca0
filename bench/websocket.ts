/**
 * Websocket fan-out benchmark (issue 10; figures in docs/performance.md): a server process on loopback,
 * BENCH_SOCKETS (10 000) sockets opened by this process in batches, then one announcement released to
 * everyone; measures the time from the release request to the last socket receiving its `topic` message,
 * and the server's RSS per idle socket. Bounded: at most 60 s of connecting and 10 s of waiting.
 *
 *   npx tsx bench/websocket.ts          (BENCH_SOCKETS=2000 for a quick run)
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const BATCH = 250;
const PASSWORD = "Bench@12345";
const API = "/jeecg-boot";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = 19000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      SEED_DEMO: "false",
      LOGIN_CAPTCHA: "false",
      LOG_LEVEL: "warn",
      WS_MAX_SOCKETS_PER_USER: String(SOCKETS + 10),
      MESSAGE_SEND_INTERVAL_SECONDS: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${API}/sys/randomImage/1`)).ok) return { child, port };
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

async function call(port: number, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${API}${url}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { "x-access-token": token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-bench-ws-"));
  const { child, port } = await startServer(dataDir);
  try {
    const login = await call(port, "POST", "/sys/login", undefined, { username: "admin", password: PASSWORD });
    const token: string = login.result.token;
    const userId: string = login.result.userInfo.id;
    await sleep(1_000);
    const rssBefore = rssKb(child.pid!);

    const sockets: WebSocket[] = [];
    let received = 0;
    let lastAt = 0;
    const connectStart = Date.now();
    for (let i = 0; i < SOCKETS && Date.now() - connectStart < 60_000; i += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, SOCKETS - i) }, () =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}${API}/websocket/${userId}`, [token], { perMessageDeflate: false });
          ws.on("open", () => resolve());
          ws.on("error", reject);
          ws.on("message", (data) => {
            if (String(data).includes('"cmd":"topic"')) {
              received++;
              lastAt = performance.now();
            }
          });
          sockets.push(ws);
        }),
      );
      await Promise.all(batch);
    }
    const connectMs = Date.now() - connectStart;
    await sleep(2_000);
    const rssAfter = rssKb(child.pid!);

    await call(port, "POST", "/sys/annountCement/add", token, { titile: "压测广播", msgType: "ALL" });
    const list = await call(port, "GET", "/sys/annountCement/list?titile=压测广播", token);
    const id = list.result.records[0].id;
    const t0 = performance.now();
    const release = await call(port, "GET", `/sys/annountCement/doReleaseData?id=${id}`, token);
    if (!release.success) throw new Error(release.message);
    const deadline = Date.now() + 10_000;
    while (received < sockets.length && Date.now() < deadline) await sleep(5);
    const fanOutMs = lastAt - t0;

    console.log(
      JSON.stringify(
        {
          sockets: sockets.length,
          connectMs,
          delivered: received,
          broadcastToLastMs: Math.round(fanOutMs),
          serverRssBeforeMb: Math.round(rssBefore / 1024),
          serverRssAfterMb: Math.round(rssAfter / 1024),
          rssPerIdleSocketKb: Math.round(((rssAfter - rssBefore) / sockets.length) * 10) / 10,
        },
        null,
        2,
      ),
    );
    for (const ws of sockets) ws.terminate();
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
