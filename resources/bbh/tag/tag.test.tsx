import type { DataProvider } from "@refinedev/core";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import TagListPage, { type TagRow } from "./list";

const route: NavRoute = { path: "/bbh/tag", name: "bbh-tag", title: "标签管理", component: "bbh/tag/TagList", internalOrExternal: false, keepAlive: false, menuKey: "/bbh/tag", trail: [] };

const tag = (id: string, tagName: string, tagType: number, showIndex: number): TagRow => ({ id, tagName, tagType, showIndex, isShow: 1, tagStatus: 1, tagColor: "#C8161D", refCount: 0 });

/** A small in-memory tag server: lists by type in show order and applies `updateShowIndex {tagType, ids}`, or refuses. */
function renderPage(refuse?: string) {
  let tags = [tag("t1", "建党伟业", 2, 1), tag("t2", "革命摇篮", 2, 2), tag("t3", "长征", 2, 3), tag("t9", "研学", 1, 1)];
  const calls: Array<{ url: string; method: string; payload?: unknown }> = [];
  const provider: DataProvider = {
    ...recordingDataProvider([]).provider,
    custom: async ({ url, method, payload, query }) => {
      calls.push({ url, method, payload });
      if (url.includes("getDictItems")) return { data: [] as never };
      if (url.endsWith("/tag/list")) {
        const type = Number((query as { tagType?: number }).tagType);
        return { data: { records: tags.filter((t) => t.tagType === type).sort((a, b) => a.showIndex - b.showIndex), total: 0 } as never };
      }
      if (url.endsWith("/tag/updateShowIndex")) {
        if (refuse) throw Object.assign(new Error(refuse), { statusCode: 400 });
        const { ids } = payload as { tagType: number; ids: string[] };
        tags = tags.map((t) => (ids.includes(t.id) ? { ...t, showIndex: ids.indexOf(t.id) + 1 } : t));
        return { data: ids.map((id, i) => ({ id, showIndex: i + 1 })) as never };
      }
      throw new Error(`unexpected ${url}`);
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <TagListPage route={route} />
    </TestWrapper>,
  );
  return { calls, current: () => tags };
}

const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

// jsdom has no layout: give each table row a 40px band by its position, so dnd-kit can measure where rows are.
const realRect = Element.prototype.getBoundingClientRect;
beforeEach(() => {
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const row = this.closest("tr[data-row-key]");
    if (!row) return realRect.call(this);
    const index = Array.from(row.parentElement!.querySelectorAll("tr[data-row-key]")).indexOf(row);
    const top = 100 + index * 40;
    return { x: 0, y: top, top, left: 0, right: 800, bottom: top + 40, width: 800, height: 40, toJSON: () => ({}) } as DOMRect;
  };
});
afterEach(() => {
  Element.prototype.getBoundingClientRect = realRect;
  clearAuthLists();
});

const names = () => screen.getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[1].textContent);

/** dnd-kit's keyboard sensor listens (on the window) from a timer after the pick-up: one key per tick. */
async function press(el: Element, code: string, key: string) {
  await act(async () => {
    fireEvent.keyDown(el, { code, key });
    await new Promise((resolve) => setTimeout(resolve, 60));
  });
}

/** Keyboard drag (dnd-kit's keyboard sensor): pick the row's handle up, move it one row down, drop. */
async function dragOneDown(handle: HTMLElement) {
  handle.focus();
  await press(handle, "Space", " ");
  await press(document.activeElement ?? handle, "ArrowDown", "ArrowDown");
  await press(document.activeElement ?? handle, "Space", " ");
}

describe("标签管理 drag list", () => {
  it("shows a type's tags in order; without the sort permission there are no drag handles", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("tab", { name: "印记标签" }));
    await screen.findByText("革命摇篮");
    expect(screen.queryAllByLabelText("拖动排序")).toHaveLength(0);
  });

  it("dragging a row sends the type's whole new order to updateShowIndex and shows it", async () => {
    grant("bbh:tag:sort");
    const { calls, current } = renderPage();
    fireEvent.click(await screen.findByRole("tab", { name: "印记标签" }));
    await screen.findByText("革命摇篮");
    expect(names()).toEqual(["建党伟业", "革命摇篮", "长征"]);
    await dragOneDown(screen.getAllByLabelText("拖动排序")[0]);
    await waitFor(() => expect(calls.find((c) => c.url === "/bbh/api/tag/updateShowIndex")).toBeTruthy());
    expect(calls.find((c) => c.url === "/bbh/api/tag/updateShowIndex")).toMatchObject({ method: "put", payload: { tagType: 2, ids: ["t2", "t1", "t3"] } });
    await waitFor(() => expect(names()).toEqual(["革命摇篮", "建党伟业", "长征"]));
    expect(current().filter((t) => t.tagType === 2).map((t) => `${t.id}:${t.showIndex}`)).toEqual(["t1:2", "t2:1", "t3:3"]);
    expect(await screen.findByText("排序已保存")).toBeTruthy();
  });

  it("puts the rows back and shows the server's refusal when the order is refused", async () => {
    grant("bbh:tag:sort");
    const { calls } = renderPage("请提交印记标签的全部4个标签的顺序");
    fireEvent.click(await screen.findByRole("tab", { name: "印记标签" }));
    await screen.findByText("革命摇篮");
    await dragOneDown(screen.getAllByLabelText("拖动排序")[0]);
    await waitFor(() => expect(calls.filter((c) => c.url === "/bbh/api/tag/updateShowIndex")).toHaveLength(1));
    expect(await screen.findByText("请提交印记标签的全部4个标签的顺序")).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(["建党伟业", "革命摇篮", "长征"]));
  });
});
