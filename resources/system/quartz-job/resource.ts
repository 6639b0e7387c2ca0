import type { ResourceProps } from "@refinedev/core";

export const QUARTZ_RESOURCE = "sys-quartz-job";
export const QUARTZ_API = "/sys/quartzJob";

/** The seeded buttons (server/db/seed/menus.ts); batch delete uses the delete button, as the server does. */
export const QUARTZ_CODES = {
  add: "system:quartzJob:add",
  edit: "system:quartzJob:edit",
  delete: "system:quartzJob:delete",
  deleteBatch: "system:quartzJob:delete",
  export: "system:quartzJob:list",
  pause: "system:quartzJob:pause",
  resume: "system:quartzJob:resume",
  execute: "system:quartzJob:execute",
} as const;

export const quartzJobResource: ResourceProps = {
  name: QUARTZ_RESOURCE,
  meta: { label: "定时任务", apiBase: QUARTZ_API, authCodes: { create: QUARTZ_CODES.add, edit: QUARTZ_CODES.edit, delete: QUARTZ_CODES.delete } },
};
