import type { ResourceProps } from "@refinedev/core";

export const PERMISSION_RESOURCE = "sys-permission";

export const PERMISSION_CODES = {
  add: "system:permission:add",
  edit: "system:permission:edit",
  delete: "system:permission:delete",
  deleteBatch: "system:permission:deleteBatch",
  rule: "system:permission:rule",
} as const;

export const permissionResource: ResourceProps = {
  name: PERMISSION_RESOURCE,
  meta: { label: "菜单", apiBase: "/sys/permission", authCodes: { create: PERMISSION_CODES.add, edit: PERMISSION_CODES.edit, delete: PERMISSION_CODES.delete } },
};
