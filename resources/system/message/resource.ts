import type { ResourceProps } from "@refinedev/core";

export const MESSAGE_RESOURCE = "sys-message";
export const MESSAGE_API = "/sys/message/sysMessage";
export const TEMPLATE_RESOURCE = "sys-message-template";
export const TEMPLATE_API = "/sys/message/sysMessageTemplate";

export const MESSAGE_CODES = {
  add: "system:message:add",
  edit: "system:message:edit",
  delete: "system:message:delete",
  deleteBatch: "system:message:deleteBatch",
} as const;

export const TEMPLATE_CODES = {
  add: "system:messageTemplate:add",
  edit: "system:messageTemplate:edit",
  delete: "system:messageTemplate:delete",
  deleteBatch: "system:messageTemplate:deleteBatch",
  send: "system:messageTemplate:send",
} as const;

/** es_type / template_type (contract §9.5; 4 = system announcement). */
export const MESSAGE_TYPES = [
  { value: "1", label: "短信" },
  { value: "2", label: "邮件" },
  { value: "3", label: "微信" },
  { value: "4", label: "系统通知" },
];

export const SEND_STATUS: Record<string, { text: string; color: string }> = {
  "0": { text: "未发送", color: "default" },
  "1": { text: "发送成功", color: "green" },
  "2": { text: "发送失败", color: "red" },
  "-1": { text: "放弃发送", color: "orange" },
};

export const messageResource: ResourceProps = {
  name: MESSAGE_RESOURCE,
  meta: { label: "消息", apiBase: MESSAGE_API, authCodes: { create: MESSAGE_CODES.add, edit: MESSAGE_CODES.edit, delete: MESSAGE_CODES.delete } },
};

export const templateResource: ResourceProps = {
  name: TEMPLATE_RESOURCE,
  meta: { label: "消息模板", apiBase: TEMPLATE_API, authCodes: { create: TEMPLATE_CODES.add, edit: TEMPLATE_CODES.edit, delete: TEMPLATE_CODES.delete } },
};
