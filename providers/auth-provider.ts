/**
 * Refine auth provider for JeecgBoot sign-in (spec §4, contract §4, §7.1).
 */
import type { AuthProvider } from "@refinedev/core";

import type { LoginRequest, LoginResult, PhoneLoginRequest, Result, SysUser, UserPermissions } from "../contract";
import { clearAuthLists, setAuthLists } from "./access-control";
import { http, setSessionEnder, type HttpClient } from "./http";
import { EMPTY_MENU_ERROR } from "./menu";
import { getToken, LANDING_PATH, local, SESSION_KEYS, SESSION_TTL_MS, StorageKeys } from "./storage";

export const LOGIN_PATH = "/user/login";

/** Password sign-in (`/sys/login`) or, with `mobile`, phone sign-in (`/sys/phoneLogin`); both answer alike. */
export type LoginVariables = (LoginRequest | PhoneLoginRequest) & {
  /** Where to go after signing in (the login page's `redirect` query). */
  redirect?: string | null;
};

export interface Identity {
  id: string;
  username: string;
  realname: string | null;
  avatar: string | null;
}

/** Only same-origin absolute paths are followed after sign-in. */
export function safeRedirect(target: string | null | undefined): string {
  return target && target.startsWith("/") && !target.startsWith("//") ? target : LANDING_PATH;
}

export function loginPathFor(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

export interface AuthDeps {
  client: HttpClient;
  /** Full page navigation (reload to a path). */
  navigate(path: string): void;
  currentPath(): string;
}

export function createAuth({ client, navigate, currentPath }: AuthDeps) {
  let permissions: Promise<UserPermissions> | undefined;

  /** `GET /sys/permission/getUserPermissionByToken`, once per page load; an empty menu is an error. */
  function loadPermissions(): Promise<UserPermissions> {
    permissions ??= client
      .get<Result<UserPermissions>>("/sys/permission/getUserPermissionByToken")
      .then((body) => {
        if (!body?.success) throw new Error(body?.message || "获取权限失败");
        const result = body.result;
        if (!Array.isArray(result?.menu) || result.menu.length === 0) throw new Error(EMPTY_MENU_ERROR);
        setAuthLists(result.auth ?? [], result.allAuth ?? []);
        return result;
      })
      .catch((error: unknown) => {
        permissions = undefined;
        throw error;
      });
    return permissions;
  }

  /** Clears the local session first, then tells the server; resolves whatever the server answers. */
  async function endSession(): Promise<void> {
    const token = getToken();
    for (const key of SESSION_KEYS) local.remove(key);
    clearAuthLists();
    permissions = undefined;
    try {
      await client.post("/sys/logout", undefined, token ? { headers: { "X-Access-Token": token } } : undefined);
    } catch {
      // The session is over locally whatever the server says (contract §4.4).
    }
  }

  const authProvider: AuthProvider = {
    login: async ({ redirect, ...form }: LoginVariables) => {
      let body: Result<LoginResult>;
      try {
        body = await client.post<Result<LoginResult>>("mobile" in form ? "/sys/phoneLogin" : "/sys/login", form);
      } catch (error) {
        const message = (error as { response?: { data?: { message?: string } } }).response?.data?.message;
        return { success: false, error: { name: "登录失败", message: message || "请求失败，请稍后重试" } };
      }
      if (String(body?.code) !== "200") {
        return { success: false, error: { name: "登录失败", message: body?.message || "登录失败" } };
      }
      const { token, userInfo, sysAllDictItems } = body.result;
      local.set(StorageKeys.accessToken, token, SESSION_TTL_MS);
      local.set(StorageKeys.loginUsername, userInfo.username, SESSION_TTL_MS);
      local.set(StorageKeys.loginUserInfo, userInfo, SESSION_TTL_MS);
      local.set(StorageKeys.dictCache, sysAllDictItems ?? {}, SESSION_TTL_MS);
      try {
        await loadPermissions();
      } catch (error) {
        await endSession();
        return {
          success: false,
          error: { name: "登录失败", message: error instanceof Error ? error.message : "获取权限失败" },
        };
      }
      return { success: true, redirectTo: safeRedirect(redirect) };
    },

    /** Ends the session, then reloads the page at `redirectTo` (the root by default). */
    logout: async (params?: { redirectTo?: string }) => {
      await endSession();
      navigate(params?.redirectTo ?? "/");
      return { success: true };
    },

    check: async () => {
      if (getToken()) return { authenticated: true };
      return { authenticated: false, redirectTo: loginPathFor(currentPath()) };
    },

    /** The HTTP client's error catalogue already handles expired sessions; nothing more to do here. */
    onError: async (error) => ({ error }),

    getIdentity: async (): Promise<Identity | null> => {
      if (!getToken()) return null;
      const user = local.get<SysUser>(StorageKeys.loginUserInfo);
      if (!user) return null;
      return { id: user.id, username: user.username, realname: user.realname, avatar: user.avatar };
    },

    getPermissions: async () => loadPermissions(),
  };

  return { authProvider, endSession, loadPermissions };
}

const auth = createAuth({
  client: http,
  navigate: (path) => window.location.assign(path),
  currentPath: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
});

setSessionEnder(auth.endSession);

export const authProvider = auth.authProvider;
