/**
 * Data rules hold by id as they hold in lists (issue 23, item 1): a row outside the caller's data rules does
 * not exist for them anywhere. The walk covers every route of every module that names a row by id (its
 * `config.rows`): a user who holds every menu and button, but whose roles carry a rule on every menu that no
 * row satisfies, asks each route for an existing row. The answer must be exactly the answer for an id that does
 * not exist, the refusal must be recorded for the audit log naming that id, and the row must not change.
 * The scenario of the issue is then played out by hand: own department and below, detail, edit and a batch
 * delete of one row inside and one outside.
 */
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, getTableName, inArray, sql } from "drizzle-orm";
import { bbhMessage, bbhOssFile, bbhRedMark, sysDepart, sysLog, sysPermission, sysRole } from "../../server/db/schema.js";
import { seed } from "../../server/db/seed/index.js";
import type { RowScope } from "../../server/lib/row-scope.js";
import type { RowParams } from "../../server/plugins/row-scope.js";
import { rowsOf } from "../../server/db/client.js";
import { ADMIN_PASSWORD, API, createTestApp, type TestApp } from "./helpers.js";
import { caller } from "./bbh-helpers.js";
import { declaredProperties, sampleRequest } from "./route-samples.js";

let t: TestApp;
let admin: string;
let scoped: string;
let call: ReturnType<typeof caller>;
const routes: RouteOptions[] = [];
/** The refusal the last answered request recorded (the hook's `req.refusal`); requests here run one at a time. */
let lastRefusal: string | undefined;
let noneRole = "";

const isScope = (v: RowParams[string]): v is RowScope => "table" in v;
const scopeOf = (v: RowParams[string]): RowScope | null => ("unscoped" in v ? null : "table" in v ? v : v.rows);
/** The answer a parameter gives for ids nobody may see. */
const missingOf = (v: RowParams[string], ids: string[]) => ("unscoped" in v ? null : "table" in v ? v.missing(ids) : (v.missing ?? v.rows.missing)(ids));
const MISSING = "zzmissing0001";

beforeAll(async () => {
  t = await createTestApp({}, {
    onRoute: (route) => {
      routes.push(route);
      // onSend runs before the answer leaves, so the value is there when inject resolves (onResponse may run later).
      const record = async (req: { refusal?: string }, _reply: unknown, payload: unknown) => {
        lastRefusal = req.refusal;
        return payload;
      };
      route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), record as never];
    },
  });
  await seed(t.database.db, { adminPassword: ADMIN_PASSWORD, demo: true });
  // Rows of the tables the demo data leaves empty, so every scope has a row to ask for.
  const db = t.database.db;
  await db.insert(bbhMessage).values({ id: "scope-msg", channel: 2, title: "标题", content: "内容" });
  await db.insert(bbhOssFile).values({ id: "scope-file", fileName: "a.png", url: "/a.png", fileType: "image", fileExt: "png" });
  admin = await t.login();
  call = caller(t);
}, 120_000);
afterAll(() => t.close());

type Rule = { ruleColumn: string; ruleConditions: string; ruleValue: string };

/** A role holding every menu and button, with a rule on every menu that has a component. */
async function roleWith(code: string, ruleOf: Rule | ((component: string) => Rule)) {
  const db = t.database.db;
  await call("POST", "/sys/role/add", admin, { roleName: code, roleCode: code });
  const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, code));
  const all = await db.select({ id: sysPermission.id, component: sysPermission.component, menuType: sysPermission.menuType }).from(sysPermission).where(eq(sysPermission.delFlag, 0));
  const grant = await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: all.map((p) => p.id).join(","), lastpermissionIds: "" });
  expect(grant.body.success, grant.body.message).toBe(true);
  for (const menu of all.filter((p) => p.menuType !== 2 && p.component && !p.component.startsWith("layouts/"))) {
    const rule = typeof ruleOf === "function" ? ruleOf(menu.component!) : ruleOf;
    await call("POST", "/sys/permission/addPermissionRule", admin, { permissionId: menu.id, ruleName: `${code}-${menu.id}`.slice(0, 50), ...rule });
    const rules = (await call("GET", `/sys/permission/getPermRuleListByPermId?permissionId=${menu.id}`, admin)).body.result as Array<{ id: string; ruleName: string }>;
    const mine = rules.filter((r) => r.ruleName.startsWith(code)).map((r) => r.id);
    await call("POST", "/sys/role/datarule", admin, { permissionId: menu.id, roleId: role.id, dataRuleIds: mine.join(",") });
  }
  return role.id;
}

async function userWith(username: string, roleId: string, orgCode: string) {
  const [dep] = await t.database.db.select().from(sysDepart).where(eq(sysDepart.orgCode, orgCode));
  const add = await call("POST", "/sys/user/add", admin, { username, realname: username, password: "Scope@12345", selectedroles: roleId, selecteddeparts: dep.id });
  expect(add.body.success, add.body.message).toBe(true);
  return t.login(username, "Scope@12345");
}

/** Some live row of the scope (its parent's rows count as its own are never deleted here). */
async function anyRow(rows: RowScope): Promise<string | undefined> {
  const [row] = await t.database.db.select({ id: rows.id }).from(rows.table).where(rows.live).limit(1);
  return row?.id as string | undefined;
}

const snapshot = async (rows: RowScope, id: string) =>
  JSON.stringify(rowsOf(await t.database.db.execute(sql`select * from ${rows.table} where ${rows.id} = ${id}`)));

/** Value for a parameter: an array where the schema asks for one, else the id itself. */
function valueFor(route: RouteOptions, name: string, id: string): unknown {
  const prop = declaredProperties(route).find((p) => p.name === name);
  return prop?.schema.type === "array" ? [id] : id;
}

/** Requests that need more than the schema says to reach the hook (a field another field depends on). */
const EXTRA: Record<string, Record<string, unknown>> = { [`${API}/sys/annountCement/edit`]: { msgType: "ALL" } };

describe("every by-id route answers a row outside the caller's data rules as if it did not exist", () => {
  it("walks every scoped parameter of every route", async () => {
    // A rule no row satisfies: a column no list allows (data rules fail closed).
    noneRole = await roleWith("scope_none", { ruleColumn: "no_such_column", ruleConditions: "=", ruleValue: "x" });
    scoped = await userWith("scope_none", noneRole, "A01A01");

    const cases: Array<{ route: RouteOptions; name: string; rows: RowScope }> = [];
    for (const route of routes) {
      if (!route.url.startsWith(API) || route.method === "HEAD") continue;
      const declared = new Set(declaredProperties(route).map((p) => p.name));
      for (const [name, meaning] of Object.entries(route.config?.rows ?? {})) {
        const rows = scopeOf(meaning);
        // Scopes whose lists carry data rules (their own, or their parent's); the rest only check existence.
        if (rows && declared.has(name) && (rows.views.length || rows.parent)) cases.push({ route, name, rows });
      }
    }
    expect(cases.length).toBeGreaterThan(150);

    const empty = new Set<string>();
    const failures: string[] = [];
    for (const { route, name, rows } of cases) {
      const id = await anyRow(rows);
      if (!id) {
        empty.add(getTableName(rows.table));
        continue;
      }
      const before = await snapshot(rows, id);
      const ask = async (value: string) => {
        const req = sampleRequest(route, { ...EXTRA[route.url], [name]: valueFor(route, name, value) });
        const res = await t.app.inject({ method: req.method, url: req.url, headers: { "x-access-token": scoped }, ...(req.body ? { payload: req.body } : {}) });
        return { status: res.statusCode, body: res.json() as { success: boolean; message: string; code: number }, refusal: lastRefusal };
      };
      const label = `${route.method} ${route.url.slice(API.length)} ${name}`;
      const outside = await ask(id);
      const missing = await ask(MISSING);
      // The hook answers for the first scope that refused; other id parameters of the sample name no row either.
      const answers = Object.values(route.config?.rows ?? {}).map((v) => missingOf(v, [MISSING])).filter((a) => a !== null);
      if (!answers.some((a) => missing.status === a.statusCode && missing.body.message === a.message)) {
        failures.push(`${label}: 不存在的编号没有得到数据范围的回答（${missing.status} ${missing.body.message}）`);
        continue;
      }
      // A message may name the ids asked for (标签【…】不存在): the same answer, with the id the client sent.
      if (outside.status !== missing.status || outside.body.message.replaceAll(id, MISSING) !== missing.body.message || outside.body.code !== missing.body.code) {
        failures.push(`${label}: ${outside.status} ${outside.body.message} ≠ ${missing.status} ${missing.body.message}`);
      }
      if (!outside.refusal?.includes(`${rows.label}「${id}`)) failures.push(`${label}: 没有记录越权的编号（${outside.refusal ?? "无"}）`);
      if (missing.refusal) failures.push(`${label}: 不存在的编号被记成越权（${missing.refusal}）`);
      if (!(await snapshot(rows, id) === before)) failures.push(`${label}: 行被改动`);
    }
    expect(empty, "每个有数据范围的表都要有演示数据").toEqual(new Set());
    expect(failures).toEqual([]);
  }, 600_000);

  it("records each such refusal with the ids outside the rules, once per user, path and minute", async () => {
    const other = await userWith("scope_none2", noneRole, "A01A01");
    const [mark] = await t.database.db.select({ id: bbhRedMark.id }).from(bbhRedMark).where(eq(bbhRedMark.delFlag, 0)).limit(1);
    const url = `/bbh/api/activity/redmark/getById?id=${mark.id}`;
    expect((await call("GET", url, other)).body.message).toBe("数据不存在或已删除");
    expect((await call("GET", url, other)).body.message).toBe("数据不存在或已删除");
    await expect
      .poll(async () => (await t.database.db.select().from(sysLog).where(and(eq(sysLog.userid, "scope_none2"), eq(sysLog.method, `${API}/bbh/api/activity/redmark/getById`)))).map((r) => r.logContent))
      .toEqual([`拒绝访问：GET ${API}/bbh/api/activity/redmark/getById：数据权限：印记「${mark.id}」不在当前用户的数据范围内`]);
  });
});

describe("own department and below (the issue's scenario)", () => {
  let ops: string;
  beforeAll(async () => {
    // Users carry their department in orgCode, business rows in sysOrgCode.
    const roleId = await roleWith("scope_dept", (component) => ({ ruleColumn: component === "system/UserList" ? "orgCode" : "sysOrgCode", ruleConditions: "RIGHT_LIKE", ruleValue: "#{sys_org_code}" }));
    ops = await userWith("scope_dept", roleId, "A01A01");
    const base = { category: 2, address: "地址", coverImage: "/c.jpg", publishStatus: 0, createBy: "admin" };
    await t.database.db.insert(bbhRedMark).values([
      { id: "scope-mark-a", markName: "运营部印记", longitude: 115.9, latitude: 28.7, sysOrgCode: "A01A01", ...base },
      { id: "scope-mark-a2", markName: "运营部下级印记", longitude: 115.8, latitude: 28.6, sysOrgCode: "A01A01A01", ...base },
      { id: "scope-mark-b", markName: "总部印记", longitude: 116.9, latitude: 29.7, sysOrgCode: "A01", ...base },
    ]);
  });

  it("shows A's rows by id and hides B's: detail, edit and getById", async () => {
    expect((await call("GET", "/bbh/api/activity/redmark/queryById?id=scope-mark-a", ops)).body.result.markName).toBe("运营部印记");
    expect((await call("GET", "/bbh/api/activity/redmark/queryById?id=scope-mark-a2", ops)).body.success).toBe(true);
    const hidden = await call("GET", "/bbh/api/activity/redmark/queryById?id=scope-mark-b", ops);
    const none = await call("GET", "/bbh/api/activity/redmark/queryById?id=scope-mark-zz", ops);
    expect(hidden).toEqual(expect.objectContaining({ status: none.status }));
    expect({ ...hidden.body, timestamp: 0 }).toEqual({ ...none.body, timestamp: 0 });
    const edit = await call("PUT", "/bbh/api/activity/redmark/edit", ops, { id: "scope-mark-b", markName: "改名", category: 2 });
    expect(edit.body.message).toBe("数据不存在或已删除");
    const [b] = await t.database.db.select().from(bbhRedMark).where(eq(bbhRedMark.id, "scope-mark-b"));
    expect(b.markName).toBe("总部印记");
  });

  it("a batch delete of A's and B's rows deletes neither", async () => {
    const res = await call("DELETE", "/bbh/api/activity/redmark/deleteBatch?ids=scope-mark-a,scope-mark-b", ops);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe("数据不存在或已删除");
    const left = await t.database.db.select({ id: bbhRedMark.id, del: bbhRedMark.delFlag }).from(bbhRedMark).where(inArray(bbhRedMark.id, ["scope-mark-a", "scope-mark-b"]));
    expect(left.every((r) => r.del === 0)).toBe(true);
    // A's own row alone is deleted.
    expect((await call("DELETE", "/bbh/api/activity/redmark/deleteBatch?ids=scope-mark-a", ops)).body.success).toBe(true);
  });

  it("the user list and its picker follow the same rules: queryUserByDepId lists only visible users", async () => {
    const [hq] = await t.database.db.select().from(sysDepart).where(eq(sysDepart.orgCode, "A01"));
    const users = (await call("GET", `/sys/user/queryUserByDepId?id=${hq.id}`, ops)).body.result as Array<{ orgCode: string | null }>;
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.orgCode?.startsWith("A01A01"))).toBe(true);
  });
});

it("every route that takes id or ids says what it is (the server refuses to start otherwise)", () => {
  const undeclared = routes
    .filter((r) => r.url.startsWith(API))
    .flatMap((r) => ["id", "ids"].filter((n) => declaredProperties(r).some((p) => p.name === n) && !r.config?.rows?.[n]).map((n) => `${r.method} ${r.url} ${n}`));
  expect(undeclared).toEqual([]);
  expect(routes.some((r) => Object.values(r.config?.rows ?? {}).some(isScope))).toBe(true);
});
