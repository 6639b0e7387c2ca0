/**
 * Table versions held in memory (server/lib/table-versions.ts, migration 0016) and the session rows held with
 * them: a request reads neither, yet every write — through the API, by plain SQL, on another instance — is
 * seen, and a lost listener falls back to reading them per request until it is back. The first part runs on the
 * suite's database (PGlite or PostgreSQL); the second instance and the lost listener on a PostgreSQL cluster
 * started here.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { createContext } from "../../server/context.js";
import { openPostgres, VERSION_LISTENER, type Database } from "../../server/db/client.js";
import { seed } from "../../server/db/seed/index.js";
import { ADMIN_PASSWORD, API, createTestApp, type TestApp } from "./helpers.js";
import { createDatabase, PgCluster } from "./process-helpers.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (app: TestApp["app"], path: string, token: string) => app.inject({ method: "GET", url: `${API}${path}`, headers: { "x-access-token": token } });
const expectTokenInvalid = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(500);
  expect(res.json()).toMatchObject({ success: false, message: "Token失效，请重新登录" });
};
const dbVersion = async (table: string) => {
  const rows = (await t.database.db.execute(sql`select version from sys_table_version where table_name = ${table}`)) as unknown as { rows?: Array<{ version: string | number }> } & Array<{ version: string | number }>;
  const row = (rows.rows ?? rows)[0];
  return row ? Number(row.version) : 0;
};

describe("table versions in memory", () => {
  it("are live once the app has started and move with every write, by plain SQL too, before the statement returns", async () => {
    const versions = t.ctx.versions.snapshot();
    expect(versions).not.toBeNull();
    const before = versions!.get("sys_role") ?? 0;
    await t.database.db.execute(sql`update sys_role set description = description where role_code = 'admin'`);
    expect(t.ctx.versions.snapshot()!.get("sys_role")).toBe(before + 1);
    expect(await dbVersion("sys_role")).toBe(before + 1);
  });

  it("keep list totals exact: a row inserted by plain SQL is counted by the very next request", async () => {
    const token = await t.login();
    const total = async () => (await get(t.app, "/sys/role/list?pageNo=1&pageSize=10", token)).json().result.total as number;
    const first = await total();
    expect(await total()).toBe(first); // cached
    await t.database.db.execute(sql`insert into sys_role (id, role_name, role_code, create_time) values ('tv-role-1', '版本测试', 'tv_role_1', now())`);
    expect(await total()).toBe(first + 1);
  });

  it("end a held session at once when plain SQL revokes it or brings its expiry forward, and its user's freezing", async () => {
    const a = await t.login();
    expect((await get(t.app, "/sys/user/list", a)).statusCode).toBe(200);
    expect((await get(t.app, "/sys/user/list", a)).statusCode).toBe(200); // held now
    await t.database.db.execute(sql`update sys_session set revoke_time = now(), revoke_reason = 'sql' where revoke_time is null`);
    expectTokenInvalid(await get(t.app, "/sys/user/list", a));

    const b = await t.login();
    expect((await get(t.app, "/sys/user/list", b)).statusCode).toBe(200);
    await t.database.db.execute(sql`update sys_session set expire_time = now() - interval '1 second' where revoke_time is null`);
    expectTokenInvalid(await get(t.app, "/sys/user/list", b));

    await t.setPassword("zhangsan", "Right@pass1");
    const z = await t.login("zhangsan", "Right@pass1");
    expect((await get(t.app, "/sys/permission/getUserPermissionByToken", z)).statusCode).toBe(200);
    await t.database.db.execute(sql`update sys_user set status = 2 where username = 'zhangsan'`);
    const frozen = await get(t.app, "/sys/permission/getUserPermissionByToken", z);
    expect(frozen.json()).toMatchObject({ success: false, code: 401, message: "该用户已冻结" });
    await t.database.db.execute(sql`update sys_user set status = 1 where username = 'zhangsan'`);
  });
});

describe("table versions across instances (PostgreSQL)", () => {
  // Two app instances on one PostgreSQL database of a cluster of this file's own, in either suite.
  let cluster: PgCluster;
  let url: string;
  const instances: Array<{ app: TestApp["app"]; ctx: Awaited<ReturnType<typeof createContext>>; database: Database }> = [];
  let admin: pg.Client;
  const login = async (app: TestApp["app"]) => (await app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username: "admin", password: ADMIN_PASSWORD } })).json().result.token as string;
  const version = async (table: string) => Number((await admin.query("select version from sys_table_version where table_name = $1", [table])).rows[0]?.version ?? 0);

  beforeAll(async () => {
    cluster = await new PgCluster().init();
    url = await createDatabase(cluster);
    for (let i = 0; i < 2; i++) {
      const database = await openPostgres(url, 2);
      if (i === 0) await seed(database.db, { adminPassword: ADMIN_PASSWORD });
      const ctx = await createContext(t.config, database.db, { database });
      const app = await buildApp(ctx, false);
      await app.ready();
      instances.push({ app, ctx, database });
    }
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    for (const { app, ctx, database } of instances) {
      await app.close();
      await ctx.close();
      await database.close();
    }
    cluster?.destroy();
  });

  it("a session revoked on one instance is refused on the other as soon as the announcement arrives", async () => {
    const [a, b] = instances;
    const token = await login(a.app);
    expect((await get(b.app, "/sys/user/list", token)).statusCode).toBe(200);
    expect((await get(b.app, "/sys/user/list", token)).statusCode).toBe(200); // held on b now
    expect((await a.app.inject({ method: "POST", url: `${API}/sys/logout`, headers: { "x-access-token": token } })).json().success).toBe(true);
    await expect.poll(async () => (await get(b.app, "/sys/user/list", token)).statusCode, { timeout: 2_000, interval: 20 }).toBe(500);
  });

  it("without its listener an instance reads the session per request, and reads every version again when the listener is back", async () => {
    const [a] = instances;
    const token = await login(a.app);
    expect((await get(a.app, "/sys/user/list", token)).statusCode).toBe(200);
    const killed = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [VERSION_LISTENER]);
    expect(killed.rowCount).toBe(2);
    await expect.poll(() => a.ctx.versions.snapshot(), { timeout: 2_000, interval: 10 }).toBeNull();

    // A revocation by another connection while nothing listens: seen at once, since each request reads the row.
    const before = await version("sys_session");
    await admin.query("update sys_session set revoke_time = now(), revoke_reason = 'sql' where revoke_time is null");
    expectTokenInvalid(await get(a.app, "/sys/user/list", token));

    // The listener comes back (it retries every 2 s) and reads the versions it could not hear.
    await expect.poll(() => a.ctx.versions.snapshot(), { timeout: 10_000, interval: 50 }).not.toBeNull();
    expect(a.ctx.versions.snapshot()!.get("sys_session")).toBeGreaterThan(before);
    expect(a.ctx.versions.snapshot()!.get("sys_session")).toBe(await version("sys_session"));
    expect((await get(a.app, "/sys/user/list", await login(a.app))).statusCode).toBe(200);
  });
});
