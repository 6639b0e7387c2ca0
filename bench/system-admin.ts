/**
 * Issue-4 benchmark (figures go to docs/performance.md): the role permission tree, the user list over
 * 100 000 users (unfiltered, fuzzy, and under a department data rule) and saving a role with 300
 * permissions, in process through `app.inject` on PGlite (no HTTP or loopback costs).
 *
 *   npx tsx bench/system-admin.ts            (BENCH_USERS, BENCH_ROUNDS to change the size)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { buildApp } from "../server/app.js";
import { loadConfig } from "../server/config.js";
import { createContext } from "../server/context.js";
import { openPglite } from "../server/db/client.js";
import { sysPermission, sysRole } from "../server/db/schema.js";
import { seed } from "../server/db/seed/index.js";

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const PASSWORD = "Bench@12345";
const API = "/jeecg-boot";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-bench4-"));
const database = await openPglite(null);
const db = database.db;
await seed(db, { adminPassword: PASSWORD });
let started = Date.now();
await db.execute(sql`
  insert into sys_user (id, username, realname, password, sex, status, del_flag, phone, work_no, org_code, create_by, create_time)
  select 'bench' || lpad(g::text, 27, '0'), 'bench_user_' || g,
         (array['张','王','李','赵','陈','刘','杨','黄','周','吴'])[1 + g % 10] || (array['伟','芳','娜','敏','静','磊','洋','艳','勇','军'])[1 + (g / 10) % 10],
         'x', 1 + g % 2, 1, 0, '139' || lpad(g::text, 8, '0'), 'W' || g, 'A01A0' || (1 + g % 3), 'bench', now() - make_interval(mins => g)
  from generate_series(1, ${USERS}::int) g`);
await db.execute(sql`
  insert into sys_user_depart (id, user_id, dep_id)
  select 'bud' || lpad(g::text, 29, '0'), 'bench' || lpad(g::text, 27, '0'), (select id from sys_depart where org_code = 'A01A0' || (1 + g % 3))
  from generate_series(1, ${USERS}::int) g`);
await db.execute(sql`vacuum analyze`);
console.log(`populated ${USERS} users in ${Date.now() - started} ms`);

const config = loadConfig({ DATA_DIR: dataDir, LOGIN_CAPTCHA: "false", ADMIN_PASSWORD: PASSWORD, LOGIN_RATE_LIMIT: "1000000", STATIC_DIR: path.join(dataDir, "dist") });
const ctx = await createContext(config, db);
const app = await buildApp(ctx);
await app.ready();

const login = async (username: string, password: string) => (await app.inject({ method: "POST", url: `${API}/sys/login`, payload: { username, password } })).json().result.token as string;
const admin = await login("admin", PASSWORD);
const call = async (token: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
  const res = await app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  if (res.statusCode !== 200 || res.json().success === false) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.json();
};

// A viewer restricted to one department by a data rule (the e2e journey's role).
const [menu] = await db.select().from(sysPermission).where(eq(sysPermission.component, "system/UserList"));
const [listButton] = await db.select().from(sysPermission).where(eq(sysPermission.perms, "system:user:list"));
await call(admin, "POST", "/sys/role/add", { roleName: "查看员", roleCode: "viewer" });
const [viewerRole] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "viewer"));
await call(admin, "POST", "/sys/permission/saveRolePermission", { roleId: viewerRole.id, permissionIds: `${menu.id},${listButton.id}`, lastpermissionIds: "" });
await call(admin, "POST", "/sys/permission/addPermissionRule", { permissionId: menu.id, ruleName: "部门", ruleColumn: "orgCode", ruleConditions: "=", ruleValue: "A01A01" });
const [rule] = (await call(admin, "GET", `/sys/permission/getPermRuleListByPermId?permissionId=${menu.id}`)).result;
await call(admin, "POST", "/sys/role/datarule", { permissionId: menu.id, roleId: viewerRole.id, dataRuleIds: rule.id });
const depart = (await call(admin, "GET", "/sys/sysDepart/queryTreeList")).result[0].children[0].id;
await call(admin, "POST", "/sys/user/add", { username: "viewer", realname: "查看员", password: PASSWORD, selectedroles: viewerRole.id, selecteddeparts: depart });
const viewer = await login("viewer", PASSWORD);

// 300 permission ids for the save scenario.
const [{ n: menuRows }] = await db.select({ n: count() }).from(sysPermission);
const ids = (await db.select({ id: sysPermission.id }).from(sysPermission).limit(300)).map((r) => r.id);
await call(admin, "POST", "/sys/role/add", { roleName: "大角色", roleCode: "big" });
const [bigRole] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "big"));

async function measure(name: string, run: (i: number) => Promise<unknown>) {
  await run(-1);
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(`| ${name} | ${at(0.5)} | ${at(0.95)} | ${times[times.length - 1].toFixed(1)} |`);
}

console.log(`\n${USERS} users, ${menuRows} sys_permission rows, ${ROUNDS} rounds each (ms)\n`);
console.log("| scenario | p50 | p95 | max |\n| --- | --- | --- | --- |");
await measure("GET /sys/role/queryTreeList (whole permission tree)", () => call(admin, "GET", "/sys/role/queryTreeList"));
await measure("GET /sys/permission/list (menu management tree)", () => call(admin, "GET", "/sys/permission/list"));
await measure("GET /sys/permission/queryRolePermission (admin role)", async () => call(admin, "GET", `/sys/permission/queryRolePermission?roleId=${(await db.select().from(sysRole).where(eq(sysRole.roleCode, "admin")))[0].id}`));
await measure("GET /sys/user/list, page 1 of 10", () => call(admin, "GET", "/sys/user/list?pageNo=1&pageSize=10"));
await measure("GET /sys/user/list, page 500", () => call(admin, "GET", "/sys/user/list?pageNo=500&pageSize=10"));
await measure("GET /sys/user/list?realname=*张伟*", () => call(admin, "GET", `/sys/user/list?realname=${encodeURIComponent("*张伟*")}`));
await measure("GET /sys/user/list under a department data rule (~33 000 rows visible)", () => call(viewer, "GET", "/sys/user/list?pageNo=1&pageSize=10"));
await measure("POST saveRolePermission: grant 300, then revoke 300 (alternating)", (i) =>
  call(admin, "POST", "/sys/permission/saveRolePermission", i % 2
    ? { roleId: bigRole.id, permissionIds: "", lastpermissionIds: ids.join(",") }
    : { roleId: bigRole.id, permissionIds: ids.join(","), lastpermissionIds: "" }),
);
await call(admin, "POST", "/sys/permission/saveRolePermission", { roleId: bigRole.id, permissionIds: ids.slice(10).join(","), lastpermissionIds: "" });
await measure("POST saveRolePermission: 300 sent, 290 kept, 10 swapped", (i) =>
  call(admin, "POST", "/sys/permission/saveRolePermission", {
    roleId: bigRole.id,
    permissionIds: (i % 2 ? ids.slice(0, 290) : ids.slice(10)).join(","),
    lastpermissionIds: (i % 2 ? ids.slice(10) : ids.slice(0, 290)).join(","),
  }),
);
await app.close();
await ctx.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
