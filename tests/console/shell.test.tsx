import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { DataProvider } from "@refinedev/core";
import { useRef, useState, type ReactNode } from "react";
import { Link, Route, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { MenuNode } from "../../contract";
import { buildNavigation } from "../../providers/menu";
import { local, StorageKeys } from "../../providers/storage";
import { PRIORITY_TAGS } from "../../kit/priority-tag";
import { DepartModal, departTitle, NO_DEPART_MESSAGE, type DepartModalHandle } from "../../src/layout/header/depart-modal";
import { menuEntries, searchMenu } from "../../src/layout/header/menu-search";
import { NO_USER_MESSAGE, PasswordModal, type PasswordModalHandle } from "../../src/layout/header/password-modal";
import { PageBreadcrumb } from "../../src/layout/breadcrumb";
import { SettingsDrawer } from "../../src/layout/settings-drawer";
import { applyCommand, closeTab, HOME_TAB_MESSAGE, LAST_TAB_MESSAGE, MultiTabs, type PageTab } from "../../src/layout/multi-tabs";
import { DEFAULT_SETTINGS, effectiveSettings, reloadSettings, resetSettings, settingStorageKey, updateSettings } from "../../src/settings/settings";
import { buildTheme } from "../../src/settings/theme";
import { TestWrapper } from "./test-wrapper";

const meta = (title: string) => ({ title, keepAlive: false, internalOrExternal: false, componentName: "" });
const menu: MenuNode[] = [
  { id: "1", route: "1", path: "/dashboard/analysis", name: "home", component: "dashboard/Analysis", meta: meta("首页") },
  {
    id: "2",
    route: "1",
    path: "/isystem",
    name: "isystem",
    component: "layouts/RouteView",
    meta: meta("系统管理"),
    children: [
      { id: "3", route: "1", path: "/isystem/user", name: "user", component: "system/UserList", meta: meta("用户管理") },
      { id: "4", route: "1", path: "/isystem/role", name: "role", component: "system/RoleUserList", meta: meta("角色管理") },
      { id: "5", route: "1", path: "/isystem/depart", name: "depart", component: "system/DepartList", meta: meta("部门管理") },
    ],
  },
];
const navigation = buildNavigation(menu, { globals: {} });

const tab = (key: string): PageTab => ({ key, title: key, location: { pathname: key, search: "", hash: "", state: null, key }, generation: 0 });

describe("tab rules", () => {
  const tabs = ["/dashboard/analysis", "/a", "/b", "/c"].map(tab);

  it("refuses to close the home tab (首页不能关闭!)", () => {
    expect(closeTab(tabs, "/dashboard/analysis")).toEqual({ tabs, refused: HOME_TAB_MESSAGE });
    expect(HOME_TAB_MESSAGE).toBe("首页不能关闭!");
  });

  it("refuses to close the last tab (这是最后一页，不能再关闭了啦)", () => {
    expect(closeTab([tab("/a")], "/a").refused).toBe("这是最后一页，不能再关闭了啦");
    expect(LAST_TAB_MESSAGE).toBe("这是最后一页，不能再关闭了啦");
  });

  it("closes left, right and others around a tab, always keeping home", () => {
    const keys = (list: PageTab[]) => list.map((t) => t.key);
    expect(keys(applyCommand(tabs, "/b", "closeLeft"))).toEqual(["/dashboard/analysis", "/b", "/c"]);
    expect(keys(applyCommand(tabs, "/b", "closeRight"))).toEqual(["/dashboard/analysis", "/a", "/b"]);
    expect(keys(applyCommand(tabs, "/b", "closeOthers"))).toEqual(["/dashboard/analysis", "/b"]);
    expect(applyCommand(tabs, "/b", "refresh").find((t) => t.key === "/b")?.generation).toBe(1);
  });
});

function Counter({ name }: { name: string }) {
  const count = useRef(0);
  return (
    <div>
      <input aria-label={`${name}-input`} />
      <span>{name}-page</span>
      <span data-testid={`${name}-renders`}>{++count.current}</span>
    </div>
  );
}

const noData: DataProvider = {
  getApiUrl: () => "",
  getList: async () => ({ data: [], total: 0 }),
  getOne: async () => ({ data: {} as never }),
  create: async () => ({ data: {} as never }),
  update: async () => ({ data: {} as never }),
  deleteOne: async () => ({ data: {} as never }),
};

function renderTabs(path = "/dashboard/analysis") {
  const routes = (
    <>
      <Route path="/dashboard/analysis" element={<Counter name="home" />} />
      <Route path="/isystem/user" element={<Counter name="user" />} />
      <Route path="/isystem/role" element={<Counter name="role" />} />
    </>
  );
  return render(
    <TestWrapper dataProvider={noData} path={path}>
      <nav>
        <Link to="/isystem/user">go-user</Link>
        <Link to="/isystem/role">go-role</Link>
      </nav>
      <MultiTabs navigation={navigation} routes={routes} />
    </TestWrapper>,
  );
}

/** Tabs switched off and on again the way the layout does it (setting, or crossing the mobile breakpoint). */
function TogglingTabs({ routes }: { routes: ReactNode }) {
  const [enabled, setEnabled] = useState(true);
  return (
    <>
      <button onClick={() => setEnabled((value) => !value)}>toggle-tabs</button>
      <MultiTabs navigation={navigation} routes={routes} enabled={enabled} />
    </>
  );
}

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderToggling() {
  const routes = (
    <>
      <Route path="/dashboard/analysis" element={<Counter name="home" />} />
      <Route path="/isystem/user" element={<Counter name="user" />} />
      <Route path="/isystem/role" element={<Counter name="role" />} />
    </>
  );
  return render(
    <TestWrapper dataProvider={noData} path="/dashboard/analysis">
      <nav>
        <Link to="/isystem/user">go-user</Link>
        <Link to="/isystem/role">go-role</Link>
        <Link to="/isystem/role?pageSize=20&currentPage=2">go-role-query</Link>
        <Where />
      </nav>
      <TogglingTabs routes={routes} />
    </TestWrapper>,
  );
}

describe("multi-tab mode", () => {
  it("adds a tab per route and keeps each page mounted with its state (keep-alive)", async () => {
    renderTabs();
    fireEvent.click(screen.getByText("go-user"));
    const input = await screen.findByLabelText("user-input");
    fireEvent.change(input, { target: { value: "typed" } });
    fireEvent.click(screen.getByText("go-role"));
    await screen.findByText("role-page");
    const tabs = document.querySelectorAll(".ant-tabs-tab");
    expect([...tabs].map((t) => t.textContent)).toEqual(["首页", "用户管理", "角色管理"]);
    fireEvent.click(screen.getByText("用户管理"));
    await waitFor(() => expect((screen.getByLabelText("user-input") as HTMLInputElement).value).toBe("typed"));
    expect(screen.getByLabelText("user-input").closest("[data-tab-page]")?.hasAttribute("hidden")).toBe(false);
    expect(screen.getByLabelText("role-input").closest("[data-tab-page]")?.hasAttribute("hidden")).toBe(true);
  });

  it("warns 首页不能关闭! when the home tab's close button is used", async () => {
    renderTabs();
    const home = document.querySelector(".ant-tabs-tab")!;
    fireEvent.click(home.querySelector(".ant-tabs-tab-remove")!);
    expect(await screen.findByText("首页不能关闭!")).toBeTruthy();
  });

  it("closes others from the right-click menu and moves to the clicked tab", async () => {
    renderTabs();
    fireEvent.click(screen.getByText("go-user"));
    fireEvent.click(screen.getByText("go-role"));
    await screen.findByText("role-page");
    fireEvent.contextMenu(screen.getByText("用户管理"));
    fireEvent.click(await screen.findByText("关闭其他"));
    await waitFor(() => expect([...document.querySelectorAll(".ant-tabs-tab")].map((t) => t.textContent)).toEqual(["首页", "用户管理"]));
    for (const label of ["刷新", "关闭左侧", "关闭右侧", "关闭其他"]) expect(screen.getAllByText(label).length).toBeGreaterThan(0);
  });

  it("keeps the current page mounted when its query string changes (syncWithLocation)", async () => {
    renderToggling();
    fireEvent.click(screen.getByText("go-role"));
    const input = (await screen.findByLabelText("role-input")) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "typed" } });
    fireEvent.click(screen.getByText("go-role-query"));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("?pageSize=20&currentPage=2"));
    expect(screen.getByLabelText("role-input")).toBe(input);
    expect(input.value).toBe("typed");
  });

  it("keeps the current page mounted when tabs are switched off and on (setting, mobile breakpoint)", async () => {
    renderToggling();
    fireEvent.click(screen.getByText("go-user"));
    fireEvent.change(await screen.findByLabelText("user-input"), { target: { value: "user-typed" } });
    fireEvent.click(screen.getByText("go-role"));
    const input = (await screen.findByLabelText("role-input")) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "role-typed" } });

    fireEvent.click(screen.getByText("toggle-tabs"));
    await waitFor(() => expect(document.querySelector(".rm-multi-tabs")).toBeNull());
    // Tabs off: only the current page, and it is the same mounted page.
    expect(screen.getByLabelText("role-input")).toBe(input);
    expect(input.value).toBe("role-typed");
    expect(screen.queryByLabelText("user-input")).toBeNull();
    expect(document.querySelectorAll("[data-tab-page]")).toHaveLength(1);

    fireEvent.click(screen.getByText("toggle-tabs"));
    await waitFor(() => expect([...document.querySelectorAll(".ant-tabs-tab")].map((t) => t.textContent)).toEqual(["首页", "角色管理"]));
    expect(screen.getByLabelText("role-input")).toBe(input);
    expect(input.value).toBe("role-typed");
  });
});

describe("two menu items sharing one route (issue 13 item 11)", () => {
  const sharedMenu: MenuNode[] = [
    { id: "h", route: "1", path: "/dashboard/analysis", name: "home", component: "dashboard/Analysis", meta: meta("首页") },
    {
      id: "r",
      route: "1",
      path: "/report",
      name: "report",
      component: "layouts/RouteView",
      meta: meta("统计报表"),
      children: [
        { id: "r1", route: "0", path: "/online/cgreport/6c7f59741c814347905a938f06ee003c", name: "demo", component: "modules/online/cgreport/auto/OnlCgreportAutoList", meta: meta("Online报表示例") },
      ],
    },
    {
      id: "o",
      route: "1",
      path: "/online",
      name: "online",
      component: "layouts/RouteView",
      meta: meta("在线开发"),
      children: [
        { id: "o1", route: "1", path: "/online/cgreport/:code", name: "auto", component: "modules/online/cgreport/auto/OnlCgreportAutoList", hidden: true, meta: meta("AUTO在线报表") },
      ],
    },
  ];

  it("names the tab and the breadcrumb after the menu item that was clicked", async () => {
    const shared = buildNavigation(sharedMenu, { globals: {} });
    const routes = (
      <>
        <Route path="/dashboard/analysis" element={<Counter name="home" />} />
        <Route path="/online/cgreport/:code" element={<Counter name="report" />} />
      </>
    );
    render(
      <TestWrapper dataProvider={noData} path="/dashboard/analysis">
        <nav>
          <Link to="/online/cgreport/6c7f59741c814347905a938f06ee003c">go-demo</Link>
          <Link to="/online/cgreport/other">go-other</Link>
        </nav>
        <PageBreadcrumb navigation={shared} />
        <MultiTabs navigation={shared} routes={routes} />
      </TestWrapper>,
    );
    const crumbs = () => [...document.querySelectorAll(".ant-breadcrumb li:not(.ant-breadcrumb-separator)")].map((li) => li.textContent);
    const tabs = () => [...document.querySelectorAll(".ant-tabs-tab")].map((t) => t.textContent);
    fireEvent.click(screen.getByText("go-demo"));
    await screen.findByText("report-page");
    await waitFor(() => expect(tabs()).toEqual(["首页", "Online报表示例"]));
    expect(crumbs()).toEqual(["首页", "统计报表", "Online报表示例"]);
    // Another code of the same route keeps the route's own name.
    fireEvent.click(screen.getByText("go-other"));
    await waitFor(() => expect(tabs()).toEqual(["首页", "Online报表示例", "AUTO在线报表"]));
    expect(crumbs()).toEqual(["首页", "在线开发", "AUTO在线报表"]);
  });
});

describe("settings", () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSettings();
  });

  it("defaults per spec §9: #1890FF, light menu, side menu, Fixed, multi-tab on", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ primaryColor: "#1890FF", navTheme: "light", layout: "sidemenu", contentWidth: "Fixed", multipage: true });
  });

  it("persists each field under the JeecgBoot storage keys and reads them back", () => {
    updateSettings({ layout: "topmenu", navTheme: "dark", primaryColor: "#722ED1", multipage: false });
    expect(settingStorageKey("layout")).toBe(StorageKeys.layoutMode);
    expect(JSON.parse(localStorage.getItem("pro__DEFAULT_LAYOUT_MODE")!).value).toBe("topmenu");
    expect(JSON.parse(localStorage.getItem("pro__DEFAULT_THEME")!).value).toBe("dark");
    expect(JSON.parse(localStorage.getItem("pro__DEFAULT_COLOR")!).value).toBe("#722ED1");
    expect(JSON.parse(localStorage.getItem("pro__DEFAULT_MULTI_PAGE")!).value).toBe(false);
    reloadSettings();
    resetSettings();
    expect(local.get(StorageKeys.layoutMode)).toBe("sidemenu");
  });

  it("applies the rules between fields: Fluid without the side menu only, hide-header needs a fixed header, no fixed sidebar on top", () => {
    const s = { ...DEFAULT_SETTINGS, contentWidth: "Fixed" as const, autoHideHeader: true, fixSiderbar: true };
    expect(effectiveSettings(s)).toMatchObject({ contentWidth: "Fluid", autoHideHeader: false, fixSiderbar: true });
    expect(effectiveSettings({ ...s, layout: "topmenu" })).toMatchObject({ contentWidth: "Fixed", fixSiderbar: false });
    expect(effectiveSettings({ ...s, fixedHeader: true }).autoHideHeader).toBe(true);
  });

  it("shows the stored 内容区域宽度 in the drawer, disabled but unchanged, while the side menu makes it have no effect", async () => {
    updateSettings({ layout: "sidemenu", contentWidth: "Fixed" });
    const { unmount } = render(<SettingsDrawer open onClose={() => {}} />);
    const select = () => screen.getByRole("combobox", { name: "内容区域宽度" }).closest(".ant-select")!;
    expect(select().className).toContain("ant-select-disabled");
    expect(select().querySelector(".ant-select-selection-item")!.textContent).toBe("固定");
    act(() => updateSettings({ contentWidth: "Fluid" }));
    expect(select().querySelector(".ant-select-selection-item")!.textContent).toBe("流式");
    act(() => updateSettings({ layout: "topmenu", contentWidth: "Fixed" }));
    expect(select().className).not.toContain("ant-select-disabled");
    expect(select().querySelector(".ant-select-selection-item")!.textContent).toBe("固定");
    // The layout itself still applies the rule: the side menu is always fluid.
    expect(effectiveSettings({ ...DEFAULT_SETTINGS, contentWidth: "Fixed" }).contentWidth).toBe("Fluid");
    unmount();
  });

  it("ignores stored values of the wrong kind", () => {
    local.set(StorageKeys.layoutMode, "sideways");
    local.set(StorageKeys.fixedHeader, "yes");
    reloadSettings();
    expect(effectiveSettings(DEFAULT_SETTINGS).layout).toBe("sidemenu");
  });

  it("refuses to build a theme from an unusable colour (shown as 'Failed to update theme')", () => {
    expect(() => buildTheme("not-a-colour")).toThrow();
    expect(buildTheme("#FA541C").token?.colorPrimary).toBe("#FA541C");
  });
});

describe("menu search", () => {
  it("finds any menu item by title, with its trail", () => {
    const entries = menuEntries(navigation.menu);
    expect(searchMenu(entries, "用户").map((e) => e.label)).toEqual(["系统管理 / 用户管理"]);
    expect(searchMenu(entries, "管理").length).toBe(3);
    expect(searchMenu(entries, "  ")).toEqual([]);
  });
});

describe("priority tags", () => {
  it("L 一般消息 blue, M 重要消息 orange, H 紧急消息 red", () => {
    expect(PRIORITY_TAGS).toEqual({ L: { text: "一般消息", color: "blue" }, M: { text: "重要消息", color: "orange" }, H: { text: "紧急消息", color: "red" } });
  });
});

function customProvider(answer: (url: string, payload: unknown) => unknown): DataProvider & { calls: Array<{ url: string; payload: unknown }> } {
  const calls: Array<{ url: string; payload: unknown }> = [];
  return {
    ...noData,
    calls,
    custom: async ({ url, payload }) => {
      calls.push({ url, payload });
      const value = answer(url, payload);
      if (value instanceof Error) throw { message: value.message, statusCode: 500 };
      return { data: value as never };
    },
  };
}

describe("password dialog", () => {
  afterEach(() => vi.restoreAllMocks());

  function Harness({ username }: { username?: string }) {
    const ref = useRef<PasswordModalHandle>(null);
    return (
      <>
        <button onClick={() => ref.current?.show(username)}>open</button>
        <PasswordModal ref={ref} />
      </>
    );
  }

  it("only warns 当前系统无登录用户! without a username", async () => {
    render(<TestWrapper dataProvider={customProvider(() => ({}))}><Harness /></TestWrapper>);
    fireEvent.click(screen.getByText("open"));
    expect(await screen.findByText(NO_USER_MESSAGE)).toBeTruthy();
    expect(screen.queryByText("修改密码")).toBeNull();
  });

  it("is 800 wide and checks every field with the spec's messages", async () => {
    render(<TestWrapper dataProvider={customProvider(() => ({}))}><Harness username="admin" /></TestWrapper>);
    fireEvent.click(screen.getByText("open"));
    const dialog = await screen.findByRole("dialog");
    expect((dialog.closest(".ant-modal") as HTMLElement).style.width).toBe("800px");
    fireEvent.click(within(dialog.closest(".ant-modal") as HTMLElement).getByRole("button", { name: /确\s*定/ }));
    for (const text of ["请输入旧密码!", "请输入新密码!", "请确认新密码!"]) expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText("请输入新密码"), { target: { value: "Good@pass1" } });
    fireEvent.change(screen.getByPlaceholderText("请确认新密码"), { target: { value: "Other@pass1" } });
    expect(await screen.findByText("两次输入的密码不一样！")).toBeTruthy();
  });

  it("sends username and the three fields, shows the server's success and closes", async () => {
    const provider = customProvider(() => ({ success: true, message: "密码重置成功!", result: null }));
    render(<TestWrapper dataProvider={provider}><Harness username="admin" /></TestWrapper>);
    fireEvent.click(screen.getByText("open"));
    await screen.findByRole("dialog");
    fireEvent.change(screen.getByPlaceholderText("请输入旧密码"), { target: { value: "Old@pass1" } });
    fireEvent.change(screen.getByPlaceholderText("请输入新密码"), { target: { value: "New@pass1" } });
    fireEvent.change(screen.getByPlaceholderText("请确认新密码"), { target: { value: "New@pass1" } });
    fireEvent.click(screen.getByRole("button", { name: /确\s*定/ }));
    expect(await screen.findByText("密码重置成功!")).toBeTruthy();
    expect(provider.calls[0]).toEqual({ url: "/sys/user/updatePassword", payload: { username: "admin", oldpassword: "Old@pass1", password: "New@pass1", confirmpassword: "New@pass1" } });
  });

  it("shows the server's refusal as a warning and stays open", async () => {
    render(<TestWrapper dataProvider={customProvider(() => new Error("旧密码输入错误!"))}><Harness username="admin" /></TestWrapper>);
    fireEvent.click(screen.getByText("open"));
    await screen.findByRole("dialog");
    fireEvent.change(screen.getByPlaceholderText("请输入旧密码"), { target: { value: "bad" } });
    fireEvent.change(screen.getByPlaceholderText("请输入新密码"), { target: { value: "New@pass1" } });
    fireEvent.change(screen.getByPlaceholderText("请确认新密码"), { target: { value: "New@pass1" } });
    fireEvent.click(screen.getByRole("button", { name: /确\s*定/ }));
    expect(await screen.findByText("旧密码输入错误!")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

describe("department dialog", () => {
  function Harness({ closable }: { closable?: boolean }) {
    const ref = useRef<DepartModalHandle>(null);
    return (
      <>
        <button onClick={() => void ref.current?.show()}>open</button>
        <DepartModal ref={ref} closable={closable} username="admin" />
      </>
    );
  }
  const departs = [
    { id: "1", departName: "活动运营部", orgCode: "A01A01" },
    { id: "2", departName: "技术部", orgCode: "A01A03" },
  ];

  it("warns 您尚未设置部门信息! when the user has no department", async () => {
    render(<TestWrapper dataProvider={customProvider(() => ({ list: [], orgCode: null }))}><Harness /></TestWrapper>);
    fireEvent.click(screen.getByText("open"));
    expect(await screen.findByText(NO_DEPART_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is titled with the current department, 450 wide, and marks an empty choice as an error", async () => {
    render(<TestWrapper dataProvider={customProvider(() => ({ list: departs, orgCode: "A01A03" }))}><Harness /></TestWrapper>);
    fireEvent.click(screen.getByText("open"));
    expect(await screen.findByText("部门切换（当前部门 : 技术部）")).toBeTruthy();
    const modal = screen.getByRole("dialog").closest(".ant-modal") as HTMLElement;
    expect(modal.style.width).toBe("450px");
    expect(modal.querySelector(".ant-modal-close")).toBeNull();
    fireEvent.click(within(modal).getByRole("button", { name: /确\s*认/ }));
    expect(await screen.findByText("请选择登录部门", { selector: ".ant-form-item-explain-error" })).toBeTruthy();
    expect(departTitle(undefined)).toBe("部门选择");
  });

  it("stores the new user info after switching", async () => {
    const provider = customProvider((url) =>
      url === "/sys/selectDepart" ? { userInfo: { id: "u", username: "admin", orgCode: "A01A01" } } : { list: departs, orgCode: "A01A03" },
    );
    render(<TestWrapper dataProvider={provider}><Harness closable /></TestWrapper>);
    fireEvent.click(screen.getByText("open"));
    await screen.findByRole("dialog");
    fireEvent.mouseDown(screen.getByRole("combobox"));
    fireEvent.click(await screen.findByText("活动运营部", { selector: ".ant-select-item-option-content" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: /确\s*认/ })));
    await waitFor(() => expect(local.get<{ orgCode: string }>(StorageKeys.loginUserInfo)?.orgCode).toBe("A01A01"));
    expect(provider.calls.at(-1)).toEqual({ url: "/sys/selectDepart", payload: { orgCode: "A01A01", username: "admin" } });
  });
});
