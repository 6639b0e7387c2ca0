/**
 * Issue 23 item 13: the unmodified JeecgBoot 3.1 Vue 2 client (`ant-design-vue-jeecg`) builds its vue-router
 * routes from `getUserPermissionByToken`; every page of our menu must resolve to a page there, and not into a
 * redirect to itself (`RangeError: Maximum call stack size exceeded` on 红色印记's 自定义活动 and five others).
 *
 * The client's rules, restated from its public source (not copied):
 * - `src/permission.js`: after sign-in, `result.menu` goes to `generateIndexRouter` and the routes it returns are
 *   added with `router.addRoutes`.
 * - `src/utils/util.js` `generateIndexRouter`: one root route `/` (TabLayout, redirect `/dashboard/analysis`)
 *   whose children are `generateChildRouters(menu)`, and a catch-all `*` redirecting to `/404`.
 * - `generateChildRouters`, for each node: the component is `components/<c>` when `c` contains "layouts", else
 *   `views/<c>`; the route keeps the node's `path`, `name`, `redirect` and `hidden`; `alwaysShow` sets
 *   `redirect` to the route's own path; children are built the same way and nested; a node with `route: "0"` is
 *   left out.
 * - `src/components/menu/index.js`: a node with children is a sub-menu unless `alwaysShow`, which draws it as a
 *   plain item; an item links to its route by name (by path when `route` is "0").
 * vue-router 3 (`create-route-map.js`, `create-matcher.js`): a record's children are registered before the record
 * itself; the first record registered for a path, and for a name, wins; a path starting with "/" is absolute,
 * others are joined to the parent's; a name is looked up in the name map, a path in the path list in registration
 * order (the `*` record last); a matched record with a redirect is matched again at the target, with no loop
 * detection. The resolver below does the same and fails on a loop instead of overflowing the stack.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { MenuNode } from "../../contract/index.js";
import { buildNavigation, findRoute } from "../../providers/menu.js";
import { pageRoutesOf, seed } from "../../server/db/seed/index.js";
import { bbhMenus } from "../../server/db/seed/menus.js";
import { sysPermission, sysRole, sysRolePermission, sysSeedStep } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

interface VueRoute {
  path: string;
  name?: string;
  redirect?: string | null;
  component: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  children?: VueRoute[];
}

function generateChildRouters(nodes: MenuNode[]): VueRoute[] {
  const routes: VueRoute[] = [];
  for (const node of nodes) {
    const route: VueRoute = {
      path: node.path,
      name: node.name,
      redirect: node.redirect,
      component: node.component.includes("layouts") ? `components/${node.component}` : `views/${node.component}`,
      hidden: node.hidden,
    };
    if (node.alwaysShow) {
      route.alwaysShow = true;
      route.redirect = route.path;
    }
    if (node.children?.length) route.children = generateChildRouters(node.children);
    if (node.route !== "0") routes.push(route);
  }
  return routes;
}

function generateIndexRouter(menu: MenuNode[]): VueRoute[] {
  return [
    { path: "/", name: "dashboard", component: "components/layouts/TabLayout", redirect: "/dashboard/analysis", children: generateChildRouters(menu) },
    { path: "*", redirect: "/404", component: "", hidden: true },
  ];
}

interface RouteRecord {
  path: string;
  name?: string;
  redirect?: string | null;
  component: string;
  parent?: RouteRecord;
  regex: RegExp;
}

function compile(path: string): RegExp {
  if (path === "*") return /^.*$/;
  const body = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body || "/"}/?$`, "i");
}

/** vue-router 3's route map: children first, the first record of a path or name wins, `*` matched last. */
function createMatcher(routes: VueRoute[]) {
  const pathList: string[] = [];
  const pathMap = new Map<string, RouteRecord>();
  const nameMap = new Map<string, RouteRecord>();
  const add = (route: VueRoute, parent?: RouteRecord) => {
    const trimmed = route.path.replace(/\/$/, "");
    const path = trimmed.startsWith("/") || !parent ? trimmed || "/" : `${parent.path}/${trimmed}`.replace(/\/+/g, "/");
    const record: RouteRecord = { path, name: route.name, redirect: route.redirect, component: route.component, parent, regex: compile(path) };
    for (const child of route.children ?? []) add(child, record);
    if (!pathMap.has(path)) {
      pathList.push(path);
      pathMap.set(path, record);
    }
    if (route.name && !nameMap.has(route.name)) nameMap.set(route.name, record);
  };
  for (const route of routes) add(route);
  pathList.sort((a, b) => Number(a === "*") - Number(b === "*"));

  /** The matched records (root first) for a location, following redirects; throws on a redirect loop. */
  function resolve(location: { path: string } | { name: string }, seen: string[] = []): RouteRecord[] {
    const record =
      "name" in location ? nameMap.get(location.name) : pathList.map((p) => pathMap.get(p)!).find((r) => r.regex.test(location.path));
    if (!record) throw new Error(`no route for ${JSON.stringify(location)}`);
    if (record.redirect) {
      const target = record.redirect;
      if (seen.includes(target)) throw new Error(`redirect loop: ${[...seen, target].join(" → ")}`);
      return resolve({ path: target }, [...seen, target]);
    }
    const matched: RouteRecord[] = [];
    for (let r: RouteRecord | undefined = record; r; r = r.parent) matched.unshift(r);
    return matched;
  }
  return { resolve };
}

/** Layouts with a `<router-view>`: rendering goes on into the next matched record; anything else is the page shown. */
const CONTAINERS = ["components/layouts/TabLayout", "components/layouts/RouteView", "components/layouts/PageView", "components/layouts/BasicLayout"];
const shownPage = (matched: RouteRecord[]) => matched.find((r) => !CONTAINERS.includes(r.component))?.component;

/** The seeded pages with hidden detail children: 自定义活动, 红色活动, 红色印记, 玩家活动, 学校, 微信用户. */
const pages = pageRoutesOf(bbhMenus);

function findNode(nodes: MenuNode[], path: string, component: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.path === path && node.component === component) return node;
    const inner = findNode(node.children ?? [], path, component);
    if (inner) return inner;
  }
  return undefined;
}

function visibleLeaves(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => {
    if (node.hidden) return [];
    if (!node.children?.length || node.alwaysShow) return [node];
    return visibleLeaves(node.children);
  });
}

let t: TestApp;
let admin: string;
const menuOf = async (token: string): Promise<MenuNode[]> =>
  (await t.app.inject({ method: "GET", url: `${API}/sys/permission/getUserPermissionByToken?_t=${Math.floor(Date.now() / 1000)}`, headers: { "X-Access-Token": token } })).json().result.menu;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe("the Vue 2 client's routes built from our menu", () => {
  it("knows the six pages with hidden detail children", () => {
    expect(pages.map((p) => p.url)).toEqual(["/bbh/activity/custom", "/bbh/activity/red", "/bbh/redmark", "/bbh/player/userActivity", "/bbh/school", "/bbh/wxUser"]);
  });

  it("opens each page from its side-menu link (by name) and by its path, showing the page's own component", async () => {
    const menu = await menuOf(admin);
    const router = createMatcher(generateIndexRouter(menu));
    for (const page of pages) {
      const node = findNode(menu, page.url, page.component)!;
      expect(node, page.url).toBeDefined();
      expect(node.alwaysShow, page.url).toBe(true);
      for (const location of [{ name: node.name }, { path: page.url }]) {
        const matched = router.resolve(location);
        expect(matched.at(-1)!.path, `${page.url} ${JSON.stringify(location)}`).toBe(page.url);
        expect(shownPage(matched), `${page.url} ${JSON.stringify(location)}`).toBe(`views/${page.component}`);
      }
    }
  });

  it("leaves no visible item of admin's menu, and no hidden detail route, in a redirect loop", async () => {
    const menu = await menuOf(admin);
    const router = createMatcher(generateIndexRouter(menu));
    const leaves = visibleLeaves(menu).filter((n) => n.route !== "0");
    expect(leaves.length).toBeGreaterThan(50);
    for (const leaf of leaves) expect(() => router.resolve({ name: leaf.name }), leaf.path).not.toThrow();
    for (const path of ["/bbh/activity/detail/a1", "/bbh/activity/red/marks/a1", "/bbh/redmark/detail/m1", "/bbh/player/userActivity/detail/u1", "/bbh/school/detail/s1", "/bbh/wxUser/detail/w1"]) {
      expect(router.resolve({ path }).at(-1)!.path, path).not.toBe("*");
    }
  });

  it("a role granted a page without ticking its hidden page route still gets the route", async () => {
    const db = t.database.db;
    const red = pages.find((p) => p.url === "/bbh/activity/red")!;
    const rows = await db.select().from(sysPermission).where(inArray(sysPermission.url, ["/bbh", "/bbh/activityManage", red.url]));
    const granted = rows.filter((r) => !(r.url === red.url && r.hidden));
    expect(granted.map((r) => r.name).sort()).toEqual(["活动管理", "红色印记", "红色活动"].sort());
    await t.app.inject({ method: "POST", url: `${API}/sys/role/add`, headers: { "X-Access-Token": admin }, payload: { roleName: "红色活动查看", roleCode: "red_viewer" } });
    const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "red_viewer"));
    const saved = await t.app.inject({
      method: "POST",
      url: `${API}/sys/permission/saveRolePermission`,
      headers: { "X-Access-Token": admin },
      payload: { roleId: role.id, permissionIds: granted.map((r) => r.id).join(","), lastpermissionIds: "" },
    });
    expect(saved.json().success).toBe(true);
    await t.app.inject({ method: "POST", url: `${API}/sys/user/add`, headers: { "X-Access-Token": admin }, payload: { username: "red_viewer", realname: "红色活动查看员", password: "Red@123456", selectedroles: role.id } });
    const menu = await menuOf(await t.login("red_viewer", "Red@123456"));
    const matched = createMatcher(generateIndexRouter(menu)).resolve({ path: red.url });
    expect(shownPage(matched)).toBe(`views/${red.component}`);
  });
});

describe("our console reads the same answer", () => {
  it("opens each page with its own component as a plain menu item, and keeps the hidden children out of the menu", async () => {
    const menu = await menuOf(admin);
    const navigation = buildNavigation(menu, { globals: { _CONFIG: { domianURL: "http://127.0.0.1/jeecg-boot" } } });
    const titles = JSON.stringify(navigation.menu);
    for (const page of pages) {
      expect(findRoute(navigation, page.url)?.component, page.url).toBe(page.component);
      expect(titles, page.url).not.toContain(page.route.name);
    }
    const item = (items: typeof navigation.menu, key: string): (typeof navigation.menu)[number] | undefined =>
      items.map((i) => (i.key === key ? i : item(i.children ?? [], key))).find(Boolean);
    for (const page of pages) {
      expect(item(navigation.menu, page.url), page.url).toBeDefined();
      expect(item(navigation.menu, page.url)!.children, page.url).toBeUndefined();
    }
    expect(findRoute(navigation, "/bbh/activity/detail/a1")).toMatchObject({ component: "bbh/activity/ActivityDetail", menuKey: "/bbh/activity/custom" });
    expect(findRoute(navigation, "/bbh/wxUser/detail/w1")).toMatchObject({ component: "bbh/wxuser/BbhWxUserDetail", menuKey: "/bbh/wxUser" });
  });
});

describe("a database seeded before the page routes", () => {
  it("gets them from seed step bbh-page-routes-v1, granted where the page is, and a second run changes nothing", async () => {
    const db = t.database.db;
    const routeRows = async () =>
      (await db.select().from(sysPermission).where(and(inArray(sysPermission.url, pages.map((p) => p.url)), eq(sysPermission.hidden, true)))).filter((r) =>
        pages.some((p) => p.url === r.url && p.component === r.component),
      );
    // Put the database back as the earlier seed left it.
    const before = await routeRows();
    expect(before).toHaveLength(6);
    await db.delete(sysRolePermission).where(inArray(sysRolePermission.permissionId, before.map((r) => r.id)));
    await db.delete(sysPermission).where(inArray(sysPermission.id, before.map((r) => r.id)));
    const broken = createMatcher(generateIndexRouter(await menuOf(admin)));
    expect(() => broken.resolve({ path: "/bbh/activity/custom" })).toThrow(/redirect loop/);
    await db.delete(sysSeedStep).where(eq(sysSeedStep.step, "bbh-page-routes-v1"));

    await seed(db, { adminPassword: null });

    const after = await routeRows();
    expect(after.map((r) => [r.name, r.url, r.component, r.menuType]).sort()).toEqual(before.map((r) => [r.name, r.url, r.component, r.menuType]).sort());
    const roleCodes = async (permissionId: string) =>
      (await db.select({ code: sysRole.roleCode }).from(sysRolePermission).innerJoin(sysRole, eq(sysRole.id, sysRolePermission.roleId)).where(eq(sysRolePermission.permissionId, permissionId)))
        .map((r) => r.code)
        .sort();
    for (const row of after) {
      const [page] = await db.select().from(sysPermission).where(eq(sysPermission.id, row.parentId!));
      expect(page).toMatchObject({ url: row.url, alwaysShow: true, isLeaf: false });
      expect(await roleCodes(row.id), row.url ?? "").toEqual(await roleCodes(page.id));
    }
    expect(await roleCodes(after.find((r) => r.url === "/bbh/player/userActivity")!.id)).toEqual(["admin", "auditor", "operator"]);
    const fixed = createMatcher(generateIndexRouter(await menuOf(admin)));
    expect(shownPage(fixed.resolve({ path: "/bbh/activity/custom" }))).toBe("views/bbh/activity/CustomActivityList");

    await db.delete(sysSeedStep).where(eq(sysSeedStep.step, "bbh-page-routes-v1"));
    await seed(db, { adminPassword: null });
    expect(await routeRows()).toHaveLength(6);
  });
});
