import type { ResourceProps } from "@refinedev/core";

export const ORGANIZATION_RESOURCE = "bbh-organization";
export const ORGANIZATION_API = "/bbh/api/organization";

/** Button codes as server/db/seed/menus.ts seeds them and server/modules/bbh/organization.ts checks them. */
export const ORGANIZATION_CODES = {
  add: "bbh:organization:add",
  edit: "bbh:organization:edit",
  delete: "bbh:organization:delete",
  deleteBatch: "bbh:organization:deleteBatch",
  export: "bbh:organization:export",
  import: "bbh:organization:import",
} as const;

export const organizationResource: ResourceProps = {
  name: ORGANIZATION_RESOURCE,
  meta: { label: "组织", apiBase: ORGANIZATION_API, authCodes: { create: ORGANIZATION_CODES.add, edit: ORGANIZATION_CODES.edit, delete: ORGANIZATION_CODES.delete } },
};
