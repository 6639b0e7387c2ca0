/**
 * `/bbh/api/activity/time` — activity time windows (domain.md §4.2, §5.3): CRUD through `registerCrud` with
 * the edit/delete rules per status, `settleActivityTime` and `restartActivityTime` (server/modules/bbh/time.repo.ts).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, count, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhActivityTime, bbhUserActivity } from "../../db/schema.js";
import { activityTimeLimits } from "../../../contract/bbh-limits.js";
import { badRequest, ok } from "../../lib/envelope.js";
import type { ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "../sys/crud.js";
import { col, registerExport } from "./lists.js";
import { restartWindow, settleWindow, type TimeRow } from "./time.repo.js";
import { BbhId, OptDateTime, OptInt, OptYn, ReqDateTime, crudCodes, displayStatus, loadActivity, rowJson, textField, toDate } from "./shared.js";

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

const SettleBody = Type.Object({
  id: BbhId("时间段编号"),
  force: Type.Optional(Type.Boolean({ title: "提前结算" })),
  ignorePending: Type.Optional(Type.Boolean({ title: "忽略待审核答案" })),
});

const RestartBody = Type.Object({
  id: BbhId("时间段编号"),
  startTime: OptDateTime("重启开始时间"),
  endTime: OptDateTime("重启结束时间"),
  restartMode: Type.Optional(Type.Union([Type.Null(), Type.Integer({ title: "重启方式", minimum: 1, maximum: 2 })], { title: "重启方式" })),
  reason: textField(activityTimeLimits.restartReason),
});

export default async function timeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dicts } = app.ctx;
  registerCrud<typeof TimeBody, TimeRow>(base, {
    base: BASE,
    table: T,
    id: T.id,
    spec: timeListSpec,
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

  app.post(`${BASE}/settleActivityTime`, { config: can("bbh:time:settle"), schema: { body: SettleBody } }, async (req) => {
    const by = req.currentUser().username;
    const result = await db.transaction((tx) => settleWindow(tx, req.body.id, req.body, by));
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
