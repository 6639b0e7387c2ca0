/**
 * `/sys/dataSource` — data sources (contract.md §10.12). The password is encrypted at rest with AES-256-GCM
 * (key: DATA_SOURCE_SECRET or a per-install key in DATA_DIR, server/lib/secret.ts) and never leaves the
 * server: lists and `queryById` answer `dbPassword: ""` with `hasPassword`; an edit with an empty password
 * keeps the stored one. `POST /sys/dataSource/testConnection` really connects to PostgreSQL data sources
 * (short timeouts) and reports the outcome in Chinese; other database types are refused plainly.
 */
import type { FastifyInstance } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { asc, eq } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../../db/client.js";
import { sysDataSource } from "../../db/schema.js";
import { formatDateTime } from "../../lib/dates.js";
import { badRequest, fail, ok, refused } from "../../lib/envelope.js";
import type { ListSpec } from "../../lib/list-query.js";
import { loadDataSourceKey, seal, unseal } from "../../lib/secret.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "./crud.js";
import { Id, scope } from "./shared.js";
import { dataSourceLimits } from "../../../contract/limits.js";
import { textField } from "../../lib/field-schema.js";
import { scopeRows } from "../../plugins/row-scope.js";
import { rowScope, viewOf, visibleCondition } from "../../lib/row-scope.js";

type Row = typeof sysDataSource.$inferSelect;

/** `database_type` value of PostgreSQL. */
const POSTGRES = "6";
const CONNECT_TIMEOUT_MS = 5000;
/** `db_password` is varchar(300): 3 + base64(12 + 16 + n) characters. */
const MAX_PASSWORD_BYTES = 190;

export const dataSourceListSpec: ListSpec = {
  fields: {
    code: { column: sysDataSource.code, type: "string", sort: true },
    name: { column: sysDataSource.name, type: "string", sort: true },
    dbType: { column: sysDataSource.dbType, type: "string", sort: true },
    dbDriver: { column: sysDataSource.dbDriver, type: "string" },
    dbUrl: { column: sysDataSource.dbUrl, type: "string" },
    dbName: { column: sysDataSource.dbName, type: "string" },
    dbUsername: { column: sysDataSource.dbUsername, type: "string" },
    sysOrgCode: { column: sysDataSource.sysOrgCode, type: "string" },
    createBy: { column: sysDataSource.createBy, type: "string" },
    createTime: { column: sysDataSource.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysDataSource.id,
  component: "system/SysDataSourceList",
};

const toJson = (r: Row) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  remark: r.remark,
  dbType: r.dbType,
  dbDriver: r.dbDriver,
  dbUrl: r.dbUrl,
  dbName: r.dbName,
  dbUsername: r.dbUsername,
  dbPassword: "",
  hasPassword: !!r.dbPassword,
  sysOrgCode: r.sysOrgCode,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

const Connection = {
  dbType: textField(dataSourceLimits.dbType),
  dbDriver: textField(dataSourceLimits.dbDriver),
  dbUrl: textField(dataSourceLimits.dbUrl),
  dbName: textField(dataSourceLimits.dbName),
  dbUsername: textField(dataSourceLimits.dbUsername),
  dbPassword: textField(dataSourceLimits.dbPassword),
};

const DataSourceBody = Type.Object({
  code: textField(dataSourceLimits.code),
  name: textField(dataSourceLimits.name),
  remark: textField(dataSourceLimits.remark),
  ...Connection,
});

const TestBody = Type.Object({ id: Type.Optional(Type.Union([Type.Null(), Id])), ...Connection });

/** Host, port, database and TLS of a PostgreSQL URL (`jdbc:postgresql://…`, `postgres://…`), or null. */
export function parsePostgresUrl(dbUrl: string): { host: string; port: number; database: string | null; ssl: boolean } | null {
  const raw = dbUrl.trim().replace(/^jdbc:/i, "");
  if (!/^postgres(ql)?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw.replace(/^postgres(ql)?:/i, "http:"));
  } catch {
    return null;
  }
  if (!url.hostname) return null;
  const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || null;
  const sslmode = url.searchParams.get("sslmode") ?? (url.searchParams.get("ssl") === "true" ? "require" : null);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : 5432,
    database,
    ssl: !!sslmode && sslmode !== "disable" && sslmode !== "allow" && sslmode !== "prefer",
  };
}

/** A connection error in words an administrator understands. */
export function describeConnectionError(err: unknown, target: { host: string; port: number; database: string; user: string }): string {
  const e = err as { code?: string; message?: string };
  const message = e.message ?? String(err);
  switch (e.code) {
    case "ECONNREFUSED":
      return `连接被拒绝：${target.host}:${target.port} 上没有数据库在监听`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `找不到数据库主机「${target.host}」`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `无法到达数据库主机「${target.host}」`;
    case "ETIMEDOUT":
      return `连接超时（${CONNECT_TIMEOUT_MS / 1000} 秒）`;
    case "28P01":
      return `用户「${target.user}」的用户名或密码错误`;
    case "28000":
      return `数据库拒绝了用户「${target.user}」的连接（请检查 pg_hba.conf 或用户权限）`;
    case "3D000":
      return `数据库「${target.database}」不存在`;
    case "57P03":
      return "数据库正在启动或关闭，暂时不能连接";
  }
  if (/timeout|timed out/i.test(message)) return `连接超时（${CONNECT_TIMEOUT_MS / 1000} 秒）`;
  if (/password authentication failed/i.test(message)) return `用户「${target.user}」的用户名或密码错误`;
  if (/does not support SSL|SSL off/i.test(message)) return "数据库不支持 SSL 连接，请去掉 URL 中的 sslmode 参数";
  return `连接失败：${message}`;
}

/** Data sources by id: those 多数据源管理 shows the caller. */
const dataSourceRows = rowScope({ label: "数据源", table: sysDataSource, id: sysDataSource.id, views: [viewOf(dataSourceListSpec)] });

export default async function dataSourceRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: dataSourceRows });
  const { db, config, dicts } = app.ctx;
  const key = loadDataSourceKey(config.dataSourceSecret, config.dataDir);

  const checkPassword = (password: string) => {
    if (Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES) throw badRequest("数据源密码过长");
  };
  const assertDbType = async (dbType: string, via?: Db) => {
    if (!(await dicts.items("database_type", via)).some((i) => i.value === dbType)) throw badRequest(`数据库类型「${dbType}」不存在`);
  };
  const storedPassword = async (id: string): Promise<string | null> => {
    const [row] = await db.select({ p: sysDataSource.dbPassword }).from(sysDataSource).where(eq(sysDataSource.id, id));
    if (!row) throw refused("未找到对应实体");
    if (!row.p) return null;
    try {
      return unseal(key, row.p);
    } catch {
      throw refused("无法解密已保存的密码（DATA_SOURCE_SECRET 是否变更过？），请重新填写密码");
    }
  };

  registerCrud<typeof DataSourceBody, Row>(base, {
    base: "/sys/dataSource",
    table: sysDataSource,
    id: sysDataSource.id,
    spec: dataSourceListSpec,
    rows: dataSourceRows,
    codes: {
      list: "system:dataSource:list",
      add: "system:dataSource:add",
      edit: "system:dataSource:edit",
      delete: "system:dataSource:delete",
      deleteBatch: "system:dataSource:deleteBatch",
    },
    body: DataSourceBody,
    values: async (b: Static<typeof DataSourceBody>, tx, id) => {
      await assertDbType(b.dbType, tx);
      const password = b.dbPassword ?? "";
      if (password) checkPassword(password);
      return {
        code: b.code.trim(),
        name: b.name.trim(),
        remark: b.remark || null,
        dbType: b.dbType,
        dbDriver: b.dbDriver || null,
        dbUrl: b.dbUrl.trim(),
        dbName: b.dbName || null,
        dbUsername: b.dbUsername || null,
        // An edit with an empty password keeps the stored one.
        ...(password ? { dbPassword: seal(key, password) } : id ? {} : { dbPassword: null }),
      };
    },
    toJson,
    unique: [{ column: sysDataSource.code, key: "code", message: "数据源编码已存在" }],
    dictFields: { dbType: "database_type" },
    orgCode: true,
  });

  app.get("/sys/dataSource/options", { config: can("system:dataSource:list") }, async (req) => {
    const visible = await visibleCondition(db, dataSourceRows, scope(req, app.ctx.cache));
    const rows = await db.select({ code: sysDataSource.code, name: sysDataSource.name }).from(sysDataSource).where(visible).orderBy(asc(sysDataSource.name));
    return ok(rows.map((r) => ({ value: r.code, label: r.name, text: r.name })));
  });

  /** Connects with the given settings (the stored password when `id` is given and the password is empty). */
  app.post("/sys/dataSource/testConnection", { config: can("system:dataSource:edit"), schema: { body: TestBody } }, async (req) => {
    const b = req.body;
    await assertDbType(b.dbType);
    const target = parsePostgresUrl(b.dbUrl);
    const isPostgres = b.dbType === POSTGRES || target !== null;
    if (!isPostgres) return fail("暂不支持该数据库类型的连接测试（目前只支持 PostgreSQL）");
    if (!target) return fail("PostgreSQL 连接地址格式不正确，应为 jdbc:postgresql://主机:端口/数据库");
    let password = b.dbPassword ?? "";
    if (password) checkPassword(password);
    else if (b.id) password = (await storedPassword(b.id)) ?? "";
    const database = target.database ?? (b.dbName || "postgres");
    const user = b.dbUsername || "postgres";
    const client = new pg.Client({
      host: target.host,
      port: target.port,
      database,
      user,
      password,
      ssl: target.ssl ? { rejectUnauthorized: false } : false,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
      statement_timeout: CONNECT_TIMEOUT_MS,
      application_name: "redmark-admin connection test",
    });
    client.on("error", () => {}); // a late socket error after the verdict must not crash the server
    try {
      await client.connect();
      await client.query("select 1");
      return ok(null, "数据库连接成功");
    } catch (err) {
      return fail(`数据库连接失败：${describeConnectionError(err, { host: target.host, port: target.port, database, user })}`);
    } finally {
      await client.end().catch(() => {});
    }
  });
}
