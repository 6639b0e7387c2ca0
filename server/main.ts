/** Starts the server: configuration, database (locked, migrated, seeded), app, graceful shutdown. */
import fs from "node:fs";
import { loadConfig } from "./config.js";
import { buildApp } from "./app.js";
import { createContext } from "./context.js";
import { DataDirLockedError, openDatabase } from "./db/client.js";
import { seed } from "./db/seed/index.js";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

async function main() {
  const started = Date.now();
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { generatedAdminPassword } = await seed(database.db, { adminPassword: config.adminPassword });
  const ctx = await createContext(config, database.db);
  const app = await buildApp(ctx, { level: config.logLevel });

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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await app.close();
      await ctx.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: `http://localhost:${config.port}`, api: config.contextPath, database: database.kind, startMs: Date.now() - started },
    "红色印记管理平台 started",
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
