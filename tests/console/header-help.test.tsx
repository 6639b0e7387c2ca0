/**
 * The header's help icon (issue 13, item 12) leads where VITE_HELP_URL says, and is absent when nothing is
 * configured — never to doc.jeecg.com, and never to a non-http(s) URL.
 */
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { buildNavigation } from "../../providers/menu";
import { Header } from "../../src/layout/header";
import { recordingDataProvider, TestWrapper } from "./test-wrapper";

const navigation = buildNavigation(
  [{ id: "1", route: "1", path: "/dashboard/analysis", name: "home", component: "dashboard/Analysis", meta: { title: "首页", keepAlive: false, internalOrExternal: false, componentName: "" } }],
  { globals: {} },
);

function renderHeader() {
  const { provider } = recordingDataProvider([]);
  render(
    <TestWrapper dataProvider={provider}>
      <Header
        navigation={navigation}
        collapsed={false}
        onToggle={() => {}}
        isMobile={false}
        small={false}
        dark={false}
        onOpenSettings={() => {}}
      />
    </TestWrapper>,
  );
}

describe("header help icon", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is absent when VITE_HELP_URL is not set", async () => {
    vi.stubEnv("VITE_HELP_URL", "");
    renderHeader();
    await waitFor(() => expect(screen.getByRole("button", { name: "用户菜单" })).toBeTruthy());
    expect(screen.queryByLabelText("帮助文档")).toBeNull();
    expect(document.querySelector('a[href*="jeecg"]')).toBeNull();
  });

  it("links to the configured URL in a new window", async () => {
    vi.stubEnv("VITE_HELP_URL", "https://docs.example.cn/redmark/");
    renderHeader();
    const link = await screen.findByLabelText("帮助文档");
    expect(link.getAttribute("href")).toBe("https://docs.example.cn/redmark/");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("accepts a path on this site", async () => {
    vi.stubEnv("VITE_HELP_URL", "/help/index.html");
    renderHeader();
    expect((await screen.findByLabelText("帮助文档")).getAttribute("href")).toBe("/help/index.html");
  });

  it("shows no icon for a javascript: URL", async () => {
    vi.stubEnv("VITE_HELP_URL", "javascript:alert(1)");
    renderHeader();
    await waitFor(() => expect(screen.getByRole("button", { name: "用户菜单" })).toBeTruthy());
    expect(screen.queryByLabelText("帮助文档")).toBeNull();
  });
});
