import fs from "node:fs";
import path from "node:path";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { sysDataSource } from "../../server/db/schema.js";
import { loadDataSourceKey, seal, unseal } from "../../server/lib/secret.js";
import { parsePostgresUrl } from "../../server/modules/sys/data-source.js";
import { startFakePostgres, type FakePostgres } from "./fake-postgres.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;
let pg: FakePostgres;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operator = await t.login("zhangsan", "Operator@1");
  pg = await startFakePostgres({ user: "report", password: "S3cret-密码", database: "reports" });
});
afterAll(async () => {
  await pg.close();
  await t.close();
});

const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token = admin, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  return { status: res.statusCode, body: res.json() };
};
const raw = async (code: string) => (await t.database.db.select().from(sysDataSource).where(eq(sysDataSource.code, code)))[0];
const total = async () => Number((await t.database.db.select({ n: count() }).from(sysDataSource))[0].n);
const pgUrl = () => `jdbc:postgresql://127.0.0.1:${pg.port}/reports`;

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe("data-source password encryption", () => {
  it("seals with AES-256-GCM under a per-install key kept in DATA_DIR, and detects tampering", () => {
    const key = loadDataSourceKey(null, t.config.dataDir);
    expect(fs.statSync(path.join(t.config.dataDir, "data-source-secret")).mode & 0o777).toBe(0o600);
    expect(loadDataSourceKey(null, t.config.dataDir).equals(key)).toBe(true);
    const sealed = seal(key, "p@ss");
    expect(sealed).toMatch(/^v1:/);
    expect(seal(key, "p@ss")).not.toBe(sealed); // random IV
    expect(unseal(key, sealed)).toBe("p@ss");
    const tampered = sealed.slice(0, -4) + (sealed.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect(() => unseal(key, tampered)).toThrow();
    expect(() => unseal(loadDataSourceKey("x".repeat(32), t.config.dataDir), sealed)).toThrow();
    expect(() => loadDataSourceKey("short", t.config.dataDir)).toThrow("DATA_SOURCE_SECRET 至少需要 32 个字符");
  });
});

describe("data-source CRUD", () => {
  it("lists the seeded local_mysql with dbType_dictText and no password", async () => {
    const { result } = (await call("GET", "/sys/dataSource/list")).body;
    const row = result.records.find((r: { code: string }) => r.code === "local_mysql");
    expect(row).toMatchObject({ name: "MySQL5.7", dbType: "4", dbType_dictText: "MYSQL5.7+", dbPassword: "", hasPassword: false });
  });

  it("stores the password encrypted, never returns it, and keeps it on an edit with an empty password", async () => {
    const body = { code: "reports", name: "报表库", dbType: "6", dbDriver: "org.postgresql.Driver", dbUrl: pgUrl(), dbName: "reports", dbUsername: "report", dbPassword: "S3cret-密码" };
    expect((await call("POST", "/sys/dataSource/add", admin, body)).body).toMatchObject({ success: true, message: "添加成功！" });
    const stored = await raw("reports");
    expect(stored.dbPassword).toMatch(/^v1:/);
    expect(stored.dbPassword).not.toContain("S3cret");
    expect(unseal(loadDataSourceKey(null, t.config.dataDir), stored.dbPassword!)).toBe("S3cret-密码");

    const list = JSON.stringify((await call("GET", "/sys/dataSource/list?code=reports")).body);
    expect(list).not.toContain("S3cret");
    expect(list).not.toContain(stored.dbPassword!);
    const one = (await call("GET", `/sys/dataSource/queryById?id=${stored.id}`)).body.result;
    expect(one).toMatchObject({ dbPassword: "", hasPassword: true });

    expect((await call("PUT", "/sys/dataSource/edit", admin, { ...body, id: stored.id, name: "报表库2", dbPassword: "" })).body).toMatchObject({ success: true, message: "编辑成功!" });
    expect(await raw("reports")).toMatchObject({ name: "报表库2", dbPassword: stored.dbPassword, updateBy: "admin" });
    await call("PUT", "/sys/dataSource/edit", admin, { ...body, id: stored.id, dbPassword: "other" });
    expect(unseal(loadDataSourceKey(null, t.config.dataDir), (await raw("reports")).dbPassword!)).toBe("other");
    await call("PUT", "/sys/dataSource/edit", admin, { ...body, id: stored.id });
  });

  it("refuses a duplicate code, an unknown database type and a bad body without writing", async () => {
    const before = await total();
    const body = { code: "reports", name: "x", dbType: "6", dbUrl: pgUrl() };
    expect((await call("POST", "/sys/dataSource/add", admin, body)).body).toMatchObject({ success: false, message: "数据源编码已存在" });
    expect(await call("POST", "/sys/dataSource/add", admin, { ...body, code: "new1", dbType: "99" })).toMatchObject({ status: 400, body: { message: "数据库类型「99」不存在" } });
    expect((await call("POST", "/sys/dataSource/add", admin, { ...body, code: "bad code" })).status).toBe(400);
    expect(await total()).toBe(before);
  });

  it("options lists code and name", async () => {
    expect((await call("GET", "/sys/dataSource/options")).body.result).toContainEqual({ value: "reports", label: "报表库", text: "报表库" });
  });

  it("refuses a user without system:dataSource:* and changes nothing", async () => {
    const before = await total();
    expect((await call("GET", "/sys/dataSource/list", operator)).status).toBe(403);
    expect((await call("POST", "/sys/dataSource/add", operator, { code: "x1", name: "x", dbType: "6", dbUrl: pgUrl() })).status).toBe(403);
    expect((await call("POST", "/sys/dataSource/testConnection", operator, { dbType: "6", dbUrl: pgUrl() })).status).toBe(403);
    expect(await total()).toBe(before);
  });
});

describe("data-source connection test", () => {
  it("parses PostgreSQL URLs (jdbc and libpq style)", () => {
    expect(parsePostgresUrl("jdbc:postgresql://db.example:6543/app?sslmode=require")).toEqual({ host: "db.example", port: 6543, database: "app", ssl: true });
    expect(parsePostgresUrl("postgres://10.0.0.1/app")).toEqual({ host: "10.0.0.1", port: 5432, database: "app", ssl: false });
    expect(parsePostgresUrl("jdbc:mysql://127.0.0.1:3306/x")).toBeNull();
  });

  it("connects with the given password, and with the stored one when the form leaves it empty", async () => {
    const ok = await call("POST", "/sys/dataSource/testConnection", admin, { dbType: "6", dbUrl: pgUrl(), dbUsername: "report", dbPassword: "S3cret-密码" });
    expect(ok.body).toMatchObject({ success: true, message: "数据库连接成功" });
    const { id } = await raw("reports");
    pg.logins.length = 0;
    expect((await call("POST", "/sys/dataSource/testConnection", admin, { id, dbType: "6", dbUrl: pgUrl(), dbUsername: "report", dbPassword: "" })).body.success).toBe(true);
    expect(pg.logins).toEqual([{ user: "report", database: "reports", password: "S3cret-密码" }]);
  });

  it("reports a wrong password, a missing database and a closed port in Chinese", async () => {
    expect((await call("POST", "/sys/dataSource/testConnection", admin, { dbType: "6", dbUrl: pgUrl(), dbUsername: "report", dbPassword: "wrong" })).body).toMatchObject({
      success: false,
      message: "数据库连接失败：用户「report」的用户名或密码错误",
    });
    const noDb = `jdbc:postgresql://127.0.0.1:${pg.port}/nope`;
    expect((await call("POST", "/sys/dataSource/testConnection", admin, { dbType: "6", dbUrl: noDb, dbUsername: "report", dbPassword: "S3cret-密码" })).body.message).toBe("数据库连接失败：数据库「nope」不存在");
    const port = await closedPort();
    expect((await call("POST", "/sys/dataSource/testConnection", admin, { dbType: "6", dbUrl: `jdbc:postgresql://127.0.0.1:${port}/x` })).body.message).toBe(
      `数据库连接失败：连接被拒绝：127.0.0.1:${port} 上没有数据库在监听`,
    );
  });

  it("refuses other database types plainly", async () => {
    expect((await call("POST", "/sys/dataSource/testConnection", admin, { dbType: "4", dbUrl: "jdbc:mysql://127.0.0.1:3306/x" })).body).toMatchObject({
      success: false,
      message: "暂不支持该数据库类型的连接测试（目前只支持 PostgreSQL）",
    });
  });
});
