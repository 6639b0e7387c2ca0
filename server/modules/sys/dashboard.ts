/**
 * `/sys/dashboard/summary` — the figures of the home page (首页/分析页) and the 工作台 (issue 11): activities,
 * red marks, players and answers awaiting review, each counted in one set-based statement.
 *
 * Access: any signed-in user; each figure is present only when the user may read the list it counts: its
 * permission (`bbh:activity:list`, `bbh:redmark:list`, `bbh:userActivity:list`, `bbh:answer:list`) and its
 * menu (自定义活动 or 红色活动 for activities, …), and it counts only the rows that list shows the user — the
 * same row scopes as the lists and every by-id route (server/lib/row-scope.ts). A figure the user may not see
 * is `null`, so the page leaves its card out. Sign-ins come from `/sys/loginfo` and `/sys/visitInfo`.
 */
import type { FastifyInstance } from "fastify";
import { and, count, eq, gte, sql, type SQL } from "drizzle-orm";
import { bbhActivityMain, bbhRedMark, bbhUserActivity, bbhUserTaskAnswer } from "../../db/schema.js";
import { visibleCondition, type RowScope } from "../../lib/row-scope.js";
import { ok } from "../../lib/envelope.js";
import { signedIn } from "../../plugins/auth.js";
import { activityRows } from "../bbh/activity.js";
import { answerRows } from "../bbh/answer.js";
import { playerRoundRows } from "../bbh/player.js";
import { redMarkRows } from "../bbh/redmark.js";
import { gmt8DayStart } from "./log-info.js";
import { scope } from "./shared.js";

const DAY_MS = 86_400_000;
const GMT8_MS = 8 * 3_600_000;

export const DASHBOARD_PERMS = {
  activities: "bbh:activity:list",
  redMarks: "bbh:redmark:list",
  players: "bbh:userActivity:list",
  answers: "bbh:answer:list",
} as const;

/** Answers awaiting review: the latest submission of a task, not reviewed yet. */
export const PENDING_REVIEW = and(eq(bbhUserTaskAnswer.auditStatus, 0), eq(bbhUserTaskAnswer.isLatest, 1));

export default async function dashboardRoutes(app: FastifyInstance) {
  const { db, sessions, cache } = app.ctx;

  app.get("/sys/dashboard/summary", { config: signedIn, schema: { summary: "首页与工作台的统计：活动、印记、玩家、待审核答案", tags: ["sys/dashboard"] } }, async (req) => {
    const user = req.currentUser();
    const codes = await sessions.permissionCodes(user.userId, user.versions);
    const ruleScope = scope(req, cache);
    /** The rows of `rows` the user may see; null when they hold none of its lists' menus. */
    const visible = async (rows: RowScope): Promise<SQL | undefined | null> => {
      try {
        return await visibleCondition(db, rows, ruleScope);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 403) return null;
        throw err;
      }
    };

    const activities = async () => {
      const seen = await visible(activityRows);
      if (seen === null) return null;
      const A = bbhActivityMain;
      const [r] = await db
        .select({
          total: count(),
          custom: sql<number>`count(*) filter (where ${A.activityType} <> 2)::int`,
          red: sql<number>`count(*) filter (where ${A.activityType} = 2)::int`,
          unpublished: sql<number>`count(*) filter (where ${A.publishStatus} = 0)::int`,
          published: sql<number>`count(*) filter (where ${A.publishStatus} = 1)::int`,
          withdrawn: sql<number>`count(*) filter (where ${A.publishStatus} = 2)::int`,
        })
        .from(A)
        .where(and(eq(A.delFlag, 0), seen));
      return { total: Number(r.total), custom: Number(r.custom), red: Number(r.red), unpublished: Number(r.unpublished), published: Number(r.published), withdrawn: Number(r.withdrawn) };
    };

    const redMarks = async () => {
      const seen = await visible(redMarkRows);
      if (seen === null) return null;
      const M = bbhRedMark;
      const [r] = await db
        .select({ total: count(), published: sql<number>`count(*) filter (where ${M.publishStatus} = 1)::int` })
        .from(M)
        .where(and(eq(M.delFlag, 0), seen));
      return { total: Number(r.total), published: Number(r.published) };
    };

    const players = async () => {
      const P = bbhUserActivity;
      const now = Date.now();
      const from = gmt8DayStart(now, -6);
      const today = gmt8DayStart(now);
      const where = await visible(playerRoundRows);
      if (where === null) return null;
      const [r] = await db
        .select({
          total: count(),
          people: sql<number>`count(distinct ${P.wxUserId})::int`,
          today: sql<number>`count(*) filter (where ${P.joinTime} >= ${today.toISOString()}::timestamptz)::int`,
        })
        .from(P)
        .where(where);
      const days = await db
        .select({
          day: sql<number>`floor((extract(epoch from ${P.joinTime}) * 1000 + ${sql.raw(String(GMT8_MS))}) / ${sql.raw(String(DAY_MS))})::int`,
          n: count(),
        })
        .from(P)
        .where(and(gte(P.joinTime, from), where))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      const byDay = new Map(days.map((d) => [Number(d.day), Number(d.n)]));
      const first = Math.floor((from.getTime() + GMT8_MS) / DAY_MS);
      return {
        total: Number(r.total),
        people: Number(r.people),
        today: Number(r.today),
        // Every one of the last 7 days, oldest first, days without players as 0.
        perDay: Array.from({ length: 7 }, (_, i) => {
          const day = new Date((first + i) * DAY_MS).toISOString().slice(0, 10);
          return { day, count: byDay.get(first + i) ?? 0 };
        }),
      };
    };

    const answers = async () => {
      const seen = await visible(answerRows);
      if (seen === null) return null;
      const [r] = await db
        .select({ pending: count() })
        .from(bbhUserTaskAnswer)
        .where(and(PENDING_REVIEW, seen));
      return { pending: Number(r.pending) };
    };

    const when = <T>(perm: string, fn: () => Promise<T>) => (codes.has(perm) ? fn() : Promise.resolve(null));
    // One after another: PGlite has one connection, and a pool gains nothing from four tiny statements.
    const result = {
      activities: await when(DASHBOARD_PERMS.activities, activities),
      redMarks: await when(DASHBOARD_PERMS.redMarks, redMarks),
      players: await when(DASHBOARD_PERMS.players, players),
      answers: await when(DASHBOARD_PERMS.answers, answers),
    };
    return ok(result);
  });
}
