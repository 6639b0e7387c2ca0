import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { local, StorageKeys } from "../../../providers/storage";
import type { NavRoute } from "../../../providers/menu";
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

function renderList() {
  local.set(StorageKeys.dictCache, {
    sex: [{ value: "1", text: "男", title: "男", label: "男" }],
    user_status: [{ value: "1", text: "正常", title: "正常", label: "正常" }],
  });
  const data = recordingDataProvider(rows);
  render(
    <TestWrapper dataProvider={data.provider} path="/isystem/user">
      <UserListPage route={route} />
    </TestWrapper>,
  );
  return data;
}

describe("user list page", () => {
  it("shows the JeecgBoot user columns and the rows of /sys/user/list", async () => {
    renderList();
    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    expect(headers).toEqual(["用户账号", "用户姓名", "头像", "性别", "生日", "手机号码", "部门", "状态", "创建时间"]);
    expect(await within(table).findByText("管理员")).toBeTruthy();
    expect(within(table).getByText("北京国炬信息技术有限公司")).toBeTruthy();
    expect(within(table).getByText("正常")).toBeTruthy();
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
      expect(calls.at(-1)?.filters).toEqual(
        expect.arrayContaining([{ field: "realname", operator: "contains", value: "管理" }]),
      ),
    );
  });

  it("maps the search form: account and name fuzzy, sex and status exact", () => {
    expect(userFilters({ username: " ad ", realname: "", sex: "1", status: "2" })).toEqual([
      { field: "username", operator: "contains", value: "ad" },
      { field: "realname", operator: "contains", value: undefined },
      { field: "sex", operator: "eq", value: "1" },
      { field: "status", operator: "eq", value: "2" },
    ]);
  });
});
