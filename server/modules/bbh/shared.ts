/**
 * What every bbh module shares: request-field builders with Chinese titles, row → JSON (dates as
 * `yyyy-MM-dd HH:mm:ss` GMT+8), the activity look-up, and the general state-machine messages of
 * domain.md §5. Refusals of the business rules are 400 envelopes (`badRequest`) with the domain's wording;
 * a refused request changes nothing (every write runs in one transaction that the refusal rolls back).
 */
import type { FastifyInstance } from "fastify";
import { Type, type TSchema } from "typebox";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhActivityMain } from "../../db/schema.js";
import { dateOutOfRange, dateRangeMessage, formatDateTime, parseDateTime } from "../../lib/dates.js";
import { badRequest } from "../../lib/envelope.js";
import { DATE_TIME_PATTERN, TEXT_KIND, nullable, titled } from "../../lib/field-schema.js";
import { unscoped } from "../../plugins/row-scope.js";
import { sanitizeRichText } from "../../lib/text.js";

export { textField } from "../../lib/field-schema.js";

/** Optional, nullable integer with a title and bounds. */
export const OptInt = (title: string, minimum: number, maximum: number) =>
  Type.Optional(nullable(Type.Integer({ title, minimum, maximum })));
/** Required integer. */
export const ReqInt = (title: string, minimum: number, maximum: number) => Type.Integer({ title, minimum, maximum });
/** A dictionary code among `values`. */
export const Code = (title: string, values: number[]) => Type.Integer({ title, enum: values } as Parameters<typeof Type.Integer>[0]);
export const OptCode = (title: string, values: number[]) => Type.Optional(nullable(Code(title, values)));
/** 是否 (bbh_yn). */
export const OptYn = (title: string) => OptCode(title, [0, 1]);
const DATE_TIME = DATE_TIME_PATTERN;
/** A `yyyy-MM-dd HH:mm:ss` date-time (optional, nullable). */
export const OptDateTime = (title: string) =>
  Type.Optional(Type.Union([Type.Null(), Type.String({ title, maxLength: 19, pattern: `^$|${DATE_TIME}` })], { title }));
export const ReqDateTime = (title: string) => Type.String({ title, maxLength: 19, pattern: DATE_TIME });
/** Optional, nullable number (coordinates). */
export const OptNumber = (title: string, minimum: number, maximum: number) =>
  Type.Optional(nullable(Type.Number({ title, minimum, maximum })));
/** Rich text: bounded, declared `x-text: rich` (sanitised before validation) and sanitised again on save. */
export const RichText = (title: string) => Type.Optional(Type.Union([Type.Null(), Type.String({ title, maxLength: 200_000, [TEXT_KIND]: "rich" })], { title }));
export const BbhId = (title: string) => Type.String({ title, minLength: 1, maxLength: 32, pattern: "^[A-Za-z0-9_-]+$" });
export const OptBbhId = (title: string) => Type.Optional(Type.Union([Type.Null(), Type.String({ title, maxLength: 32, pattern: "^$|^[A-Za-z0-9_-]+$" })], { title }));
export const IdList = (title: string, max = 1000) => Type.Array(BbhId(title), { title, minItems: 1, maxItems: max });
export { nullable, titled };
export type { TSchema };

/** A date-time field → Date (null when empty); a value that is not a date is bad input. */
export function toDate(value: string | null | undefined, label: string): Date | null {
  if (value === undefined || value === null || value.trim() === "") return null;
  const d = parseDateTime(value);
  if (!d) throw badRequest(dateOutOfRange(value) ? dateRangeMessage(label) : `${label}不是有效的日期时间`);
  return d;
}

/** Rich text from the console editor, XSS-sanitised (domain.md §2; the allow-list is server/lib/text.ts's). */
export const cleanHtml = (html: string | null | undefined) => (html == null || html === "" ? null : sanitizeRichText(html));

/**
 * A refusal about one form field (`field`: the body key): the same 400 as `badRequest`, and an Excel import
 * that runs the form's rules can name the column it came from.
 */
export const fieldRefusal = (field: string, message: string) => Object.assign(badRequest(message), { field });
/** The form field a refusal names, if it names one. */
export const refusedField = (error: unknown): string | undefined => (error as { field?: unknown })?.field as string | undefined;

/** `""` → null, trims text. */
export const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v.trim());

/** A row's JSON: dates formatted, everything else as is. */
export function rowJson<R extends Record<string, unknown>>(row: R): Record<string, unknown> {
  // A copy, then its dates replaced: half the cost of building the object key by key (every list row runs this).
  const out: Record<string, unknown> = { ...row };
  for (const k in out) {
    const v = out[k];
    if (v instanceof Date) out[k] = formatDateTime(v);
  }
  return out;
}

export const PUBLISH_TEXT: Record<number, string> = { 0: "未发布", 1: "已发布", 2: "已下架" };
export const TIME_STATUS_TEXT: Record<number, string> = { 0: "未开始", 1: "进行中", 2: "已结算", 3: "已重启" };

/** The derived display label of a window (domain.md §5.3): running past its end is 已截止·待结算. */
export function displayStatus(status: number, endTime: Date, now = new Date()): string {
  if ((status === 1 || status === 3) && now >= endTime) return "已截止·待结算";
  return TIME_STATUS_TEXT[status] ?? String(status);
}

export type ActivityRow = typeof bbhActivityMain.$inferSelect;

/** The live activity (optionally locked for the transaction), or 400 活动不存在或已删除. */
export async function loadActivity(db: Db, id: string, lock = false): Promise<ActivityRow> {
  const q = db.select().from(bbhActivityMain).where(and(eq(bbhActivityMain.id, id), eq(bbhActivityMain.delFlag, 0)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw badRequest("活动不存在或已删除");
  return row;
}

/** The SQLSTATE of a driver error (drizzle wraps it as `cause`). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return typeof e?.code === "string" ? e.code : typeof e?.cause?.code === "string" ? e.cause.code : undefined;
}

export { affected, rowsOf } from "../../db/client.js";

export const nowSql = sql`now()`;

/** The standard permission codes of one module (server/db/seed/menus.ts `crud`). */
export const crudCodes = (module: string) => ({
  list: `bbh:${module}:list`,
  add: `bbh:${module}:add`,
  edit: `bbh:${module}:edit`,
  delete: `bbh:${module}:delete`,
  deleteBatch: `bbh:${module}:deleteBatch`,
});

/** Item text and value → value, for a dictionary's cells (either may be typed). */
export async function dictionary(dicts: FastifyInstance["ctx"]["dicts"], code: string): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  for (const i of await dicts.items(code)) {
    map.set(i.value, Number(i.value));
    map.set(i.text, Number(i.value));
  }
  return map;
}

/** 138****0000 (domain.md §4.7: phones are masked in lists). */
export const maskPhone = (p: string | null) => (p && p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : p);

/**
 * An id a form only refers to (a red mark of a task, a school of an apply…): the route checks that it exists
 * where it must, and the referenced row's own list decides who reads it. Named so in `config.rows`
 * (server/plugins/row-scope.ts) that the decision shows at the route.
 */
export const REFERENCE = unscoped("只引用的编号：由路由核对存在，读写仍受其自身列表的数据权限约束");

/** The bbh answer for ids that name no row the caller may see (server/lib/row-scope.ts). */
export const GONE = () => badRequest("数据不存在或已删除");
