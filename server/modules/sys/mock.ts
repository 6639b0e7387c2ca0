/**
 * `/mock/api/*` — the demo data of JeecgBoot's demo module (`MockController`, which serves fixed JSON files) that
 * the Vue 2 client's 列表页 demos read: 查询表格 and 内联编辑表格 (`service`), 用户列表 (`role`, `service`), 角色列表
 * (`role`, and `permission/no-pager` for its edit dialog) and 权限列表 (`permission`). Here the rows are
 * generated once, deterministically, with no personal data, and paged for real.
 *
 * The shapes are what those pages read: the client's `STable` takes `result.pageNo`, `result.totalCount` and the
 * rows in `result.data` (keyed by `id`) and sends `pageNo`, `pageSize`, `sortField`, `sortOrder`
 * (`ascend`/`descend`) plus the page's own search fields, which are accepted and ignored; roles carry
 * `permissions[].actionEntitySet` (the expanded row and the edit dialog), permissions `actionData`, a JSON text of
 * `[{action, describe, defaultCheck}]` that the pages `JSON.parse`. Any signed-in user may read them.
 */
import type { FastifyInstance } from "fastify";
import { Type, type TSchema } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { badRequest, ok } from "../../lib/envelope.js";
import { signedIn } from "../../plugins/auth.js";

const ACTIONS = [
  ["add", "新增"],
  ["query", "查询"],
  ["get", "详情"],
  ["update", "修改"],
  ["delete", "删除"],
  ["import", "导入"],
  ["export", "导出"],
] as const;

const MODULES = [
  ["dashboard", "仪表盘"],
  ["activity", "红色活动"],
  ["redmark", "红色印记"],
  ["task", "活动任务"],
  ["question", "题库"],
  ["school", "学校"],
  ["message", "消息中心"],
  ["table", "表格"],
  ["form", "表单"],
  ["user", "用户管理"],
  ["role", "角色管理"],
  ["permission", "权限管理"],
] as const;

const TOPICS = ["红色研学", "革命旧址", "英雄事迹", "党史答题", "红色印记", "主题党日", "志愿服务", "爱国教育"];

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
/** A wall-clock time `i` steps after the demo's first day, as the demos display times. */
const demoTime = (i: number, stepHours: number) => {
  const t = new Date(Date.UTC(2024, 0, 3, 9, 30) + i * stepHours * 3_600_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:00`;
};
const actionsOf = (codes: readonly string[]) => ACTIONS.filter(([code]) => codes.includes(code)).map(([action, describe]) => ({ action, describe, defaultCheck: false }));

/** 查询表格's rules: 规则编号, 描述, 服务调用次数, 状态 (0–3), 更新时间. */
const services = Array.from({ length: 46 }, (_, i) => ({
  key: i + 1,
  id: i + 1,
  no: `No ${pad(i + 1, 3)}`,
  description: `${TOPICS[i % TOPICS.length]}活动规则 ${i + 1}`,
  callNo: (i * 37 + 11) % 997,
  status: i % 4,
  updatedAt: demoTime(i, 29),
  editable: false,
}));

/** 权限列表: one permission per module with the actions it offers (status 1 正常, 2 禁用). */
const permissions = MODULES.map(([id, name], i) => {
  const codes = ACTIONS.map(([code]) => code).filter((_, a) => a < 5 || (a + i) % 2 === 0);
  return {
    id,
    name,
    describe: `${name}模块的操作权限`,
    status: i % 5 === 4 ? 2 : 1,
    actionData: JSON.stringify(actionsOf(codes)),
    actions: codes,
    deleted: 0,
  };
});

/** 角色列表 / 用户列表: roles with the permissions (and the actions of each) they hold. */
const ROLES = [
  ["admin", "管理员", "拥有全部权限", 1, MODULES.length],
  ["operator", "运营人员", "管理红色活动、印记与任务", 1, 7],
  ["auditor", "审核员", "审核玩家提交的任务答案", 1, 5],
  ["editor", "内容编辑", "维护题库与消息模板", 1, 6],
  ["school", "学校管理员", "管理本校学生与报名", 2, 4],
  ["guest", "访客", "只能查看", 1, 3],
] as const;
const roles = ROLES.map(([id, name, describe, status, count], r) => ({
  id,
  name,
  describe,
  status,
  creatorId: "system",
  createTime: demoTime(r, 173),
  deleted: 0,
  permissions: permissions.slice(0, count).map((p, k) => {
    const held = id === "admin" ? p.actions : p.actions.filter((code, a) => code === "query" || code === "get" || (a + k + r) % 3 === 0);
    return { roleId: id, permissionId: p.id, permissionName: p.name, actions: JSON.stringify(actionsOf(held)), actionEntitySet: actionsOf(held) };
  }),
}));

const Action = Type.Object({ action: Type.String(), describe: Type.String(), defaultCheck: Type.Boolean() });
const ServiceRow = Type.Object({
  key: Type.Integer(),
  id: Type.Integer(),
  no: Type.String(),
  description: Type.String(),
  callNo: Type.Integer(),
  status: Type.Integer(),
  updatedAt: Type.String(),
  editable: Type.Boolean(),
});
const PermissionRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  describe: Type.String(),
  status: Type.Integer(),
  actionData: Type.String(),
  actions: Type.Array(Type.String()),
  deleted: Type.Integer(),
});
const RoleRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  describe: Type.String(),
  status: Type.Integer(),
  creatorId: Type.String(),
  createTime: Type.String(),
  deleted: Type.Integer(),
  permissions: Type.Array(
    Type.Object({ roleId: Type.String(), permissionId: Type.String(), permissionName: Type.String(), actions: Type.String(), actionEntitySet: Type.Array(Action) }),
  ),
});
const envelope = (result: TSchema) => Type.Object({ success: Type.Boolean(), message: Type.String(), code: Type.Number(), result, timestamp: Type.Number() });
/** The page `STable` reads. */
const StablePage = (row: TSchema) =>
  Type.Object({ pageNo: Type.Integer(), pageSize: Type.Integer(), totalCount: Type.Integer(), totalPage: Type.Integer(), data: Type.Array(row) });

const PageQuery = Type.Object(
  {
    pageNo: Type.Optional(Type.String({ title: "页码", pattern: "^[1-9][0-9]{0,5}$" })),
    pageSize: Type.Optional(Type.String({ title: "每页条数", pattern: "^[1-9][0-9]{0,5}$" })),
    sortField: Type.Optional(Type.String({ title: "排序字段", maxLength: 50 })),
    sortOrder: Type.Optional(Type.String({ title: "排序方式", pattern: "^(ascend|descend)$" })),
  },
  // The demo pages also send their search fields (规则编号, 使用状态, `t` …): accepted and ignored, as JeecgBoot does.
  { additionalProperties: true },
);
type PageParams = { pageNo?: string; pageSize?: string; sortField?: string; sortOrder?: string };

/** One page of `rows`, sorted by an allowed field; `maxPageSize` caps the size as list pages do. */
function page<T extends Record<string, unknown>>(rows: T[], query: PageParams, sortable: readonly string[], maxPageSize: number) {
  const pageNo = Number(query.pageNo ?? 1);
  const pageSize = Math.min(Number(query.pageSize ?? 10), maxPageSize);
  let sorted = rows;
  if (query.sortField) {
    if (!sortable.includes(query.sortField)) throw badRequest(`不支持按「${query.sortField.slice(0, 50)}」排序`);
    const field = query.sortField;
    const sign = query.sortOrder === "descend" ? -1 : 1;
    sorted = [...rows].sort((a, b) => (a[field] === b[field] ? 0 : (a[field] as number | string) < (b[field] as number | string) ? -sign : sign));
  }
  return {
    pageNo,
    pageSize,
    totalCount: rows.length,
    totalPage: Math.ceil(rows.length / pageSize),
    data: sorted.slice((pageNo - 1) * pageSize, pageNo * pageSize),
  };
}

export default async function mockRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { maxPageSize } = app.ctx.config;
  const tags = ["mock"];

  app.get(
    "/mock/api/service",
    { config: signedIn, schema: { summary: "演示数据：查询表格的规则", tags, querystring: PageQuery, response: { 200: envelope(StablePage(ServiceRow)) } } },
    async (req) => ok(page(services, req.query, ["id", "no", "callNo", "status", "updatedAt"], maxPageSize)),
  );
  app.get(
    "/mock/api/role",
    { config: signedIn, schema: { summary: "演示数据：角色及其权限", tags, querystring: PageQuery, response: { 200: envelope(StablePage(RoleRow)) } } },
    async (req) => ok(page(roles, req.query, ["id", "name", "status", "createTime"], maxPageSize)),
  );
  app.get(
    "/mock/api/permission",
    { config: signedIn, schema: { summary: "演示数据：权限及其操作", tags, querystring: PageQuery, response: { 200: envelope(StablePage(PermissionRow)) } } },
    async (req) => ok(page(permissions, req.query, ["id", "name", "status"], maxPageSize)),
  );
  app.get(
    "/mock/api/permission/no-pager",
    { config: signedIn, schema: { summary: "演示数据：全部权限（不分页）", tags, response: { 200: envelope(Type.Array(PermissionRow)) } } },
    async () => ok(permissions),
  );
}
