import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";

import type { MenuNode } from "../../contract";
import { buildNavigation } from "../../providers/menu";
import { PageBreadcrumb } from "../../src/layout/breadcrumb";
import { documentTitle } from "../../src/layout/document-title";
import { menuIcon } from "../../kit/menu-icons";
import { SideMenu } from "../../src/layout/side-menu";
import { greeting } from "../../src/pages/dashboard/greeting";
import { isRegistered, resolvePage, UnknownComponentPage } from "../../src/registry";

const meta = (title: string, icon?: string) => ({ title, icon, keepAlive: false, internalOrExternal: false, componentName: "" });

const menu: MenuNode[] = [
  { id: "1", route: "1", path: "/dashboard/analysis", name: "home", component: "dashboard/Analysis", meta: meta("首页", "home") },
  {
    id: "2",
    route: "1",
    path: "/isystem",
    name: "isystem",
    component: "layouts/RouteView",
    meta: meta("系统管理", "setting"),
    children: [
      { id: "3", route: "1", path: "/isystem/user", name: "user", component: "system/UserList", meta: meta("用户管理") },
      { id: "4", route: "1", path: "/isystem/role", name: "role", component: "system/RoleUserList", meta: meta("角色管理") },
      {
        id: "5",
        route: "1",
        path: "/isystem/user/:id",
        name: "user-detail",
        component: "system/UserDetail",
        hidden: true,
        meta: meta("用户详情"),
      },
    ],
  },
];

const navigation = buildNavigation(menu, { globals: {} });

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PageBreadcrumb navigation={navigation} />
      <SideMenu navigation={navigation} collapsed={false} />
    </MemoryRouter>,
  );
}

describe("side menu", () => {
  it("shows visible items and leaves hidden ones out", () => {
    renderAt("/isystem/user");
    const [menuElement] = screen.getAllByRole("menu");
    expect(within(menuElement).getByText("用户管理")).toBeTruthy();
    expect(within(menuElement).queryByText("用户详情")).toBeNull();
  });

  it("selects the item of the current route and opens its submenu", () => {
    renderAt("/isystem/role");
    const selected = document.querySelector(".ant-menu-item-selected");
    expect(selected?.textContent).toBe("角色管理");
    expect(document.querySelector(".ant-menu-submenu-open")?.textContent).toContain("系统管理");
  });

  it("selects the parent while a hidden detail route is open", () => {
    renderAt("/isystem/user/42");
    expect(document.querySelector(".ant-menu-submenu-selected")?.textContent).toContain("系统管理");
  });
});

describe("breadcrumb", () => {
  it("starts with 首页 linking to /dashboard/analysis and ends with the current page as text", () => {
    renderAt("/isystem/user");
    const crumbs = screen.getByRole("navigation");
    const home = within(crumbs).getByText("首页");
    expect(home.closest("a")?.getAttribute("href")).toBe("/dashboard/analysis");
    expect(within(crumbs).getByText("系统管理").closest("a")?.getAttribute("href")).toBe("/isystem");
    expect(within(crumbs).getByText("用户管理").closest("a")).toBeNull();
  });

  it("shows only 首页, not as a link, on the home page", () => {
    renderAt("/dashboard/analysis");
    const crumbs = screen.getByRole("navigation");
    expect(within(crumbs).getByText("首页").closest("a")).toBeNull();
  });
});

describe("window title and greeting", () => {
  it("puts the product name after the page title, and alone on the home page", () => {
    expect(documentTitle("用户管理")).toBe("用户管理 - 红色印记管理平台");
    expect(documentTitle()).toBe("红色印记管理平台");
  });

  it.each([
    [0, "早上好"],
    [8, "早上好"],
    [9, "上午好"],
    [11, "上午好"],
    [12, "中午好"],
    [13, "中午好"],
    [14, "下午好"],
    [19, "下午好"],
    [20, "晚上好"],
    [23, "晚上好"],
  ])("greets at %i o'clock with %s", (hour, text) => {
    expect(greeting(hour)).toBe(text);
  });
});

describe("component registry", () => {
  it("maps known JeecgBoot component paths to pages", () => {
    expect(isRegistered("system/UserList")).toBe(true);
    expect(isRegistered("dashboard/Analysis")).toBe(true);
    expect(resolvePage("system/UserList")).not.toBe(UnknownComponentPage);
  });

  it("maps anything else to the unknown-component page", () => {
    expect(resolvePage("system/NotYetBuilt")).toBe(UnknownComponentPage);
  });

  it("maps antd-v3 icon names and falls back to a generic icon", () => {
    expect(menuIcon("bar-chart")).not.toBe(menuIcon("no-such-icon"));
    expect(menuIcon("BarChartOutlined")).toBe(menuIcon("bar-chart"));
    expect(menuIcon(undefined)).toBe(menuIcon("appstore"));
  });
});
