import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import OnlineListPage, { type OnlineRow } from "./list";

const route: NavRoute = {
  path: "/isystem/online",
  name: "online",
  title: "在线用户",
  component: "system/SysUserOnlineList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/isystem/online",
  trail: [],
};

const row = (id: string, username: string, realname: string, current = false): OnlineRow => ({
  id,
  token: id,
  username,
  realname,
  avatar: null,
  birthday: null,
  sex: 1,
  phone: "13800000001",
  ip: "10.0.0.8",
  loginTime: "2026-11-25 10:00:00",
  lastSeenTime: "2026-11-25 10:05:00",
  current,
});
const ROWS = [row("a".repeat(32), "admin", "管理员", true), row("b".repeat(32), "zhangsan", "张三")];

function renderPage() {
  const data = recordingDataProvider(ROWS as unknown as Record<string, unknown>[]);
  const posts: Array<{ url: string; payload?: unknown }> = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, method, payload }) => {
      if (method === "post") posts.push({ url, payload });
      return { data: null as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <OnlineListPage route={route} />
    </TestWrapper>,
  );
  return { ...data, posts };
}

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

describe("在线用户", () => {
  it("lists the sessions, marks the caller's own, and forces one out by its session id", async () => {
    grant("system:online:list", "system:online:forceLogout");
    const { posts } = renderPage();
    await screen.findByText("zhangsan");
    expect(screen.getByText("当前会话")).toBeTruthy();
    expect(screen.getAllByText("10.0.0.8")).toHaveLength(2);
    fireEvent.click(screen.getAllByText("强退")[1]);
    expect(await screen.findByText("确定强制 张三 退出吗？")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(posts).toEqual([{ url: "/sys/online/forceLogout", payload: { token: "b".repeat(32) } }]));
  });

  it("offers 强退 only to holders of its code", async () => {
    grant("system:online:list");
    renderPage();
    await screen.findByText("zhangsan");
    expect(screen.queryByText("强退")).toBeNull();
  });
});
