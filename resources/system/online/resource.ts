import type { ResourceProps } from "@refinedev/core";

export const ONLINE_RESOURCE = "sys-online";

export const ONLINE_CODES = {
  list: "system:online:list",
  forceLogout: "system:online:forceLogout",
} as const;

export const onlineResource: ResourceProps = {
  name: ONLINE_RESOURCE,
  meta: { label: "在线用户", apiBase: "/sys/online" },
};
