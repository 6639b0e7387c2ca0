import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import ActivityListPage from "./list";
import { SettleDialog, type TimeRow } from "./time-list";

const route = (title: string, component: string): NavRoute => ({ path: "/bbh/activity/red", name: "bbh-red", title, component, internalOrExternal: false, keepAlive: false, menuKey: "/bbh/activity/red", trail: [] });

type Call = { url: string; method: string; payload?: unknown; query?: unknown };

function provider(rows: Record<string, unknown>[], answer: (call: Call) => unknown | Promise<unknown>) {
  const data = recordingDataProvider(rows);
  const customCalls: Call[] = [];
  const p: DataProvider = {
    ...data.provider,
    custom: async ({ url, method, payload, query, meta }) => {
      const call = { url, method, payload, query };
      customCalls.push(call);
      const result = await answer(call);
      if (result instanceof Error) throw result;
      return { data: (meta?.envelope ? { message: "发布成功", result } : result) as never };
    },
  };
  return { ...data, provider: p, customCalls };
}

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

const draft = { id: "a1", activityName: "重走长征路", activityType: 2, publishStatus: 0, publishStatus_dictText: "未发布", teamMode_dictText: "个人", totalScore: 30, createTime: "2025-01-01 10:00:00" };

describe("活动列表 (bbh/activity/RedActivityList)", () => {
  it("lists the red activities only (activityType=2 on every list request); no buttons without the codes", async () => {
    const { provider: p, calls } = provider([draft], () => []);
    render(
      <TestWrapper dataProvider={p}>
        <ActivityListPage route={route("红色活动", "bbh/activity/RedActivityList")} activityType={2} />
      </TestWrapper>,
    );
    expect(await screen.findByText("重走长征路")).toBeTruthy();
    expect(screen.getByText("未发布")).toBeTruthy();
    expect(calls[0].meta).toMatchObject({ apiBase: "/bbh/api/activity/main" });
    expect(calls[0].filters).toContainEqual({ field: "activityType", operator: "eq", value: 2 });
    expect(screen.queryByRole("button", { name: /新\s*增/ })).toBeNull();
    const row = screen.getByText("重走长征路").closest("tr") as HTMLElement;
    expect(within(row).queryByText("发布")).toBeNull();
    expect(within(row).queryByText("编辑")).toBeNull();
  });

  it("publishing an activity the server refuses shows the server's reason and changes nothing in the row", async () => {
    grant("bbh:activity:publish", "bbh:activity:add");
    const { provider: p, customCalls } = provider([draft], (call) =>
      call.url.endsWith("/updatePublish") ? Object.assign(new Error("请至少设置一个活动时间段"), { statusCode: 400 }) : [],
    );
    render(
      <TestWrapper dataProvider={p}>
        <ActivityListPage route={route("红色活动", "bbh/activity/RedActivityList")} activityType={2} />
      </TestWrapper>,
    );
    await screen.findByText("重走长征路");
    expect(screen.getByRole("button", { name: /新\s*增/ })).toBeTruthy();
    fireEvent.click(screen.getByText("发布"));
    const [confirm] = await screen.findAllByText("确认发布");
    fireEvent.click(within(confirm.closest(".ant-modal-confirm") as HTMLElement).getByRole("button", { name: /确\s*定/ }));
    expect((await screen.findAllByText("发布失败")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("请至少设置一个活动时间段").length).toBeGreaterThan(0);
    expect(customCalls.find((c) => c.url === "/bbh/api/activity/main/updatePublish")?.payload).toMatchObject({ id: "a1", publishStatus: 1 });
    expect(screen.getByText("未发布")).toBeTruthy();
  });
});

describe("结算 dialog", () => {
  const row: TimeRow = { id: "t1", activityId: "a1", timeName: "第一期", startTime: "2025-01-01 00:00:00", endTime: "2025-01-02 00:00:00", timeStatus: 1, displayStatus: "已截止·待结算", roundNo: 1, participantCount: 3 };

  it("shows progress while the request runs, then the result counts and the top list", async () => {
    let finish!: (value: unknown) => void;
    const { provider: p, customCalls } = provider([], (call) =>
      call.url.endsWith("/settleActivityTime") ? new Promise((done) => (finish = done)) : [],
    );
    render(
      <TestWrapper dataProvider={p}>
        <SettleDialog row={row} onClose={() => undefined} />
      </TestWrapper>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "确认结算" }));
    expect(await screen.findByText("正在结算，请勿关闭…")).toBeTruthy();
    expect(screen.getByRole("progressbar")).toBeTruthy();
    finish({
      roundNo: 1, settleTime: "2025-01-02 00:01:00", participantCount: 3, rankedCount: 2, finishedCount: 1, groupCount: 0, ledgerCount: 4, expiredTaskCount: 5,
      top: [{ rankNo: 1, displayName: "小红", totalScore: 30, durationSeconds: 3725 }, { rankNo: 2, displayName: "小明", totalScore: 20, durationSeconds: null }],
    });
    expect(await screen.findByText("结算完成")).toBeTruthy();
    const counts = (label: string) => screen.getByText(label).closest("tr")!;
    expect(within(counts("上榜人数")).getByText("2")).toBeTruthy();
    expect(within(counts("失效任务")).getByText("5")).toBeTruthy();
    expect(screen.getByText("小红")).toBeTruthy();
    expect(screen.getByText("1:02:05")).toBeTruthy();
    // Not yet ended by the clock? The window ended in 2025, so 提前结算 is not sent.
    await waitFor(() => expect(customCalls.find((c) => c.url.endsWith("/settleActivityTime"))?.payload).toEqual({ id: "t1", force: undefined, ignorePending: undefined }));
  });

  it("shows the server's refusal", async () => {
    const { provider: p } = provider([], (call) => (call.url.endsWith("/settleActivityTime") ? Object.assign(new Error("仍有2条答案待审核，请先完成审核再结算"), { statusCode: 400 }) : []));
    render(
      <TestWrapper dataProvider={p}>
        <SettleDialog row={row} onClose={() => undefined} />
      </TestWrapper>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "确认结算" }));
    expect(await screen.findByText("结算失败")).toBeTruthy();
    expect(screen.getByText("仍有2条答案待审核，请先完成审核再结算")).toBeTruthy();
  });
});
