import type { ResourceProps } from "@refinedev/core";

export const OSS_RESOURCE = "bbh-oss-file";
export const OSS_API = "/bbh/api/ossFile";

/** Button codes as server/db/seed/menus.ts seeds them (文件管理 › OSS文件). */
export const OSS_CODES = {
  list: "bbh:ossFile:list",
  add: "bbh:ossFile:add",
  delete: "bbh:ossFile:delete",
  deleteBatch: "bbh:ossFile:deleteBatch",
  export: "bbh:ossFile:export",
  thumb: "bbh:ossFile:thumb",
} as const;

export const ossFileResource: ResourceProps = {
  name: OSS_RESOURCE,
  meta: { label: "OSS文件", apiBase: OSS_API, authCodes: { create: OSS_CODES.add, delete: OSS_CODES.delete } },
};
