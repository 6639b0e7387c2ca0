import type { ResourceProps } from "@refinedev/core";

export const ACTIVITY_RESOURCE = "bbh-activity";
export const TIME_RESOURCE = "bbh-activity-time";
export const TASK_RESOURCE = "bbh-activity-task";

export const ACTIVITY_API = "/bbh/api/activity/main";
export const TIME_API = "/bbh/api/activity/time";
export const TASK_API = "/bbh/api/activity/task";
export const RED_ACTIVITY_API = "/bbh/api/activity/redActivity";

/** Button codes as server/db/seed/menus.ts seeds them (bbhMenus). */
export const ACTIVITY_CODES = {
  add: "bbh:activity:add",
  edit: "bbh:activity:edit",
  delete: "bbh:activity:delete",
  deleteBatch: "bbh:activity:deleteBatch",
  export: "bbh:activity:export",
  import: "bbh:activity:import",
  publish: "bbh:activity:publish",
  clone: "bbh:activity:clone",
} as const;

export const TIME_CODES = {
  add: "bbh:time:add",
  edit: "bbh:time:edit",
  delete: "bbh:time:delete",
  deleteBatch: "bbh:time:deleteBatch",
  export: "bbh:time:export",
  settle: "bbh:time:settle",
  restart: "bbh:time:restart",
} as const;

export const TASK_CODES = {
  add: "bbh:task:add",
  edit: "bbh:task:edit",
  delete: "bbh:task:delete",
  export: "bbh:task:export",
  import: "bbh:task:import",
  sort: "bbh:task:sort",
  qrCode: "bbh:task:qrCode",
} as const;

export const RED_ACTIVITY_CODES = {
  list: "bbh:redActivity:list",
  add: "bbh:redActivity:add",
  edit: "bbh:redActivity:edit",
  remove: "bbh:redActivity:remove",
  sort: "bbh:redActivity:sort",
  assignMaker: "bbh:redActivity:assignMaker",
} as const;

export const activityResources: ResourceProps[] = [
  {
    name: ACTIVITY_RESOURCE,
    meta: { label: "活动", apiBase: ACTIVITY_API, authCodes: { create: ACTIVITY_CODES.add, edit: ACTIVITY_CODES.edit, delete: ACTIVITY_CODES.delete } },
  },
  { name: TIME_RESOURCE, meta: { label: "活动时间", apiBase: TIME_API, authCodes: { create: TIME_CODES.add, edit: TIME_CODES.edit, delete: TIME_CODES.delete } } },
  { name: TASK_RESOURCE, meta: { label: "任务", apiBase: TASK_API, authCodes: { create: TASK_CODES.add, edit: TASK_CODES.edit, delete: TASK_CODES.delete } } },
];
