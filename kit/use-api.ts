/**
 * Imperative calls for actions that are not plain CRUD (freeze, grant, validate …), through Refine's data
 * provider: the envelope is unwrapped there and `success: false` rejects with the server's message.
 */
import { useDataProvider, useInvalidate } from "@refinedev/core";
import { App } from "antd";
import { useCallback, useMemo } from "react";

import type { JeecgHttpError } from "../providers/data-provider";

type Method = "get" | "post" | "put" | "delete";

export interface Api {
  get<T>(url: string, query?: Record<string, unknown>): Promise<T>;
  post<T>(url: string, payload?: unknown): Promise<T>;
  put<T>(url: string, payload?: unknown): Promise<T>;
  del<T>(url: string, query?: Record<string, unknown>): Promise<T>;
  /**
   * The whole envelope (for answers that only carry a `message`). `quiet`: a failure is left to the caller (no
   * error notification), which reads its `message` and `result` (e.g. an import's row errors).
   */
  envelope(method: Method, url: string, body?: { query?: Record<string, unknown>; payload?: unknown; quiet?: boolean }): Promise<{ message: string; result: unknown }>;
  /** A file the server sends (Excel export). */
  download(url: string, query?: Record<string, unknown>): Promise<Blob>;
}

export function useApi(): Api {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const run = async <T,>(method: Method, url: string, query?: Record<string, unknown>, payload?: unknown, mode?: "envelope" | "download", quiet?: boolean) => {
      const custom = dataProvider().custom;
      if (!custom) throw new Error("数据提供者不支持自定义请求");
      const { data } = await custom({ url, method, query, payload: payload as object, meta: mode ? { [mode]: true, ...(quiet ? { quiet } : {}) } : undefined });
      return data as unknown as T;
    };
    return {
      get: (url, query) => run("get", url, query),
      post: (url, payload) => run("post", url, undefined, payload),
      put: (url, payload) => run("put", url, undefined, payload),
      del: (url, query) => run("delete", url, query),
      envelope: (method, url, body) => run(method, url, body?.query, body?.payload, "envelope", body?.quiet),
      download: (url, query) => run("get", url, query, undefined, "download"),
    } satisfies Api;
  }, [dataProvider]);
}

/** Runs an action, shows the server's message as success or failure, and refreshes the resource's lists. */
export function useAction(resource?: string) {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  return useCallback(
    async (action: () => Promise<unknown>, success = "操作成功") => {
      try {
        await action();
        message.success(success);
        if (resource) await invalidate({ resource, invalidates: ["list", "many", "detail"] });
        return true;
      } catch (error) {
        const failure = error as JeecgHttpError;
        if (!failure.notified) message.warning(failure.message || "操作失败");
        return false;
      }
    },
    [message, invalidate, resource],
  );
}
