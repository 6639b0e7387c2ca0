/** `/sys/user` — the user module (contract.md §10.1). */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { inArray } from "drizzle-orm";
import { sysUser } from "../../db/schema.js";
import { ok, refused } from "../../lib/envelope.js";
import { fetchPage, parseListQuery, toPage } from "../../lib/list-query.js";
import { can, signedIn } from "../../plugins/auth.js";
import {
  activeUsers,
  departNames,
  findUserById,
  inDepartment,
  toDepartJson,
  toUserJson,
  userDeparts,
  userDictFields,
  userListSpec,
} from "./user.repo.js";

const ListQuery = Type.Object(
  {
    pageNo: Type.Optional(Type.String({ maxLength: 10 })),
    pageSize: Type.Optional(Type.String({ maxLength: 10 })),
    column: Type.Optional(Type.String({ maxLength: 200 })),
    order: Type.Optional(Type.String({ maxLength: 10 })),
    departId: Type.Optional(Type.String({ maxLength: 32 })),
    code: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: true },
);

const IdQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 32 }) });

export default async function userRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dicts, config, cache } = app.ctx;

  app.get("/sys/user/list", { config: can("system:user:list"), schema: { querystring: ListQuery } }, async (req) => {
    const params = parseListQuery(userListSpec, req.query, config.maxPageSize);
    const { departId, code } = req.query;
    const ids = code?.split(",").map((s) => s.trim()).filter(Boolean);
    const { rows, total } = await fetchPage<typeof sysUser, { orgCodeTxt: string | null }>(db, sysUser, params, {
      where: [activeUsers, departId ? inDepartment(departId) : undefined, ids?.length ? inArray(sysUser.id, ids) : undefined],
      counts: { cache, tables: ["sys_user", "sys_user_depart"], versions: req.currentUser().versions },
      extra: { orgCodeTxt: departNames },
    });
    const records = await dicts.translate(
      rows.map((r) => ({ ...toUserJson(r), orgCodeTxt: r.orgCodeTxt })),
      userDictFields,
    );
    return ok(toPage(records, total, params));
  });

  app.get("/sys/user/queryById", { config: can("system:user:queryById"), schema: { querystring: IdQuery } }, async (req) => {
    const row = await findUserById(db, req.query.id);
    if (!row) throw refused("未找到对应实体");
    return ok(toUserJson(row));
  });

  app.get("/sys/user/getCurrentUserDeparts", { config: signedIn }, async (req) => {
    const user = req.currentUser();
    const departs = await userDeparts(db, user.userId);
    return ok({ list: departs.map(toDepartJson), orgCode: user.orgCode });
  });
}
