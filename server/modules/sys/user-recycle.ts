/**
 * The user recycle bin (contract.md §10.1): logically deleted users, restore, and purge. The bin is the user
 * list's view of deleted accounts, so the data rules of `system/UserList` narrow it, and only users the caller
 * can see in it can be restored or purged, and a delegated administrator only those whose privileges are within
 * their own (server/modules/sys/privilege.ts). Purging removes the user with their role, department and
 * department-role links, announcement deliveries and sessions; active users are never purged.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, inArray, ne } from "drizzle-orm";
import { sysAnnouncementSend, sysDepartRoleUser, sysSession, sysUser, sysUserDepart, sysUserRole } from "../../db/schema.js";
import { ok, refused } from "../../lib/envelope.js";
import { fetchRows, parseListQuery } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { Delegation } from "./privilege.js";
import { parseIds, scope, updated } from "./shared.js";
import { RESERVED_USERNAME, departNames, toUserJson, userListSpec } from "./user.repo.js";

/**
 * JeecgBoot guards only the purge (`system:user:deleteRecycleBin`), a code our seed does not have; the
 * closest seeded button, `system:user:delete`, guards restore and purge, and `system:user:list` the view.
 */
const VIEW = can("system:user:list");
const MANAGE = can("system:user:delete");

const UserIds = Type.String({ title: "用户编号", minLength: 1, maxLength: 40_000 });

export default async function userRecycleRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, cache } = app.ctx;

  /** Deleted users the caller's data rules let them see, newest deletion first (optionally only `ids`). */
  const binRows = (req: FastifyRequest, ids?: string[]) =>
    fetchRows<typeof sysUser, { orgCodeTxt: string | null }>(
      db,
      sysUser,
      parseListQuery(userListSpec, { column: "updateTime", order: "desc" }, config.maxPageSize),
      {
        where: [eq(sysUser.delFlag, 1), ne(sysUser.username, RESERVED_USERNAME), ids ? inArray(sysUser.id, ids) : undefined],
        extra: { orgCodeTxt: departNames },
        scope: scope(req, cache),
        max: ids ? ids.length : config.maxPageSize,
      },
    );

  /** The ids among `raw` that are in the caller's recycle bin and theirs to manage; none → refused. */
  const binIds = async (req: FastifyRequest, raw: string) => {
    const rows = await binRows(req, parseIds(raw, "请选择用户"));
    if (!rows.length) throw refused("回收站中没有所选用户");
    const ids = rows.map((r) => r.id);
    await (await Delegation.of(db, req.currentUser().userId)).assertMayManage(ids);
    return ids;
  };

  // JeecgBoot borrows `orgCode` to carry the department names here (the bin's 部门 column reads it).
  app.get("/sys/user/recycleBin", { config: VIEW }, async (req) =>
    ok((await binRows(req)).map((r) => ({ ...toUserJson(r), orgCode: r.orgCodeTxt, orgCodeTxt: r.orgCodeTxt }))),
  );

  app.put("/sys/user/putRecycleBin", { config: MANAGE, schema: { body: Type.Object({ userIds: UserIds }) } }, async (req) => {
    const ids = await binIds(req, req.body.userIds);
    await db
      .update(sysUser)
      .set({ delFlag: 0, ...updated(req) })
      .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 1)));
    return ok(null, "还原成功");
  });

  app.delete("/sys/user/deleteRecycleBin", { config: MANAGE, schema: { querystring: Type.Object({ userIds: UserIds }) } }, async (req) => {
    const ids = await binIds(req, req.query.userIds);
    await db.transaction(async (tx) => {
      const gone = await tx
        .delete(sysUser)
        .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 1)))
        .returning({ id: sysUser.id });
      const purged = gone.map((g) => g.id);
      if (!purged.length) throw refused("回收站中没有所选用户");
      await tx.delete(sysUserRole).where(inArray(sysUserRole.userId, purged));
      await tx.delete(sysUserDepart).where(inArray(sysUserDepart.userId, purged));
      await tx.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.userId, purged));
      await tx.delete(sysAnnouncementSend).where(inArray(sysAnnouncementSend.userId, purged));
      await tx.delete(sysSession).where(inArray(sysSession.userId, purged));
    });
    return ok(null, "删除成功");
  });
}
