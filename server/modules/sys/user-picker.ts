/**
 * The generic user pickers of the JeecgBoot Vue 2 client (contract.md §10.1): `queryUserComponentData`
 * (JSelectUserByDepModal: a page of users, optionally of a department and everything below it, searched by
 * account and name) and `getMultiUser` (the names of already chosen users). Like JeecgBoot they serve any
 * signed-in user — forms of every module pick users — and they are not the user list, so its data rules do not
 * apply; passwords and salts never leave the server.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { sysDepart, sysUser } from "../../db/schema.js";
import { ok } from "../../lib/envelope.js";
import { escapeLike, fetchPage, fetchRows, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { signedIn } from "../../plugins/auth.js";
import { ListQuery, parseIds } from "./shared.js";
import { activeUsers, departNames, inDepartmentTree, toUserJson, userListSpec } from "./user.repo.js";

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

/** `getMultiUser` filters by user fields with the list conventions (`username=a,b,` → IN), without the list's data rules. */
const multiUserSpec: ListSpec = { ...userListSpec, component: undefined };

const contains = (column: PgColumn, value: string | undefined) => {
  const v = value?.trim().replaceAll("*", "");
  return v ? ilike(column, `%${escapeLike(v)}%`) : undefined;
};

const Search = (title: string) => Type.Optional(Type.String({ title, maxLength: 100 }));

export default async function userPickerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.ctx;

  app.get(
    "/sys/user/queryUserComponentData",
    {
      config: signedIn,
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
      return ok(toPage(rows.map((r) => ({ ...toUserJson(r), orgCodeTxt: r.orgCodeTxt })), total, params));
    },
  );

  // Answers a bare JSON array, not an envelope: the Vue 2 pickers read the response itself as the list.
  app.get(
    "/sys/user/getMultiUser",
    { config: signedIn, schema: { querystring: Type.Object({ ...ListQuery.properties }, { additionalProperties: true }) } },
    async (req) => {
      const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = req.query;
      const params = parseListQuery(multiUserSpec, { ...filters, pageSize: "-1" }, config.maxPageSize);
      const rows = await fetchRows(db, sysUser, params, { where: [activeUsers, eq(sysUser.status, 1)], max: config.maxPageSize });
      return rows.map((r) => toUserJson(r));
    },
  );
}
