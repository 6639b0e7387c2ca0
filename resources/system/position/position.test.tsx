import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import PositionListPage from "./list";

const route: NavRoute = {
  path: "/isystem/position",
  name: "isystem-position",
  title: "职务管理",
  component: "system/SysPositionList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/isystem/position",
  trail: [],
};

function renderPage(customAnswer: (url: string) => unknown = () => null) {
  const data = recordingDataProvider([{ id: "p1", code: "devleader", name: "研发部经理", postRank: "2", postRank_dictText: "助级" }]);
  const customCalls: Array<{ url: string; method: string; payload?: unknown; query?: unknown }> = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, method, payload, query }) => {
      customCalls.push({ url, method, payload, query });
      const answer = customAnswer(url);
      if (answer instanceof Error) throw answer;
      return { data: answer as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <PositionListPage route={route} />
    </TestWrapper>,
  );
  return { ...data, customCalls };
}

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

describe("CRUD list page (职务管理)", () => {
  it("lists /sys/position/list rows with the rank translation; no buttons without codes", async () => {
    const { calls } = renderPage();
    expect(await screen.findByText("研发部经理")).toBeTruthy();
    expect(screen.getByText("助级")).toBeTruthy();
    expect(calls[0].meta).toMatchObject({ apiBase: "/sys/position" });
    expect(screen.queryByRole("button", { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByText("编辑")).toBeNull();
    expect(screen.queryByText("删除")).toBeNull();
  });

  it("with the codes, adds through /sys/position/add after the duplicate check passes", async () => {
    grant("system:position:add", "system:position:edit", "system:position:delete");
    const { customCalls } = renderPage();
    await screen.findByText("研发部经理");
    expect(screen.getByText("编辑")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByPlaceholderText("请输入职务编码"), { target: { value: "pm" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入职务名称"), { target: { value: "项目经理" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url === "/sys/position/add")).toBeTruthy());
    expect(customCalls.find((c) => c.url === "/sys/duplicate/check")).toMatchObject({ query: { tableName: "sys_position", fieldName: "code", fieldVal: "pm" } });
    expect(customCalls.find((c) => c.url === "/sys/position/add")?.payload).toMatchObject({ code: "pm", name: "项目经理" });
  });

  it("shows the server's message when the unique check fails, and does not save (spec §5)", async () => {
    grant("system:position:add");
    const { customCalls } = renderPage((url) => (url === "/sys/duplicate/check" ? Object.assign(new Error("该值不可用，系统中已存在！"), { statusCode: 500 }) : null));
    await screen.findByText("研发部经理");
    fireEvent.click(screen.getByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByPlaceholderText("请输入职务编码"), { target: { value: "devleader" } });
    fireEvent.change(within(dialog).getByPlaceholderText("请输入职务名称"), { target: { value: "x" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    expect(await within(dialog).findByText("该值不可用，系统中已存在！")).toBeTruthy();
    expect(customCalls.find((c) => c.url === "/sys/position/add")).toBeUndefined();
  });
});
