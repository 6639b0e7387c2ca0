/** `/sys/checkRule` — check rules (contract.md §10.10): CRUD and `checkByCode`. */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq } from "drizzle-orm";
import { sysCheckRule } from "../../db/schema.js";
import { formatDateTime } from "../../lib/dates.js";
import { badRequest, fail, ok, refused } from "../../lib/envelope.js";
import type { ListSpec } from "../../lib/list-query.js";
import { signedIn } from "../../plugins/auth.js";
import { registerCrud } from "./crud.js";
import { checkRuleLimits } from "../../../contract/limits.js";
import { textField } from "../../lib/field-schema.js";

type Row = typeof sysCheckRule.$inferSelect;

export interface RulePart {
  digits: string;
  pattern: string;
  message: string;
}

const MAX_PARTS = 20;
/** Values longer than this are refused before any pattern runs (bounded regex work). */
export const MAX_CHECKED_LENGTH = 1000;

/** Parses and validates `rule_json`: an array of `{digits: "*" | N, pattern, message}` whose patterns compile. */
export function parseRuleJson(json: string): RulePart[] {
  let parts: unknown;
  try {
    parts = JSON.parse(json);
  } catch {
    throw badRequest("规则JSON格式不正确");
  }
  if (!Array.isArray(parts) || parts.length === 0 || parts.length > MAX_PARTS) throw badRequest(`规则JSON必须是 1 到 ${MAX_PARTS} 条规则的数组`);
  return parts.map((p, i) => {
    const part = p as Partial<RulePart>;
    const digits = String(part.digits ?? "");
    if (digits !== "*" && !/^[1-9]\d{0,2}$/.test(digits)) throw badRequest(`第${i + 1}条规则的位数（digits）必须是 * 或正整数`);
    if (typeof part.pattern !== "string" || !part.pattern || part.pattern.length > 300) throw badRequest(`第${i + 1}条规则缺少正则表达式（pattern）`);
    try {
      new RegExp(part.pattern);
    } catch {
      throw badRequest(`第${i + 1}条规则的正则表达式不正确`);
    }
    if (typeof part.message !== "string" || !part.message) throw badRequest(`第${i + 1}条规则缺少提示信息（message）`);
    return { digits, pattern: part.pattern, message: part.message };
  });
}

/**
 * JeecgBoot's check: `*` rules test the whole value; numbered rules test the next N characters, their
 * positions accumulating. Patterns must match fully. The first failure is returned.
 */
export function checkValue(parts: RulePart[], value: string) {
  let begin = 0;
  for (const part of parts) {
    const whole = part.digits === "*";
    const end = whole ? value.length : Math.min(value.length, begin + Number(part.digits));
    const piece = whole ? value : value.slice(begin, end);
    const passed = new RegExp(`^(?:${part.pattern})$`).test(piece);
    if (!passed) {
      return { ...part, checkValue: piece, passed: false, ...(whole ? {} : { beginIndex: begin, endIndex: end }) };
    }
    if (!whole) begin = end;
  }
  return null;
}

const spec: ListSpec = {
  fields: {
    ruleName: { column: sysCheckRule.ruleName, type: "string", sort: true },
    ruleCode: { column: sysCheckRule.ruleCode, type: "string", sort: true },
    createTime: { column: sysCheckRule.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysCheckRule.id,
  component: "system/SysCheckRuleList",
};

const Body = Type.Object({
  ruleName: textField(checkRuleLimits.ruleName),
  ruleCode: textField(checkRuleLimits.ruleCode),
  ruleJson: textField(checkRuleLimits.ruleJson),
  ruleDescription: textField(checkRuleLimits.ruleDescription),
});

const toJson = (r: Row) => ({
  id: r.id,
  ruleName: r.ruleName,
  ruleCode: r.ruleCode,
  ruleJson: r.ruleJson,
  ruleDescription: r.ruleDescription,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

export default async function checkRuleRoutes(base: FastifyInstance) {
  registerCrud<typeof Body, Row>(base, {
    base: "/sys/checkRule",
    table: sysCheckRule,
    id: sysCheckRule.id,
    spec,
    codes: {
      list: "system:checkRule:list",
      add: "system:checkRule:add",
      edit: "system:checkRule:edit",
      delete: "system:checkRule:delete",
      deleteBatch: "system:checkRule:deleteBatch",
    },
    body: Body,
    values: (b) => {
      parseRuleJson(b.ruleJson);
      return { ruleName: b.ruleName.trim(), ruleCode: b.ruleCode, ruleJson: b.ruleJson, ruleDescription: b.ruleDescription || null };
    },
    toJson,
    unique: [{ column: sysCheckRule.ruleCode, key: "ruleCode", message: "规则编码已存在" }],
  });

  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  /** Used by any form's validator, so any signed-in user may call it. */
  app.get(
    "/sys/checkRule/checkByCode",
    { config: signedIn, schema: { querystring: Type.Object({ ruleCode: Type.String({ title: "规则编码", minLength: 1, maxLength: 100 }), value: Type.String({ title: "需要校验的值", maxLength: MAX_CHECKED_LENGTH }) }) } },
    async (req) => {
      const [rule] = await app.ctx.db.select().from(sysCheckRule).where(eq(sysCheckRule.ruleCode, req.query.ruleCode));
      if (!rule) throw refused("该编码不存在");
      const failure = checkValue(parseRuleJson(rule.ruleJson), req.query.value);
      return failure ? { ...fail(failure.message), result: failure } : ok(null);
    },
  );
}
