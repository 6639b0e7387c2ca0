/**
 * `/bbh/api/questionType` — 题目分类 (domain.md §4.16), a JeecgBoot tree (`pid` '0' = root, `has_child` '1'/'0'
 * kept by every write): `rootList` (roots paged; a name search matches any level), `childList`, `treeList`
 * (the whole tree with each node's question count, sub-types included) and the picker look-up `loadTreeData`
 * (JeecgBoot `TreeSelectModel`), plus add/edit/delete/deleteBatch/queryById and an export. A name is unique
 * among its siblings; a type with sub-types, questions or a task drawing from it is not deleted (soft delete,
 * so old questions keep their type). The question bank and the task random draw read the subtree through
 * `typeSubtree`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client.js";
import { bbhActivityTask, bbhQuestion, bbhQuestionType } from "../../db/schema.js";
import { questionTypeLimits } from "../../../contract/bbh-limits.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can, signedIn } from "../../plugins/auth.js";
import { IdQuery, IdsQuery, ListQuery, created, parseIds, scope, updated } from "../sys/shared.js";
import { col, registerExport } from "./lists.js";
import { REFERENCE, OptBbhId, OptCode, OptInt, blank, rowJson, textField } from "./shared.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { scopeRows } from "../../plugins/row-scope.js";

const T = bbhQuestionType;
const BASE = "/bbh/api/questionType";
export const ROOT_PID = "0";
type TypeRow = typeof T.$inferSelect;

export const questionTypeListSpec: ListSpec = {
  fields: {
    pid: { column: T.pid, type: "string" },
    typeName: { column: T.typeName, type: "string", sort: true },
    typeStatus: { column: T.typeStatus, type: "int", sort: true },
    hasChild: { column: T.hasChild, type: "string" },
    sortNo: { column: T.sortNo, type: "int", sort: true },
    sysOrgCode: { column: T.sysOrgCode, type: "string" },
    createTime: { column: T.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "sortNo", order: "asc" }],
  tiebreak: T.id,
  component: "bbh/question/QuestionTypeList",
};

/** 题目分类by id: those its list shows the caller (its menu and data rules). */
export const questionTypeRows = rowScope({ label: "题目分类", table: T, id: T.id, live: eq(T.delFlag, 0), views: [viewOf(questionTypeListSpec)], missing: () => badRequest("分类不存在或已删除") });
const DICTS = { typeStatus: "bbh_enable_status" };
const live = eq(T.delFlag, 0);
const bySort = [asc(T.sortNo), asc(T.typeName), asc(T.id)];

const TypeBody = Type.Object({
  pid: OptBbhId("上级分类"),
  typeName: textField(questionTypeLimits.typeName),
  sortNo: OptInt("排序", -1_000_000, 1_000_000),
  icon: textField(questionTypeLimits.icon),
  typeStatus: OptCode("状态", [0, 1]),
});
const EditBody = Type.Object({ ...TypeBody.properties, id: Type.String({ title: "编号", minLength: 1, maxLength: 32, pattern: "^[A-Za-z0-9_-]+$" }) });

/** Every live type (the tree is small: a few hundred nodes at most). */
export const allTypes = (db: Db) => db.select().from(T).where(live).orderBy(...bySort);

/**
 * Ids of `rootId` and every live type below it. `enabledOnly`: a disabled type and everything below it is
 * left out (the random draw never takes from a disabled category).
 */
export async function typeSubtree(db: Db, rootId: string, enabledOnly = false): Promise<string[]> {
  const rows = await db.execute(sql`
    with recursive t(id) as (
      select id from bbh_question_type where id = ${rootId} and del_flag = 0 ${enabledOnly ? sql`and type_status = 1` : sql``}
      union all
      select c.id from bbh_question_type c join t on c.pid = t.id where c.del_flag = 0 ${enabledOnly ? sql`and c.type_status = 1` : sql``}
    ) select id from t`);
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}

/** The SQL condition "type_id is `typeId` or below it" (for list filters). */
export const inTypeSubtree = (typeId: string) =>
  sql`${bbhQuestion.typeId} in (with recursive t(id) as (
      select id from bbh_question_type where id = ${typeId} and del_flag = 0
      union all
      select c.id from bbh_question_type c join t on c.pid = t.id where c.del_flag = 0
    ) select id from t)`;

/** `党史/建党时期` → id, for the Excel import (and the reverse for export). */
export function typePaths(rows: TypeRow[]): Map<string, string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (r: TypeRow, depth = 0): string => {
    const parent = byId.get(r.pid);
    return parent && depth < 50 ? `${pathOf(parent, depth + 1)}/${r.typeName}` : r.typeName;
  };
  return new Map(rows.map((r) => [r.id, pathOf(r)]));
}

/** Sets `has_child` of the given parents from their live children now. */
async function syncHasChild(tx: Db, pids: string[]) {
  const parents = [...new Set(pids)].filter((p) => p && p !== ROOT_PID);
  if (!parents.length) return;
  await tx
    .update(T)
    .set({ hasChild: sql`case when exists (select 1 from bbh_question_type c where c.pid = ${T.id} and c.del_flag = 0) then '1' else '0' end` })
    .where(inArray(T.id, parents));
}

interface TreeNode {
  key: string;
  title: string;
  value: string;
  code: string | null;
  parentId: string;
  isLeaf: boolean;
  leaf: boolean;
  icon: string | null;
  typeStatus: number;
  children: TreeNode[] | null;
}
const toTreeNode = (r: TypeRow): TreeNode => ({
  key: r.id,
  title: r.typeName,
  value: r.id,
  code: null,
  parentId: r.pid,
  isLeaf: r.hasChild !== "1",
  leaf: r.hasChild !== "1",
  icon: r.icon,
  typeStatus: r.typeStatus,
  children: null,
});

/** Nests rows (already sorted) under their parents; rows whose parent is not among them are roots. */
function nest<N extends { key: string; parentId: string; children: N[] | null }>(nodes: N[]): N[] {
  const byId = new Map(nodes.map((n) => [n.key, n]));
  const roots: N[] = [];
  for (const n of nodes) {
    const parent = byId.get(n.parentId);
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

export default async function questionTypeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: questionTypeRows, ids: questionTypeRows, pid: REFERENCE });
  const { db, config, cache, dicts } = app.ctx;
  const toJson = async (rows: TypeRow[]) => dicts.translate(rows.map((r) => rowJson(r)), DICTS);

  const byId = async (tx: Db, id: string) => (await tx.select().from(T).where(and(eq(T.id, id), live)))[0];

  /** Validates the form against the tree; answers the columns to write. */
  const values = async (tx: Db, b: Static<typeof TypeBody>, id?: string) => {
    const pid = blank(b.pid) || ROOT_PID;
    if (pid !== ROOT_PID) {
      const parent = await byId(tx, pid);
      if (!parent) throw badRequest("上级分类不存在或已删除");
      if (id && (await typeSubtree(tx, id)).includes(pid)) throw badRequest("上级分类不能是分类自身或其下级");
    }
    const typeName = b.typeName.trim();
    const [dup] = await tx.select({ id: T.id }).from(T).where(and(eq(T.pid, pid), eq(T.typeName, typeName), live, id ? ne(T.id, id) : undefined)).limit(1);
    if (dup) throw badRequest(`同一上级下已存在名为【${typeName}】的分类`);
    let sortNo = b.sortNo;
    if (sortNo == null && !id) {
      const [{ max }] = await tx.select({ max: sql<number>`coalesce(max(${T.sortNo}), 0)::int` }).from(T).where(and(eq(T.pid, pid), live));
      sortNo = Number(max) + 1;
    }
    return { pid, typeName, icon: blank(b.icon) ?? null, typeStatus: b.typeStatus ?? 1, ...(sortNo != null ? { sortNo } : {}) };
  };

  app.get(`${BASE}/list`, { config: can("bbh:questionType:list"), schema: { querystring: ListQuery } }, async (req) => {
    const params = parseListQuery(questionTypeListSpec, req.query, config.maxPageSize);
    const { rows, total } = await fetchPage(db, T, params, { scope: scope(req, cache), where: [live] });
    return ok(toPage(await toJson(rows), total, params));
  });

  app.get(`${BASE}/rootList`, { config: can("bbh:questionType:list"), schema: { querystring: ListQuery } }, async (req) => {
    const query = { ...req.query } as Record<string, unknown>;
    // JeecgBoot: the roots, unless the user searches by name (then matches at any level).
    if (typeof query.typeName === "string" && query.typeName.trim()) delete query.pid;
    else if (typeof query.pid !== "string" || !query.pid.trim()) query.pid = ROOT_PID;
    const params = parseListQuery(questionTypeListSpec, query, config.maxPageSize);
    const { rows, total } = await fetchPage(db, T, params, { scope: scope(req, cache), where: [live] });
    return ok(toPage(await toJson(rows), total, params));
  });

  app.get(
    `${BASE}/childList`,
    { config: can("bbh:questionType:list"), schema: { querystring: Type.Object({ pid: Type.String({ title: "上级分类", minLength: 1, maxLength: 32 }) }, { additionalProperties: true }) } },
    async (req) => ok(await toJson(await db.select().from(T).where(and(eq(T.pid, req.query.pid), live)).orderBy(...bySort))),
  );

  /** The whole tree for the 题目分类 page: each node with `questionCount` (its own) and `totalCount` (with sub-types). */
  app.get(`${BASE}/treeList`, { config: can("bbh:questionType:list"), schema: { querystring: Type.Object({ typeName: Type.Optional(Type.String({ title: "分类名称", maxLength: 50 })) }, { additionalProperties: true }) } }, async (req) => {
    const rows = await allTypes(db);
    const counts = await db
      .select({ typeId: bbhQuestion.typeId, n: sql<number>`count(*)::int` })
      .from(bbhQuestion)
      .where(eq(bbhQuestion.delFlag, 0))
      .groupBy(bbhQuestion.typeId);
    const own = new Map(counts.map((c) => [c.typeId, Number(c.n)]));
    const json = await toJson(rows);
    type Node = Record<string, unknown> & { key: string; parentId: string; children: Node[] | null; questionCount: number; totalCount: number };
    const nodes: Node[] = json.map((r) => ({ ...r, key: String(r.id), parentId: String(r.pid), children: null, questionCount: own.get(String(r.id)) ?? 0, totalCount: 0 }));
    const roots = nest(nodes);
    const total = (n: Node): number => (n.totalCount = n.questionCount + (n.children ?? []).reduce((s, c) => s + total(c), 0));
    roots.forEach(total);
    const name = req.query.typeName?.trim();
    if (!name) return ok(roots);
    // A search keeps the matching nodes with their ancestors.
    const keep = (n: Node): Node | null => {
      const kids = (n.children ?? []).map(keep).filter((c): c is Node => c !== null);
      return String(n.typeName).includes(name) || kids.length ? { ...n, children: kids.length ? kids : null } : null;
    };
    return ok(roots.map(keep).filter(Boolean));
  });

  /** Picker look-up (JeecgBoot `loadTreeData`): one level below `pid` ('0': the roots), or the whole tree with `async=false`. */
  app.get(
    `${BASE}/loadTreeData`,
    {
      config: signedIn,
      schema: {
        querystring: Type.Object({
          pid: Type.Optional(Type.String({ title: "上级分类", maxLength: 32 })),
          async: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })], { title: "异步加载" })),
          onlyEnabled: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })], { title: "仅启用" })),
        }),
      },
    },
    async (req) => {
      const enabled = req.query.onlyEnabled === true || req.query.onlyEnabled === "true" ? eq(T.typeStatus, 1) : undefined;
      if (req.query.async === false || req.query.async === "false") {
        const rows = await db.select().from(T).where(and(live, enabled)).orderBy(...bySort);
        return ok(nest(rows.map(toTreeNode)).map(function leafy(n: TreeNode): TreeNode {
          const children = n.children?.map(leafy) ?? null;
          return { ...n, children, isLeaf: !children, leaf: !children };
        }));
      }
      const pid = req.query.pid?.trim() || ROOT_PID;
      return ok((await db.select().from(T).where(and(eq(T.pid, pid), live, enabled)).orderBy(...bySort)).map(toTreeNode));
    },
  );

  app.get(`${BASE}/queryById`, { config: can("bbh:questionType:list"), schema: { querystring: IdQuery } }, async (req) => {
    const row = await byId(db, req.query.id);
    if (!row) throw badRequest("分类不存在或已删除");
    return ok((await toJson([row]))[0]);
  });

  app.post(`${BASE}/add`, { config: can("bbh:questionType:add"), schema: { body: TypeBody } }, async (req) => {
    const user = req.currentUser();
    await db.transaction(async (tx) => {
      // One writer of the tree at a time: sibling names and has_child stay consistent.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bbh_question_type'))`);
      const v = await values(tx, req.body);
      await tx.insert(T).values({ ...v, id: nextId(), hasChild: "0", sysOrgCode: user.orgCode, ...created(req) });
      await syncHasChild(tx, [v.pid]);
    });
    return ok(null, "添加成功！");
  });

  const edit = async (req: FastifyRequest<{ Body: Static<typeof EditBody> }>) => {
    const { id, ...body } = req.body;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bbh_question_type'))`);
      const row = await byId(tx, id);
      if (!row) throw badRequest("分类不存在或已删除");
      const v = await values(tx, body, id);
      await tx.update(T).set({ ...v, ...updated(req) }).where(eq(T.id, id));
      if (v.pid !== row.pid) await syncHasChild(tx, [row.pid, v.pid]);
    });
    return ok(null, "编辑成功!");
  };
  app.put(`${BASE}/edit`, { config: can("bbh:questionType:edit"), schema: { body: EditBody } }, edit);
  app.post(`${BASE}/edit`, { config: can("bbh:questionType:edit"), schema: { body: EditBody } }, edit);

  const remove = async (ids: string[], by: FastifyRequest) => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bbh_question_type'))`);
      const rows = await tx.select().from(T).where(and(inArray(T.id, ids), live));
      if (!rows.length) throw badRequest("分类不存在或已删除");
      const gone = new Set(rows.map((r) => r.id));
      const names = new Map(rows.map((r) => [r.id, r.typeName]));
      // Children being deleted in the same batch do not block their parent.
      const [child] = await tx.select({ pid: T.pid, name: T.typeName }).from(T).where(and(inArray(T.pid, [...gone]), live, notInArray(T.id, [...gone]))).limit(1);
      if (child) throw badRequest(`分类【${names.get(child.pid)}】下还有子分类【${child.name}】，请先删除子分类`);
      const [used] = await tx.select({ typeId: bbhQuestion.typeId, n: sql<number>`count(*)::int` }).from(bbhQuestion).where(and(inArray(bbhQuestion.typeId, [...gone]), eq(bbhQuestion.delFlag, 0))).groupBy(bbhQuestion.typeId).limit(1);
      if (used) throw badRequest(`分类【${names.get(used.typeId)}】下还有${used.n}道题目，请先删除或移走题目`);
      const [task] = await tx
        .select({ typeId: bbhActivityTask.questionTypeId, name: bbhActivityTask.taskName })
        .from(bbhActivityTask)
        .where(and(inArray(bbhActivityTask.questionTypeId, [...gone]), eq(bbhActivityTask.delFlag, 0), eq(bbhActivityTask.questionMode, 2)))
        .limit(1);
      if (task) throw badRequest(`分类【${names.get(task.typeId!)}】被任务【${task.name}】用于随机抽题，不能删除`);
      await tx.update(T).set({ delFlag: 1, ...updated(by) }).where(inArray(T.id, [...gone]));
      await syncHasChild(tx, rows.map((r) => r.pid).filter((p) => !gone.has(p)));
    });
  };

  app.delete(`${BASE}/delete`, { config: can("bbh:questionType:delete"), schema: { querystring: IdQuery } }, async (req) => {
    await remove([req.query.id], req);
    return ok(null, "删除成功!");
  });
  app.delete(`${BASE}/deleteBatch`, { config: can("bbh:questionType:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    await remove(parseIds(req.query.ids), req);
    return ok(null, "批量删除成功！");
  });

  registerExport<TypeRow>(base, {
    base: BASE,
    table: T,
    id: T.id,
    spec: questionTypeListSpec,
    dictFields: DICTS,
    code: "bbh:questionType:export",
    where: () => [live],
    excel: { title: "题目分类", columns: [col("分类名称", "typeName", 24), col("排序", "sortNo", 8), col("状态", "typeStatus", 10), col("创建时间", "createTime", 20)] },
  });
}
