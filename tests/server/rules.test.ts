import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { sysCheckRule, sysFillRule } from "../../server/db/schema.js";
import { checkValue, parseRuleJson } from "../../server/modules/sys/check-rule.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("zhangsan", "Operator@1");
  operator = await t.login("zhangsan", "Operator@1");
});
afterAll(() => t.close());

const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  return { status: res.statusCode, body: res.json() };
};

describe("check rules", () => {
  it("checks numbered positions then whole-value patterns, reporting the first failure", () => {
    const parts = parseRuleJson('[{"digits":"1","pattern":"[a-z]","message":"首位小写"},{"digits":"*","pattern":".{3,}","message":"至少3位"}]');
    expect(checkValue(parts, "abc")).toBeNull();
    expect(checkValue(parts, "Abc")).toMatchObject({ message: "首位小写", checkValue: "A", beginIndex: 0, endIndex: 1, passed: false });
    expect(checkValue(parts, "ab")).toMatchObject({ message: "至少3位", checkValue: "ab" });
  });

  it("checkByCode answers the seeded `common` rule with the rule's message; the value arrives URL-decoded", async () => {
    expect((await call("GET", "/sys/checkRule/checkByCode?ruleCode=common&value=abc_1", operator)).body.success).toBe(true);
    expect((await call("GET", `/sys/checkRule/checkByCode?ruleCode=common&value=${encodeURIComponent("1ab")}`, operator)).body).toMatchObject({
      success: false,
      code: 500,
      message: "第一位只能是字母",
      result: { digits: "1", checkValue: "1", passed: false },
    });
    expect((await call("GET", `/sys/checkRule/checkByCode?ruleCode=common&value=${encodeURIComponent("a b")}`, operator)).body.message).toBe("只能填写数字、字母和下划线");
    expect((await call("GET", "/sys/checkRule/checkByCode?ruleCode=nope&value=x", operator)).body.message).toBe("该编码不存在");
  });

  it("validates rule JSON on save and refuses without the codes, changing nothing", async () => {
    const before = Number((await t.database.db.select({ n: count() }).from(sysCheckRule))[0].n);
    expect((await call("POST", "/sys/checkRule/add", admin, { ruleName: "x", ruleCode: "x1", ruleJson: "not json" })).body.message).toBe("规则JSON格式不正确");
    expect((await call("POST", "/sys/checkRule/add", admin, { ruleName: "x", ruleCode: "x2", ruleJson: '[{"digits":"*","pattern":"(","message":"m"}]' })).body.message).toBe("第1条规则的正则表达式不正确");
    expect((await call("POST", "/sys/checkRule/add", admin, { ruleName: "x", ruleCode: "common", ruleJson: '[{"digits":"*","pattern":"a","message":"m"}]' })).body.message).toBe("规则编码已存在");
    expect((await call("POST", "/sys/checkRule/add", operator, { ruleName: "x", ruleCode: "x3", ruleJson: '[{"digits":"*","pattern":"a","message":"m"}]' })).status).toBe(403);
    expect(Number((await t.database.db.select({ n: count() }).from(sysCheckRule))[0].n)).toBe(before);
    expect((await call("POST", "/sys/checkRule/add", admin, { ruleName: "手机", ruleCode: "mobile", ruleJson: '[{"digits":"*","pattern":"1\\\\d{10}","message":"手机号不正确"}]' })).body.message).toBe("添加成功！");
    expect((await call("GET", "/sys/checkRule/checkByCode?ruleCode=mobile&value=13800000000", operator)).body.success).toBe(true);
    expect((await call("GET", "/sys/checkRule/list?ruleCode=mobile", admin)).body.result.total).toBe(1);
  });
});

describe("fill rules", () => {
  it("generates org codes and order numbers by rule code (executeRuleByCode, batch, testFillRule)", async () => {
    expect((await call("PUT", "/sys/fillRule/executeRuleByCode/org_num_role", operator, {})).body.result).toBe("A03");
    const hq = (await call("GET", "/sys/sysDepart/queryTreeList", admin)).body.result[0];
    expect((await call("PUT", "/sys/fillRule/executeRuleByCode/org_num_role", operator, { pid: hq.id })).body.result).toBe("A01A04");
    expect((await call("GET", "/sys/fillRule/testFillRule?ruleCode=shop_order_num", admin)).body.result).toMatch(/^CN\d{18}$/);
    const batch = (await call("PUT", "/sys/fillRule/executeRuleByCodeBatch", operator, { rules: [{ ruleCode: "category_code_rule" }, { ruleCode: "missing" }] })).body.result;
    // The next root after the seeded categories A01, B01 and B02 (contract §11.6).
    expect(batch).toEqual([{ ruleCode: "category_code_rule", result: "B03" }, { ruleCode: "missing", result: null }]);
  });

  it("only allows the built-in generator classes, and JSON params", async () => {
    const before = Number((await t.database.db.select({ n: count() }).from(sysFillRule))[0].n);
    const bad = await call("POST", "/sys/fillRule/add", admin, { ruleName: "x", ruleCode: "x", ruleClass: "java.lang.Runtime" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("不支持的规则实现类");
    expect((await call("POST", "/sys/fillRule/add", admin, { ruleName: "x", ruleCode: "x", ruleClass: "org.jeecg.modules.online.cgform.rule.OrderNumberRule", ruleParams: "[" })).body.message).toBe("规则参数必须是 JSON 对象");
    expect(Number((await t.database.db.select({ n: count() }).from(sysFillRule))[0].n)).toBe(before);
    expect((await call("POST", "/sys/fillRule/add", admin, { ruleName: "工单", ruleCode: "ticket", ruleClass: "org.jeecg.modules.online.cgform.rule.OrderNumberRule", ruleParams: '{"prefix":"GD"}' })).body.success).toBe(true);
    expect((await call("PUT", "/sys/fillRule/executeRuleByCode/ticket", operator, {})).body.result).toMatch(/^GD\d{18}$/);
    expect((await call("POST", "/sys/fillRule/add", operator, { ruleName: "x", ruleCode: "y", ruleClass: "org.jeecg.modules.online.cgform.rule.OrderNumberRule" })).status).toBe(403);
  });
});
