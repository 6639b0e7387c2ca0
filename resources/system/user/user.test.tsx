import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { local, StorageKeys } from "../../../providers/storage";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import UserListPage, { userFilters } from "./list";

const route: NavRoute = {
  path: "/isystem/user",
  name: "isystem-user",
  title: "用户管理",
  component: "system/UserList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/isystem/user",
  trail: [{ title: "系统管理", path: "/isystem" }],
};

const rows = [
  {
    id: "1",
    username: "admin",
    realname: "管理员",
    avatar: null,
    sex: 1,
    sex_dictText: "男",
    birthday: "2018-12-05",
    phone: "18611111111",
    orgCodeTxt: "北京国炬信息技术有限公司",
    status: 1,
    status_dictText: "正常",
    createTime: "2038-06-21 17:54:10",
  },
];

/** The list's data provider plus a `custom` that records calls and answers like the server. */
function renderList() {
  local.set(StorageKeys.dictCache, {
    sex: [{ value: "1", text: "男", title: "男", label: "男" }],
    user_status: [{ value: "1", text: "正常", title: "正常", label: "正常" }],
  });
  const data = recordingDataProvider(rows);
  const customCalls: Array<{ url: string; method: string; payload?: unknown; query?: unknown }> = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, method, payload, query }) => {
      customCalls.push({ url, method, payload, query });
      if (url.endsWith("/queryall")) return { data: [{ id: "r1", roleName: "运营人员" }] as never };
      if (url.includes("queryTreeList")) return { data: [] as never };
      return { data: null as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider} path="/isystem/user">
      <UserListPage route={route} />
    </TestWrapper>,
  );
  return { ...data, customCalls };
}

afterEach(() => clearAuthLists());

const grant = (...codes: string[]) =>
  setAuthLists(
    codes.map((action) => ({ action, type: "1", describe: action })),
    codes.map((action) => ({ action, type: "1", describe: action, status: "1" })),
  );

describe("user list page", () => {
  it("shows the JeecgBoot user columns and the rows of /sys/user/list", async () => {
    renderList();
    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent)
      .filter(Boolean);
    expect(headers).toEqual(["用户账号", "用户姓名", "头像", "性别", "生日", "手机号码", "部门", "状态", "创建时间"]);
    expect(await within(table).findByText("管理员")).toBeTruthy();
    expect(within(table).getByText("北京国炬信息技术有限公司")).toBeTruthy();
  });

  it("asks for page 1 of 10, newest first, from the sys-user resource (apiBase /sys/user)", async () => {
    const { calls } = renderList();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]).toMatchObject({
      resource: "sys-user",
      pagination: { currentPage: 1, pageSize: 10 },
      sorters: [{ field: "createTime", order: "desc" }],
      meta: expect.objectContaining({ apiBase: "/sys/user" }),
    });
  });

  it("searches by name with a fuzzy filter when 查询 is pressed", async () => {
    const { calls } = renderList();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    fireEvent.change(screen.getByPlaceholderText("请输入姓名"), { target: { value: "管理" } });
    fireEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.at(-1)?.filters).toEqual(expect.arrayContaining([{ field: "realname", operator: "contains", value: "管理" }])),
    );
  });

  it("maps the search form: account, name and phone fuzzy; sex, status and department exact", () => {
    expect(userFilters({ username: " ad ", realname: "", phone: "186", sex: "1", status: "2", departId: "d1" })).toEqual([
      { field: "username", operator: "contains", value: "ad" },
      { field: "realname", operator: "contains", value: undefined },
      { field: "phone", operator: "contains", value: "186" },
      { field: "sex", operator: "eq", value: "1" },
      { field: "status", operator: "eq", value: "2" },
      { field: "departId", operator: "eq", value: "d1" },
    ]);
  });

  it("hides add, edit, export and import without the button codes (v-has)", async () => {
    renderList();
    await screen.findByText("管理员");
    expect(screen.queryByRole("button", { name: /添加用户/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /导\s*出/ })).toBeNull();
    expect(screen.queryByText("编辑")).toBeNull();
  });

  it("with the codes, opens the add form and posts the new user with roles to /sys/user/add", async () => {
    grant("system:user:add", "system:user:edit", "system:user:export");
    const { customCalls } = renderList();
    await screen.findByText("管理员");
    expect(screen.getByText("编辑")).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "操作" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /导\s*出/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /添加用户/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByPlaceholderText("请输入用户账号"), { target: { value: "newbie" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入用户姓名"), { target: { value: "新同事" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入登录密码"), { target: { value: "Newbie@2024" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请重新输入登录密码"), { target: { value: "Newbie@2024" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url === "/sys/user/add")).toBeTruthy());
    expect(customCalls.find((c) => c.url === "/sys/user/add")).toMatchObject({
      method: "post",
      payload: expect.objectContaining({ username: "newbie", realname: "新同事", password: "Newbie@2024", userIdentity: 1 }),
    });
    expect(customCalls.find((c) => c.url === "/sys/duplicate/check")).toMatchObject({ query: { tableName: "sys_user", fieldName: "username", fieldVal: "newbie" } });
  });

  it("refuses a weak password and a mismatched confirmation before calling the server", async () => {
    grant("system:user:add");
    const { customCalls } = renderList();
    await screen.findByText("管理员");
    fireEvent.click(screen.getByRole("button", { name: /添加用户/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByPlaceholderText("请输入登录密码"), { target: { value: "12345678" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请重新输入登录密码"), { target: { value: "87654321" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    expect(await within(dialog).findByText("密码由8位数字、大小写字母和特殊符号组成!")).toBeTruthy();
    expect(await within(dialog).findByText("两次输入的密码不一样！")).toBeTruthy();
    expect(customCalls.find((c) => c.url === "/sys/user/add")).toBeUndefined();
  });

  it("refuses a 300-character 用户姓名 and a malformed phone in the form, in Chinese, before any request", async () => {
    grant("system:user:add");
    const { customCalls } = renderList();
    await screen.findByText("管理员");
    fireEvent.click(screen.getByRole("button", { name: /添加用户/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByPlaceholderText("请输入用户账号"), { target: { value: "longname" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入用户姓名"), { target: { value: "名".repeat(300) } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入登录密码"), { target: { value: "Longname@2024" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请重新输入登录密码"), { target: { value: "Longname@2024" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入手机号码"), { target: { value: "12345" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入座机"), { target: { value: "1".repeat(46) } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    // The limits come from contract/limits.ts, the same numbers the server's schema is built from.
    expect(await within(dialog).findByText("用户姓名不能超过100个字符")).toBeTruthy();
    expect(await within(dialog).findByText("请输入正确格式的手机号码!")).toBeTruthy();
    expect(await within(dialog).findByText("座机不能超过45个字符")).toBeTruthy();
    expect(customCalls.find((c) => c.url === "/sys/user/add")).toBeUndefined();
    // Fixing the name clears its message while typing.
    fireEvent.change(within(dialog).getByPlaceholderText("请输入用户姓名"), { target: { value: "名".repeat(100) } });
    await waitFor(() => expect(within(dialog).queryByText("用户姓名不能超过100个字符")).toBeNull());
  });
});
