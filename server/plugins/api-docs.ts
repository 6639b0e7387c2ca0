/**
 * API documentation (issue 12): an OpenAPI 3.1 document generated from the typebox route schemas
 * (`@fastify/swagger`), served at `<CONTEXT_PATH>/v3/api-docs`, and Swagger UI at `<CONTEXT_PATH>/doc.html`.
 *
 * Every operation shows who may call it (`x-permission`: `anonymous`, `signedIn` or the permission code of
 * its `config.access`, also written at the top of its description), the `X-Access-Token` security scheme,
 * and the JeecgBoot envelope around its result (a list page where the route reads `pageNo`/`pageSize`).
 *
 * Access: both need a signed-in user holding `API_DOC_PERMISSION`, unless `API_DOCS_PUBLIC=true`.
 * A browser frame cannot send `X-Access-Token`, and the token must not travel in a URL; so the console first
 * asks `POST <CONTEXT_PATH>/sys/apiDoc/ticket` (with its header) for a short-lived, HttpOnly, SameSite=Strict
 * cookie scoped to `<CONTEXT_PATH>/doc.html` and then frames the page. The cookie holds a random ticket; the
 * server maps it to the session's token for GET requests under that path only, so the ordinary access check
 * (session alive, user not frozen, permission held) runs on every request of the docs page.
 *
 * Two plugins: `apiDocsCollector` goes before the auth plugin (its `onRoute` hooks must see every route and
 * must give the UI's own routes their access before auth checks that one is declared; its `onRequest` hook
 * turns the ticket into a token before auth reads it); `apiDocsRoutes` registers the UI and the routes.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import swagger, { type SwaggerOptions } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { ok } from "../lib/envelope.js";
import { anonymous, can, requestToken, type Access } from "./auth.js";
import { cameOverTls } from "./security-headers.js";

/** Permission code of the API documentation (a button under 系统监控 › 在线文档, granted to admin). */
export const API_DOC_PERMISSION = "system:api:doc";

export const API_DOC_COOKIE = "rm_api_doc";
/** How long the docs page's cookie lives; the page loads its files and the document within the first seconds. */
export const API_DOC_TICKET_TTL_SECONDS = 600;

const ticketKey = (ticket: string) => `apidoc:ticket:${createHash("sha256").update(ticket).digest("hex")}`;

interface DocsOptions {
  prefix: string;
  public: boolean;
  https: boolean;
}

const docPaths = (prefix: string) => ({ ui: `${prefix}/doc.html`, json: `${prefix}/v3/api-docs` });

function docsAccess(opts: DocsOptions): { access: Access } {
  return opts.public ? anonymous : can(API_DOC_PERMISSION);
}

function readCookie(req: FastifyRequest, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** `anonymous`, `signedIn` or the permission code. */
export function accessLabel(access: Access | undefined): string {
  if (!access) return "anonymous";
  if ("anonymous" in access) return "anonymous";
  if ("signedIn" in access) return "signedIn";
  return access.permission;
}

function accessText(access: Access | undefined): string {
  if (!access || "anonymous" in access) return "**权限**：匿名可访问（anonymous）";
  if ("signedIn" in access) return "**权限**：登录即可访问（signedIn）";
  return `**权限**：\`${access.permission}\``;
}

/** JeecgBoot `Result<T>` (contract.md §2). */
export function envelopeSchema(result: Record<string, unknown>, title = "Result") {
  return {
    type: "object",
    title,
    description: "JeecgBoot 统一返回结构：业务失败时 success=false、code=500（HTTP 200），参数错误 HTTP 400，无权限 HTTP 403（code 510），Token 失效 HTTP 500",
    properties: {
      success: { type: "boolean", description: "是否成功" },
      message: { type: "string", description: "提示信息" },
      code: { type: "integer", description: "业务状态码：200 成功，500 失败，510 无权限" },
      result: result,
      timestamp: { type: "integer", description: "服务器时间（毫秒）" },
    },
    required: ["success", "message", "code", "result", "timestamp"],
  };
}

/** JeecgBoot `IPage<T>` list page. */
export const PAGE_SCHEMA = {
  type: "object",
  title: "IPage",
  description: "分页结果",
  properties: {
    records: { type: "array", items: {}, description: "当前页记录" },
    total: { type: "integer", description: "总条数" },
    size: { type: "integer", description: "每页条数" },
    current: { type: "integer", description: "当前页码" },
    pages: { type: "integer", description: "总页数" },
  },
  required: ["records", "total", "size", "current", "pages"],
};

function readsPage(schema: Record<string, unknown> | undefined): boolean {
  const query = schema?.querystring as { properties?: Record<string, unknown> } | undefined;
  return Boolean(query?.properties && "pageNo" in query.properties && "pageSize" in query.properties);
}

/** The tag of an operation: its module path, e.g. `/sys/user/list` → `sys/user`. */
function tagOf(url: string, prefix: string): string {
  const rest = url.slice(prefix.length).split("/").filter(Boolean);
  return rest.slice(0, rest[0] === "sys" && rest.length > 2 ? 2 : 1).join("/") || "/";
}

/** Adds the permission, the security requirement and the envelope to one route's schema (document only). */
export function documentRoute(route: RouteOptions, prefix: string): Record<string, unknown> {
  const schema = { ...((route.schema as Record<string, unknown> | undefined) ?? {}) };
  const access = route.config?.access;
  schema.tags ??= [tagOf(route.url, prefix)];
  schema["x-permission"] = accessLabel(access);
  schema.description = [accessText(access), schema.description].filter(Boolean).join("\n\n");
  schema.security = !access || "anonymous" in access ? [] : [{ XAccessToken: [] }];
  if (!schema.response) {
    const exported = /export/i.test(route.url);
    schema.response = {
      200: exported
        ? { description: "Excel 文件（失败时为 JeecgBoot 统一返回结构）", type: "string", format: "binary" }
        : envelopeSchema(readsPage(schema) ? PAGE_SCHEMA : { description: "业务数据" }),
    };
  }
  return schema;
}

export const apiDocsCollector = fp(
  async function apiDocsCollector(app: FastifyInstance, opts: DocsOptions) {
    const paths = docPaths(opts.prefix);
    // The UI's own routes (index, files, document) are registered by @fastify/swagger-ui without a config.
    app.addHook("onRoute", (route) => {
      if (route.url === paths.ui || route.url.startsWith(paths.ui + "/")) {
        route.config = { ...route.config, ...docsAccess(opts) };
      }
    });
    const options: SwaggerOptions = {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "红色印记管理平台 API",
          version: "3.x",
          description:
            "与 JeecgBoot 3.x 线路协议兼容的接口文档，由路由的 typebox 定义生成。每个接口的说明开头和 `x-permission` 标注所需权限：" +
            "`anonymous`（匿名）、`signedIn`（登录即可）或权限编码。调用时在请求头 `X-Access-Token` 中携带登录令牌。",
        },
        servers: [{ url: opts.prefix || "/" }],
        components: {
          securitySchemes: { XAccessToken: { type: "apiKey", in: "header", name: "X-Access-Token", description: "登录接口返回的 token" } },
          schemas: { Result: envelopeSchema({ description: "业务数据" }) as never, IPage: PAGE_SCHEMA as never },
        },
      },
      transform: ({ schema, url, route }) => {
        if (!url.startsWith(opts.prefix) || (schema as { hide?: boolean } | undefined)?.hide) return { schema, url };
        return { schema: documentRoute(route as RouteOptions, opts.prefix) as never, url };
      },
    };
    await app.register(swagger, options);
    // The docs page's cookie stands for the session's token, for GET requests under doc.html only.
    app.addHook("onRequest", async (req) => {
      if (req.method !== "GET" && req.method !== "HEAD") return;
      const path = req.url.split("?")[0];
      if (path !== paths.ui && !path.startsWith(paths.ui + "/")) return;
      if (req.headers["x-access-token"]) return;
      const ticket = readCookie(req, API_DOC_COOKIE);
      if (!ticket || !/^[A-Za-z0-9_-]{43}$/.test(ticket)) return;
      const token = await app.ctx.kv.get(ticketKey(ticket));
      if (token) req.headers["x-access-token"] = token;
    });
  },
  { name: "api-docs-collector" },
);

/**
 * Swagger UI's request interceptor, run in the docs page: "Try it out" calls are made as the user signed in
 * to the console on this origin (the token the console keeps in local storage, providers/storage.ts), unless
 * a token was entered under Authorize.
 */
function requestInterceptor(req: { headers: Record<string, string> }) {
  try {
    if (!req.headers["X-Access-Token"]) {
      // No nested functions here: the function is sent to the browser as its source text.
      const raw = (globalThis as unknown as { localStorage: Storage }).localStorage.getItem("pro__Access-Token");
      const entry = raw ? JSON.parse(raw) : null;
      if (entry && typeof entry.value === "string" && (entry.expire == null || entry.expire > Date.now())) {
        req.headers["X-Access-Token"] = entry.value;
      }
    }
  } catch {
    // no stored token: the request goes without one
  }
  return req;
}

export const apiDocsRoutes = fp(
  async function apiDocsRoutes(app: FastifyInstance, opts: DocsOptions) {
    const paths = docPaths(opts.prefix);
    await app.register(swaggerUi, {
      routePrefix: paths.ui,
      theme: { title: "在线文档 · 红色印记管理平台 API" },
      uiConfig: {
        // No top bar (its URL box could load any document): the page shows ours only.
        layout: "BaseLayout",
        docExpansion: "none",
        deepLinking: true,
        persistAuthorization: false,
        displayOperationId: false,
        filter: true,
        tryItOutEnabled: false,
        requestInterceptor: requestInterceptor as never,
      },
      // The console's CSP (script-src 'self') applies: Swagger UI loads only files of its own.
      staticCSP: false,
      logo: null as never,
    });
    app.get(paths.json, { config: docsAccess(opts), schema: { hide: true } }, async () => app.swagger());

    app.post(
      `${opts.prefix}/sys/apiDoc/ticket`,
      {
        config: can(API_DOC_PERMISSION),
        schema: { summary: "打开在线文档：设置在线文档页面的短期 Cookie（不在地址中传递令牌）", tags: ["sys/apiDoc"] },
      },
      async (req, reply) => {
        const token = requestToken(req);
        if (!token) throw new Error("unreachable: the access check found a token");
        const ticket = randomBytes(32).toString("base64url");
        await app.ctx.kv.set(ticketKey(ticket), token, API_DOC_TICKET_TTL_SECONDS * 1000);
        const secure = cameOverTls(req, opts.https) ? "; Secure" : "";
        reply.header(
          "set-cookie",
          `${API_DOC_COOKIE}=${ticket}; Path=${paths.ui}; Max-Age=${API_DOC_TICKET_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
        );
        return ok({ url: paths.ui, expiresIn: API_DOC_TICKET_TTL_SECONDS });
      },
    );
  },
  { name: "api-docs-routes" },
);
