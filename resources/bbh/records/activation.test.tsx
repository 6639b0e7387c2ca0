import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import ActivationListPage from "./activation-list";

const route: NavRoute = {
  path: "/bbh/activity/activation",
  name: "bbh-activation",
  title: "激活码",
  component: "bbh/activity/ActivationCodeList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/bbh/activity/activation",
  trail: [],
};

const ROWS = [
  { id: "c1", code: "ABCDE23456", batchNo: "B2405010001", codeStatus: 0, codeStatus_dictText: "未使用" },
  { id: "c2", code: "ZXCVB98765", batchNo: "B2405010001", codeStatus: 1, codeStatus_dictText: "已使用", usedBy: "wx1" },
];

function renderPage(answer: (url: string) => unknown = () => null) {
  const data = recordingDataProvider(ROWS);
  const customCalls: Array<{ url: string; method: string; payload?: unknown }> = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, method, payload, meta }) => {
      customCalls.push({ url, method, payload });
      if (url.includes("getDictItems")) return { data: [] as never };
      if (url.endsWith("getActivityNameSelectList")) return { data: [{ value: "a1", text: "井冈山红色研学" }] as never };
      const result = answer(url);
      if (result instanceof Error) throw result;
      return { data: (meta?.envelope ? { message: "成功生成50个激活码", result } : result) as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <ActivationListPage route={route} />
    </TestWrapper>,
  );
  return { ...data, customCalls };
}

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

async function openGenerate() {
  await screen.findByText("ABCDE23456");
  fireEvent.click(screen.getByRole("button", { name: /批量生成/ }));
  const dialog = await screen.findByRole("dialog");
  fireEvent.mouseDown(within(dialog).getByRole("combobox"));
  fireEvent.click(await screen.findByTitle("井冈山红色研学"));
  const count = within(dialog).getByPlaceholderText("1 到 5000");
  fireEvent.change(count, { target: { value: "50" } });
  fireEvent.blur(count);
  return dialog;
}

describe("激活码 list", () => {
  it("lists codes; 作废 only on unused codes with the code; no 批量生成 without its code", async () => {
    grant("bbh:activation:void");
    renderPage();
    await screen.findByText("ABCDE23456");
    expect(screen.getAllByText("作废")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /批量生成/ })).toBeNull();
  });

  it("generates a batch for the chosen activity through /activation/generate and shows the server's count", async () => {
    grant("bbh:activation:generate");
    const { customCalls } = renderPage((url) => (url.endsWith("/activation/generate") ? { batchNo: "B1", count: 50 } : null));
    const dialog = await openGenerate();
    fireEvent.click(within(dialog).getByRole("button", { name: /生\s*成/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url === "/bbh/api/activity/activation/generate")).toBeTruthy());
    expect(customCalls.find((c) => c.url === "/bbh/api/activity/activation/generate")).toMatchObject({
      method: "post",
      payload: { activityId: "a1", count: 50, validStartTime: null, validEndTime: null, remark: null },
    });
    expect(await screen.findByText("成功生成50个激活码")).toBeTruthy();
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    grant("bbh:activation:generate");
    renderPage((url) => (url.endsWith("/activation/generate") ? Object.assign(new Error("活动不存在或已删除"), { statusCode: 400 }) : null));
    const dialog = await openGenerate();
    fireEvent.click(within(dialog).getByRole("button", { name: /生\s*成/ }));
    expect(await screen.findByText("活动不存在或已删除")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("作废 asks for a reason (required) and sends it with the code's id to /activation/void", async () => {
    grant("bbh:activation:void");
    const { customCalls } = renderPage(() => null);
    await screen.findByText("ABCDE23456");
    fireEvent.click(screen.getByText("作废"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    expect(await within(dialog).findByText("请输入作废原因!")).toBeTruthy();
    expect(customCalls.find((c) => c.url.endsWith("/activation/void"))).toBeUndefined();
    fireEvent.change(within(dialog).getByPlaceholderText("请输入作废原因"), { target: { value: "批次印错" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url.endsWith("/activation/void"))).toBeTruthy());
    expect(customCalls.find((c) => c.url.endsWith("/activation/void"))).toMatchObject({ method: "put", payload: { ids: ["c1"], voidReason: "批次印错" } });
    expect(await screen.findByText("作废成功")).toBeTruthy();
  });

  it("编辑 changes the remark (and validity) of a code through /activation/edit", async () => {
    grant("bbh:activation:edit");
    const { customCalls } = renderPage();
    await screen.findByText("ABCDE23456");
    const row = screen.getByText("ABCDE23456").closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByText("编辑"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByPlaceholderText("请输入备注"), { target: { value: "给井冈山中学" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url.endsWith("/activation/edit"))).toBeTruthy());
    expect(customCalls.find((c) => c.url.endsWith("/activation/edit"))).toMatchObject({ method: "put", payload: { id: "c1", remark: "给井冈山中学", validStartTime: null, validEndTime: null } });
  });
});
