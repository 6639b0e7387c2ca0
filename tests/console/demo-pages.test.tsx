import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { AuthProvider, DataProvider } from "@refinedev/core";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";

import type { MenuNode } from "../../contract";
import type { NavRoute } from "../../providers/menu";
import { AnnouncementViewer, type Announcement } from "../../kit/announcement-viewer";
import { PageOpenerContext } from "../../kit/page";
import WorkplacePage from "../../src/pages/dashboard/workplace";
import PermissionListDemoPage from "../../src/pages/examples/list/permission-list";
import RoleListDemoPage from "../../src/pages/examples/list/role-list";
import TableInnerEditListPage from "../../src/pages/examples/list/table-inner-edit-list";
import UserListDemoPage from "../../src/pages/examples/list/user-list";
import { isRegistered, pageOpener } from "../../src/registry";
import { TestWrapper } from "./test-wrapper";

const noData: DataProvider = {
  getApiUrl: () => "",
  getList: async () => ({ data: [], total: 0 }),
  getOne: async () => ({ data: {} as never }),
  create: async () => ({ data: {} as never }),
  update: async () => ({ data: {} as never }),
  deleteOne: async () => ({ data: {} as never }),
  // 工作台: the dashboard summary (three answers awaiting review) and no announcements.
  custom: async ({ url }) =>
    ({
      data: url.includes("/sys/dashboard/summary")
        ? { activities: null, redMarks: null, players: null, answers: { pending: 3 } }
        : { records: [], total: 0, size: 10, current: 1, pages: 0 },
    }) as never,
};

const route = (title: string, component: string): NavRoute => ({
  path: "/demo",
  name: "demo",
  title,
  component,
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/demo",
  trail: [],
});

const show = (ui: ReactNode, authProvider?: AuthProvider) =>
  render(
    <TestWrapper dataProvider={noData} authProvider={authProvider}>
      {ui}
    </TestWrapper>,
  );

const bodyRows = () => document.querySelectorAll(".ant-table-tbody tr.ant-table-row");
const rowWith = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;

describe("demo pages", () => {
  it("registers the five menu components that had no page", () => {
    for (const component of ["examples/list/TableInnerEditList", "examples/list/UserList", "examples/list/RoleList", "examples/list/PermissionList", "dashboard/Workplace"]) {
      expect(isRegistered(component), component).toBe(true);
    }
  });

  it("edits a row in place: an empty 描述 is refused, a valid one is saved", async () => {
    show(<TableInnerEditListPage route={route("内联编辑表格", "examples/list/TableInnerEditList")} />);
    expect(screen.getByText("演示数据")).toBeTruthy();
    const row = rowWith("TradeCode 01");
    fireEvent.click(within(row).getByRole("button", { name: "编辑" }));
    const description = within(row).getByLabelText("描述");
    fireEvent.change(description, { target: { value: "" } });
    fireEvent.click(within(row).getByText("保存"));
    await within(row).findByText("请输入描述");
    fireEvent.change(description, { target: { value: "主题党日活动规则（已修改）" } });
    fireEvent.click(within(row).getByText("保存"));
    await screen.findByText("主题党日活动规则（已修改）");
    expect(within(rowWith("TradeCode 01")).queryByLabelText("描述")).toBeNull();
    await screen.findByText("保存成功");
  });

  it("cancels an edit, adds a validated row and deletes a row after confirming", async () => {
    show(<TableInnerEditListPage route={route("内联编辑表格", "examples/list/TableInnerEditList")} />);
    const second = rowWith("TradeCode 02");
    fireEvent.click(within(second).getByRole("button", { name: "编辑" }));
    fireEvent.change(within(second).getByLabelText("描述"), { target: { value: "不会保存" } });
    fireEvent.click(within(second).getByText("取消"));
    expect(screen.queryByText("不会保存")).toBeNull();
    expect(within(second).getByText("革命旧址活动规则 2")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /新增一行/ }));
    const draft = bodyRows()[0] as HTMLElement;
    fireEvent.click(within(draft).getByText("保存"));
    await within(draft).findByText("请输入规则编号");
    fireEvent.change(within(draft).getByLabelText("规则编号"), { target: { value: "TradeCode 01" } });
    fireEvent.change(within(draft).getByLabelText("描述"), { target: { value: "新增的研学规则" } });
    fireEvent.click(within(draft).getByText("保存"));
    await within(draft).findByText("规则编号已存在");
    fireEvent.change(within(draft).getByLabelText("规则编号"), { target: { value: "TradeCode 99" } });
    fireEvent.click(within(draft).getByText("保存"));
    await screen.findByText("新增的研学规则");
    expect(screen.getByText("1-10 共 47 条")).toBeTruthy();

    fireEvent.click(within(rowWith("TradeCode 99")).getByRole("button", { name: /删\s*除/ }));
    fireEvent.click(await screen.findByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText("TradeCode 99")).toBeNull());
    expect(screen.getByText("1-10 共 46 条")).toBeTruthy();
  });

  it("filters and pages the inline-edit table", async () => {
    show(<TableInnerEditListPage route={route("内联编辑表格", "examples/list/TableInnerEditList")} />);
    fireEvent.click(screen.getByTitle("2"));
    await screen.findByText("TradeCode 11");
    fireEvent.change(screen.getByPlaceholderText("请输入规则编号"), { target: { value: "TradeCode 07" } });
    fireEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText("TradeCode 07")).toBeTruthy();
  });

  it("pages and filters the 用户列表 demo, and validates before saving a new user", async () => {
    show(<UserListDemoPage route={route("用户列表", "examples/list/UserList")} />);
    expect(screen.getByText("演示数据")).toBeTruthy();
    expect(screen.getByText("1-10 共 32 条")).toBeTruthy();
    expect(bodyRows()).toHaveLength(10);
    fireEvent.click(screen.getByTitle("4"));
    await screen.findByText("31-32 共 32 条");
    expect(bodyRows()).toHaveLength(2);

    fireEvent.change(screen.getByPlaceholderText("请输入用户姓名"), { target: { value: "曲丽丽" } });
    fireEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    await screen.findByText("1-3 共 3 条");
    for (const row of bodyRows()) expect(row.textContent).toContain("曲丽丽");

    fireEvent.click(screen.getByRole("button", { name: /新\s*建/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await within(dialog).findByText("请输入用户账号");
    fireEvent.change(within(dialog).getByPlaceholderText("请输入用户账号"), { target: { value: "quliuli" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入用户姓名"), { target: { value: "曲丽丽" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入手机号"), { target: { value: "12345" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await within(dialog).findByText("请输入正确的手机号");
    fireEvent.change(within(dialog).getByPlaceholderText("请输入手机号"), { target: { value: "13912345678" } });
    fireEvent.mouseDown(within(dialog).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("管理员"));
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await screen.findByText("quliuli");
    expect(screen.getByText("1-4 共 4 条")).toBeTruthy();
  });

  it("filters the 角色列表 demo and saves an edited role", async () => {
    show(<RoleListDemoPage route={route("角色列表", "examples/list/RoleList")} />);
    expect(screen.getByText("1-10 共 13 条")).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText("请输入角色名称或标识"), { target: { value: "研学" } });
    fireEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    fireEvent.click(within(rowWith("研学导师")).getByText("编辑"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("编辑角色")).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText("请输入角色名称"), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await within(dialog).findByText("请输入角色名称");
    fireEvent.change(within(dialog).getByPlaceholderText("请输入角色名称"), { target: { value: "研学总导师" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await screen.findByText("研学总导师");
  });

  it("filters and pages the 权限列表 demo", async () => {
    show(<PermissionListDemoPage route={route("权限列表", "examples/list/PermissionList")} />);
    expect(screen.getByText("1-10 共 12 条")).toBeTruthy();
    fireEvent.click(screen.getByTitle("2"));
    await screen.findByText("11-12 共 12 条");
    fireEvent.change(screen.getByPlaceholderText("请输入权限名称或标识"), { target: { value: "管理" } });
    fireEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    await screen.findByText("1-4 共 4 条");
    for (const row of bodyRows()) expect(row.textContent).toContain("管理");
  });
});

describe("工作台", () => {
  const meta = (title: string) => ({ title, keepAlive: false, internalOrExternal: false, componentName: "" });
  const menu: MenuNode[] = [
    { id: "1", route: "1", path: "/dashboard/analysis", name: "home", component: "dashboard/Analysis", meta: meta("首页") },
    { id: "2", route: "1", path: "/isystem/user", name: "user", component: "system/UserList", meta: meta("用户管理") },
    { id: "3", route: "1", path: "/account/center", name: "center", component: "account/center/Index", meta: meta("个人中心") },
  ];
  const authProvider: AuthProvider = {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    check: async () => ({ authenticated: true }),
    onError: async () => ({}),
    getIdentity: async () => ({ id: "1", username: "admin", realname: "管理员", avatar: null }),
    getPermissions: async () => ({ menu, auth: [], allAuth: [], sysSafeMode: false }),
  };

  it("greets the user by name and shows my pending work, my announcements and quick links to their menu pages", async () => {
    show(<WorkplacePage />, authProvider);
    await screen.findByText(/(早上|上午|中午|下午|晚上)好，管理员，祝你开心每一天！/);
    expect(screen.getByText("我的待办")).toBeTruthy();
    expect(screen.getByText("我的消息")).toBeTruthy();
    expect(await screen.findByText("待审核答案")).toBeTruthy();
    expect(screen.getByText("3")).toBeTruthy();
    expect((await screen.findByRole("link", { name: "用户管理" })).getAttribute("href")).toBe("/isystem/user");
    expect(screen.getByRole("link", { name: "个人中心" }).getAttribute("href")).toBe("/account/center");
    expect(screen.queryByRole("link", { name: "首页" })).toBeNull();
  });
});

describe("announcement that opens a component (contract §9.3)", () => {
  const base: Announcement = {
    id: "a1",
    titile: "权限调整通知",
    msgContent: "<p>请查看权限列表</p>",
    sender: "admin",
    sendTime: "2024-06-01 10:00:00",
    priority: "M",
  };

  it("opens the registered page in a dialog instead of the message", async () => {
    show(
      <PageOpenerContext value={pageOpener}>
        <AnnouncementViewer record={{ ...base, openType: "component", openPage: "examples/list/PermissionList", busId: "42" }} onClose={() => {}} />
      </PageOpenerContext>,
    );
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("权限调整通知")).toBeTruthy();
    await within(dialog).findByText("1-10 共 12 条", {}, { timeout: 5000 });
    expect(within(dialog).queryByText("请查看权限列表")).toBeNull();
  });

  it("falls back to the message viewer for an unknown component", async () => {
    show(
      <PageOpenerContext value={pageOpener}>
        <AnnouncementViewer record={{ ...base, openType: "component", openPage: "modules/bpm/NoSuchForm", busId: "42" }} onClose={() => {}} />
      </PageOpenerContext>,
    );
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("通知消息")).toBeTruthy();
    expect(within(dialog).getByText("请查看权限列表")).toBeTruthy();
  });
});
