/**
 * `/sys/fillRule` — code-generation rules (contract.md §10.11). JeecgBoot runs a Java class named in
 * `rule_class`; here the class name selects one of the built-in generators below (an allow-list), so a rule
 * can never run arbitrary code.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { sysCategory, sysDepart, sysFillRule } from "../../db/schema.js";
import { highestCode, nextChildCode } from "../../lib/code-rule.js";
import { formatDateTime } from "../../lib/dates.js";
import { badRequest, ok } from "../../lib/envelope.js";
import type { ListSpec } from "../../lib/list-query.js";
import { can, signedIn } from "../../plugins/auth.js";
import { registerCrud } from "./crud.js";
import { nextOrgCode } from "./depart.js";
import { fillRuleLimits } from "../../../contract/limits.js";
import { textField, titled } from "../../lib/field-schema.js";

type Row = typeof sysFillRule.$inferSelect;
type Params = Record<string, unknown>;

/** Built-in generators, by the JeecgBoot class names seeded in `rule_class`. */
export const GENERATORS: Record<string, (db: Db, params: Params, form: Params) => Promise<string>> = {
  "org.jeecg.modules.system.rule.OrgCodeRule": async (db, _params, form) => {
    const pid = typeof form.pid === "string" ? form.pid : "";
    const [parent] = pid ? await db.select().from(sysDepart).where(eq(sysDepart.id, pid)) : [];
    if (pid && !parent) throw badRequest("上级部门不存在");
    return (await nextOrgCode(db, parent ?? null)).orgCode;
  },
  "org.jeecg.modules.system.rule.CategoryCodeRule": async (db, params, form) => {
    const pid = String(form.pid ?? params.pid ?? "") || "0";
    const [parent] = pid !== "0" ? await db.select().from(sysCategory).where(eq(sysCategory.id, pid)) : [];
    const siblings = await db
      .select({ code: sysCategory.code })
      .from(sysCategory)
      .where(pid === "0" ? or(eq(sysCategory.pid, "0"), sql`${sysCategory.pid} = ''`) : eq(sysCategory.pid, pid));
    return nextChildCode(parent?.code ?? "", highestCode(siblings.map((s) => s.code)));
  },
  "org.jeecg.modules.online.cgform.rule.OrderNumberRule": async (_db, params) => {
    const prefix = typeof params.prefix === "string" ? params.prefix : "CN";
    const stamp = (formatDateTime(new Date()) ?? "").replace(/\D/g, "");
    return `${prefix}${stamp}${String(Math.floor(Math.random() * 10000)).padStart(4, "0")}`;
  },
};

const parseJson = (text: string | null | undefined, what: string): Params => {
  if (!text) return {};
  try {
    const v = JSON.parse(text);
    if (v && typeof v === "object" && !Array.isArray(v)) return v as Params;
  } catch {
    /* reported below */
  }
  throw badRequest(`${what}必须是 JSON 对象`);
};

/** Runs the rule with `ruleCode`; null when there is none (JeecgBoot answers null too). */
export async function executeRule(db: Db, ruleCode: string, form: Params): Promise<string | null> {
  const [rule] = await db.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, ruleCode));
  if (!rule) return null;
  const generate = GENERATORS[rule.ruleClass];
  if (!generate) return null;
  return generate(db, parseJson(rule.ruleParams, "规则参数"), form);
}

const spec: ListSpec = {
  fields: {
    ruleName: { column: sysFillRule.ruleName, type: "string", sort: true },
    ruleCode: { column: sysFillRule.ruleCode, type: "string", sort: true },
    ruleClass: { column: sysFillRule.ruleClass, type: "string" },
    createTime: { column: sysFillRule.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysFillRule.id,
  component: "system/SysFillRuleList",
};

const Body = Type.Object({
  ruleName: textField(fillRuleLimits.ruleName),
  ruleCode: textField(fillRuleLimits.ruleCode),
  ruleClass: textField(fillRuleLimits.ruleClass),
  ruleParams: textField(fillRuleLimits.ruleParams),
});

const toJson = (r: Row) => ({
  id: r.id,
  ruleName: r.ruleName,
  ruleCode: r.ruleCode,
  ruleClass: r.ruleClass,
  ruleParams: r.ruleParams,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

const FormData = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { title: "表单数据", maxProperties: 50 });

export default async function fillRuleRoutes(base: FastifyInstance) {
  registerCrud<typeof Body, Row>(base, {
    base: "/sys/fillRule",
    table: sysFillRule,
    id: sysFillRule.id,
    spec,
    codes: {
      list: "system:fillRule:list",
      add: "system:fillRule:add",
      edit: "system:fillRule:edit",
      delete: "system:fillRule:delete",
      deleteBatch: "system:fillRule:deleteBatch",
    },
    body: Body,
    values: (b) => {
      if (!GENERATORS[b.ruleClass]) throw badRequest(`不支持的规则实现类：${b.ruleClass}（可用：${Object.keys(GENERATORS).join("、")}）`);
      parseJson(b.ruleParams, "规则参数");
      return { ruleName: b.ruleName.trim(), ruleCode: b.ruleCode, ruleClass: b.ruleClass, ruleParams: b.ruleParams || null };
    },
    toJson,
    unique: [{ column: sysFillRule.ruleCode, key: "ruleCode", message: "规则编码已存在" }],
  });

  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;

  app.get(
    "/sys/fillRule/testFillRule",
    { config: can("system:fillRule:list"), schema: { querystring: Type.Object({ ruleCode: Type.String({ title: "规则编码", minLength: 1, maxLength: 100 }) }) } },
    async (req) => ok(await executeRule(db, req.query.ruleCode, {})),
  );

  // Forms of any module fill codes through these, so any signed-in user may run a rule.
  app.put(
    "/sys/fillRule/executeRuleByCode/:ruleCode",
    { config: signedIn, schema: { params: Type.Object({ ruleCode: Type.String({ title: "规则编码", minLength: 1, maxLength: 100 }) }), body: Type.Optional(FormData) } },
    async (req) => ok(await executeRule(db, req.params.ruleCode, (req.body as Params | undefined) ?? {})),
  );

  app.put(
    "/sys/fillRule/executeRuleByCodeBatch",
    {
      config: signedIn,
      schema: {
        body: Type.Object({
          commonFormData: Type.Optional(titled(FormData, "公共表单数据")),
          rules: Type.Array(Type.Object({ ruleCode: Type.String({ title: "规则编码", minLength: 1, maxLength: 100 }), formData: Type.Optional(FormData) }), { title: "规则", maxItems: 50 }),
        }),
      },
    },
    async (req) => {
      const common = (req.body.commonFormData as Params | undefined) ?? {};
      const out = [];
      for (const r of req.body.rules) out.push({ ruleCode: r.ruleCode, result: await executeRule(db, r.ruleCode, { ...common, ...((r.formData as Params | undefined) ?? {}) }) });
      return ok(out);
    },
  );
}
