import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import QuartzJobListPage from "./list";

const route: NavRoute = {
  path: "/isystem/QuartzJobList",
  name: "quartz",
  title: "定时任务",
  component: "system/QuartzJobList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/isystem/QuartzJobList",
  trail: [],
};

const ROWS = [
  { id: "j1", jobClassName: "redmark.job.HeartbeatJob", jobClassTitle: "心跳", cronExpression: "0/2 * * * * ?", parameter: null, description: "每 2 秒", status: 0, nextRunTime: "2026-11-25 10:00:02" },
  { id: "j2", jobClassName: "org.jeecg.modules.demo.Gone", jobClassTitle: null, cronExpression: "0 0 3 * * ?", parameter: null, description: null, status: -1, nextRunTime: null },
];
const TIMES = ["2026-11-25 10:00:02", "2026-11-25 10:00:04", "2026-11-25 10:00:06", "2026-11-25 10:00:08", "2026-11-25 10:00:10"];

function renderPage() {
  const data = recordingDataProvider(ROWS);
  const calls: Array<{ url: string; query?: Record<string, unknown> }> = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, query, meta }) => {
      calls.push({ url, query: query as Record<string, unknown> });
      if (url.endsWith("/jobClasses")) return { data: [{ value: "redmark.job.HeartbeatJob", title: "心跳", description: "" }] as never };
      if (url.endsWith("/cronPreview")) {
        const cron = String((query as { cronExpression: string }).cronExpression);
        if (cron.includes("61")) throw Object.assign(new Error("Cron表达式「0 61 * * * ?」格式不正确：「分」字段的取值超出范围"), { notified: true });
        return { data: (meta?.envelope ? { message: "", result: TIMES } : TIMES) as never };
      }
      return { data: null as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <QuartzJobListPage route={route} />
    </TestWrapper>,
  );
  return { calls };
}

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

describe("定时任务", () => {
  it("stops a running job with its switch, and marks a class that is not registered", async () => {
    grant("system:quartzJob:pause", "system:quartzJob:resume", "system:quartzJob:execute");
    const { calls } = renderPage();
    await screen.findByText("心跳");
    expect(screen.getByText("org.jeecg.modules.demo.Gone（未注册）")).toBeTruthy();
    fireEvent.click(screen.getByTestId("status-j1"));
    await waitFor(() => expect(calls.find((c) => c.url === "/sys/quartzJob/pause")).toMatchObject({ query: { id: "j1" } }));
    fireEvent.click(screen.getAllByText("立即执行")[0]!);
    await waitFor(() => expect(calls.find((c) => c.url === "/sys/quartzJob/execute")).toMatchObject({ query: { id: "j1" } }));
  });

  it("without the buttons the switch is disabled and 立即执行 is not offered", async () => {
    renderPage();
    await screen.findByText("心跳");
    expect((screen.getByTestId("status-j1") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText("立即执行")).toBeNull();
  });

  it("checks the cron expression as it is typed and shows the next 5 run times", async () => {
    grant("system:quartzJob:add");
    renderPage();
    await screen.findByText("心跳");
    fireEvent.click(screen.getByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    const input = within(dialog).getByTestId("cron-input");
    fireEvent.change(input, { target: { value: "0 61 * * * ?" } });
    await within(dialog).findByText(/「分」字段的取值超出范围/, undefined, { timeout: 3000 });
    fireEvent.change(input, { target: { value: "0/2 * * * * ?" } });
    await within(dialog).findByText("最近 5 次运行时间", undefined, { timeout: 3000 });
    expect(within(dialog).getByText(`第 5 次：${TIMES[4]}`)).toBeTruthy();
  });
});
