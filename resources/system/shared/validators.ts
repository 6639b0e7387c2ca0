/**
 * Form validators backed by the server (spec §5): the unique-value check runs only when a value is present,
 * the check rule only when both the rule code and a value exist; `success: false` shows the server's
 * message and a network failure shows the error's message.
 */
import type { Rule } from "antd/es/form";

import type { Api } from "./use-api";

const messageOf = (error: unknown) => (error as { message?: string })?.message || "校验失败";

/**
 * When the kit's forms validate: on every change, so an error shown after a failed submit goes away as
 * soon as the input is fixed, and on blur, when the server-backed checks run (`serverRule`). Every form of
 * the system pages passes this to `<Form validateTrigger>`; no field overrides it.
 */
export const FORM_VALIDATE_TRIGGER = ["onChange", "onBlur"];

/**
 * A check the server answers (`success: false` → its message): asked on blur and on submit, never per
 * keystroke; skipped while the value is empty (the `required` rule speaks then).
 */
export function serverRule(check: (value: unknown) => Promise<unknown>): Rule {
  return {
    validateTrigger: "onBlur",
    validator: async (_rule, value) => {
      if (value === undefined || value === null || String(value).trim() === "") return;
      try {
        await check(value);
      } catch (error) {
        throw new Error(messageOf(error));
      }
    },
  };
}

/** `GET /sys/duplicate/check` (contract §10.5); `dataId` excludes the row being edited. */
export function duplicateRule(api: Api, params: { tableName: string; fieldName: string; dataId?: string }): Rule {
  return serverRule((value) => api.get("/sys/duplicate/check", { tableName: params.tableName, fieldName: params.fieldName, fieldVal: value, dataId: params.dataId }));
}

/** `GET /sys/checkRule/checkByCode` (contract §10.10); the value is URL-encoded by the query string. */
export function checkRuleRule(api: Api, ruleCode: string | undefined): Rule {
  return serverRule(async (value) => {
    if (ruleCode) await api.get("/sys/checkRule/checkByCode", { ruleCode, value });
  });
}
