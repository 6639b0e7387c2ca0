import type { ResourceProps } from "@refinedev/core";

export const USER_RESOURCE = "sys-user";

export const userResource: ResourceProps = {
  name: USER_RESOURCE,
  meta: {
    label: "用户",
    apiBase: "/sys/user",
    authCodes: { create: "user:add", edit: "user:edit" },
  },
};
