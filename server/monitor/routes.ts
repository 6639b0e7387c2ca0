/**
 * Monitoring routes (issue 11, contract.md §10.16). Every one is for administrators only (a code per page,
 * `MONITOR_PERMS`, granted to the admin role) — JeecgBoot leaves its Actuator endpoints anonymous, we do not.
 * No answer carries configuration: no environment value, token, password or connection URL.
 *
 * Our console reads `/sys/monitor/*`; a JeecgBoot client reads the shapes it knows: `/sys/actuator/redis/*`
 * (info as a Result, keysSize/memoryInfo as raw maps), `queryDiskInfo`, and Spring Boot Actuator's
 * `actuator/metrics/<name>` and `actuator/httptrace` for the names that have a Node equivalent
 * (docs/compatibility.md). None of these routes enters the request trace (`trace: false`).
 */
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { MONITOR_PERMS } from "../db/seed/menus.js";
import { ApiError, ok } from "../lib/envelope.js";
import { can } from "../plugins/auth.js";
import { diskInfo, jvmFigures, processCpuUsage, runtimeInfo, systemCpuUsage, systemInfo } from "./runtime.js";
import { redisInfo } from "./redis-info.js";
import { rowsOf, type Db } from "../db/client.js";

const access = (perm: string) => ({ ...can(perm), trace: false });
const tags = ["sys/monitor"];

async function one(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>> {
  return rowsOf<Record<string, unknown>>(await db.execute(query))[0] ?? {};
}

/** Live sessions (the Tomcat page's "sessions"): open now, created and expired since this process started. */
async function sessionCounts(db: Db) {
  const started = new Date(Date.now() - process.uptime() * 1000).toISOString();
  const r = await one(
    db,
    sql`select count(*) filter (where revoke_time is null and expire_time > now()) as active,
               count(distinct user_id) filter (where revoke_time is null and expire_time > now()) as users,
               count(*) filter (where create_time >= ${started}::timestamptz) as created,
               count(*) filter (where revoke_time is null and expire_time >= ${started}::timestamptz and expire_time <= now()) as expired
          from sys_session`,
  );
  return { active: Number(r.active ?? 0), users: Number(r.users ?? 0), created: Number(r.created ?? 0), expired: Number(r.expired ?? 0) };
}

/**
 * The most sign-in sessions live at the same moment since this process started (Tomcat's `maxActive`): a sweep
 * over each session's life, from its creation to its revocation or (last extended) expiry.
 */
async function peakSessions(db: Db): Promise<number> {
  const started = new Date(Date.now() - process.uptime() * 1000).toISOString();
  const r = await one(
    db,
    sql`with life as (
          select greatest(create_time, ${started}::timestamptz) as s,
                 least(coalesce(revoke_time, 'infinity'::timestamptz), expire_time) as e
            from sys_session
           where create_time <= now()
             and least(coalesce(revoke_time, 'infinity'::timestamptz), expire_time) > ${started}::timestamptz
        ), ev as (
          select s as t, 1 as d from life
          union all
          select e as t, -1 as d from life where e <= now()
        )
        select coalesce(max(run), 0) as peak
          from (select sum(d) over (order by t, d rows between unbounded preceding and current row) as run from ev) x`,
  );
  return Number(r.peak ?? 0);
}

async function databaseSummary(db: Db) {
  const r = await one(
    db,
    sql`select version() as version, pg_database_size(current_database()) as size,
               (select count(*) from pg_stat_activity where datname = current_database()) as connections,
               (select count(*) from pg_stat_activity where datname = current_database() and state = 'active') as active,
               current_setting('max_connections') as max_connections`,
  );
  return {
    engine: /PGlite/i.test(String(r.version)) ? "PGlite" : "PostgreSQL",
    sizeBytes: Number(r.size ?? 0),
    connections: Number(r.connections ?? 0),
    activeConnections: Number(r.active ?? 0),
    maxConnections: r.max_connections === undefined ? null : Number(r.max_connections),
  };
}

type Measurement = { statistic: string; value: number };
interface MetricDef {
  perm: string;
  description: string;
  baseUnit: string | null;
  read: (app: FastifyInstance) => Measurement[] | Promise<Measurement[]>;
}

const value = (v: number): Measurement[] => [{ statistic: "VALUE", value: v }];

/**
 * The Actuator metric names JeecgBoot's pages read, each answered with the nearest Node figure and a description
 * saying which (the JVM names map to V8's heap and the process's threads; docs/compatibility.md).
 */
const METRICS: Record<string, MetricDef> = {
  "jvm.memory.max": { perm: MONITOR_PERMS.runtime, description: "V8 堆上限（heap_size_limit）", baseUnit: "bytes", read: () => value(runtimeInfo().memory.heapLimit) },
  "jvm.memory.committed": { perm: MONITOR_PERMS.runtime, description: "V8 已申请的堆（heapTotal）", baseUnit: "bytes", read: () => value(process.memoryUsage().heapTotal) },
  "jvm.memory.used": { perm: MONITOR_PERMS.runtime, description: "V8 已使用的堆（heapUsed）", baseUnit: "bytes", read: () => value(process.memoryUsage().heapUsed) },
  "jvm.buffer.memory.used": { perm: MONITOR_PERMS.runtime, description: "ArrayBuffer/Buffer 占用的内存", baseUnit: "bytes", read: () => value(process.memoryUsage().arrayBuffers) },
  "jvm.buffer.count": {
    perm: MONITOR_PERMS.runtime,
    description: "活动的 libuv 句柄与请求数（套接字、定时器、文件操作等；Node 不统计缓冲区个数）",
    baseUnit: "resources",
    read: () => value(jvmFigures().activeResources),
  },
  "jvm.threads.live": {
    perm: MONITOR_PERMS.runtime,
    description: "本进程的操作系统线程数：JavaScript 主线程、V8 后台线程、libuv 线程池（Linux 读 /proc/self/status，其他系统按 libuv 默认线程池 4 + 1 计）",
    baseUnit: "threads",
    read: () => value(jvmFigures().threadsLive),
  },
  "jvm.threads.daemon": {
    perm: MONITOR_PERMS.runtime,
    description: "主线程以外的线程数（V8 后台线程与 libuv 线程池，它们都不阻止进程退出）",
    baseUnit: "threads",
    read: () => value(jvmFigures().threadsDaemon),
  },
  "jvm.threads.peak": {
    perm: MONITOR_PERMS.runtime,
    description: "本进程启动以来观测到的最多线程数（每 5 秒及每次读取时采样）",
    baseUnit: "threads",
    read: () => value(jvmFigures().threadsPeak),
  },
  "jvm.classes.loaded": {
    perm: MONITOR_PERMS.runtime,
    description: "已加载的 CommonJS 模块数（require.cache；ES 模块不计入）",
    baseUnit: "modules",
    read: () => value(jvmFigures().modulesLoaded),
  },
  "jvm.classes.unloaded": {
    perm: MONITOR_PERMS.runtime,
    description: "已卸载的模块数：Node.js 不卸载已加载的模块，恒为 0",
    baseUnit: "modules",
    read: () => value(0),
  },
  "jvm.gc.memory.allocated": {
    perm: MONITOR_PERMS.runtime,
    description: "监控启动以来 V8 堆累计分配的字节（每次垃圾回收前的已用堆减去上一次回收后的已用堆，逐次累加）",
    baseUnit: "bytes",
    read: () => value(jvmFigures().gcAllocated),
  },
  "jvm.gc.memory.promoted": {
    perm: MONITOR_PERMS.runtime,
    description: "监控启动以来老生代在垃圾回收中增长的累计字节（新生代晋升到老生代的对象）",
    baseUnit: "bytes",
    read: () => value(jvmFigures().gcPromoted),
  },
  "jvm.gc.max.data.size": {
    perm: MONITOR_PERMS.runtime,
    description: "V8 堆上限（heap_size_limit，老生代不会超过它）",
    baseUnit: "bytes",
    read: () => value(jvmFigures().heapLimit),
  },
  "jvm.gc.live.data.size": {
    perm: MONITOR_PERMS.runtime,
    description: "最近一次完整垃圾回收（Mark-Sweep-Compact）后老生代的已用字节；尚未发生完整回收时为 0",
    baseUnit: "bytes",
    read: () => value(jvmFigures().gcLiveDataSize),
  },
  "jvm.gc.pause": {
    perm: MONITOR_PERMS.runtime,
    description: "垃圾回收：次数、总耗时、最长一次",
    baseUnit: "seconds",
    read: () => {
      const { gc } = runtimeInfo();
      return [
        { statistic: "COUNT", value: gc.count },
        { statistic: "TOTAL_TIME", value: gc.totalMs / 1000 },
        { statistic: "MAX", value: gc.maxMs / 1000 },
      ];
    },
  },
  "system.cpu.count": { perm: MONITOR_PERMS.server, description: "CPU 核数", baseUnit: null, read: () => value(systemInfo().cpu.count) },
  "system.cpu.usage": { perm: MONITOR_PERMS.server, description: "系统 CPU 使用率（0–1）", baseUnit: null, read: () => value(systemCpuUsage()) },
  "system.load.average.1m": { perm: MONITOR_PERMS.server, description: "1 分钟平均负载", baseUnit: null, read: () => value(systemInfo().cpu.loadAverage[0]) },
  "process.cpu.usage": { perm: MONITOR_PERMS.server, description: "本进程 CPU 使用率（0–1）", baseUnit: null, read: () => value(processCpuUsage()) },
  "process.start.time": { perm: MONITOR_PERMS.server, description: "进程启动时间（Unix 秒）", baseUnit: "seconds", read: () => value((Date.now() - process.uptime() * 1000) / 1000) },
  "process.uptime": { perm: MONITOR_PERMS.server, description: "进程运行时长", baseUnit: "seconds", read: () => value(process.uptime()) },
  "tomcat.sessions.active.current": {
    perm: MONITOR_PERMS.http,
    description: "当前有效的登录会话",
    baseUnit: "sessions",
    read: async (app) => value((await sessionCounts(app.ctx.db)).active),
  },
  "tomcat.sessions.created": {
    perm: MONITOR_PERMS.http,
    description: "本进程启动以来创建的登录会话",
    baseUnit: "sessions",
    read: async (app) => value((await sessionCounts(app.ctx.db)).created),
  },
  "tomcat.sessions.expired": {
    perm: MONITOR_PERMS.http,
    description: "本进程启动以来过期的登录会话",
    baseUnit: "sessions",
    read: async (app) => value((await sessionCounts(app.ctx.db)).expired),
  },
  "tomcat.sessions.active.max": {
    perm: MONITOR_PERMS.http,
    description: "本进程启动以来同一时刻有效的登录会话的最大数",
    baseUnit: "sessions",
    read: async (app) => value(await peakSessions(app.ctx.db)),
  },
  "tomcat.sessions.rejected": {
    perm: MONITOR_PERMS.http,
    description: "因会话数达到上限而拒绝的登录：本系统不限制会话数，恒为 0",
    baseUnit: "sessions",
    read: () => value(0),
  },
  "http.server.requests": {
    perm: MONITOR_PERMS.http,
    description: "HTTP 请求数与耗时",
    baseUnit: "seconds",
    read: (app) => {
      const l = app.httpMetrics.latency();
      return [
        { statistic: "COUNT", value: app.httpMetrics.totalRequests },
        { statistic: "MAX", value: (l.max ?? 0) / 1000 },
      ];
    },
  },
};

const redisNotConfigured = "未配置 Redis";
const redisDown = () => new ApiError("Redis 暂不可用，请稍后再试", 503, 503);

export default async function monitorRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const redis = () => app.ctx.redis;

  async function readRedis() {
    const client = redis();
    if (!client) return null;
    try {
      return await redisInfo(client);
    } catch {
      throw redisDown();
    }
  }

  app.get("/sys/monitor/server", { config: access(MONITOR_PERMS.server), schema: { summary: "服务器信息：CPU、内存、负载、运行时长、磁盘", tags } }, async () =>
    ok({ system: systemInfo(), disks: await diskInfo() }),
  );

  app.get("/sys/monitor/runtime", { config: access(MONITOR_PERMS.runtime), schema: { summary: "Node 运行时：堆、缓冲区、事件循环延迟、垃圾回收、活动句柄", tags } }, async () =>
    ok(runtimeInfo()),
  );

  app.get("/sys/monitor/http", { config: access(MONITOR_PERMS.http), schema: { summary: "HTTP 服务：连接、请求数、状态码、耗时分位数、会话", tags } }, async () => {
    const m = app.httpMetrics;
    return ok({
      enabled: m.enabled,
      startedAt: new Date(m.startedAt).toISOString(),
      openConnections: m.openConnections,
      totalConnections: m.totalConnections,
      totalRequests: m.totalRequests,
      statuses: m.statusCounts(),
      latency: m.latency(),
      sessions: await sessionCounts(db),
    });
  });

  app.get("/sys/monitor/redis", { config: access(MONITOR_PERMS.redis), schema: { summary: "Redis：是否配置、INFO、键数量、内存", tags } }, async () => {
    const r = await readRedis();
    return ok(r ? { configured: true, ...r } : { configured: false, info: [], dbSize: null, usedMemory: null }, r ? "操作成功！" : redisNotConfigured);
  });

  app.get("/sys/monitor/summary", { config: access(MONITOR_PERMS.server), schema: { summary: "监控概览：服务器、运行时、HTTP、数据库、Redis、在线用户", tags } }, async () => {
    const m = app.httpMetrics;
    const client = redis();
    let redisSummary: { configured: boolean; up: boolean; usedMemory: number | null; dbSize: number | null } = { configured: false, up: false, usedMemory: null, dbSize: null };
    if (client) {
      try {
        const r = await redisInfo(client);
        redisSummary = { configured: true, up: true, usedMemory: r.usedMemory, dbSize: r.dbSize };
      } catch {
        redisSummary = { configured: true, up: false, usedMemory: null, dbSize: null };
      }
    }
    const runtime = runtimeInfo();
    return ok({
      system: systemInfo(),
      disks: await diskInfo(),
      runtime: { memory: runtime.memory, eventLoopDelay: runtime.eventLoopDelay, gc: runtime.gc },
      http: { enabled: m.enabled, openConnections: m.openConnections, totalRequests: m.totalRequests, statuses: m.statusCounts().byClass, latency: m.latency() },
      database: await databaseSummary(db),
      redis: redisSummary,
      sessions: await sessionCounts(db),
    });
  });

  // JeecgBoot's RedisInfo.vue and DiskMonitoring.vue
  app.get("/sys/actuator/redis/info", { config: access(MONITOR_PERMS.redis), schema: { summary: "Redis INFO（JeecgBoot 格式）", tags } }, async () => {
    const r = await readRedis();
    return ok(r ? r.info : [], r ? "操作成功！" : redisNotConfigured);
  });
  app.get("/sys/actuator/redis/keysSize", { config: access(MONITOR_PERMS.redis), schema: { summary: "Redis 键数量（原始 Map，无统一返回体）", tags } }, async () => {
    const r = await readRedis();
    return { dbSize: r?.dbSize ?? 0, create_time: Date.now(), ...(r ? {} : { configured: false }) };
  });
  app.get("/sys/actuator/redis/memoryInfo", { config: access(MONITOR_PERMS.redis), schema: { summary: "Redis 已用内存（原始 Map，无统一返回体）", tags } }, async () => {
    const r = await readRedis();
    return { used_memory: String(r?.usedMemory ?? 0), create_time: Date.now(), ...(r ? {} : { configured: false }) };
  });
  app.get("/sys/actuator/redis/queryDiskInfo", { config: access(MONITOR_PERMS.disk), schema: { summary: "磁盘信息：每个文件系统的总量、剩余、已用百分比", tags } }, async () =>
    ok(await diskInfo(), "查询成功"),
  );

  // Spring Boot Actuator shapes (raw, no envelope)
  app.get("/actuator/metrics", { config: access(MONITOR_PERMS.server), schema: { summary: "Actuator 指标名称列表", tags } }, async () => ({ names: Object.keys(METRICS) }));
  for (const [name, def] of Object.entries(METRICS)) {
    app.get(`/actuator/metrics/${name}`, { config: access(def.perm), schema: { summary: `Actuator 指标 ${name}：${def.description}`, tags } }, async () => ({
      name,
      description: def.description,
      baseUnit: def.baseUnit,
      measurements: await def.read(app),
      availableTags: [],
    }));
  }
  app.get("/actuator/httptrace", { config: access(MONITOR_PERMS.trace), schema: { summary: "最近的请求追踪（令牌与密码已打码）", tags } }, async () => ({
    enabled: app.httpMetrics.enabled,
    traces: app.httpMetrics.traces(),
  }));
}
