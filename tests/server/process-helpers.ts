/**
 * Helpers for the fault tests, which run the real compiled server as a child process (so a crash is seen)
 * against real PostgreSQL and Redis servers that the tests start, stop, pause and kill themselves.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { buildServer } from "../../scripts/build-server.mjs";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const API = "/jeecg-boot";
export const ADMIN_PASSWORD = "Admin@faults-12345";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

export function tmpDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Compiles the server into a directory of its own (test files build in parallel), inside the project. */
export async function buildServerForTest(): Promise<{ main: string; remove(): void }> {
  const outdir = path.join(ROOT, "build", `test-${randomBytes(4).toString("hex")}`);
  const main = await buildServer(outdir);
  return { main, remove: () => fs.rmSync(outdir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  alive(): boolean;
  /** Waits until liveness answers (or throws with the output when the process ended or the time ran out). */
  waitServing(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `node <main>` with its own working directory (so no developer .env is read). */
export function startServer(main: string, env: Record<string, string>, port: number, cwd: string): ServerProcess {
  const child = spawn(process.execPath, ["--enable-source-maps", main], {
    cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOGIN_CAPTCHA: "false",
      ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      STATIC_DIR: path.join(cwd, "no-console"),
      // GET /test/slow, so that requests are really in flight when a test sends SIGTERM.
      ENABLE_TEST_ROUTES: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const base = `http://127.0.0.1:${port}${API}`;
  const server: ServerProcess = {
    child,
    port,
    base,
    output: () => out,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    async waitServing(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!server.alive()) throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${out}`);
        const ok = await fetch(`${base}/actuator/health/liveness`, { signal: AbortSignal.timeout(2_000) }).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await sleep(100);
      }
      throw new Error(`server did not serve within ${timeoutMs} ms:\n${out}`);
    },
    async stop() {
      if (!server.alive()) return;
      child.kill("SIGTERM");
      const done = await Promise.race([exited.then(() => true), sleep(12_000).then(() => false)]);
      if (!done) child.kill("SIGKILL");
      await exited;
    },
  };
  return server;
}

export async function login(base: string, password = ADMIN_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/sys/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password }),
  });
  const body = (await res.json()) as { code: number; message: string; result: { token: string } };
  if (body.code !== 200) throw new Error(`login failed: ${body.message}`);
  return body.result.token;
}

// -----------------------------------------------------------------------------------------------------------
// A throw-away PostgreSQL cluster, as .ci/run starts one: initdb as the postgres user into a fresh directory,
// a free port on loopback, its socket in /tmp.

function pgBin(): string {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, "bin/initdb"))) : [];
  if (!versions.length) {
    throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (apt-get install postgresql); the fault tests need them");
  }
  versions.sort((a, b) => Number(a) - Number(b));
  return path.join(base, versions[versions.length - 1], "bin");
}

export class PgCluster {
  readonly bin = pgBin();
  readonly dir = tmpDir("rm-fault-pg-");
  port = 0;

  private run(cmd: string, args: string[], allowFail = false) {
    const asRoot = process.getuid?.() === 0;
    const r = asRoot
      ? spawnSync("runuser", ["-u", "postgres", "--", path.join(this.bin, cmd), ...args], { encoding: "utf8" })
      : spawnSync(path.join(this.bin, cmd), args, { encoding: "utf8" });
    if (r.status !== 0 && !allowFail) {
      const log = fs.existsSync(path.join(this.dir, "server.log")) ? fs.readFileSync(path.join(this.dir, "server.log"), "utf8") : "";
      throw new Error(`${cmd} ${args.join(" ")} failed: ${r.stderr}${r.stdout}\n${log}`);
    }
    return r;
  }

  /** Like run, without blocking the test's event loop (traffic keeps flowing while the server stops/starts). */
  private async runAsync(cmd: string, args: string[]) {
    const asRoot = process.getuid?.() === 0;
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(this.bin, cmd), ...args]] : [path.join(this.bin, cmd), args];
    await promisify(execFile)(file, argv as string[]);
  }

  async init(): Promise<this> {
    if (process.getuid?.() === 0) {
      fs.chmodSync(this.dir, 0o700);
      spawnSync("chown", ["postgres:postgres", this.dir]);
    }
    this.port = await freePort();
    this.run("initdb", ["-D", this.dir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8"]);
    await this.start();
    return this;
  }

  async start() {
    await this.runAsync("pg_ctl", [
      "-D",
      this.dir,
      "-o",
      `-p ${this.port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off`,
      "-l",
      path.join(this.dir, "server.log"),
      "-w",
      "start",
    ]);
  }

  /** `pg_ctl stop -m fast`: the server ends every session with 57P01 and shuts down cleanly. */
  async stop() {
    await this.runAsync("pg_ctl", ["-D", this.dir, "-m", "fast", "-w", "stop"]);
  }

  url(database = "postgres"): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** The postmaster and all its children (backends, checkpointer …). */
  pids(): number[] {
    const pidFile = path.join(this.dir, "postmaster.pid");
    const master = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    const children = fs
      .readdirSync("/proc")
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === master;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [master, ...children];
  }

  /** Freezes (SIGSTOP) or thaws (SIGCONT) the whole server: a stalled database. */
  signalAll(signal: "SIGSTOP" | "SIGCONT") {
    for (const pid of this.pids()) {
      try {
        process.kill(pid, signal);
      } catch {
        // exited meanwhile
      }
    }
  }

  destroy() {
    try {
      this.signalAll("SIGCONT");
    } catch {
      // not running
    }
    this.run("pg_ctl", ["-D", this.dir, "-m", "immediate", "-w", "stop"], true);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export async function createDatabase(cluster: PgCluster): Promise<string> {
  const { default: pg } = await import("pg");
  const name = `rm_fault_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return cluster.url(name);
}

/** A bounded HTTP request that reports what happened instead of throwing: status and body, or the error. */
export async function probe(
  url: string,
  init: RequestInit = {},
  timeoutMs = 10_000,
): Promise<{ status: number; body: { success?: boolean; code?: number; message?: string; status?: string } | null; error?: string; ms: number }> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body, ms: Date.now() - started };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    return { status: 0, body: null, error: e.cause?.code ?? e.cause?.message ?? e.name ?? String(err), ms: Date.now() - started };
  }
}

export interface LoadRecord {
  start: number;
  end: number;
  status: number;
  error?: string;
}

/**
 * Bounded load on loopback (sign-ins, whose password hashing keeps requests in flight, and list reads), then
 * SIGTERM. New requests stop at the signal, as a load balancer that saw readiness go DOWN would; the ones
 * already sent must all be answered.
 */
export async function sigtermUnderLoad(server: ServerProcess, { workers = 10, warmupMs = 1_500 } = {}) {
  const token = await login(server.base);
  const records: LoadRecord[] = [];
  let stop = false;
  const worker = async (i: number) => {
    for (let n = 0; !stop; n++) {
      const start = Date.now();
      // Workers 6-9 keep a slow request (500 ms) open at all times, so several are in flight at the signal.
      const r =
        i >= 6
          ? await probe(`${server.base}/test/slow?ms=500`)
          : (i + n) % 2 === 0
          ? await probe(`${server.base}/sys/login`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
            })
          : await probe(`${server.base}/sys/role/list?pageSize=50`, { headers: { "X-Access-Token": token } });
      records.push({ start, end: Date.now(), status: r.status, error: r.error });
    }
  };
  const running = Array.from({ length: workers }, (_, i) => worker(i));
  await sleep(warmupMs);
  const signalAt = Date.now();
  server.child.kill("SIGTERM");
  stop = true;
  await Promise.all(running);
  const exit = await Promise.race([server.exited, sleep(15_000).then(() => null)]);
  return { records, signalAt, exit };
}
