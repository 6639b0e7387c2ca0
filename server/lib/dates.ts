/** JeecgBoot dates travel as `yyyy-MM-dd HH:mm:ss` in GMT+8 (contract.md §1). */
const OFFSET_MS = 8 * 3600 * 1000;

export function formatDateTime(value: Date | null | undefined): string | null {
  if (!value) return null;
  const iso = new Date(value.getTime() + OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * The dates accepted anywhere (list filters, bodies, imports). Both drivers and JavaScript agree on every date
 * in it; year 1 at +08:00 is year 0 in UTC, which PostgreSQL refuses ("date/time field value out of range").
 */
export const DATE_MIN = "1900-01-01";
export const DATE_MAX = "9999-12-31";
/** `「开始时间」的日期超出范围（1900-01-01 至 9999-12-31）` */
export const dateRangeMessage = (label: string) => `${label}的日期超出范围（${DATE_MIN} 至 ${DATE_MAX}）`;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A well-formed `yyyy-MM-dd[ HH:mm[:ss]]` whose day lies outside DATE_MIN … DATE_MAX. */
export function dateOutOfRange(value: string): boolean {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return false;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  return day < DATE_MIN || day > DATE_MAX;
}

/**
 * Parses `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` as GMT+8; null when it is not such a date or lies outside
 * DATE_MIN … DATE_MAX (`dateOutOfRange` tells the two apart for a message).
 */
export function parseDateTime(value: string, endOfDay = false): Date | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const day = `${y}-${mo}-${d}`;
  if (day < DATE_MIN || day > DATE_MAX) return null;
  const time = h === undefined ? (endOfDay ? "23:59:59" : "00:00:00") : `${h}:${mi}:${s ?? "00"}`;
  const date = new Date(`${y}-${mo}-${d}T${time}+08:00`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) === "NaN") return null;
  // Reject impossible calendar dates such as 2024-02-31, which Date would roll over.
  const back = new Date(date.getTime() + OFFSET_MS).toISOString();
  return back.slice(0, 10) === `${y}-${mo}-${d}` ? date : null;
}
