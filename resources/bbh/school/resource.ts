import type { ResourceProps } from "@refinedev/core";

export const SCHOOL_RESOURCE = "bbh-school";
export const SCHOOL_API = "/bbh/api/school";
export const STUDENT_RESOURCE = "bbh-student";
export const STUDENT_API = "/bbh/api/student";

/** Button codes as server/db/seed/menus.ts seeds them and server/modules/bbh/{school,student}.ts check them. */
export const SCHOOL_CODES = {
  add: "bbh:school:add",
  edit: "bbh:school:edit",
  delete: "bbh:school:delete",
  deleteBatch: "bbh:school:deleteBatch",
  export: "bbh:school:export",
  import: "bbh:school:import",
} as const;
export const STUDENT_CODES = {
  add: "bbh:student:add",
  edit: "bbh:student:edit",
  delete: "bbh:student:delete",
  deleteBatch: "bbh:student:deleteBatch",
  export: "bbh:student:export",
  import: "bbh:student:import",
} as const;

export const schoolResources: ResourceProps[] = [
  { name: SCHOOL_RESOURCE, meta: { label: "学校", apiBase: SCHOOL_API, authCodes: { create: SCHOOL_CODES.add, edit: SCHOOL_CODES.edit, delete: SCHOOL_CODES.delete } } },
  { name: STUDENT_RESOURCE, meta: { label: "学生", apiBase: STUDENT_API, authCodes: { create: STUDENT_CODES.add, edit: STUDENT_CODES.edit, delete: STUDENT_CODES.delete } } },
];
