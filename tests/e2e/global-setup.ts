/**
 * End-to-end setup: builds the console when dist/ is missing or older than its sources, and the server when
 * build/server is, starts the compiled API server with plain `node` as in production (it also serves dist/)
 * on a free port with a fresh data directory, and hands its URL to the tests through `inject("baseUrl")`.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { buildServerIfStale } from "../../scripts/build-server.mjs";
import { freePort } from "../server/process-helpers.js";

export const ADMIN_PASSWORD = "Admin@e2e-12345";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
  }
}

const root = resolve(import.meta.dirname, "../..");
const bin = (name: string) => join(root, "node_modules/.bin", name);
const CONSOLE_SOURCES = ["src", "kit", "providers", "resources", "contract", "index.html", "vite.config.ts", "package.json"];

function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stats.mtimeMs);
}

function buildConsoleIfStale() {
  const built = join(root, "dist/index.html");
  const sources = Math.max(...CONSOLE_SOURCES.map((path) => join(root, path)).filter(existsSync).map(newestMtime));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  // Vitest sets NODE_ENV=test, which would give a development build of React.
  const env = { ...process.env, NODE_ENV: "production" };
  execFileSync(bin("vite"), ["build", "--logLevel", "warn"], { cwd: root, stdio: "inherit", env });
}

/** Waits until `url` answers 2xx, failing early when the server process exits. */
export async function waitUntilUp(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  buildConsoleIfStale();
  const main = await buildServerIfStale();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "redmark-e2e-"));
  const server = spawn(process.execPath, ["--enable-source-maps", main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOGIN_CAPTCHA: "false",
      ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      // GET /jeecg-boot/test/httpStatus/:status, for the error-catalogue journeys (never on by default).
      ENABLE_TEST_ROUTES: "true",
      // The scheduled-jobs journey runs a job every 2 s (the default minimum interval is 10 s).
      JOB_MIN_INTERVAL_SECONDS: "2",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${baseUrl}/jeecg-boot/sys/randomImage/1`, server, 120_000);
  } catch (error) {
    server.kill("SIGTERM");
    throw error;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("adminPassword", ADMIN_PASSWORD);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once("exit", done));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    // A server killed mid-write may still hold a file for a moment: a temp directory left behind fails no run.
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      console.warn(`e2e: could not remove ${dataDir}: ${(error as Error).message}`);
    }
  };
}
