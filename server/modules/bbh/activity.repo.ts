/**
 * Activity rules that touch several tables: the publish checks and effects of domain.md §5.1, the delete
 * guard, the total score, and cloning.
 */
import { and, asc, count, eq, inArray, lte, gt, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  bbhActivityMain,
  bbhActivityTask,
  bbhActivityTime,
  bbhActivationCode,
  bbhRedActivityMark,
  bbhRedMark,
  bbhTaskQuestion,
  bbhUserActivity,
} from "../../db/schema.js";
import { badRequest } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import type { ActivityRow } from "./shared.js";

/** The default grade rule (domain.md §4.1). */
export const DEFAULT_GRADE_RULE = [
  { level: "优秀", minRate: 0.9 },
  { level: "良好", minRate: 0.75 },
  { level: "合格", minRate: 0.6 },
  { level: "不合格", minRate: 0 },
];

/** A grade rule as stored (JSON text) → its levels; null for a rule that is not a list of {level, minRate}. */
export function parseGradeRule(text: string | null | undefined): Array<{ level: string; minRate: number }> | null {
  if (text == null || text.trim() === "") return DEFAULT_GRADE_RULE;
  try {
    const v = JSON.parse(text) as unknown;
    if (!Array.isArray(v) || v.length === 0 || v.length > 20) return null;
    const levels = v.map((e) => e as { level?: unknown; minRate?: unknown });
    if (!levels.every((e) => typeof e.level === "string" && e.level.length > 0 && e.level.length <= 10 && typeof e.minRate === "number" && e.minRate >= 0 && e.minRate <= 1)) return null;
    return levels as Array<{ level: string; minRate: number }>;
  } catch {
    return null;
  }
}

/** Sum of the enabled tasks' scores (the activity's 满分). */
export async function recomputeTotalScore(tx: Db, activityId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(bbhActivityTask.score) })
    .from(bbhActivityTask)
    .where(and(eq(bbhActivityTask.activityId, activityId), eq(bbhActivityTask.delFlag, 0), eq(bbhActivityTask.taskStatus, 1)));
  const total = Number(row?.total ?? 0);
  await tx.update(bbhActivityMain).set({ totalScore: total }).where(eq(bbhActivityMain.id, activityId));
  return total;
}

/** Checks of 0 → 1 and 2 → 1 (domain.md §5.1); throws the first failing one, returns the warnings. */
export async function assertPublishable(tx: Db, a: ActivityRow, now: Date): Promise<string[]> {
  if (!a.activityName || !a.coverImage || !a.startTime || !a.endTime) throw badRequest("请完善活动名称、封面和起止时间后再发布");
  if (a.endTime <= now) throw badRequest("活动结束时间已过，无法发布");
  const windows = await tx.select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, a.id)).orderBy(asc(bbhActivityTime.startTime));
  if (windows.length === 0) throw badRequest("请至少设置一个活动时间段");
  for (const w of windows) {
    if (w.startTime < a.startTime || w.endTime > a.endTime) throw badRequest(`时间段【${w.timeName}】不在活动起止时间范围内`);
  }
  for (let i = 1; i < windows.length; i++) {
    if (windows[i].startTime < windows[i - 1].endTime) throw badRequest(`时间段【${windows[i - 1].timeName}】与【${windows[i].timeName}】时间重叠`);
  }
  const tasks = await tx
    .select()
    .from(bbhActivityTask)
    .where(and(eq(bbhActivityTask.activityId, a.id), eq(bbhActivityTask.delFlag, 0), eq(bbhActivityTask.taskStatus, 1)))
    .orderBy(asc(bbhActivityTask.sortNo));
  if (a.activityType === 1 && tasks.length === 0) throw badRequest("请至少添加一个启用的任务");
  const warnings: string[] = [];
  if (a.activityType === 2) {
    const marks = await tx
      .select({ redMarkId: bbhRedActivityMark.redMarkId, isEnd: bbhRedActivityMark.isEnd, markName: bbhRedMark.markName, publishStatus: bbhRedMark.publishStatus, delFlag: bbhRedMark.delFlag })
      .from(bbhRedActivityMark)
      .leftJoin(bbhRedMark, eq(bbhRedMark.id, bbhRedActivityMark.redMarkId))
      .where(eq(bbhRedActivityMark.activityId, a.id))
      .orderBy(asc(bbhRedActivityMark.sortNo));
    if (marks.length === 0) throw badRequest("红色活动至少需要包含一个红色印记");
    for (const m of marks) if (m.publishStatus !== 1 || m.delFlag !== 0) throw badRequest(`印记【${m.markName ?? m.redMarkId}】未发布或已下架，请先发布该印记`);
    const listed = new Set(marks.map((m) => m.redMarkId));
    for (const t of tasks) if (t.redMarkId && !listed.has(t.redMarkId)) throw badRequest(`任务【${t.taskName}】关联的印记不在本活动印记列表中`);
    if (!marks.some((m) => m.isEnd === 1)) warnings.push("红色活动未设置终点");
  }
  const quizzes = tasks.filter((t) => t.taskType === 3 && (t.questionMode ?? 1) === 1);
  if (quizzes.length) {
    const counts = await tx
      .select({ taskId: bbhTaskQuestion.taskId, n: count() })
      .from(bbhTaskQuestion)
      .where(inArray(bbhTaskQuestion.taskId, quizzes.map((t) => t.id)))
      .groupBy(bbhTaskQuestion.taskId);
    const has = new Set(counts.filter((c) => Number(c.n) > 0).map((c) => c.taskId));
    for (const t of quizzes) if (!has.has(t.id)) throw badRequest(`答题任务【${t.taskName}】未配置题目`);
  }
  // Random-draw quizzes: the pool check needs the question bank (issue 9); only the count is required here.
  for (const t of tasks) if (t.taskType === 3 && t.questionMode === 2 && !(t.questionCount && t.questionCount > 0)) throw badRequest(`答题任务【${t.taskName}】未设置抽题数量`);
  if (a.teamMode !== 1) {
    const okGroup = a.groupType != null && a.groupMinSize != null && a.groupMaxSize != null && a.groupMinSize >= 1 && a.groupMinSize <= a.groupMaxSize;
    if (!okGroup) throw badRequest("请正确设置小组方式和人数上下限");
  }
  if ((a.participantScope === 2 || a.participantScope === 3) && !a.scopeIds?.trim()) throw badRequest("请选择参与的学校或组织");
  if (a.needActivation === 1) {
    const [c] = await tx.select({ n: count() }).from(bbhActivationCode).where(eq(bbhActivationCode.activityId, a.id));
    if (Number(c?.n ?? 0) === 0) warnings.push("该活动需要激活码，但尚未生成激活码");
  }
  return warnings;
}

/** Effects of publishing: windows whose period has come switch 未开始 → 进行中; the total score is recomputed. */
export async function applyPublish(tx: Db, a: ActivityRow, now: Date, by: string) {
  const totalScore = await recomputeTotalScore(tx, a.id);
  await tx.update(bbhActivityMain).set({ publishStatus: 1, publishTime: now, publishBy: by, updateBy: by, updateTime: now }).where(eq(bbhActivityMain.id, a.id));
  await tx
    .update(bbhActivityTime)
    .set({ timeStatus: 1 })
    .where(and(eq(bbhActivityTime.activityId, a.id), eq(bbhActivityTime.timeStatus, 0), lte(bbhActivityTime.startTime, now), gt(bbhActivityTime.endTime, now)));
  return totalScore;
}

/** Running windows (进行中/已重启) with participants, for the 下架 guard. */
export async function runningWithPlayers(tx: Db, activityId: string): Promise<{ name: string; n: number } | null> {
  const rows = await tx
    .select({ name: bbhActivityTime.timeName, n: count(bbhUserActivity.id) })
    .from(bbhActivityTime)
    .innerJoin(bbhUserActivity, and(eq(bbhUserActivity.timeId, bbhActivityTime.id), eq(bbhUserActivity.roundNo, bbhActivityTime.roundNo)))
    .where(and(eq(bbhActivityTime.activityId, activityId), inArray(bbhActivityTime.timeStatus, [1, 3])))
    .groupBy(bbhActivityTime.id, bbhActivityTime.timeName)
    .limit(1);
  return rows[0] ? { name: rows[0].name, n: Number(rows[0].n) } : null;
}

/** Delete guard (domain.md §5.1): published or played activities stay; windows, tasks and the mark list go with the rest. */
export async function beforeDeleteActivities(tx: Db, ids: string[]) {
  const rows = await tx.select().from(bbhActivityMain).where(and(inArray(bbhActivityMain.id, ids), eq(bbhActivityMain.delFlag, 0)));
  for (const r of rows) if (r.publishStatus === 1) throw badRequest(`已发布的活动不能删除，请先下架（${r.activityName}）`);
  const [played] = await tx.select({ activityId: bbhUserActivity.activityId }).from(bbhUserActivity).where(inArray(bbhUserActivity.activityId, ids)).limit(1);
  if (played) throw badRequest("活动已有玩家参与记录，不能删除");
  await tx.update(bbhActivityTask).set({ delFlag: 1 }).where(inArray(bbhActivityTask.activityId, ids));
  await tx.delete(bbhActivityTime).where(inArray(bbhActivityTime.activityId, ids));
  await tx.delete(bbhRedActivityMark).where(inArray(bbhRedActivityMark.activityId, ids));
}

export interface CloneOptions {
  activityName?: string | null;
  copyTasks?: boolean;
  copyRedMarks?: boolean;
  copyTimes?: boolean;
  shiftDays?: number;
}

const shift = (d: Date | null, days: number) => (d ? new Date(d.getTime() + days * 86_400_000) : null);

/** A new draft from an activity (domain.md §6.3): tasks (with their fixed questions), the mark list, optionally windows. */
export async function cloneActivity(tx: Db, src: ActivityRow, o: CloneOptions, by: string, orgCode: string | null): Promise<string> {
  const id = nextId();
  const now = new Date();
  const days = o.shiftDays ?? 0;
  const { id: _id, createTime: _c, updateTime: _u, updateBy: _ub, publishTime: _pt, publishBy: _pb, ...rest } = src;
  const name = o.activityName?.trim() || `${src.activityName}（副本）`.slice(0, 100);
  const [dup] = await tx
    .select({ id: bbhActivityMain.id })
    .from(bbhActivityMain)
    .where(and(eq(bbhActivityMain.activityName, name), eq(bbhActivityMain.delFlag, 0), src.sysOrgCode ? eq(bbhActivityMain.sysOrgCode, orgCode ?? src.sysOrgCode) : sql`true`))
    .limit(1);
  if (dup) throw badRequest(`活动名称【${name}】已存在`);
  await tx.insert(bbhActivityMain).values({
    ...rest,
    id,
    activityName: name,
    startTime: shift(src.startTime, days),
    endTime: shift(src.endTime, days),
    applyStartTime: shift(src.applyStartTime, days),
    applyEndTime: shift(src.applyEndTime, days),
    publishStatus: 0,
    cloneFromId: src.id,
    viewCount: 0,
    applyCount: 0,
    createBy: by,
    createTime: now,
    sysOrgCode: orgCode ?? src.sysOrgCode,
  });
  if (o.copyRedMarks !== false && src.activityType === 2) {
    const marks = await tx.select().from(bbhRedActivityMark).where(eq(bbhRedActivityMark.activityId, src.id));
    if (marks.length)
      await tx.insert(bbhRedActivityMark).values(
        marks.map(({ id: _m, createTime: _mc, updateTime: _mu, updateBy: _mub, uploadTime: _ut, ...m }) => ({ ...m, id: nextId(), activityId: id, createBy: by, createTime: now, sysOrgCode: orgCode ?? src.sysOrgCode })),
      );
  }
  if (o.copyTasks !== false) {
    const tasks = await tx.select().from(bbhActivityTask).where(and(eq(bbhActivityTask.activityId, src.id), eq(bbhActivityTask.delFlag, 0)));
    const idMap = new Map(tasks.map((t) => [t.id, nextId()]));
    const keepMarks = o.copyRedMarks !== false;
    if (tasks.length)
      await tx.insert(bbhActivityTask).values(
        tasks.map(({ id: tid, createTime: _tc, updateTime: _tu, updateBy: _tub, ...t }) => ({
          ...t,
          id: idMap.get(tid)!,
          activityId: id,
          redMarkId: keepMarks ? t.redMarkId : null,
          preTaskId: t.preTaskId ? (idMap.get(t.preTaskId) ?? null) : null,
          qrToken: t.qrToken ? randomToken() : null,
          createBy: by,
          createTime: now,
          sysOrgCode: orgCode ?? src.sysOrgCode,
        })),
      );
    const questions = tasks.length ? await tx.select().from(bbhTaskQuestion).where(inArray(bbhTaskQuestion.taskId, tasks.map((t) => t.id))) : [];
    if (questions.length)
      await tx.insert(bbhTaskQuestion).values(
        questions.map(({ id: _q, createTime: _qc, updateTime: _qu, updateBy: _qub, ...q }) => ({ ...q, id: nextId(), taskId: idMap.get(q.taskId)!, createBy: by, createTime: now })),
      );
  }
  if (o.copyTimes) {
    const times = await tx.select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, src.id));
    if (times.length)
      await tx.insert(bbhActivityTime).values(
        times.map((t) => ({
          id: nextId(),
          activityId: id,
          timeName: t.timeName,
          startTime: shift(t.startTime, days)!,
          endTime: shift(t.endTime, days)!,
          timeStatus: 0,
          autoSettle: t.autoSettle,
          sortNo: t.sortNo,
          createBy: by,
          createTime: now,
          sysOrgCode: orgCode ?? src.sysOrgCode,
        })),
      );
  }
  await recomputeTotalScore(tx, id);
  return id;
}

const QR_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz";
/** A random token for a 扫码打卡 task's QR code. */
export function randomToken(length = 24): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => QR_ALPHABET[b % QR_ALPHABET.length]).join("");
}


