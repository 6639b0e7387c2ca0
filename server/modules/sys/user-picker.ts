/**
 * The generic user pickers of the JeecgBoot Vue 2 client (contract.md §10.1): `queryUserComponentData`
 * (JSelectUserByDepModal: a page of users, optionally of a department and everything below it, searched by
 * account and name) and `getMultiUser` (the names of already chosen users). Like JeecgBoot they serve any
 * signed-in user — forms of every module pick users — so they answer only what a picker shows: id, account,
 * name, avatar and department (issue 23). Phones, e-mail, work numbers, birthdays and the rest are the user
 * list's: a caller who holds `system:user:list` gets the whole record of the users 用户管理 shows them, and
 * only such a caller may filter `getMultiUser` by those fields.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { sysDepart, sysUser } from "../../db/schema.js";
import { ok } from "../../lib/envelope.js";
import { escapeLike, fetchPage, fetchRows, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { signedIn } from "../../plugins/auth.js";
import { ListQuery, parseIds, scope } from "./shared.js";
import { activeUsers, departNames, inDepartmentTree, toUserJson, userListSpec, userRows } from "./user.repo.js";
import { visibleCondition } from "../../lib/row-scope.js";
import { unscoped } from "../../plugins/row-scope.js";

/** Paging and sorting of the picker page; its searches are JeecgBoot's "contains" matches below. */
const pickerSpec: ListSpec = {
  fields: {
    username: { column: sysUser.username, type: "string", filter: false, sort: true },
    realname: { column: sysUser.realname, type: "string", filter: false, sort: true },
    workNo: { column: sysUser.workNo, type: "string", filter: false, sort: true },
    createTime: { column: sysUser.createTime, type: "datetime", filter: false, sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysUser.id,
};

/** `getMultiUser` filters by the picker's fields with the list conventions (`username=a,b,` → IN). */
const multiUserSpec: ListSpec = {
  ...userListSpec,
  component: undefined,
  fields: {
    id: userListSpec.fields.id,
    username: userListSpec.fields.username,
    realname: userListSpec.fields.realname,
    createTime: { ...userListSpec.fields.createTime, filter: false },
  },
};
/** The same with every field of the user list, for holders of its code. */
const multiUserFullSpec: ListSpec = { ...userListSpec, component: undefined };

type UserRow = typeof sysUser.$inferSelect;

/** What a picker shows of a user. */
export const pickerUserJson = (r: UserRow & { orgCodeTxt?: string | null }) => ({
  id: r.id,
  username: r.username,
  realname: r.realname,
  avatar: r.avatar,
  orgCode: r.orgCode,
  departIds: r.departIds,
  ...(r.orgCodeTxt !== undefined ? { orgCodeTxt: r.orgCodeTxt } : {}),
});

const contains = (column: PgColumn, value: string | undefined) => {
  const v = value?.trim().replaceAll("*", "");
  return v ? ilike(column, `%${escapeLike(v)}%`) : undefined;
};

const Search = (title: string) => Type.Optional(Type.String({ title, maxLength: 100 }));

export default async function userPickerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, cache, sessions } = app.ctx;

  /**
   * Each row as a picker shows it, or whole for a holder of `system:user:list` when 用户管理 shows them that
   * user (its menu and data rules).
   */
  const asPicked = async <R extends UserRow & { orgCodeTxt?: string | null }>(req: FastifyRequest, rows: R[]) => {
    const user = req.currentUser();
    let whole = new Set<string>();
    if (rows.length && (await sessions.permissionCodes(user.userId, user.versions)).has("system:user:list")) {
      const visible = await visibleCondition(db, userRows, scope(req, cache)).catch((err) => {
        if ((err as { statusCode?: number }).statusCode === 403) return sql`false`;
        throw err;
      });
      const shown = await db.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.id, rows.map((r) => r.id)), visible));
      whole = new Set(shown.map((r) => r.id));
    }
    return rows.map((r) => (whole.has(r.id) ? { ...toUserJson(r), ...(r.orgCodeTxt !== undefined ? { orgCodeTxt: r.orgCodeTxt } : {}) } : pickerUserJson(r)));
  };

  app.get(
    "/sys/user/queryUserComponentData",
    {
      config: { ...signedIn, rows: { id: unscoped("选择器：只回显账号、姓名、头像和部门") } },
      schema: {
        querystring: Type.Object(
          { ...ListQuery.properties, departId: Type.Optional(Type.String({ title: "部门", maxLength: 4000 })), username: Search("用户账号"), realname: Search("用户姓名"), id: Type.Optional(Type.String({ title: "编号", maxLength: 40_000 })) },
          { additionalProperties: true },
        ),
      },
    },
    async (req) => {
      const params = parseListQuery(pickerSpec, req.query, config.maxPageSize);
      const { departId, username, realname, id } = req.query;
      let inDepartments: SQL | undefined;
      if (departId?.trim()) {
        const departs = await db.select({ orgCode: sysDepart.orgCode }).from(sysDepart).where(inArray(sysDepart.id, parseIds(departId)));
        if (!departs.length) return ok(toPage([], 0, params));
        inDepartments = or(...departs.map((d) => inDepartmentTree(d.orgCode)));
      }
      const { rows, total } = await fetchPage<typeof sysUser, { orgCodeTxt: string | null }>(db, sysUser, params, {
        where: [activeUsers, inDepartments, contains(sysUser.username, username), contains(sysUser.realname, realname), id?.trim() ? inArray(sysUser.id, parseIds(id)) : undefined],
        extra: { orgCodeTxt: departNames },
      });
      return ok(toPage(await asPicked(req, rows), total, params));
    },
  );

  // Answers a bare JSON array, not an envelope: the Vue 2 pickers read the response itself as the list.
  app.get(
    "/sys/user/getMultiUser",
    { config: signedIn, schema: { querystring: Type.Object({ ...ListQuery.properties }, { additionalProperties: true }) } },
    async (req) => {
      const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = req.query;
      const user = req.currentUser();
      const full = (await sessions.permissionCodes(user.userId, user.versions)).has("system:user:list");
      const params = parseListQuery(full ? multiUserFullSpec : multiUserSpec, { ...filters, pageSize: "-1" }, config.maxPageSize);
      const rows = await fetchRows(db, sysUser, params, { where: [activeUsers, eq(sysUser.status, 1)], max: config.maxPageSize });
      return asPicked(req, rows);
    },
  );
}
