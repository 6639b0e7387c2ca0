import { describe, expect, it } from "vitest";

import type { MenuNode } from "../contract";
import {
  buildNavigation,
  EMPTY_MENU_ERROR,
  evaluateMenuUrl,
  findRoute,
  isLayoutComponent,
  openKeysFor,
  resolveExpression,
} from "./menu";

const globals = { _CONFIG: { domianURL: "http://localhost:8080/jeecg-boot" } };

function node(path: string, title: string, component: string, extra: Partial<MenuNode> = {}): MenuNode {
  const { meta, ...rest } = extra;
  return {
    id: path,
    route: "1",
    path,
    name: path.replace(/^\//, "").replace(/\//g, "-"),
    component,
    meta: { title, keepAlive: false, internalOrExternal: false, componentName: component.split("/").pop() ?? "", ...meta },
    ...rest,
  };
}

const menu: MenuNode[] = [
  node("/dashboard/analysis", "首页", "dashboard/Analysis", { meta: { icon: "home" } as MenuNode["meta"] }),
  node("/isystem", "系统管理", "layouts/RouteView", {
    redirect: null,
    meta: { icon: "setting" } as MenuNode["meta"],
    children: [
      node("/isystem/user", "用户管理", "system/UserList"),
      node("/isystem/user/detail/:id", "用户详情", "system/UserDetail", { hidden: true }),
      node("/online/cgreport/:code", "Online报表示例", "modules/online/cgreport/auto/OnlCgreportAutoList", {
        route: "0",
      }),
    ],
  }),
  node("/account", "个人页", "layouts/RouteView", {
    children: [node("/account/center", "个人中心", "account/center/Index", { hidden: true })],
  }),
  node("/account/settings", "个人设置", "account/settings/Index", {
    alwaysShow: true,
    children: [node("/account/settings/base", "基本设置", "account/settings/BaseSetting", { hidden: true })],
  }),
  node("/big/screen", "报表设计", "layouts/RouteView", {
    children: [
      node("/9d4d4c5d2b0e4d01", "SQL监控", "layouts/IframePageView", {
        meta: { url: "{{ window._CONFIG['domianURL'] }}/druid/" } as MenuNode["meta"],
      }),
      node("/7a1f5c0e2b0e4d02", "积木报表设计", "layouts/IframePageView", {
        meta: { url: "{{ window._CONFIG['domianURL'] }}/jmreport/list?token=${token}", internalOrExternal: true } as MenuNode["meta"],
      }),
      node("/5b2e", "坏地址", "layouts/IframePageView", {
        meta: { url: "{{ window.alert('x') }}/x" } as MenuNode["meta"],
      }),
      node("/docs", "在线文档", "layouts/IframePageView", {
        meta: { url: "https://example.com/doc.html", target: "_blank" } as MenuNode["meta"],
      }),
    ],
  }),
];

const nav = () => buildNavigation(menu, { globals });

describe("menu → routes", () => {
  it("treats a component path containing 'layouts' as a layout and anything else as a page", () => {
    expect(isLayoutComponent("layouts/RouteView")).toBe(true);
    expect(isLayoutComponent("layouts/IframePageView")).toBe(true);
    expect(isLayoutComponent("system/UserList")).toBe(false);
  });

  it("registers page nodes as routes with their component", () => {
    expect(findRoute(nav(), "/isystem/user")).toMatchObject({ component: "system/UserList", title: "用户管理" });
  });

  it("does not register a node whose route flag is '0'", () => {
    expect(nav().routes.map((route) => route.path)).not.toContain("/online/cgreport/:code");
  });

  it("keeps a route-'0' node in the menu", () => {
    const system = nav().menu.find((item) => item.key === "/isystem");
    expect(system?.children?.map((item) => item.title)).toContain("Online报表示例");
  });

  it("makes a layout with children redirect to its first visible child", () => {
    expect(findRoute(nav(), "/isystem")).toMatchObject({ redirect: "/isystem/user" });
  });

  it("makes the hash paths of external entries absolute", () => {
    const external = buildNavigation(
      [node("a93c0c3609dece99", "Redis监控", "layouts/IframePageView", { meta: { url: "https://example.com/" } as MenuNode["meta"] })],
      { globals },
    );
    expect(external.routes[0].path).toBe("/a93c0c3609dece99");
    expect(external.menu[0].key).toBe("/a93c0c3609dece99");
  });

  it("matches parameterised paths", () => {
    expect(findRoute(nav(), "/isystem/user/detail/42")?.component).toBe("system/UserDetail");
  });

  it("keeps the ancestors as the breadcrumb trail", () => {
    expect(findRoute(nav(), "/isystem/user")?.trail).toEqual([{ title: "系统管理", path: "/isystem" }]);
  });

  it("throws the Vue client's error for an empty menu list", () => {
    expect(() => buildNavigation([], { globals })).toThrow(EMPTY_MENU_ERROR);
    expect(() => buildNavigation(null, { globals })).toThrow(EMPTY_MENU_ERROR);
  });
});

describe("two menu items, one route (issue 13 item 11)", () => {
  /** JeecgBoot's seed: 统计报表 › Online报表示例 (route '0', a concrete code) opens a path that the hidden 在线开发 › AUTO在线报表 route renders. */
  const shared = () =>
    buildNavigation(
      [
        node("/report", "统计报表", "layouts/RouteView", {
          children: [
            node("/report/ArchivesStatisticst", "布局统计报表", "jeecg/report/ArchivesStatisticst"),
            node("/online/cgreport/6c7f59741c814347905a938f06ee003c", "Online报表示例", "modules/online/cgreport/auto/OnlCgreportAutoList", { route: "0" }),
          ],
        }),
        node("/online", "在线开发", "layouts/RouteView", {
          children: [
            node("/online/cgreport", "Online报表配置", "modules/online/cgreport/OnlCgreportHeadList"),
            node("/online/cgreport/:code", "AUTO在线报表", "modules/online/cgreport/auto/OnlCgreportAutoList", { hidden: true }),
          ],
        }),
      ],
      { globals },
    );

  it("names the page, its trail and the selected menu item after the item that was clicked", () => {
    const route = findRoute(shared(), "/online/cgreport/6c7f59741c814347905a938f06ee003c");
    expect(route).toMatchObject({
      title: "Online报表示例",
      trail: [{ title: "统计报表", path: "/report" }],
      menuKey: "/online/cgreport/6c7f59741c814347905a938f06ee003c",
      // Still rendered by the parameterised route.
      path: "/online/cgreport/:code",
      component: "modules/online/cgreport/auto/OnlCgreportAutoList",
    });
  });

  it("keeps the parameterised route's own name for any other code", () => {
    expect(findRoute(shared(), "/online/cgreport/other")).toMatchObject({
      title: "AUTO在线报表",
      trail: [{ title: "在线开发", path: "/online" }],
      menuKey: "/online",
    });
  });

  it("registers no extra route for the menu item (the parameterised route still renders it)", () => {
    expect(shared().routes.map((r) => r.path)).not.toContain("/online/cgreport/6c7f59741c814347905a938f06ee003c");
  });
});

describe("menu → side menu items", () => {
  it("leaves hidden items out of the menu but keeps their routes", () => {
    const system = nav().menu.find((item) => item.key === "/isystem");
    expect(system?.children?.map((item) => item.key)).not.toContain("/isystem/user/detail/:id");
    expect(findRoute(nav(), "/isystem/user/detail/1")).toBeDefined();
  });

  it("hides a parent whose children are all hidden", () => {
    expect(nav().menu.map((item) => item.key)).not.toContain("/account");
  });

  it("keeps an alwaysShow parent whose children are all hidden", () => {
    expect(nav().menu.map((item) => item.key)).toContain("/account/settings");
  });

  it("makes a parent with children a submenu, and with alwaysShow a plain item", () => {
    const items = nav().menu;
    expect(items.find((item) => item.key === "/isystem")?.children).toBeDefined();
    const settings = items.find((item) => item.key === "/account/settings");
    expect(settings).toBeDefined();
    expect(settings?.children).toBeUndefined();
  });

  it("selects the parent while a hidden detail route is open", () => {
    expect(findRoute(nav(), "/isystem/user/detail/7")?.menuKey).toBe("/isystem");
    expect(findRoute(nav(), "/isystem/user")?.menuKey).toBe("/isystem/user");
  });

  it("selects an alwaysShow parent while one of its children is open", () => {
    expect(findRoute(nav(), "/account/settings/base")?.menuKey).toBe("/account/settings");
  });

  it("opens external (internalOrExternal) items as links in a new window", () => {
    const report = nav().menu.find((item) => item.key === "/big/screen")?.children?.find((item) => item.title === "积木报表设计");
    expect(report?.link).toEqual({
      href: "http://localhost:8080/jeecg-boot/jmreport/list?token=${token}",
      target: "_blank",
    });
  });

  it("renders an item with meta.target as a plain link", () => {
    const docs = nav().menu.find((item) => item.key === "/big/screen")?.children?.find((item) => item.key === "/docs");
    expect(docs?.link).toEqual({ href: "https://example.com/doc.html", target: "_blank" });
  });

  it("renders the console's own page for an iframe item that names one (our SQL监控), and frames it otherwise", () => {
    const druid = { url: "{{ window._CONFIG['domianURL'] }}/druid/" } as MenuNode["meta"];
    const ours = buildNavigation([node("/4e1f", "SQL监控", "layouts/IframePageView", { meta: { ...druid, consoleComponent: "modules/monitor/SqlMonitor" } })], { globals });
    expect(findRoute(ours, "/4e1f")).toMatchObject({ component: "modules/monitor/SqlMonitor", title: "SQL监控" });
    expect(ours.menu).toEqual([{ key: "/4e1f", title: "SQL监控" }]);
    // A JeecgBoot server sends no consoleComponent: its Druid console is framed.
    expect(findRoute(nav(), "/9d4d4c5d2b0e4d01")?.component).toBe("layouts/IframePageView");
  });

  it("opens an alwaysShow page whose hidden child holds its own path (the Vue 2 client's page route) as the page itself", () => {
    const page = node("/bbh/activity/custom", "自定义活动", "bbh/activity/CustomActivityList", {
      alwaysShow: true,
      children: [
        node("/bbh/activity/custom", "自定义活动列表", "bbh/activity/CustomActivityList", { hidden: true, name: "bbh-activity-custom" }),
        node("/bbh/activity/detail/:id", "活动详情", "bbh/activity/ActivityDetail", { hidden: true }),
      ],
    });
    const navigation = buildNavigation([node("/bbh", "红色印记", "layouts/RouteView", { children: [page] })], { globals });
    expect(findRoute(navigation, "/bbh/activity/custom")).toMatchObject({ component: "bbh/activity/CustomActivityList", title: "自定义活动", menuKey: "/bbh/activity/custom" });
    expect(navigation.routes.filter((route) => route.path === "/bbh/activity/custom")).toHaveLength(1);
    expect(navigation.menu).toEqual([{ key: "/bbh", title: "红色印记", children: [{ key: "/bbh/activity/custom", title: "自定义活动" }] }]);
    expect(findRoute(navigation, "/bbh/activity/detail/9")?.menuKey).toBe("/bbh/activity/custom");
  });

  it("lists the submenus leading to an item", () => {
    expect(openKeysFor(nav().menu, "/isystem/user")).toEqual(["/isystem"]);
    expect(openKeysFor(nav().menu, "/dashboard/analysis")).toEqual([]);
  });
});

describe("{{ }} placeholders in meta.url", () => {
  it("replaces window._CONFIG['domianURL'] with the API base URL", () => {
    expect(findRoute(nav(), "/9d4d4c5d2b0e4d01")?.url).toBe("http://localhost:8080/jeecg-boot/druid/");
  });

  it("accepts dot and double-quote accessors", () => {
    expect(resolveExpression('_CONFIG["domianURL"]', globals)).toBe(globals._CONFIG.domianURL);
    expect(resolveExpression("window._CONFIG.domianURL", globals)).toBe(globals._CONFIG.domianURL);
  });

  it("never evaluates code: a call resolves to nothing and the URL is dropped", () => {
    expect(resolveExpression("window.alert('x')", globals)).toBeUndefined();
    expect(findRoute(nav(), "/5b2e")?.url).toBeUndefined();
  });

  it("does not reach inherited properties", () => {
    expect(resolveExpression("_CONFIG.constructor", globals)).toBeUndefined();
  });

  it("keeps the url only when it passes the URL check", () => {
    expect(evaluateMenuUrl("{{ window._CONFIG['domianURL'] }}/doc.html", globals)).toBe(
      "http://localhost:8080/jeecg-boot/doc.html",
    );
    expect(evaluateMenuUrl("{{ window._CONFIG['domianURL'] }}/doc.html", {})).toBeUndefined();
    expect(evaluateMenuUrl("/relative/path", globals)).toBeUndefined();
  });
});
