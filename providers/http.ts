/**
 * The one HTTP client of the console (spec §7) and the one place that decides how a failed request is
 * shown to the user (spec §8). Everything else talks to the server through this module.
 */
import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from "axios";
import { Modal, notification } from "antd";

import { FROZEN_USER_MESSAGE, TOKEN_INVALID_MESSAGE } from "../contract";
import { API_BASE_URL, REQUEST_TIMEOUT_MS } from "./config";
import { getToken, local, StorageKeys } from "./storage";

declare module "axios" {
  interface AxiosRequestConfig {
    /**
     * An optional request whose failure the caller handles alone (e.g. probing an endpoint a JeecgBoot
     * server lacks): the error catalogue shows nothing for it.
     */
    quiet?: boolean;
  }
}

/** The server's message for a frozen user's session (HTTP 401; the login page answers the same words). */

/** Substring of the token-expired message the catalogue looks for (every JeecgBoot client does the same). */
const TOKEN_INVALID_MARK = TOKEN_INVALID_MESSAGE.slice(0, TOKEN_INVALID_MESSAGE.indexOf("，"));

/** How long catalogue notifications stay up, in seconds (504 keeps antd's default). */
export const NOTICE_SECONDS = 4;
export const LOGOUT_RELOAD_DELAY_MS = 1500;

export interface Notice {
  message: string;
  description: string;
  duration?: number;
}

export interface ConfirmModal {
  title: string;
  content: string;
  okText: string;
  onOk: () => Promise<void>;
}

/** The side effects of the error catalogue, injectable so every row is testable without a browser. */
export interface HttpEffects {
  notify(notice: Notice): void;
  modal(modal: ConfirmModal): void;
  /** Ends the session (server call + local state); resolves whether or not the server answered. */
  logout(): Promise<void>;
  removeToken(): void;
  reload(): void;
  setTimeout(callback: () => void, ms: number): void;
}

/** What the catalogue knows about a failed request. */
export interface FailedRequest {
  status?: number;
  /** The server's `message`, or the transport error's message when there was no response. */
  message: string;
  hasToken: boolean;
  timedOut: boolean;
  cancelled: boolean;
  networkError: boolean;
}

export interface ErrorRule {
  situation: string;
  matches(failure: FailedRequest): boolean;
  handle(failure: FailedRequest, effects: HttpEffects, client: ClientState): void;
}

interface ClientState {
  expiredModalOpen: boolean;
}

const notice = (description: string, { timed = true } = {}): Notice => ({
  message: "系统提示",
  description,
  duration: timed ? NOTICE_SECONDS : undefined,
});

/** Spec §8, the rows that belong to the HTTP client, first match wins (modelled on ant-design-pro's requestErrorConfig). */
export const ERROR_CATALOGUE: readonly ErrorRule[] = [
  {
    situation: "request cancelled by its caller",
    matches: (f) => f.cancelled,
    handle: () => {},
  },
  {
    situation: "HTTP 403",
    matches: (f) => f.status === 403,
    handle: (_, fx) => fx.notify(notice("拒绝访问")),
  },
  {
    situation: "HTTP 500 with a stored token and an expired-token message",
    matches: (f) => f.status === 500 && f.hasToken && f.message.includes(TOKEN_INVALID_MARK),
    handle: (_, fx, client) => {
      if (client.expiredModalOpen) return;
      client.expiredModalOpen = true;
      fx.modal({
        title: "登录已过期",
        content: "很抱歉，登录已过期，请重新登录",
        okText: "重新登录",
        onOk: async () => {
          await fx.logout();
          fx.removeToken();
          fx.reload();
        },
      });
    },
  },
  {
    situation: "HTTP 404",
    matches: (f) => f.status === 404,
    handle: (_, fx) => fx.notify(notice("很抱歉，资源未找到!")),
  },
  {
    situation: "HTTP 504",
    matches: (f) => f.status === 504,
    handle: (_, fx) => fx.notify(notice("网络超时", { timed: false })),
  },
  {
    // Our server's answer for a session whose user was frozen (JeecgBoot 3.x answers a locked account's
    // token with 401 too): say why, then sign out as for an expired login.
    situation: "HTTP 401 with a stored token: the user was frozen",
    matches: (f) => f.status === 401 && f.hasToken && f.message === FROZEN_USER_MESSAGE,
    handle: (_, fx, client) => {
      if (client.expiredModalOpen) return;
      client.expiredModalOpen = true;
      fx.modal({
        title: FROZEN_USER_MESSAGE,
        content: "该用户已冻结，请联系管理员",
        okText: "重新登录",
        onOk: async () => {
          await fx.logout();
          fx.removeToken();
          fx.reload();
        },
      });
    },
  },
  {
    situation: "HTTP 401",
    matches: (f) => f.status === 401,
    handle: (f, fx) => {
      fx.notify(notice("未授权，请重新登录"));
      if (f.hasToken) {
        void fx.logout().finally(() => fx.setTimeout(() => fx.reload(), LOGOUT_RELOAD_DELAY_MS));
      }
    },
  },
  {
    situation: "no response, timed out",
    matches: (f) => f.status === undefined && f.timedOut,
    handle: (_, fx) => fx.notify(notice("网络超时")),
  },
  {
    situation: "no response, network failure",
    matches: (f) => f.status === undefined,
    handle: (f, fx) => fx.notify(notice(f.networkError ? "网络异常，请检查网络连接" : f.message)),
  },
  {
    situation: "any other status",
    matches: () => true,
    handle: (f, fx) => fx.notify(notice(f.message || `请求失败（HTTP ${f.status}）`)),
  },
];

const notified = new WeakSet<object>();

/** True when the catalogue already told the user about this error (callers need not show it again). */
export function wasNotified(error: unknown): boolean {
  return typeof error === "object" && error !== null && notified.has(error);
}

export function describeFailure(error: unknown, hasToken: boolean): FailedRequest {
  const axiosError = error instanceof AxiosError ? error : undefined;
  const body = axiosError?.response?.data as { message?: unknown } | undefined;
  const serverMessage = typeof body?.message === "string" ? body.message : undefined;
  return {
    status: axiosError?.response?.status,
    message: serverMessage ?? (error instanceof Error ? error.message : String(error)),
    hasToken,
    timedOut: axiosError?.code === AxiosError.ECONNABORTED || axiosError?.code === AxiosError.ETIMEDOUT ||
      /timeout/i.test(axiosError?.message ?? ""),
    cancelled: axios.isCancel(error) || axiosError?.code === AxiosError.ERR_CANCELED,
    networkError: axiosError?.code === AxiosError.ERR_NETWORK,
  };
}

export interface HttpClient {
  request<T>(config: AxiosRequestConfig): Promise<T>;
  get<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T>;
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  delete<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T>;
  /** The underlying axios instance (tests install adapters on it). */
  readonly axios: AxiosInstance;
}

export interface HttpOptions {
  baseURL?: string;
  timeout?: number;
  token?: () => string | undefined;
  effects: HttpEffects;
  now?: () => number;
}

export function createHttp(options: HttpOptions): HttpClient {
  const token = options.token ?? getToken;
  const now = options.now ?? Date.now;
  const state: ClientState = { expiredModalOpen: false };
  const instance = axios.create({
    baseURL: options.baseURL ?? API_BASE_URL,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
  });

  instance.interceptors.request.use((config) => {
    const current = token();
    if (current) config.headers.set("X-Access-Token", current);
    const method = (config.method ?? "get").toLowerCase();
    if (method === "get" && !(config.url ?? "").includes("sys/dict/getDictItems")) {
      config.params = { _t: Math.floor(now() / 1000), ...config.params };
    }
    return config;
  });

  instance.interceptors.response.use(
    (response) => response.data,
    (error: unknown) => {
      if (error instanceof AxiosError && error.config?.quiet) return Promise.reject(error);
      const failure = describeFailure(error, Boolean(token()));
      const rule = ERROR_CATALOGUE.find((candidate) => candidate.matches(failure));
      rule?.handle(failure, options.effects, state);
      if (typeof error === "object" && error !== null && !failure.cancelled) notified.add(error);
      return Promise.reject(error);
    },
  );

  const request = <T>(config: AxiosRequestConfig) => instance.request(config) as Promise<T>;
  return {
    request,
    get: (url, params, config) => request({ ...config, url, method: "get", params }),
    post: (url, body, config) => request({ ...config, url, method: "post", data: body }),
    put: (url, body, config) => request({ ...config, url, method: "put", data: body }),
    delete: (url, params, config) => request({ ...config, url, method: "delete", params }),
    axios: instance,
  };
}

/** Effects used in the browser; `logout` is supplied by the auth provider (see `setSessionEnder`). */
let endSession: () => Promise<void> = async () => local.remove(StorageKeys.accessToken);

export function setSessionEnder(ender: () => Promise<void>) {
  endSession = ender;
}

export const browserEffects: HttpEffects = {
  notify: ({ message, description, duration }) => notification.error({ message, description, duration }),
  modal: ({ title, content, okText, onOk }) => Modal.error({ title, content, okText, mask: false, keyboard: false, onOk }),
  logout: () => endSession(),
  removeToken: () => local.remove(StorageKeys.accessToken),
  reload: () => window.location.reload(),
  setTimeout: (callback, ms) => void window.setTimeout(callback, ms),
};

export const http: HttpClient = createHttp({ effects: browserEffects });
