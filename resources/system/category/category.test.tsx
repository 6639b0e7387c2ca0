import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import DataSourceListPage from "../data-source/list";
import CategoryListPage from "./list";

const route = (title: string, component: string): NavRoute => ({
  path: "/x",
  name: "x",
  title,
  component,
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/x",
  trail: [],
});

type Call = { url: string; method: string; payload?: unknown; query?: unknown };

function provider(rows: Record<string, unknown>[], answer: (call: Call) => unknown) {
  const data = recordingDataProvider(rows);
  const customCalls: Call[] = [];
  const p: DataProvider = {
    ...data.provider,
    custom: async ({ url, method, payload, query, meta }) => {
      const call = { url, method, payload, query };
      customCalls.push(call);
      const result = answer(call);
      if (result instanceof Error) throw result;
      return { data: (meta?.envelope ? { message: "数据库连接成功", result } : result) as never };
    },
  };
  return { provider: p, customCalls };
}

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

const ROOTS = [
  { id: "c1", pid: "0", name: "电脑产品", code: "A01", hasChild: "1" },
  { id: "c2", pid: "0", name: "裤子", code: "B02", hasChild: "0" },
];

describe("分类字典 page", () => {
  it("shows root categories with name and code, and loads children when a row expands", async () => {
    const { provider: p, customCalls } = provider([], ({ url }) =>
      url === "/sys/category/rootList" ? { records: ROOTS, total: 2 } : url === "/sys/category/childList" ? [{ id: "c11", pid: "c1", name: "thinkpad", code: "A01A01", hasChild: "0" }] : null,
    );
    render(
      <TestWrapper dataProvider={p}>
        <CategoryListPage route={route("分类字典", "system/SysCategoryList")} />
      </TestWrapper>,
    );
    expect(await screen.findByText("电脑产品")).toBeTruthy();
    expect(screen.getByText("A01")).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "分类名称" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /新\s*增/ })).toBeNull();
    const row = screen.getByText("电脑产品").closest("tr")!;
    fireEvent.click(within(row).getByRole("button", { name: /展开/ }));
    expect(await screen.findByText("thinkpad")).toBeTruthy();
    expect(customCalls.find((c) => c.url === "/sys/category/childList")?.query).toEqual({ pid: "c1" });
  });

  it("adds a child under the chosen row after validating the name; the code comes from the rule", async () => {
    grant("system:category:add", "system:category:edit", "system:category:delete");
    const { provider: p, customCalls } = provider([], ({ url }) => (url === "/sys/category/rootList" ? { records: ROOTS, total: 2 } : url === "/sys/category/childList" ? [] : null));
    render(
      <TestWrapper dataProvider={p}>
        <CategoryListPage route={route("分类字典", "system/SysCategoryList")} />
      </TestWrapper>,
    );
    const row = (await screen.findByText("裤子")).closest("tr")!;
    fireEvent.click(within(row).getByText("添加下级"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByDisplayValue("B02…（保存时按编码规则生成）")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    expect(await within(dialog).findByText("请输入分类名称!")).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText("请输入分类名称"), { target: { value: "短裤" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url === "/sys/category/add")?.payload).toEqual({ pid: "c2", name: "短裤" }));
  });
});

describe("多数据源管理 page", () => {
  const SOURCE = { id: "d1", code: "reports", name: "报表库", dbType: "6", dbType_dictText: "postgresql", dbDriver: "org.postgresql.Driver", dbUrl: "jdbc:postgresql://db/reports", dbUsername: "report", dbPassword: "", hasPassword: true };

  it("never shows the stored password, sends an empty one on edit, and tests the connection with the record id", async () => {
    grant("system:dataSource:edit");
    const { provider: p, customCalls } = provider([SOURCE], ({ url }) => (url.startsWith("/sys/dict/getDictItems") ? [{ value: "6", text: "postgresql" }] : null));
    render(
      <TestWrapper dataProvider={p}>
        <DataSourceListPage route={route("多数据源管理", "system/SysDataSourceList")} />
      </TestWrapper>,
    );
    expect(await screen.findByText("jdbc:postgresql://db/reports")).toBeTruthy();
    fireEvent.click(screen.getByText("编辑"));
    const dialog = await screen.findByRole("dialog");
    const password = within(dialog).getByPlaceholderText("留空则不修改") as HTMLInputElement;
    expect(password.value).toBe("");
    expect(within(dialog).getByText("已保存密码；留空则保持不变")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "测试连接" }));
    await waitFor(() => expect(customCalls.find((c) => c.url === "/sys/dataSource/testConnection")).toBeTruthy());
    expect(customCalls.find((c) => c.url === "/sys/dataSource/testConnection")?.payload).toMatchObject({ id: "d1", dbType: "6", dbUrl: "jdbc:postgresql://db/reports", dbPassword: "" });
    expect(await screen.findByText("数据库连接成功")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url === "/sys/dataSource/edit")).toBeTruthy());
    expect(customCalls.find((c) => c.url === "/sys/dataSource/edit")?.payload).toMatchObject({ id: "d1", name: "报表库", dbPassword: "" });
  });
});
