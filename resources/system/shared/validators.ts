/**
 * Form validators backed by the server (spec §5): the unique-value check runs only when a value is present,
 * the check rule only when both the rule code and a value exist; `success: false` shows the server's
 * message and a network failure shows the error's message.
 */
import type { Rule } from "antd/es/form";

import type { Api } from "./use-api";

const messageOf = (error: unknown) => (error as { message?: string })?.message || "校验失败";

/** `GET /sys/duplicate/check` (contract §10.5); `dataId` excludes the row being edited. */
export function duplicateRule(api: Api, params: { tableName: string; fieldName: string; dataId?: string }): Rule {
  return {
    validator: async (_rule, value) => {
      if (value === undefined || value === null || String(value).trim() === "") return;
      try {
        await api.get("/sys/duplicate/check", { tableName: params.tableName, fieldName: params.fieldName, fieldVal: value, dataId: params.dataId });
      } catch (error) {
        throw new Error(messageOf(error));
      }
    },
  };
}

/** `GET /sys/checkRule/checkByCode` (contract §10.10); the value is URL-encoded by the query string. */
export function checkRuleRule(api: Api, ruleCode: string | undefined): Rule {
  return {
    validator: async (_rule, value) => {
      if (!ruleCode || value === undefined || value === null || String(value) === "") return;
      try {
        await api.get("/sys/checkRule/checkByCode", { ruleCode, value });
      } catch (error) {
        throw new Error(messageOf(error));
      }
    },
  };
}
