import type { DataProvider } from "@refinedev/core";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import ActivityTaskListPage from "./task-list";

const route: NavRoute = { path: "/bbh/activity/task", name: "bbh-task", title: "任务管理", component: "bbh/activity/ActivityTaskList", internalOrExternal: false, keepAlive: false, menuKey: "/bbh/activity/task", trail: [] };

type Call = { url: string; method: string; payload?: unknown; query?: Record<string, unknown> };

const task = (id: string, taskName: string, sortNo: number, taskType: number) => ({ id, activityId: "a1", taskName, taskType, score: 10, isRequired: 1, taskStatus: 1, sortNo });
const TASKS = [task("t1", "打卡一", 1, 1), task("t2", "扫码二", 2, 2), task("t3", "答题三", 3, 3)];

function renderPage(answer: (call: Call) => unknown = () => undefined) {
  const calls: Call[] = [];
  let tasks = TASKS;
  const provider: DataProvider = {
    ...recordingDataProvider([]).provider,
    custom: async ({ url, method, payload, query }) => {
      const call = { url, method, payload, query: query as Record<string, unknown> };
      calls.push(call);
      const special = answer(call);
      if (special instanceof Error) throw special;
      if (special !== undefined) return { data: special as never };
      if (url.includes("getDictItems") || url.endsWith("getActivityNameSelectList")) return { data: [] as never };
      if (url.endsWith("/task/list")) return { data: { records: tasks } as never };
      if (url.endsWith("/main/queryById")) return { data: { activityName: "井冈山研学", activityType: 1 } as never };
      if (url.endsWith("/changeTaskSort")) {
        const ids = (payload as { taskIds: string[] }).taskIds;
        tasks = ids.map((id, i) => ({ ...tasks.find((t) => t.id === id)!, sortNo: i + 1 }));
        return { data: null as never };
      }
      return { data: null as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <ActivityTaskListPage route={route} />
    </TestWrapper>,
  );
  return calls;
}

// jsdom has no layout: give table rows the geometry of a real table (40 px each, stacked) so dnd-kit's keyboard
// sensor can find the row below, as it does in a browser.
const realRect = Element.prototype.getBoundingClientRect;
function stackedRows(this: Element) {
  const row = this.closest("tr[data-row-key]");
  if (!row) return realRect.call(this);
  const index = Array.from(row.parentElement!.children).indexOf(row);
  return { x: 0, y: 100 + index * 40, top: 100 + index * 40, left: 0, width: 800, height: 40, right: 800, bottom: 140 + index * 40, toJSON: () => ({}) } as DOMRect;
}
beforeEach(() => {
  window.history.pushState({}, "", "/bbh/activity/task?activityId=a1");
  Element.prototype.getBoundingClientRect = stackedRows;
});
afterEach(() => {
  clearAuthLists();
  window.history.pushState({}, "", "/");
  Element.prototype.getBoundingClientRect = realRect;
});
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));
/** dnd-kit's keyboard sensor listens (on the window) from a timer after the pick-up: a key per tick. */
async function press(el: Element, code: string, key: string) {
  await act(async () => {
    fireEvent.keyDown(el, { code, key });
    await new Promise((r) => setTimeout(r, 60));
  });
}
async function keyboardMove(handle: HTMLElement, rows: number) {
  handle.focus();
  await press(handle, "Space", " ");
  for (let i = 0; i < rows; i++) await press(document.activeElement ?? handle, "ArrowDown", "ArrowDown");
  await press(document.activeElement ?? handle, "Space", " ");
}
const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;
const names = () => screen.getAllByRole("row").slice(1).map((r) => within(r).queryAllByRole("cell")[2]?.textContent);

describe("任务管理 (bbh/activity/ActivityTaskList)", () => {
  it("lists the activity's tasks in order; without the codes no drag handles, 新增, 题目 or 二维码", async () => {
    const calls = renderPage();
    await screen.findByText("扫码二");
    expect(calls.find((c) => c.url.endsWith("/task/list"))?.query).toMatchObject({ activityId: "a1", column: "sortNo", order: "asc" });
    expect(document.querySelectorAll(".rm-drag-handle")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: /新增任务/ })).toBeNull();
    expect(within(rowOf("扫码二")).queryByText("二维码")).toBeNull();
    expect(within(rowOf("答题三")).queryByText("题目")).toBeNull();
  });

  it("moving a task with the keyboard drag sends the whole new order to changeTaskSort and reloads", async () => {
    grant("bbh:task:sort");
    const calls = renderPage();
    await screen.findByText("打卡一");
    const handles = document.querySelectorAll<HTMLElement>(".rm-drag-handle");
    expect(handles).toHaveLength(3);
    // pick up the first row, move it down one row, drop it
    await keyboardMove(handles[0], 1);
    await waitFor(() => expect(calls.find((c) => c.url.endsWith("/changeTaskSort"))).toBeTruthy());
    const sortCall = calls.find((c) => c.url.endsWith("/changeTaskSort"))!;
    expect(sortCall).toMatchObject({ method: "put", payload: { activityId: "a1" } });
    expect((sortCall.payload as { taskIds: string[] }).taskIds).toEqual(["t2", "t1", "t3"]);
    expect(await screen.findByText("排序成功")).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(["扫码二", "打卡一", "答题三"]));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith("/task/list")).length).toBeGreaterThanOrEqual(2));
  });

  it("a refused sort puts the rows back and shows the server's reason", async () => {
    grant("bbh:task:sort");
    renderPage((c) => (c.url.endsWith("/changeTaskSort") ? Object.assign(new Error("任务列表已变化，请刷新后重试"), { statusCode: 400 }) : undefined));
    await screen.findByText("打卡一");
    await keyboardMove(document.querySelectorAll<HTMLElement>(".rm-drag-handle")[0], 1);
    expect(await screen.findByText("任务列表已变化，请刷新后重试")).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(["打卡一", "扫码二", "答题三"]));
  });

  it("fixed questions: loads the task's questions, saves the chosen ones in order through saveQuestions", async () => {
    grant("bbh:task:edit");
    const calls = renderPage((c) => {
      if (c.url.endsWith("/queryQuestions")) return [{ questionId: "q1" }];
      if (c.url.endsWith("/question/queryById")) return { id: "q1", content: "遵义会议在哪一年召开？" };
      if (c.url.endsWith("/question/list")) return { records: [{ id: "q1", content: "遵义会议在哪一年召开？" }, { id: "q2", content: "长征从哪里出发？", answerType_dictText: "单选" }] };
      return undefined;
    });
    await screen.findByText("答题三");
    expect(within(rowOf("打卡一")).queryByText("题目")).toBeNull();
    fireEvent.click(within(rowOf("答题三")).getByText("题目"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("固定题目 · 答题三")).toBeTruthy();
    await within(dialog).findByText("遵义会议在哪一年召开？");
    expect(calls.find((c) => c.url.endsWith("/queryQuestions"))?.query).toEqual({ taskId: "t3" });
    fireEvent.mouseDown(within(dialog).getByRole("combobox"));
    fireEvent.click(await screen.findByText("【单选】长征从哪里出发？"));
    expect(within(dialog).getByText("共 2 题")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith("/saveQuestions"))).toBeTruthy());
    expect(calls.find((c) => c.url.endsWith("/saveQuestions"))).toMatchObject({ method: "post", payload: { taskId: "t3", questions: [{ questionId: "q1" }, { questionId: "q2" }] } });
    expect(await screen.findByText("保存成功")).toBeTruthy();
  });

  it("QR code: only for 扫码 tasks, drawn from the server's content (a canvas), downloadable", async () => {
    grant("bbh:task:qrCode");
    const calls = renderPage((c) => (c.url.endsWith("/qrCode") ? { content: "bbh:task:QRTOKEN123" } : undefined));
    await screen.findByText("扫码二");
    expect(within(rowOf("打卡一")).queryByText("二维码")).toBeNull();
    fireEvent.click(within(rowOf("扫码二")).getByText("二维码"));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("bbh:task:QRTOKEN123")).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("/qrCode"))?.query).toEqual({ id: "t2" });
    expect(dialog.querySelector(".ant-qrcode canvas")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: /下载二维码/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});
