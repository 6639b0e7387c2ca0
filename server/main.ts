/**
 * Starts the server: configuration, database (locked, migrated, seeded), app, graceful shutdown.
 *
 * In production this runs as plain `node build/server/main.js` (compiled by scripts/build-server.mjs), so
 * SIGTERM reaches this process directly: readiness turns DOWN, in-flight requests finish (at most
 * SHUTDOWN_TIMEOUT_MS), then Redis and the database are closed and the process exits 0.
 */
import fs from "node:fs";
import path from "node:path";
import { loadConfig, type Config } from "./config.js";
import { buildApp } from "./app.js";
import { logDestination } from "./lib/log-format.js";
import { createContext } from "./context.js";
import { DatabaseStartError, DataDirLockedError, openDatabase, type Database } from "./db/client.js";
import { seed } from "./db/seed/index.js";
import { ensureDemoMedia } from "./db/seed/demo-media.js";
import { consoleLog, describeError, type LogSink } from "./lib/dependency.js";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

let log: LogSink = consoleLog;
let database: Database | undefined;
let ctx: Awaited<ReturnType<typeof createContext>> | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let stopping = false;

/** Ends the process; the caller has closed what it could. */
function exit(code: number): never {
  process.exit(code);
}

async function shutdown(signal: string, config: Config | undefined) {
  if (stopping) return;
  stopping = true;
  const limit = config?.shutdownTimeoutMs ?? 8_000;
  log.info({ signal }, "正在停止服务：等待进行中的请求完成");
  // A hard stop if closing itself hangs (a stalled database that never answers the pool's end).
  setTimeout(() => {
    console.error("停止服务超时，强制退出");
    exit(1);
  }, limit + 1_500).unref();
  if (ctx) ctx.health.draining = true;
  if (app) {
    const server = app.server;
    const closed = app.close();
    // Node closes the connections that are idle when closing starts; the ones still busy answer with
    // `Connection: close` (hook below) and are closed here as soon as they fall idle, so the drain ends with
    // the last in-flight response instead of waiting out the keep-alive timeout.
    const reaper = setInterval(() => server.closeIdleConnections(), 50);
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      closed.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), limit))),
    ]);
    clearTimeout(timer);
    clearInterval(reaper);
    if (!drained) {
      log.warn({ timeoutMs: limit }, "部分请求未在限定时间内完成，已断开其连接");
      server.closeAllConnections();
      await closed;
    }
  }
  try {
    await ctx?.close();
    await database?.close();
  } catch (err) {
    log.error({ reason: describeError(err) }, "关闭数据库连接时出错");
  }
  log.info({}, "服务已停止");
  exit(0);
}

async function main() {
  const started = Date.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    return exit(1);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM", config));
  process.on("SIGINT", () => void shutdown("SIGINT", config));
  // A rejected promise nobody awaited must not take the whole server down with it.
  process.on("unhandledRejection", (reason) => log.error({ reason: describeError(reason) }, "unhandled promise rejection"));

  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : config.dataDir,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      idleInTransactionTimeoutMs: config.dbIdleInTransactionTimeoutMs,
      startupRetrySeconds: config.dbStartupRetrySeconds,
      log: () => log,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof DatabaseStartError) {
      console.error(err.message);
      return exit(1);
    }
    throw err;
  }
  if (stopping) return;
  const { generatedAdminPassword } = await seed(database.db, { adminPassword: config.adminPassword, demo: config.seedDemo });
  if (config.seedDemo) {
    // Pictures for the demo rows; a failure here only leaves broken demo images, never stops the start.
    await ensureDemoMedia(database.db, path.resolve(config.dataDir, "upload")).catch((err) => console.warn(`演示图片生成失败：${describeError(err)}`));
  }
  ctx = await createContext(config, database.db, { database, log: () => log });
  app = await buildApp(ctx, { level: config.logLevel, ...(await logDestination(config.logFormat, Boolean(process.stdout.isTTY))) });
  log = app.log;
  if (stopping) return;
  const health = ctx.health;
  app.addHook("onSend", async (_req, reply) => {
    if (health.draining) reply.header("connection", "close");
  });

  if (generatedAdminPassword) {
    console.log(
      [
        "",
        "======================================================================",
        "  红色印记管理平台：首次启动已创建管理员账号（此密码只显示这一次）",
        `    用户名: admin`,
        `    密  码: ${generatedAdminPassword}`,
        "  请登录后立即修改密码；也可在首次启动前通过 ADMIN_PASSWORD 指定。",
        "======================================================================",
        "",
      ].join("\n"),
    );
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: `http://localhost:${config.port}`, api: config.contextPath, database: database.kind, startMs: Date.now() - started },
    "红色印记管理平台 started",
  );
}

main().catch((err) => {
  // Start-up failed for a reason not foreseen above: the message first, the stack for a bug report.
  console.error(`服务启动失败：${describeError(err)}`);
  console.error(err);
  exit(1);
});
