/**
 * `/bbh/api/activity/redmark` — red marks (domain.md §4.5, §5.2): CRUD through `registerCrud` (soft delete,
 * GCJ-02 coordinates converted from WGS-84/BD-09 input and checked against China's bounds), `getById`,
 * `updatePublish` (the publish state machine) and `mapPoints` for the map view.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, count, eq, gte, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhActivityMain, bbhActivityTask, bbhActivityTime, bbhRedActivityMark, bbhRedMark, bbhWxUser } from "../../db/schema.js";
import { RADIUS_BOUNDS, redMarkLimits } from "../../../contract/bbh-limits.js";
import { inChina, toGcj02 } from "../../lib/coords.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { fetchRows, parseListQuery, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "../sys/crud.js";
import { col, registerExport } from "./lists.js";
import { SYNC_LIMIT, ThumbJob, uploadRootOf } from "./thumbs.js";
import { tagsOf } from "./tag.js";
import { IdQuery, scope } from "../sys/shared.js";
import { GONE, BbhId, Code, OptCode, OptInt, OptNumber, PUBLISH_TEXT, RichText, blank, cleanHtml, crudCodes, rowJson, textField } from "./shared.js";
import { scopeRows } from "../../plugins/row-scope.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { activityRows } from "./activity.js";

const M = bbhRedMark;
const BASE = "/bbh/api/activity/redmark";
type MarkRow = typeof M.$inferSelect;

export const redMarkListSpec: ListSpec = {
  fields: {
    markName: { column: M.markName, type: "string", sort: true },
    alias: { column: M.alias, type: "string" },
    category: { column: M.category, type: "int", sort: true },
    heritageLevel: { column: M.heritageLevel, type: "int", sort: true },
    provinceCode: { column: M.provinceCode, type: "string" },
    cityCode: { column: M.cityCode, type: "string" },
    districtCode: { column: M.districtCode, type: "string" },
    regionName: { column: M.regionName, type: "string" },
    address: { column: M.address, type: "string" },
    source: { column: M.source, type: "int" },
    publishStatus: { column: M.publishStatus, type: "int", sort: true },
    sortNo: { column: M.sortNo, type: "int", sort: true },
    sysOrgCode: { column: M.sysOrgCode, type: "string" },
    createBy: { column: M.createBy, type: "string" },
    createTime: { column: M.createTime, type: "datetime", sort: true },
    updateTime: { column: M.updateTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: M.id,
  component: "bbh/redmark/RedMarkList",
};

export const RED_MARK_DICTS = {
  category: "bbh_red_mark_category",
  heritageLevel: "bbh_heritage_level",
  source: "bbh_red_mark_source",
  coordType: "bbh_coord_type",
  publishStatus: "bbh_publish_status",
};

export const toRedMarkJson = (r: MarkRow) => rowJson(r);
const splitList = (s: string | null) => (s ? s.split(",").map((x) => x.trim()).filter(Boolean) : []);

const L = redMarkLimits;
/** Red marks by id: those 红色印记 shows the caller. */
export const redMarkRows = rowScope({ label: "印记", table: M, id: M.id, live: eq(M.delFlag, 0), views: [viewOf(redMarkListSpec)], missing: GONE });

const RedMarkBody = Type.Object({
  markName: textField(L.markName),
  alias: textField(L.alias),
  category: Code("印记类别", [1, 2, 3, 4, 5, 6, 9]),
  heritageLevel: OptCode("保护级别", [1, 2, 3, 4, 9]),
  provinceCode: textField(L.provinceCode),
  cityCode: textField(L.cityCode),
  districtCode: textField(L.districtCode),
  regionName: textField(L.regionName),
  address: textField(L.address),
  longitude: OptNumber("经度", -180, 180),
  latitude: OptNumber("纬度", -90, 90),
  coordType: Type.Optional(Type.Union([Type.Null(), Type.String({ title: "坐标系", pattern: "^(gcj02|wgs84|bd09)?$" })], { title: "坐标系" })),
  checkinRadius: OptInt("打卡半径", RADIUS_BOUNDS.min, RADIUS_BOUNDS.max),
  coverImage: textField(L.coverImage),
  images: textField(L.images),
  stampImage: textField(L.stampImage),
  stampGrayImage: textField(L.stampGrayImage),
  audioUrl: textField(L.audioUrl),
  audioDuration: OptInt("语音时长", 0, 86_400),
  videoUrl: textField(L.videoUrl),
  videoCover: textField(L.videoCover),
  summary: textField(L.summary),
  content: RichText("详细介绍"),
  eventPeriod: textField(L.eventPeriod),
  openTime: textField(L.openTime),
  ticketInfo: textField(L.ticketInfo),
  phone: textField(L.phone),
  source: OptCode("印记来源", [1, 2, 3]),
  sortNo: OptInt("排序", -1_000_000, 1_000_000),
});
type Body = Static<typeof RedMarkBody>;

async function redMarkValues(b: Body, tx: Db, id?: string, _req?: FastifyRequest) {
  if ((b.longitude == null) !== (b.latitude == null)) throw badRequest("经度和纬度需同时填写");
  const coordType = blank(b.coordType) ?? "gcj02";
  let longitude: number | null = null;
  let latitude: number | null = null;
  if (b.longitude != null && b.latitude != null) {
    if (!inChina(b.longitude, b.latitude)) throw badRequest("经纬度不在中国境内，请检查经纬度是否填反或坐标系是否正确");
    [longitude, latitude] = toGcj02(b.longitude, b.latitude, coordType);
  }
  const images = splitList(blank(b.images) ?? null);
  if (images.length > 9) throw badRequest("图集最多9张");
  const name = b.markName.trim();
  const districtCode = blank(b.districtCode) ?? null;
  const [dup] = await tx
    .select({ id: M.id })
    .from(M)
    .where(and(eq(M.markName, name), eq(M.delFlag, 0), districtCode ? eq(M.districtCode, districtCode) : sql`${M.districtCode} is null`, id ? ne(M.id, id) : undefined))
    .limit(1);
  if (dup) throw badRequest(`同一地区已存在名为【${name}】的印记`);
  const values: Record<string, unknown> = {
    markName: name,
    alias: blank(b.alias) ?? null,
    category: b.category,
    heritageLevel: b.heritageLevel ?? null,
    provinceCode: blank(b.provinceCode) ?? null,
    cityCode: blank(b.cityCode) ?? null,
    districtCode,
    regionName: blank(b.regionName) ?? null,
    address: blank(b.address) ?? null,
    longitude,
    latitude,
    coordType,
    checkinRadius: b.checkinRadius ?? 200,
    coverImage: blank(b.coverImage) ?? null,
    images: images.length ? images.join(",") : null,
    stampImage: blank(b.stampImage) ?? null,
    stampGrayImage: blank(b.stampGrayImage) ?? null,
    audioUrl: blank(b.audioUrl) ?? null,
    audioDuration: b.audioDuration ?? null,
    videoUrl: blank(b.videoUrl) ?? null,
    videoCover: blank(b.videoCover) ?? null,
    summary: blank(b.summary) ?? null,
    content: cleanHtml(b.content),
    eventPeriod: blank(b.eventPeriod) ?? null,
    openTime: blank(b.openTime) ?? null,
    ticketInfo: blank(b.ticketInfo) ?? null,
    phone: blank(b.phone) ?? null,
    source: b.source ?? 1,
    sortNo: b.sortNo ?? 0,
  };
  if (id) {
    const [cur] = await tx.select().from(M).where(and(eq(M.id, id), eq(M.delFlag, 0)));
    if (!cur) throw badRequest("印记不存在或已删除");
    // Thumbnails follow their images: a changed cover or gallery needs new ones (genrateAllThumbPic).
    if (cur.coverImage !== values.coverImage) values.thumbImage = null;
    if (cur.images !== values.images) values.thumbImages = null;
  }
  return values;
}

/** Marks listed in an activity cannot be deleted (domain.md §5.2). */
async function beforeDeleteMarks(tx: Db, ids: string[]) {
  const refs = await tx
    .selectDistinct({ name: bbhActivityMain.activityName })
    .from(bbhRedActivityMark)
    .innerJoin(bbhActivityMain, and(eq(bbhActivityMain.id, bbhRedActivityMark.activityId), eq(bbhActivityMain.delFlag, 0)))
    .where(inArray(bbhRedActivityMark.redMarkId, ids))
    .limit(5);
  if (refs.length) throw badRequest(`该印记已被活动【${refs.map((r) => r.name).join("、")}】引用，不能删除`);
}

/** Checks of 0 → 1 and 2 → 1 (domain.md §5.2). */
export function assertMarkPublishable(m: MarkRow) {
  if (!m.markName || !m.category || !m.address || m.longitude == null || m.latitude == null || !m.coverImage)
    throw badRequest("请完善印记名称、类别、地址、经纬度和封面图后再发布");
  if (!inChina(m.longitude, m.latitude)) throw badRequest("经纬度不在中国境内，请检查经纬度是否填反或坐标系是否正确");
  if (m.checkinRadius < RADIUS_BOUNDS.min || m.checkinRadius > RADIUS_BOUNDS.max) throw badRequest("打卡半径需在10到5000米之间");
}

const PublishBody = Type.Object({ id: BbhId("印记编号"), publishStatus: Type.Integer({ title: "发布状态" }) });

const MapQuery = Type.Object({
  activityId: Type.Optional(Type.String({ title: "活动", maxLength: 32, pattern: "^$|^[A-Za-z0-9_-]+$" })),
  publishStatus: Type.Optional(Type.String({ title: "发布状态", pattern: "^$|^[012](,[012])*$" })),
  category: Type.Optional(Type.String({ title: "印记类别", pattern: "^$|^\\d(,\\d)*$" })),
  districtCode: Type.Optional(Type.String({ title: "区县代码", maxLength: 12 })),
  minLng: OptNumber("最小经度", -180, 180),
  minLat: OptNumber("最小纬度", -90, 90),
  maxLng: OptNumber("最大经度", -180, 180),
  maxLat: OptNumber("最大纬度", -90, 90),
});
const MAP_MAX = 2000;

const ThumbBody = Type.Object({
  redMarkIds: Type.Optional(Type.Array(BbhId("印记"), { title: "印记", maxItems: 10_000 })),
  onlyMissing: Type.Optional(Type.Boolean({ title: "仅生成缺失的缩略图" })),
  width: Type.Optional(Type.Integer({ title: "宽度", minimum: 16, maximum: 4096 })),
  height: Type.Optional(Type.Integer({ title: "高度", minimum: 16, maximum: 4096 })),
  mode: Type.Optional(Type.String({ title: "缩放方式", enum: ["lfit", "fill"] } as Parameters<typeof Type.String>[0])),
  statusOnly: Type.Optional(Type.Boolean({ title: "仅查询进度" })),
});

export default async function redMarkRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: redMarkRows, ids: redMarkRows, redMarkIds: redMarkRows, activityId: activityRows });
  const { db, dicts, cache, config } = app.ctx;
  const thumbs = new ThumbJob(db, uploadRootOf(config.dataDir), config.contextPath);
  registerCrud<typeof RedMarkBody, MarkRow>(base, {
    base: BASE,
    table: M,
    id: M.id,
    spec: redMarkListSpec,
    rows: redMarkRows,
    codes: crudCodes("redmark"),
    body: RedMarkBody,
    values: redMarkValues,
    toJson: toRedMarkJson,
    dictFields: RED_MARK_DICTS,
    orgCode: true,
    countTables: ["bbh_red_mark"],
    softDelete: M.delFlag,
    beforeDelete: beforeDeleteMarks,
    editWarnings: async (tx, id, values) => {
      const [cur] = await tx.select().from(M).where(eq(M.id, id));
      if (!cur) return [];
      const moved = cur.longitude !== values.longitude || cur.latitude !== values.latitude || cur.checkinRadius !== values.checkinRadius;
      if (!moved) return [];
      const [running] = await tx
        .select({ id: bbhActivityTime.id })
        .from(bbhRedActivityMark)
        .innerJoin(bbhActivityMain, and(eq(bbhActivityMain.id, bbhRedActivityMark.activityId), eq(bbhActivityMain.delFlag, 0), eq(bbhActivityMain.publishStatus, 1)))
        .innerJoin(bbhActivityTime, and(eq(bbhActivityTime.activityId, bbhActivityMain.id), inArray(bbhActivityTime.timeStatus, [1, 3])))
        .where(eq(bbhRedActivityMark.redMarkId, id))
        .limit(1);
      return running ? ["修改坐标/半径将影响进行中的活动打卡判定"] : [];
    },
  });

  registerExport<MarkRow>(base, {
    base: BASE, table: M, id: M.id, spec: redMarkListSpec, dictFields: RED_MARK_DICTS, toJson: toRedMarkJson, code: "bbh:redmark:export", where: () => [eq(M.delFlag, 0)],
    excel: { title: "红色印记", columns: [col("印记名称", "markName", 24), col("印记类别", "category", 16), col("保护级别", "heritageLevel"), col("所在地区", "regionName", 24), col("详细地址", "address", 30), col("经度", "longitude", 12), col("纬度", "latitude", 12), col("打卡半径", "checkinRadius", 10), col("发布状态", "publishStatus"), col("历史时间", "eventPeriod"), col("简介", "summary", 40)] },
  });

  app.get(`${BASE}/getById`, { config: can("bbh:redmark:list"), schema: { querystring: IdQuery } }, async (req) => {
    const [m] = await db.select().from(M).where(and(eq(M.id, req.query.id), eq(M.delFlag, 0)));
    if (!m) throw badRequest("印记不存在或已删除");
    const [refs, collector, [tasks]] = await Promise.all([
      db
        .select({ id: bbhActivityMain.id, activityName: bbhActivityMain.activityName, publishStatus: bbhActivityMain.publishStatus, sortNo: bbhRedActivityMark.sortNo })
        .from(bbhRedActivityMark)
        .innerJoin(bbhActivityMain, and(eq(bbhActivityMain.id, bbhRedActivityMark.activityId), eq(bbhActivityMain.delFlag, 0)))
        .where(eq(bbhRedActivityMark.redMarkId, m.id))
        .orderBy(asc(bbhActivityMain.activityName)),
      m.collectorWxUserId ? db.select({ id: bbhWxUser.id, nickname: bbhWxUser.nickname }).from(bbhWxUser).where(eq(bbhWxUser.id, m.collectorWxUserId)) : Promise.resolve([]),
      db.select({ n: count() }).from(bbhActivityTask).where(and(eq(bbhActivityTask.redMarkId, m.id), eq(bbhActivityTask.delFlag, 0), eq(bbhActivityTask.taskType, 3))),
    ]);
    const [json] = await dicts.translate([toRedMarkJson(m)], RED_MARK_DICTS);
    return ok({
      ...json,
      imageList: splitList(m.images),
      thumbList: splitList(m.thumbImages),
      tags: (await tagsOf(db, "red_mark", [m.id])).get(m.id) ?? [],
      collector: collector[0] ?? null,
      refActivities: refs,
      stats: { checkinCount: m.checkinCount ?? 0, questionCount: Number(tasks.n) },
    });
  });

  app.put(`${BASE}/updatePublish`, { config: can("bbh:redmark:publish"), schema: { body: PublishBody } }, async (req) => {
    const { id, publishStatus: to } = req.body;
    const by = req.currentUser().username;
    const result = await db.transaction(async (tx) => {
      const [m] = await tx.select().from(M).where(and(eq(M.id, id), eq(M.delFlag, 0))).for("update");
      if (!m) throw badRequest("数据不存在或已删除");
      const from = m.publishStatus;
      if (![0, 1, 2].includes(to)) throw badRequest("状态值不合法");
      if (to === from) throw badRequest(`当前已是【${PUBLISH_TEXT[from]}】，无需重复操作`);
      if (to === 0) throw badRequest("已发布过的印记不能退回未发布状态，请使用下架");
      const now = new Date();
      if (to === 2) {
        if (from === 0) throw badRequest("未发布的印记无需下架");
        const users = await tx
          .selectDistinct({ name: bbhActivityMain.activityName })
          .from(bbhRedActivityMark)
          .innerJoin(bbhActivityMain, and(eq(bbhActivityMain.id, bbhRedActivityMark.activityId), eq(bbhActivityMain.delFlag, 0), eq(bbhActivityMain.publishStatus, 1)))
          .innerJoin(bbhActivityTime, and(eq(bbhActivityTime.activityId, bbhActivityMain.id), ne(bbhActivityTime.timeStatus, 2)))
          .where(eq(bbhRedActivityMark.redMarkId, id))
          .limit(5);
        if (users.length) throw badRequest(`该印记正被已发布活动【${users.map((u) => u.name).join("、")}】使用，请先从活动中移除或下架活动`);
        await tx.update(M).set({ publishStatus: 2, updateBy: by, updateTime: now }).where(eq(M.id, id));
        return { id, publishStatus: 2, publishTime: m.publishTime, warnings: [] as string[] };
      }
      assertMarkPublishable(m);
      await tx.update(M).set({ publishStatus: 1, publishTime: now, publishBy: by, updateBy: by, updateTime: now }).where(eq(M.id, id));
      return { id, publishStatus: 1, publishTime: now, warnings: [] as string[], cover: m.thumbImage ? null : m.coverImage };
    });
    // A published mark without a cover thumbnail gets one now; failing that is only a warning.
    if (result.publishStatus === 1 && "cover" in result && result.cover) {
      try {
        const { thumb } = await thumbs.thumbnail(result.cover, { width: 300, height: 300, mode: "lfit", onlyMissing: false });
        await db.update(M).set({ thumbImage: thumb }).where(and(eq(M.id, id), eq(M.coverImage, result.cover)));
      } catch {
        result.warnings.push("缩略图生成失败，可稍后批量生成");
      }
      delete (result as { cover?: unknown }).cover;
    }
    const [json] = await dicts.translate([rowJson(result)], { publishStatus: "bbh_publish_status" });
    return ok(json, result.publishStatus === 1 ? "发布成功" : "下架成功");
  });

  app.post(`${BASE}/genrateAllThumbPic`, { config: can("bbh:redmark:thumb"), schema: { body: ThumbBody } }, async (req) => {
    const b = req.body;
    if (b.statusOnly) return ok(thumbs.status());
    const [{ n }] = await db
      .select({ n: count() })
      .from(M)
      .where(and(eq(M.delFlag, 0), b.redMarkIds?.length ? inArray(M.id, b.redMarkIds) : undefined));
    const run = thumbs.start({ ...b, mode: b.mode as "lfit" | "fill" | undefined });
    if (Number(n) > SYNC_LIMIT) {
      run.catch((err) => req.log.error({ err }, "缩略图生成失败"));
      await thumbs.whenClaimed(); // a run on another instance is refused here, not reported as started
      return ok(thumbs.status(), "缩略图正在后台生成，可稍后查询进度");
    }
    const done = await run;
    return ok(done, `缩略图生成完成：生成${done.generated}张，跳过${done.skipped}张，失败${done.failed}张`);
  });

  app.get(`${BASE}/mapPoints`, { config: can("bbh:redmark:list"), schema: { querystring: MapQuery } }, async (req) => {
    const q = req.query;
    const params = parseListQuery(redMarkListSpec, {}, config.maxPageSize);
    const statuses = q.publishStatus ? q.publishStatus.split(",").map(Number) : undefined;
    const categories = q.category ? q.category.split(",").map(Number) : undefined;
    const extra: Record<string, SQL.Aliased> = q.activityId
      ? { activitySortNo: sql<number | null>`(select r.sort_no from bbh_red_activity_mark r where r.activity_id = ${q.activityId} and r.red_mark_id = bbh_red_mark.id)`.as("activity_sort_no") }
      : {};
    const found = await fetchRows(db, M, { ...params, orderBy: q.activityId ? [sql`activity_sort_no asc`, asc(M.id)] : [asc(M.sortNo), asc(M.id)] }, {
      scope: scope(req, cache),
      max: MAP_MAX,
      extra,
      where: [
        eq(M.delFlag, 0),
        sql`${M.longitude} is not null and ${M.latitude} is not null`,
        q.activityId ? sql`${M.id} in (select red_mark_id from bbh_red_activity_mark where activity_id = ${q.activityId})` : undefined,
        statuses ? inArray(M.publishStatus, statuses) : undefined,
        categories ? inArray(M.category, categories) : undefined,
        q.districtCode ? eq(M.districtCode, q.districtCode) : undefined,
        q.minLng != null ? gte(M.longitude, q.minLng) : undefined,
        q.maxLng != null ? lte(M.longitude, q.maxLng) : undefined,
        q.minLat != null ? gte(M.latitude, q.minLat) : undefined,
        q.maxLat != null ? lte(M.latitude, q.maxLat) : undefined,
      ],
    });
    const points = found.map((m) => ({
      id: m.id,
      markName: m.markName,
      longitude: m.longitude,
      latitude: m.latitude,
      checkinRadius: m.checkinRadius,
      thumbImage: m.thumbImage ?? m.coverImage,
      address: m.address,
      category: m.category,
      publishStatus: m.publishStatus,
      ...(q.activityId ? { sortNo: (m as unknown as { activitySortNo: number | null }).activitySortNo } : {}),
    }));
    return ok(await dicts.translate(points, { publishStatus: "bbh_publish_status", category: "bbh_red_mark_category" }));
  });
}
