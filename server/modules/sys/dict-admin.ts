/**
 * Dictionary management (contract.md §8.3): `/sys/dict` (logical delete, recycle bin, cache refresh,
 * `queryAllDictItems`) and `/sys/dictItem` (items, `dictItemCheck`). Every write drops the dictionary cache,
 * so `getDictItems` and `_dictText` see it at once.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { sysDict, sysDictItem } from "../../db/schema.js";
import { formatDateTime } from "../../lib/dates.js";
import { fail, ok, refused } from "../../lib/envelope.js";
import { uuid32 } from "../../lib/ids.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "./crud.js";
import { Id, IdQuery, IdsQuery, ListQuery, UNSCOPED, parseIds, scope, updated } from "./shared.js";
import { dictItemLimits, dictLimits } from "../../../contract/limits.js";
import { nullable, textField, titled } from "../../lib/field-schema.js";
import { scopeRows } from "../../plugins/row-scope.js";
import { rowScope, viewOf, visibleCondition } from "../../lib/row-scope.js";

type DictRow = typeof sysDict.$inferSelect;
type ItemRow = typeof sysDictItem.$inferSelect;

export const dictSpec: ListSpec = {
  fields: {
    dictName: { column: sysDict.dictName, type: "string", sort: true },
    dictCode: { column: sysDict.dictCode, type: "string", sort: true },
    description: { column: sysDict.description, type: "string" },
    type: { column: sysDict.type, type: "int" },
    createTime: { column: sysDict.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysDict.id,
  component: "system/DictList",
};

/** Dictionaries by id (the recycle bin's too): those 数据字典 shows the caller. */
export const dictRows = rowScope({ label: "字典", table: sysDict, id: sysDict.id, views: [viewOf(dictSpec)] });

const itemSpec: ListSpec = {
  fields: {
    dictId: { column: sysDictItem.dictId, type: "string" },
    itemText: { column: sysDictItem.itemText, type: "string", sort: true },
    itemValue: { column: sysDictItem.itemValue, type: "string", sort: true },
    status: { column: sysDictItem.status, type: "int" },
    sortOrder: { column: sysDictItem.sortOrder, type: "int", sort: true },
  },
  defaultSort: [{ field: "sortOrder", order: "asc" }],
  tiebreak: sysDictItem.id,
};

/** A dictionary's items: visible with their dictionary. */
const dictItemRows = rowScope({ label: "字典项", table: sysDictItem, id: sysDictItem.id, parent: { rows: dictRows, column: sysDictItem.dictId } });

const dictJson = (r: DictRow) => ({
  id: r.id,
  dictName: r.dictName,
  dictCode: r.dictCode,
  description: r.description,
  delFlag: r.delFlag,
  type: r.type,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

const itemJson = (r: ItemRow) => ({
  id: r.id,
  dictId: r.dictId,
  itemText: r.itemText,
  itemValue: r.itemValue,
  description: r.description,
  sortOrder: r.sortOrder,
  status: r.status,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

const DictBody = Type.Object({
  dictName: textField(dictLimits.dictName),
  dictCode: textField(dictLimits.dictCode),
  description: textField(dictLimits.description),
  type: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: "字典类型" })),
});

const ItemBody = Type.Object({
  dictId: titled(Id, "字典编号"),
  itemText: textField(dictItemLimits.itemText),
  itemValue: textField(dictItemLimits.itemValue),
  description: textField(dictItemLimits.description),
  sortOrder: Type.Optional(nullable(Type.Integer({ title: "排序值", minimum: -100000, maximum: 100000 }))),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: "是否启用" })),
});

export default async function dictAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: dictRows, ids: dictRows, dictId: dictRows });
  const { db, dicts, config, cache } = app.ctx;
  const refresh = () => dicts.refresh();

  app.get("/sys/dict/list", { config: can("system:dict:list"), schema: { querystring: ListQuery } }, async (req) => {
    const params = parseListQuery(dictSpec, req.query, config.maxPageSize);
    const { rows, total } = await fetchPage(db, sysDict, params, { where: [eq(sysDict.delFlag, 0)], scope: scope(req, cache) });
    return ok(toPage(rows.map(dictJson), total, params));
  });

  app.get("/sys/dict/queryById", { config: can("system:dict:list"), schema: { querystring: IdQuery } }, async (req) => {
    const [row] = await db.select().from(sysDict).where(eq(sysDict.id, req.query.id));
    if (!row) throw refused("未找到对应实体");
    return ok(dictJson(row));
  });

  const assertCodeFree = async (code: string, exceptId?: string) => {
    const [hit] = await db.select({ id: sysDict.id }).from(sysDict).where(and(eq(sysDict.dictCode, code), exceptId ? ne(sysDict.id, exceptId) : undefined));
    if (hit) throw refused("字典编码已存在");
  };

  app.post("/sys/dict/add", { config: can("system:dict:add"), schema: { body: DictBody } }, async (req) => {
    const b = req.body;
    await assertCodeFree(b.dictCode);
    const user = req.currentUser();
    await db.insert(sysDict).values({ id: uuid32(), dictName: b.dictName, dictCode: b.dictCode, description: b.description || null, type: b.type ?? 0, delFlag: 0, createBy: user.username, createTime: new Date() });
    refresh();
    return ok(null, "保存成功！");
  });

  const DictEdit = Type.Object({ ...DictBody.properties, id: Id });
  const editDict = async (req: FastifyRequest<{ Body: Static<typeof DictEdit> }>) => {
    const b = req.body;
    await assertCodeFree(b.dictCode, b.id);
    const done = await db
      .update(sysDict)
      .set({ dictName: b.dictName, dictCode: b.dictCode, description: b.description || null, type: b.type ?? 0, ...updated(req) })
      .where(eq(sysDict.id, b.id))
      .returning({ id: sysDict.id });
    if (!done.length) throw refused("未找到对应实体");
    refresh();
    return ok(null, "编辑成功!");
  };
  app.put("/sys/dict/edit", { config: can("system:dict:edit"), schema: { body: DictEdit } }, editDict);
  app.post("/sys/dict/edit", { config: can("system:dict:edit"), schema: { body: DictEdit } }, editDict);

  const logicalDelete = async (ids: string[]) => {
    const done = await db.update(sysDict).set({ delFlag: 1 }).where(and(inArray(sysDict.id, ids), eq(sysDict.delFlag, 0))).returning({ id: sysDict.id });
    if (!done.length) throw refused("未找到对应实体");
    refresh();
  };
  app.delete("/sys/dict/delete", { config: can("system:dict:delete"), schema: { querystring: IdQuery } }, async (req) => {
    await logicalDelete([req.query.id]);
    return ok(null, "删除成功!");
  });
  app.delete("/sys/dict/deleteBatch", { config: can("system:dict:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    await logicalDelete(parseIds(req.query.ids));
    return ok(null, "删除成功!");
  });

  // Recycle bin.
  app.get("/sys/dict/deleteList", { config: can("system:dict:delete") }, async (req) =>
    ok((await db.select().from(sysDict).where(and(eq(sysDict.delFlag, 1), await visibleCondition(db, dictRows, scope(req, cache)))).orderBy(asc(sysDict.dictCode))).map(dictJson)),
  );
  app.put("/sys/dict/back/:id", { config: can("system:dict:delete"), schema: { params: Type.Object({ id: Id }) } }, async (req) => {
    const done = await db.update(sysDict).set({ delFlag: 0 }).where(and(eq(sysDict.id, req.params.id), eq(sysDict.delFlag, 1))).returning({ id: sysDict.id });
    if (!done.length) throw refused("未找到对应实体");
    refresh();
    return ok(null, "操作成功!");
  });
  app.delete("/sys/dict/deletePhysic/:id", { config: can("system:dict:delete"), schema: { params: Type.Object({ id: Id }) } }, async (req) => {
    await db.transaction(async (tx) => {
      const gone = await tx.delete(sysDict).where(and(eq(sysDict.id, req.params.id), eq(sysDict.delFlag, 1))).returning({ id: sysDict.id });
      if (!gone.length) throw refused("只能彻底删除回收站中的字典");
      await tx.delete(sysDictItem).where(eq(sysDictItem.dictId, req.params.id));
    });
    refresh();
    return ok(null, "删除成功!");
  });

  app.get("/sys/dict/refleshCache", { config: can("system:dict:refreshCache") }, async () => {
    refresh();
    return ok(null, "刷新缓存成功！");
  });
  app.get("/sys/dict/queryAllDictItems", { config: can("system:dict:list") }, async () => ok(await dicts.allEnabled()));

  // ---- items --------------------------------------------------------------------------------------
  // `dictId` is an optional filter, as in JeecgBoot: the Vue 2 item drawer first loads with no dictId at all
  // (`delFlag=1&field=…&pageNo=1&pageSize=10`) and gets every item. Items have no del flag and `field` only
  // names the client's columns, so both are ignored like any parameter that is not a field.
  const ItemListQuery = Type.Object({ ...ListQuery.properties, dictId: Type.Optional(Type.Union([Type.Literal(""), Id], { title: "字典编号" })) }, { additionalProperties: true });
  app.get("/sys/dictItem/list", { config: can("system:dict:list"), schema: { querystring: ItemListQuery } }, async (req) => {
    const params = parseListQuery(itemSpec, { ...req.query, column: "sortOrder", order: "asc" }, config.maxPageSize);
    const { rows, total } = await fetchPage(db, sysDictItem, params, { where: [await visibleCondition(db, dictItemRows, scope(req, cache))] });
    return ok(toPage(await dicts.translate(rows.map(itemJson), { status: "dict_item_status" }), total, params));
  });

  registerCrud<typeof ItemBody, ItemRow>(base, {
    base: "/sys/dictItem",
    table: sysDictItem,
    id: sysDictItem.id,
    spec: itemSpec,
    codes: { list: "system:dict:list", add: "system:dict:edit", edit: "system:dict:edit", delete: "system:dict:edit", deleteBatch: "system:dict:edit" },
    body: ItemBody,
    skipList: true,
    rows: dictItemRows,
    values: async (b, tx) => {
      const [dict] = await tx.select({ id: sysDict.id }).from(sysDict).where(eq(sysDict.id, b.dictId));
      if (!dict) throw refused("字典不存在");
      return { dictId: b.dictId, itemText: b.itemText.trim(), itemValue: b.itemValue.trim(), description: b.description || null, sortOrder: b.sortOrder ?? 0, status: b.status ?? 1 };
    },
    toJson: itemJson,
    uniqueWithin: { scope: sysDictItem.dictId, scopeKey: "dictId", column: sysDictItem.itemValue, key: "itemValue", message: "该值不可用，系统中已存在！" },
    afterWrite: refresh,
    messages: { add: "保存成功！", edit: "编辑成功!", delete: "删除成功!", deleteBatch: "删除成功!" },
  });

  app.get(
    "/sys/dictItem/dictItemCheck",
    { config: { ...can("system:dict:list"), rows: { id: UNSCOPED.exceptSelf } }, schema: { querystring: Type.Object({ itemValue: Type.String({ title: "数据值", maxLength: 100 }), dictId: titled(Id, "字典编号"), id: Type.Optional(Type.String({ title: "编号", maxLength: 36 })) }) } },
    async (req) => {
      const { itemValue, dictId, id } = req.query;
      const [hit] = await db
        .select({ id: sysDictItem.id })
        .from(sysDictItem)
        .where(and(eq(sysDictItem.dictId, dictId), eq(sysDictItem.itemValue, itemValue), id ? ne(sysDictItem.id, id) : undefined));
      return hit ? fail("该值不可用，系统中已存在！") : ok(null, "该值可用！");
    },
  );
}
