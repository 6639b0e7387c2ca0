/** JeecgBoot dates travel as `yyyy-MM-dd HH:mm:ss` in GMT+8 (contract.md §1). */
const OFFSET_MS = 8 * 3600 * 1000;

export function formatDateTime(value: Date | null | undefined): string | null {
  if (!value) return null;
  const iso = new Date(value.getTime() + OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** Parses `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` as GMT+8; null when it is not such a date. */
export function parseDateTime(value: string, endOfDay = false): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const time = h === undefined ? (endOfDay ? "23:59:59" : "00:00:00") : `${h}:${mi}:${s ?? "00"}`;
  const date = new Date(`${y}-${mo}-${d}T${time}+08:00`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) === "NaN") return null;
  // Reject impossible calendar dates such as 2024-02-31, which Date would roll over.
  const back = new Date(date.getTime() + OFFSET_MS).toISOString();
  return back.slice(0, 10) === `${y}-${mo}-${d}` ? date : null;
}
