import type { ResourceProps } from "@refinedev/core";

export const DATA_LOG_RESOURCE = "sys-data-log";
export const DATA_LOG_API = "/sys/dataLog";

export const dataLogResource: ResourceProps = {
  name: DATA_LOG_RESOURCE,
  meta: { label: "数据日志", apiBase: DATA_LOG_API },
};

/** The tables the server versions (server/modules/sys/data-log.repo.ts), with their Chinese names. */
export const DATA_LOG_TABLES: Array<{ value: string; label: string }> = [
  { value: "sys_user", label: "用户" },
  { value: "sys_role", label: "角色" },
  { value: "sys_dict", label: "字典" },
  { value: "bbh_activity_main", label: "活动" },
  { value: "bbh_red_mark", label: "红色印记" },
  { value: "bbh_question", label: "题目" },
];
