import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import ApplyListPage from "./apply-list";
import GradeListPage from "./grade-list";
import GroupListPage from "./group-list";
import GroupGradeListPage from "./group-grade-list";
import ScoreListPage from "./score-list";

const route = (title: string, component: string): NavRoute => ({ path: "/bbh/activity/x", name: "bbh-x", title, component, internalOrExternal: false, keepAlive: false, menuKey: "/bbh/activity/x", trail: [] });

type Call = { url: string; method: string; payload?: unknown };

function renderPage(page: ReactElement, rows: Record<string, unknown>[], answer: (call: Call) => unknown = () => null) {
  const data = recordingDataProvider(rows);
  const customCalls: Call[] = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, method, payload }) => {
      customCalls.push({ url, method, payload });
      if (url.includes("getDictItems")) return { data: [] as never };
      if (url.endsWith("getActivityNameSelectList")) return { data: [{ value: "a1", text: "井冈山红色研学" }] as never };
      const result = answer({ url, method, payload });
      if (result instanceof Error) throw result;
      return { data: result as never };
    },
  };
  render(<TestWrapper dataProvider={provider}>{page}</TestWrapper>);
  return { ...data, customCalls };
}

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));
const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;

const APPLIES = [
  { id: "p1", realName: "张三", phone: "138****0001", applyStatus: 0, applyStatus_dictText: "待审核" },
  { id: "p2", realName: "李四", phone: "138****0002", applyStatus: 1, applyStatus_dictText: "已通过" },
];

describe("报名管理 (bbh/activity/ActivityApplyList)", () => {
  it("lists applies with masked phones from the apply API; 通过/拒绝 only on pending ones and only with the code", async () => {
    const { calls } = renderPage(<ApplyListPage route={route("报名管理", "bbh/activity/ActivityApplyList")} />, APPLIES);
    await screen.findByText("张三");
    expect(screen.getByText("138****0001")).toBeTruthy();
    expect(calls[0].meta).toMatchObject({ apiBase: "/bbh/api/activity/apply" });
    expect(within(rowOf("张三")).queryByText("通过")).toBeNull();
  });

  it("refusing asks for a reason (required) and sends it with apply/audit; approving confirms first", async () => {
    grant("bbh:apply:audit");
    const { customCalls } = renderPage(<ApplyListPage route={route("报名管理", "bbh/activity/ActivityApplyList")} />, APPLIES, () => ({ updated: 1 }));
    await screen.findByText("张三");
    expect(within(rowOf("李四")).queryByText("拒绝")).toBeNull();
    fireEvent.click(within(rowOf("张三")).getByText("拒绝"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    expect(await within(dialog).findByText("请输入拒绝原因!")).toBeTruthy();
    expect(customCalls.find((c) => c.url.endsWith("/apply/audit"))).toBeUndefined();
    fireEvent.change(within(dialog).getByPlaceholderText("请输入拒绝原因"), { target: { value: "名额已满" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url.endsWith("/apply/audit"))).toBeTruthy());
    expect(customCalls.find((c) => c.url.endsWith("/apply/audit"))).toMatchObject({ method: "put", payload: { ids: ["p1"], applyStatus: 2, auditRemark: "名额已满" } });

    fireEvent.click(within(rowOf("张三")).getByText("通过"));
    await screen.findByText("确定通过该报名吗?");
    fireEvent.click(within(document.querySelector(".ant-popover") as HTMLElement).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.filter((c) => c.url.endsWith("/apply/audit"))).toHaveLength(2));
    expect(customCalls.filter((c) => c.url.endsWith("/apply/audit"))[1].payload).toEqual({ ids: ["p1"], applyStatus: 1 });
  });
});

describe("成绩 and 小组成绩 (frozen by settlement)", () => {
  it("成绩 lists rank, name, score and level read-only from the grade API, with the activity and window filters", async () => {
    const { calls } = renderPage(<GradeListPage route={route("成绩", "bbh/activity/ActivityGradeList")} />, [
      { id: "g1", rankNo: 1, displayName: "演示用户1", roundNo: 1, totalScore: 90, finishedTaskCount: 9, durationSeconds: 3600, isFinished_dictText: "是", gradeLevel: "优秀" },
      { id: "g2", rankNo: null, displayName: "演示用户5", roundNo: 1, totalScore: 0, finishedTaskCount: 0, isFinished_dictText: "否" },
    ]);
    await screen.findByText("演示用户1");
    expect(calls[0].meta).toMatchObject({ apiBase: "/bbh/api/activity/grade" });
    // no 创建时间 sort of its own: the server's default (latest settlement, then 名次) orders the rows
    expect(calls[0].sorters ?? []).toEqual([]);
    const cells = within(rowOf("演示用户1")).getAllByRole("cell").map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining(["1", "演示用户1", "90", "优秀"]));
    expect(within(rowOf("演示用户5")).getByText("—")).toBeTruthy();
    expect(screen.getByText("活动")).toBeTruthy();
    expect(screen.getByText("时间段")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByText("编辑")).toBeNull();
    // nothing to do on a frozen grade: no empty 操作 column
    expect(screen.queryByRole("columnheader", { name: "操作" })).toBeNull();
  });

  it("小组成绩 lists the groups' ranks and scores from the group-grade API", async () => {
    const { calls } = renderPage(<GroupGradeListPage route={route("小组成绩", "bbh/activity/ActivityGroupGradeList")} />, [
      { id: "gg1", rankNo: 1, groupName: "星火小队", memberCount: 2, finishedMemberCount: 0, totalScore: 160, avgScore: 80, groupScore: 80 },
    ]);
    await screen.findByText("星火小队");
    expect(calls[0].meta).toMatchObject({ apiBase: "/bbh/api/activity/groupGrade" });
    expect(within(rowOf("星火小队")).getAllByRole("cell").map((c) => c.textContent)).toEqual(expect.arrayContaining(["1", "星火小队", "160"]));
  });
});

describe("积分流水 (bbh/activity/ScoreRecordList)", () => {
  it("调整积分 sends the player's round, the change and the reason to score/adjust; shows the server's refusal", async () => {
    grant("bbh:score:adjust");
    const { customCalls } = renderPage(
      <ScoreListPage route={route("积分流水", "bbh/activity/ScoreRecordList")} />,
      [{ id: "s1", userActivityId: "ua1", wxUserId: "wx1", nickname: "小星星", realName: "赵六", activityName: "井冈山红色研学", timeName: "第一期", scoreType: 1, scoreType_dictText: "任务得分", scoreChange: 10, scoreAfter: 10, reason: "打卡" }],
      (c) => (c.url.endsWith("/score/adjust") ? Object.assign(new Error("该时间段已结算，积分不能再调整"), { statusCode: 400 }) : null),
    );
    await screen.findByText("打卡");
    expect(screen.getByRole("columnheader", { name: "操作" })).toBeTruthy();
    // the player and the window by name, not by id
    expect(within(rowOf("打卡")).getByText("（赵六）")).toBeTruthy();
    expect(rowOf("打卡").textContent).toContain("小星星");
    expect(within(rowOf("打卡")).getByText("井冈山红色研学 / 第一期")).toBeTruthy();
    fireEvent.click(within(rowOf("打卡")).getByText("调整积分"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByRole("spinbutton"), { target: { value: "-5" } });
    fireEvent.change(within(dialog).getByLabelText("调整原因"), { target: { value: "重复打卡" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url.endsWith("/score/adjust"))).toBeTruthy());
    expect(customCalls.find((c) => c.url.endsWith("/score/adjust"))).toMatchObject({ method: "post", payload: { userActivityId: "ua1", scoreChange: -5, reason: "重复打卡" } });
    expect(await screen.findByText("该时间段已结算，积分不能再调整")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

describe("小组管理 (bbh/activity/ActivityGroupList)", () => {
  it("分配成员 offers the activity's approved applicants (once each) and posts the chosen ones to group/assign", async () => {
    grant("bbh:group:assign");
    const { customCalls } = renderPage(
      <GroupListPage route={route("小组管理", "bbh/activity/ActivityGroupList")} />,
      [{ id: "grp1", activityId: "a1", groupName: "星火小队", memberCount: 1, maxMembers: 5, groupStatus: 1, groupStatus_dictText: "启用" }],
      (c) =>
        c.url.endsWith("/apply/list")
          ? { records: [{ wxUserId: "wx1", realName: "张三", className: "初二(3)班", groupId: "grp1" }, { wxUserId: "wx2", realName: "李四" }, { wxUserId: "wx2", realName: "李四" }] }
          : { updated: 1 },
    );
    await screen.findByText("星火小队");
    expect(within(rowOf("星火小队")).getByText("1 / 5")).toBeTruthy();
    fireEvent.click(within(rowOf("星火小队")).getByText("分配成员"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("分配成员 - 星火小队")).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole("combobox"));
    expect(await screen.findByText("张三（初二(3)班） · 已在本组")).toBeTruthy();
    expect(screen.getAllByText("李四")).toHaveLength(1);
    fireEvent.click(screen.getByText("李四"));
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url.endsWith("/group/assign"))).toBeTruthy());
    expect(customCalls.find((c) => c.url.endsWith("/group/assign"))).toMatchObject({ method: "post", payload: { groupId: "grp1", wxUserIds: ["wx2"] } });
    expect(await screen.findByText("分配成功")).toBeTruthy();
  });
});
