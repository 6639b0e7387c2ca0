/**
 * Sign-in statistics of the dashboard (contract.md §10.6), computed from the login log (`sys_log` rows of
 * type 1: sign-ins, failed sign-ins and sign-outs, as JeecgBoot counts them). Days are GMT+8 days, like every
 * date on the wire.
 *
 * Every signed-in user's home page asks for them, so they answer everyone, but count only what the user may
 * see (issue 23): the log rows 日志管理 shows them (its code, menu and data rules), or else their own sign-ins.
 */
import type { FastifyInstance } from "fastify";
import { Type, type TSchema } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { eq, sql, type SQL } from "drizzle-orm";
import { sysLog } from "../../db/schema.js";
import { visibleCondition } from "../../lib/row-scope.js";
import { logRows } from "./log.js";
import { scope } from "./shared.js";
import { rowsOf } from "../../db/client.js";
import { ok } from "../../lib/envelope.js";
import { signedIn } from "../../plugins/auth.js";
import { LOG_LOGIN } from "./log.repo.js";

const DAY_MS = 86_400_000;
const GMT8_MS = 8 * 3_600_000;

/** Start of the GMT+8 day containing `now`, `days` days later (negative = earlier). */
export function gmt8DayStart(now: number, days = 0): Date {
  return new Date(Math.floor((now + GMT8_MS) / DAY_MS) * DAY_MS - GMT8_MS + days * DAY_MS);
}

const LogInfo = Type.Object({ totalVisitCount: Type.Number(), todayVisitCount: Type.Number(), todayIp: Type.Number() });
const VisitDay = Type.Object({ visit: Type.Number(), ip: Type.Number(), tian: Type.String(), type: Type.String() });
const envelope = (result: TSchema) =>
  Type.Object({ success: Type.Boolean(), message: Type.String(), code: Type.Number(), result, timestamp: Type.Number() });

export default async function logInfoRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, cache, sessions } = app.ctx;

  /** The log rows the figures count for this user. */
  const counted = async (req: FastifyRequest): Promise<SQL> => {
    const user = req.currentUser();
    const own = eq(sysLog.userid, user.username);
    if (!(await sessions.permissionCodes(user.userId, user.versions)).has("system:log:list")) return own;
    try {
      return (await visibleCondition(db, logRows, scope(req, cache))) ?? sql`true`;
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 403) return own;
      throw err;
    }
  };

  // All sign-in log rows, today's, and today's distinct addresses. JeecgBoot answers "登录成功" here (sic).
  app.get("/sys/loginfo", { config: signedIn, schema: { response: { 200: envelope(LogInfo) } } }, async (req) => {
    const visible = await counted(req);
    const now = Date.now();
    const from = gmt8DayStart(now);
    const to = gmt8DayStart(now, 1);
    const today = sql`create_time >= ${from.toISOString()}::timestamptz and create_time < ${to.toISOString()}::timestamptz`;
    const rows = rowsOf<{ total: string; today: string; ip: string }>(await db.execute(sql`
      select count(*) as total,
             count(*) filter (where ${today}) as today,
             count(distinct ip) filter (where ${today}) as ip
      from sys_log where log_type = ${LOG_LOGIN} and ${visible}`));
    const r = rows[0];
    return ok({ totalVisitCount: Number(r?.total ?? 0), todayVisitCount: Number(r?.today ?? 0), todayIp: Number(r?.ip ?? 0) }, "登录成功");
  });

  // The last 7 days (today included), only days with sign-ins, oldest first: `tian` yyyy-MM-dd, `type` MM-dd.
  app.get("/sys/visitInfo", { config: signedIn, schema: { response: { 200: envelope(Type.Array(VisitDay)) } } }, async (req) => {
    const visible = await counted(req);
    const now = Date.now();
    const from = gmt8DayStart(now, -6);
    const to = gmt8DayStart(now, 1);
    // The GMT+8 day number in SQL (epoch arithmetic needs no time-zone data, which PGlite may lack).
    const rows = rowsOf<{ day: string; visit: string; ip: string }>(await db.execute(sql`
      select floor((extract(epoch from create_time) * 1000 + ${sql.raw(String(GMT8_MS))}) / ${sql.raw(String(DAY_MS))})::int as day,
             count(*) as visit, count(distinct ip) as ip
      from sys_log
      where log_type = ${LOG_LOGIN} and ${visible} and create_time >= ${from.toISOString()}::timestamptz and create_time < ${to.toISOString()}::timestamptz
      group by 1 order by 1`));
    return ok(
      rows.map((r) => {
        const tian = new Date(Number(r.day) * DAY_MS).toISOString().slice(0, 10);
        return { visit: Number(r.visit), ip: Number(r.ip), tian, type: tian.slice(5) };
      }),
    );
  });
}
