/**
 * `/bbh/api/activity/main` — activities (domain.md §4.1, §5.1, §6.2): the JeecgBoot CRUD set through
 * `registerCrud` (soft delete), the list with the data rules of 自定义活动 or 红色活动 by `activityType`,
 * `getById`, `updatePublish` (the publish state machine), `clone` and `getActivityNameSelectList`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  bbhActivationCode,
  bbhActivityApply,
  bbhActivityMain,
  bbhActivityTask,
  bbhActivityTime,
  bbhRedActivityMark,
  bbhUserActivity,
  bbhUserTaskAnswer,
} from "../../db/schema.js";
import { activityLimits } from "../../../contract/bbh-limits.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { escapeLike, fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "../sys/crud.js";
import { IdQuery, ListQuery, scope } from "../sys/shared.js";
import { applyPublish, assertPublishable, beforeDeleteActivities, cloneActivity, parseGradeRule, runningWithPlayers } from "./activity.repo.js";
import { copyTagRelations, tagsOf } from "./tag.js";
import { scopeRows, unscoped } from "../../plugins/row-scope.js";
import { rowScope, viewOf, visibleCondition } from "../../lib/row-scope.js";
import {
  BbhId,
  Code,
  OptBbhId,
  OptCode,
  OptDateTime,
  OptInt,
  OptNumber,
  OptYn,
  PUBLISH_TEXT,
  RichText,
  blank,
  cleanHtml,
  crudCodes,
  displayStatus,
  fieldRefusal,
  loadActivity,
  rowJson,
  textField,
  toDate,
  type ActivityRow,
} from "./shared.js";

const A = bbhActivityMain;
const BASE = "/bbh/api/activity/main";

export const ACTIVITY_DICTS = {
  activityType: "bbh_activity_type",
  publishStatus: "bbh_publish_status",
  teamMode: "bbh_team_mode",
  groupType: "bbh_group_type",
  groupScoreRule: "bbh_group_score_rule",
  orderMode: "bbh_order_mode",
  participantScope: "bbh_participant_scope",
  needApply: "bbh_yn",
  applyNeedAudit: "bbh_yn",
  needActivation: "bbh_yn",
  isRecommend: "bbh_yn",
};

const fields: ListSpec["fields"] = {
  activityName: { column: A.activityName, type: "string", sort: true },
  activityType: { column: A.activityType, type: "int", sort: true },
  publishStatus: { column: A.publishStatus, type: "int", sort: true },
  teamMode: { column: A.teamMode, type: "int" },
  orderMode: { column: A.orderMode, type: "int" },
  isRecommend: { column: A.isRecommend, type: "int" },
  organizerName: { column: A.organizerName, type: "string" },
  districtCode: { column: A.districtCode, type: "string" },
  startTime: { column: A.startTime, type: "datetime", sort: true },
  endTime: { column: A.endTime, type: "datetime", sort: true },
  sortNo: { column: A.sortNo, type: "int", sort: true },
  sysOrgCode: { column: A.sysOrgCode, type: "string" },
  createBy: { column: A.createBy, type: "string" },
  createTime: { column: A.createTime, type: "datetime", sort: true },
  updateTime: { column: A.updateTime, type: "datetime", sort: true },
};
const baseSpec = { fields, defaultSort: [{ field: "createTime", order: "desc" as const }], tiebreak: A.id };
/** 自定义活动 and 红色活动 are two menus over one table: each list gets its own menu's data rules. */
export const customActivitySpec: ListSpec = { ...baseSpec, component: "bbh/activity/CustomActivityList" };
export const redActivitySpec: ListSpec = { ...baseSpec, component: "bbh/activity/RedActivityList" };
const customView = viewOf(customActivitySpec, ne(A.activityType, 2));
const redView = viewOf(redActivitySpec, eq(A.activityType, 2));
/** Activities by id: a red activity is seen through 红色活动, any other through 自定义活动, each with its menu's rules. */
export const activityRows = rowScope({ label: "活动", table: A, id: A.id, live: eq(A.delFlag, 0), views: [customView, redView], missing: () => badRequest("活动不存在或已删除") });
const customRows = { ...activityRows, views: [customView] };
const redRows = { ...activityRows, views: [redView] };
/**
 * The activities a list, a picker or an export shows for `activityType` (1, 2, or absent for both), as the
 * rows the caller may see through the matching menus: the list's spec (no menu of its own) and the condition.
 * A caller without the menu of the asked type (or of either, when absent) is refused (403).
 */
export const activityRowsFor = (type: unknown) => (String(type) === "2" ? redRows : String(type) === "1" ? customRows : activityRows);
export const activityListSpec: ListSpec = baseSpec;

export const toActivityJson = (r: ActivityRow) => rowJson(r);

const L = activityLimits;
export const ActivityBody = Type.Object({
  activityName: textField(L.activityName),
  activityType: Code("活动类型", [1, 2]),
  coverImage: textField(L.coverImage),
  bannerImages: textField(L.bannerImages),
  summary: textField(L.summary),
  content: RichText("活动介绍"),
  rules: RichText("活动规则"),
  organizerOrgId: OptBbhId("主办单位"),
  organizerName: textField(L.organizerName),
  contactName: textField(L.contactName),
  contactPhone: textField(L.contactPhone),
  provinceCode: textField(L.provinceCode),
  cityCode: textField(L.cityCode),
  districtCode: textField(L.districtCode),
  regionName: textField(L.regionName),
  address: textField(L.address),
  longitude: OptNumber("经度", -180, 180),
  latitude: OptNumber("纬度", -90, 90),
  startTime: OptDateTime("开始时间"),
  endTime: OptDateTime("结束时间"),
  needApply: OptYn("是否需要报名"),
  applyNeedAudit: OptYn("报名是否需要审核"),
  applyStartTime: OptDateTime("报名开始时间"),
  applyEndTime: OptDateTime("报名结束时间"),
  maxParticipants: OptInt("人数上限", 0, 10_000_000),
  participantScope: OptCode("参与范围", [1, 2, 3, 4]),
  scopeIds: textField(L.scopeIds),
  needActivation: OptYn("是否需要激活码"),
  teamMode: OptCode("参与方式", [1, 2, 3]),
  groupType: OptCode("分组方式", [1, 2, 3, 4]),
  groupMinSize: OptInt("小组人数下限", 1, 1000),
  groupMaxSize: OptInt("小组人数上限", 1, 1000),
  groupScoreRule: OptCode("小组计分规则", [1, 2, 3]),
  groupTopN: OptInt("前N名", 1, 1000),
  orderMode: OptCode("闯关顺序", [1, 2]),
  checkinRadius: OptInt("默认打卡半径", 10, 5000),
  gradeRule: textField(L.gradeRule),
  sortNo: OptInt("排序", -1_000_000, 1_000_000),
  isRecommend: OptYn("首页推荐"),
  shareTitle: textField(L.shareTitle),
  shareImage: textField(L.shareImage),
  remark: textField(L.remark),
});
export type ActivityBodyValue = Static<typeof ActivityBody>;
type Body = ActivityBodyValue;

/** Form → columns, with the rules of domain.md §4.1 and the edit locks of §5.1 (add, edit and the Excel import). */
export async function activityValues(b: Body, tx: Db, id: string | undefined, req: FastifyRequest | undefined) {
  const startTime = toDate(b.startTime, "开始时间");
  const endTime = toDate(b.endTime, "结束时间");
  if (startTime && endTime && endTime <= startTime) throw fieldRefusal("endTime", "活动结束时间必须晚于开始时间");
  const applyStartTime = toDate(b.applyStartTime, "报名开始时间");
  const applyEndTime = toDate(b.applyEndTime, "报名结束时间");
  if (applyStartTime && applyEndTime && applyEndTime <= applyStartTime) throw fieldRefusal("applyEndTime", "报名结束时间必须晚于报名开始时间");
  if (b.groupMinSize != null && b.groupMaxSize != null && b.groupMinSize > b.groupMaxSize) throw fieldRefusal("groupMinSize", "小组人数下限不能大于上限");
  if ((b.longitude == null) !== (b.latitude == null)) throw fieldRefusal("longitude", "经度和纬度需同时填写");
  const gradeRule = blank(b.gradeRule) ?? null;
  if (gradeRule && !parseGradeRule(gradeRule)) throw fieldRefusal("gradeRule", "等级规则格式不正确，应为 [{\"level\":\"优秀\",\"minRate\":0.9}, …]");
  const name = b.activityName.trim();
  const values = {
    activityName: name,
    activityType: b.activityType,
    coverImage: blank(b.coverImage) ?? null,
    bannerImages: blank(b.bannerImages) ?? null,
    summary: blank(b.summary) ?? null,
    content: cleanHtml(b.content),
    rules: cleanHtml(b.rules),
    organizerOrgId: blank(b.organizerOrgId) ?? null,
    organizerName: blank(b.organizerName) ?? null,
    contactName: blank(b.contactName) ?? null,
    contactPhone: blank(b.contactPhone) ?? null,
    provinceCode: blank(b.provinceCode) ?? null,
    cityCode: blank(b.cityCode) ?? null,
    districtCode: blank(b.districtCode) ?? null,
    regionName: blank(b.regionName) ?? null,
    address: blank(b.address) ?? null,
    longitude: b.longitude ?? null,
    latitude: b.latitude ?? null,
    startTime,
    endTime,
    needApply: b.needApply ?? 1,
    applyNeedAudit: b.applyNeedAudit ?? 0,
    applyStartTime,
    applyEndTime,
    maxParticipants: b.maxParticipants ?? null,
    participantScope: b.participantScope ?? 1,
    scopeIds: blank(b.scopeIds) ?? null,
    needActivation: b.needActivation ?? 0,
    teamMode: b.teamMode ?? 1,
    groupType: b.groupType ?? null,
    groupMinSize: b.groupMinSize ?? null,
    groupMaxSize: b.groupMaxSize ?? null,
    groupScoreRule: b.groupScoreRule ?? 2,
    groupTopN: b.groupTopN ?? null,
    orderMode: b.orderMode ?? 2,
    checkinRadius: b.checkinRadius ?? 200,
    gradeRule,
    sortNo: b.sortNo ?? 0,
    isRecommend: b.isRecommend ?? 0,
    shareTitle: blank(b.shareTitle) ?? null,
    shareImage: blank(b.shareImage) ?? null,
    remark: blank(b.remark) ?? null,
  };
  let orgCode = req?.currentUser().orgCode ?? null;
  if (id) {
    const cur = await loadActivity(tx, id, true);
    orgCode = cur.sysOrgCode;
    if (cur.publishStatus === 1) {
      const locked = (["activityType", "teamMode", "groupType", "orderMode", "needActivation"] as const).some((k) => (cur[k] ?? null) !== (values[k] ?? null));
      if (locked) throw badRequest("活动已发布，不能修改活动类型/参与方式/闯关顺序，请先下架");
    }
    if (cur.activityType !== values.activityType) {
      const [t] = await tx.select({ id: bbhActivityTask.id }).from(bbhActivityTask).where(and(eq(bbhActivityTask.activityId, id), eq(bbhActivityTask.delFlag, 0))).limit(1);
      const [m] = await tx.select({ id: bbhRedActivityMark.id }).from(bbhRedActivityMark).where(eq(bbhRedActivityMark.activityId, id)).limit(1);
      if (t || m) throw badRequest("活动已配置任务或印记，不能修改活动类型");
    }
  }
  const [dup] = await tx
    .select({ id: A.id })
    .from(A)
    .where(and(eq(A.activityName, name), eq(A.delFlag, 0), orgCode ? eq(A.sysOrgCode, orgCode) : sql`${A.sysOrgCode} is null`, id ? ne(A.id, id) : undefined))
    .limit(1);
  if (dup) throw fieldRefusal("activityName", `活动名称【${name}】已存在`);
  return values;
}

const PublishBody = Type.Object({
  id: BbhId("活动编号"),
  publishStatus: Type.Integer({ title: "发布状态" }),
  force: Type.Optional(Type.Boolean({ title: "强制下架" })),
});

const CloneBody = Type.Object({
  id: BbhId("活动编号"),
  activityName: textField({ label: "新活动名称", max: 100 }),
  copyTasks: Type.Optional(Type.Boolean({ title: "复制任务" })),
  copyRedMarks: Type.Optional(Type.Boolean({ title: "复制印记列表" })),
  copyTags: Type.Optional(Type.Boolean({ title: "复制标签" })),
  copyTimes: Type.Optional(Type.Boolean({ title: "复制活动时间" })),
  shiftDays: Type.Optional(Type.Integer({ title: "顺延天数", minimum: -3650, maximum: 3650 })),
});

const SelectQuery = Type.Object({
  activityType: Type.Optional(Type.String({ title: "活动类型", pattern: "^$|^[12]$" })),
  publishStatus: Type.Optional(Type.String({ title: "发布状态", pattern: "^$|^[012](,[012])*$" })),
  keyword: Type.Optional(Type.String({ title: "关键字", maxLength: 100 })),
  limit: Type.Optional(Type.Integer({ title: "条数", minimum: 1, maximum: 1000 })),
});

export default async function activityRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: activityRows, ids: activityRows, organizerOrgId: unscoped("主办单位：只引用"), scopeIds: unscoped("参与范围：只引用") });
  const { db, config, cache, dicts } = app.ctx;

  registerCrud<typeof ActivityBody, ActivityRow>(base, {
    base: BASE,
    table: A,
    id: A.id,
    spec: customActivitySpec,
    rows: activityRows,
    skipList: true,
    codes: crudCodes("activity"),
    body: ActivityBody,
    values: activityValues,
    toJson: toActivityJson,
    dictFields: ACTIVITY_DICTS,
    orgCode: true,
    softDelete: A.delFlag,
    beforeDelete: beforeDeleteActivities,
  });

  app.get(`${BASE}/list`, { config: can("bbh:activity:list"), schema: { querystring: ListQuery } }, async (req) => {
    const visible = await visibleCondition(db, activityRowsFor((req.query as Record<string, unknown>).activityType), scope(req, cache));
    const params = parseListQuery(baseSpec, req.query, config.maxPageSize);
    const { rows, total } = await fetchPage(db, A, params, {
      where: [eq(A.delFlag, 0), visible],
      counts: { cache, tables: ["bbh_activity_main"], versions: req.currentUser().versions },
    });
    return ok(toPage(await dicts.translate(rows.map(toActivityJson), ACTIVITY_DICTS), total, params));
  });

  app.get(`${BASE}/getById`, { config: can("bbh:activity:list"), schema: { querystring: IdQuery } }, async (req) => {
    const a = await loadActivity(db, req.query.id).catch(() => {
      throw badRequest("活动不存在或已删除");
    });
    const now = new Date();
    const [times, [tasks], [marks], [apply], [pendingApply], [players], [finished], [pendingAnswers], [unused]] = await Promise.all([
      db.select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, a.id)).orderBy(asc(bbhActivityTime.sortNo), asc(bbhActivityTime.startTime)),
      db.select({ n: count() }).from(bbhActivityTask).where(and(eq(bbhActivityTask.activityId, a.id), eq(bbhActivityTask.delFlag, 0))),
      db.select({ n: count() }).from(bbhRedActivityMark).where(eq(bbhRedActivityMark.activityId, a.id)),
      db.select({ n: count() }).from(bbhActivityApply).where(eq(bbhActivityApply.activityId, a.id)),
      db.select({ n: count() }).from(bbhActivityApply).where(and(eq(bbhActivityApply.activityId, a.id), eq(bbhActivityApply.applyStatus, 0))),
      db.select({ n: count() }).from(bbhUserActivity).where(eq(bbhUserActivity.activityId, a.id)),
      db.select({ n: count() }).from(bbhUserActivity).where(and(eq(bbhUserActivity.activityId, a.id), eq(bbhUserActivity.uaStatus, 2))),
      db.select({ n: count() }).from(bbhUserTaskAnswer).where(and(eq(bbhUserTaskAnswer.activityId, a.id), eq(bbhUserTaskAnswer.auditStatus, 0))),
      db.select({ n: count() }).from(bbhActivationCode).where(and(eq(bbhActivationCode.activityId, a.id), eq(bbhActivationCode.codeStatus, 0))),
    ]);
    const [json] = await dicts.translate([toActivityJson(a)], ACTIVITY_DICTS);
    const timeJson = await dicts.translate(
      times.map((t) => ({ ...rowJson(t), displayStatus: displayStatus(t.timeStatus, t.endTime, now) })),
      { timeStatus: "bbh_time_status" },
    );
    return ok({
      ...json,
      tags: (await tagsOf(db, "activity", [a.id])).get(a.id) ?? [],
      organizer: a.organizerOrgId ? { id: a.organizerOrgId, orgName: a.organizerName } : null,
      times: timeJson,
      taskCount: Number(tasks.n),
      redMarkCount: Number(marks.n),
      totalScore: a.totalScore ?? 0,
      stats: {
        applyCount: Number(apply.n),
        pendingApplyCount: Number(pendingApply.n),
        participantCount: Number(players.n),
        finishedCount: Number(finished.n),
        pendingAnswerCount: Number(pendingAnswers.n),
        activationUnused: Number(unused.n),
      },
    });
  });

  app.put(`${BASE}/updatePublish`, { config: can("bbh:activity:publish"), schema: { body: PublishBody } }, async (req) => {
    const { id, publishStatus: to, force } = req.body;
    const by = req.currentUser().username;
    const result = await db.transaction(async (tx) => {
      const a = await loadActivity(tx, id, true);
      const from = a.publishStatus;
      if (![0, 1, 2].includes(to)) throw badRequest("状态值不合法");
      if (to === from) throw badRequest(`当前已是【${PUBLISH_TEXT[from]}】，无需重复操作`);
      if (to === 0) throw badRequest("已发布过的活动不能退回未发布状态，请使用下架");
      const now = new Date();
      if (to === 2) {
        if (from === 0) throw badRequest("未发布的活动无需下架");
        const running = await runningWithPlayers(tx, id);
        if (running && force !== true) throw badRequest(`活动有${running.n}人正在参与时间段【${running.name}】，如需下架请先结算或勾选强制下架`);
        await tx.update(A).set({ publishStatus: 2, updateBy: by, updateTime: now }).where(eq(A.id, id));
        return { id, publishStatus: 2, publishTime: a.publishTime, warnings: [] as string[] };
      }
      const warnings = await assertPublishable(tx, a, now);
      await applyPublish(tx, a, now, by);
      return { id, publishStatus: 1, publishTime: now, warnings };
    });
    const [json] = await dicts.translate([rowJson(result)], { publishStatus: "bbh_publish_status" });
    return ok(json, result.publishStatus === 1 ? "发布成功" : "下架成功");
  });

  app.post(`${BASE}/clone`, { config: can("bbh:activity:clone"), schema: { body: CloneBody } }, async (req) => {
    const user = req.currentUser();
    const id = await db.transaction(async (tx) => {
      const src = await loadActivity(tx, req.body.id);
      const cloned = await cloneActivity(tx, src, req.body, user.username, user.orgCode ?? src.sysOrgCode);
      if (req.body.copyTags !== false) await copyTagRelations(tx, "activity", src.id, cloned, user.username);
      return cloned;
    });
    return ok({ id }, "克隆成功");
  });

  app.get(`${BASE}/getActivityNameSelectList`, { config: can("bbh:activity:list"), schema: { querystring: SelectQuery } }, async (req) => {
    const q = req.query as Static<typeof SelectQuery> & Record<string, unknown>;
    // The activities the list would show (menus and data rules); paging is replaced by `limit`.
    const visible = await visibleCondition(db, activityRowsFor(q.activityType), scope(req, cache));
    const params = parseListQuery(baseSpec, { pageSize: String(Math.min(q.limit ?? 200, config.maxPageSize)) }, config.maxPageSize);
    const statuses = q.publishStatus ? q.publishStatus.split(",").map(Number) : undefined;
    const { rows } = await fetchPage(db, A, { ...params, orderBy: [desc(A.createTime), asc(A.id)] }, {
      where: [
        eq(A.delFlag, 0),
        visible,
        q.activityType ? eq(A.activityType, Number(q.activityType)) : undefined,
        statuses ? inArray(A.publishStatus, statuses) : undefined,
        q.keyword?.trim() ? ilike(A.activityName, `%${escapeLike(q.keyword.trim())}%`) : undefined,
      ],
      counts: { cache, tables: ["bbh_activity_main"], versions: req.currentUser().versions },
    });
    return ok(rows.map((r) => ({ value: r.id, text: r.activityName, title: r.activityName, label: r.activityName })));
  });
}
