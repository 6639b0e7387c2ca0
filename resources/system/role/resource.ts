import type { ResourceProps } from "@refinedev/core";

export const ROLE_RESOURCE = "sys-role";

export const ROLE_CODES = {
  add: "system:role:add",
  edit: "system:role:edit",
  delete: "system:role:delete",
  deleteBatch: "system:role:deleteBatch",
  authorize: "system:role:authorize",
  export: "system:role:export",
  import: "system:role:import",
} as const;

export const roleResource: ResourceProps = {
  name: ROLE_RESOURCE,
  meta: { label: "角色", apiBase: "/sys/role", authCodes: { create: ROLE_CODES.add, edit: ROLE_CODES.edit, delete: ROLE_CODES.delete } },
};
