/**
 * 在线用户 (contract.md §10.14, issue 11): the live sessions of `sys_session` (not revoked, not expired, user
 * not deleted) with their users, newest sign-in first, and the forced logout.
 *
 * Differences from JeecgBoot, on purpose: a record's `token` is the **session id**, never the JWT — the browser
 * of an administrator never holds another user's credential. `forceLogout {token}` takes that session id (a
 * JeecgBoot client sends back what the list gave it), or a real token of a live session. `pages` is computed
 * from the page size (JeecgBoot divides by 10 whatever the size). The username filter is a case-insensitive
 * "contains" (JeecgBoot: exact). Forcing out a user the administrator may not manage (delegated
 * administration) is refused like every other change of another account.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, desc, eq, gt, ilike, isNull, sql } from "drizzle-orm";
import { sysSession, sysUser } from "../../db/schema.js";
import { formatDateTime } from "../../lib/dates.js";
import { badRequest, ok, refused } from "../../lib/envelope.js";
import { escapeLike, parsePageNo, parsePageSize, toPage } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { LOG_LOGIN, writeLogSafely } from "./log.repo.js";
import { Delegation } from "./privilege.js";

export const ONLINE_PERMS = { list: "system:online:list", forceLogout: "system:online:forceLogout" } as const;

const SESSION_ID = /^[0-9a-f]{32}$/;

const OnlineQuery = Type.Object({
  pageNo: Type.Optional(Type.String({ title: "页码", maxLength: 10 })),
  pageSize: Type.Optional(Type.String({ title: "每页条数", maxLength: 10, pattern: "^[0-9]*$" })),
  username: Type.Optional(Type.String({ title: "用户账号", maxLength: 100 })),
});

const ForceLogoutBody = Type.Object({
  token: Type.String({ title: "会话", minLength: 1, maxLength: 2000 }),
});

export default async function onlineRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, sessions, config } = app.ctx;

  app.get("/sys/online/list", { config: can(ONLINE_PERMS.list), schema: { querystring: OnlineQuery } }, async (req) => {
    const pageNo = parsePageNo(req.query.pageNo);
    const pageSize = parsePageSize(req.query.pageSize, config.maxPageSize);
    const username = req.query.username?.trim();
    const where = and(
      isNull(sysSession.revokeTime),
      gt(sysSession.expireTime, sql`now()`),
      eq(sysUser.delFlag, 0),
      username ? ilike(sysUser.username, `%${escapeLike(username)}%`) : undefined,
    );
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(sysSession)
      .innerJoin(sysUser, eq(sysUser.id, sysSession.userId))
      .where(where);
    const rows = await db
      .select({
        sessionId: sysSession.id,
        userId: sysUser.id,
        username: sysUser.username,
        realname: sysUser.realname,
        avatar: sysUser.avatar,
        birthday: sysUser.birthday,
        sex: sysUser.sex,
        phone: sysUser.phone,
        ip: sysSession.ip,
        loginTime: sysSession.createTime,
        lastSeenTime: sysSession.lastSeenTime,
        expireTime: sysSession.expireTime,
      })
      .from(sysSession)
      .innerJoin(sysUser, eq(sysUser.id, sysSession.userId))
      .where(where)
      .orderBy(desc(sysSession.createTime), sysSession.id)
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    const current = req.user!.sessionId;
    const records = rows.map((r) => ({
      id: r.sessionId,
      token: r.sessionId,
      userId: r.userId,
      username: r.username,
      realname: r.realname,
      avatar: r.avatar,
      birthday: r.birthday,
      sex: r.sex,
      phone: r.phone,
      ip: r.ip,
      loginTime: formatDateTime(r.loginTime),
      lastSeenTime: formatDateTime(r.lastSeenTime),
      expireTime: formatDateTime(r.expireTime),
      current: r.sessionId === current,
    }));
    return ok(toPage(records, Number(total), { pageNo, pageSize }));
  });

  app.post("/sys/online/forceLogout", { config: can(ONLINE_PERMS.forceLogout), schema: { body: ForceLogoutBody } }, async (req) => {
    const given = req.body.token.trim();
    let sessionId: string | null = null;
    if (SESSION_ID.test(given)) sessionId = given;
    else sessionId = (await sessions.verify(given))?.sessionId ?? null;
    if (!sessionId) throw badRequest("会话不存在或已结束");
    const [row] = await db
      .select({ userId: sysSession.userId, username: sysUser.username, realname: sysUser.realname, revoked: sysSession.revokeTime, expire: sysSession.expireTime })
      .from(sysSession)
      .innerJoin(sysUser, eq(sysUser.id, sysSession.userId))
      .where(eq(sysSession.id, sessionId));
    if (!row || row.revoked || row.expire.getTime() <= Date.now()) throw refused("该用户已不在线");
    const actor = req.currentUser();
    await (await Delegation.of(db, actor.userId)).assertMayManage([row.userId]);
    await sessions.revoke(sessionId, "forced");
    await writeLogSafely(db, { logType: LOG_LOGIN, logContent: `强制: ${row.realname ?? row.username}退出成功！`, userid: actor.username, username: actor.realname ?? actor.username, ip: req.ip }, req.log);
    return ok(null, "退出登录成功！");
  });
}
