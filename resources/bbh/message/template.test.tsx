import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import { contentPreview } from "./message-list";
import MessageTemplateListPage from "./template-list";

const route: NavRoute = {
  path: "/bbh/message/template",
  name: "bbh-message-template",
  title: "消息模板",
  component: "bbh/message/MessageTemplateList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/bbh/message/template",
  trail: [],
};

const MAPPING = { thing1: "${activityName}", phrase2: "${auditResult}", time3: "${auditTime}" };
const ROWS = [
  { id: "t1", templateCode: "ANSWER_AUDIT_RESULT", templateName: "答案审核结果", channel: 1, channel_dictText: "小程序订阅消息", scene: "answer_audit", scene_dictText: "答案审核结果", wxTemplateId: "wx-tpl-1", pagePath: "pages/task/answer?id=${answerId}", miniprogramState: "formal", fieldMapping: JSON.stringify(MAPPING), templateStatus: 1 },
];
const DICTS: Record<string, Array<{ value: string; text: string }>> = {
  bbh_msg_channel: [{ value: "1", text: "小程序订阅消息" }, { value: "2", text: "站内消息" }, { value: "3", text: "短信" }],
  bbh_msg_scene: [{ value: "answer_audit", text: "答案审核结果" }, { value: "system", text: "系统通知" }],
  bbh_mp_state: [{ value: "formal", text: "正式版" }],
  bbh_enable_status: [{ value: "1", text: "启用" }, { value: "0", text: "停用" }],
};
const PREVIEW = {
  channel: 1,
  title: "答案审核结果",
  content: null,
  pagePath: "pages/task/answer?id=1800000000000000001",
  fields: [
    { key: "thing1", expression: "${activityName}", rendered: "重走红色路·青少年研学打卡活动第一期全体", value: "重走红色路·青少年研学打卡活动第一期全", limit: "≤20字", trimmed: true },
    { key: "time3", expression: "${auditTime}", rendered: "2026-07-01 09:30:00", value: "2026年7月1日 09:30", limit: "yyyy年M月d日 HH:mm", trimmed: false },
  ],
  variables: [{ name: "activityName", label: "活动名称", value: "重走红色路" }],
};

function renderPage(answer: (url: string) => unknown = () => null) {
  const data = recordingDataProvider(ROWS);
  const customCalls: Array<{ url: string; method: string; payload?: unknown }> = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, method, payload }) => {
      customCalls.push({ url, method, payload });
      const dict = /getDictItems\/(\w+)/.exec(url);
      if (dict) return { data: (DICTS[dict[1]] ?? []) as never };
      const result = answer(url);
      if (result instanceof Error) throw result;
      return { data: result as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <MessageTemplateListPage route={route} />
    </TestWrapper>,
  );
  return { ...data, customCalls };
}

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

describe("消息模板", () => {
  it("edits a subscribe template's field mapping as rows and previews the form with the server's cut values", async () => {
    grant("bbh:messageTemplate:edit");
    const { customCalls } = renderPage((url) => (url.endsWith("/messageTemplate/preview") ? PREVIEW : null));
    await screen.findByText("ANSWER_AUDIT_RESULT");
    fireEvent.click(screen.getByText("编辑"));
    const drawer = await screen.findByRole("dialog");
    await waitFor(() => expect(within(drawer).getByDisplayValue("phrase2")).toBeTruthy());
    expect(within(drawer).getByDisplayValue("${auditResult}")).toBeTruthy();
    // The scene's variables are offered.
    expect(within(drawer).getByText("${taskName}")).toBeTruthy();
    // Change one expression, then preview.
    fireEvent.change(within(drawer).getByDisplayValue("${auditResult}"), { target: { value: "结果：${auditResult}" } });
    fireEvent.click(within(drawer).getByRole("button", { name: /预\s*览/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url.endsWith("/preview"))).toBeTruthy());
    const call = customCalls.find((c) => c.url.endsWith("/preview"))!;
    expect(call.method).toBe("post");
    expect(JSON.parse((call.payload as { fieldMapping: string }).fieldMapping)).toEqual({ ...MAPPING, phrase2: "结果：${auditResult}" });
    expect(call.payload).toMatchObject({ templateCode: "ANSWER_AUDIT_RESULT", channel: 1, wxTemplateId: "wx-tpl-1" });
    expect(await screen.findByText("消息预览")).toBeTruthy();
    expect(screen.getByText("2026年7月1日 09:30")).toBeTruthy();
    expect(screen.getAllByText("已截断")).toHaveLength(1);
  });

  it("shows title and content for an in-app template instead of the WeChat fields, and refuses a missing content before sending", async () => {
    grant("bbh:messageTemplate:add");
    const { customCalls } = renderPage(() => null);
    await screen.findByText("ANSWER_AUDIT_RESULT");
    fireEvent.click(screen.getByRole("button", { name: /新\s*增/ }));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("字段映射")).toBeTruthy();
    fireEvent.mouseDown(within(drawer).getByLabelText("消息渠道"));
    fireEvent.click(await screen.findByTitle("站内消息"));
    await waitFor(() => expect(within(drawer).queryByText("字段映射")).toBeNull());
    expect(within(drawer).queryByLabelText("微信模板ID")).toBeNull();
    fireEvent.change(within(drawer).getByLabelText("模板编码"), { target: { value: "NOTICE" } });
    fireEvent.change(within(drawer).getByLabelText("模板名称"), { target: { value: "通知" } });
    fireEvent.mouseDown(within(drawer).getByLabelText("触发场景"));
    fireEvent.click(await screen.findByTitle("系统通知"));
    fireEvent.change(within(drawer).getByLabelText("标题"), { target: { value: "${title}" } });
    fireEvent.click(within(drawer).getByRole("button", { name: /确\s*定/ }));
    expect(await within(drawer).findByText(/请输入内容/)).toBeTruthy();
    expect(customCalls.find((c) => c.url.endsWith("/add"))).toBeUndefined();
    fireEvent.change(within(drawer).getByLabelText("内容"), { target: { value: "${content}" } });
    fireEvent.click(within(drawer).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url.endsWith("/messageTemplate/add"))).toBeTruthy());
    const body = customCalls.find((c) => c.url.endsWith("/messageTemplate/add"))!.payload as Record<string, unknown>;
    expect(body).toMatchObject({ templateCode: "NOTICE", templateName: "通知", channel: 2, scene: "system", title: "${title}", content: "${content}", templateStatus: 1 });
    expect(body.fieldMapping).toBeUndefined();
  });

  it("previews a record's subscribe message as its keyword values", () => {
    expect(contentPreview({ channel: 1, content: JSON.stringify({ template_id: "x", data: { phrase2: { value: "审核通过" }, thing1: { value: "重走红色路" } } }) })).toBe("thing1：重走红色路；phrase2：审核通过");
    expect(contentPreview({ channel: 2, content: "您好" })).toBe("您好");
  });
});
