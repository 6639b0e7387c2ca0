/**
 * Scoped access by id, in one hook for every route (issue 23; the rule itself is server/lib/row-scope.ts).
 *
 * A route names what its id parameters refer to in `config.rows`: `{ id: activityRows, timeId: timeRows }`.
 * Before the handler runs (after validation, so bad input is still a 400), every id found under those names —
 * in the path, the query or the body; a string, a comma list or an array of strings — must name a row the
 * caller may see. Otherwise the route answers as if the row did not exist (the scope's `missing`, the same
 * answer as for an unknown id) and nothing runs; an id that exists but lies outside the caller's data rules is
 * recorded as a refusal for the audit log. A module may give defaults for its routes with `scopeRows`.
 *
 * A route that takes `id` or `ids` must say what they are, a scope or `unscoped("why")`: the server refuses
 * to start otherwise, so a new by-id route cannot skip the check by omission.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import type { RuleScope } from "../lib/data-rules.js";
import type { ApiError } from "../lib/envelope.js";
import { checkVisible, type RowScope } from "../lib/row-scope.js";

/** An id parameter that names no row of a scoped table, with the reason. */
export interface Unscoped {
  unscoped: string;
}
export const unscoped = (reason: string): Unscoped => ({ unscoped: reason });

/**
 * A scoped parameter with a twist: words that name no row (e.g. `ids=allclear`), which the route handles
 * itself, or the route's own answer for ids it cannot see (JeecgBoot's message for that route).
 */
export interface ScopedParam {
  rows: RowScope;
  except?: readonly string[];
  missing?: RowScope["missing"];
}
export const except = (rows: RowScope, ...words: string[]): ScopedParam => ({ rows, except: words });
export const answering = (rows: RowScope, missing: RowScope["missing"]): ScopedParam => ({ rows, missing });

export type RowParams = Record<string, RowScope | Unscoped | ScopedParam>;

declare module "fastify" {
  interface FastifyContextConfig {
    /** What the route's id parameters refer to (server/plugins/row-scope.ts). */
    rows?: RowParams;
  }
  interface FastifyRequest {
    /** Why the request was turned away, when the answer does not say it (a row outside the caller's data rules). */
    refusal?: string;
  }
}

/** Parameters every by-id route must declare. */
const REQUIRED = ["id", "ids"];

/** The scope a parameter's ids are checked against, the words it lets through, and the answer when refused. */
function meaningOf(v: RowScope | Unscoped | ScopedParam): Required<ScopedParam> | null {
  if ("unscoped" in v) return null;
  if ("table" in v) return { rows: v, except: [], missing: v.missing };
  return { rows: v.rows, except: v.except ?? [], missing: v.missing ?? v.rows.missing };
}

/** The top-level properties a route's schemas declare, by where they come from. */
export function schemaProperties(route: Pick<RouteOptions, "schema">): string[] {
  const s = (route.schema ?? {}) as Record<string, { properties?: Record<string, unknown> } | undefined>;
  return [s.params, s.querystring, s.body].flatMap((part) => Object.keys(part?.properties ?? {}));
}

/** The ids a request carries under `name`: path, query, then body; strings, comma lists and arrays of strings. */
function idsUnder(req: FastifyRequest, name: string): string[] {
  const out: string[] = [];
  for (const source of [req.params, req.query, req.body]) {
    if (!source || typeof source !== "object") continue;
    const value = (source as Record<string, unknown>)[name];
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === "string") out.push(...v.split(",").map((s) => s.trim()).filter(Boolean));
      else if (typeof v === "number") out.push(String(v));
    }
  }
  return out;
}

/**
 * Defaults for the routes a module registers after this call (inside its own plugin): a route that declares a
 * property of these names and says nothing of it in `config.rows` gets the module's meaning of it.
 */
export function scopeRows(app: FastifyInstance, defaults: RowParams) {
  app.addHook("onRoute", (route) => {
    const props = new Set(schemaProperties(route));
    const rows: RowParams = { ...route.config?.rows };
    for (const [name, meaning] of Object.entries(defaults)) if (props.has(name) && !(name in rows)) rows[name] = meaning;
    route.config = { ...route.config, rows };
  });
}

export default fp(async function rowScopePlugin(app: FastifyInstance, opts: { apiPrefix: string }) {
  const routes: RouteOptions[] = [];
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith(opts.apiPrefix)) routes.push(route);
  });
  // After every module's own onRoute defaults have run.
  app.addHook("onReady", async () => {
    const missing = routes.flatMap((route) => {
      const props = schemaProperties(route);
      return REQUIRED.filter((name) => props.includes(name) && !route.config?.rows?.[name]).map((name) => `${route.method} ${route.url}（${name}）`);
    });
    if (missing.length) throw new Error(`这些路由的编号参数没有声明数据范围（config.rows）：${missing.join("、")}`);
  });

  app.addHook("preHandler", async (req) => {
    const rows = req.routeOptions.config.rows;
    if (!rows || !req.user) return;
    const byParam: Array<{ meaning: Required<ScopedParam>; ids: string[] }> = [];
    for (const [name, declared] of Object.entries(rows)) {
      const meaning = meaningOf(declared);
      if (!meaning) continue;
      const ids = idsUnder(req, name).filter((id) => !meaning.except.includes(id));
      if (ids.length) byParam.push({ meaning, ids });
    }
    if (!byParam.length) return;
    const user = req.user;
    let menus: Promise<ReadonlySet<string>> | undefined;
    const scope: RuleScope = { user, cache: app.ctx.cache, menus: () => (menus ??= app.ctx.sessions.grantedMenus(user.userId, user.versions)) };
    // Every scope is checked before answering, so the audit names every id that lay outside the caller's rules.
    let answer: ApiError | undefined;
    const outside: string[] = [];
    for (const { meaning, ids } of byParam) {
      const seen = await checkVisible(app.ctx.db, meaning.rows, ids, scope);
      if (seen.ok) continue;
      answer ??= meaning.missing(seen.unseen);
      if (seen.outOfScope.length) outside.push(`${meaning.rows.label}「${seen.outOfScope.slice(0, 10).join(",")}」`);
    }
    if (!answer) return;
    if (outside.length) req.refusal = `数据权限：${outside.join("、")}不在当前用户的数据范围内`;
    throw answer;
  });
});
