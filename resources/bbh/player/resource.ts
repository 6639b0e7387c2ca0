import type { ResourceProps } from "@refinedev/core";

export const USER_ACTIVITY_API = "/bbh/api/userActivity";
export const USER_TASK_API = "/bbh/api/userTask";
export const ANSWER_API = "/bbh/api/userTaskAnswer";

export const USER_ACTIVITY_RESOURCE = "bbh-user-activity";
export const USER_TASK_RESOURCE = "bbh-user-task";
export const ANSWER_RESOURCE = "bbh-answer";

/** Button codes as server/db/seed/menus.ts seeds them and server/modules/bbh/{player,answer}.ts check them. */
export const USER_ACTIVITY_CODES = { export: "bbh:userActivity:export" } as const;
export const USER_TASK_CODES = { export: "bbh:userTask:export" } as const;
export const ANSWER_CODES = { export: "bbh:answer:export", audit: "bbh:answer:audit" } as const;

/** The hidden detail route of a player's round (menus.ts: 玩家活动详情). */
export const userActivityDetailPath = (id: string) => `/bbh/player/userActivity/detail/${encodeURIComponent(id)}`;

const resource = (name: string, label: string, apiBase: string): ResourceProps => ({ name, meta: { label, apiBase, authCodes: {} } });

export const playerResources: ResourceProps[] = [
  resource(USER_ACTIVITY_RESOURCE, "玩家活动", USER_ACTIVITY_API),
  resource(USER_TASK_RESOURCE, "玩家任务", USER_TASK_API),
  resource(ANSWER_RESOURCE, "答案审核", ANSWER_API),
];
