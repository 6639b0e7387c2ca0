import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { sysPermission, sysRole, sysRolePermission } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operator = await t.login("zhangsan", "Operator@1");
});
afterAll(() => t.close());

const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  return { status: res.statusCode, body: res.json() };
};
const roleCount = async () => Number((await t.database.db.select({ n: count() }).from(sysRole))[0].n);
const roleByCode = async (code: string) => (await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, code)))[0];
const grants = async (roleId: string) =>
  (await t.database.db.select({ id: sysRolePermission.permissionId }).from(sysRolePermission).where(eq(sysRolePermission.roleId, roleId))).map((r) => r.id).sort();

describe("role CRUD", () => {
  it("adds, lists, edits and deletes a role with JeecgBoot messages", async () => {
    expect((await call("POST", "/sys/role/add", admin, { roleName: "访客", roleCode: "guest", description: "只读" })).body.message).toBe("添加成功！");
    const role = await roleByCode("guest");
    expect(role.createBy).toBe("admin");
    const list = (await call("GET", "/sys/role/list?roleName=*访*", admin)).body.result;
    expect(list.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(["guest"]);
    expect((await call("PUT", "/sys/role/edit", admin, { id: role.id, roleName: "访客2", roleCode: "guest" })).body.message).toBe("修改成功!");
    expect((await roleByCode("guest")).roleName).toBe("访客2");
    expect((await call("GET", "/sys/role/queryall", admin)).body.result.length).toBe(4);
    expect((await call("DELETE", `/sys/role/delete?id=${role.id}`, admin)).body.message).toBe("删除角色成功");
    expect(await roleByCode("guest")).toBeUndefined();
  });

  it("refuses a duplicate role code (checkRoleCode too) and changes nothing", async () => {
    const before = await roleCount();
    expect((await call("POST", "/sys/role/add", admin, { roleName: "x", roleCode: "operator" })).body).toMatchObject({ success: false, message: "角色编码已存在" });
    expect((await call("GET", "/sys/role/checkRoleCode?roleCode=operator", admin)).body).toMatchObject({ success: false, message: "角色编码已存在" });
    expect((await call("GET", "/sys/role/checkRoleCode?roleCode=fresh", admin)).body.success).toBe(true);
    expect(await roleCount()).toBe(before);
  });

  it("validates input with 400 and refuses the admin role's deletion", async () => {
    expect((await call("POST", "/sys/role/add", admin, { roleName: "", roleCode: "x" })).status).toBe(400);
    expect((await call("POST", "/sys/role/add", admin, { roleName: "x", roleCode: "bad code;drop" })).status).toBe(400);
    const adminRole = await roleByCode("admin");
    expect((await call("DELETE", `/sys/role/deleteBatch?ids=${adminRole.id},`, admin)).body.message).toBe("管理员角色（admin）不能删除");
    expect((await call("DELETE", "/sys/role/deleteBatch?ids=", admin)).body.message).toBe("未选中角色！");
    expect(await roleByCode("admin")).toBeDefined();
  });

  it("refuses every role action to a user without the codes", async () => {
    const before = await roleCount();
    expect((await call("GET", "/sys/role/list", operator)).status).toBe(403);
    expect((await call("POST", "/sys/role/add", operator, { roleName: "x", roleCode: "x" })).status).toBe(403);
    expect((await call("POST", "/sys/permission/saveRolePermission", operator, { roleId: "x", permissionIds: "" })).status).toBe(403);
    expect(await roleCount()).toBe(before);
  });
});

describe("role authorisation", () => {
  it("queryTreeList answers {treeList, ids} of TreeModel nodes", async () => {
    const { result } = (await call("GET", "/sys/role/queryTreeList", admin)).body;
    const total = Number((await t.database.db.select({ n: count() }).from(sysPermission))[0].n);
    expect(result.ids).toHaveLength(total);
    const system = result.treeList.find((n: { title: string }) => n.title === "系统管理");
    expect(system).toMatchObject({ key: system.value, slotTitle: "系统管理", label: "系统管理", isLeaf: false, parentId: null });
    expect(system.children.length).toBeGreaterThan(5);
  });

  it("saveRolePermission applies the lastpermissionIds diff and queryRolePermission reads it back", async () => {
    await call("POST", "/sys/role/add", admin, { roleName: "授权测试", roleCode: "grant_test" });
    const role = await roleByCode("grant_test");
    const ids = (await t.database.db.select({ id: sysPermission.id }).from(sysPermission).limit(5)).map((r) => r.id);
    const save = (permissionIds: string[], last: string[]) =>
      call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: permissionIds.join(","), lastpermissionIds: last.join(",") });
    expect((await save(ids.slice(0, 3), [])).body.message).toBe("保存成功！");
    expect(await grants(role.id)).toEqual(ids.slice(0, 3).sort());
    await save([ids[1], ids[2], ids[3], ids[4]], ids.slice(0, 3));
    expect(await grants(role.id)).toEqual([ids[1], ids[2], ids[3], ids[4]].sort());
    expect((await call("GET", `/sys/permission/queryRolePermission?roleId=${role.id}`, admin)).body.result.sort()).toEqual([ids[1], ids[2], ids[3], ids[4]].sort());
  });

  it("refuses unknown permission ids or role, changing nothing", async () => {
    const role = await roleByCode("grant_test");
    const before = await grants(role.id);
    const { status, body } = await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: "nope1,nope2", lastpermissionIds: before.join(",") });
    expect(status).toBe(400);
    expect(body.message).toBe("所选权限不存在");
    expect(await grants(role.id)).toEqual(before);
    expect((await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: "missing", permissionIds: "" })).body.message).toBe("授权失败！角色不存在");
  });

  it("grants a menu's data rules to a role (datarule GET/POST)", async () => {
    const role = await roleByCode("grant_test");
    const [menu] = await t.database.db.select().from(sysPermission).where(eq(sysPermission.component, "system/UserList"));
    expect((await call("GET", `/sys/role/datarule/${menu.id}/${role.id}`, admin)).body.message).toBe("未找到权限配置信息");
    await call("POST", "/sys/permission/addPermissionRule", admin, { permissionId: menu.id, ruleName: "本部门", ruleColumn: "orgCode", ruleConditions: "=", ruleValue: "#{sys_org_code}" });
    const [rule] = (await call("GET", `/sys/permission/getPermRuleListByPermId?permissionId=${menu.id}`, admin)).body.result;
    expect((await call("POST", "/sys/role/datarule", admin, { permissionId: menu.id, roleId: role.id, dataRuleIds: rule.id })).body.message).toBe("请先保存角色菜单权限!");
    await call("POST", "/sys/permission/saveRolePermission", admin, { roleId: role.id, permissionIds: menu.id, lastpermissionIds: "" });
    expect((await call("POST", "/sys/role/datarule", admin, { permissionId: menu.id, roleId: role.id, dataRuleIds: `${rule.id},` })).body.message).toBe("保存成功!");
    expect((await call("GET", `/sys/role/datarule/${menu.id}/${role.id}`, admin)).body.result).toMatchObject({ drChecked: rule.id, datarule: [{ id: rule.id, ruleColumn: "orgCode" }] });
    const [row] = await t.database.db
      .select()
      .from(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, role.id), eq(sysRolePermission.permissionId, menu.id)));
    expect(row.dataRuleIds).toBe(rule.id);
    expect((await call("POST", "/sys/role/datarule", admin, { permissionId: menu.id, roleId: role.id, dataRuleIds: "not-a-rule" })).body.message).toBe("所选数据规则不属于该菜单");
  });
});
