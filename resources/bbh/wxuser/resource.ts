import type { ResourceProps } from "@refinedev/core";

export const WX_USER_RESOURCE = "bbh-wx-user";
export const WX_USER_API = "/bbh/bbhWxUser";

/** Button codes as server/db/seed/menus.ts seeds them and server/modules/bbh/wx-user.ts checks them. No add/import: users come from WeChat. */
export const WX_USER_CODES = {
  edit: "bbh:wxUser:edit",
  delete: "bbh:wxUser:delete",
  deleteBatch: "bbh:wxUser:deleteBatch",
  export: "bbh:wxUser:export",
  pointMaker: "bbh:wxUser:pointMaker",
  assignDepart: "bbh:wxUser:assignDepart",
} as const;

export const wxUserResource: ResourceProps = {
  name: WX_USER_RESOURCE,
  meta: { label: "微信用户", apiBase: WX_USER_API, authCodes: { edit: WX_USER_CODES.edit, delete: WX_USER_CODES.delete } },
};
