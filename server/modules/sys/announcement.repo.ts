/** Queries of the announcement bell and the user's own announcements (contract.md §9). */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import type { Db } from "../../db/client.js";
import { sysAnnouncement, sysAnnouncementSend, sysUser } from "../../db/schema.js";
import { formatDateTime } from "../../lib/dates.js";
import type { ListSpec } from "../../lib/list-query.js";

type AnnouncementRow = typeof sysAnnouncement.$inferSelect;

/** `msg_category`: 1 notice (通知), 2 system message (系统消息). */
export const CATEGORY_NOTICE = "1";
export const CATEGORY_SYSTEM = "2";

/** Rich text the viewer may show: formatting, lists, tables, links and images; never scripts or handlers. */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "span", "del", "ins", "u", "s", "font"],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    "*": ["style", "class", "align"],
    img: ["src", "alt", "title", "width", "height"],
    font: ["color", "size"],
  },
  // data: only for images (an image never runs script); a data: link could carry an HTML page.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedStyles: {
    "*": {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      "background-color": [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      "text-align": [/^(left|right|center|justify)$/],
      "font-size": [/^\d+(\.\d+)?(px|em|rem|%)$/],
      "font-weight": [/^(bold|normal|\d{3})$/],
    },
  },
};

export function sanitizeContent(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/** An announcement as JeecgBoot serialises `SysAnnouncement`, its HTML sanitised. */
export function toAnnouncementJson(row: AnnouncementRow) {
  return {
    id: row.id,
    titile: row.titile,
    msgContent: sanitizeContent(row.msgContent),
    startTime: formatDateTime(row.startTime),
    endTime: formatDateTime(row.endTime),
    sender: row.sender,
    priority: row.priority,
    msgCategory: row.msgCategory,
    msgType: row.msgType,
    sendStatus: row.sendStatus,
    sendTime: formatDateTime(row.sendTime),
    cancelTime: formatDateTime(row.cancelTime),
    delFlag: row.delFlag,
    busType: row.busType,
    busId: row.busId,
    openType: row.openType,
    openPage: row.openPage,
    userIds: row.userIds,
    msgAbstract: row.msgAbstract,
    createBy: row.createBy,
    createTime: formatDateTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: formatDateTime(row.updateTime),
  };
}

/** Qualified, because drizzle leaves the table name off columns of single-table queries. */
const ANNOUNCEMENT_ID = sql.raw(`"sys_announcement"."id"`);

const published = and(eq(sysAnnouncement.delFlag, "0"), eq(sysAnnouncement.sendStatus, "1"));

/**
 * Gives the user a delivery row (unread) for every published, not deleted `ALL` announcement that ends
 * after the user was created and that they have no row for yet. An announcement without an end time
 * never ends, so it is delivered too.
 */
export async function backfillAllAnnouncements(db: Db, userId: string, username: string): Promise<void> {
  await db.execute(sql`
    insert into ${sysAnnouncementSend} (id, annt_id, user_id, read_flag, create_by, create_time)
    select replace(gen_random_uuid()::text, '-', ''), a.id, u.id, '0', ${username}, now()
    from ${sysAnnouncement} a
    join ${sysUser} u on u.id = ${userId}
    where a.msg_type = 'ALL' and a.del_flag = '0' and a.send_status = '1'
      and (a.end_time is null or u.create_time is null or a.end_time >= u.create_time)
      and not exists (select 1 from ${sysAnnouncementSend} s where s.annt_id = a.id and s.user_id = u.id)
    on conflict do nothing`);
}

/** Unread, published announcements of one category for the bell, newest first, and their number. */
export async function unreadByCategory(db: Db, userId: string, category: string, limit: number) {
  const where = and(
    published,
    eq(sysAnnouncement.msgCategory, category),
    eq(sysAnnouncementSend.userId, userId),
    eq(sysAnnouncementSend.readFlag, "0"),
  );
  const join = eq(sysAnnouncementSend.anntId, sysAnnouncement.id);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ a: sysAnnouncement })
      .from(sysAnnouncement)
      .innerJoin(sysAnnouncementSend, join)
      .where(where)
      .orderBy(desc(sysAnnouncement.createTime), desc(sysAnnouncement.id))
      .limit(limit),
    db.select({ total: count() }).from(sysAnnouncement).innerJoin(sysAnnouncementSend, join).where(where),
  ]);
  return { list: rows.map((r) => toAnnouncementJson(r.a)), total: Number(total) };
}

/** Marks the user's delivery of an announcement read; false when the user has no such delivery. */
export async function markRead(db: Db, anntId: string, userId: string, username: string): Promise<boolean> {
  const now = new Date();
  const updated = await db
    .update(sysAnnouncementSend)
    .set({ readFlag: "1", readTime: now, updateBy: username, updateTime: now })
    .where(and(eq(sysAnnouncementSend.anntId, anntId), eq(sysAnnouncementSend.userId, userId)))
    .returning({ id: sysAnnouncementSend.id });
  return updated.length > 0;
}

/** An announcement the user may read: published, not deleted, and addressed to everyone or delivered to them. */
export async function findVisible(db: Db, id: string, userId: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select()
    .from(sysAnnouncement)
    .where(
      and(
        eq(sysAnnouncement.id, id),
        published,
        sql`(${sysAnnouncement.msgType} = 'ALL' or exists (select 1 from ${sysAnnouncementSend} s where s.annt_id = ${ANNOUNCEMENT_ID} and s.user_id = ${userId}))`,
      ),
    );
  return row;
}

/** The user's delivery row of an announcement, as correlated sub-queries of `getMyAnnouncementSend`. */
export function deliveryOf(userId: string) {
  const column = (name: "id" | "read_flag") =>
    sql<string>`(select s.${sql.raw(name)} from ${sysAnnouncementSend} s where s.annt_id = ${ANNOUNCEMENT_ID} and s.user_id = ${userId} limit 1)`;
  return { sendId: column("id"), readFlag: column("read_flag") };
}

export function deliveredTo(userId: string, readFlag?: string): SQL {
  return sql`exists (select 1 from ${sysAnnouncementSend} s where s.annt_id = ${ANNOUNCEMENT_ID} and s.user_id = ${userId}${
    readFlag === undefined ? sql`` : sql` and s.read_flag = ${readFlag}`
  })`;
}

export const myAnnouncementSpec: ListSpec = {
  fields: {
    titile: { column: sysAnnouncement.titile, type: "string" },
    sender: { column: sysAnnouncement.sender, type: "string", sort: true },
    msgCategory: { column: sysAnnouncement.msgCategory, type: "string" },
    busType: { column: sysAnnouncement.busType, type: "string" },
    priority: { column: sysAnnouncement.priority, type: "string", sort: true },
    sendTime: { column: sysAnnouncement.sendTime, type: "datetime", sort: true },
    createTime: { column: sysAnnouncement.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "sendTime", order: "desc" }],
  tiebreak: sysAnnouncement.id,
};

export { published as publishedAnnouncement };
