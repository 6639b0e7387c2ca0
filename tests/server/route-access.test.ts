/**
 * Issue 23 item 12: the permission a route documents is the one it enforces. For every API route the
 * OpenAPI document's `x-permission` is its `config.access`, and a user holding exactly that code (and nothing
 * else) is never answered 403 `没有权限，请联系管理员授权` — the route gets a well-formed request (a body, query
 * and path its schemas accept), so a second code checked inside the handler would show. A user holding
 * nothing is refused on every such route, so the walk can see a refusal.
 */
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sysPermission, sysRole, sysRolePermission, sysUser, sysUserRole } from "../../server/db/schema.js";
import { nextId, uuid32 } from "../../server/lib/ids.js";
import { hashPassword } from "../../server/lib/password.js";
import { accessLabel } from "../../server/plugins/api-docs.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

const REFUSED = "没有权限，请联系管理员授权";
const PASSWORD = "Walker@2024x";

let t: TestApp;
const routes: RouteOptions[] = [];
let walkerRole: string;
let walker: string;
let nobody: string;

async function addUser(username: string, roleId?: string): Promise<string> {
  const id = uuid32();
  await t.database.db.insert(sysUser).values({ id, username, realname: username, password: await hashPassword(PASSWORD), status: 1, delFlag: 0, orgCode: "A01" });
  if (roleId) await t.database.db.insert(sysUserRole).values({ id: uuid32(), userId: id, roleId });
  return t.login(username, PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" }, { onRoute: (r) => void routes.push(r) });
  walkerRole = nextId();
  await t.database.db.insert(sysRole).values({ id: walkerRole, roleCode: "route_walker", roleName: "路由遍历" });
  walker = await addUser("route_walker", walkerRole);
  nobody = await addUser("route_nobody");
});
afterAll(() => t.close());

type Node = {
  type?: unknown;
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  minItems?: number;
  anyOf?: Node[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

const CANDIDATES = ["x1", "1", "2", "x", "A01", "abc", "admin", "2026-01-01 00:00:00", "2026-01-01", "a@b.cn", "13800000000", "0 0 1 * * ?", "{}", "[]", "activity", "ALL", "L", "0"];

/** A value the schema accepts: required properties only, the first usable branch of a union. */
function sample(node: Node | undefined, depth = 0): unknown {
  if (!node || depth > 8) return undefined;
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum.find((v) => v !== null) ?? node.enum[0];
  if (node.anyOf) {
    for (const branch of node.anyOf) {
      if (branch.type === "null") continue;
      const v = sample(branch, depth + 1);
      if (v !== undefined) return v;
    }
    return null;
  }
  const type = Array.isArray(node.type) ? node.type.find((x) => x !== "null") : node.type;
  if (type === "object" || node.properties) {
    const out: Record<string, unknown> = {};
    for (const key of node.required ?? []) out[key] = sample(node.properties?.[key], depth + 1);
    return out;
  }
  if (type === "array") return Array.from({ length: node.minItems ?? 0 }, () => sample(node.items, depth + 1));
  if (type === "integer" || type === "number") return Math.max(node.minimum ?? 1, Math.min(1, node.maximum ?? 1));
  if (type === "boolean") return false;
  if (type === "string") {
    const fits = (s: string) => s.length >= (node.minLength ?? 0) && s.length <= (node.maxLength ?? Infinity) && (!node.pattern || new RegExp(node.pattern, "u").test(s));
    return CANDIDATES.find(fits) ?? "x".repeat(Math.max(1, node.minLength ?? 1));
  }
  return undefined;
}

const methods = (r: RouteOptions) => [r.method].flat().filter((m) => m !== "HEAD");
const schemaOf = (r: RouteOptions) => (r.schema ?? {}) as { body?: Node; querystring?: Node; params?: Node; hide?: boolean };

function request(route: RouteOptions, method: string, token: string) {
  const schema = schemaOf(route);
  const params = (sample(schema.params) ?? {}) as Record<string, unknown>;
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? "x1"))).replace(/\*$/, "x1");
  const query = Object.fromEntries(Object.entries((sample(schema.querystring) ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  const body = schema.body ? sample(schema.body) : undefined;
  return t.app.inject({ method: method as "GET", url: path, query, headers: { "x-access-token": token }, ...(body === undefined ? {} : { payload: body as object }) });
}

const permissionRoutes = () =>
  routes.filter((r) => r.url.startsWith(API + "/") && r.config?.access && "permission" in r.config.access) as Array<RouteOptions & { config: { access: { permission: string } } }>;

const refusedForPermission = (res: { statusCode: number; body: string }) => res.statusCode === 403 && res.body.includes(REFUSED);

describe("every route enforces the permission it documents", () => {
  it("documents exactly the access the hook checks", async () => {
    const admin = await t.login();
    const doc = (await t.app.inject({ url: `${API}/v3/api-docs`, headers: { "x-access-token": admin } })).json();
    const differ: string[] = [];
    let checked = 0;
    for (const route of routes.filter((r) => r.url.startsWith(API + "/") && !schemaOf(r).hide)) {
      const path = route.url.slice(API.length).replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{*}");
      for (const method of methods(route)) {
        const documented = doc.paths[path]?.[method.toLowerCase()]?.["x-permission"];
        if (documented !== accessLabel(route.config?.access)) differ.push(`${method} ${path}: ${documented} ≠ ${accessLabel(route.config?.access)}`);
        checked++;
      }
    }
    expect(differ).toEqual([]);
    expect(checked).toBeGreaterThan(450);
  });

  it("lets a user holding exactly the documented code past every permission check", { timeout: 600_000 }, async () => {
    const byCode = new Map<string, RouteOptions[]>();
    for (const route of permissionRoutes()) byCode.set(route.config.access.permission, [...(byCode.get(route.config.access.permission) ?? []), route]);
    expect(byCode.size).toBeGreaterThan(150);
    const db = t.database.db;
    const refused: string[] = [];
    let requests = 0;
    for (const [code, list] of byCode) {
      // The walker's role holds one button row carrying exactly this code.
      await db.delete(sysRolePermission).where(eq(sysRolePermission.roleId, walkerRole));
      const id = nextId();
      await db.insert(sysPermission).values({ id, name: `遍历 ${code}`, perms: code, menuType: 2, status: "1", permsType: "1", delFlag: 0 });
      await db.insert(sysRolePermission).values({ id: nextId(), roleId: walkerRole, permissionId: id });
      for (const route of list) {
        for (const method of methods(route)) {
          const res = await request(route, method, walker);
          requests++;
          if (refusedForPermission(res)) refused.push(`${method} ${route.url.slice(API.length)} (${code})`);
        }
      }
      await db.delete(sysPermission).where(eq(sysPermission.id, id));
    }
    expect(refused).toEqual([]);
    expect(requests).toBeGreaterThan(400);
  });

  it("refuses a user holding nothing on every permission route (the walk sees a refusal)", { timeout: 300_000 }, async () => {
    const passed: string[] = [];
    for (const route of permissionRoutes()) {
      for (const method of methods(route)) {
        const res = await request(route, method, nobody);
        if (!refusedForPermission(res)) passed.push(`${method} ${route.url.slice(API.length)} → ${res.statusCode}`);
      }
    }
    expect(passed).toEqual([]);
  });
});
