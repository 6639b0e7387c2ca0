import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import ActivityListPage from "./list";
import ActivityTaskListPage from "./task-list";

type Call = { url: string; method: string; query?: Record<string, unknown> };

const route = (title: string, component: string, path: string): NavRoute => ({ path, name: path, title, component, internalOrExternal: false, keepAlive: false, menuKey: path, trail: [] });

afterEach(() => {
  clearAuthLists();
  window.history.pushState({}, "", "/");
});
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

// The server's refusal of a file (server/modules/bbh/activity-excel.ts): every bad row with its column.
const refusal = () =>
  Object.assign(new Error("文件导入失败:共2行数据有误，未导入任何数据。第3行：「参与方式」「接力赛」不正确"), {
    statusCode: 400,
    result: {
      errors: [
        { line: 3, column: "参与方式", message: "「接力赛」不正确，应为 个人赛、团队赛 或 个人+团队" },
        { line: 5, column: "结束时间", message: "活动结束时间必须晚于开始时间" },
      ],
    },
  });

function renderPage(page: React.ReactNode, answer: (call: Call) => unknown = () => undefined) {
  const calls: Call[] = [];
  const provider: DataProvider = {
    ...recordingDataProvider([{ id: "a1", activityName: "重走长征路", activityType: 1, publishStatus: 0 }]).provider,
    custom: async ({ url, method, query, meta }) => {
      const call = { url, method, query: query as Record<string, unknown> };
      calls.push(call);
      const special = answer(call);
      if (special instanceof Error) throw special;
      if (url.endsWith("/importExcel")) return { data: { message: "文件导入成功！数据行数：2", result: { total: 2 } } as never };
      if (url.endsWith("/task/list")) return { data: { records: [] } as never };
      if (url.endsWith("/main/queryById")) return { data: { activityName: "井冈山研学", activityType: 1 } as never };
      return { data: (meta?.envelope ? { message: "", result: null } : []) as never };
    },
  };
  const view = render(<TestWrapper dataProvider={provider}>{page}</TestWrapper>);
  return { calls, view };
}

const upload = async (container: HTMLElement) => {
  const input = await waitFor(() => container.querySelector("input[type=file]") as HTMLInputElement);
  fireEvent.change(input, { target: { files: [new File(["x"], "rows.xlsx")] } });
};

describe("活动导入 (自定义活动 / 红色活动)", () => {
  const page = (type: 1 | 2) => <ActivityListPage route={route(type === 2 ? "红色活动" : "自定义活动", type === 2 ? "bbh/activity/RedActivityList" : "bbh/activity/CustomActivityList", "/bbh/activity/custom")} activityType={type} />;

  it("shows 导入 and 下载模板 only with bbh:activity:import", async () => {
    grant("bbh:activity:export");
    const { view } = renderPage(page(1));
    expect(await screen.findByText("重走长征路")).toBeTruthy();
    expect(screen.getByRole("button", { name: /导\s*出/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /导\s*入/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /下载模板/ })).toBeNull();
    expect(view.container.querySelector("input[type=file]")).toBeNull();
  });

  it("uploads with the page's activity type, fetches the template, and lists a refused file's rows with their columns", async () => {
    grant("bbh:activity:import");
    let refuse = false;
    const { calls, view } = renderPage(page(2), (call) => (refuse && call.url.endsWith("/importExcel") ? refusal() : undefined));
    expect(await screen.findByRole("button", { name: /导\s*入/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /导\s*出/ })).toBeNull();
    await upload(view.container);
    await waitFor(() => expect(calls.find((c) => c.url === "/bbh/api/activity/main/importExcel")).toMatchObject({ method: "post", query: { activityType: 2 } }));
    expect(await screen.findByText("文件导入成功！数据行数：2")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /下载模板/ }));
    await waitFor(() => expect(calls.find((c) => c.url === "/bbh/api/activity/main/importTemplate")).toBeTruthy());

    refuse = true;
    await upload(view.container);
    const list = await screen.findByLabelText("导入错误");
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["第3行：「参与方式」「接力赛」不正确，应为 个人赛、团队赛 或 个人+团队", "第5行：「结束时间」活动结束时间必须晚于开始时间"]);
  });
});

describe("任务导入 (bbh/activity/ActivityTaskList)", () => {
  const page = () => <ActivityTaskListPage route={route("任务管理", "bbh/activity/ActivityTaskList", "/bbh/activity/task")} />;

  it("hides 导入 without bbh:task:import", async () => {
    window.history.pushState({}, "", "/bbh/activity/task?activityId=a1");
    grant("bbh:task:add", "bbh:task:export");
    const { view } = renderPage(page());
    expect(await screen.findByRole("button", { name: /新增任务/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /导\s*出/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /导\s*入/ })).toBeNull();
    expect(view.container.querySelector("input[type=file]")).toBeNull();
  });

  it("imports into the chosen activity and reads its tasks again", async () => {
    window.history.pushState({}, "", "/bbh/activity/task?activityId=a1");
    grant("bbh:task:import", "bbh:task:export");
    const { calls, view } = renderPage(page());
    expect(await screen.findByRole("button", { name: /导\s*入/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /下载模板/ })).toBeTruthy();
    await upload(view.container);
    await waitFor(() => expect(calls.find((c) => c.url === "/bbh/api/activity/task/importExcel")).toMatchObject({ method: "post", query: { activityId: "a1" } }));
    // The list is read again after the import.
    await waitFor(() => expect(calls.filter((c) => c.url === "/bbh/api/activity/task/list").length).toBeGreaterThan(1));
  });
});
