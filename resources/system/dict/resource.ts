import type { ResourceProps } from "@refinedev/core";

export const DICT_RESOURCE = "sys-dict";

export const DICT_CODES = {
  add: "system:dict:add",
  edit: "system:dict:edit",
  delete: "system:dict:delete",
  deleteBatch: "system:dict:deleteBatch",
  refreshCache: "system:dict:refreshCache",
  export: "system:dict:export",
  import: "system:dict:import",
} as const;

export const dictResource: ResourceProps = {
  name: DICT_RESOURCE,
  meta: { label: "数据字典", apiBase: "/sys/dict", authCodes: { create: DICT_CODES.add, edit: DICT_CODES.edit, delete: DICT_CODES.delete } },
};
