import type { ResourceProps } from "@refinedev/core";

export const QUESTION_RESOURCE = "bbh-question";
export const QUESTION_API = "/bbh/api/question";
export const QUESTION_TYPE_RESOURCE = "bbh-question-type";
export const QUESTION_TYPE_API = "/bbh/api/questionType";
export const REPORT_RECORD_RESOURCE = "bbh-question-report-record";
export const REPORT_RECORD_API = "/bbh/api/question/reportRecord";

/** Button codes as server/db/seed/menus.ts seeds them (bbhMenus, 题库管理). */
export const QUESTION_CODES = {
  list: "bbh:question:list",
  add: "bbh:question:add",
  edit: "bbh:question:edit",
  delete: "bbh:question:delete",
  deleteBatch: "bbh:question:deleteBatch",
  export: "bbh:question:export",
  import: "bbh:question:import",
} as const;
export const QUESTION_TYPE_CODES = {
  list: "bbh:questionType:list",
  add: "bbh:questionType:add",
  edit: "bbh:questionType:edit",
  delete: "bbh:questionType:delete",
  export: "bbh:questionType:export",
} as const;
export const REPORT_RECORD_CODES = { list: "bbh:reportRecord:list", export: "bbh:reportRecord:export" } as const;

export const questionResources: ResourceProps[] = [
  {
    name: QUESTION_RESOURCE,
    meta: { label: "题目", apiBase: QUESTION_API, authCodes: { create: QUESTION_CODES.add, edit: QUESTION_CODES.edit, delete: QUESTION_CODES.delete } },
  },
  {
    name: QUESTION_TYPE_RESOURCE,
    meta: { label: "题目分类", apiBase: QUESTION_TYPE_API, authCodes: { create: QUESTION_TYPE_CODES.add, edit: QUESTION_TYPE_CODES.edit, delete: QUESTION_TYPE_CODES.delete } },
  },
  { name: REPORT_RECORD_RESOURCE, meta: { label: "答题记录", apiBase: REPORT_RECORD_API } },
];

/** A node of `questionType/loadTreeData?async=false` (JeecgBoot TreeSelectModel). */
export interface TypeNode {
  key: string;
  title: string;
  value: string;
  typeStatus?: number;
  children?: TypeNode[] | null;
}
