import type { ResourceProps } from "@refinedev/core";

export const LOG_RESOURCE = "sys-log";
export const LOG_API = "/sys/log";
export const LOG_CODES = { list: "system:log:list", delete: "system:log:delete" } as const;

export const logResource: ResourceProps = {
  name: LOG_RESOURCE,
  meta: { label: "日志管理", apiBase: LOG_API, authCodes: { delete: LOG_CODES.delete } },
};
