/**
 * Quartz cron expressions (JeecgBoot's `cron_expression`: seconds first, `?` for "no specific value", an
 * optional year, `0/50` steps) read with croner. Croner takes all of that with its Quartz options
 * (`sloppyRanges` for `0/50`, `alternativeWeekdays` for 1 = Sunday … 7 = Saturday); five-field Unix
 * expressions are refused, because Quartz would read them differently. Times are Beijing time (the wire's
 * GMT+8), whatever the server's zone.
 */
import { Cron, CronPattern } from "croner";
import { badRequest } from "../lib/envelope.js";

export const CRON_TIMEZONE = "Asia/Shanghai";

const OPTIONS = { paused: true, mode: "6-or-7-parts", alternativeWeekdays: true, sloppyRanges: true, timezone: CRON_TIMEZONE } as const;

/** The normalised expression: trimmed, runs of blanks collapsed. */
export const normaliseCron = (expr: string) => expr.trim().replace(/\s+/g, " ");

export interface CronRules {
  /** Shortest time between two runs (`JOB_MIN_INTERVAL_SECONDS`); 1 or less: every second is allowed. */
  minIntervalSeconds: number;
}

/**
 * Parses an expression or throws a 400 with a Chinese reason (the expression is never run, only parsed):
 * Quartz's field rules first (`checkQuartzFields`), then croner's reading, then that it fires again at all,
 * and, given `rules`, that it never fires twice within the minimum interval (`checkInterval`).
 */
export function parseCron(expr: string, rules?: CronRules): Cron {
  const text = normaliseCron(expr);
  if (!text) throw badRequest("Cron表达式不能为空");
  const shown = text.slice(0, 100);
  const parts = text.split(" ");
  if (parts.length < 6 || parts.length > 7) throw badRequest(`Cron表达式「${shown}」格式不正确：需要 6 或 7 段（秒 分 时 日 月 周 [年]），当前为 ${parts.length} 段`);
  const problem = checkQuartzFields(parts);
  if (problem) throw badRequest(`Cron表达式「${shown}」格式不正确：${problem}`);
  let cron: Cron;
  try {
    cron = new Cron(text, OPTIONS);
  } catch (err) {
    throw badRequest(`Cron表达式「${shown}」格式不正确：${explain(err)}`);
  }
  if (!cron.nextRun(new Date())) throw badRequest(`Cron表达式「${shown}」以后不会再触发`);
  if (rules && rules.minIntervalSeconds > 1) {
    const gap = shortestGap(text, cron);
    if (gap !== null && gap < rules.minIntervalSeconds) {
      throw badRequest(`Cron表达式「${shown}」${gap === 1 ? "每秒执行一次" : `最短每${gap}秒执行一次`}，执行间隔不能小于${rules.minIntervalSeconds}秒`);
    }
  }
  return cron;
}

// ---------------------------------------------------------------------------------------------------------
// Quartz's field rules (its CronExpression), which croner is more lenient about: values in range for each field
// (croner takes a day-of-week of 8, and any year from 1 to 9999), `?` only in day-of-month or day-of-week and in
// exactly one of them (Quartz refuses both specified, "not implemented", and both `?`), the year 1970–2099.

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

interface FieldRule {
  name: string;
  min: number;
  max: number;
  /** Names of the values from `min` on (months, weekdays). */
  names?: string[];
}
const FIELDS: FieldRule[] = [
  { name: "秒", min: 0, max: 59 },
  { name: "分", min: 0, max: 59 },
  { name: "时", min: 0, max: 23 },
  { name: "日", min: 1, max: 31 },
  { name: "月", min: 1, max: 12, names: MONTHS },
  { name: "周", min: 1, max: 7, names: DAYS },
  { name: "年", min: 1970, max: 2099 },
];
const DOM = 3;
const DOW = 5;

const rangeText = (f: FieldRule) => `${f.min}-${f.max}${f.names ? ` 或 ${f.names[0]}-${f.names[f.names.length - 1]}` : ""}`;

/** A value of the field (number or name), or NaN. */
function fieldValue(f: FieldRule, text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const i = f.names?.indexOf(text.toUpperCase()) ?? -1;
  return i >= 0 ? f.min + i : NaN;
}

/** What is wrong with one comma-separated item of a field, or undefined. */
function checkItem(f: FieldRule, index: number, item: string): string | undefined {
  const outOfRange = `「${f.name}」字段的取值超出范围（${rangeText(f)}）`;
  const unknown = `「${f.name}」字段的取值「${item.slice(0, 20)}」无法识别`;
  const inRange = (v: number) => v >= f.min && v <= f.max;
  if (index === DOM) {
    if (/^L(-\d+)?$/i.test(item)) return /^L-(\d+)$/i.test(item) && !(Number(item.slice(2)) <= 30) ? outOfRange : undefined;
    if (/^LW$/i.test(item)) return undefined;
    const w = /^(\d+)W$/i.exec(item);
    if (w) return inRange(Number(w[1])) ? undefined : outOfRange;
  }
  if (index === DOW) {
    const last = /^([A-Za-z]{3}|\d+)L$/i.exec(item);
    if (last) return inRange(fieldValue(f, last[1]!)) ? undefined : outOfRange;
    const nth = /^([A-Za-z]{3}|\d+)#(\d+)$/.exec(item);
    if (nth) {
      if (!inRange(fieldValue(f, nth[1]!))) return outOfRange;
      return Number(nth[2]) >= 1 && Number(nth[2]) <= 5 ? undefined : "「周」字段的「#」后应为 1-5（当月第几个）";
    }
  }
  const m = /^(\*|[A-Za-z]{3}|\d+)(?:-([A-Za-z]{3}|\d+))?(?:\/(\d+))?$/.exec(item);
  if (!m) return unknown;
  const [, from, to, step] = m;
  if (from === "*" && to !== undefined) return unknown;
  for (const v of [from, to]) {
    if (v === undefined || v === "*") continue;
    const n = fieldValue(f, v);
    if (Number.isNaN(n)) return unknown;
    if (!inRange(n)) return outOfRange;
  }
  if (step !== undefined && !(Number(step) >= 1 && Number(step) <= f.max - f.min + 1)) return `「${f.name}」字段的步长应为 1-${f.max - f.min + 1}`;
  return undefined;
}

/** The first Quartz rule the expression's fields break, in Chinese, or undefined. */
export function checkQuartzFields(parts: string[]): string | undefined {
  for (let i = 0; i < parts.length; i++) {
    const f = FIELDS[i]!;
    const field = parts[i]!;
    if (field === "?") {
      if (i !== DOM && i !== DOW) return `「${f.name}」字段不能使用「?」（只有「日」和「周」可以）`;
      continue;
    }
    for (const item of field.split(",")) {
      if (item === "") return `「${f.name}」字段有空的取值`;
      if (item.includes("?")) return i === DOM || i === DOW ? `「${f.name}」字段的「?」必须单独使用` : `「${f.name}」字段不能使用「?」（只有「日」和「周」可以）`;
      const problem = checkItem(f, i, item);
      if (problem) return problem;
    }
  }
  const dom = parts[DOM] === "?";
  const dow = parts[DOW] === "?";
  if (!dom && !dow) return "「日」和「周」必须有一个为「?」（Quartz 不支持同时指定日和周）";
  if (dom && dow) return "「日」和「周」不能同时为「?」";
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// The interval. Within a minute the seconds field is exact: every minute that fires at all fires at each of its
// seconds, so the smallest gap between two of them is a real gap. Across a minute boundary (the last second of
// one minute to the first of the next) the gap is real when two consecutive minutes can both fire. Every other
// gap (minutes, hours, days apart) is measured on the next SAMPLE_RUNS run times.

const SAMPLE_RUNS = 100;

/** The shortest time between two runs, in seconds, or null when it fires only once. */
function shortestGap(text: string, cron: Cron): number | null {
  const pattern = new CronPattern(text, CRON_TIMEZONE, { mode: OPTIONS.mode, alternativeWeekdays: OPTIONS.alternativeWeekdays, sloppyRanges: OPTIONS.sloppyRanges });
  const seconds = pattern.second.flatMap((on, s) => (on ? [s] : []));
  const minutes = pattern.minute.flatMap((on, m) => (on ? [m] : []));
  let gap = Infinity;
  for (let i = 1; i < seconds.length; i++) gap = Math.min(gap, seconds[i]! - seconds[i - 1]!);
  const consecutiveMinutes = minutes.some((m) => pattern.minute[(m + 1) % 60]);
  if (consecutiveMinutes && seconds.length) gap = Math.min(gap, 60 - seconds[seconds.length - 1]! + seconds[0]!);
  const runs = cron.nextRuns(SAMPLE_RUNS, new Date());
  for (let i = 1; i < runs.length; i++) gap = Math.min(gap, Math.round((runs[i]!.getTime() - runs[i - 1]!.getTime()) / 1000));
  return Number.isFinite(gap) ? gap : null;
}

/** Most run times a preview computes, and the time it may take (an expression that fires rarely searches far). */
export const PREVIEW_MAX_RUNS = 20;
export const PREVIEW_BUDGET_MS = 200;

/**
 * The next `count` (at most PREVIEW_MAX_RUNS) run times strictly after `from`, one at a time, stopping early when
 * PREVIEW_BUDGET_MS is spent, so no request can hold the event loop with a preview.
 */
export function nextRuns(expr: string, count: number, from = new Date(), rules?: CronRules): Date[] {
  const cron = parseCron(expr, rules);
  const deadline = performance.now() + PREVIEW_BUDGET_MS;
  const runs: Date[] = [];
  for (let at: Date | null = from; runs.length < Math.min(count, PREVIEW_MAX_RUNS) && performance.now() < deadline; ) {
    at = cron.nextRun(at);
    if (!at) break;
    runs.push(at);
  }
  return runs;
}

/** The next run strictly after `from`, or null when the expression never fires again. */
export function nextRun(expr: string, from = new Date()): Date | null {
  try {
    return new Cron(normaliseCron(expr), OPTIONS).nextRun(from);
  } catch {
    return null;
  }
}

/** croner's English messages, said in Chinese where we recognise them. */
function explain(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  const invalid = /Invalid value for (\w+)/i.exec(msg);
  if (invalid) {
    const names: Record<string, string> = { second: "秒", minute: "分", hour: "时", day: "日", month: "月", "day-of-week": "周", dayOfWeek: "周", year: "年" };
    return `「${names[invalid[1]!] ?? invalid[1]}」字段的取值超出范围`;
  }
  if (/larger than to value/i.test(msg)) return "范围的起点不能大于终点（不支持跨越零点的范围，如 22-2）";
  if (/stepping|step/i.test(msg)) return "步长写法不正确";
  if (/range/i.test(msg)) return "范围写法不正确";
  return "存在无法识别的字段值";
}
