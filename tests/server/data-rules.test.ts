import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sysDepart, sysPermission, sysRole } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let ids: { menu: string; list: string; role: string; ops: string };

const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  return { status: res.statusCode, body: res.json() };
};
const names = (body: { result: { records: Array<{ username: string }> } }) => body.result.records.map((r) => r.username).sort();

/** A role that may only list users, with the given data rules on 用户管理, and a user holding it. */
async function restrictedUser(username: string, rules: Array<{ ruleColumn: string; ruleConditions: string; ruleValue: string }>) {
  const roleCode = `r_${username}`;
  await call("POST", "/sys/role/add", admin, { roleName: roleCode, roleCode });
  const [role] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, roleCode));
  await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: `${ids.menu},${ids.list}`, lastpermissionIds: "" });
  const ruleIds: string[] = [];
  for (const [i, r] of rules.entries()) {
    await call("POST", "/sys/permission/addPermissionRule", admin, { permissionId: ids.menu, ruleName: `${username}-${i}`, ...r });
    const all = (await call("GET", `/sys/permission/getPermRuleListByPermId?permissionId=${ids.menu}`, admin)).body.result;
    ruleIds.push(all.find((x: { ruleName: string }) => x.ruleName === `${username}-${i}`).id);
  }
  await call("POST", "/sys/role/datarule", admin, { permissionId: ids.menu, roleId: role.id, dataRuleIds: ruleIds.join(",") });
  await call("POST", "/sys/user/add", admin, { username, realname: username, password: "Rule@12345", selectedroles: role.id, selecteddeparts: ids.ops });
  return t.login(username, "Rule@12345");
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const db = t.database.db;
  const [menu] = await db.select().from(sysPermission).where(eq(sysPermission.component, "system/UserList"));
  const [list] = await db.select().from(sysPermission).where(eq(sysPermission.perms, "system:user:list"));
  const [ops] = await db.select().from(sysDepart).where(eq(sysDepart.orgCode, "A01A01"));
  ids = { menu: menu.id, list: list.id, role: "", ops: ops.id };
});
afterAll(() => t.close());

describe("data rules in list queries", () => {
  it("a department rule with #{sys_org_code} limits rows and totals to the user's department", async () => {
    const token = await restrictedUser("ops_viewer", [{ ruleColumn: "orgCode", ruleConditions: "=", ruleValue: "#{sys_org_code}" }]);
    const { body } = await call("GET", "/sys/user/list?pageSize=100", token);
    expect(names(body)).toEqual(["ops_viewer", "wangfang", "zhangsan"]);
    expect(body.result.total).toBe(3);
    const filtered = (await call("GET", "/sys/user/list?username=*li*", token)).body;
    expect(filtered.result.total).toBe(0);
    expect((await call("GET", "/sys/user/list?pageSize=100", admin)).body.result.total).toBeGreaterThan(3);
  });

  it("field conditions combine with AND (JeecgBoot) and use the list's allow-list names or SQL names", async () => {
    const token = await restrictedUser("women_ops", [
      { ruleColumn: "org_code", ruleConditions: "RIGHT_LIKE", ruleValue: "A01A0" },
      { ruleColumn: "sex", ruleConditions: "IN", ruleValue: "2" },
    ]);
    expect(names((await call("GET", "/sys/user/list?pageSize=100", token)).body)).toEqual(["wangfang"]);
  });

  it("fails closed: a rule on an unknown column or an empty placeholder shows nothing", async () => {
    const unknown = await restrictedUser("bad_rule", [{ ruleColumn: "password", ruleConditions: "=", ruleValue: "x" }]);
    expect((await call("GET", "/sys/user/list", unknown)).body.result).toMatchObject({ total: 0, records: [] });
    const empty = await restrictedUser("no_name", [{ ruleColumn: "realname", ruleConditions: "=", ruleValue: "#{tenant_id}" }]);
    expect((await call("GET", "/sys/user/list", empty)).body.result.total).toBe(0);
  });

  it("values are bound: an injection payload in a rule value matches nothing and leaks nothing", async () => {
    const token = await restrictedUser("inject_rule", [{ ruleColumn: "username", ruleConditions: "=", ruleValue: "x' or '1'='1" }]);
    const { status, body } = await call("GET", "/sys/user/list", token);
    expect(status).toBe(200);
    expect(body.result.total).toBe(0);
  });

  it("a rule change takes effect on the next request", async () => {
    const token = await restrictedUser("changing", [{ ruleColumn: "username", ruleConditions: "=", ruleValue: "changing" }]);
    expect(names((await call("GET", "/sys/user/list", token)).body)).toEqual(["changing"]);
    const rule = (await call("GET", `/sys/permission/getPermRuleListByPermId?permissionId=${ids.menu}`, admin)).body.result.find((r: { ruleName: string }) => r.ruleName === "changing-0");
    await call("PUT", "/sys/permission/editPermissionRule", admin, { ...rule, ruleValue: "lisi" });
    expect(names((await call("GET", "/sys/user/list", token)).body)).toEqual(["lisi"]);
    await call("PUT", "/sys/permission/editPermissionRule", admin, { ...rule, ruleValue: "lisi", status: "0" });
    expect((await call("GET", "/sys/user/list", token)).body.result.total).toBeGreaterThan(5);
  });
});
