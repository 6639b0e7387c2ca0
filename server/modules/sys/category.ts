/**
 * `/sys/category` — the category dictionary (contract.md §10.9): a tree (`pid` '0' = root, `has_child` '1'/'0')
 * whose codes follow the fill rule `category_code_rule` (one letter and two digits per level, siblings under
 * the same pid). Deleting removes the whole subtree; parents left without children get `has_child='0'`.
 * The tree look-ups (`loadTreeRoot`, `loadTreeChildren`, `loadTreeData`, `loadDictItem`, `loadAllData`,
 * `loadOne`) feed the category pickers of other forms, so any signed-in user may call them.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, inArray, like, ne, sql, type SQL } from "drizzle-orm";
import { sysCategory } from "../../db/schema.js";
import type { Db } from "../../db/client.js";
import { highestCode, nextChildCode } from "../../lib/code-rule.js";
import { formatDateTime } from "../../lib/dates.js";
import { badRequest, fail, ok, refused } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can, signedIn } from "../../plugins/auth.js";
import { Id, IdQuery, IdsQuery, ListQuery, Text, created, parseIds, scope, updated } from "./shared.js";
import { categoryLimits } from "../../../contract/limits.js";
import { textField } from "../../lib/field-schema.js";
import { scopeRows, unscoped } from "../../plugins/row-scope.js";
import { rowScope, viewOf, visibleCondition } from "../../lib/row-scope.js";

type Row = typeof sysCategory.$inferSelect;

export const ROOT_PID = "0";

export const categoryListSpec: ListSpec = {
  fields: {
    pid: { column: sysCategory.pid, type: "string" },
    name: { column: sysCategory.name, type: "string", sort: true },
    code: { column: sysCategory.code, type: "string", sort: true },
    hasChild: { column: sysCategory.hasChild, type: "string" },
    sysOrgCode: { column: sysCategory.sysOrgCode, type: "string" },
    createBy: { column: sysCategory.createBy, type: "string" },
    createTime: { column: sysCategory.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "code", order: "asc" }],
  tiebreak: sysCategory.id,
  component: "system/SysCategoryList",
};

/** Categories by id: those 分类字典 shows the caller. */
export const categoryRows = rowScope({ label: "分类", table: sysCategory, id: sysCategory.id, views: [viewOf(categoryListSpec)] });

export const toCategoryJson = (r: Row) => ({
  id: r.id,
  pid: r.pid,
  name: r.name,
  code: r.code,
  hasChild: r.hasChild,
  sysOrgCode: r.sysOrgCode,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

/** JeecgBoot's `TreeSelectModel`. */
interface TreeNode {
  key: string;
  title: string;
  value: string;
  code: string | null;
  parentId: string;
  isLeaf: boolean;
  icon: string | null;
  children: TreeNode[] | null;
}

const toTreeNode = (r: Row): TreeNode => ({
  key: r.id,
  title: r.name,
  value: r.id,
  code: r.code,
  parentId: r.pid,
  isLeaf: r.hasChild !== "1",
  icon: null,
  children: null,
});

const AddBody = Type.Object({
  pid: Text(36, "父级节点"),
  name: textField(categoryLimits.name),
});
const EditBody = Type.Object({
  id: Id,
  name: textField(categoryLimits.name),
  code: Type.Optional(Type.Union([Type.Null(), textField(categoryLimits.code)], { title: categoryLimits.code.label })),
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);
const byCode = [sql`${sysCategory.code} asc nulls last`, asc(sysCategory.name), asc(sysCategory.id)];

const children = (db: Db, pids: string[], extra?: SQL) =>
  db.select().from(sysCategory).where(and(inArray(sysCategory.pid, pids), extra)).orderBy(...byCode);

/** The next code below `parent` (fill rule `category_code_rule`); the caller holds the code lock. */
export async function nextCategoryCode(db: Db, parent: Row | null): Promise<string> {
  const siblings = await db.select({ code: sysCategory.code }).from(sysCategory).where(eq(sysCategory.pid, parent?.id ?? ROOT_PID));
  return nextChildCode(parent?.code ?? "", highestCode(siblings.map((s) => s.code)));
}

/** Ids of the given nodes and everything below them. */
async function subtreeIds(db: Db, ids: string[]): Promise<string[]> {
  const all = new Set(ids);
  let level = ids;
  while (level.length) {
    const next = (await db.select({ id: sysCategory.id }).from(sysCategory).where(inArray(sysCategory.pid, level))).map((r) => r.id).filter((id) => !all.has(id));
    next.forEach((id) => all.add(id));
    level = next;
  }
  return [...all];
}

/** Sets `has_child` of the given parents from what is below them now. */
async function syncHasChild(db: Db, pids: string[]) {
  const parents = pids.filter((p) => p && p !== ROOT_PID);
  if (!parents.length) return;
  await db
    .update(sysCategory)
    .set({ hasChild: sql`case when exists (select 1 from sys_category c where c.pid = ${sysCategory.id}) then '1' else '0' end` })
    .where(inArray(sysCategory.id, parents));
}

/** Nests rows under their parents; rows whose parent is not among them are roots. */
function nest(rows: Row[]): TreeNode[] {
  const nodes = new Map(rows.map((r) => [r.id, toTreeNode(r)]));
  const roots: TreeNode[] = [];
  for (const r of rows) {
    const n = nodes.get(r.id)!;
    const parent = nodes.get(r.pid);
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

const Condition = Type.Optional(Type.String({ title: "查询条件", maxLength: 1000 }));

/** `condition` of `loadTreeData`: a JSON object of equality filters on `name` / `code`. */
function parseCondition(raw: string | undefined): SQL | undefined {
  if (!raw || !raw.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest("参数「condition」必须是 JSON 对象");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw badRequest("参数「condition」必须是 JSON 对象");
  const columns = { name: sysCategory.name, code: sysCategory.code } as const;
  const conditions: SQL[] = [];
  for (const [key, value] of Object.entries(parsed)) {
    if (!(key in columns)) throw badRequest(`参数「condition」不支持字段「${key.slice(0, 40)}」`);
    if (typeof value !== "string" && typeof value !== "number") throw badRequest(`参数「condition」中「${key}」的值必须是文本`);
    conditions.push(eq(columns[key as keyof typeof columns], String(value)));
  }
  return and(...conditions);
}

export default async function categoryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: categoryRows, ids: categoryRows, parentIds: unscoped("父节点编号：列出的子节点按数据权限过滤") });
  const { db, config, cache } = app.ctx;

  const byId = async (tx: Db, id: string) => (await tx.select().from(sysCategory).where(eq(sysCategory.id, id)))[0];
  const byCodeValue = async (tx: Db, code: string) => (await tx.select().from(sysCategory).where(eq(sysCategory.code, code)))[0];

  app.get("/sys/category/rootList", { config: can("system:category:list"), schema: { querystring: ListQuery } }, async (req) => {
    const query = { ...req.query } as Record<string, unknown>;
    const searching = [query.name, query.code].some((v) => typeof v === "string" && v.trim() !== "");
    // JeecgBoot: roots only, unless the user searches by name or code (then matches at any level).
    if (searching) delete query.pid;
    else if (typeof query.pid !== "string" || query.pid.trim() === "") query.pid = ROOT_PID;
    const params = parseListQuery(categoryListSpec, query, config.maxPageSize);
    const { rows, total } = await fetchPage(db, sysCategory, params, { scope: scope(req, cache) });
    return ok(toPage(rows.map(toCategoryJson), total, params));
  });

  app.get(
    "/sys/category/childList",
    { config: can("system:category:list"), schema: { querystring: Type.Object({ pid: Type.String({ title: "父级节点", minLength: 1, maxLength: 36 }) }, { additionalProperties: true }) } },
    async (req) => ok((await children(db, [req.query.pid], await visibleCondition(db, categoryRows, scope(req, cache)))).map(toCategoryJson)),
  );

  app.get(
    "/sys/category/getChildListBatch",
    { config: can("system:category:list"), schema: { querystring: Type.Object({ parentIds: Type.String({ title: "父级节点", maxLength: 40_000 }) }) } },
    async (req) => {
      const rows = await children(db, parseIds(req.query.parentIds), await visibleCondition(db, categoryRows, scope(req, cache)));
      return ok({ records: rows.map(toCategoryJson), total: rows.length, size: rows.length, current: 1, pages: 1 });
    },
  );

  app.get("/sys/category/queryById", { config: can("system:category:list"), schema: { querystring: IdQuery } }, async (req) => {
    const row = await byId(db, req.query.id);
    if (!row) throw refused("未找到对应实体");
    return ok(toCategoryJson(row));
  });

  app.get(
    "/sys/category/checkCode",
    { config: can("system:category:list"), schema: { querystring: Type.Object({ pid: Type.Optional(Type.String({ title: "父级节点", maxLength: 36 })), code: Type.Optional(Type.String({ title: "分类编码", maxLength: 100 })) }) } },
    async (req) => {
      const { pid, code } = req.query;
      if (!pid || pid === ROOT_PID || !code) return ok(null);
      const parent = await byId(db, pid);
      if (!parent) return fail("上级分类不存在");
      if (parent.code && !code.startsWith(parent.code)) return fail(`编码不符合规范,须以"${parent.code}"开头!`);
      return ok(null, "编码验证通过");
    },
  );

  app.post("/sys/category/add", { config: can("system:category:add"), schema: { body: AddBody } }, async (req) => {
    const user = req.currentUser();
    const pid = req.body.pid?.trim() || ROOT_PID;
    await db.transaction(async (tx) => {
      let parent: Row | null = null;
      if (pid !== ROOT_PID) {
        parent = (await byId(tx, pid)) ?? null;
        if (!parent) throw badRequest("上级分类不存在");
      }
      // One writer at a time picks the next code, so two adds never compute the same one.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sys_category.code'))`);
      const code = await nextCategoryCode(tx, parent);
      await tx.insert(sysCategory).values({ id: nextId(), pid, name: req.body.name.trim(), code, hasChild: "0", sysOrgCode: user.orgCode, ...created(req) });
      if (parent && parent.hasChild !== "1") await tx.update(sysCategory).set({ hasChild: "1" }).where(eq(sysCategory.id, parent.id));
    });
    return ok(null, "添加成功！");
  });

  const edit = async (req: FastifyRequest<{ Body: Static<typeof EditBody> }>) => {
    const { id, name } = req.body;
    await db.transaction(async (tx) => {
      const row = await byId(tx, id);
      if (!row) throw refused("未找到对应实体");
      const code = req.body.code === undefined ? row.code : req.body.code?.trim() || null;
      if (code !== row.code) {
        if (code === null) throw badRequest("分类编码不能为空");
        const parent = row.pid === ROOT_PID ? null : await byId(tx, row.pid);
        if (parent?.code && !code.startsWith(parent.code)) throw refused(`编码不符合规范,须以"${parent.code}"开头!`);
        const [taken] = await tx.select({ id: sysCategory.id }).from(sysCategory).where(and(eq(sysCategory.code, code), ne(sysCategory.id, id)));
        if (taken) throw refused("分类编码已存在");
      }
      await tx.update(sysCategory).set({ name: name.trim(), code, ...updated(req) }).where(eq(sysCategory.id, id));
    });
    return ok(null, "编辑成功!");
  };
  app.put("/sys/category/edit", { config: can("system:category:edit"), schema: { body: EditBody } }, edit);
  app.post("/sys/category/edit", { config: can("system:category:edit"), schema: { body: EditBody } }, edit);

  const remove = async (ids: string[]) => {
    await db.transaction(async (tx) => {
      const roots = await tx.select().from(sysCategory).where(inArray(sysCategory.id, ids));
      if (!roots.length) throw refused("未找到对应实体");
      const all = await subtreeIds(tx, roots.map((r) => r.id));
      for (let i = 0; i < all.length; i += 1000) await tx.delete(sysCategory).where(inArray(sysCategory.id, all.slice(i, i + 1000)));
      await syncHasChild(tx, [...new Set(roots.map((r) => r.pid))].filter((p) => !all.includes(p)));
    });
  };

  app.delete("/sys/category/delete", { config: can("system:category:delete"), schema: { querystring: IdQuery } }, async (req) => {
    await remove([req.query.id]);
    return ok(null, "删除成功!");
  });

  app.delete("/sys/category/deleteBatch", { config: can("system:category:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    await remove(parseIds(req.query.ids));
    return ok(null, "删除成功!");
  });

  // ── Look-ups for category pickers ────────────────────────────────────────────────────────────────────────

  app.get(
    "/sys/category/loadOne",
    { config: signedIn, schema: { querystring: Type.Object({ field: Type.String({ title: "字段", maxLength: 20 }), val: Type.String({ title: "值", maxLength: 100 }) }) } },
    async (req) => {
      const columns = { id: sysCategory.id, code: sysCategory.code, name: sysCategory.name, pid: sysCategory.pid } as const;
      const column = columns[req.query.field as keyof typeof columns];
      if (!column) throw badRequest(`不支持按「${req.query.field}」查询`);
      const rows = await db.select().from(sysCategory).where(eq(column, req.query.val)).limit(2);
      if (!rows.length) return fail("查询无果");
      if (rows.length > 1) return fail(`查询数据异常,[${req.query.field}]存在多个值:${req.query.val}`);
      return ok(toCategoryJson(rows[0]));
    },
  );

  app.get(
    "/sys/category/loadTreeChildren",
    { config: signedIn, schema: { querystring: Type.Object({ pid: Type.String({ title: "父级节点", minLength: 1, maxLength: 36 }) }) } },
    async (req) => ok((await children(db, [req.query.pid])).map(toTreeNode)),
  );

  /** The children of the node coded `pcode` (`0`: the roots); the whole subtree unless `async`. */
  app.get(
    "/sys/category/loadTreeRoot",
    {
      config: signedIn,
      schema: { querystring: Type.Object({ async: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })], { title: "异步加载" })), pcode: Type.String({ title: "根分类编码", minLength: 1, maxLength: 100 }) }) },
    },
    async (req) => {
      const { pcode } = req.query;
      const lazy = req.query.async !== false && req.query.async !== "false";
      let pid = ROOT_PID;
      if (pcode !== ROOT_PID) {
        const node = await byCodeValue(db, pcode);
        if (!node) return fail("该编码【" + pcode + "】不存在，请核实!");
        pid = node.id;
      }
      if (lazy) return ok((await children(db, [pid])).map(toTreeNode));
      const ids = (await subtreeIds(db, [pid])).filter((id) => id !== pid);
      const rows = ids.length ? await db.select().from(sysCategory).where(inArray(sysCategory.id, ids)).orderBy(...byCode) : [];
      return ok(nest(rows));
    },
  );

  app.get(
    "/sys/category/loadTreeData",
    {
      config: signedIn,
      schema: { querystring: Type.Object({ pid: Type.Optional(Type.String({ title: "父级节点", maxLength: 36 })), pcode: Type.Optional(Type.String({ title: "根分类编码", maxLength: 100 })), condition: Condition }) },
    },
    async (req) => {
      let pid = req.query.pid?.trim() || "";
      if (!pid) {
        const pcode = req.query.pcode?.trim() || ROOT_PID;
        if (pcode === ROOT_PID) pid = ROOT_PID;
        else {
          const node = await byCodeValue(db, pcode);
          if (!node) return fail("该编码【" + pcode + "】不存在，请核实!");
          pid = node.id;
        }
      }
      return ok((await children(db, [pid], parseCondition(req.query.condition))).map(toTreeNode));
    },
  );

  /** Names of the given ids, in order; unknown ids are dropped (`delNotExist`, default) or kept as they are. */
  app.get(
    "/sys/category/loadDictItem",
    {
      config: { ...signedIn, rows: { ids: unscoped("分类选择器按编号回显名称：名称不是受保护的数据") } },
      schema: { querystring: Type.Object({ ids: Type.String({ title: "编号列表", maxLength: 40_000 }), delNotExist: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })], { title: "忽略不存在的值" })) }) },
    },
    async (req) => {
      const ids = req.query.ids.split(",").map((s) => s.trim()).filter(Boolean);
      if (!ids.length) return ok([]);
      const keep = req.query.delNotExist === false || req.query.delNotExist === "false";
      const known = parseIds(ids.join(","));
      const names = new Map((await db.select({ id: sysCategory.id, name: sysCategory.name }).from(sysCategory).where(inArray(sysCategory.id, known))).map((r) => [r.id, r.name]));
      return ok(ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : keep ? [id] : [])));
    },
  );

  /** `[{value: id, text: name}]` of every category whose code starts with `code` (`0` or empty: all). */
  app.get(
    "/sys/category/loadAllData",
    { config: signedIn, schema: { querystring: Type.Object({ code: Type.Optional(Type.String({ title: "分类编码", maxLength: 100 })) }) } },
    async (req) => {
      const code = req.query.code?.trim();
      const rows = await db
        .select({ value: sysCategory.id, text: sysCategory.name })
        .from(sysCategory)
        .where(code && code !== ROOT_PID ? like(sysCategory.code, `${escapeLike(code)}%`) : undefined)
        .orderBy(...byCode);
      return ok(rows);
    },
  );
}
