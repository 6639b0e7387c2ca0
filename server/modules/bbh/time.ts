/**
 * `/bbh/api/activity/time` — activity time windows (domain.md §4.2, §5.3): CRUD through `registerCrud` with
 * the edit/delete rules per status, `settleActivityTime` and `restartActivityTime` (server/modules/bbh/time.repo.ts).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhActivityTime, bbhUserActivity } from "../../db/schema.js";
import { activityTimeLimits } from "../../../contract/bbh-limits.js";
import { backgroundTask } from "../../lib/background-task.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { parsePageNo, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "../sys/crud.js";
import { col, registerExport } from "./lists.js";
import { queueSettledMessages, restartWindow, settleWindow, type TimeRow } from "./time.repo.js";
import { BbhId, crudCodes, displayStatus, loadActivity, nullable, OptDateTime, OptInt, OptYn, ReqDateTime, rowJson, rowsOf, textField, toDate } from "./shared.js";
import { scopeRows } from "../../plugins/row-scope.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { activityRows } from "./activity.js";

const T = bbhActivityTime;
const BASE = "/bbh/api/activity/time";

export const timeListSpec: ListSpec = {
  fields: {
    activityId: { column: T.activityId, type: "string" },
    timeName: { column: T.timeName, type: "string", sort: true },
    timeStatus: { column: T.timeStatus, type: "int", sort: true },
    roundNo: { column: T.roundNo, type: "int", sort: true },
    startTime: { column: T.startTime, type: "datetime", sort: true },
    endTime: { column: T.endTime, type: "datetime", sort: true },
    sortNo: { column: T.sortNo, type: "int", sort: true },
    sysOrgCode: { column: T.sysOrgCode, type: "string" },
    createTime: { column: T.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "startTime", order: "asc" }],
  tiebreak: T.id,
  component: "bbh/activity/ActivityTimeList",
};

/** Activity windows by id: those 活动时间 shows the caller. */
export const timeRows = rowScope({ label: "活动时间", table: T, id: T.id, views: [viewOf(timeListSpec)], missing: () => badRequest("活动时间段不存在") });

export const toTimeJson = (r: TimeRow) => ({ ...rowJson(r), displayStatus: displayStatus(r.timeStatus, r.endTime) });

const TimeBody = Type.Object({
  activityId: BbhId("所属活动"),
  timeName: textField(activityTimeLimits.timeName),
  startTime: ReqDateTime("开始时间"),
  endTime: ReqDateTime("结束时间"),
  autoSettle: OptYn("自动结算"),
  sortNo: OptInt("排序", -1_000_000, 1_000_000),
});
type Body = Static<typeof TimeBody>;

async function timeValues(b: Body, tx: Db, id?: string, _req?: FastifyRequest) {
  const start = toDate(b.startTime, "开始时间")!;
  const end = toDate(b.endTime, "结束时间")!;
  if (end <= start) throw badRequest("结束时间必须晚于开始时间");
  const a = await loadActivity(tx, b.activityId, true);
  const name = b.timeName.trim();
  const values: Record<string, unknown> = { activityId: a.id, timeName: name, startTime: start, endTime: end, autoSettle: b.autoSettle ?? 0, sortNo: b.sortNo ?? 0, sysOrgCode: a.sysOrgCode };
  if (id) {
    const [cur] = await tx.select().from(T).where(eq(T.id, id)).for("update");
    if (!cur) throw badRequest("活动时间段不存在");
    if (cur.activityId !== a.id) throw badRequest("不能修改时间段所属活动");
    if (cur.timeStatus === 2) throw badRequest("已结算的时间段不能修改，如需继续请使用重启");
    if ((cur.timeStatus === 1 || cur.timeStatus === 3) && (start.getTime() !== cur.startTime.getTime() || end < cur.endTime))
      throw badRequest("进行中的时间段只能修改名称或延长结束时间");
  }
  if (a.startTime && a.endTime && (start < a.startTime || end > a.endTime)) throw badRequest(`时间段【${name}】不在活动起止时间范围内`);
  const others = await tx.select().from(T).where(and(eq(T.activityId, a.id), id ? ne(T.id, id) : undefined));
  if (others.some((o) => o.timeName === name)) throw badRequest(`时间段名称【${name}】已存在`);
  const overlap = others.find((o) => o.startTime < end && start < o.endTime);
  if (overlap) throw badRequest(`时间段【${name}】与【${overlap.timeName}】时间重叠`);
  // Status is the service's: a new window of a published activity whose period has come is running at once.
  if (!id) values.timeStatus = a.publishStatus === 1 && start <= new Date() ? 1 : 0;
  return values;
}

async function beforeDeleteTimes(tx: Db, ids: string[]) {
  const rows = await tx.select().from(T).where(inArray(T.id, ids)).for("update");
  if (rows.some((r) => r.timeStatus === 2)) throw badRequest("已结算的时间段不能修改，如需继续请使用重启");
  const [played] = await tx.select({ n: count() }).from(bbhUserActivity).where(inArray(bbhUserActivity.timeId, ids));
  if (Number(played?.n ?? 0) > 0) throw badRequest("时间段已有玩家参与，不能删除");
}

const RankingQuery = Type.Object({
  timeId: BbhId("时间段编号"),
  roundNo: Type.Optional(Type.Integer({ title: "轮次", minimum: 1, maximum: 10_000 })),
  type: Type.Optional(Type.String({ title: "排名类型", enum: ["person", "group"] } as Parameters<typeof Type.String>[0])),
  // Page 0 and below are page 1 (parsePageNo), as in every list.
  pageNo: Type.Optional(Type.Integer({ title: "页码", maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ title: "每页条数", minimum: 1, maximum: 1000 })),
});

const SettleBody = Type.Object({
  id: BbhId("时间段编号"),
  force: Type.Optional(Type.Boolean({ title: "提前结算" })),
  ignorePending: Type.Optional(Type.Boolean({ title: "忽略待审核答案" })),
});

const RestartBody = Type.Object({
  id: BbhId("时间段编号"),
  startTime: OptDateTime("重启开始时间"),
  endTime: OptDateTime("重启结束时间"),
  restartMode: Type.Optional(nullable(Type.Integer({ title: "重启方式", minimum: 1, maximum: 2 }))),
  reason: textField(activityTimeLimits.restartReason),
});

export default async function timeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: timeRows, ids: timeRows, timeId: timeRows, activityId: activityRows });
  const { db, dicts } = app.ctx;
  const queueMessages = backgroundTask(base, "成绩发布消息排队失败", 0, () => queueSettledMessages(db).then(() => undefined));
  registerCrud<typeof TimeBody, TimeRow>(base, {
    base: BASE,
    table: T,
    id: T.id,
    spec: timeListSpec,
    rows: timeRows,
    codes: crudCodes("time"),
    body: TimeBody,
    values: timeValues,
    toJson: toTimeJson,
    dictFields: { timeStatus: "bbh_time_status", autoSettle: "bbh_yn" },
    countTables: ["bbh_activity_time"],
    beforeDelete: beforeDeleteTimes,
  });

  registerExport<TimeRow>(base, {
    base: BASE, table: T, id: T.id, spec: timeListSpec, dictFields: { timeStatus: "bbh_time_status", autoSettle: "bbh_yn" }, toJson: toTimeJson, code: "bbh:time:export",
    excel: { title: "活动时间", columns: [col("时间段", "timeName", 20), col("开始时间", "startTime", 20), col("结束时间", "endTime", 20), col("状态", "displayStatus", 14), col("轮次", "roundNo", 8), col("参与人数", "participantCount", 10), col("完成人数", "finishedCount", 10), col("结算时间", "settleTime", 20)] },
  });

  // Live ranking while a round runs (computed like settlement ranks), the frozen grades once it is settled.
  app.get(`${BASE}/ranking`, { config: can("bbh:time:list"), schema: { querystring: RankingQuery } }, async (req) => {
    const q = req.query;
    const [w] = await db.select().from(T).where(eq(T.id, q.timeId));
    if (!w) throw badRequest("活动时间段不存在");
    const round = q.roundNo ?? w.roundNo;
    const pageNo = parsePageNo(q.pageNo);
    const pageSize = q.pageSize ?? 10;
    const frozen = round < w.roundNo || w.timeStatus === 2;
    const offset = (pageNo - 1) * pageSize;
    let records: Record<string, unknown>[];
    if (q.type === "group") {
      const rows = frozen
        ? await db.execute(sql`
            select rank_no as "rankNo", group_id as "groupId", group_name as "groupName", member_count as "memberCount",
              total_score as "totalScore", avg_score::float as "avgScore", group_score::float as "groupScore", count(*) over () as total
            from bbh_activity_group_grade where time_id = ${w.id} and round_no = ${round}
            order by rank_no, group_id limit ${pageSize} offset ${offset}`)
        : await db.execute(sql`
            with s as (
              select ua.group_id, count(*)::int as member_count, sum(ua.total_score)::int as total_score, avg(ua.total_score) as avg_score,
                avg(ua.duration_seconds) as avg_dur
              from bbh_user_activity ua where ua.time_id = ${w.id} and ua.round_no = ${round} and ua.group_id is not null group by ua.group_id
            )
            select (rank() over (order by s.avg_score desc, s.avg_dur asc nulls last, s.member_count desc))::int as "rankNo", s.group_id as "groupId",
              g.group_name as "groupName", s.member_count as "memberCount", s.total_score as "totalScore", round(s.avg_score, 2)::float as "avgScore",
              round(s.avg_score, 2)::float as "groupScore", count(*) over () as total
            from s left join bbh_activity_group g on g.id = s.group_id order by 1, s.group_id limit ${pageSize} offset ${offset}`);
      records = rowsOf<Record<string, unknown>>(rows);
    } else {
      const rows = frozen
        ? await db.execute(sql`
            select rank_no as "rankNo", wx_user_id as "wxUserId", display_name as "displayName", group_id as "groupId", total_score as "totalScore",
              finished_task_count as "finishedTaskCount", duration_seconds as "durationSeconds", grade_level as "gradeLevel", count(*) over () as total
            from bbh_activity_grade where time_id = ${w.id} and round_no = ${round} and rank_no is not null
            order by rank_no, finish_time nulls last, wx_user_id limit ${pageSize} offset ${offset}`)
        : await db.execute(sql`
            select (rank() over (order by ua.total_score desc, ua.finished_task_count desc, ua.duration_seconds asc nulls last))::int as "rankNo",
              ua.wx_user_id as "wxUserId", coalesce(nullif(wx.real_name, ''), wx.nickname, ua.wx_user_id) as "displayName", ua.group_id as "groupId",
              ua.total_score as "totalScore", ua.finished_task_count as "finishedTaskCount", ua.duration_seconds as "durationSeconds", count(*) over () as total
            from bbh_user_activity ua left join bbh_wx_user wx on wx.id = ua.wx_user_id
            where ua.time_id = ${w.id} and ua.round_no = ${round} and ua.finished_task_count > 0
            order by 1, ua.wx_user_id limit ${pageSize} offset ${offset}`);
      records = rowsOf<Record<string, unknown>>(rows);
    }
    let total = Number(records[0]?.total ?? 0);
    if (records.length === 0 && offset > 0) {
      // Past the last page: count without paging.
      const table = q.type === "group" ? (frozen ? sql`bbh_activity_group_grade` : sql`(select distinct group_id, time_id, round_no from bbh_user_activity where group_id is not null)`) : frozen ? sql`bbh_activity_grade` : sql`bbh_user_activity`;
      const extra = q.type === "group" ? sql`` : frozen ? sql` and rank_no is not null` : sql` and finished_task_count > 0`;
      total = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${table} x where x.time_id = ${w.id} and x.round_no = ${round}${extra}`))[0]?.n ?? 0);
    }
    return ok({ frozen, roundNo: round, ...toPage(records.map(({ total: _t, ...r }) => r), total, { pageNo, pageSize }) });
  });

  app.post(`${BASE}/settleActivityTime`, { config: can("bbh:time:settle"), schema: { body: SettleBody } }, async (req) => {
    const by = req.currentUser().username;
    const result = await db.transaction((tx) => settleWindow(tx, req.body.id, req.body, by));
    queueMessages(); // the 成绩发布 messages, now that the grades are committed
    return ok({ ...result, settleTime: rowJson({ t: result.settleTime }).t }, "结算完成");
  });

  app.post(`${BASE}/restartActivityTime`, { config: can("bbh:time:restart"), schema: { body: RestartBody } }, async (req) => {
    const b = req.body;
    const by = req.currentUser().username;
    const row = await db.transaction((tx) =>
      restartWindow(
        tx,
        b.id,
        { startTime: toDate(b.startTime, "重启开始时间"), endTime: toDate(b.endTime, "重启结束时间"), restartMode: b.restartMode === 2 ? 2 : 1, reason: b.reason?.trim() || null },
        by,
      ),
    );
    const [json] = await dicts.translate([toTimeJson(row)], { timeStatus: "bbh_time_status" });
    return ok(json, "重启成功");
  });
}
