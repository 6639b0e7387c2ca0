/**
 * The benchmarks' server: the real server (`server/main.ts` under tsx) as a child process on a random port,
 * with login captcha and rate limits off; resolves once it answers. `stop` sends SIGTERM and waits for the exit.
 * BENCH_CPU_PROF=<dir> runs it under `node --cpu-prof` (a .cpuprofile in <dir> when it exits).
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

export const API = "/jeecg-boot";

export function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; startMs: number }> {
  const port = 18000 + Math.floor(Math.random() * 2000);
  const t0 = Date.now();
  const child = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : []), "--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: String(port), LOGIN_CAPTCHA: "false", LOGIN_RATE_LIMIT: "1000000", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const poll = setInterval(async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}${API}/sys/randomImage/1`)).ok) {
          clearInterval(poll);
          resolve({ child, port, startMs: Date.now() - t0 });
        }
      } catch {
        /* not up yet */
      }
    }, 50);
    child.on("exit", (code) => {
      clearInterval(poll);
      reject(new Error(`server exited with ${code}`));
    });
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.on("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

let ticksPerSecond: number | undefined;
function cpuOf(stat: string): number {
  // utime and stime, the 14th and 15th fields; the command name (field 2) may hold spaces, so count from its ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  ticksPerSecond ??= Number(execSync("getconf CLK_TCK").toString().trim()) || 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** CPU time (ms) a process has used so far, from /proc (Linux); null where there is no /proc. */
export function processCpuMs(pid: number): number | null {
  try {
    return cpuOf(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) used so far by the local PostgreSQL processes that are still running (postmaster and
 * backends; a backend that has exited takes its time with it, so read this around work done on pooled
 * connections). Null where there is no /proc.
 */
export function postgresCpuMs(): number | null {
  try {
    let total = 0;
    for (const pid of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        if (stat.includes(" (postgres) ")) total += cpuOf(stat);
      } catch {
        /* exited meanwhile */
      }
    }
    return total;
  } catch {
    return null;
  }
}
