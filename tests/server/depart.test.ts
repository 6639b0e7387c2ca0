import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { sysDepart, sysDepartRole, sysDepartRoleUser, sysPermission, sysUser, sysUserDepart } from "../../server/db/schema.js";
import { highestCode, nextChildCode, nextSiblingCode } from "../../server/lib/code-rule.js";
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
const byName = async (name: string) => (await t.database.db.select().from(sysDepart).where(eq(sysDepart.departName, name)))[0];
const departCount = async () => Number((await t.database.db.select({ n: count() }).from(sysDepart))[0].n);

describe("org code rule (YouBianCodeUtil)", () => {
  it("adds one letter and two digits per level and increments siblings", () => {
    expect(nextChildCode("", null)).toBe("A01");
    expect(nextChildCode("A01", null)).toBe("A01A01");
    expect(nextSiblingCode("A01A03")).toBe("A01A04");
    expect(nextSiblingCode("A99")).toBe("B01");
    expect(nextSiblingCode("Z99")).toBe("Z99A01");
    expect(highestCode(["A01A09", "A01A10", "A01A02"])).toBe("A01A10");
    expect(highestCode(["Z99", "Z99A01"])).toBe("Z99A01");
  });
});

describe("department tree", () => {
  it("queryTreeList nests departments in order with key/value/title/isLeaf", async () => {
    const { result } = (await call("GET", "/sys/sysDepart/queryTreeList", admin)).body;
    expect(result.map((d: { orgCode: string }) => d.orgCode)).toEqual(["A01", "A02"]);
    expect(result[0]).toMatchObject({ title: "红色印记运营中心", key: result[0].id, value: result[0].id, isLeaf: false });
    expect(result[0].children.map((d: { orgCode: string }) => d.orgCode)).toEqual(["A01A01", "A01A02", "A01A03"]);
    expect(result[0].children[0]).toMatchObject({ isLeaf: true, children: null });
    const idTree = (await call("GET", "/sys/sysDepart/queryIdTree", admin)).body.result;
    expect(idTree[1]).toMatchObject({ title: "合作单位", children: [{ title: "红星实验学校" }] });
  });

  it("adds with generated org codes and levels: child of A01 → A01A04, new root → A03", async () => {
    const hq = await byName("红色印记运营中心");
    expect((await call("POST", "/sys/sysDepart/add", admin, { parentId: hq.id, departName: "宣传部", orgCategory: "2", orgCode: "HACK" })).body.message).toBe("添加成功！");
    expect(await byName("宣传部")).toMatchObject({ orgCode: "A01A04", orgType: "2", parentId: hq.id, createBy: "admin" });
    await call("POST", "/sys/sysDepart/add", admin, { departName: "新公司" });
    expect(await byName("新公司")).toMatchObject({ orgCode: "A03", orgType: "1", parentId: "" });
    const pr = await byName("宣传部");
    await call("POST", "/sys/sysDepart/add", admin, { parentId: pr.id, departName: "新媒体组", orgCategory: "3" });
    expect(await byName("新媒体组")).toMatchObject({ orgCode: "A01A04A01", orgType: "3" });
  });

  it("edits a department without touching its org code", async () => {
    const pr = await byName("宣传部");
    expect((await call("PUT", "/sys/sysDepart/edit", admin, { id: pr.id, departName: "宣传中心", orgCategory: "2", orgCode: "X" })).body.message).toBe("修改成功!");
    expect(await byName("宣传中心")).toMatchObject({ orgCode: "A01A04", updateBy: "admin" });
  });

  it("searchBy finds by name and answers 未查询匹配数据！ otherwise", async () => {
    expect((await call("GET", `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent("宣传")}`, admin)).body.result.map((d: { departName: string }) => d.departName)).toEqual(["宣传中心"]);
    expect((await call("GET", "/sys/sysDepart/searchBy?keyWord=nothing", admin)).body).toMatchObject({ success: false, message: "未查询匹配数据！" });
    expect((await call("GET", `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent("%")}`, admin)).body.success).toBe(false);
  });

  it("queryMyDeptTreeList gives a leader the subtree they lead (message 2), others nothing (message 1)", async () => {
    const mine = (await call("GET", "/sys/sysDepart/queryMyDeptTreeList", admin)).body;
    expect(mine.message).toBe("2");
    expect(mine.result[0].orgCode).toBe("A01");
    expect((await call("GET", "/sys/sysDepart/queryMyDeptTreeList", operator)).body).toMatchObject({ message: "1", result: null });
  });

  it("validates input and refuses without permission, changing nothing", async () => {
    const before = await departCount();
    expect((await call("POST", "/sys/sysDepart/add", admin, { departName: "" })).status).toBe(400);
    expect((await call("POST", "/sys/sysDepart/add", admin, { departName: "x", parentId: "missing" })).body.message).toBe("上级部门不存在");
    expect((await call("POST", "/sys/sysDepart/add", admin, { departName: "x", orgCategory: "9" })).status).toBe(400);
    expect((await call("POST", "/sys/sysDepart/add", operator, { departName: "x" })).status).toBe(403);
    const pr = await byName("宣传中心");
    expect((await call("DELETE", `/sys/sysDepart/delete?id=${pr.id}`, operator)).status).toBe(403);
    expect(await departCount()).toBe(before);
  });

  it("delete removes the subtree, user links and department roles", async () => {
    const pr = await byName("宣传中心");
    const group = await byName("新媒体组");
    const [lisi] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, "lisi"));
    await call("POST", "/sys/user/editSysDepartWithUser", admin, { depId: group.id, userIdList: [lisi.id] });
    await call("POST", "/sys/sysDepartRole/add", admin, { departId: group.id, roleName: "组长", roleCode: "leader" });
    const [role] = await t.database.db.select().from(sysDepartRole).where(eq(sysDepartRole.departId, group.id));
    await call("POST", "/sys/sysDepartRole/deptRoleUserAdd", admin, { userId: lisi.id, newRoleId: role.id, oldRoleId: "" });
    expect(await t.database.db.select().from(sysDepartRoleUser).where(eq(sysDepartRoleUser.droleId, role.id))).toHaveLength(1);
    expect((await call("DELETE", `/sys/sysDepart/delete?id=${pr.id}`, admin)).body.message).toBe("删除成功!");
    expect(await byName("新媒体组")).toBeUndefined();
    expect(await t.database.db.select().from(sysUserDepart).where(eq(sysUserDepart.depId, group.id))).toEqual([]);
    expect(await t.database.db.select().from(sysDepartRoleUser).where(eq(sysDepartRoleUser.droleId, role.id))).toEqual([]);
  });
});

describe("department permissions and department roles", () => {
  it("a department role can only get what its department may grant; its grants reach the member's permissions", async () => {
    const ops = await byName("活动运营部");
    const [users] = await t.database.db.select().from(sysPermission).where(eq(sysPermission.perms, "system:user:list"));
    const [menu] = await t.database.db.select().from(sysPermission).where(eq(sysPermission.component, "system/UserList"));
    expect((await call("POST", "/sys/permission/saveDepartPermission", admin, { departId: ops.id, permissionIds: `${menu.id},${users.id}`, lastpermissionIds: "" })).body.message).toBe("保存成功！");
    expect((await call("GET", `/sys/permission/queryDepartPermission?departId=${ops.id}`, admin)).body.result.sort()).toEqual([menu.id, users.id].sort());
    const tree = (await call("GET", `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${ops.id}`, admin)).body.result;
    expect(tree.ids.sort()).toEqual([menu.id, users.id].sort());

    await call("POST", "/sys/sysDepartRole/add", admin, { departId: ops.id, roleName: "运营查询", roleCode: "ops_query" });
    const list = (await call("GET", `/sys/sysDepartRole/list?deptId=${ops.id}`, admin)).body.result.records;
    const role = list.find((r: { roleCode: string }) => r.roleCode === "ops_query");
    const [other] = await t.database.db.select().from(sysPermission).where(eq(sysPermission.perms, "system:user:delete"));
    const tooMuch = await call("POST", "/sys/sysDepartPermission/saveDeptRolePermission", admin, { roleId: role.id, permissionIds: other.id, lastpermissionIds: "" });
    expect(tooMuch).toMatchObject({ status: 400, body: { message: "所选权限超出了部门可授予的范围" } });
    await call("POST", "/sys/sysDepartPermission/saveDeptRolePermission", admin, { roleId: role.id, permissionIds: `${menu.id},${users.id}`, lastpermissionIds: "" });
    expect((await call("GET", `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${role.id}`, admin)).body.result).toHaveLength(2);

    expect((await call("GET", "/sys/user/list", operator)).status).toBe(403);
    const [zhangsan] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, "zhangsan"));
    expect((await call("POST", "/sys/sysDepartRole/deptRoleUserAdd", admin, { userId: zhangsan.id, newRoleId: role.id, oldRoleId: "" })).body.success).toBe(true);
    expect((await call("GET", "/sys/user/list", operator)).status).toBe(200);
    const perms = (await call("GET", "/sys/permission/getUserPermissionByToken", operator)).body.result;
    expect(perms.auth.map((a: { action: string }) => a.action)).toContain("system:user:list");
  });
});
