/**
 * The header bell and the user's own announcements (contract.md §9.2): `listByUser` (with the back-fill
 * of `ALL` announcements), marking one read, reading one, and the paged list behind 查看更多.
 * Announcement management (add, edit, publish, revoke) is announcement-admin.ts.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq, sql } from "drizzle-orm";
import { sysAnnouncement } from "../../db/schema.js";
import { badRequest, ok, refused } from "../../lib/envelope.js";
import { fetchPage, parseListQuery, parsePageSize, toPage } from "../../lib/list-query.js";
import { signedIn } from "../../plugins/auth.js";
import { checkVisible } from "../../lib/row-scope.js";
import { announcementRows } from "./announcement-admin.js";
import { UNSCOPED, scope } from "./shared.js";
import {
  backfillAllAnnouncements,
  CATEGORY_NOTICE,
  CATEGORY_SYSTEM,
  deliveredTo,
  deliveryOf,
  findVisible,
  markRead,
  myAnnouncementSpec,
  publishedAnnouncement,
  toAnnouncementJson,
  unreadByCategory,
} from "./announcement.repo.js";

const ListByUserQuery = Type.Object({ pageSize: Type.Optional(Type.String({ title: "每页条数", maxLength: 10 })) }, { additionalProperties: true });

/** The bell shows a handful of unread messages per category; larger asks are clamped, like list pages. */
const BELL_MAX_PAGE_SIZE = 100;

const AnntIdBody = Type.Object({ anntId: Type.String({ title: "通告编号", minLength: 1, maxLength: 32 }) });

const IdQuery = Type.Object({ id: Type.String({ title: "编号", minLength: 1, maxLength: 32 }) }, { additionalProperties: true });

const MyListQuery = Type.Object(
  {
    pageNo: Type.Optional(Type.String({ title: "页码", maxLength: 10 })),
    pageSize: Type.Optional(Type.String({ title: "每页条数", maxLength: 10 })),
    column: Type.Optional(Type.String({ title: "排序字段", maxLength: 100 })),
    order: Type.Optional(Type.String({ title: "排序方式", maxLength: 10 })),
    titile: Type.Optional(Type.String({ title: "标题", maxLength: 100 })),
    sender: Type.Optional(Type.String({ title: "发布人", maxLength: 100 })),
    readFlag: Type.Optional(Type.String({ title: "阅读状态", maxLength: 1 })),
    msgCategory: Type.Optional(Type.String({ title: "消息类型", maxLength: 10 })),
    busType: Type.Optional(Type.String({ title: "业务类型", maxLength: 20 })),
    bizSource: Type.Optional(Type.String({ title: "业务来源", maxLength: 20 })),
  },
  { additionalProperties: true },
);

export default async function announcementRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.ctx;

  app.get("/sys/annountCement/listByUser", { config: signedIn, schema: { querystring: ListByUserQuery } }, async (req) => {
    const user = req.currentUser();
    const pageSize = parsePageSize(req.query.pageSize, BELL_MAX_PAGE_SIZE, 5);
    await backfillAllAnnouncements(db, user.userId, user.username);
    const [annt, sys] = await Promise.all([
      unreadByCategory(db, user.userId, CATEGORY_NOTICE, pageSize),
      unreadByCategory(db, user.userId, CATEGORY_SYSTEM, pageSize),
    ]);
    return ok({ anntMsgList: annt.list, anntMsgTotal: annt.total, sysMsgList: sys.list, sysMsgTotal: sys.total });
  });

  app.put("/sys/sysAnnouncementSend/editByAnntIdAndUserId", { config: signedIn, schema: { body: AnntIdBody } }, async (req) => {
    const user = req.currentUser();
    const marked = await markRead(db, req.body.anntId, user.userId, user.username);
    if (!marked) throw refused("未找到对应的通知");
    return ok(null, "", 0);
  });

  // The viewer of the bell and of 我的消息: what reached the caller, and for managers (the announcement list's
  // code) also drafts and revoked ones within what 通知公告 shows them (its data rules).
  app.get("/sys/annountCement/queryById", { config: { ...signedIn, rows: { id: UNSCOPED.own } }, schema: { querystring: IdQuery } }, async (req) => {
    const user = req.currentUser();
    const managed = async () => {
      if (!(await app.ctx.sessions.permissionCodes(user.userId, user.versions)).has("system:announcement:list")) return undefined;
      return (await checkVisible(db, announcementRows, [req.query.id], scope(req, app.ctx.cache)).catch(() => ({ ok: false }))).ok
        ? (await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, req.query.id)))[0]
        : undefined;
    };
    const row = (await findVisible(db, req.query.id, user.userId)) ?? (await managed());
    if (!row) throw refused("未找到对应实体");
    return ok(toAnnouncementJson(row));
  });

  app.get("/sys/sysAnnouncementSend/getMyAnnouncementSend", { config: signedIn, schema: { querystring: MyListQuery } }, async (req) => {
    const user = req.currentUser();
    const { readFlag, bizSource } = req.query;
    if (readFlag !== undefined && readFlag !== "" && readFlag !== "0" && readFlag !== "1") {
      throw badRequest("参数「readFlag」只能是 0（未读）或 1（已读）");
    }
    await backfillAllAnnouncements(db, user.userId, user.username);
    const params = parseListQuery(myAnnouncementSpec, req.query, config.maxPageSize);
    const delivery = deliveryOf(user.userId);
    // Unread first, then the requested order (contract §9.2).
    params.orderBy = [sql`${delivery.readFlag} asc`, ...params.orderBy];
    const { rows, total } = await fetchPage<typeof sysAnnouncement, { sendId: string; readFlag: string }>(db, sysAnnouncement, params, {
      where: [
        publishedAnnouncement,
        deliveredTo(user.userId, readFlag === "" ? undefined : readFlag),
        bizSource === "isNoBpm" ? sql`coalesce(${sysAnnouncement.busType}, '') <> 'bpm'` : undefined,
      ],
      extra: { sendId: delivery.sendId.as("sendId"), readFlag: delivery.readFlag.as("readFlag") },
    });
    const records = rows.map((r) => {
      const a = toAnnouncementJson(r);
      return {
        id: r.sendId,
        anntId: a.id,
        userId: user.userId,
        titile: a.titile,
        msgContent: a.msgContent,
        sender: a.sender,
        priority: a.priority,
        readFlag: r.readFlag,
        sendTime: a.sendTime,
        msgCategory: a.msgCategory,
        busId: a.busId,
        busType: a.busType,
        openType: a.openType,
        openPage: a.openPage,
        msgAbstract: a.msgAbstract,
      };
    });
    return ok(toPage(records, total, params));
  });
}
