#!/usr/bin/env node
/**
 * Compiles the API server for production: one ES module bundle of our own code (server/ and contract/),
 * npm packages left as imports from node_modules, plus the SQL migrations next to it. Node 20 cannot run
 * TypeScript itself, and running through tsx put a second process between the signal and the server.
 *
 *   node scripts/build-server.mjs [--if-stale] [outdir]   (default build/server; `npm run build:server`)
 *   node build/server/main.js
 *
 * The outdir must lie inside the project, so the bundle finds node_modules by walking up. The new build is
 * written next to the old one and swapped in by renaming, so a server starting meanwhile never sees half.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["server", "contract", "package.json", "scripts/build-server.mjs"];

function newestMtime(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stats.mtimeMs);
}

export async function buildServer(outdir = join(root, "build/server")) {
  const staging = `${outdir}.${randomBytes(4).toString("hex")}.tmp`;
  mkdirSync(staging, { recursive: true });
  try {
    await build({
      absWorkingDir: root,
      entryPoints: [join(root, "server/main.ts")],
      outfile: join(staging, "main.js"),
      bundle: true,
      packages: "external",
      platform: "node",
      format: "esm",
      target: "node20",
      sourcemap: true,
      logLevel: "warning",
    });
    // client.ts looks for its migrations next to itself; in the bundle that is next to main.js.
    cpSync(join(root, "server/db/migrations"), join(staging, "migrations"), { recursive: true });
    // Two builds finishing at once (npm run serve while the end-to-end setup builds) each retry the swap.
    for (let attempt = 0; ; attempt++) {
      const old = `${outdir}.${randomBytes(4).toString("hex")}.old`;
      try {
        if (existsSync(outdir)) renameSync(outdir, old);
      } catch (err) {
        if (err.code !== "ENOENT") throw err;
      }
      try {
        renameSync(staging, outdir);
        rmSync(old, { recursive: true, force: true });
        break;
      } catch (err) {
        rmSync(old, { recursive: true, force: true });
        if (attempt >= 5 || !["ENOTEMPTY", "EEXIST"].includes(err.code)) throw err;
      }
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return join(outdir, "main.js");
}

/** Builds only when a source is newer than the last build (as the end-to-end setup does for the console). */
export async function buildServerIfStale(outdir = join(root, "build/server")) {
  const main = join(outdir, "main.js");
  const sources = Math.max(...SOURCES.map((p) => join(root, p)).filter(existsSync).map(newestMtime));
  if (existsSync(main) && statSync(main).mtimeMs >= sources) return main;
  return buildServer(outdir);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const ifStale = args.includes("--if-stale");
  const dir = args.find((a) => !a.startsWith("--"));
  const out = await (ifStale ? buildServerIfStale : buildServer)(dir ? resolve(dir) : undefined);
  console.log(`server built: ${out}`);
}
