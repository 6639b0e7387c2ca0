/**
 * The benchmarks' server: the real server (`server/main.ts` under tsx) as a child process on a random port,
 * with login captcha and rate limits off; resolves once it answers. `stop` sends SIGTERM and waits for the exit.
 * BENCH_CPU_PROF=<dir> runs it under `node --cpu-prof` (a .cpuprofile in <dir> when it exits).
 */
import { spawn, type ChildProcess } from "node:child_process";

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
