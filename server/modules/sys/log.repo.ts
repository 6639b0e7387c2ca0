/** sys_log rows: login logs (type 1) and operation logs (type 2). */
import { getTableColumns } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { sysLog } from "../../db/schema.js";
import { nextId } from "../../lib/ids.js";

export const LOG_LOGIN = 1;
export const LOG_OPERATION = 2;

/** operate_type (dictionary `operate_type`): 1 查询 2 添加 3 修改 4 删除 5 导入 6 导出. */
export const OPERATE_BY_METHOD: Record<string, number> = { GET: 1, POST: 2, PUT: 3, PATCH: 3, DELETE: 4 };

export interface LogEntry {
  logType: number;
  logContent: string;
  operateType?: number;
  /** The login name (JeecgBoot's column holds it, not the user's id). */
  userid?: string | null;
  /** The real name. */
  username?: string | null;
  ip?: string;
  method?: string;
  requestUrl?: string;
  requestParam?: string | null;
  requestType?: string;
  costTime?: number;
}

/** The character limit of each varchar column of sys_log, read from the schema. */
const LOG_LIMITS: Record<string, number> = Object.fromEntries(
  Object.entries(getTableColumns(sysLog)).flatMap(([key, column]) => {
    const length = (column as { length?: number }).length;
    return typeof length === "number" && length > 0 ? [[key, length]] : [];
  }),
);

/** A row as it fits: every text cut to its column (a log line must never fail on what it records). */
function fitted(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const max = LOG_LIMITS[key];
    out[key] = typeof value === "string" && max !== undefined && value.length > max ? value.slice(0, max) : value;
  }
  return out;
}

export async function writeLog(db: Db, entry: LogEntry): Promise<void> {
  await db.insert(sysLog).values(
    fitted({
      id: nextId(),
      ...entry,
      requestParam: entry.requestParam?.slice(0, 2000),
      createBy: entry.userid ?? entry.username ?? null,
    }) as typeof sysLog.$inferInsert,
  );
}

/**
 * `writeLog` for a request that must not fail because of its log line (sign-in, sign-out): a failure is logged
 * and swallowed. Only outside a transaction: inside one, the failed insert would have aborted it.
 */
export async function writeLogSafely(db: Db, entry: LogEntry, log: { error(obj: object, msg: string): void }): Promise<void> {
  try {
    await writeLog(db, entry);
  } catch (err) {
    log.error({ err, logType: entry.logType }, "writing the log failed");
  }
}
