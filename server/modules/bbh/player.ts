/**
 * `/bbh/api/userActivity` and `/bbh/api/userTask` — 玩家活动 and 玩家任务 (domain.md §4.13, §4.14, §7.2): read-only
 * lists over the shared list helper (allow-listed filters and sorts, the menus' data rules, dictionary texts)
 * with the names of the player, activity, window, group, task and mark as correlated subqueries (a page is
 * 10 rows), filters on the WeChat user's school, organisation (sys_depart), nickname and phone as one
 * `wx_user_id in (…)` subquery over `bbh_wx_user`, and the detail of a player's round: every task with every
 * attempt (answer history) and the score ledger. Players and their progress are written by the mini-program
 * and by reviews (answer.ts), never edited here.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { PgColumn } from "drizzle-orm/pg-core";
import { asc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { bbhActivityGroup, bbhActivityTask, bbhScoreRecord, bbhUserActivity, bbhUserTask, bbhUserTaskAnswer, bbhWxUser } from "../../db/schema.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { escapeLike, fetchRows, parseListQuery, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { scope } from "../sys/shared.js";
import { ANSWER_DICTS, answerNames, playerNames, taskNames, windowNames } from "./answer.js";
import { col, registerList } from "./lists.js";
import { GONE, BbhId, maskPhone, rowJson } from "./shared.js";
import { scopeRows } from "../../plugins/row-scope.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";

const U = bbhUserActivity;
const T = bbhUserTask;
const A = bbhUserTaskAnswer;

const uaSpec: ListSpec = {
  fields: {
    activityId: { column: U.activityId, type: "string" },
    timeId: { column: U.timeId, type: "string" },
    roundNo: { column: U.roundNo, type: "int", sort: true },
    wxUserId: { column: U.wxUserId, type: "string" },
    groupId: { column: U.groupId, type: "string" },
    uaStatus: { column: U.uaStatus, type: "int", sort: true },
    totalScore: { column: U.totalScore, type: "int", sort: true },
    finishedTaskCount: { column: U.finishedTaskCount, type: "int", sort: true },
    durationSeconds: { column: U.durationSeconds, type: "int", sort: true },
    rankNo: { column: U.rankNo, type: "int", sort: true },
    joinTime: { column: U.joinTime, type: "datetime", sort: true },
    startTime: { column: U.startTime, type: "datetime", sort: true },
    finishTime: { column: U.finishTime, type: "datetime", sort: true },
    lastActiveTime: { column: U.lastActiveTime, type: "datetime", sort: true },
    createTime: { column: U.createTime, type: "datetime", sort: true },
    sysOrgCode: { column: U.sysOrgCode, type: "string" },
  },
  defaultSort: [{ field: "joinTime", order: "desc" }],
  tiebreak: U.id,
  component: "bbh/player/UserActivityList",
};

const utSpec: ListSpec = {
  fields: {
    activityId: { column: T.activityId, type: "string" },
    timeId: { column: T.timeId, type: "string" },
    roundNo: { column: T.roundNo, type: "int", sort: true },
    taskId: { column: T.taskId, type: "string" },
    redMarkId: { column: T.redMarkId, type: "string" },
    wxUserId: { column: T.wxUserId, type: "string" },
    userActivityId: { column: T.userActivityId, type: "string" },
    utStatus: { column: T.utStatus, type: "int", sort: true },
    score: { column: T.score, type: "int", sort: true },
    submitCount: { column: T.submitCount, type: "int", sort: true },
    unlockTime: { column: T.unlockTime, type: "datetime", sort: true },
    finishTime: { column: T.finishTime, type: "datetime", sort: true },
    createTime: { column: T.createTime, type: "datetime", sort: true },
    updateTime: { column: T.updateTime, type: "datetime", sort: true },
    sysOrgCode: { column: T.sysOrgCode, type: "string" },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: T.id,
  component: "bbh/player/UserTaskList",
};

/** Player rounds and player tasks by id: those 玩家活动 and 玩家任务 show the caller. */
export const playerRoundRows = rowScope({ label: "玩家活动", table: U, id: U.id, views: [viewOf(uaSpec)], missing: GONE });
export const playerTaskRows = rowScope({ label: "玩家任务", table: T, id: T.id, views: [viewOf(utSpec)], missing: GONE });

/** The player's names (one row of `bbh_wx_user` per column; a page is 10 rows). */
/** The player's names and phone (masked when the row is sent). */
const playerWithPhone = (wxUserId: PgColumn) => ({
  ...playerNames(wxUserId),
  phone: sql<string | null>`(select w.phone from ${bbhWxUser} w where w.id = ${wxUserId})`.as("phone"),
});

const uaNames = () => ({
  ...playerWithPhone(U.wxUserId),
  ...windowNames(U),
  groupName: sql<string | null>`(select g.group_name from ${bbhActivityGroup} g where g.id = ${U.groupId})`.as("groupName"),
});

const utNames = () => ({
  ...playerWithPhone(T.wxUserId),
  ...taskNames(T),
  taskType: sql<number | null>`(select k.task_type from ${bbhActivityTask} k where k.id = ${T.taskId})`.as("taskType"),
  taskSortNo: sql<number | null>`(select k.sort_no from ${bbhActivityTask} k where k.id = ${T.taskId})`.as("taskSortNo"),
});

const ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** One query parameter of the player filters, as a trimmed string (too long or an id that is not one: 400). */
function param(req: FastifyRequest, name: string, label: string, id = false): string | undefined {
  const raw = (req.query as Record<string, unknown>)[name];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (typeof v !== "string" || v.trim() === "") return undefined;
  const s = v.trim().replaceAll("*", "");
  if (s.length > 64) throw badRequest(`参数「${label}」不能超过64个字符`);
  if (id && !ID_PATTERN.test(s)) throw badRequest(`参数「${label}」不是有效的编号`);
  return s === "" ? undefined : s;
}

/**
 * The WeChat-user filters of the player lists (`schoolId`, `sysDepartId`, `nickname` — nickname or real name,
 * contains — and `phone`, contains) as one `wx_user_id in (select id from bbh_wx_user where …)`.
 */
export function wxUserFilter(req: FastifyRequest, wxUserId: PgColumn): SQL | undefined {
  const schoolId = param(req, "schoolId", "学校", true);
  const departId = param(req, "sysDepartId", "组织", true);
  const nickname = param(req, "nickname", "玩家");
  const phone = param(req, "phone", "手机号");
  const conds: SQL[] = [];
  if (schoolId) conds.push(sql`w.school_id = ${schoolId}`);
  if (departId) conds.push(sql`w.sys_depart_id = ${departId}`);
  if (nickname) conds.push(sql`(w.nickname ilike ${`%${escapeLike(nickname)}%`} or w.real_name ilike ${`%${escapeLike(nickname)}%`})`);
  if (phone) conds.push(sql`w.phone like ${`%${escapeLike(phone)}%`}`);
  if (!conds.length) return undefined;
  return sql`${wxUserId} in (select w.id from ${bbhWxUser} w where ${sql.join(conds, sql` and `)})`;
}

const playerJson = (r: Record<string, unknown>): Record<string, unknown> => ({ ...rowJson(r), phone: maskPhone((r.phone as string | null) ?? null) });

export default async function playerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: playerRoundRows, userTaskId: playerTaskRows });
  const { db, config, cache, dicts } = app.ctx;

  registerList(base, {
    base: "/bbh/api/userActivity",
    table: U,
    id: U.id,
    spec: uaSpec,
    rows: playerRoundRows,
    countTables: ["bbh_user_activity", "bbh_wx_user"],
    codes: { list: "bbh:userActivity:list", export: "bbh:userActivity:export" },
    dictFields: { uaStatus: "bbh_ua_status" },
    extra: uaNames,
    where: (req) => [wxUserFilter(req, U.wxUserId)],
    toJson: playerJson,
    queryById: true,
    excel: {
      title: "玩家活动",
      columns: [col("玩家", "nickname"), col("姓名", "realName"), col("活动", "activityName", 24), col("时间段", "timeName"), col("轮次", "roundNo", 8), col("小组", "groupName"), col("状态", "uaStatus"), col("总分", "totalScore", 8), col("完成任务", "finishedTaskCount", 10), col("总任务", "totalTaskCount", 10), col("完成印记", "finishedMarkCount", 10), col("用时(秒)", "durationSeconds", 10), col("名次", "rankNo", 8), col("加入时间", "joinTime", 20), col("最后活跃", "lastActiveTime", 20)],
    },
  });

  registerList(base, {
    base: "/bbh/api/userTask",
    table: T,
    id: T.id,
    spec: utSpec,
    rows: playerTaskRows,
    countTables: ["bbh_user_task", "bbh_wx_user"],
    codes: { list: "bbh:userTask:list", export: "bbh:userTask:export" },
    dictFields: { utStatus: "bbh_ut_status", taskType: "bbh_task_type" },
    extra: utNames,
    where: (req) => [wxUserFilter(req, T.wxUserId)],
    toJson: playerJson,
    queryById: true,
    excel: {
      title: "玩家任务",
      columns: [col("玩家", "nickname"), col("活动", "activityName", 24), col("时间段", "timeName"), col("任务", "taskName", 20), col("类型", "taskType"), col("所在印记", "markName", 20), col("状态", "utStatus"), col("得分", "score", 8), col("提交次数", "submitCount", 8), col("解锁时间", "unlockTime", 20), col("完成时间", "finishTime", 20)],
    },
  });

  /** One row of a list through its spec, so the menu's data rules decide whether the user may see it. */
  const visible = async (req: FastifyRequest, spec: ListSpec, table: typeof U | typeof T, where: SQL, extra: ReturnType<typeof uaNames> | ReturnType<typeof utNames>) => {
    const [row] = await fetchRows(db, table, parseListQuery(spec, {}, config.maxPageSize), { scope: scope(req, cache), max: 1, where: [where], extra });
    if (!row) throw badRequest("数据不存在或已删除");
    return row as Record<string, unknown>;
  };
  const answersOf = async (where: SQL) => {
    const rows = await db.select({ ...getTableColumns(A), ...answerNames() }).from(A).where(where).orderBy(asc(A.userTaskId), asc(A.attemptNo), asc(A.submitTime));
    return dicts.translate(rows.map((r) => rowJson(r)), ANSWER_DICTS);
  };

  // 玩家活动详情: the round, every task of it (by sort) with every attempt, and the ledger.
  app.get("/bbh/api/userActivity/detail", { config: can("bbh:userActivity:list"), schema: { querystring: Type.Object({ id: BbhId("玩家活动") }) } }, async (req) => {
    const ua = await visible(req, uaSpec, U, eq(U.id, req.query.id), uaNames());
    const tasks = await db
      .select({ ...getTableColumns(T), ...utNames() })
      .from(T)
      .where(eq(T.userActivityId, req.query.id))
      .orderBy(sql`(select k.sort_no from ${bbhActivityTask} k where k.id = ${T.taskId}) asc nulls last`, asc(T.id));
    const answers = await answersOf(eq(A.userActivityId, req.query.id));
    const ledger = await db.select().from(bbhScoreRecord).where(eq(bbhScoreRecord.userActivityId, req.query.id)).orderBy(asc(bbhScoreRecord.createTime), asc(bbhScoreRecord.id));
    const [uaJson] = await dicts.translate([playerJson(ua)], { uaStatus: "bbh_ua_status" });
    const taskJson = await dicts.translate(tasks.map((t) => playerJson(t)), { utStatus: "bbh_ut_status", taskType: "bbh_task_type" });
    return ok({
      ...uaJson,
      tasks: taskJson.map((t) => ({ ...t, answers: answers.filter((a) => a.userTaskId === (t as { id?: string }).id) })),
      scoreRecords: await dicts.translate(ledger.map((r) => rowJson(r)), { scoreType: "bbh_score_type" }),
    });
  });

  // A player task's answer history (every attempt, oldest first).
  app.get("/bbh/api/userTask/answers", { config: can("bbh:userTask:list"), schema: { querystring: Type.Object({ userTaskId: BbhId("玩家任务") }) } }, async (req) => {
    await visible(req, utSpec, T, eq(T.id, req.query.userTaskId), utNames());
    return ok(await answersOf(eq(A.userTaskId, req.query.userTaskId)));
  });
}
