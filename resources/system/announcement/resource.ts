import type { ResourceProps } from "@refinedev/core";

export const ANNOUNCEMENT_RESOURCE = "sys-announcement";
export const ANNOUNCEMENT_API = "/sys/annountCement";

export const ANNOUNCEMENT_CODES = {
  add: "system:announcement:add",
  edit: "system:announcement:edit",
  delete: "system:announcement:delete",
  deleteBatch: "system:announcement:deleteBatch",
  release: "system:announcement:release",
  revoke: "system:announcement:revoke",
} as const;

export const announcementResource: ResourceProps = {
  name: ANNOUNCEMENT_RESOURCE,
  meta: {
    label: "系统通告",
    apiBase: ANNOUNCEMENT_API,
    authCodes: { create: ANNOUNCEMENT_CODES.add, edit: ANNOUNCEMENT_CODES.edit, delete: ANNOUNCEMENT_CODES.delete },
  },
};
