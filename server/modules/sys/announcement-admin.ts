/**
 * `/sys/annountCement/*` (sic) — managing system announcements (contract.md §9.2): list, add, edit, logical
 * delete, release (`doReleaseData`) and revoke (`doReovkeData`), and `readAll` for the user's own.
 *
 * Recipients: `ALL` (everyone; delivery rows are back-filled when a user loads the bell), `USER` (the
 * `userIds` list, `id1,id2,` with JeecgBoot's trailing comma), or `DEPART` (our addition: `departIds`, the
 * users of those departments and their sub-departments, resolved when saving and stored as `USER`).
 * The rich text is sanitised by the allow-list of `sanitizeContent` before it is stored, and again when read.
 * Release pushes `{cmd:"topic"|"user", msgId, msgTxt}` over the websocket so bells reload at once; the Vue 2
 * client asks for the same push again with `syncNotic` after 撤销.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, inArray, like, ne, notInArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { sysAnnouncement, sysAnnouncementSend, sysDepart, sysUser, sysUserDepart } from "../../db/schema.js";
import { parseDateTime } from "../../lib/dates.js";
import { badRequest, ok, refused } from "../../lib/envelope.js";
import { OptionalRichText, OptionalText } from "../../lib/field-schema.js";
import { nextId } from "../../lib/ids.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can, signedIn } from "../../plugins/auth.js";
import { findVisible, sanitizeContent, toAnnouncementJson } from "./announcement.repo.js";
import { Id, IdQuery, IdsQuery, ListQuery, UNSCOPED, parseIds, parseOptionalIds, scope } from "./shared.js";
import { scopeRows, unscoped } from "../../plugins/row-scope.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";

type Row = typeof sysAnnouncement.$inferSelect;

export const ANNOUNCEMENT_CODES = {
  list: "system:announcement:list",
  add: "system:announcement:add",
  edit: "system:announcement:edit",
  delete: "system:announcement:delete",
  deleteBatch: "system:announcement:deleteBatch",
  release: "system:announcement:release",
  revoke: "system:announcement:revoke",
} as const;

/** `send_status`: 0 draft, 1 published, 2 revoked. */
const DRAFT = "0";
const PUBLISHED = "1";
const REVOKED = "2";

export const announcementListSpec: ListSpec = {
  fields: {
    titile: { column: sysAnnouncement.titile, type: "string", sort: true },
    msgCategory: { column: sysAnnouncement.msgCategory, type: "string", sort: true },
    msgType: { column: sysAnnouncement.msgType, type: "string", sort: true },
    sendStatus: { column: sysAnnouncement.sendStatus, type: "string", sort: true },
    priority: { column: sysAnnouncement.priority, type: "string", sort: true },
    sender: { column: sysAnnouncement.sender, type: "string", sort: true },
    busType: { column: sysAnnouncement.busType, type: "string" },
    startTime: { column: sysAnnouncement.startTime, type: "datetime", sort: true },
    endTime: { column: sysAnnouncement.endTime, type: "datetime", sort: true },
    sendTime: { column: sysAnnouncement.sendTime, type: "datetime", sort: true },
    createBy: { column: sysAnnouncement.createBy, type: "string" },
    createTime: { column: sysAnnouncement.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysAnnouncement.id,
  component: "system/SysAnnouncementList",
};

/** Announcements by id, for their administration: those 通知公告 shows the caller. */
export const announcementRows = rowScope({ label: "公告", table: sysAnnouncement, id: sysAnnouncement.id, live: eq(sysAnnouncement.delFlag, "0"), views: [viewOf(announcementListSpec)] });

const AnnouncementBody = Type.Object({
  titile: Type.String({ title: "标题", minLength: 1, maxLength: 100 }),
  msgContent: OptionalRichText(200_000, "内容"),
  msgAbstract: OptionalText(500, "摘要"),
  startTime: OptionalText(19, "开始时间"),
  endTime: OptionalText(19, "结束时间"),
  priority: OptionalText(1, "优先级", "^[LMH]$"),
  msgCategory: OptionalText(1, "消息类型", "^[12]$"),
  msgType: Type.String({ title: "通告对象类型", pattern: "^(ALL|USER|DEPART)$" }),
  userIds: OptionalText(40_000, "指定用户"),
  departIds: OptionalText(10_000, "指定部门"),
  busType: OptionalText(20, "业务类型"),
  busId: OptionalText(50, "业务编号"),
  openType: OptionalText(20, "打开方式", "^(component|url)$"),
  openPage: OptionalText(255, "打开页面"),
});
type Body = Static<typeof AnnouncementBody>;
const EditBody = Type.Object({ ...AnnouncementBody.properties, id: Id });
/** `syncNotic?anntId=`: JeecgBoot treats a missing or blank id as "bells reload" (批量设置已读). */
const SyncQuery = Type.Object({ anntId: Type.Optional(Type.String({ title: "通告编号", maxLength: 36, pattern: "^[A-Za-z0-9_-]*$" })) });

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === "" ? null : v.trim());

function date(value: string | null | undefined, label: string): Date | null {
  const v = blank(value);
  if (!v) return null;
  const d = parseDateTime(v);
  if (!d) throw badRequest(`「${label}」不是有效的时间（yyyy-MM-dd HH:mm:ss）`);
  return d;
}

/** Users of the departments and of everything below them (org codes extend their parent's), not deleted. */
async function usersOfDepartments(db: Db, departIds: string[]): Promise<string[]> {
  const departs = await db.select({ orgCode: sysDepart.orgCode }).from(sysDepart).where(and(inArray(sysDepart.id, departIds), eq(sysDepart.delFlag, "0")));
  if (departs.length !== departIds.length) throw refused("所选部门不存在或已删除");
  const rows = await db
    .selectDistinct({ id: sysUserDepart.userId })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .innerJoin(sysUser, eq(sysUser.id, sysUserDepart.userId))
    .where(and(or(...departs.map((d) => like(sysDepart.orgCode, `${d.orgCode.replace(/[\\%_]/g, "\\$&")}%`))), eq(sysUser.delFlag, 0)));
  return rows.map((r) => r.id);
}

/** The form → columns, with the recipients checked and the HTML sanitised. */
async function toValues(db: Db, body: Body) {
  const startTime = date(body.startTime, "开始时间");
  const endTime = date(body.endTime, "结束时间");
  if (startTime && endTime && endTime < startTime) throw badRequest("结束时间不能早于开始时间");
  const openType = blank(body.openType);
  const openPage = blank(body.openPage);
  // The viewer's 去处理 navigates there: only site paths and http(s) addresses, never javascript: and the like.
  if (openType === "url" && openPage && !/^(\/(?!\/)|https?:\/\/)/i.test(openPage)) throw badRequest("「打开页面」只能是以 / 开头的站内路径或 http(s) 地址");
  let msgType = body.msgType;
  let userIds: string[] = [];
  if (msgType === "USER") {
    userIds = parseOptionalIds(body.userIds);
    if (!userIds.length) throw badRequest("请选择接收通告的用户");
  } else if (msgType === "DEPART") {
    const departIds = parseOptionalIds(body.departIds);
    if (!departIds.length) throw badRequest("请选择接收通告的部门");
    userIds = await usersOfDepartments(db, departIds);
    if (!userIds.length) throw refused("所选部门下没有用户");
    msgType = "USER";
  }
  if (userIds.length) {
    const found = await db.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.id, userIds), eq(sysUser.delFlag, 0)));
    if (found.length !== userIds.length) throw refused("所选用户不存在或已删除");
  }
  return {
    values: {
      titile: body.titile.trim(),
      msgContent: sanitizeContent(body.msgContent ?? null),
      msgAbstract: blank(body.msgAbstract),
      startTime,
      endTime,
      priority: blank(body.priority) ?? "L",
      msgCategory: blank(body.msgCategory) ?? "1",
      msgType,
      userIds: msgType === "USER" ? `${userIds.join(",")},` : null,
      busType: blank(body.busType),
      busId: blank(body.busId),
      openType,
      openPage,
    },
    userIds,
  };
}

/** Makes the delivery rows of a `USER` announcement match its users: adds missing ones, drops the others. */
async function syncDeliveries(db: Db, anntId: string, userIds: string[], username: string) {
  if (userIds.length) {
    await db
      .insert(sysAnnouncementSend)
      .values(userIds.map((userId) => ({ id: nextId(), anntId, userId, readFlag: "0", createBy: username, createTime: new Date() })))
      .onConflictDoNothing();
    await db.delete(sysAnnouncementSend).where(and(eq(sysAnnouncementSend.anntId, anntId), notInArray(sysAnnouncementSend.userId, userIds)));
  } else {
    await db.delete(sysAnnouncementSend).where(eq(sysAnnouncementSend.anntId, anntId));
  }
}

const recipientsOf = (row: Row) => (row.msgType === "USER" ? parseOptionalIds(row.userIds) : []);

export default async function announcementAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: announcementRows, ids: announcementRows, userIds: unscoped("接收人：只决定发给谁"), departIds: UNSCOPED.departs, busId: unscoped("业务编号：只随公告保存") });
  const { db, config, cache, realtime } = app.ctx;
  const live = eq(sysAnnouncement.delFlag, "0");

  const find = async (id: string, tx: Db = db) => {
    const [row] = await tx.select().from(sysAnnouncement).where(and(eq(sysAnnouncement.id, id), live));
    if (!row) throw refused("未找到对应实体");
    return row;
  };

  /** Tells the recipients' bells to reload (JeecgBoot's release push). */
  const push = async (row: Row) => {
    const message = { msgId: row.id, msgTxt: row.titile ?? "" };
    if (row.msgType === "USER") await realtime.sendToUsers(recipientsOf(row), { cmd: "user", ...message });
    else await realtime.broadcast({ cmd: "topic", ...message });
  };

  app.get("/sys/annountCement/list", { config: can(ANNOUNCEMENT_CODES.list), schema: { querystring: ListQuery } }, async (req) => {
    const params = parseListQuery(announcementListSpec, req.query, config.maxPageSize);
    const { rows, total } = await fetchPage(db, sysAnnouncement, params, { scope: scope(req, cache), where: [live] });
    return ok(toPage(rows.map((r) => toAnnouncementJson(r as Row)), total, params));
  });

  app.post("/sys/annountCement/add", { config: can(ANNOUNCEMENT_CODES.add), schema: { body: AnnouncementBody } }, async (req) => {
    const user = req.currentUser();
    const id = nextId();
    await db.transaction(async (tx) => {
      const { values, userIds } = await toValues(tx, req.body);
      await tx.insert(sysAnnouncement).values({ ...values, id, delFlag: "0", sendStatus: DRAFT, createBy: user.username, createTime: new Date() });
      await syncDeliveries(tx, id, userIds, user.username);
    });
    return ok(null, "添加成功！");
  });

  const edit = async (req: FastifyRequest<{ Body: Static<typeof EditBody> }>) => {
    const user = req.currentUser();
    const { id, ...body } = req.body;
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(sysAnnouncement).where(and(eq(sysAnnouncement.id, id), live)).for("update");
      if (!row) throw refused("未找到对应实体");
      if (row.sendStatus === PUBLISHED) throw refused("已发布的通告不能修改，请先撤销");
      const { values, userIds } = await toValues(tx, body);
      await tx.update(sysAnnouncement).set({ ...values, updateBy: user.username, updateTime: new Date() }).where(eq(sysAnnouncement.id, id));
      await syncDeliveries(tx, id, userIds, user.username);
    });
    return ok(null, "修改成功!");
  };
  app.put("/sys/annountCement/edit", { config: can(ANNOUNCEMENT_CODES.edit), schema: { body: EditBody } }, edit);
  app.post("/sys/annountCement/edit", { config: can(ANNOUNCEMENT_CODES.edit), schema: { body: EditBody } }, edit);

  /** Logical delete (`del_flag = '1'`); a published announcement leaves the bells, so they reload. */
  const remove = async (ids: string[], username: string) => {
    const gone = await db
      .update(sysAnnouncement)
      .set({ delFlag: "1", updateBy: username, updateTime: new Date() })
      .where(and(inArray(sysAnnouncement.id, ids), live))
      .returning();
    if (!gone.length) throw refused("未找到对应实体");
    for (const row of gone) if (row.sendStatus === PUBLISHED) await push(row);
  };
  app.delete("/sys/annountCement/delete", { config: can(ANNOUNCEMENT_CODES.delete), schema: { querystring: IdQuery } }, async (req) => {
    await remove([req.query.id], req.currentUser().username);
    return ok(null, "删除成功!");
  });
  app.delete("/sys/annountCement/deleteBatch", { config: can(ANNOUNCEMENT_CODES.deleteBatch), schema: { querystring: IdsQuery } }, async (req) => {
    await remove(parseIds(req.query.ids), req.currentUser().username);
    return ok(null, "批量删除成功!");
  });

  app.get("/sys/annountCement/doReleaseData", { config: can(ANNOUNCEMENT_CODES.release), schema: { querystring: IdQuery } }, async (req) => {
    const user = req.currentUser();
    const row = await db.transaction(async (tx) => {
      const [updatedRow] = await tx
        .update(sysAnnouncement)
        .set({ sendStatus: PUBLISHED, sendTime: new Date(), cancelTime: null, sender: user.username, updateBy: user.username, updateTime: new Date() })
        .where(and(eq(sysAnnouncement.id, req.query.id), live, ne(sysAnnouncement.sendStatus, PUBLISHED)))
        .returning();
      if (!updatedRow) {
        await find(req.query.id, tx);
        throw refused("该系统通知已发布");
      }
      // Re-released after a revoke: every recipient sees it unread again.
      if (updatedRow.msgType === "USER") await syncDeliveries(tx, updatedRow.id, recipientsOf(updatedRow), user.username);
      await tx.update(sysAnnouncementSend).set({ readFlag: "0", readTime: null }).where(eq(sysAnnouncementSend.anntId, updatedRow.id));
      return updatedRow;
    });
    await push(row);
    void realtime.broadcast({ cmd: "live", apiBase: "/sys/annountCement", type: "updated", ids: [row.id] });
    return ok(null, "该系统通知发布成功");
  });

  app.get("/sys/annountCement/doReovkeData", { config: can(ANNOUNCEMENT_CODES.revoke), schema: { querystring: IdQuery } }, async (req) => {
    const user = req.currentUser();
    const [row] = await db
      .update(sysAnnouncement)
      .set({ sendStatus: REVOKED, cancelTime: new Date(), updateBy: user.username, updateTime: new Date() })
      .where(and(eq(sysAnnouncement.id, req.query.id), live, eq(sysAnnouncement.sendStatus, PUBLISHED)))
      .returning();
    if (!row) {
      await find(req.query.id);
      throw refused("只能撤销已发布的通知");
    }
    await push(row);
    void realtime.broadcast({ cmd: "live", apiBase: "/sys/annountCement", type: "updated", ids: [row.id] });
    return ok(null, "该系统通知撤销成功");
  });

  /**
   * JeecgBoot's 同步消息: the Vue 2 client sends it after 撤销 (some versions also after a read in 我的消息) so
   * that bells reload. Holders of the release or revoke code push the announcement to its audience exactly as
   * release and revoke do (a draft, whose title was never released, to nobody); anyone else may only reload
   * their own bells, and only for an announcement that reached them. Without an id JeecgBoot broadcast
   * "批量设置已读" to everyone; here only the caller's own bells reload, as `readAll` does.
   */
  app.get("/sys/annountCement/syncNotic", { config: signedIn, schema: { querystring: SyncQuery } }, async (req) => {
    const user = req.currentUser();
    const anntId = req.query.anntId?.trim();
    if (!anntId) {
      await realtime.send(user.userId, { cmd: "user", userId: user.userId });
      return ok(null);
    }
    const codes = await app.ctx.sessions.permissionCodes(user.userId, user.versions);
    if (codes.has(ANNOUNCEMENT_CODES.release) || codes.has(ANNOUNCEMENT_CODES.revoke)) {
      const row = await find(anntId);
      if (row.sendStatus !== DRAFT) await push(row);
      return ok(null);
    }
    const row = await findVisible(db, anntId, user.userId);
    if (!row) throw refused("未找到对应实体");
    await realtime.send(user.userId, { cmd: "user", userId: user.userId, msgId: row.id, msgTxt: row.titile ?? "" });
    return ok(null);
  });

  app.put("/sys/sysAnnouncementSend/readAll", { config: signedIn }, async (req) => {
    const user = req.currentUser();
    const now = new Date();
    await db
      .update(sysAnnouncementSend)
      .set({ readFlag: "1", readTime: now, updateBy: user.username, updateTime: now })
      .where(and(eq(sysAnnouncementSend.userId, user.userId), eq(sysAnnouncementSend.readFlag, "0")));
    // Only this user's other tabs reload (JeecgBoot broadcast a topic to everyone).
    await realtime.send(user.userId, { cmd: "user", userId: user.userId });
    return ok(null, "全部已读");
  });
}
