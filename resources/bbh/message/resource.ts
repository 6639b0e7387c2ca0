import type { ResourceProps } from "@refinedev/core";

export const MESSAGE_API = "/bbh/api/message";
export const TEMPLATE_API = "/bbh/api/messageTemplate";
export const MESSAGE_RESOURCE = "bbh-message";
export const TEMPLATE_RESOURCE = "bbh-message-template";

/** Button codes as server/db/seed/menus.ts seeds them and server/modules/bbh/message*.ts check them. */
export const MESSAGE_CODES = {
  delete: "bbh:message:delete",
  deleteBatch: "bbh:message:deleteBatch",
  export: "bbh:message:export",
  send: "bbh:message:send",
  retry: "bbh:message:retry",
} as const;
export const TEMPLATE_CODES = {
  add: "bbh:messageTemplate:add",
  edit: "bbh:messageTemplate:edit",
  delete: "bbh:messageTemplate:delete",
  deleteBatch: "bbh:messageTemplate:deleteBatch",
  export: "bbh:messageTemplate:export",
} as const;

export const messageResources: ResourceProps[] = [
  { name: MESSAGE_RESOURCE, meta: { label: "消息记录", apiBase: MESSAGE_API, authCodes: { delete: MESSAGE_CODES.delete } } },
  {
    name: TEMPLATE_RESOURCE,
    meta: { label: "消息模板", apiBase: TEMPLATE_API, authCodes: { create: TEMPLATE_CODES.add, edit: TEMPLATE_CODES.edit, delete: TEMPLATE_CODES.delete } },
  },
];
