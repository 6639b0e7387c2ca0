/**
 * Refine data provider for the JeecgBoot CRUD conventions (contract §5, §6). A resource's endpoints live
 * under `meta.apiBase` (e.g. `/sys/user` → `/sys/user/list`, `/sys/user/queryById` …).
 */
import type {
  BaseRecord,
  CrudFilter,
  CrudSort,
  DataProvider,
  HttpError,
  OpenNotificationParams,
} from "@refinedev/core";

import type { Page, Result } from "../contract";
import { API_BASE_URL } from "./config";
import { http, wasNotified, type HttpClient } from "./http";

/** A Refine `HttpError`; `notified` means the HTTP error catalogue has already shown it. */
export interface JeecgHttpError extends HttpError {
  notified?: boolean;
  /** The refusal's `result` (e.g. an import's row errors), when the server sent one. */
  result?: unknown;
}

type QueryParams = Record<string, string | number>;

function apiBase(resource: string, meta?: Record<string, unknown>): string {
  const base = meta?.apiBase;
  if (typeof base === "string" && base) return base.replace(/\/+$/, "");
  throw new Error(`资源「${resource}」未配置 meta.apiBase`);
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/** Refine filters → JeecgBoot query parameters (contract §5.3). */
export function toQueryParams(filters: CrudFilter[] = []): QueryParams {
  const params: QueryParams = {};
  for (const filter of filters) {
    if (!("field" in filter) || isBlank(filter.value)) continue;
    const { field, operator, value } = filter;
    switch (operator) {
      case "contains":
        params[field] = `*${value}*`;
        break;
      case "eq":
        params[field] = value;
        break;
      case "in":
        params[field] = (Array.isArray(value) ? value : [value]).join(",");
        break;
      case "ne":
        params[field] = `!${value}`;
        break;
      case "gte":
        params[`${field}_begin`] = value;
        break;
      case "lte":
        params[`${field}_end`] = value;
        break;
      default:
        throw new Error(`不支持的查询条件：${operator}`);
    }
  }
  return params;
}

/** The first Refine sorter → `column` / `order`. */
export function toSortParams(sorters: CrudSort[] = []): QueryParams {
  const [first] = sorters;
  return first ? { column: first.field, order: first.order } : {};
}

function toHttpError(error: unknown): JeecgHttpError {
  const response = (error as { response?: { status?: number; data?: { message?: string; result?: unknown } } }).response;
  return {
    message: response?.data?.message || (error instanceof Error ? error.message : "请求失败"),
    statusCode: response?.status ?? 0,
    notified: wasNotified(error),
    ...(response?.data?.result != null ? { result: response.data.result } : {}),
  };
}

/** Unwraps an envelope; `success: false` rejects with the server's message. */
async function call<T>(request: () => Promise<Result<T>>): Promise<T> {
  return (await callEnvelope(request)).result;
}

/** The whole envelope of a successful call (for answers that carry their payload in `message`). */
async function callEnvelope<T>(request: () => Promise<Result<T>>): Promise<Result<T>> {
  let body: Result<T>;
  try {
    body = await request();
  } catch (error) {
    throw toHttpError(error);
  }
  if (!body || body.success === false) {
    const failure: JeecgHttpError = { message: body?.message || "操作失败", statusCode: body?.code ?? 500 };
    throw failure;
  }
  return body;
}

export function createDataProvider(client: HttpClient = http): DataProvider {
  return {
    getApiUrl: () => API_BASE_URL,

    getList: async ({ resource, pagination, sorters, filters, meta }) => {
      const paged = pagination?.mode !== "off";
      const params: QueryParams = {
        ...(paged ? { pageNo: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 10 } : {}),
        ...toSortParams(sorters),
        ...toQueryParams(filters),
      };
      const result = await call(() =>
        client.get<Result<Page<BaseRecord> | BaseRecord[]>>(`${apiBase(resource, meta)}/list`, params),
      );
      if (Array.isArray(result)) return { data: result as never[], total: result.length };
      return { data: (result?.records ?? []) as never[], total: Number(result?.total ?? 0) };
    },

    getOne: async ({ resource, id, meta }) => {
      const data = await call(() => client.get<Result<BaseRecord>>(`${apiBase(resource, meta)}/queryById`, { id }));
      return { data: data as never };
    },

    create: async ({ resource, variables, meta }) => {
      const data = await call(() => client.post<Result<BaseRecord>>(`${apiBase(resource, meta)}/add`, variables));
      return { data: (data ?? variables) as never };
    },

    update: async ({ resource, id, variables, meta }) => {
      const body = { ...(variables as object), id };
      const data = await call(() => client.put<Result<BaseRecord>>(`${apiBase(resource, meta)}/edit`, body));
      return { data: (data && typeof data === "object" ? data : body) as never };
    },

    deleteOne: async ({ resource, id, meta }) => {
      await call(() => client.delete<Result<unknown>>(`${apiBase(resource, meta)}/delete`, { id }));
      return { data: { id } as never };
    },

    deleteMany: async ({ resource, ids, meta }) => {
      await call(() => client.delete<Result<unknown>>(`${apiBase(resource, meta)}/deleteBatch`, { ids: ids.join(",") }));
      return { data: ids.map((id) => ({ id })) as never[] };
    },

    /**
     * `meta.envelope: true` answers the whole envelope (`message` included) instead of `result`;
     * `meta.quiet: true` leaves a failure to the caller (the HTTP error catalogue shows nothing).
     * `meta.onUploadProgress` follows a large upload (axios `AxiosProgressEvent`s).
     */
    custom: async ({ url, method, filters, sorters, payload, query, headers, meta }) => {
      const params = { ...toSortParams(sorters), ...toQueryParams(filters), ...(query as object | undefined) };
      // `meta.download: true` answers the response body as a Blob (Excel exports).
      if (meta?.download) {
        try {
          const blob = await client.request<Blob>({ url, method, params, data: payload, responseType: "blob" });
          return { data: blob as never };
        } catch (error) {
          throw toHttpError(error);
        }
      }
      const quiet = meta?.quiet === true;
      const body = await callEnvelope(() =>
        client.request<Result<unknown>>({ url, method, params, data: payload, headers: headers as Record<string, string>, quiet, onUploadProgress: meta?.onUploadProgress }),
      );
      return { data: (meta?.envelope ? body : body.result) as never };
    },
  };
}

export const dataProvider = createDataProvider();

/**
 * For a hook's `errorNotification`: stays quiet when the HTTP error catalogue has already told the user,
 * otherwise shows the server's message.
 */
export function errorNotification(error?: JeecgHttpError): OpenNotificationParams | false {
  if (!error || error.notified) return false;
  return { type: "error", message: "操作失败", description: error.message };
}
