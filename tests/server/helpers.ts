/**
 * Builds the real app on a real database for a test file: in-memory PGlite by default, or a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set (CI runs the suite both ways).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { buildApp, type BuildOptions } from "../../server/app.js";
import { loadConfig, type Config } from "../../server/config.js";
import { createContext } from "../../server/context.js";
import { openPglite, openPostgres, type Database } from "../../server/db/client.js";
import { seed } from "../../server/db/seed/index.js";
import { sysUser } from "../../server/db/schema.js";
import { hashPassword } from "../../server/lib/password.js";

export const ADMIN_PASSWORD = "Admin@12345";
export const API = "/jeecg-boot";

export interface TestApp {
  app: FastifyInstance;
  ctx: Awaited<ReturnType<typeof createContext>>;
  database: Database;
  config: Config;
  login(username?: string, password?: string): Promise<string>;
  /** Gives a seeded user a known password. */
  setPassword(username: string, password: string): Promise<void>;
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { database: await openPglite(null), drop: async () => {} };
  const { default: pg } = await import("pg");
  const name = `rm_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  return {
    database,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOGIN_CAPTCHA: "false",
    ADMIN_PASSWORD,
    STATIC_DIR: path.join(dataDir, "dist"),
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  await seed(database.db, { adminPassword: ADMIN_PASSWORD });
  const ctx = await createContext(config, database.db, { database });
  const app = await buildApp(ctx, process.env.TEST_LOG ? { level: "error" } : false, options);
  await app.ready();
  return {
    app,
    ctx,
    database,
    config,
    async login(username = "admin", password = ADMIN_PASSWORD) {
      const res = await app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username, password } });
      const body = res.json();
      if (body.code !== 200) throw new Error(`login failed: ${body.message}`);
      return body.result.token as string;
    },
    async setPassword(username, password) {
      await database.db.update(sysUser).set({ password: await hashPassword(password) }).where(eq(sysUser.username, username));
    },
    async close() {
      await app.close();
      await ctx.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Ids of the buttons with these codes and of the menus they hang under: a list answers only holders of its menu
 * (server/lib/row-scope.ts), as the console's permission tree grants a button with its page.
 */
export async function buttonsWithMenus(db: Database["db"], codes: readonly string[]): Promise<string[]> {
  const { sysPermission } = await import("../../server/db/schema.js");
  const { inArray } = await import("drizzle-orm");
  const buttons = await db.select({ id: sysPermission.id, parentId: sysPermission.parentId }).from(sysPermission).where(inArray(sysPermission.perms, [...codes]));
  return [...new Set([...buttons.map((b) => b.id), ...buttons.map((b) => b.parentId).filter((p): p is string => !!p)])];
}
