/** Schemas and helpers every system-administration module uses (ids, audit columns, the user's rule scope). */
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { RuleScope } from "../../lib/data-rules.js";
import { badRequest } from "../../lib/envelope.js";
import { OptionalText } from "../../lib/field-schema.js";
import type { VersionedCache } from "../../lib/versioned-cache.js";
import { unscoped } from "../../plugins/row-scope.js";

/** List query: the paging/sort keys are checked by `parseListQuery`; field filters pass through to its allow-list. */
export const ListQuery = Type.Object(
  {
    pageNo: Type.Optional(Type.String({ title: "页码", maxLength: 10 })),
    pageSize: Type.Optional(Type.String({ title: "每页条数", maxLength: 10 })),
    column: Type.Optional(Type.String({ title: "排序字段", maxLength: 200 })),
    order: Type.Optional(Type.String({ title: "排序方式", maxLength: 10 })),
  },
  { additionalProperties: true },
);

/** A record id; `titled(Id, "角色编号")` names what it identifies. */
export const Id = Type.String({ title: "编号", minLength: 1, maxLength: 36, pattern: "^[A-Za-z0-9_-]+$" });
export const IdQuery = Type.Object({ id: Id });
/** `ids=a,b,` as JeecgBoot clients send them (trailing comma tolerated). */
export const IdsQuery = Type.Object({ ids: Type.String({ title: "编号列表", maxLength: 40_000 }) });

/**
 * Optional text with a length limit and its Chinese label; JeecgBoot clients send null or "" for empty fields.
 * Nullable text unions list `Type.Null()` first: Fastify coerces types, and a string branch first would turn
 * null into "". Nullable numbers use `nullable()` (field-schema.ts) instead, since a null branch turns a 0
 * into null. Form fields take their limits from contract/limits.ts (`textField`).
 */
export const Text = (maxLength: number, title: string) => OptionalText(maxLength, title);

/** A comma list of ids → the ids; throws 400 with `message` when empty or malformed. */
export function parseIds(raw: string | null | undefined, message = "参数不识别！", max = 1000): string[] {
  const ids = [...new Set((raw ?? "").split(",").map((s) => s.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest(message);
  if (ids.length > max) throw badRequest(`一次最多处理 ${max} 条`);
  for (const id of ids) if (!/^[A-Za-z0-9_-]{1,36}$/.test(id)) throw badRequest(`参数中的编号「${id.slice(0, 40)}」格式不正确`);
  return ids;
}

/** Same as parseIds but an empty list is allowed (e.g. "no roles"). */
export function parseOptionalIds(raw: string | null | undefined): string[] {
  return raw && raw.trim() && raw.trim() !== "," ? parseIds(raw) : [];
}

/** `null` for empty strings, so optional unique columns (phone, email) stay NULL. */
export const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v.trim());

/** Audit columns of an insert, from the signed-in user. */
export function created(req: FastifyRequest) {
  const user = req.currentUser();
  return { createBy: user.username, createTime: new Date(), updateBy: null, updateTime: null };
}

/** Audit columns of an update, from the signed-in user. */
export function updated(req: FastifyRequest) {
  return { updateBy: req.currentUser().username, updateTime: new Date() };
}

/** The signed-in user's scope for list and by-id queries: their data rules and the menus they hold. */
export function scope(req: FastifyRequest, cache: VersionedCache): RuleScope {
  const user = req.currentUser();
  let menus: Promise<ReadonlySet<string>> | undefined;
  return { user, cache, menus: () => (menus ??= req.server.ctx.sessions.grantedMenus(user.userId, user.versions)) };
}

/**
 * Id parameters that name no row of a scoped table (server/plugins/row-scope.ts), each with the reason, so a
 * reader of a route sees the decision: no list of these tables carries data rules, or the route checks the
 * caller itself.
 */
export const UNSCOPED = {
  departs: unscoped("部门：部门树不受数据权限约束"),
  permissions: unscoped("菜单、按钮和数据规则：不受数据权限约束"),
  departRoles: unscoped("部门角色：由部门授权权限约束"),
  tenants: unscoped("租户：不受数据权限约束"),
  own: unscoped("本人的账户、公告或消息：路由按当前用户核对"),
  created: unscoped("新记录的编号：由添加者给出"),
  exceptSelf: unscoped("重复校验时排除的自身编号：只影响校验结果，不读写该记录"),
} as const;
