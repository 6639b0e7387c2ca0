/**
 * `/bbh/api/activity/redActivity` — the ordered red-mark list of a red activity (domain.md §4.6, §6.2):
 * `redMarkSortAll`, `changeSort`, `changeSortNumber`, `checkRedMarkList` → `addRedMarkList`,
 * `deleteRedMarkList`, `updateRedMarkUploadId` and `edit` of one entry. Sort numbers stay 1..n; every write
 * locks the activity row first, so concurrent edits of one list queue instead of interleaving.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhActivityTask, bbhRedActivityMark, bbhRedMark, bbhUserTaskAnswer, bbhWxUser } from "../../db/schema.js";
import { redActivityMarkLimits } from "../../../contract/bbh-limits.js";
import { haversine, inChina } from "../../lib/coords.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import { can } from "../../plugins/auth.js";
import { recomputeTotalScore } from "./activity.repo.js";
import { assertOrderChangeable } from "./task.js";
import { GONE, BbhId, IdList, OptYn, REFERENCE, blank, loadActivity, rowJson, textField, type ActivityRow } from "./shared.js";
import { answering, scopeRows } from "../../plugins/row-scope.js";
import { rowScope } from "../../lib/row-scope.js";
import { activityRows } from "./activity.js";

const R = bbhRedActivityMark;
const M = bbhRedMark;
const BASE = "/bbh/api/activity/redActivity";
/** Beyond this distance from the previous mark, checkRedMarkList warns. */
const FAR_KM = 300;
const MAX_ADD = 200;

async function redActivity(tx: Db, activityId: string, lock: boolean): Promise<ActivityRow> {
  const a = await loadActivity(tx, activityId, lock);
  if (a.activityType !== 2) throw badRequest("仅红色活动可维护印记列表");
  return a;
}

/** The whole list in order, as redMarkSortAll answers it. */
export async function sortedList(db: Db, activityId: string) {
  const rows = await db
    .select({
      id: R.id,
      redMarkId: R.redMarkId,
      sortNo: R.sortNo,
      markName: M.markName,
      customName: R.customName,
      coverImage: M.coverImage,
      thumbImage: M.thumbImage,
      longitude: M.longitude,
      latitude: M.latitude,
      checkinRadius: M.checkinRadius,
      address: M.address,
      publishStatus: M.publishStatus,
      isStart: R.isStart,
      isEnd: R.isEnd,
      isRequired: R.isRequired,
      remark: R.remark,
      taskCount: sql<number>`(select count(*) from bbh_activity_task t where t.activity_id = ${R.activityId} and t.red_mark_id = ${R.redMarkId} and t.del_flag = 0)::int`,
      uploadId: R.uploadId,
      uploadNickname: bbhWxUser.nickname,
      uploadTime: R.uploadTime,
    })
    .from(R)
    .leftJoin(M, eq(M.id, R.redMarkId))
    .leftJoin(bbhWxUser, eq(bbhWxUser.id, R.uploadId))
    .where(eq(R.activityId, activityId))
    .orderBy(asc(R.sortNo), asc(R.id));
  return rows.map((r) => rowJson(r));
}

interface CheckItem {
  redMarkId: string;
  markName: string | null;
  ok: boolean;
  code: string;
  message: string;
  warnings: string[];
}

/** Per-item checks of candidate marks (domain.md §6.2 checkRedMarkList); no writes. */
async function checkCandidates(tx: Db, activityId: string, ids: string[]): Promise<CheckItem[]> {
  if (ids.length === 0) throw badRequest("请选择要添加的印记");
  if (ids.length > MAX_ADD) throw badRequest(`单次最多添加${MAX_ADD}个印记`);
  const marks = await tx.select().from(M).where(inArray(M.id, ids));
  const byId = new Map(marks.map((m) => [m.id, m]));
  const listed = await tx
    .select({ redMarkId: R.redMarkId, markName: M.markName, longitude: M.longitude, latitude: M.latitude, checkinRadius: M.checkinRadius })
    .from(R)
    .leftJoin(M, eq(M.id, R.redMarkId))
    .where(eq(R.activityId, activityId))
    .orderBy(asc(R.sortNo));
  const inList = new Set(listed.map((l) => l.redMarkId));
  const placed = listed.filter((l) => l.longitude != null && l.latitude != null) as Array<{ markName: string | null; longitude: number; latitude: number; checkinRadius: number | null }>;
  const seen = new Set<string>();
  return ids.map((id) => {
    const m = byId.get(id);
    const item = (code: string, message: string, okay = false): CheckItem => ({ redMarkId: id, markName: m?.markName ?? null, ok: okay, code, message, warnings: [] });
    if (!m || m.delFlag !== 0) return item("NOT_FOUND", "印记不存在或已删除");
    if (inList.has(id) || seen.has(id)) return item("DUPLICATE", "已在本活动印记列表中");
    seen.add(id);
    if (m.publishStatus !== 1) return item("NOT_PUBLISHED", "印记未发布或已下架");
    if (m.longitude == null || m.latitude == null) return item("NO_COORD", "缺少经纬度");
    if (!inChina(m.longitude, m.latitude)) return item("OUT_OF_CHINA", "经纬度不在中国境内");
    if (!m.coverImage) return item("NO_COVER", "缺少封面图");
    const ok = item("OK", "可添加", true);
    if (!m.thumbImage) ok.warnings.push("缺少缩略图");
    for (const p of placed) {
      const d = haversine(m.longitude, m.latitude, p.longitude, p.latitude);
      if (d < m.checkinRadius + (p.checkinRadius ?? 0)) {
        ok.warnings.push(`与列表中的【${p.markName}】相距${Math.round(d)}米，打卡范围重叠`);
        break;
      }
    }
    const prev = placed[placed.length - 1];
    if (prev && haversine(m.longitude, m.latitude, prev.longitude, prev.latitude) > FAR_KM * 1000) ok.warnings.push(`与上一印记相距超过${FAR_KM}公里`);
    placed.push({ markName: m.markName, longitude: m.longitude, latitude: m.latitude, checkinRadius: m.checkinRadius });
    return ok;
  });
}

/** Renumbers the list 1..n in its current order. */
async function renumber(tx: Db, activityId: string) {
  await tx.execute(sql`
    update bbh_red_activity_mark r set sort_no = o.n
    from (select id, row_number() over (order by sort_no, id) as n from bbh_red_activity_mark where activity_id = ${activityId}) o
    where r.id = o.id and r.sort_no <> o.n`);
}

async function renumberTasks(tx: Db, activityId: string) {
  await tx.execute(sql`
    update bbh_activity_task t set sort_no = o.n
    from (select id, row_number() over (order by sort_no, id) as n from bbh_activity_task where activity_id = ${activityId} and del_flag = 0) o
    where t.id = o.id and t.sort_no <> o.n`);
}

/** An activity's red-mark list entries: visible with their activity. */
const entryRows = rowScope({ label: "印记列表项", table: bbhRedActivityMark, id: bbhRedActivityMark.id, parent: { rows: activityRows, column: bbhRedActivityMark.activityId }, missing: GONE });

const CheckBody = Type.Object({ activityId: BbhId("活动编号"), redMarkIds: Type.Array(BbhId("印记"), { title: "印记", maxItems: 1000 }) });
const AddBody = Type.Object({
  activityId: BbhId("活动编号"),
  redMarkIds: Type.Array(BbhId("印记"), { title: "印记", maxItems: 1000 }),
  // A plain boolean: in a null-first union, ajv's type coercion would turn `false` into null.
  autoCreateCheckinTask: Type.Optional(Type.Boolean({ title: "自动创建打卡任务" })),
});
const RelIdsBody = Type.Object({ activityId: BbhId("活动编号"), ids: IdList("印记列表项", 1000) });
const SortNumberBody = Type.Object({ id: BbhId("印记列表项"), sortNumber: Type.Integer({ title: "序号" }) });
const UploadBody = Type.Object({
  activityId: BbhId("活动编号"),
  ids: IdList("印记列表项", 1000),
  uploadId: Type.Union([Type.Null(), Type.String({ title: "打点员", maxLength: 32, pattern: "^$|^[A-Za-z0-9_-]+$" })], { title: "打点员" }),
});
const EditBody = Type.Object({
  id: BbhId("印记列表项"),
  customName: textField(redActivityMarkLimits.customName),
  isStart: OptYn("起点"),
  isEnd: OptYn("终点"),
  isRequired: OptYn("必经"),
  remark: textField(redActivityMarkLimits.remark),
});

export default async function redActivityRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: entryRows, ids: entryRows, activityId: activityRows, redMarkIds: REFERENCE, uploadId: REFERENCE });
  const { db, dicts } = app.ctx;
  const listJson = async (tx: Db, activityId: string) => dicts.translate(await sortedList(tx, activityId), { publishStatus: "bbh_publish_status", isStart: "bbh_yn", isEnd: "bbh_yn", isRequired: "bbh_yn" });

  app.get(`${BASE}/redMarkSortAll`, { config: can("bbh:redActivity:list"), schema: { querystring: Type.Object({ activityId: BbhId("活动编号") }) } }, async (req) => {
    await redActivity(db, req.query.activityId, false);
    return ok(await listJson(db, req.query.activityId));
  });

  app.put(`${BASE}/changeSort`, { config: { ...can("bbh:redActivity:sort"), rows: { ids: answering(entryRows, () => badRequest("印记不属于该活动")) } }, schema: { body: RelIdsBody } }, async (req) => {
    const { activityId, ids } = req.body;
    const result = await db.transaction(async (tx) => {
      const a = await redActivity(tx, activityId, true);
      const current = await tx.select({ id: R.id }).from(R).where(eq(R.activityId, a.id));
      const want = new Set(ids);
      if (want.size !== ids.length || want.size !== current.length || current.some((c) => !want.has(c.id))) throw badRequest("印记列表已变化，请刷新后重试");
      await assertOrderChangeable(tx, a.id, a.orderMode, "按顺序解锁的活动进行中，不能调整印记顺序");
      await tx.execute(sql`
        update bbh_red_activity_mark r set sort_no = o.n, update_by = ${req.currentUser().username}, update_time = now()
        from (select value as id, ordinality as n from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality) o
        where r.id = o.id`);
      return ids.map((id, i) => ({ id, sortNo: i + 1 }));
    });
    return ok(result, "排序成功");
  });

  app.put(`${BASE}/changeSortNumber`, { config: can("bbh:redActivity:sort"), schema: { body: SortNumberBody } }, async (req) => {
    const { id, sortNumber } = req.body;
    const list = await db.transaction(async (tx) => {
      const [rel] = await tx.select().from(R).where(eq(R.id, id));
      if (!rel) throw badRequest("数据不存在或已删除");
      const a = await redActivity(tx, rel.activityId, true);
      const [{ n }] = await tx.select({ n: count() }).from(R).where(eq(R.activityId, a.id));
      if (sortNumber < 1 || sortNumber > Number(n)) throw badRequest(`序号需在1到${Number(n)}之间`);
      await assertOrderChangeable(tx, a.id, a.orderMode, "按顺序解锁的活动进行中，不能调整印记顺序");
      const [cur] = await tx.select().from(R).where(eq(R.id, id));
      const from = cur.sortNo;
      if (sortNumber !== from) {
        await tx.execute(sql`
          update bbh_red_activity_mark set sort_no = case when id = ${id} then ${sortNumber}::int
            when ${sortNumber}::int < ${from}::int then sort_no + 1 else sort_no - 1 end,
            update_by = ${req.currentUser().username}, update_time = now()
          where activity_id = ${a.id} and (id = ${id} or sort_no between least(${from}::int, ${sortNumber}::int) and greatest(${from}::int, ${sortNumber}::int))`);
      }
      return sortedList(tx, a.id);
    });
    return ok(list.map((r) => ({ id: r.id, sortNo: r.sortNo })), "排序成功");
  });

  app.post(`${BASE}/checkRedMarkList`, { config: can("bbh:redActivity:add"), schema: { body: CheckBody } }, async (req) => {
    await redActivity(db, req.body.activityId, false);
    const items = await checkCandidates(db, req.body.activityId, req.body.redMarkIds);
    return ok({ pass: items.every((i) => i.ok), okCount: items.filter((i) => i.ok).length, items });
  });

  app.post(`${BASE}/addRedMarkList`, { config: can("bbh:redActivity:add"), schema: { body: AddBody } }, async (req) => {
    const { activityId, redMarkIds, autoCreateCheckinTask } = req.body;
    const by = req.currentUser().username;
    const out = await db.transaction(async (tx) => {
      const a = await redActivity(tx, activityId, true);
      const items = await checkCandidates(tx, a.id, redMarkIds);
      const good = items.filter((i) => i.ok);
      const skipped = items.filter((i) => !i.ok).map(({ redMarkId, markName, code, message }) => ({ redMarkId, markName, code, message }));
      const dupNames = skipped.filter((s) => s.code === "DUPLICATE").map((s) => s.markName ?? s.redMarkId);
      if (good.length === 0) {
        const first = skipped[0];
        throw badRequest(dupNames.length ? `没有可添加的印记：印记【${[...new Set(dupNames)].join("、")}】已在本活动印记列表中` : `没有可添加的印记：${first.markName ? `【${first.markName}】` : ""}${first.message}`);
      }
      const [{ max }] = await tx.select({ max: sql<number>`coalesce(max(${R.sortNo}), 0)::int` }).from(R).where(eq(R.activityId, a.id));
      const now = new Date();
      await tx.insert(R).values(good.map((g, i) => ({ id: nextId(), activityId: a.id, redMarkId: g.redMarkId, sortNo: Number(max) + i + 1, createBy: by, createTime: now, sysOrgCode: a.sysOrgCode })));
      if (autoCreateCheckinTask !== false) {
        const [{ tmax }] = await tx.select({ tmax: sql<number>`coalesce(max(${bbhActivityTask.sortNo}), 0)::int` }).from(bbhActivityTask).where(and(eq(bbhActivityTask.activityId, a.id), eq(bbhActivityTask.delFlag, 0)));
        const names = new Set((await tx.select({ name: bbhActivityTask.taskName }).from(bbhActivityTask).where(and(eq(bbhActivityTask.activityId, a.id), eq(bbhActivityTask.delFlag, 0)))).map((x) => x.name));
        const tasks = good.map((g, i) => {
          let name = `${g.markName}·定位打卡`.slice(0, 100);
          for (let k = 2; names.has(name); k++) name = `${g.markName}·定位打卡${k}`.slice(0, 100);
          names.add(name);
          return { id: nextId(), activityId: a.id, redMarkId: g.redMarkId, taskName: name, taskType: 1, judgeMode: 1, sortNo: Number(tmax) + i + 1, score: 10, autoCreated: 1, createBy: by, createTime: now, sysOrgCode: a.sysOrgCode };
        });
        await tx.insert(bbhActivityTask).values(tasks);
        await recomputeTotalScore(tx, a.id);
      }
      return { added: good.length, skipped, dupNames, list: await listJson(tx, a.id) };
    });
    const message = `成功添加${out.added}个印记` + (out.dupNames.length ? `，印记【${[...new Set(out.dupNames)].join("、")}】已在本活动印记列表中，已跳过` : "");
    return ok({ added: out.added, skipped: out.skipped, list: out.list }, message);
  });

  app.post(`${BASE}/deleteRedMarkList`, { config: { ...can("bbh:redActivity:remove"), rows: { ids: answering(entryRows, () => badRequest("印记不属于该活动")) } }, schema: { body: RelIdsBody } }, async (req) => {
    const { activityId, ids } = req.body;
    const out = await db.transaction(async (tx) => {
      const a = await redActivity(tx, activityId, true);
      const rels = await tx.select({ id: R.id, redMarkId: R.redMarkId, markName: M.markName }).from(R).leftJoin(M, eq(M.id, R.redMarkId)).where(and(eq(R.activityId, a.id), inArray(R.id, ids)));
      if (rels.length !== new Set(ids).size) throw badRequest("印记不属于该活动");
      const markIds = rels.map((r) => r.redMarkId);
      const [played] = await tx
        .select({ redMarkId: bbhUserTaskAnswer.redMarkId })
        .from(bbhUserTaskAnswer)
        .innerJoin(bbhActivityTask, eq(bbhActivityTask.id, bbhUserTaskAnswer.taskId))
        .where(and(eq(bbhUserTaskAnswer.activityId, a.id), inArray(bbhActivityTask.redMarkId, markIds)))
        .limit(1);
      if (played) throw badRequest(`印记【${rels.find((r) => r.redMarkId === played.redMarkId)?.markName ?? rels[0].markName}】已有玩家打卡/答题记录，不能移除`);
      const [{ n }] = await tx.select({ n: count() }).from(R).where(eq(R.activityId, a.id));
      if (a.publishStatus === 1 && Number(n) - rels.length < 1) throw badRequest("已发布的红色活动至少保留一个印记");
      await tx.delete(R).where(inArray(R.id, rels.map((r) => r.id)));
      await renumber(tx, a.id);
      const by = req.currentUser().username;
      await tx.update(bbhActivityTask).set({ delFlag: 1, updateBy: by, updateTime: new Date() }).where(and(eq(bbhActivityTask.activityId, a.id), inArray(bbhActivityTask.redMarkId, markIds), eq(bbhActivityTask.autoCreated, 1)));
      await tx.update(bbhActivityTask).set({ redMarkId: null, updateBy: by, updateTime: new Date() }).where(and(eq(bbhActivityTask.activityId, a.id), inArray(bbhActivityTask.redMarkId, markIds)));
      await renumberTasks(tx, a.id);
      await recomputeTotalScore(tx, a.id);
      return { removed: rels.length, list: await listJson(tx, a.id) };
    });
    return ok(out, "移除成功");
  });

  app.post(`${BASE}/updateRedMarkUploadId`, { config: { ...can("bbh:redActivity:assignMaker"), rows: { ids: answering(entryRows, () => badRequest("印记不属于该活动")) } }, schema: { body: UploadBody } }, async (req) => {
    const { activityId, ids } = req.body;
    const uploadId = blank(req.body.uploadId) ?? null;
    const updated = await db.transaction(async (tx) => {
      const a = await redActivity(tx, activityId, true);
      if (uploadId) {
        const [u] = await tx.select().from(bbhWxUser).where(eq(bbhWxUser.id, uploadId));
        if (!u || u.userStatus !== 0) throw badRequest("微信用户不存在或已禁用");
        if (u.isPointMaker !== 1) throw badRequest("该微信用户不是打点员，请先设置为打点员");
      }
      const rels = await tx.select({ id: R.id }).from(R).where(and(eq(R.activityId, a.id), inArray(R.id, ids)));
      if (rels.length !== new Set(ids).size) throw badRequest("印记不属于该活动");
      const done = await tx.update(R).set({ uploadId, updateBy: req.currentUser().username, updateTime: new Date() }).where(inArray(R.id, ids)).returning({ id: R.id });
      return done.length;
    });
    return ok({ updated }, "设置成功");
  });

  app.put(`${BASE}/edit`, { config: can("bbh:redActivity:edit"), schema: { body: EditBody } }, async (req) => {
    const b = req.body;
    await db.transaction(async (tx) => {
      const [rel] = await tx.select().from(R).where(eq(R.id, b.id));
      if (!rel) throw badRequest("数据不存在或已删除");
      await redActivity(tx, rel.activityId, true);
      const by = req.currentUser().username;
      const now = new Date();
      // At most one start and one end per activity: setting one clears the others.
      if (b.isStart === 1) await tx.update(R).set({ isStart: 0 }).where(and(eq(R.activityId, rel.activityId), eq(R.isStart, 1)));
      if (b.isEnd === 1) await tx.update(R).set({ isEnd: 0 }).where(and(eq(R.activityId, rel.activityId), eq(R.isEnd, 1)));
      await tx
        .update(R)
        .set({ customName: blank(b.customName) ?? null, isStart: b.isStart ?? rel.isStart, isEnd: b.isEnd ?? rel.isEnd, isRequired: b.isRequired ?? rel.isRequired, remark: blank(b.remark) ?? null, updateBy: by, updateTime: now })
        .where(eq(R.id, b.id));
    });
    return ok(null, "编辑成功!");
  });
}
