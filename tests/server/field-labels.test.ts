/**
 * Schema errors name the field by its Chinese label, never by its property name (issue 13, item 5), and
 * every request field of every route has such a label, so a new route cannot bring the property names back.
 */
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { FORM_LIMITS, userLimits } from "../../contract/limits.js";
import { sysDict, sysRole, sysUser } from "../../server/db/schema.js";
import { untitledProperties } from "../../server/lib/field-schema.js";
import { validationMessage } from "../../server/plugins/errors.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => void routes.push(route) });
  admin = await t.login();
});
afterAll(() => t.close());

const call = async (method: "POST" | "PUT", url: string, payload: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": admin }, payload });
  return { status: res.statusCode, message: res.json().message as string };
};
const rows = async (table: typeof sysUser | typeof sysRole | typeof sysDict) => Number((await t.database.db.select({ n: count() }).from(table))[0].n);

/** No ASCII identifier inside the quotes: the message names no property. */
const namesNoProperty = (message: string) => expect(message).not.toMatch(/「[A-Za-z_][A-Za-z0-9_]*」/);

describe("schema errors name the field by its Chinese label", () => {
  it("a 300-character 用户姓名 is refused with 「用户姓名」 and the limit, creating nothing", async () => {
    const before = await rows(sysUser);
    const { status, message } = await call("POST", "/sys/user/add", { username: "longname", password: "Longname@1", realname: "名".repeat(300) });
    expect(status).toBe(400);
    expect(message).toBe("请求体校验失败：「用户姓名」不能超过100个字符");
    expect(message).not.toContain("realname");
    expect(await rows(sysUser)).toBe(before);
  });

  it("the same on edit, and for an optional nullable field (座机) and a pattern (手机号码)", async () => {
    const [user] = await t.database.db.select().from(sysUser).limit(1);
    expect((await call("PUT", "/sys/user/edit", { id: user.id, realname: "x".repeat(101) })).message).toBe("请求体校验失败：「用户姓名」不能超过100个字符");
    expect((await call("PUT", "/sys/user/edit", { id: user.id, telephone: "1".repeat(46) })).message).toBe("请求体校验失败：「座机」不能超过45个字符");
    expect((await call("PUT", "/sys/user/edit", { id: user.id, phone: "12345" })).message).toBe("请求体校验失败：「手机号码」格式不正确");
  });

  it("a missing required field is named by its label", async () => {
    const { status, message } = await call("POST", "/sys/user/add", { username: "nopass", realname: "某人" });
    expect(status).toBe(400);
    expect(message).toBe("请求体校验失败：缺少必填字段「登录密码」");
  });

  it("other modules: 角色, 字典, 部门, 职务, 菜单", async () => {
    const roles = await rows(sysRole);
    const cases: Array<[string, object, string]> = [
      ["/sys/role/add", { roleName: "r".repeat(201), roleCode: "ok" }, "「角色名称」不能超过200个字符"],
      ["/sys/role/add", { roleName: "角色", roleCode: "has space" }, "「角色编码」格式不正确"],
      ["/sys/dict/add", { dictName: "字典", dictCode: "9bad" }, "「字典编码」格式不正确"],
      ["/sys/sysDepart/add", { departName: "部门", memo: "m".repeat(501) }, "「备注」不能超过500个字符"],
      ["/sys/position/add", { code: "P1", name: "" }, "「职务名称」不能为空"],
      ["/sys/permission/add", { name: "菜单", menuType: 0, url: "u".repeat(256) }, "「菜单路径」不能超过255个字符"],
      ["/sys/permission/add", { name: "菜单", menuType: 7 }, "「菜单类型」的取值不在允许范围内"],
    ];
    for (const [url, payload, problem] of cases) {
      const { status, message } = await call("POST", url, payload);
      expect(status, url).toBe(400);
      expect(message, url).toBe(`请求体校验失败：${problem}`);
      namesNoProperty(message);
    }
    expect(await rows(sysRole)).toBe(roles);
  });

  it("query strings and path parameters too", async () => {
    const res = await t.app.inject({ url: `${API}/sys/duplicate/check?tableName=sys_user&fieldName=${"f".repeat(65)}&fieldVal=x`, headers: { "x-access-token": admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("查询参数校验失败：「字段名」不能超过64个字符");
  });

  it("a field without a title is described without its name", () => {
    const errors = [{ keyword: "maxLength", instancePath: "/secretField", schemaPath: "#/properties/secretField/maxLength", params: { limit: 5 }, message: "" }];
    const schema = { type: "object", properties: { secretField: { type: "string", maxLength: 5 } } };
    const message = validationMessage(errors, "body", schema);
    expect(message).toBe("请求体校验失败：有字段超过长度限制（最多5个字符）");
    expect(validationMessage([{ keyword: "required", instancePath: "", schemaPath: "#/required", params: { missingProperty: "secretField" } }], "body", schema)).toBe(
      "请求体校验失败：缺少必填字段",
    );
    expect(validationMessage([{ keyword: "pattern", instancePath: "/secretField", schemaPath: "", params: { pattern: "^a$" } }], "body", undefined)).toBe("请求体校验失败：字段格式不正确");
  });
});

describe("every request field of every route has a Chinese title", () => {
  it("walks the body, query string and path parameters of all registered routes", () => {
    const api = routes.filter((r) => r.url.startsWith(API));
    expect(api.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const route of api) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const part of ["body", "querystring", "params"]) {
        for (const path of untitledProperties(schema[part])) missing.push(`${[route.method].flat().join(",")} ${route.url} ${part}.${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the walk finds an untitled property (nested in a union or an array, too)", () => {
    const schema = {
      type: "object",
      properties: {
        ok: { title: "好", type: "string" },
        bare: { type: "string" },
        list: { title: "列表", type: "array", items: { type: "object", properties: { inner: { type: "string" } } } },
        either: { anyOf: [{ type: "null" }, { type: "string", title: "二选一" }] },
      },
    };
    expect(untitledProperties(schema)).toEqual(["bare", "list[].inner"]);
  });

  it("the system forms' body schemas carry the contract limits (one source for both halves)", () => {
    const body = (url: string) => (routes.find((r) => r.url === `${API}${url}` && [r.method].flat().includes("POST"))?.schema as { body: { properties: Record<string, Record<string, unknown>> } }).body;
    const user = body("/sys/user/add").properties;
    expect(user.realname).toMatchObject({ title: userLimits.realname.label, maxLength: userLimits.realname.max, minLength: 1 });
    expect(user.username).toMatchObject({ title: "用户账号", maxLength: 100, pattern: userLimits.username.pattern });
    const checks: Array<[string, Record<string, { label: string; max: number }>]> = [
      ["/sys/role/add", FORM_LIMITS.role],
      ["/sys/sysDepart/add", FORM_LIMITS.depart],
      ["/sys/dict/add", FORM_LIMITS.dict],
      ["/sys/dictItem/add", FORM_LIMITS.dictItem],
      ["/sys/position/add", FORM_LIMITS.position],
      ["/sys/checkRule/add", FORM_LIMITS.checkRule],
      ["/sys/fillRule/add", FORM_LIMITS.fillRule],
      ["/sys/dataSource/add", FORM_LIMITS.dataSource],
      ["/sys/permission/add", FORM_LIMITS.permission],
      ["/sys/permission/addPermissionRule", FORM_LIMITS.dataRule],
    ];
    for (const [url, limits] of checks) {
      const props = body(url).properties;
      for (const [key, limit] of Object.entries(limits)) {
        const prop = props[key] as { title?: string; maxLength?: number; anyOf?: Array<{ maxLength?: number }> };
        expect(prop?.title, `${url} ${key}`).toBe(limit.label);
        expect(prop.maxLength ?? prop.anyOf?.find((b) => b.maxLength)?.maxLength, `${url} ${key}`).toBe(limit.max);
      }
    }
  });
});
