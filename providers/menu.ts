/**
 * The server menu (contract §7.1) turned, once, into what the console needs: the routes to register,
 * the side-menu items, and for any location the menu key to select and the breadcrumb trail
 * (spec §2.2, §2.3). Pure functions, no React.
 */
import type { MenuNode } from "../contract";

export const EMPTY_MENU_ERROR = "getPermissionList: permissions must be a non-null array !";

export interface Crumb {
  title: string;
  path: string;
}

export interface NavRoute {
  path: string;
  name: string;
  title: string;
  component: string;
  /** A JeecgBoot layout (`layouts/…`) that has child routes: it only redirects to `redirect`. */
  redirect?: string;
  /** `meta.url` after `{{ }}` evaluation, kept only when it is a valid URL. */
  url?: string;
  internalOrExternal: boolean;
  keepAlive: boolean;
  /** The side-menu key selected while this route is open (a hidden route selects its parent). */
  menuKey: string;
  /** Ancestors from the top of the menu, not including the route itself. */
  trail: Crumb[];
}

export interface NavMenuItem {
  key: string;
  title: string;
  icon?: string;
  children?: NavMenuItem[];
  /** Rendered as a plain link instead of a route change. */
  link?: { href: string; target: string };
}

export interface Navigation {
  routes: NavRoute[];
  menu: NavMenuItem[];
  /**
   * Menu items that are not routes themselves (route flag '0') but open a concrete path a parameterised
   * route renders, e.g. 统计报表 › Online报表示例 `/online/cgreport/6c7f…` rendered by 在线开发 › AUTO在线报表
   * `/online/cgreport/:code`. Their own title, trail and menu key win for that path (tab, breadcrumb,
   * window title, selected menu item).
   */
  entries: NavRoute[];
}

export interface NavigationOptions {
  /** Globals visible to `{{ }}` placeholders, e.g. `{ _CONFIG: { domianURL } }`. */
  globals: Record<string, unknown>;
}

export function isLayoutComponent(component: string | undefined): boolean {
  return (component ?? "").includes("layouts");
}

export function isValidUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const ACCESSOR = /\.([A-Za-z_$][\w$]*)|\[\s*'([^']*)'\s*\]|\[\s*"([^"]*)"\s*\]/y;

/**
 * Resolves a property path such as `window._CONFIG['domianURL']` against `globals`. Anything that is
 * not a plain path of own properties resolves to undefined: nothing is ever evaluated as code.
 */
export function resolveExpression(expression: string, globals: Record<string, unknown>): string | undefined {
  const head = /^(?:window\.)?([A-Za-z_$][\w$]*)/.exec(expression.trim());
  if (!head) return undefined;
  const rest = expression.trim().slice(head[0].length);
  const keys = [head[1]];
  ACCESSOR.lastIndex = 0;
  while (ACCESSOR.lastIndex < rest.length) {
    const match = ACCESSOR.exec(rest);
    if (!match) return undefined;
    keys.push(match[1] ?? match[2] ?? match[3]);
  }
  let value: unknown = globals;
  for (const key of keys) {
    if (typeof value !== "object" || value === null || !Object.prototype.hasOwnProperty.call(value, key)) {
      return undefined;
    }
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

/** Replaces `{{ expr }}` placeholders; the result is kept only if it is a valid URL. */
export function evaluateMenuUrl(url: string | undefined, globals: Record<string, unknown>): string | undefined {
  if (!url) return undefined;
  const evaluated = url.replace(/{{([^}]+)}}/g, (_, expression: string) => resolveExpression(expression, globals) ?? "");
  return isValidUrl(evaluated) ? evaluated : undefined;
}

interface Normalized {
  node: MenuNode;
  hidden: boolean;
  url?: string;
  children: Normalized[];
}

/** External menu entries carry an MD5 hash as their path; every path is made absolute. */
function absolutePath(path: string | undefined): string {
  if (!path) return "";
  return path.startsWith("/") ? path : `/${path}`;
}

function normalize(source: MenuNode, globals: Record<string, unknown>): Normalized {
  const node = { ...source, path: absolutePath(source.path) };
  const children = (node.children ?? []).map((child) => normalize(child, globals));
  // alwaysShow asks for the item even though its children stay out of the menu.
  const allChildrenHidden = !node.alwaysShow && children.length > 0 && children.every((child) => child.hidden);
  return {
    node,
    hidden: Boolean(node.hidden) || allChildrenHidden,
    url: evaluateMenuUrl(node.meta?.url, globals),
    children,
  };
}

function firstRoutablePath(items: Normalized[]): string | undefined {
  const candidates = [...items.filter((item) => !item.hidden), ...items.filter((item) => item.hidden)];
  for (const item of candidates) {
    if (item.node.route === "0") continue;
    if (isLayoutComponent(item.node.component) && item.children.length > 0) {
      const nested = firstRoutablePath(item.children);
      if (nested) return nested;
      continue;
    }
    return item.node.path;
  }
  return undefined;
}

function collectRoutes(
  items: Normalized[],
  trail: Crumb[],
  parent: { menuKey: string; hidesChildren: boolean } | undefined,
  seen: Set<string>,
  routes: NavRoute[],
  entries: NavRoute[],
) {
  for (const item of items) {
    const { node } = item;
    const notInMenu = item.hidden || Boolean(parent?.hidesChildren);
    const menuKey = notInMenu && parent ? parent.menuKey : node.path;
    const crumb = { title: node.meta?.title ?? node.name, path: node.path };
    if (node.route !== "0" && node.path && !seen.has(node.path)) {
      seen.add(node.path);
      const isContainer = isLayoutComponent(node.component) && item.children.length > 0;
      routes.push({
        path: node.path,
        name: node.name,
        title: crumb.title,
        // Our server names its own page for an iframe item it also serves as a frame (SQL监控's `…/druid/`).
        component: node.meta?.consoleComponent || node.component,
        redirect: isContainer ? (node.redirect ?? firstRoutablePath(item.children)) || undefined : undefined,
        url: item.url,
        internalOrExternal: Boolean(node.meta?.internalOrExternal),
        keepAlive: Boolean(node.meta?.keepAlive),
        menuKey,
        trail,
      });
    } else if (node.route === "0" && node.path && !node.path.includes(":") && !isLayoutComponent(node.component) && !item.url) {
      entries.push({
        path: node.path,
        name: node.name,
        title: crumb.title,
        component: node.component,
        internalOrExternal: Boolean(node.meta?.internalOrExternal),
        keepAlive: Boolean(node.meta?.keepAlive),
        menuKey,
        trail,
      });
    }
    // Children of an alwaysShow item are not in the menu, so, like hidden ones, they select their parent.
    const hidesChildren = Boolean(node.alwaysShow) || notInMenu;
    collectRoutes(item.children, [...trail, crumb], { menuKey, hidesChildren }, seen, routes, entries);
  }
}

function toMenuItem(item: Normalized): NavMenuItem | undefined {
  if (item.hidden) return undefined;
  const { node } = item;
  const base = { key: node.path, title: node.meta?.title ?? node.name, icon: node.meta?.icon || undefined };
  if (item.children.length > 0 && !node.alwaysShow) {
    return { ...base, children: item.children.map(toMenuItem).filter((child) => child !== undefined) };
  }
  if (node.meta?.internalOrExternal && item.url) {
    return { ...base, link: { href: item.url, target: "_blank" } };
  }
  if (node.meta?.target) {
    return { ...base, link: { href: item.url ?? node.path, target: node.meta.target } };
  }
  return base;
}

/** Throws `EMPTY_MENU_ERROR` for a missing or empty menu, as the Vue client does. */
export function buildNavigation(menu: MenuNode[] | null | undefined, options: NavigationOptions): Navigation {
  if (!Array.isArray(menu) || menu.length === 0) throw new Error(EMPTY_MENU_ERROR);
  const items = menu.map((node) => normalize(node, options.globals));
  const routes: NavRoute[] = [];
  const entries: NavRoute[] = [];
  collectRoutes(items, [], undefined, new Set(), routes, entries);
  return {
    routes,
    menu: items.map(toMenuItem).filter((item) => item !== undefined),
    entries,
  };
}

function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split("/").filter(Boolean);
  const have = pathname.split("/").filter(Boolean);
  return want.length === have.length && want.every((segment, i) => segment.startsWith(":") || segment === have[i]);
}

/**
 * The registered route for a location: an exact path first, then a parameterised one. When a menu item
 * that is not a route of its own opens this exact path (`Navigation.entries`), the route is the one that
 * renders it, named and placed as that menu item: the title, breadcrumb and selected menu follow the
 * menu item that was clicked.
 */
export function findRoute(navigation: Navigation, pathname: string): NavRoute | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const exact = navigation.routes.find((route) => route.path === normalized);
  if (exact) return exact;
  const pattern = navigation.routes.find((route) => route.path.includes(":") && matchesPattern(route.path, normalized));
  const entry = pattern && navigation.entries.find((candidate) => candidate.path === normalized);
  return entry ? { ...pattern, title: entry.title, trail: entry.trail, menuKey: entry.menuKey } : pattern;
}

/** Keys of the submenus leading to `key`, outermost first (for the side menu's open state). */
export function openKeysFor(menu: NavMenuItem[], key: string): string[] {
  for (const item of menu) {
    if (item.key === key) return [];
    if (item.children) {
      const inner = openKeysFor(item.children, key);
      if (inner.length > 0 || item.children.some((child) => child.key === key)) return [item.key, ...inner];
    }
  }
  return [];
}
