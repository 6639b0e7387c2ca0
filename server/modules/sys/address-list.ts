/**
 * `GET /sys/user/queryByOrgCodeForAddressList` — the address list (contract.md §10.1): users of every
 * department whose org code starts with `orgCode` (all departments when empty), one row per user with the
 * departments merged (`departName` joined by " | "), ordered by the first department's org code. `realname`
 * and `workNo` are fuzzy filters. Unlike JeecgBoot, `total` counts users, not user-department pairs, so the
 * pager matches the rows (docs/compatibility.md). Each row also carries `postText`, the position name of
 * `post`, so the page does not need the position list permission.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, countDistinct, eq, ilike, like, ne, sql } from "drizzle-orm";
import { sysDepart, sysUser, sysUserDepart } from "../../db/schema.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";

/** Only for paging: the filters and the order of this list are its own. */
const pagingSpec: ListSpec = {
  fields: {},
  defaultSort: [],
  tiebreak: sysUser.id,
};

const Query = Type.Object(
  {
    orgCode: Type.Optional(Type.String({ title: "机构编码", maxLength: 64 })),
    realname: Type.Optional(Type.String({ title: "用户姓名", maxLength: 100 })),
    workNo: Type.Optional(Type.String({ title: "工号", maxLength: 100 })),
    pageNo: Type.Optional(Type.String({ title: "页码", maxLength: 10 })),
    pageSize: Type.Optional(Type.String({ title: "每页条数", maxLength: 10 })),
  },
  { additionalProperties: true },
);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);
/** JeecgBoot matches these with `like %x%`; the list page's `*x*` stars are dropped. */
const contains = (raw: string | undefined) => {
  const v = (raw ?? "").replaceAll("*", "").trim();
  return v ? `%${escapeLike(v)}%` : null;
};

export default async function addressListRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.ctx;

  app.get(
    "/sys/user/queryByOrgCodeForAddressList",
    { config: can("system:addressList:list"), schema: { querystring: Query } },
    async (req) => {
      const orgCode = (req.query.orgCode ?? "").trim();
      if (orgCode && !/^[A-Za-z0-9_-]+$/.test(orgCode)) throw badRequest("参数「orgCode」格式不正确");
      const params = parseListQuery(pagingSpec, { pageNo: req.query.pageNo, pageSize: req.query.pageSize }, config.maxPageSize);
      const realname = contains(req.query.realname);
      const workNo = contains(req.query.workNo);
      const where = and(
        eq(sysUser.delFlag, 0),
        ne(sysUser.username, "_reserve_user_external"),
        eq(sysDepart.delFlag, "0"),
        orgCode ? like(sysDepart.orgCode, `${escapeLike(orgCode)}%`) : undefined,
        realname ? ilike(sysUser.realname, realname) : undefined,
        workNo ? ilike(sysUser.workNo, workNo) : undefined,
      );
      const rowsQuery = db
        .select({
          userId: sysUser.id,
          realname: sysUser.realname,
          avatar: sysUser.avatar,
          workNo: sysUser.workNo,
          post: sysUser.post,
          postText: sql<string | null>`(select p.name from sys_position p where p.code = ${sysUser.post} limit 1)`,
          telephone: sysUser.telephone,
          email: sysUser.email,
          phone: sysUser.phone,
          departId: sql<string>`(array_agg(${sysDepart.id} order by ${sysDepart.orgCode}))[1]`,
          departName: sql<string>`string_agg(${sysDepart.departName}, ' | ' order by ${sysDepart.orgCode})`,
        })
        .from(sysUser)
        .innerJoin(sysUserDepart, eq(sysUserDepart.userId, sysUser.id))
        .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
        .where(where)
        .groupBy(sysUser.id)
        .orderBy(sql`min(${sysDepart.orgCode})`, asc(sysUser.realname), asc(sysUser.id))
        .limit(params.limit)
        .offset(params.offset);
      const countQuery = db
        .select({ total: countDistinct(sysUser.id) })
        .from(sysUser)
        .innerJoin(sysUserDepart, eq(sysUserDepart.userId, sysUser.id))
        .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
        .where(where);
      const [rows, [count]] = await Promise.all([rowsQuery, countQuery]);
      return ok(toPage(rows, Number(count?.total ?? 0), params));
    },
  );
}
