/**
 * Builds the Fastify app: external plugins first (security headers, rate limits), then ours (errors, auth,
 * operation log), then the API modules under the context path, and the console last.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from "fastify";
import rateLimit from "@fastify/rate-limit";
import ajvFormats from "ajv-formats";
import finiteNumbers from "./lib/finite-numbers.js";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import type { KvStore } from "./lib/kv.js";
import type { TableVersions } from "./lib/table-versions.js";
import type { VersionedCache } from "./lib/versioned-cache.js";
import auth from "./plugins/auth.js";
import errors, { frameworkErrors } from "./plugins/errors.js";
import oplog from "./plugins/oplog.js";
import rowScope from "./plugins/row-scope.js";
import refusalLog from "./plugins/refusal-log.js";
import requestBody from "./plugins/request-body.js";
import textFields from "./plugins/text-fields.js";
import securityHeaders from "./plugins/security-headers.js";
import { tileImgSource } from "../contract/map-tiles.js";
import { serializeRequest } from "./lib/redact.js";
import spa from "./plugins/spa.js";
import realtime from "./realtime/plugin.js";
import type { RealtimeHub } from "./realtime/hub.js";
import { apiDocsCollector, apiDocsRoutes } from "./plugins/api-docs.js";
import type { DictService } from "./modules/sys/dict.repo.js";
import type { SessionService } from "./modules/sys/session.repo.js";
import dictRoutes from "./modules/sys/dict.js";
import loginRoutes from "./modules/sys/login.js";
import loginConfigRoutes from "./modules/sys/login-config.js";
import permissionRoutes from "./modules/sys/permission.js";
import selfServiceRoutes from "./modules/sys/self-service.js";
import userRoutes from "./modules/sys/user.js";
import roleRoutes from "./modules/sys/role.js";
import departRoutes from "./modules/sys/depart.js";
import departRoleRoutes from "./modules/sys/depart-role.js";
import duplicateRoutes from "./modules/sys/duplicate.js";
import userExcelRoutes from "./modules/sys/user-excel.js";
import positionRoutes from "./modules/sys/position.js";
import dictAdminRoutes from "./modules/sys/dict-admin.js";
import checkRuleRoutes from "./modules/sys/check-rule.js";
import fillRuleRoutes from "./modules/sys/fill-rule.js";
import categoryRoutes from "./modules/sys/category.js";
import addressListRoutes from "./modules/sys/address-list.js";
import dataSourceRoutes from "./modules/sys/data-source.js";
import adminExcelRoutes from "./modules/sys/admin-excel.js";
import accountRoutes from "./modules/sys/account.js";
import announcementRoutes from "./modules/sys/announcement.js";
import announcementAdminRoutes from "./modules/sys/announcement-admin.js";
import messageRoutes from "./modules/sys/message.js";
import commonRoutes from "./modules/sys/common.js";
import logInfoRoutes from "./modules/sys/log-info.js";
import tenantRoutes from "./modules/sys/tenant.js";
import thirdAppRoutes from "./modules/sys/third-app.js";
import userRecycleRoutes from "./modules/sys/user-recycle.js";
import userPickerRoutes from "./modules/sys/user-picker.js";
import bbhRoutes from "./modules/bbh/index.js";
import dbMonitorRoutes from "./modules/sys/db-monitor.js";
import quartzJobRoutes from "./modules/sys/quartz-job.js";
import sysLogRoutes from "./modules/sys/log.js";
import dataLogRoutes from "./modules/sys/data-log.js";
import onlineRoutes from "./modules/sys/online.js";
import dashboardRoutes from "./modules/sys/dashboard.js";
import mockRoutes from "./modules/sys/mock.js";
import monitorRoutes from "./monitor/routes.js";
import monitorHooks from "./monitor/plugin.js";
import testRoutes from "./modules/test-routes.js";
import healthRoutes from "./modules/health.js";
import type { ServiceHealth } from "./lib/dependency.js";
import { httpServerOptions } from "./lib/http-options.js";

export interface AppContext {
  config: Config;
  db: Db;
  kv: KvStore;
  sessions: SessionService;
  /** Open websockets and the sends to them (announcements, live events), across instances through Redis. */
  realtime: RealtimeHub;
  dicts: DictService;
  /** Exact caches keyed by table write versions (list totals, permission look-ups). */
  cache: VersionedCache;
  /** The table versions in memory, current while the database's listener is up (server/lib/table-versions.ts). */
  versions: TableVersions;
  /** A Redis client shared by the rate limiter when several instances run. */
  redis?: import("ioredis").Redis;
  /** Database and Redis reachability, and whether the server is draining (health endpoints, error envelopes). */
  health: ServiceHealth;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

const modules = [loginRoutes, loginConfigRoutes, permissionRoutes, dictRoutes, userRoutes, accountRoutes, announcementRoutes, announcementAdminRoutes, messageRoutes, commonRoutes, roleRoutes, departRoutes, departRoleRoutes, duplicateRoutes, userExcelRoutes, positionRoutes, dictAdminRoutes, checkRuleRoutes, fillRuleRoutes, selfServiceRoutes, categoryRoutes, addressListRoutes, dataSourceRoutes, adminExcelRoutes, logInfoRoutes, tenantRoutes, thirdAppRoutes, userRecycleRoutes, userPickerRoutes, dbMonitorRoutes, onlineRoutes, dashboardRoutes, monitorRoutes, quartzJobRoutes, sysLogRoutes, dataLogRoutes, mockRoutes, bbhRoutes];

/** `onRoute` sees every route as it is registered (tests walk the route schemas with it). */
export interface BuildOptions {
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(ctx: AppContext, logger: FastifyServerOptions["logger"] = false, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: logger && typeof logger === "object" ? { ...logger, serializers: { req: serializeRequest, ...logger.serializers } } : logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // finiteNumbers: a coerced "Infinity" or "1e400" is no number (server/lib/finite-numbers.ts); `x-text` declares
    // what a string may carry (server/lib/text.ts), and Ajv only has to know the keyword.
    ajv: { plugins: [ajvFormats as never, finiteNumbers as never], customOptions: { keywords: ["x-text"] } },
    frameworkErrors,
    ...httpServerOptions(config),
  });
  app.decorate("ctx", ctx);
  if (options.onRoute) app.addHook("onRoute", options.onRoute);

  await app.register(securityHeaders, { https: config.https, tileSource: tileImgSource(config.mapTileUrl) });
  // skipOnError: while Redis is down the limiter lets requests through instead of failing or hanging them.
  await app.register(rateLimit, { global: false, redis: ctx.redis, skipOnError: true });
  await app.register(errors);
  await app.register(requestBody);
  // After requestBody's checks, before validation: plain text loses its markup, rich text is sanitised.
  await app.register(textFields);
  await app.register(spa, { root: config.staticDir, apiPrefix: config.contextPath });
  // Before auth: it collects every route for the document and turns the docs page's cookie into its token.
  const docs = { prefix: config.contextPath, public: config.apiDocsPublic, https: config.https };
  await app.register(apiDocsCollector, docs);
  await app.register(auth, { sessions: ctx.sessions, apiPrefix: config.contextPath });
  await app.register(rowScope, { apiPrefix: config.contextPath });
  await app.register(oplog);
  await app.register(refusalLog, { apiPrefix: config.contextPath });
  // The HTTP server page's counters and the request trace (HTTP_TRACE=false: off).
  await app.register(monitorHooks, { enabled: config.httpTrace, apiPrefix: config.contextPath });
  await app.register(realtime, { prefix: config.contextPath });
  await app.register(
    async (api) => {
      for (const m of modules) await api.register(m);
      await api.register(healthRoutes);
      if (config.enableTestRoutes) await api.register(testRoutes);
    },
    { prefix: config.contextPath },
  );
  await app.register(apiDocsRoutes, docs);
  return app;
}
