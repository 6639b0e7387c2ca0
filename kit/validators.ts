/**
 * Form validators backed by the server (spec §5): the unique-value check runs only when a value is present,
 * the check rule only when both the rule code and a value exist; `success: false` shows the server's
 * message and a network failure shows the error's message.
 */
import type { Rule } from "antd/es/form";

import { maxLengthMessage, minLengthMessage, patternMessage, requiredMessage, type FieldLimit } from "../contract/limits";
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

/**
 * The form rules of a text field from its limits in contract/limits.ts — the same limits the server's schema
 * is built from — so the form refuses what the server would, in the same words (用户姓名不能超过100个字符).
 * `required` overrides the limit's own (e.g. a field the form asks for but the server lets clients omit).
 */
export function limitRules(limit: FieldLimit, options: { required?: boolean } = {}): Rule[] {
  const rules: Rule[] = [];
  if (options.required ?? limit.required) rules.push({ required: true, whitespace: true, message: requiredMessage(limit.label) });
  if (limit.min && limit.min > 1) rules.push({ min: limit.min, message: minLengthMessage(limit.label, limit.min) });
  rules.push({ max: limit.max, message: maxLengthMessage(limit.label, limit.max) });
  if (limit.pattern) rules.push({ pattern: new RegExp(limit.pattern), message: patternMessage(limit) });
  return rules;
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
