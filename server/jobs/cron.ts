/**
 * Quartz cron expressions (JeecgBoot's `cron_expression`: seconds first, `?` for "no specific value", an
 * optional year, `0/50` steps) read with croner. Croner takes all of that with its Quartz options
 * (`sloppyRanges` for `0/50`, `alternativeWeekdays` for 1 = Sunday … 7 = Saturday); five-field Unix
 * expressions are refused, because Quartz would read them differently. Times are Beijing time (the wire's
 * GMT+8), whatever the server's zone.
 */
import { Cron } from "croner";
import { badRequest } from "../lib/envelope.js";

export const CRON_TIMEZONE = "Asia/Shanghai";

const OPTIONS = { paused: true, mode: "6-or-7-parts", alternativeWeekdays: true, sloppyRanges: true, timezone: CRON_TIMEZONE } as const;

/** The normalised expression: trimmed, runs of blanks collapsed. */
export const normaliseCron = (expr: string) => expr.trim().replace(/\s+/g, " ");

/** Parses an expression or throws a 400 with a Chinese reason (the expression is never run, only parsed). */
export function parseCron(expr: string): Cron {
  const text = normaliseCron(expr);
  if (!text) throw badRequest("Cron表达式不能为空");
  const parts = text.split(" ").length;
  if (parts < 6 || parts > 7) throw badRequest(`Cron表达式「${text.slice(0, 100)}」格式不正确：需要 6 或 7 段（秒 分 时 日 月 周 [年]），当前为 ${parts} 段`);
  let cron: Cron;
  try {
    cron = new Cron(text, OPTIONS);
  } catch (err) {
    throw badRequest(`Cron表达式「${text.slice(0, 100)}」格式不正确：${explain(err)}`);
  }
  if (!cron.nextRun(new Date())) throw badRequest(`Cron表达式「${text.slice(0, 100)}」以后不会再触发`);
  return cron;
}

/** Most run times a preview computes, and the time it may take (an expression that fires rarely searches far). */
export const PREVIEW_MAX_RUNS = 20;
export const PREVIEW_BUDGET_MS = 200;

/**
 * The next `count` (at most PREVIEW_MAX_RUNS) run times strictly after `from`, one at a time, stopping early when
 * PREVIEW_BUDGET_MS is spent, so no request can hold the event loop with a preview.
 */
export function nextRuns(expr: string, count: number, from = new Date()): Date[] {
  const cron = parseCron(expr);
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
  if (/stepping|step/i.test(msg)) return "步长写法不正确";
  if (/range/i.test(msg)) return "范围写法不正确";
  return "存在无法识别的字段值";
}
