/**
 * The login form asks the server whether it needs a captcha (issue 7, item 3): a server run with
 * LOGIN_CAPTCHA=false gets a form without one; a server that wants one — or a JeecgBoot server, which has no
 * `/sys/loginConfig` — gets the captcha as before. The footer shows a filing number only when one is
 * configured, and the page links to 注册 and 忘记密码 and has a 手机号登录 tab (issue 13, items 12 and 13).
 * Only the network edge is faked.
 */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { LoginResult, UserPermissions } from "../../contract";
import { createAuth } from "../../providers/auth-provider";
import { createDataProvider } from "../../providers/data-provider";
import { createHttp, type HttpEffects, type Notice } from "../../providers/http";
import { useNotificationProvider } from "../../src/components/notification-provider";
import LoginPage from "../../src/pages/login";
import { fakeAdapter, ok, type FakeReply } from "./fake-server";
import { TestWrapper } from "./test-wrapper";

const CAPTCHA_IMAGE = "data:image/svg+xml;base64,PHN2Zy8+";

const loginResult: LoginResult = {
  token: "jwt-admin",
  userInfo: { id: "e9ca23d6", username: "admin", realname: "管理员", avatar: null } as LoginResult["userInfo"],
  departs: [],
  multi_depart: 1,
  sysAllDictItems: {},
};

const permissions: UserPermissions = {
  menu: [
    {
      id: "1",
      route: "1",
      path: "/dashboard/analysis",
      name: "dashboard-analysis",
      component: "dashboard/Analysis",
      meta: { title: "首页", keepAlive: false, internalOrExternal: false, componentName: "Analysis" },
    },
  ],
  auth: [],
  allAuth: [],
  sysSafeMode: false,
};

type Routes = Record<string, (config: InternalAxiosRequestConfig) => FakeReply>;

/** Mounts the real login page on the real providers, answered by `routes` ("GET /sys/x" → reply). */
function renderLogin(routes: Routes) {
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
  const client = createHttp({ baseURL: "/jeecg-boot", effects });
  client.axios.defaults.adapter = fakeAdapter((config) => {
    const path = (config.url ?? "").startsWith("/sys/randomImage/") ? "/sys/randomImage/:key" : config.url;
    const route = routes[`${config.method?.toUpperCase()} ${path}`];
    return route ? route(config) : { status: 404, body: { status: 404, error: "Not Found", path: config.url } };
  }, seen);
  const { authProvider } = createAuth({ client, navigate: () => {}, currentPath: () => "/user/login" });
  render(
    <TestWrapper dataProvider={createDataProvider(client)} authProvider={authProvider} notificationProvider={useNotificationProvider} path="/user/login">
      <LoginPage />
    </TestWrapper>,
  );
  const calls = (method: string, url: string) => seen.filter((config) => config.method === method && config.url?.startsWith(url));
  return { seen, notices, calls };
}

const signInRoutes: Routes = {
  "POST /sys/login": () => ok(loginResult, { code: 200, message: "登录成功" }),
  "GET /sys/permission/getUserPermissionByToken": () => ok(permissions),
  "GET /sys/randomImage/:key": () => ok(CAPTCHA_IMAGE),
};

const submitButton = () => screen.getByRole("button", { name: /登\s*录/ }) as HTMLButtonElement;

async function fillAndSubmit(fields: Record<string, string>) {
  await waitFor(() => expect(submitButton().disabled).toBe(false));
  for (const [label, value] of Object.entries(fields)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(submitButton());
}

describe("login page: captcha as the server wants it", () => {
  it("hides the captcha when the server answers captcha:false, and signs in without sending one", async () => {
    const { calls } = renderLogin({ ...signInRoutes, "GET /sys/loginConfig": () => ok({ captcha: false }) });
    await fillAndSubmit({ 用户名: "admin", 密码: "Admin@12345" });
    await waitFor(() => expect(calls("post", "/sys/login")).toHaveLength(1));
    expect(JSON.parse(calls("post", "/sys/login")[0].data)).toEqual({ username: "admin", password: "Admin@12345", remember_me: true });
    expect(screen.queryByLabelText("验证码")).toBeNull();
    expect(screen.queryByPlaceholderText("请输入验证码")).toBeNull();
    expect(calls("get", "/sys/randomImage/")).toHaveLength(0);
  });

  it("shows and requires the captcha when the server answers captcha:true, and sends it with its key", async () => {
    const { calls } = renderLogin({ ...signInRoutes, "GET /sys/loginConfig": () => ok({ captcha: true }) });
    await screen.findByAltText("验证码");
    await fillAndSubmit({ 用户名: "admin", 密码: "Admin@12345" });
    await screen.findByText("请输入验证码!");
    expect(calls("post", "/sys/login")).toHaveLength(0);

    fireEvent.change(screen.getByPlaceholderText("请输入验证码"), { target: { value: "x7Kp" } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(calls("post", "/sys/login")).toHaveLength(1));
    const body = JSON.parse(calls("post", "/sys/login")[0].data);
    const key = calls("get", "/sys/randomImage/")[0].url!.split("/").pop();
    expect(body).toEqual({ username: "admin", password: "Admin@12345", captcha: "x7Kp", checkKey: Number(key), remember_me: true });
  });

  it("shows the captcha against a JeecgBoot server (no /sys/loginConfig), without an error notice", async () => {
    const { notices, calls } = renderLogin(signInRoutes);
    await screen.findByAltText("验证码");
    expect(screen.getByPlaceholderText("请输入验证码")).toBeTruthy();
    expect(calls("get", "/sys/loginConfig")).toHaveLength(1);
    expect(notices).toEqual([]);
  });

  it("shows the captcha when a JeecgBoot server refuses the unknown path as an expired token", async () => {
    localStorage.setItem("pro__Access-Token", JSON.stringify({ value: "stale", expire: Date.now() + 60_000 }));
    const { notices } = renderLogin({
      ...signInRoutes,
      "GET /sys/loginConfig": () => ({ status: 500, body: { success: false, code: 500, message: "Token失效，请重新登录", result: null } }),
    });
    await screen.findByAltText("验证码");
    expect(notices).toEqual([]);
  });

  it("asks again and shows the captcha when the server refuses a login for want of one", async () => {
    let captcha = false;
    const { calls } = renderLogin({
      ...signInRoutes,
      "GET /sys/loginConfig": () => ok({ captcha }),
      "POST /sys/login": () => ({ body: { success: false, code: 500, message: "验证码无效", result: null } }),
    });
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(screen.queryByPlaceholderText("请输入验证码")).toBeNull();
    captcha = true;
    await fillAndSubmit({ 用户名: "admin", 密码: "Admin@12345" });
    await screen.findByAltText("验证码");
    expect(JSON.parse(calls("post", "/sys/login")[0].data)).not.toHaveProperty("captcha");
    expect(calls("get", "/sys/loginConfig")).toHaveLength(2);
  });
});

const SMS_NOT_CONFIGURED = "短信接口未配置，请联系管理员！";
const refusedWith = (message: string) => () => ({ body: { success: false, code: 500, message, result: null, timestamp: Date.now() } });

describe("login page: footer and links", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("shows no filing number when none is configured", async () => {
    vi.stubEnv("VITE_FILING_NUMBER", "");
    renderLogin({ ...signInRoutes, "GET /sys/loginConfig": () => ok({ captcha: false }) });
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    const footer = document.querySelector("footer")!;
    expect(footer.textContent).toMatch(/^Copyright © \d{4} 红色印记管理平台$/);
    expect(footer.textContent).not.toMatch(/ICP/);
  });

  it("shows the configured filing number", async () => {
    vi.stubEnv("VITE_FILING_NUMBER", "京ICP备12345678号-1");
    renderLogin({ ...signInRoutes, "GET /sys/loginConfig": () => ok({ captcha: false }) });
    expect(await screen.findByText("京ICP备12345678号-1")).toBeTruthy();
    expect(screen.queryByText("京ICP备00000000号")).toBeNull();
  });

  it("links to 注册账户 and 忘记密码", async () => {
    renderLogin({ ...signInRoutes, "GET /sys/loginConfig": () => ok({ captcha: false }) });
    expect(screen.getByRole("link", { name: "注册账户" }).getAttribute("href")).toBe("/user/register");
    expect(screen.getByRole("link", { name: "忘记密码" }).getAttribute("href")).toBe("/user/alteration");
  });
});

describe("login page: 手机号登录", () => {
  const phoneRoutes: Routes = {
    ...signInRoutes,
    "GET /sys/loginConfig": () => ok({ captcha: true }),
    "POST /sys/sms": refusedWith(SMS_NOT_CONFIGURED),
    "POST /sys/phoneLogin": refusedWith(SMS_NOT_CONFIGURED),
  };

  async function openPhoneTab() {
    fireEvent.click(await screen.findByRole("tab", { name: "手机号登录" }));
    return screen.findByLabelText("手机号");
  }

  it("checks the number before asking for a code, then shows the server's answer", async () => {
    const { calls } = renderLogin(phoneRoutes);
    await openPhoneTab();
    const sendCode = screen.getByRole("button", { name: "获取验证码" });
    fireEvent.click(sendCode);
    expect(await screen.findByText("请输入手机号!")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("手机号"), { target: { value: "12345" } });
    fireEvent.click(sendCode);
    expect(await screen.findByText("请输入正确的手机号")).toBeTruthy();
    expect(calls("post", "/sys/sms")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("手机号"), { target: { value: "13900000000" } });
    fireEvent.click(sendCode);
    await waitFor(() => expect(calls("post", "/sys/sms")).toHaveLength(1));
    expect(JSON.parse(calls("post", "/sys/sms")[0].data)).toEqual({ mobile: "13900000000", smsmode: "0" });
    expect(await screen.findByText(SMS_NOT_CONFIGURED)).toBeTruthy();
    // Refused: no countdown, the button can be pressed again.
    expect(screen.getByRole("button", { name: "获取验证码" })).toBeTruthy();
  });

  it("signs in through /sys/phoneLogin and shows 登录失败 with the server's message", async () => {
    const { calls } = renderLogin(phoneRoutes);
    await openPhoneTab();
    const submit = () => fireEvent.click(within(screen.getByRole("tabpanel", { name: "手机号登录" })).getByRole("button", { name: /登\s*录/ }));
    submit();
    expect(await screen.findByText("请输入短信验证码!")).toBeTruthy();
    expect(calls("post", "/sys/phoneLogin")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("手机号"), { target: { value: "13900000000" } });
    fireEvent.change(screen.getByLabelText("短信验证码"), { target: { value: "123456" } });
    submit();
    await waitFor(() => expect(calls("post", "/sys/phoneLogin")).toHaveLength(1));
    expect(JSON.parse(calls("post", "/sys/phoneLogin")[0].data)).toEqual({ mobile: "13900000000", captcha: "123456", remember_me: true });
    expect(calls("post", "/sys/login")).toHaveLength(0);
    expect(await screen.findByText("登录失败")).toBeTruthy();
    expect(screen.getByText(SMS_NOT_CONFIGURED)).toBeTruthy();
    expect(localStorage.getItem("pro__Access-Token")).toBeNull();
  });

  it("switches tabs, showing one form at a time and keeping what was typed", async () => {
    renderLogin(phoneRoutes);
    await screen.findByAltText("验证码");
    expect(screen.getByRole("tab", { name: "账户密码登录" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.change(screen.getByLabelText("用户名"), { target: { value: "admin" } });
    await openPhoneTab();
    expect(screen.getByRole("tab", { name: "手机号登录" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getAllByRole("tabpanel")).toHaveLength(1);
    expect(screen.getByRole("tabpanel").id).toBe("login-panel-phone");
    fireEvent.keyDown(screen.getByRole("tab", { name: "手机号登录" }), { key: "ArrowLeft" });
    expect(screen.getByRole("tabpanel").id).toBe("login-panel-account");
    expect((screen.getByLabelText("用户名") as HTMLInputElement).value).toBe("admin");
    expect(screen.getByPlaceholderText("请输入验证码")).toBeTruthy();
  });
});
