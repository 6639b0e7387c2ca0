import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import DepartListPage from "./list";

const route: NavRoute = {
  path: "/isystem/depart",
  name: "isystem-depart",
  title: "部门管理",
  component: "system/DepartList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/isystem/depart",
  trail: [],
};

const node = (id: string, title: string, parentId: string, orgCode: string, children: unknown[] | null = null) => ({
  id,
  key: id,
  value: id,
  title,
  departName: title,
  orgCode,
  parentId,
  orgCategory: "2",
  departOrder: 0,
  children,
});

/** The tree before and after the add: 研发部 (a leaf) gets its first child 前端组. */
const before = [node("a", "总公司", "", "A01", [node("b", "研发部", "a", "A01A01"), node("c", "财务部", "a", "A01A02")])];
const after = [node("a", "总公司", "", "A01", [node("b", "研发部", "a", "A01A01", [node("n", "前端组", "b", "A01A01A01")]), node("c", "财务部", "a", "A01A02")])];

function renderPage() {
  let added = false;
  const posts: Array<{ url: string; payload?: unknown }> = [];
  const provider: DataProvider = {
    ...recordingDataProvider([]).provider,
    custom: async ({ url, method, payload }) => {
      if (url === "/sys/sysDepart/queryTreeList") return { data: (added ? after : before) as never };
      if (url === "/sys/sysDepart/add" && method === "post") {
        posts.push({ url, payload });
        added = true;
        return { data: null as never };
      }
      return { data: { records: [], total: 0 } as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <DepartListPage route={route} />
    </TestWrapper>,
  );
  return { posts };
}

afterEach(() => clearAuthLists());

const treeNode = (title: string) => screen.getByText(title, { selector: ".ant-tree-title" }).closest(".ant-tree-treenode")!;

describe("部门管理 → 添加下级 (issue 13 item 8)", () => {
  it("keeps the parent expanded and selects the new child after saving", async () => {
    setAuthLists([{ action: "system:depart:add", type: "1", describe: "" }], [{ action: "system:depart:add", type: "1", describe: "", status: "1" }]);
    const { posts } = renderPage();
    // The whole tree is open at first.
    fireEvent.click(await screen.findByText("研发部", { selector: ".ant-tree-title" }));
    await waitFor(() => expect(treeNode("研发部").className).toContain("ant-tree-treenode-selected"));
    fireEvent.click(screen.getByRole("button", { name: /添加下级/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("添加下级 - 研发部")).toBeTruthy();
    const name = within(dialog).getAllByRole("textbox")[0];
    fireEvent.change(name, { target: { value: "前端组" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].payload).toMatchObject({ departName: "前端组", parentId: "b" });

    // The new child is shown (its parent stays open), selected, and its details are open on the right.
    const child = await screen.findByText("前端组", { selector: ".ant-tree-title" });
    await waitFor(() => expect(treeNode("前端组").className).toContain("ant-tree-treenode-selected"));
    expect(treeNode("研发部").className).not.toContain("ant-tree-treenode-selected");
    expect(child).toBeTruthy();
    await waitFor(() => expect(screen.getByDisplayValue("A01A01A01")).toBeTruthy());
    // The rest of the tree did not collapse either.
    expect(screen.getByText("财务部", { selector: ".ant-tree-title" })).toBeTruthy();
  });
});
