/** sys_log rows: login logs (type 1) and operation logs (type 2). */
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

export async function writeLog(db: Db, entry: LogEntry): Promise<void> {
  await db.insert(sysLog).values({
    id: nextId(),
    ...entry,
    logContent: entry.logContent.slice(0, 1000),
    requestUrl: entry.requestUrl?.slice(0, 255),
    requestParam: entry.requestParam?.slice(0, 2000),
    createBy: entry.userid ?? entry.username ?? null,
  });
}
