import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
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

function renderDrawer() {
  const calls: Array<{ url: string; method: string; payload?: unknown }> = [];
  const provider: DataProvider = {
    ...recordingDataProvider([]).provider,
    custom: async ({ url, method, payload }) => {
      calls.push({ url, method, payload });
      if (url === "/sys/role/queryTreeList") return { data: tree as never };
      if (url === "/sys/permission/queryRolePermission") return { data: ["sys"] as never };
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
});
