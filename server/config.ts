import path from "node:path";
import { parseLogFormat, type LogFormat } from "./lib/log-format.js";
import { DEFAULT_MAP_TILE_URL } from "../contract/map-tiles.js";
import { DEFAULT_UPLOAD_LIMITS, type UploadKind } from "../contract/upload.js";

/** Server configuration, read once from environment variables (documented in .env.example). */
export interface Config {
  port: number;
  host: string;
  contextPath: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  jwtSecret: string | null;
  /** Key material for data-source passwords at rest; null: generated once into DATA_DIR. */
  dataSourceSecret: string | null;
  adminPassword: string | null;
  loginCaptcha: boolean;
  /** Minutes of inactivity after which a session ends. */
  sessionIdleMinutes: number;
  /** Hours after which a session ends whatever its activity (also the JWT lifetime). */
  sessionMaxHours: number;
  /** Wrong passwords in a row before an account is locked, and for how long. */
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Login attempts per minute from one IP. */
  loginRateLimit: number;
  maxPageSize: number;
  bodyLimitBytes: number;
  staticDir: string;
  logLevel: string;
  /** Readable lines at a terminal, JSON lines otherwise (`auto`), or forced. */
  logFormat: LogFormat;
  /** Trust `X-Forwarded-*` headers (client IP, and `X-Forwarded-Proto` for the TLS headers below). */
  trustProxy: boolean;
  /**
   * The console is served over TLS (here or by a proxy in front): every answer carries HSTS and the CSP's
   * `upgrade-insecure-requests`. Off, they are sent only for requests a trusted proxy marks
   * `X-Forwarded-Proto: https`, so plain-HTTP intranet deployments work.
   */
  https: boolean;
  /** Largest upload of each kind, in bytes (`UPLOAD_MAX_<KIND>_BYTES`; `UPLOAD_MAX_BYTES` caps them all). */
  uploadLimits: Record<UploadKind, number>;
  /** S3-compatible object storage for uploads (`S3_BUCKET` set); null: files stay under `DATA_DIR/upload`. */
  s3: S3Config | null;
  /** `/v3/api-docs` and `/doc.html` open to anyone; off: only users holding `system:api:doc`. */
  apiDocsPublic: boolean;
  /** Registers the test-only routes (`/test/httpStatus/:status`); never on in production. */
  enableTestRoutes: boolean;
  /** The HTTP server page's counters and the request trace (`HTTP_TRACE=false`: off, e.g. to measure their cost). */
  httpTrace: boolean;
  /** Seed the 红色印记 demo data (domain.md §8) on first start; false leaves it out. */
  seedDemo: boolean;
  /** Tile URL template of the red-mark map (`MAP_TILE_URL`, empty: none); its origin joins the CSP's img-src. */
  mapTileUrl: string;
  /** Seconds between runs of the bbh minute job (windows start, auto settlement, codes expire); 0: off. */
  bbhJobIntervalSeconds: number;
  /** Whole request (headers and body) must arrive within this many ms; slower clients get 408 and are cut off. */
  requestTimeoutMs: number;
  /** Request headers must arrive within this many ms (≤ requestTimeoutMs). */
  headersTimeoutMs: number;
  /** A socket with no traffic in either direction for this many ms is closed. */
  connectionTimeoutMs: number;
  /** On SIGTERM/SIGINT, in-flight requests get this long to finish before their connections are closed. */
  shutdownTimeoutMs: number;
  /** PostgreSQL: connecting, and waiting for a free pooled connection. */
  dbConnectTimeoutMs: number;
  /** PostgreSQL `statement_timeout` (0: none); the client gives up 5 s later if the server does not answer. */
  dbStatementTimeoutMs: number;
  /** PostgreSQL `idle_in_transaction_session_timeout` (0: none). */
  dbIdleInTransactionTimeoutMs: number;
  /** PostgreSQL unreachable at start: keep retrying (with back-off) this many seconds, then exit. 0: exit at once. */
  dbStartupRetrySeconds: number;
  /** Redis connect and command timeout. */
  redisTimeoutMs: number;
  /** Websocket: ping interval (a socket silent for two of them is dropped), largest client frame, frames per 10 s, sockets per user. */
  wsPingMs: number;
  wsMaxFrameBytes: number;
  wsMaxFramesPer10s: number;
  wsMaxSocketsPerUser: number;
  /** Token-less websockets (the JeecgBoot 3.1 Vue 2 client's; they get only nudges): at most this many in all (0: refused), and per client address. */
  wsAnonymousMax: number;
  wsAnonymousMaxPerIp: number;
  /** E-mail sender: `smtp(s)://user:pass@host:port`, the From address, and its connect/answer timeout; none → e-mails fail as not configured. */
  smtpUrl: string | null;
  smtpFrom: string | null;
  smtpTimeoutMs: number;
  /** How often the message queue sends what is due (0: only right after a test send). */
  messageSendIntervalSeconds: number;
  /** Scheduled jobs: longest wait between polls for due jobs (0: this instance runs no scheduled job). */
  jobPollMs: number;
  /** On shutdown, how long running jobs may take to finish before they are recorded as cut off. */
  jobDrainMs: number;
  /** Shortest time between two runs a scheduled job's cron expression may ask for, in seconds (1: every second). */
  jobMinIntervalSeconds: number;
  /** Days system logs and job runs are kept (the 日志保留期清理 job purges older rows). */
  logRetentionDays: number;
  /** WeChat mini-program credentials for bbh subscribe messages (none: they are only logged), the API's base URL and timeout. */
  wxAppId: string | null;
  wxSecret: string | null;
  wxApiBase: string;
  wxTimeoutMs: number;
}

export interface S3Config {
  /** e.g. `http://127.0.0.1:9000` (MinIO) or empty for AWS's own endpoint of the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** Files are linked as `<publicBaseUrl>/<key>` (a public bucket or CDN); empty: served through `/sys/common/static/`. */
  publicBaseUrl: string | null;
}

function uploadLimits(env: NodeJS.ProcessEnv): Record<UploadKind, number> {
  const cap = env.UPLOAD_MAX_BYTES ? int("UPLOAD_MAX_BYTES", env.UPLOAD_MAX_BYTES, 0) : Infinity;
  const one = (kind: UploadKind) => {
    const name = `UPLOAD_MAX_${kind.toUpperCase()}_BYTES`;
    return Math.min(int(name, env[name], DEFAULT_UPLOAD_LIMITS[kind]), cap);
  };
  return { image: one("image"), doc: one("doc"), audio: one("audio"), video: one("video") };
}

function s3Config(env: NodeJS.ProcessEnv): S3Config | null {
  if (!env.S3_BUCKET) return null;
  const missing = ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((k) => !env[k]);
  if (missing.length) throw new Error(`已设置 S3_BUCKET，但缺少环境变量 ${missing.join("、")}`);
  return {
    endpoint: env.S3_ENDPOINT || null,
    region: env.S3_REGION || "us-east-1",
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, true),
    publicBaseUrl: env.S3_PUBLIC_BASE_URL ? env.S3_PUBLIC_BASE_URL.replace(/\/+$/, "") : null,
  };
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return !["0", "false", "off", "no"].includes(value.trim().toLowerCase());
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`环境变量 ${name} 必须是非负整数，当前为 "${value}"`);
  return n;
}

function contextPath(value: string | undefined): string {
  const raw = (value ?? "/jeecg-boot").trim();
  if (raw === "" || raw === "/") return "";
  return "/" + raw.replace(/^\/+|\/+$/g, "");
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int("PORT", env.PORT, 8080),
    host: env.HOST || "0.0.0.0",
    contextPath: contextPath(env.CONTEXT_PATH),
    dataDir: path.resolve(env.DATA_DIR || "./data"),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    jwtSecret: env.JWT_SECRET || null,
    dataSourceSecret: env.DATA_SOURCE_SECRET || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    loginCaptcha: bool(env.LOGIN_CAPTCHA, true),
    sessionIdleMinutes: int("SESSION_IDLE_MINUTES", env.SESSION_IDLE_MINUTES, 240),
    sessionMaxHours: int("SESSION_MAX_HOURS", env.SESSION_MAX_HOURS, 168),
    loginMaxFailures: int("LOGIN_MAX_FAILURES", env.LOGIN_MAX_FAILURES, 5),
    loginLockMinutes: int("LOGIN_LOCK_MINUTES", env.LOGIN_LOCK_MINUTES, 15),
    loginRateLimit: int("LOGIN_RATE_LIMIT", env.LOGIN_RATE_LIMIT, 30),
    maxPageSize: int("MAX_PAGE_SIZE", env.MAX_PAGE_SIZE, 1000),
    bodyLimitBytes: int("BODY_LIMIT_BYTES", env.BODY_LIMIT_BYTES, 1024 * 1024),
    staticDir: path.resolve(env.STATIC_DIR || "./dist"),
    logLevel: env.LOG_LEVEL || "info",
    logFormat: parseLogFormat(env.LOG_FORMAT),
    trustProxy: bool(env.TRUST_PROXY, false),
    https: bool(env.HTTPS, false),
    uploadLimits: uploadLimits(env),
    s3: s3Config(env),
    enableTestRoutes: bool(env.ENABLE_TEST_ROUTES, false),
    httpTrace: bool(env.HTTP_TRACE, true),
    seedDemo: bool(env.SEED_DEMO, true),
    mapTileUrl: env.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL,
    bbhJobIntervalSeconds: int("BBH_JOB_INTERVAL_SECONDS", env.BBH_JOB_INTERVAL_SECONDS, 60),
    apiDocsPublic: bool(env.API_DOCS_PUBLIC, false),
    requestTimeoutMs: int("REQUEST_TIMEOUT_MS", env.REQUEST_TIMEOUT_MS, 60_000),
    headersTimeoutMs: int("HEADERS_TIMEOUT_MS", env.HEADERS_TIMEOUT_MS, 30_000),
    connectionTimeoutMs: int("CONNECTION_TIMEOUT_MS", env.CONNECTION_TIMEOUT_MS, 120_000),
    shutdownTimeoutMs: int("SHUTDOWN_TIMEOUT_MS", env.SHUTDOWN_TIMEOUT_MS, 8_000),
    dbConnectTimeoutMs: int("DB_CONNECT_TIMEOUT_MS", env.DB_CONNECT_TIMEOUT_MS, 5_000),
    dbStatementTimeoutMs: int("DB_STATEMENT_TIMEOUT_MS", env.DB_STATEMENT_TIMEOUT_MS, 15_000),
    dbIdleInTransactionTimeoutMs: int("DB_IDLE_IN_TRANSACTION_TIMEOUT_MS", env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, 60_000),
    dbStartupRetrySeconds: int("DB_STARTUP_RETRY_SECONDS", env.DB_STARTUP_RETRY_SECONDS, 30),
    redisTimeoutMs: int("REDIS_TIMEOUT_MS", env.REDIS_TIMEOUT_MS, 2_000),
    wsPingMs: int("WS_PING_MS", env.WS_PING_MS, 30_000),
    wsMaxFrameBytes: int("WS_MAX_FRAME_BYTES", env.WS_MAX_FRAME_BYTES, 4096),
    wsMaxFramesPer10s: int("WS_MAX_FRAMES_PER_10S", env.WS_MAX_FRAMES_PER_10S, 50),
    wsMaxSocketsPerUser: int("WS_MAX_SOCKETS_PER_USER", env.WS_MAX_SOCKETS_PER_USER, 10),
    wsAnonymousMax: int("WS_ANONYMOUS_MAX", env.WS_ANONYMOUS_MAX, 1000),
    wsAnonymousMaxPerIp: int("WS_ANONYMOUS_MAX_PER_IP", env.WS_ANONYMOUS_MAX_PER_IP, 20),
    smtpUrl: env.SMTP_URL || null,
    smtpFrom: env.SMTP_FROM || null,
    smtpTimeoutMs: int("SMTP_TIMEOUT_MS", env.SMTP_TIMEOUT_MS, 10_000),
    messageSendIntervalSeconds: int("MESSAGE_SEND_INTERVAL_SECONDS", env.MESSAGE_SEND_INTERVAL_SECONDS, 10),
    jobPollMs: int("JOB_POLL_MS", env.JOB_POLL_MS, 1_000),
    jobDrainMs: int("JOB_DRAIN_MS", env.JOB_DRAIN_MS, 5_000),
    jobMinIntervalSeconds: int("JOB_MIN_INTERVAL_SECONDS", env.JOB_MIN_INTERVAL_SECONDS, 10),
    logRetentionDays: int("LOG_RETENTION_DAYS", env.LOG_RETENTION_DAYS, 180),
    wxAppId: env.WX_APPID || null,
    wxSecret: env.WX_SECRET || null,
    wxApiBase: (env.WX_API_BASE || "https://api.weixin.qq.com").replace(/\/+$/, ""),
    wxTimeoutMs: int("WX_TIMEOUT_MS", env.WX_TIMEOUT_MS, 5_000),
  };
}
