import type { ResourceProps } from "@refinedev/core";

export const DATA_SOURCE_RESOURCE = "sys-data-source";

export const DATA_SOURCE_CODES = {
  add: "system:dataSource:add",
  edit: "system:dataSource:edit",
  delete: "system:dataSource:delete",
  deleteBatch: "system:dataSource:deleteBatch",
} as const;

export const dataSourceResource: ResourceProps = {
  name: DATA_SOURCE_RESOURCE,
  meta: { label: "数据源", apiBase: "/sys/dataSource", authCodes: { create: DATA_SOURCE_CODES.add, edit: DATA_SOURCE_CODES.edit, delete: DATA_SOURCE_CODES.delete } },
};
