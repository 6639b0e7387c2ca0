import type { ResourceProps } from "@refinedev/core";

export const POSITION_RESOURCE = "sys-position";

export const POSITION_CODES = {
  add: "system:position:add",
  edit: "system:position:edit",
  delete: "system:position:delete",
  deleteBatch: "system:position:deleteBatch",
  export: "system:position:export",
  import: "system:position:import",
} as const;

export const positionResource: ResourceProps = {
  name: POSITION_RESOURCE,
  meta: { label: "职务", apiBase: "/sys/position", authCodes: { create: POSITION_CODES.add, edit: POSITION_CODES.edit, delete: POSITION_CODES.delete } },
};
