import type { ResourceProps } from "@refinedev/core";

export const CHECK_RULE_RESOURCE = "sys-check-rule";

export const checkRuleResource: ResourceProps = { name: CHECK_RULE_RESOURCE, meta: { label: "校验规则", apiBase: "/sys/checkRule" } };
