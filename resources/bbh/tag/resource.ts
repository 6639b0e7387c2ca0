import type { ResourceProps } from "@refinedev/core";

export const TAG_RESOURCE = "bbh-tag";
export const TAG_API = "/bbh/api/tag";

/** Button codes as server/db/seed/menus.ts seeds them and server/modules/bbh/tag.ts checks them. */
export const TAG_CODES = {
  add: "bbh:tag:add",
  edit: "bbh:tag:edit",
  delete: "bbh:tag:delete",
  sort: "bbh:tag:sort",
} as const;

export const tagResource: ResourceProps = {
  name: TAG_RESOURCE,
  meta: { label: "标签", apiBase: TAG_API, authCodes: { create: TAG_CODES.add, edit: TAG_CODES.edit, delete: TAG_CODES.delete } },
};
