/**
 * Issue 23 item 20: a signed-in user typing the address of a page their menu does not grant sees 403
 * 抱歉，你无权访问该页面 at that address, with 返回首页; an address no menu item has still goes to /404; the
 * open tabs stay mounted meanwhile. The real shell (SignedInApp, layout, tabs) on the real providers; only
 * the network edge is faked.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { useLocation, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";

import type { MenuNode, UserPermissions } from "../../contract";
import { createAuth } from "../../providers/auth-provider";
import { createDataProvider } from "../../providers/data-provider";
import { createHttp, type HttpEffects, type Notice } from "../../providers/http";
import SignedInApp from "../../src/layout/signed-in-app";
import { fakeAdapter, ok, type FakeReply } from "./fake-server";
import { TestWrapper } from "./test-wrapper";

const meta = (title: string) => ({ title, keepAlive: false, internalOrExternal: false, componentName: "" });
/** A limited user's menu: home and 角色管理 only (pages whose components are not built render a plain notice). */
const menu: MenuNode[] = [
  { id: "1", route: "1", path: "/dashboard/analysis", name: "home", component: "test/HomePage", meta: meta("首页") },
  {
    id: "2",
    route: "1",
    path: "/isystem",
    name: "isystem",
    component: "layouts/RouteView",
    meta: meta("系统管理"),
    children: [{ id: "4", route: "1", path: "/isystem/role", name: "role", component: "test/RolePage", meta: meta("角色管理") }],
  },
];
const permissions: UserPermissions = { menu, auth: [], allAuth: [], sysSafeMode: false };
/** Menu items the server has (all users): 用户管理 is one this user lacks. */
const SERVER_MENU_PATHS = ["/dashboard/analysis", "/isystem", "/isystem/user", "/isystem/role", "/online/cgreport/:code"];

type Server = "ours" | "jeecg";

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{location.pathname}</output>
      <button onClick={() => navigate("/isystem/user")}>go-user</button>
      <button onClick={() => navigate("/isystem/role")}>go-role</button>
    </>
  );
}

function renderShell(path: string, server: Server = "ours") {
  const seen: InternalAxiosRequestConfig[] = [];
  const notices: Notice[] = [];
  const effects: HttpEffects = {
    notify: (notice) => notices.push(notice),
    modal: () => notices.push({ message: "modal", description: "" }),
    logout: async () => {},
    removeToken: () => {},
    reload: () => {},
    setTimeout: () => {},
  };
  const client = createHttp({ baseURL: "/jeecg-boot", token: () => "jwt-user", effects });
  client.axios.defaults.adapter = fakeAdapter((config): FakeReply => {
    const route = `${config.method?.toUpperCase()} ${config.url}`;
    if (route === "GET /sys/permission/getUserPermissionByToken") return ok(permissions);
    if (route === "GET /sys/permission/checkMenuPath" && server === "ours") {
      const wanted = String((config.params as { path?: string }).path);
      const known = SERVER_MENU_PATHS.some((p) => p === wanted || (p.includes(":") && wanted.startsWith(p.slice(0, p.indexOf(":")))));
      return ok({ known });
    }
    if (route === "GET /sys/annountCement/listByUser") return ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
    return { status: 404, body: { status: 404, error: "Not Found", path: config.url } };
  }, seen);
  const { authProvider } = createAuth({ client, navigate: () => {}, currentPath: () => path });
  render(
    <TestWrapper dataProvider={createDataProvider(client)} authProvider={authProvider} path={path}>
      <Where />
      <SignedInApp />
    </TestWrapper>,
  );
  const checks = () => seen.filter((c) => c.url === "/sys/permission/checkMenuPath").map((c) => (c.params as { path: string }).path);
  return { notices, checks };
}

/** The first render loads the layout's lazy parts, which takes a while under a loaded machine. */
const SLOW = { timeout: 8000 };
const where = () => screen.getByTestId("where").textContent;

describe("a page the user's menu does not grant", () => {
  it("shows 403 at the typed address, asks the server only about that path, and 返回首页 goes home", async () => {
    const { checks, notices } = renderShell("/isystem/user");
    await screen.findByText("抱歉，你无权访问该页面", {}, SLOW);
    expect(screen.getByText("403")).toBeTruthy();
    expect(where()).toBe("/isystem/user");
    expect(checks()).toEqual(["/isystem/user"]);
    await waitFor(() => expect(document.title).toBe("403 - 红色印记管理平台"));
    expect(screen.queryByText("抱歉，你访问的页面不存在")).toBeNull();
    expect(notices).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: /返回首页/ }));
    await waitFor(() => expect(where()).toBe("/dashboard/analysis"));
    await screen.findByText("页面组件「test/HomePage」尚未实现", {}, SLOW);
    expect(screen.queryByText("抱歉，你无权访问该页面")).toBeNull();
  });

  it("knows a parameterised menu path too", async () => {
    renderShell("/online/cgreport/6c7f59741c814347905a938f06ee003c");
    await screen.findByText("抱歉，你无权访问该页面", {}, SLOW);
    expect(where()).toBe("/online/cgreport/6c7f59741c814347905a938f06ee003c");
  });

  it("keeps the open tabs mounted behind the 403 page", async () => {
    renderShell("/isystem/role");
    await screen.findByText("页面组件「test/RolePage」尚未实现", {}, SLOW);
    const rolePage = document.querySelector('[data-tab-page="/isystem/role"]')!;
    expect(rolePage).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText("go-user")));
    await screen.findByText("抱歉，你无权访问该页面", {}, SLOW);
    expect(where()).toBe("/isystem/user");
    // The role tab's page is the same element, hidden, and its tab is still in the bar; the 403 is no tab.
    expect(document.querySelector('[data-tab-page="/isystem/role"]')).toBe(rolePage);
    expect((rolePage as HTMLElement).hidden).toBe(true);
    expect(document.querySelector('[data-tab-key="/isystem/role"]')).toBeTruthy();
    expect(document.querySelector('[data-tab-key="/isystem/user"]')).toBeNull();
    await act(async () => fireEvent.click(screen.getByText("go-role")));
    await waitFor(() => expect((rolePage as HTMLElement).hidden).toBe(false));
    expect(document.querySelector('[data-tab-page="/isystem/role"]')).toBe(rolePage);
  });
});

describe("a path nothing knows", () => {
  it("still goes to /404 页面不存在", async () => {
    const { checks } = renderShell("/no/such/page");
    await screen.findByText("抱歉，你访问的页面不存在", {}, SLOW);
    expect(where()).toBe("/404");
    expect(checks()).toEqual(["/no/such/page"]);
  });

  it("goes to /404 against a JeecgBoot server, which cannot tell, without an error notice", async () => {
    const { notices } = renderShell("/isystem/user", "jeecg");
    await screen.findByText("抱歉，你访问的页面不存在", {}, SLOW);
    expect(where()).toBe("/404");
    expect(notices).toEqual([]);
  });
});
