/** The seeded menus never put the session token into a URL of a page this server does not serve. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { seed } from "../../server/db/seed/index.js";
import { sysPermission, sysRole, sysRolePermission, sysSeedStep } from "../../server/db/schema.js";
import { uuid32, nextId } from "../../server/lib/ids.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("seeded menus and the session token", () => {
  it("seeds no menu item whose URL carries the token, and admin's menu has none", async () => {
    const rows = await t.database.db.select().from(sysPermission).where(like(sysPermission.url, "%token=%"));
    expect(rows).toEqual([]);
    const token = await t.login();
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/permission/getUserPermissionByToken`, headers: { "x-access-token": token } });
    expect(res.json().success).toBe(true);
    expect(JSON.stringify(res.json().result.menu)).not.toMatch(/token=/);
  });

  it("removes such items, with their grants, from a database seeded by an earlier version", async () => {
    const db = t.database.db;
    const id = uuid32();
    await db.insert(sysPermission).values({
      id,
      name: "积木报表设计",
      url: "{{ window._CONFIG['domianURL'] }}/jmreport/list?token=${token}",
      component: "layouts/IframePageView",
      menuType: 1,
      isLeaf: true,
      internalOrExternal: true,
    });
    const [admin] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "admin"));
    await db.insert(sysRolePermission).values({ id: nextId(), roleId: admin.id, permissionId: id });
    await db.delete(sysSeedStep).where(eq(sysSeedStep.step, "menus-without-token-urls-v1"));

    await seed(db, { adminPassword: null });

    expect(await db.select().from(sysPermission).where(eq(sysPermission.id, id))).toEqual([]);
    expect(await db.select().from(sysRolePermission).where(eq(sysRolePermission.permissionId, id))).toEqual([]);
  });
});
