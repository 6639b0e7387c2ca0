import type { ResourceProps } from "@refinedev/core";

export const FILL_RULE_RESOURCE = "sys-fill-rule";

export const fillRuleResource: ResourceProps = { name: FILL_RULE_RESOURCE, meta: { label: "编码规则", apiBase: "/sys/fillRule" } };
