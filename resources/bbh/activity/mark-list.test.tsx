import "@ant-design/v5-patch-for-react-19"; // as main.tsx: antd's static Modal.confirm renders under React 19
import type { DataProvider } from "@refinedev/core";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import RedActivityMarkListPage, { type MarkEntry } from "./mark-list";

const route: NavRoute = { path: "/bbh/activity/red/marks", name: "bbh-red-marks", title: "印记列表", component: "bbh/activity/RedActivityMarkList", internalOrExternal: false, keepAlive: false, menuKey: "/bbh/activity/red", trail: [] };

type Call = { url: string; method: string; payload?: unknown; query?: Record<string, unknown> };

const entry = (id: string, markName: string, sortNo: number): MarkEntry => ({ id, redMarkId: `m-${id}`, sortNo, markName, publishStatus: 1, publishStatus_dictText: "已发布", isStart: 0, isEnd: 0, isRequired: 1, taskCount: 1 });
const ENTRIES = [entry("e1", "井冈山革命博物馆", 1), entry("e2", "黄洋界保卫战旧址", 2), entry("e3", "茨坪毛泽东旧居", 3)];
const CANDIDATES = [
  { id: "m-e1", markName: "井冈山革命博物馆", regionName: "江西省吉安市" },
  { id: "m-new", markName: "瑞金叶坪旧址", regionName: "江西省赣州市" },
];

function renderPage(answer: (call: Call) => unknown = () => undefined) {
  const calls: Call[] = [];
  const provider: DataProvider = {
    ...recordingDataProvider([]).provider,
    custom: async ({ url, method, payload, query, meta }) => {
      const call = { url, method, payload, query: query as Record<string, unknown> };
      calls.push(call);
      const special = answer(call);
      if (special instanceof Error) throw special;
      if (special !== undefined) return { data: special as never };
      if (url.includes("getDictItems")) return { data: [] as never };
      if (url.endsWith("/redMarkSortAll")) return { data: ENTRIES as never };
      if (url.endsWith("/main/queryById")) return { data: { activityName: "重走长征路" } as never };
      if (url.endsWith("/redmark/list")) return { data: { records: CANDIDATES, total: 2 } as never };
      return { data: (meta?.envelope ? { message: "操作成功", result: null } : null) as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider} path="/bbh/activity/red/marks/a1">
      <Routes>
        <Route path="/bbh/activity/red/marks/:activityId" element={<RedActivityMarkListPage route={route} />} />
      </Routes>
    </TestWrapper>,
  );
  return calls;
}

// jsdom has no layout: table rows get a real table's geometry (40 px each, stacked) for dnd-kit's keyboard sensor.
const realRect = Element.prototype.getBoundingClientRect;
function stackedRows(this: Element) {
  const row = this.closest("tr[data-row-key]");
  if (!row) return realRect.call(this);
  const index = Array.from(row.parentElement!.children).indexOf(row);
  return { x: 0, y: 100 + index * 40, top: 100 + index * 40, left: 0, width: 800, height: 40, right: 800, bottom: 140 + index * 40, toJSON: () => ({}) } as DOMRect;
}
beforeEach(() => void (Element.prototype.getBoundingClientRect = stackedRows));
afterEach(() => {
  clearAuthLists();
  Element.prototype.getBoundingClientRect = realRect;
});
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));
const rowOf = (text: string) => screen.getAllByText(text)[0].closest("tr") as HTMLElement;
async function press(el: Element, code: string, key: string) {
  await act(async () => {
    fireEvent.keyDown(el, { code, key });
    await new Promise((r) => setTimeout(r, 60));
  });
}

describe("红色活动 · 印记列表 (bbh/activity/RedActivityMarkList)", () => {
  it("lists the activity's marks in order; without the codes no 添加印记, 移除 or sorting", async () => {
    const calls = renderPage();
    await screen.findByText("黄洋界保卫战旧址");
    expect(calls.find((c) => c.url.endsWith("/redMarkSortAll"))?.query).toEqual({ activityId: "a1" });
    expect(screen.queryByRole("button", { name: /添加印记/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /移\s*除/ })).toBeNull();
    expect(document.querySelectorAll(".rm-drag-handle")).toHaveLength(0);
    expect(screen.queryByLabelText("井冈山革命博物馆序号")).toBeNull();
  });

  it("adds marks: check lists the refused ones by name (already in the activity), then adds the rest", async () => {
    grant("bbh:redActivity:add");
    const calls = renderPage((c) => {
      if (c.url.endsWith("/checkRedMarkList"))
        return {
          items: [
            { redMarkId: "m-e1", markName: "井冈山革命博物馆", ok: false, code: "duplicate", message: "已在活动中", warnings: [] },
            { redMarkId: "m-new", markName: "瑞金叶坪旧址", ok: true, code: "ok", message: "可添加", warnings: [] },
          ],
        };
      if (c.url.endsWith("/addRedMarkList")) return { message: "成功添加1个印记，1个已跳过", result: { added: 1, skipped: [{ markName: "井冈山革命博物馆", message: "已在活动中" }] } };
      return undefined;
    });
    await screen.findByText("黄洋界保卫战旧址");
    fireEvent.click(screen.getByRole("button", { name: /添加印记/ }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("瑞金叶坪旧址");
    expect(calls.find((c) => c.url.endsWith("/redmark/list"))?.query).toMatchObject({ publishStatus: 1 });
    for (const name of ["井冈山革命博物馆", "瑞金叶坪旧址"]) fireEvent.click(within(within(dialog).getByText(name).closest("tr") as HTMLElement).getByRole("checkbox"));
    expect(within(dialog).getByText("已选 2 个")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: /校\s*验/ }));
    expect(await within(dialog).findByText("校验完成：1 个可添加，1 个不可添加")).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("/checkRedMarkList"))?.payload).toEqual({ activityId: "a1", redMarkIds: ["m-e1", "m-new"] });
    const results = within(dialog).getByLabelText("校验结果");
    expect(within(results).getByText(/井冈山革命博物馆/)).toBeTruthy();
    expect(within(results).getByText("已在活动中")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: /确认添加（1个）/ }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith("/addRedMarkList"))).toBeTruthy());
    expect(calls.find((c) => c.url.endsWith("/addRedMarkList"))?.payload).toEqual({ activityId: "a1", redMarkIds: ["m-e1", "m-new"], autoCreateCheckinTask: true });
    // The skipped ones are listed by name in the answer's dialog.
    expect((await screen.findAllByText("成功添加1个印记，1个已跳过")).length).toBeGreaterThan(0);
    expect(await screen.findByText("井冈山革命博物馆：已在活动中")).toBeTruthy();
  });

  it("removes the selected marks after a confirmation, through deleteRedMarkList", async () => {
    grant("bbh:redActivity:remove");
    const calls = renderPage();
    await screen.findByText("黄洋界保卫战旧址");
    const remove = screen.getByRole("button", { name: /移\s*除/ }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.click(within(rowOf("黄洋界保卫战旧址")).getByRole("checkbox"));
    fireEvent.click(remove);
    const confirm = (await screen.findByText(/是否从活动中移除选中的 1 个印记/, undefined, { timeout: 3000 })).closest(".ant-modal-confirm") as HTMLElement;
    fireEvent.click(within(confirm).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith("/deleteRedMarkList"))).toBeTruthy());
    expect(calls.find((c) => c.url.endsWith("/deleteRedMarkList"))).toMatchObject({ method: "post", payload: { activityId: "a1", ids: ["e2"] } });
    expect(await screen.findByText("移除成功")).toBeTruthy();
  });

  it("sorts by number (changeSortNumber) and by drag (changeSort with the whole order)", async () => {
    grant("bbh:redActivity:sort");
    const calls = renderPage();
    await screen.findByText("黄洋界保卫战旧址");
    const number = screen.getByLabelText("茨坪毛泽东旧居序号");
    fireEvent.change(number, { target: { value: "1" } });
    fireEvent.blur(number);
    await waitFor(() => expect(calls.find((c) => c.url.endsWith("/changeSortNumber"))).toBeTruthy());
    expect(calls.find((c) => c.url.endsWith("/changeSortNumber"))).toMatchObject({ method: "put", payload: { id: "e3", sortNumber: 1 } });
    expect(await screen.findByText("排序成功")).toBeTruthy();

    const handle = document.querySelectorAll<HTMLElement>(".rm-drag-handle")[0];
    handle.focus();
    await press(handle, "Space", " ");
    await press(document.activeElement ?? handle, "ArrowDown", "ArrowDown");
    await press(document.activeElement ?? handle, "Space", " ");
    await waitFor(() => expect(calls.find((c) => c.url.endsWith("/changeSort"))).toBeTruthy());
    expect(calls.find((c) => c.url.endsWith("/changeSort"))).toMatchObject({ method: "put", payload: { activityId: "a1", ids: ["e2", "e1", "e3"] } });
  });
});
