/** Menu and button permissions of a user, shaped as `getUserPermissionByToken` answers (contract.md §7.1). */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuthEntry, MenuNode } from "../../../contract/index.js";
import type { Db } from "../../db/client.js";
import { formatDateTime } from "../../lib/dates.js";
import { sysPermission } from "../../db/schema.js";
import { CONSOLE_PAGES_FOR_FRAMES } from "../../db/seed/menus.js";
import { grantedPermissionIds } from "./session.repo.js";

type PermissionRow = typeof sysPermission.$inferSelect;

const HOME_NAME = "首页";

const isExternal = (url: string) => /^(https?:\/\/|\{\{)/.test(url);

/** Route name from the url: `/isystem/user` → `isystem-user`, `/online/cgformList/:code` → `online-cgformList-@code`. */
export function routeName(row: Pick<PermissionRow, "componentName" | "url">): string {
  if (row.componentName) return row.componentName;
  return (row.url ?? "").replace(/^\//, "").replaceAll("/", "-").replaceAll(":", "@");
}

/** The console path of a menu row: its url, or for an outside page the md5 of its url (as the menu sends it). */
export function menuPath(url: string | null): string {
  const value = url ?? "";
  return isExternal(value) ? createHash("md5").update(value).digest("hex") : value;
}

function toNode(row: PermissionRow, isTop: boolean): MenuNode {
  const url = row.url ?? "";
  const external = isExternal(url);
  const component = row.component ?? "";
  const node: MenuNode = {
    id: row.id,
    route: row.isRoute ? "1" : "0",
    path: menuPath(url),
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
  const consolePage = component === "layouts/IframePageView" && Object.hasOwn(CONSOLE_PAGES_FOR_FRAMES, url) ? CONSOLE_PAGES_FOR_FRAMES[url] : undefined;
  if (consolePage) node.meta.consoleComponent = consolePage;
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

/** The console paths of every live menu item (granted to anyone or not), absolute, without a trailing slash. */
export async function menuPaths(db: Db): Promise<string[]> {
  const rows = await db
    .select({ url: sysPermission.url })
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), inArray(sysPermission.menuType, [0, 1])));
  const paths = rows.map((r) => normalisePath(menuPath(r.url))).filter((p) => p !== "/");
  return [...new Set(paths)];
}

const normalisePath = (path: string) => {
  const absolute = path.startsWith("/") ? path : `/${path}`;
  return absolute.length > 1 ? absolute.replace(/\/+$/, "") : absolute;
};

/** Whether `pathname` is a menu item's path, or matches one with `:param` segments (`/online/cgreport/:code`). */
export function isMenuPath(paths: readonly string[], pathname: string): boolean {
  const wanted = normalisePath(pathname);
  const have = wanted.split("/").filter(Boolean);
  return paths.some((path) => {
    if (path === wanted) return true;
    if (!path.includes(":")) return false;
    const pattern = path.split("/").filter(Boolean);
    return pattern.length === have.length && pattern.every((segment, i) => segment.startsWith(":") || segment === have[i]);
  });
}

/**
 * The rows a user holds (`grantedPermissionIds`), plus the page route of every granted page with hidden children
 * (`alwaysShow`): its hidden child menu on the page's own path (server/db/seed/menus.ts `withPageRoute`). The
 * JeecgBoot Vue 2 client cannot open such a page without it (a redirect to itself), so it comes with the page
 * whatever was ticked for the role; it opens nothing the page does not.
 */
export async function grantedPermissions(db: Db, userId: string): Promise<PermissionRow[]> {
  const page = alias(sysPermission, "granted_page");
  const route = alias(sysPermission, "page_route");
  const pageRoutes = db
    .select({ id: route.id })
    .from(route)
    .innerJoin(page, eq(page.id, route.parentId))
    .where(
      and(
        inArray(page.id, grantedPermissionIds(db, userId)),
        eq(page.alwaysShow, true),
        eq(page.delFlag, 0),
        eq(route.menuType, 1),
        eq(route.hidden, true),
        eq(route.url, page.url),
      ),
    );
  return db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), or(inArray(sysPermission.id, grantedPermissionIds(db, userId)), inArray(sysPermission.id, pageRoutes))))
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

/** A permission row as the management pages show it (contract.md §7.2 entity names). */
export function toPermissionJson(r: PermissionRow) {
  return {
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    perms: r.perms,
    permsType: r.permsType,
    icon: r.icon,
    component: r.component,
    componentName: r.componentName,
    url: r.url,
    redirect: r.redirect,
    sortNo: r.sortNo,
    menuType: r.menuType,
    leaf: r.isLeaf,
    route: r.isRoute,
    keepAlive: r.keepAlive,
    description: r.description,
    createBy: r.createBy,
    delFlag: r.delFlag,
    ruleFlag: r.ruleFlag,
    hidden: r.hidden,
    hideTab: r.hideTab,
    createTime: formatDateTime(r.createTime),
    updateBy: r.updateBy,
    updateTime: formatDateTime(r.updateTime),
    status: r.status,
    alwaysShow: r.alwaysShow,
    internalOrExternal: r.internalOrExternal,
  };
}

export type PermissionJson = ReturnType<typeof toPermissionJson>;

/** Every permission row that is not deleted, in sort order. */
export function livePermissions(db: Db): Promise<PermissionRow[]> {
  return db.select().from(sysPermission).where(eq(sysPermission.delFlag, 0)).orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
}

/** Groups rows by parent and builds nodes top-down; rows whose parent is missing are treated as roots. */
function nest<N extends { children?: N[] }>(rows: PermissionRow[], node: (r: PermissionRow) => N, leaf: (n: N) => void): N[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string, PermissionRow[]>();
  for (const r of rows) {
    const key = r.parentId && ids.has(r.parentId) ? r.parentId : "";
    const list = byParent.get(key);
    if (list) list.push(r);
    else byParent.set(key, [r]);
  }
  const build = (r: PermissionRow): N => {
    const n = node(r);
    const kids = byParent.get(r.id);
    if (kids?.length) n.children = kids.map(build);
    else leaf(n);
    return n;
  };
  return (byParent.get("") ?? []).map(build);
}

/** `GET /sys/permission/list`: SysPermissionTree nodes (entity fields + key, title, isLeaf, children). */
export function permissionListTree(rows: PermissionRow[]) {
  type Node = PermissionJson & { key: string; title: string | null; isLeaf: boolean; children?: Node[] };
  return nest<Node>(
    rows,
    (r) => ({ ...toPermissionJson(r), key: r.id, title: r.name, isLeaf: false }),
    (n) => {
      n.isLeaf = true;
      n.leaf = true;
    },
  );
}

export interface TreeModel {
  key: string;
  title: string;
  slotTitle: string;
  value: string;
  label: string;
  isLeaf: boolean;
  icon: string | null;
  parentId: string | null;
  ruleFlag: number;
  scopedSlots: { title: string };
  children?: TreeModel[];
}

/** `{treeList, ids}` of the given rows (role / department authorisation drawers). */
export function treeModel(rows: PermissionRow[]): { treeList: TreeModel[]; ids: string[] } {
  const treeList = nest<TreeModel>(
    rows,
    (r) => ({
      key: r.id,
      title: r.name ?? "",
      slotTitle: r.name ?? "",
      value: r.id,
      label: r.name ?? "",
      isLeaf: false,
      icon: r.icon,
      parentId: r.parentId,
      ruleFlag: r.ruleFlag,
      scopedSlots: { title: "hasDatarule" },
    }),
    (n) => {
      n.isLeaf = true;
    },
  );
  return { treeList, ids: rows.map((r) => r.id) };
}

export async function permissionTree(db: Db) {
  return treeModel(await livePermissions(db));
}
