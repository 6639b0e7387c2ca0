import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import RedMarkListPage from "./list";

const route: NavRoute = {
  path: "/bbh/redmark",
  name: "bbh-redmark",
  title: "红色印记",
  component: "bbh/redmark/RedMarkList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/bbh/redmark",
  trail: [],
};

const DICTS: Record<string, Array<{ value: string; text: string }>> = {
  bbh_red_mark_category: [{ value: "1", text: "革命旧址" }],
  bbh_publish_status: [{ value: "0", text: "未发布" }, { value: "1", text: "已发布" }, { value: "2", text: "已下架" }],
};

const ROWS = [
  { id: "m1", markName: "八角楼", category: 1, category_dictText: "革命旧址", regionName: "井冈山市", longitude: 114.1, latitude: 26.5, publishStatus: 0, publishStatus_dictText: "未发布", audioUrl: "a.mp3" },
  { id: "m2", markName: "黄洋界", category: 1, category_dictText: "革命旧址", publishStatus: 1, publishStatus_dictText: "已发布" },
];

function renderPage(answer: (url: string, payload: unknown) => unknown = () => null) {
  const data = recordingDataProvider(ROWS);
  const customCalls: Array<{ url: string; method: string; payload?: unknown }> = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, method, payload, meta }) => {
      customCalls.push({ url, method, payload });
      const dict = /getDictItems\/(\w+)/.exec(url);
      if (dict) return { data: (DICTS[dict[1]] ?? []) as never };
      const result = answer(url, payload);
      if (result instanceof Error) throw result;
      // `api.envelope` asks for the whole envelope.
      return { data: (meta?.envelope ? { message: "缩略图正在后台生成，可稍后查询进度", result } : result) as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <RedMarkListPage route={route} />
    </TestWrapper>,
  );
  return { ...data, customCalls };
}

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

describe("红色印记 list", () => {
  it("lists /bbh/api/activity/redmark rows; no publish, add or thumbnail buttons without the codes", async () => {
    const { calls } = renderPage();
    expect(await screen.findByText("八角楼")).toBeTruthy();
    expect(screen.getByText("114.1, 26.5")).toBeTruthy();
    expect(calls[0].meta).toMatchObject({ apiBase: "/bbh/api/activity/redmark" });
    expect(screen.queryByText("发布")).toBeNull();
    expect(screen.queryByRole("button", { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "生成缩略图" })).toBeNull();
  });

  it("publishes through updatePublish and shows the server's refusal (§5.2) as it is", async () => {
    grant("bbh:redmark:publish");
    const refusal = "请完善印记名称、类别、地址、经纬度和封面图后再发布";
    const { customCalls } = renderPage((url) => (url.endsWith("/updatePublish") ? Object.assign(new Error(refusal), { statusCode: 400 }) : null));
    await screen.findByText("八角楼");
    // 八角楼 is unpublished (发布), 黄洋界 published (下架).
    expect(screen.getByText("下架")).toBeTruthy();
    fireEvent.click(screen.getByText("发布"));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(customCalls.find((c) => c.url === "/bbh/api/activity/redmark/updatePublish")).toMatchObject({ method: "put", payload: { id: "m1", publishStatus: 1 } });
  });

  it("edits with numeric coordinates and keeps the fields the form does not show", async () => {
    grant("bbh:redmark:edit");
    const { customCalls } = renderPage();
    await screen.findByText("八角楼");
    fireEvent.click(screen.getAllByText("编辑")[0]);
    const dialog = await screen.findByRole("dialog");
    const lng = within(dialog).getByPlaceholderText("如：114.169");
    fireEvent.change(lng, { target: { value: "114.172" } });
    fireEvent.blur(lng);
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(customCalls.find((c) => c.url === "/bbh/api/activity/redmark/edit")).toBeTruthy());
    expect(customCalls.find((c) => c.url === "/bbh/api/activity/redmark/edit")?.payload).toMatchObject({
      id: "m1",
      markName: "八角楼",
      category: 1,
      longitude: 114.172,
      latitude: 26.5,
      coordType: "gcj02",
      audioUrl: "a.mp3",
    });
  });

  it("a new mark's coordinates are GCJ-02 unless the user picks another system", async () => {
    grant("bbh:redmark:add");
    renderPage();
    await screen.findByText("八角楼");
    fireEvent.click(screen.getByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("GCJ-02（高德/腾讯）")).toBeTruthy();
  });

  it("starts thumbnail generation and follows its progress with statusOnly", async () => {
    grant("bbh:redmark:thumb");
    let polls = 0;
    const { customCalls } = renderPage((url, payload) => {
      if (!url.endsWith("/genrateAllThumbPic")) return null;
      if ((payload as { statusOnly?: boolean }).statusOnly) {
        polls++;
        return { running: false, total: 300, processed: 300, generated: 290, skipped: 10, failed: 0, failures: [] };
      }
      return { running: true, total: 300, processed: 12, generated: 12, skipped: 0, failed: 0, failures: [] };
    });
    await screen.findByText("八角楼");
    fireEvent.click(screen.getByRole("button", { name: "生成缩略图" }));
    expect(await screen.findByText("缩略图正在后台生成，可稍后查询进度")).toBeTruthy();
    expect(await screen.findByText(/已完成：共 300 个印记，已处理 300，生成 290 张，跳过 10 张/, undefined, { timeout: 4000 })).toBeTruthy();
    expect(polls).toBe(1);
    expect(customCalls.filter((c) => c.url.endsWith("/genrateAllThumbPic")).map((c) => c.payload)).toEqual([{ onlyMissing: true }, { statusOnly: true }]);
  });
});
