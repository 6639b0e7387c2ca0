import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { recordingDataProvider, TestWrapper } from "../tests/console/test-wrapper";
import { PermissionGrantDrawer } from "./permission-tree";

const tree = {
  treeList: [
    {
      key: "sys",
      title: "系统管理",
      isLeaf: false,
      ruleFlag: 0,
      parentId: null,
      children: [{ key: "user", title: "用户管理", isLeaf: true, ruleFlag: 1, parentId: "sys" }],
    },
  ],
  ids: ["sys", "user"],
};

const deepTree = {
  treeList: [
    {
      key: "sys",
      title: "系统管理",
      isLeaf: false,
      ruleFlag: 0,
      parentId: null,
      children: [
        {
          key: "user",
          title: "用户管理",
          isLeaf: false,
          ruleFlag: 0,
          parentId: "sys",
          children: [
            { key: "user-list", title: "用户查询", isLeaf: true, ruleFlag: 0, parentId: "user" },
            { key: "user-add", title: "添加用户", isLeaf: true, ruleFlag: 0, parentId: "user" },
          ],
        },
        { key: "role", title: "角色管理", isLeaf: true, ruleFlag: 0, parentId: "sys" },
      ],
    },
  ],
  ids: ["sys", "user", "user-list", "user-add", "role"],
};

/** The checkbox of the tree node titled `title`. */
const box = (title: string) => screen.getByText(title).closest(".ant-tree-treenode")!.querySelector(".ant-tree-checkbox")!;
const checkedTitles = () =>
  [...document.querySelectorAll(".ant-tree-treenode")].filter((n) => n.querySelector(".ant-tree-checkbox-checked")).map((n) => n.querySelector(".ant-tree-title")!.textContent);

function renderDrawer(data: typeof tree | typeof deepTree = tree, granted: string[] = ["sys"]) {
  const calls: Array<{ url: string; method: string; payload?: unknown }> = [];
  const provider: DataProvider = {
    ...recordingDataProvider([]).provider,
    custom: async ({ url, method, payload }) => {
      calls.push({ url, method, payload });
      if (url === "/sys/role/queryTreeList") return { data: data as never };
      if (url === "/sys/permission/queryRolePermission") return { data: granted as never };
      return { data: null as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <PermissionGrantDrawer
        open
        title="角色权限配置"
        onClose={() => {}}
        treeUrl="/sys/role/queryTreeList"
        grantedUrl="/sys/permission/queryRolePermission"
        grantedQuery={{ roleId: "r1" }}
        saveUrl="/sys/permission/saveRolePermission"
        saveBody={{ roleId: "r1" }}
      />
    </TestWrapper>,
  );
  return calls;
}

describe("permission grant drawer", () => {
  it("shows the tree with the granted ids checked and marks menus that have data rules", async () => {
    renderDrawer();
    expect(await screen.findByText("用户管理（数据规则）")).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll(".ant-tree-checkbox-checked")).toHaveLength(1));
  });

  it("saves the new selection with the initially granted ids as lastpermissionIds (the server applies the diff)", async () => {
    const calls = renderDrawer();
    await screen.findByText("用户管理（数据规则）");
    await waitFor(() => expect(document.querySelectorAll(".ant-tree-checkbox-checked")).toHaveLength(1));
    fireEvent.click(document.querySelectorAll(".ant-tree-checkbox")[1]);
    fireEvent.click(screen.getByRole("button", { name: /仅保存/ }));
    await waitFor(() => expect(calls.find((c) => c.url === "/sys/permission/saveRolePermission")).toBeTruthy());
    expect(calls.find((c) => c.url === "/sys/permission/saveRolePermission")?.payload).toEqual({ roleId: "r1", permissionIds: "sys,user", lastpermissionIds: "sys" });
  });

  it("父子关联 is on by default: ticking a menu ticks everything below it and the menus above it", async () => {
    const calls = renderDrawer(deepTree, []);
    await screen.findByText("用户查询");
    expect(screen.getByRole("switch", { name: "父子关联" }).getAttribute("aria-checked")).toBe("true");
    fireEvent.click(box("用户管理"));
    await waitFor(() => expect(checkedTitles()).toEqual(["系统管理", "用户管理", "用户查询", "添加用户"]));
    // Unticking a node unticks what is below it and leaves the menus above it.
    fireEvent.click(box("添加用户"));
    await waitFor(() => expect(checkedTitles()).toEqual(["系统管理", "用户管理", "用户查询"]));
    fireEvent.click(box("用户管理"));
    await waitFor(() => expect(checkedTitles()).toEqual(["系统管理"]));
    fireEvent.click(box("用户查询"));
    fireEvent.click(screen.getByRole("button", { name: /仅保存/ }));
    await waitFor(() => expect(calls.find((c) => c.url === "/sys/permission/saveRolePermission")).toBeTruthy());
    expect(calls.find((c) => c.url === "/sys/permission/saveRolePermission")?.payload).toMatchObject({ permissionIds: "sys,user-list,user", lastpermissionIds: "" });
  });

  it("with 父子关联 off a tick changes one node only", async () => {
    renderDrawer(deepTree, []);
    await screen.findByText("用户查询");
    fireEvent.click(screen.getByRole("switch", { name: "父子关联" }));
    fireEvent.click(box("用户管理"));
    await waitFor(() => expect(checkedTitles()).toEqual(["用户管理"]));
    fireEvent.click(box("用户查询"));
    await waitFor(() => expect(checkedTitles()).toEqual(["用户管理", "用户查询"]));
  });

  it("全部勾选 / 取消全选 tick and untick everything; 折叠所有 / 展开所有 close and open the whole tree", async () => {
    renderDrawer(deepTree, ["sys"]);
    await screen.findByText("用户查询");
    fireEvent.click(screen.getByRole("button", { name: "全部勾选" }));
    await waitFor(() => expect(checkedTitles()).toHaveLength(5));
    fireEvent.click(screen.getByRole("button", { name: "取消全选" }));
    await waitFor(() => expect(checkedTitles()).toHaveLength(0));
    fireEvent.click(screen.getByRole("button", { name: "折叠所有" }));
    await waitFor(() => expect(screen.queryByText("用户管理")).toBeNull());
    expect(screen.getByText("系统管理")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "展开所有" }));
    expect(await screen.findByText("添加用户")).toBeTruthy();
  });
});
