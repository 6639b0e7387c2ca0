import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import OrganizationListPage from "./list";

const route: NavRoute = { path: "/bbh/organization", name: "bbh-organization", title: "组织管理", component: "bbh/organization/OrganizationList", internalOrExternal: false, keepAlive: false, menuKey: "/bbh/organization", trail: [] };
const TREE = [{ id: "d1", key: "d1", value: "d1", title: "红色印记运营中心", orgCode: "A01", parentId: "", children: null }];
const ORGS = [{ id: "o1", sysDepartId: "d1", orgCode: "A01", orgName: "红色印记运营中心", orgType: 1, orgType_dictText: "党政机关", orgStatus: 1, orgStatus_dictText: "启用" }];

type Call = { url: string; method: string; query?: Record<string, unknown>; payload?: unknown };

function renderPage(answer: (call: Call) => unknown = () => null) {
  const data = recordingDataProvider(ORGS);
  const customCalls: Call[] = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, method, query, payload }) => {
      customCalls.push({ url, method, query: query as Record<string, unknown>, payload });
      if (url.includes("getDictItems")) return { data: [] as never };
      if (url.endsWith("queryTreeList")) return { data: TREE as never };
      const result = answer({ url, method, query: query as Record<string, unknown>, payload });
      if (result instanceof Error) throw result;
      return { data: result as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <OrganizationListPage route={route} />
    </TestWrapper>,
  );
  return { ...data, customCalls };
}

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

describe("组织管理 Excel (bbh/organization/OrganizationList)", () => {
  it("shows 导出/导入 only with the organisation's export/import codes", async () => {
    renderPage();
    await screen.findByText("党政机关");
    expect(screen.queryByRole("button", { name: /导\s*出/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /导\s*入/ })).toBeNull();
  });

  it("exports the chosen department's subtree, and shows a refused import's row errors", async () => {
    grant("bbh:organization:export", "bbh:organization:import");
    const createObjectURL = vi.fn(() => "blob:x");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { customCalls } = renderPage(({ url }) =>
      url.endsWith("/importExcel") ? new Error("文件导入失败:共1行数据有误，未导入任何数据。第3行：机构编码「Z99」对应的部门不存在") : new Blob(["xlsx"]),
    );
    await screen.findByText("党政机关");
    fireEvent.click(await screen.findByText("红色印记运营中心", { selector: ".ant-tree-title" }));
    await screen.findByText("组织管理 · 红色印记运营中心及下级");
    fireEvent.click(screen.getByRole("button", { name: /导\s*出/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url.endsWith("/exportXls"))).toBeTruthy());
    expect(customCalls.find((c) => c.url.endsWith("/exportXls"))).toMatchObject({ url: "/bbh/api/organization/exportXls", method: "get", query: { departId: "d1" } });
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());

    const input = document.querySelector("input[type=file]") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["x"], "组织.xlsx")] } });
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByText("文件导入失败，未导入任何数据").length).toBeGreaterThan(0);
    expect(within(within(dialog).getByRole("list", { name: "导入错误" })).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["第3行：机构编码「Z99」对应的部门不存在"]);
    expect(customCalls.find((c) => c.url.endsWith("/importExcel"))).toMatchObject({ url: "/bbh/api/organization/importExcel", method: "post" });
  });
});
