import type { ResourceProps } from "@refinedev/core";

export const USER_RESOURCE = "sys-user";

/** Button codes of 用户管理, checked again by the server on every matching endpoint. */
export const USER_CODES = {
  add: "system:user:add",
  edit: "system:user:edit",
  delete: "system:user:delete",
  deleteBatch: "system:user:deleteBatch",
  frozen: "system:user:frozen",
  resetPassword: "system:user:resetPassword",
  export: "system:user:export",
  import: "system:user:import",
  detail: "system:user:queryById",
} as const;

export const userResource: ResourceProps = {
  name: USER_RESOURCE,
  meta: {
    label: "用户",
    apiBase: "/sys/user",
    authCodes: { create: USER_CODES.add, edit: USER_CODES.edit, delete: USER_CODES.delete, show: USER_CODES.detail },
  },
};
