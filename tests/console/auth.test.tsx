import { act, render, renderHook, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { setAuthLists } from "../../providers/access-control";
import { Auth, useAccess } from "../../kit/auth";

describe("<Auth> and useAccess", () => {
  it("renders its children only for a granted code", () => {
    setAuthLists([{ action: "user:add", type: "1", describe: "添加" }], []);
    render(
      <>
        <Auth code="user:add">
          <button>添加用户</button>
        </Auth>
        <Auth code="user:delete" fallback={<span>无删除权限</span>}>
          <button>删除用户</button>
        </Auth>
      </>,
    );
    expect(screen.getByText("添加用户")).toBeTruthy();
    expect(screen.queryByText("删除用户")).toBeNull();
    expect(screen.getByText("无删除权限")).toBeTruthy();
  });

  it("follows new lists without a reload", () => {
    setAuthLists([], []);
    const { result } = renderHook(() => useAccess());
    expect(result.current.has("user:edit")).toBe(false);
    act(() => setAuthLists([{ action: "user:edit", type: "1", describe: "编辑" }], []));
    expect(result.current.has("user:edit")).toBe(true);
  });
});
