import type { InternalAxiosRequestConfig } from "axios";
import { describe, expect, it } from "vitest";

import type { LoginResult, UserPermissions } from "../contract";
import { fakeAdapter, ok, type FakeReply } from "../tests/console/fake-server";
import { getAccess } from "./access-control";
import { createAuth, safeRedirect } from "./auth-provider";
import { createHttp, type HttpEffects } from "./http";
import { EMPTY_MENU_ERROR } from "./menu";
import { getToken, local, StorageKeys } from "./storage";

const quiet: HttpEffects = {
  notify: () => {},
  modal: () => {},
  logout: async () => {},
  removeToken: () => {},
  reload: () => {},
  setTimeout: () => {},
};

const loginResult: LoginResult = {
  token: "jwt-admin",
  userInfo: { id: "e9ca23d6", username: "admin", realname: "管理员", avatar: null } as LoginResult["userInfo"],
  departs: [],
  multi_depart: 1,
  sysAllDictItems: { sex: [{ value: "1", text: "男", title: "男", label: "男" }] },
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
  auth: [{ action: "user:add", type: "1", describe: "添加" }],
  allAuth: [{ action: "user:add", type: "1", describe: "添加", status: "1" }],
  sysSafeMode: false,
};

type Routes = Record<string, () => FakeReply>;

function setup(routes: Routes) {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createHttp({ baseURL: "/jeecg-boot", effects: quiet });
  client.axios.defaults.adapter = fakeAdapter((config) => {
    const route = routes[`${config.method?.toUpperCase()} ${config.url}`];
    return route ? route() : { status: 404, body: {} };
  }, seen);
  const navigations: string[] = [];
  const auth = createAuth({ client, navigate: (path) => navigations.push(path), currentPath: () => "/isystem/user?pageNo=2" });
  return { ...auth, seen, navigations, calls: () => seen.map((config) => `${config.method?.toUpperCase()} ${config.url}`) };
}

const signIn = { username: "admin", password: "123456", captcha: "abcd", checkKey: 1, remember_me: true };

describe("auth provider: login", () => {
  it("signs in on code 200, stores the session for 7 days, loads the permission list once and goes to the redirect", async () => {
    const { authProvider, calls, seen } = setup({
      "POST /sys/login": () => ok(loginResult, { code: 200, message: "登录成功" }),
      "GET /sys/permission/getUserPermissionByToken": () => ok(permissions),
    });
    const outcome = await authProvider.login({ ...signIn, redirect: "/isystem/user" });
    expect(outcome).toEqual({ success: true, redirectTo: "/isystem/user" });
    expect(JSON.parse(seen[0].data)).toEqual(signIn);
    expect(getToken()).toBe("jwt-admin");
    expect(local.get(StorageKeys.loginUsername)).toBe("admin");
    expect(local.get(StorageKeys.dictCache)).toEqual(loginResult.sysAllDictItems);
    const stored = JSON.parse(localStorage.getItem("pro__Access-Token")!);
    expect(stored.expire - Date.now()).toBeGreaterThan(604_800_000 - 60_000);
    expect(getAccess().has("user:add")).toBe(true);
    await authProvider.getPermissions!();
    expect(calls()).toEqual(["POST /sys/login", "GET /sys/permission/getUserPermissionByToken"]);
  });

  it("accepts code '200' as a string", async () => {
    const { authProvider } = setup({
      "POST /sys/login": () => ok(loginResult, { code: "200" }),
      "GET /sys/permission/getUserPermissionByToken": () => ok(permissions),
    });
    await expect(authProvider.login(signIn)).resolves.toMatchObject({ success: true });
  });

  it("rejects a successful envelope whose code is not 200", async () => {
    const { authProvider } = setup({ "POST /sys/login": () => ok(loginResult, { code: 0 }) });
    await expect(authProvider.login(signIn)).resolves.toMatchObject({ success: false, error: { name: "登录失败" } });
    expect(getToken()).toBeUndefined();
  });

  it("reports the server's message as 登录失败", async () => {
    const { authProvider } = setup({
      "POST /sys/login": () => ({ body: { success: false, code: 500, message: "用户名或密码错误", result: null } }),
    });
    await expect(authProvider.login(signIn)).resolves.toEqual({
      success: false,
      error: { name: "登录失败", message: "用户名或密码错误" },
    });
  });

  it("ends the session when the menu list is empty", async () => {
    const { authProvider, calls } = setup({
      "POST /sys/login": () => ok(loginResult, { code: 200 }),
      "GET /sys/permission/getUserPermissionByToken": () => ok({ ...permissions, menu: [] }),
      "POST /sys/logout": () => ok(null, { code: 200 }),
    });
    await expect(authProvider.login(signIn)).resolves.toMatchObject({
      success: false,
      error: { message: EMPTY_MENU_ERROR },
    });
    expect(getToken()).toBeUndefined();
    expect(calls()).toContain("POST /sys/logout");
  });

  it("never follows a redirect to another origin", () => {
    expect(safeRedirect("//evil.example/x")).toBe("/dashboard/analysis");
    expect(safeRedirect("https://evil.example")).toBe("/dashboard/analysis");
    expect(safeRedirect(undefined)).toBe("/dashboard/analysis");
    expect(safeRedirect("/isystem/user?x=1")).toBe("/isystem/user?x=1");
  });
});

describe("auth provider: session", () => {
  it("sends a signed-out user to /user/login with the original full path", async () => {
    const { authProvider } = setup({});
    await expect(authProvider.check()).resolves.toEqual({
      authenticated: false,
      redirectTo: "/user/login?redirect=%2Fisystem%2Fuser%3FpageNo%3D2",
    });
  });

  it("logs out locally, tells the server, and reloads at the root even when the server call fails", async () => {
    local.set(StorageKeys.accessToken, "jwt-admin");
    local.set(StorageKeys.dictCache, {});
    local.set(StorageKeys.loginUsername, "admin");
    local.set(StorageKeys.loginUserInfo, loginResult.userInfo);
    local.set(StorageKeys.theme, "dark");
    sessionStorage.setItem("LOGIN_USER_BUTTON_AUTH", "[]");
    sessionStorage.setItem("SYS_BUTTON_AUTH", "[]");
    const { authProvider, seen, navigations } = setup({ "POST /sys/logout": () => ({ status: 500, body: {} }) });
    await expect(authProvider.logout({})).resolves.toEqual({ success: true });
    expect(seen[0].headers.get("X-Access-Token")).toBe("jwt-admin");
    expect(getToken()).toBeUndefined();
    for (const key of ["pro__Access-Token", "pro__UI_CACHE_DB_DICT_DATA", "pro__Login_Username", "pro__Login_Userinfo"]) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem("LOGIN_USER_BUTTON_AUTH")).toBeNull();
    expect(sessionStorage.getItem("SYS_BUTTON_AUTH")).toBeNull();
    // Layout settings are not personal data: they stay.
    expect(local.get(StorageKeys.theme)).toBe("dark");
    expect(navigations).toEqual(["/"]);
  });

  it("returns the stored identity", async () => {
    local.set(StorageKeys.accessToken, "jwt-admin");
    local.set(StorageKeys.loginUserInfo, loginResult.userInfo);
    const { authProvider } = setup({});
    await expect(authProvider.getIdentity!()).resolves.toEqual({
      id: "e9ca23d6",
      username: "admin",
      realname: "管理员",
      avatar: null,
    });
  });
});
