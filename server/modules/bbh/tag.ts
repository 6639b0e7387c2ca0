/**
 * `/bbh/api/tag` — tags and their relations (domain.md §4.22, §6.2, §7.4).
 * - CRUD (soft delete; the name is unique within its type, refused with a 400); the list carries each tag's
 *   reference count; a new tag without an order goes last in its type.
 * - `updateShowIndex`: JeecgBoot's `{id, showIndex}` (one tag), or the drag-sort form `{tagType, ids}` — the
 *   ids of every live tag of that type in their new order, written as 1…n in one statement. Ids of another
 *   type, unknown or repeated ids, or a list missing some of the type's tags are refused and nothing changes.
 * - Relations (`bbh_tag_rel`): `GET rel/list?bizType=&bizId=`, and `PUT rel/set/<bizType> {bizId, tagIds}`
 *   (replaces the object's tags; activity ↔ 活动标签, red_mark ↔ 印记标签, question ↔ 题目标签). Setting an
 *   object's tags edits the object: each target has its own route declaring that object's edit code, so the
 *   code the document shows is the one checked (one `rel/set` with the type in the body had to check a
 *   second code in the handler, which a holder of the documented `bbh:tag:list` was then refused).
 * Deleting a tag removes its relations.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhActivityMain, bbhQuestion, bbhRedMark, bbhTag, bbhTagRel } from "../../db/schema.js";
import { SHOW_INDEX_BOUNDS, TAG_BIZ_TYPES, tagLimits } from "../../../contract/bbh-limits.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "../sys/crud.js";
import { ListQuery, created, scope } from "../sys/shared.js";
import { REFERENCE, BbhId, Code, OptInt, blank, crudCodes, rowJson, textField } from "./shared.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { answering, scopeRows } from "../../plugins/row-scope.js";

const G = bbhTag;
const R = bbhTagRel;
const BASE = "/bbh/api/tag";
type TagRow = typeof G.$inferSelect;
type BizType = keyof typeof TAG_BIZ_TYPES;

export const TAG_DICTS = { tagType: "bbh_tag_type", isShow: "bbh_yn", tagStatus: "bbh_enable_status" };
const TAG_TYPE_TEXT: Record<number, string> = { 1: "活动标签", 2: "印记标签", 3: "题目标签" };
/** The code that setting an object's tags needs: editing the object. */
const BIZ_EDIT_CODE: Record<BizType, string> = { activity: "bbh:activity:edit", red_mark: "bbh:redmark:edit", question: "bbh:question:edit" };

export const tagSpec: ListSpec = {
  fields: {
    tagName: { column: G.tagName, type: "string", sort: true },
    tagType: { column: G.tagType, type: "int", sort: true },
    isShow: { column: G.isShow, type: "int", sort: true },
    tagStatus: { column: G.tagStatus, type: "int", sort: true },
    showIndex: { column: G.showIndex, type: "int", sort: true },
    sysOrgCode: { column: G.sysOrgCode, type: "string" },
    createTime: { column: G.createTime, type: "datetime", sort: true },
  },
  // Display order: type, show_index asc, ties by create_time (domain.md §6.2).
  defaultSort: [
    { field: "tagType", order: "asc" },
    { field: "showIndex", order: "asc" },
    { field: "createTime", order: "asc" },
  ],
  tiebreak: G.id,
  component: "bbh/tag/TagList",
};

/** 标签by id: those its list shows the caller (its menu and data rules). */
export const tagRows = rowScope({ label: "标签", table: G, id: G.id, live: eq(G.delFlag, 0), views: [viewOf(tagSpec)], missing: () => badRequest("标签不存在或已删除") });

const refCount = sql<number>`(select count(*)::int from bbh_tag_rel r where r.tag_id = "bbh_tag"."id")`.as("ref_count");
export const toTagJson = (r: TagRow) => rowJson(r);

const L = tagLimits;
const TagBody = Type.Object({
  tagName: textField(L.tagName),
  tagType: Code("标签类型", [1, 2, 3]),
  tagColor: textField(L.tagColor),
  icon: textField(L.icon),
  showIndex: OptInt("展示顺序", SHOW_INDEX_BOUNDS.min, SHOW_INDEX_BOUNDS.max),
  isShow: Type.Optional(Code("小程序展示", [0, 1])),
  tagStatus: Type.Optional(Code("状态", [0, 1])),
});
type Body = Static<typeof TagBody>;

async function tagValues(b: Body, tx: Db, id?: string, _req?: FastifyRequest) {
  const name = b.tagName.trim();
  const [dup] = await tx
    .select({ id: G.id })
    .from(G)
    .where(and(eq(G.tagType, b.tagType), eq(G.tagName, name), eq(G.delFlag, 0), id ? ne(G.id, id) : undefined))
    .limit(1);
  if (dup) throw badRequest(`${TAG_TYPE_TEXT[b.tagType]}中已存在标签【${name}】`);
  let showIndex = b.showIndex;
  if (id) {
    const [cur] = await tx.select({ tagType: G.tagType, showIndex: G.showIndex }).from(G).where(and(eq(G.id, id), eq(G.delFlag, 0)));
    if (!cur) throw badRequest("标签不存在或已删除");
    if (cur.tagType !== b.tagType) {
      const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(R).where(eq(R.tagId, id));
      if (Number(used.n) > 0) throw badRequest(`该标签已被引用${Number(used.n)}次，不能修改标签类型`);
    }
    showIndex ??= cur.tagType === b.tagType ? cur.showIndex : undefined;
  }
  if (showIndex == null) {
    // A new tag goes last in its type.
    const [last] = await tx.select({ max: sql<number | null>`max(${G.showIndex})` }).from(G).where(and(eq(G.tagType, b.tagType), eq(G.delFlag, 0)));
    showIndex = Math.min(SHOW_INDEX_BOUNDS.max, (last?.max == null ? 0 : Number(last.max)) + 1);
  }
  return {
    tagName: name,
    tagType: b.tagType,
    tagColor: blank(b.tagColor) ?? null,
    icon: blank(b.icon) ?? null,
    showIndex,
    isShow: b.isShow ?? 1,
    tagStatus: b.tagStatus ?? 1,
  };
}

const ShowIndexBody = Type.Object({
  id: Type.Optional(BbhId("标签")),
  showIndex: Type.Optional(Type.Number({ title: "展示顺序" })),
  tagType: Type.Optional(Code("标签类型", [1, 2, 3])),
  ids: Type.Optional(Type.Array(BbhId("标签"), { title: "标签顺序", minItems: 1, maxItems: SHOW_INDEX_BOUNDS.max })),
});

const BizTypeSchema = Type.String({ title: "业务类型", enum: Object.keys(TAG_BIZ_TYPES) } as Parameters<typeof Type.String>[0]);
const RelQuery = Type.Object({ bizType: BizTypeSchema, bizId: BbhId("业务对象") });
const RelBody = Type.Object({ bizId: BbhId("业务对象"), tagIds: Type.Array(BbhId("标签"), { title: "标签", maxItems: 50 }) });

/** The live business object a relation points at, or 400. */
async function assertBizObject(tx: Db, bizType: BizType, bizId: string) {
  const [hit] =
    bizType === "activity"
      ? await tx.select({ id: bbhActivityMain.id }).from(bbhActivityMain).where(and(eq(bbhActivityMain.id, bizId), eq(bbhActivityMain.delFlag, 0)))
      : bizType === "red_mark"
        ? await tx.select({ id: bbhRedMark.id }).from(bbhRedMark).where(and(eq(bbhRedMark.id, bizId), eq(bbhRedMark.delFlag, 0)))
        : await tx.select({ id: bbhQuestion.id }).from(bbhQuestion).where(and(eq(bbhQuestion.id, bizId), eq(bbhQuestion.delFlag, 0)));
  if (!hit) throw badRequest({ activity: "活动不存在或已删除", red_mark: "印记不存在或已删除", question: "题目不存在或已删除" }[bizType]);
}

/** The tags of business objects, in display order: bizId → tags. */
export async function tagsOf(db: Db, bizType: BizType, bizIds: string[]) {
  if (!bizIds.length) return new Map<string, Array<{ id: string; tagName: string; tagColor: string | null; icon: string | null }>>();
  const rows = await db
    .select({ bizId: R.bizId, id: G.id, tagName: G.tagName, tagColor: G.tagColor, icon: G.icon })
    .from(R)
    .innerJoin(G, and(eq(G.id, R.tagId), eq(G.delFlag, 0)))
    .where(and(eq(R.bizType, bizType), inArray(R.bizId, bizIds)))
    .orderBy(asc(G.showIndex), asc(G.createTime), asc(G.id));
  const out = new Map<string, Array<{ id: string; tagName: string; tagColor: string | null; icon: string | null }>>();
  for (const { bizId, ...tag } of rows) out.set(bizId, [...(out.get(bizId) ?? []), tag]);
  return out;
}

/** Copies one object's tag relations to another (activity clone). */
export async function copyTagRelations(tx: Db, bizType: BizType, fromId: string, toId: string, by: string): Promise<void> {
  await tx.execute(sql`
    insert into bbh_tag_rel (id, tag_id, biz_type, biz_id, create_by, create_time, sys_org_code)
    select ${nextId()} || '-' || row_number() over (order by r.tag_id), r.tag_id, r.biz_type, ${toId}, ${by}, now(), r.sys_org_code
    from bbh_tag_rel r where r.biz_type = ${bizType} and r.biz_id = ${fromId}
    on conflict do nothing`);
}

export default async function tagRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: tagRows, ids: answering(tagRows, (ids) => badRequest(`标签【${ids.slice(0, 5).join("、")}】不存在或已删除`)), tagIds: answering(tagRows, (ids) => badRequest(`标签【${ids.slice(0, 5).join("、")}】不存在或已删除`)), bizId: REFERENCE });
  const { db, dicts, cache, config } = app.ctx;
  const live = eq(G.delFlag, 0);

  registerCrud<typeof TagBody, TagRow>(base, {
    base: BASE,
    table: G,
    id: G.id,
    spec: tagSpec,
    rows: tagRows,
    codes: crudCodes("tag"),
    body: TagBody,
    values: tagValues,
    toJson: toTagJson,
    dictFields: TAG_DICTS,
    orgCode: true,
    softDelete: G.delFlag,
    beforeDelete: async (tx, ids) => void (await tx.delete(R).where(inArray(R.tagId, ids))),
    skipList: true,
  });

  app.get(`${BASE}/list`, { config: can("bbh:tag:list"), schema: { querystring: ListQuery } }, async (req) => {
    const params = parseListQuery(tagSpec, req.query, config.maxPageSize);
    const { rows, total } = await fetchPage<typeof G, { refCount: number }>(db, G, params, { scope: scope(req, cache), where: [live], extra: { refCount } });
    return ok(toPage(await dicts.translate(rows.map((r) => ({ ...toTagJson(r), refCount: Number(r.refCount) })), TAG_DICTS), total, params));
  });

  app.put(`${BASE}/updateShowIndex`, { config: can("bbh:tag:sort"), schema: { body: ShowIndexBody } }, async (req) => {
    const b = req.body;
    const by = req.currentUser().username;
    if (b.ids) {
      if (b.tagType === undefined) throw badRequest("请指定标签类型");
      const ids = b.ids;
      if (new Set(ids).size !== ids.length) throw badRequest("标签顺序中有重复的标签");
      const tagType = b.tagType;
      const result = await db.transaction(async (tx) => {
        const rows = await tx.select({ id: G.id, tagType: G.tagType }).from(G).where(and(eq(G.tagType, tagType), live)).orderBy(asc(G.id)).for("update");
        const ofType = new Set(rows.map((r) => r.id));
        const foreign = ids.filter((id) => !ofType.has(id));
        if (foreign.length) throw badRequest(`标签【${foreign.slice(0, 5).join("、")}】不存在或不属于${TAG_TYPE_TEXT[tagType]}`);
        if (ids.length !== ofType.size) throw badRequest(`请提交${TAG_TYPE_TEXT[tagType]}的全部${ofType.size}个标签的顺序`);
        // One statement: each id's position in the list becomes its show_index (1…n).
        await tx.execute(sql`
          update bbh_tag t set show_index = v.ord::int, update_by = ${by}, update_time = now()
          from unnest(array[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::varchar[]) with ordinality as v(id, ord)
          where t.id = v.id and t.tag_type = ${tagType} and t.del_flag = 0`);
        return ids.map((id, i) => ({ id, showIndex: i + 1 }));
      });
      return ok(result, "修改成功");
    }
    if (!b.id || b.showIndex === undefined) throw badRequest("请提供标签编号和展示顺序");
    if (!Number.isInteger(b.showIndex) || b.showIndex < SHOW_INDEX_BOUNDS.min || b.showIndex > SHOW_INDEX_BOUNDS.max) throw badRequest("展示顺序需为0到9999之间的整数");
    const done = await db.update(G).set({ showIndex: b.showIndex, updateBy: by, updateTime: new Date() }).where(and(eq(G.id, b.id), live)).returning({ id: G.id });
    if (!done.length) throw badRequest("标签不存在或已删除");
    return ok({ id: b.id, showIndex: b.showIndex }, "修改成功");
  });

  app.get(`${BASE}/rel/list`, { config: can("bbh:tag:list"), schema: { querystring: RelQuery } }, async (req) => {
    const tags = await tagsOf(db, req.query.bizType as BizType, [req.query.bizId]);
    return ok(tags.get(req.query.bizId) ?? []);
  });

  for (const bizType of Object.keys(TAG_BIZ_TYPES) as BizType[]) {
    app.put(`${BASE}/rel/set/${bizType}`, { config: can(BIZ_EDIT_CODE[bizType]), schema: { body: RelBody } }, async (req) => {
      const { bizId } = req.body;
      const user = req.currentUser();
      const tagIds = [...new Set(req.body.tagIds)];
      await db.transaction(async (tx) => {
        await assertBizObject(tx, bizType, bizId);
        if (tagIds.length) {
          const found = await tx.select({ id: G.id, tagType: G.tagType, tagName: G.tagName }).from(G).where(and(inArray(G.id, tagIds), live));
          const missing = tagIds.filter((id) => !found.some((f) => f.id === id));
          if (missing.length) throw badRequest(`标签【${missing.slice(0, 5).join("、")}】不存在或已删除`);
          const wrong = found.filter((f) => f.tagType !== TAG_BIZ_TYPES[bizType]);
          if (wrong.length) throw badRequest(`标签【${wrong.map((w) => w.tagName).join("、")}】不是${TAG_TYPE_TEXT[TAG_BIZ_TYPES[bizType]]}`);
        }
        await tx.delete(R).where(and(eq(R.bizType, bizType), eq(R.bizId, bizId), tagIds.length ? notInArray(R.tagId, tagIds) : undefined));
        if (tagIds.length)
          await tx
            .insert(R)
            .values(tagIds.map((tagId) => ({ id: nextId(), tagId, bizType, bizId, ...created(req), sysOrgCode: user.orgCode })))
            .onConflictDoNothing();
      });
      const tags = await tagsOf(db, bizType, [bizId]);
      return ok(tags.get(bizId) ?? [], "设置成功");
    });
  }
}
