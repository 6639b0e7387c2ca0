import type { ResourceProps } from "@refinedev/core";

export const REDMARK_RESOURCE = "bbh-redmark";
export const REDMARK_API = "/bbh/api/activity/redmark";

/** Button codes as server/db/seed/menus.ts seeds them (bbhMenus). */
export const REDMARK_CODES = {
  list: "bbh:redmark:list",
  add: "bbh:redmark:add",
  edit: "bbh:redmark:edit",
  delete: "bbh:redmark:delete",
  deleteBatch: "bbh:redmark:deleteBatch",
  export: "bbh:redmark:export",
  import: "bbh:redmark:import",
  publish: "bbh:redmark:publish",
  thumb: "bbh:redmark:thumb",
} as const;

export const redMarkResource: ResourceProps = {
  name: REDMARK_RESOURCE,
  meta: { label: "红色印记", apiBase: REDMARK_API, authCodes: { create: REDMARK_CODES.add, edit: REDMARK_CODES.edit, delete: REDMARK_CODES.delete } },
};

/** 0 未发布, 1 已发布, 2 已下架 (bbh_publish_status, domain.md §5.2). */
export const PUBLISH_COLORS: Record<number, string> = { 0: "default", 1: "green", 2: "orange" };
