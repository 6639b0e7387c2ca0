import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import { diffVersions, wireTime } from "./compare";
import DataLogListPage from "./list";

const route: NavRoute = {
  path: "/sys/dataLog-list",
  name: "data-log",
  title: "数据日志",
  component: "system/DataLogList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/sys/dataLog-list",
  trail: [],
};

const v1 = { id: "L1", dataTable: "sys_role", dataId: "R1", dataVersion: 1, dataContent: JSON.stringify({ id: "R1", role_name: "旧名称", role_code: "r1", update_time: null }), createBy: "admin", createTime: "2026-11-25 10:00:00" };
const v2 = { id: "L2", dataTable: "sys_role", dataId: "R1", dataVersion: 2, dataContent: JSON.stringify({ id: "R1", role_name: "新名称", role_code: "r1", update_time: "2026-11-25T02:00:00.000+00:00" }), createBy: "admin", createTime: "2026-11-25 10:05:00" };
const other = { id: "L3", dataTable: "sys_user", dataId: "U1", dataVersion: 1, dataContent: "{}", createBy: "admin", createTime: "2026-11-25 10:06:00" };

function renderPage() {
  const data = recordingDataProvider([v2, v1, other]);
  const customCalls: Array<{ url: string; query?: unknown }> = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, query }) => {
      customCalls.push({ url, query });
      return { data: [v1, v2] as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <DataLogListPage route={route} />
    </TestWrapper>,
  );
  return { customCalls };
}

const rowOf = (text: string) => screen.getAllByText(text)[0]!.closest("tr")!;

describe("数据日志", () => {
  it("diffs two snapshots field by field, times shown as the wire shows them", () => {
    const rows = diffVersions(v1, v2);
    expect(rows.filter((r) => r.changed).map((r) => r.field)).toEqual(["role_name", "update_time"]);
    expect(rows.find((r) => r.field === "update_time")).toMatchObject({ left: "null", right: "2026-11-25 10:00:00" });
    expect(wireTime("not a time")).toBe("not a time");
  });

  it("refuses to compare versions of different rows, and compares two versions of one row side by side", async () => {
    const { customCalls } = renderPage();
    await screen.findByText("U1");
    fireEvent.click(within(rowOf("U1")).getByRole("checkbox"));
    fireEvent.click(within(screen.getAllByText("R1")[0]!.closest("tr")!).getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "数据比较" }));
    await screen.findByText("请选择同一条数据（相同的表名和数据编号）的两个版本");
    expect(customCalls).toHaveLength(0);

    fireEvent.click(within(rowOf("U1")).getByRole("checkbox"));
    fireEvent.click(within(screen.getAllByText("R1")[1]!.closest("tr")!).getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "数据比较" }));
    await waitFor(() => expect(customCalls[0]).toMatchObject({ url: "/sys/dataLog/queryCompareList", query: { dataId1: "L1", dataId2: "L2" } }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("diff-count").textContent).toBe("2");
    const changed = dialog.querySelectorAll('tr[data-changed="true"]');
    expect([...changed].map((tr) => tr.textContent)).toEqual([expect.stringContaining("旧名称新名称"), expect.stringContaining("update_time")]);
  });
});
