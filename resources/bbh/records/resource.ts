import type { ResourceProps } from "@refinedev/core";

const BASE = "/bbh/api/activity";
export const APPLY_API = `${BASE}/apply`;
export const GROUP_API = `${BASE}/group`;
export const GRADE_API = `${BASE}/grade`;
export const GROUP_GRADE_API = `${BASE}/groupGrade`;
export const SCORE_API = `${BASE}/score`;
export const ACTIVATION_API = `${BASE}/activation`;

export const APPLY_RESOURCE = "bbh-apply";
export const GROUP_RESOURCE = "bbh-group";
export const GRADE_RESOURCE = "bbh-grade";
export const GROUP_GRADE_RESOURCE = "bbh-group-grade";
export const SCORE_RESOURCE = "bbh-score";
export const ACTIVATION_RESOURCE = "bbh-activation";

/** Button codes as server/db/seed/menus.ts seeds them and server/modules/bbh/records.ts checks them. */
export const APPLY_CODES = { export: "bbh:apply:export", audit: "bbh:apply:audit" } as const;
export const GROUP_CODES = {
  add: "bbh:group:add",
  edit: "bbh:group:edit",
  delete: "bbh:group:delete",
  deleteBatch: "bbh:group:deleteBatch",
  export: "bbh:group:export",
  assign: "bbh:group:assign",
} as const;
export const GRADE_CODES = { export: "bbh:grade:export" } as const;
export const GROUP_GRADE_CODES = { export: "bbh:groupGrade:export" } as const;
export const SCORE_CODES = { export: "bbh:score:export", adjust: "bbh:score:adjust" } as const;
export const ACTIVATION_CODES = {
  edit: "bbh:activation:edit",
  delete: "bbh:activation:delete",
  deleteBatch: "bbh:activation:deleteBatch",
  export: "bbh:activation:export",
  generate: "bbh:activation:generate",
  void: "bbh:activation:void",
} as const;

const resource = (name: string, label: string, apiBase: string, authCodes: Record<string, string> = {}): ResourceProps => ({ name, meta: { label, apiBase, authCodes } });

export const recordResources: ResourceProps[] = [
  resource(APPLY_RESOURCE, "报名", APPLY_API),
  resource(GROUP_RESOURCE, "小组", GROUP_API, { create: GROUP_CODES.add, edit: GROUP_CODES.edit, delete: GROUP_CODES.delete }),
  resource(GRADE_RESOURCE, "成绩", GRADE_API),
  resource(GROUP_GRADE_RESOURCE, "小组成绩", GROUP_GRADE_API),
  resource(SCORE_RESOURCE, "积分流水", SCORE_API),
  resource(ACTIVATION_RESOURCE, "激活码", ACTIVATION_API, { edit: ACTIVATION_CODES.edit, delete: ACTIVATION_CODES.delete }),
];
