import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import dayjs from "dayjs";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import { toQueryParams } from "../../../providers/data-provider";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import LogListPage, { logFilters } from "./list";

const route: NavRoute = { path: "/isystem/log", name: "log", title: "日志管理", component: "system/LogList", internalOrExternal: false, keepAlive: false, menuKey: "/isystem/log", trail: [] };
const ROWS = [
  { id: "1", logType: 2, logType_dictText: "操作日志", logContent: "POST /jeecg-boot/sys/role/add", operateType: 2, operateType_dictText: "添加", userid: "admin", username: "管理员", ip: "127.0.0.1", method: "/jeecg-boot/sys/role/add", requestUrl: "/jeecg-boot/sys/role/add", requestParam: '{"roleCode":"r1"}', requestType: "POST", costTime: 12, createTime: "2026-11-25 10:00:00" },
];

afterEach(() => clearAuthLists());

describe("日志管理", () => {
  it("turns the search into the server's parameters (keyWord, user, IP, time range)", () => {
    const params = toQueryParams(logFilters({ keyWord: " 登录 ", user: "admin", ip: "127.0", createTime: [dayjs("2026-11-01 00:00:00"), dayjs("2026-11-02 12:30:00")] }));
    expect(params).toEqual({ keyWord: "登录", user: "admin", ip: "*127.0*", createTime_begin: "2026-11-01 00:00:00", createTime_end: "2026-11-02 12:30:00" });
  });

  it("lists each tab's type, and only offers deleting with the delete button", async () => {
    const data = recordingDataProvider(ROWS);
    render(
      <TestWrapper dataProvider={data.provider}>
        <LogListPage route={route} />
      </TestWrapper>,
    );
    await waitFor(() => expect(data.calls.at(-1)?.filters).toEqual(expect.arrayContaining([{ field: "logType", operator: "eq", value: 1 }])));
    expect(screen.queryByText("清空日志")).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: "操作日志" }));
    await waitFor(() => expect(data.calls.at(-1)?.filters).toEqual(expect.arrayContaining([{ field: "logType", operator: "eq", value: 2 }])));
    const panel = screen.getByRole("tabpanel");
    await within(panel).findByText("POST /jeecg-boot/sys/role/add");
    expect(within(panel).getByText("添加")).toBeTruthy();
  });

  it("shows 清空日志 to a user with system:log:delete", async () => {
    setAuthLists([{ action: "system:log:delete", type: "1", describe: "" }], [{ action: "system:log:delete", type: "1", describe: "", status: "1" }]);
    render(
      <TestWrapper dataProvider={recordingDataProvider(ROWS).provider}>
        <LogListPage route={route} />
      </TestWrapper>,
    );
    await screen.findByText("清空日志");
  });
});
