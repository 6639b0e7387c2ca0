/** Menu and button permissions of a user, shaped as `getUserPermissionByToken` answers (contract.md §7.1). */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { AuthEntry, MenuNode } from "../../../contract/index.js";
import type { Db } from "../../db/client.js";
import { sysPermission, sysRolePermission, sysUserRole } from "../../db/schema.js";

type PermissionRow = typeof sysPermission.$inferSelect;

const HOME_NAME = "首页";

const isExternal = (url: string) => /^(https?:\/\/|\{\{)/.test(url);

/** Route name from the url: `/isystem/user` → `isystem-user`, `/online/cgformList/:code` → `online-cgformList-@code`. */
export function routeName(row: Pick<PermissionRow, "componentName" | "url">): string {
  if (row.componentName) return row.componentName;
  return (row.url ?? "").replace(/^\//, "").replaceAll("/", "-").replaceAll(":", "@");
}

function toNode(row: PermissionRow, isTop: boolean): MenuNode {
  const url = row.url ?? "";
  const external = isExternal(url);
  const component = row.component ?? "";
  const node: MenuNode = {
    id: row.id,
    route: row.isRoute ? "1" : "0",
    path: external ? createHash("md5").update(url).digest("hex") : url,
    name: routeName(row),
    component,
    meta: {
      keepAlive: row.keepAlive,
      internalOrExternal: row.internalOrExternal,
      title: row.name ?? "",
      componentName: row.componentName || component.split("/").pop() || "",
    },
  };
  if (isTop) node.redirect = row.redirect;
  if (row.hidden) {
    node.hidden = true;
    node.meta.hideMenu = true;
  }
  if (row.alwaysShow) node.alwaysShow = true;
  if (row.hideTab) node.meta.hideTab = true;
  if (row.icon) node.meta.icon = row.icon;
  if (external) node.meta.url = url;
  return node;
}

/** Builds the route tree from rows already sorted by sort_no; orphans (parent not granted) are dropped. */
export function buildMenuTree(rows: PermissionRow[]): MenuNode[] {
  const menus = rows.filter((r) => r.menuType === 0 || r.menuType === 1);
  const byParent = new Map<string, PermissionRow[]>();
  for (const r of menus) {
    const key = r.parentId ?? "";
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const build = (row: PermissionRow, isTop: boolean): MenuNode => {
    const node = toNode(row, isTop);
    const children = (byParent.get(row.id) ?? []).map((c) => build(c, false));
    if (children.length) node.children = children;
    return node;
  };
  const tree = menus.filter((r) => !r.parentId).map((r) => build(r, true));
  for (const top of tree) {
    if (top.children?.length && top.children.every((c) => c.hidden)) {
      top.hidden = true;
      top.meta.hideMenu = true;
    }
  }
  return tree;
}

export async function grantedPermissions(db: Db, userId: string): Promise<PermissionRow[]> {
  const roleIds = db.select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId));
  const permissionIds = db
    .select({ id: sysRolePermission.permissionId })
    .from(sysRolePermission)
    .where(inArray(sysRolePermission.roleId, roleIds));
  return db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), inArray(sysPermission.id, permissionIds)))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
}

/** Every button/permission row, as `allAuth` lists them. */
export async function allButtons(db: Db): Promise<PermissionRow[]> {
  return db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), eq(sysPermission.menuType, 2)))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
}

/** The home menu row: JeecgBoot puts 首页 first even when no role grants it. */
export async function homeRow(db: Db): Promise<PermissionRow | undefined> {
  const [row] = await db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), eq(sysPermission.name, HOME_NAME), eq(sysPermission.menuType, 0)));
  return row;
}

export async function userPermissions(db: Db, userId: string) {
  const [granted, buttons] = await Promise.all([grantedPermissions(db, userId), allButtons(db)]);
  if (!granted.some((r) => r.name === HOME_NAME && r.menuType === 0)) {
    const home = await homeRow(db);
    if (home) granted.unshift(home);
  }
  const auth: AuthEntry[] = granted
    .filter((r) => r.menuType === 2 && r.status === "1" && r.perms)
    .map((r) => ({ action: r.perms!, type: r.permsType ?? "1", describe: r.name ?? "" }));
  const allAuth: AuthEntry[] = buttons
    .filter((r) => r.perms)
    .map((r) => ({ action: r.perms!, type: r.permsType ?? "1", describe: r.name ?? "", status: r.status ?? "1" }));
  return { menu: buildMenuTree(granted), auth, allAuth, sysSafeMode: false };
}
