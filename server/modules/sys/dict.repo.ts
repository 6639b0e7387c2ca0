/** Dictionary look-ups with an in-process cache (dropped by `refresh()` whenever a dictionary changes). */
import { asc, eq, and, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DictItem, DictMap } from "../../../contract/index.js";
import type { Db } from "../../db/client.js";
import { sysCategory, sysDepart, sysDict, sysDictItem, sysPosition, sysRole, sysUser } from "../../db/schema.js";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { badRequest, refused } from "../../lib/envelope.js";
import { escapeLike } from "../../lib/list-query.js";

interface CachedItem extends DictItem {
  status: number;
}

/**
 * Tables and columns a table dictionary (`table,text,code`) may read. Anything else is refused, so a
 * dictionary code can never name arbitrary SQL (the JeecgBoot history of injections through dict codes).
 */
const TABLE_DICTS: Record<string, { table: PgTable; columns: Record<string, PgColumn>; where?: ReturnType<typeof sql> }> = {
  sys_user: {
    table: sysUser,
    columns: { id: sysUser.id, username: sysUser.username, realname: sysUser.realname, work_no: sysUser.workNo },
    where: sql`${sysUser.delFlag} = 0`,
  },
  sys_depart: {
    table: sysDepart,
    columns: { id: sysDepart.id, depart_name: sysDepart.departName, org_code: sysDepart.orgCode },
    where: sql`${sysDepart.delFlag} = '0'`,
  },
  sys_role: {
    table: sysRole,
    columns: { id: sysRole.id, role_name: sysRole.roleName, role_code: sysRole.roleCode },
  },
  sys_position: {
    table: sysPosition,
    columns: { id: sysPosition.id, name: sysPosition.name, code: sysPosition.code },
  },
  // The category pickers (JTreeSelect `sys_category,name,id`) show a chosen node's name through loadDictItem.
  sys_category: {
    table: sysCategory,
    columns: { id: sysCategory.id, name: sysCategory.name, code: sysCategory.code },
  },
};

/** Most rows one dictionary look-up returns. */
const MAX_DICT_ROWS = 1000;

/**
 * Tables `loadTreeData` may read as a tree: `text`, `code` and the `condition` keys must be columns of the
 * table's TABLE_DICTS entry, `pidField` and `hasChildField` names listed here.
 */
const TREE_DICTS: Record<
  string,
  {
    parents: Record<string, PgColumn>;
    hasChild?: Record<string, PgColumn>;
    orderBy: PgColumn[];
  }
> = {
  sys_depart: { parents: { parent_id: sysDepart.parentId }, orderBy: [sysDepart.departOrder, sysDepart.orgCode] },
  sys_category: { parents: { pid: sysCategory.pid }, hasChild: { has_child: sysCategory.hasChild }, orderBy: [sysCategory.code, sysCategory.id] },
};

export interface TreeQuery {
  tableName: string;
  text: string;
  code: string;
  pidField: string;
  /** Parent key; empty = the top level (rows whose parent column is empty or null). */
  pid?: string;
  hasChildField?: string;
  /** JSON object of `column: value` equalities, as the JeecgBoot client sends it. */
  condition?: string;
}

/** A node of JeecgBoot's `TreeSelectModel` (`leaf` is how Jackson names its `isLeaf`; the client reads both). */
export interface TreeNode {
  key: string;
  value: string;
  title: string;
  parentId: string | null;
  isLeaf: boolean;
  leaf: boolean;
}

const item = (value: string, text: string): DictItem => ({ value, text, title: text, label: text });

/** The text of a dictionary value: a comma list item by item, an unknown value as it is, nothing for an empty one. */
function dictText(byValue: ReadonlyMap<string, string> | undefined, value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const s = String(value);
  if (!s.includes(",")) return byValue?.get(s) ?? s;
  return s
    .split(",")
    .map((v) => byValue?.get(v) ?? v)
    .join(",");
}

export class DictService {
  /** Each code's items in sort order, and its text by value (the first item of a value wins), for `translate`. */
  private cache: { lists: Map<string, CachedItem[]>; texts: Map<string, Map<string, string>> } | null = null;

  constructor(private db: Db) {}

  /**
   * The cached dictionaries, read when cold. Inside a transaction pass its handle (`via`): the root handle
   * refuses queries there (server/db/client.ts). What a transaction reads is not cached, since it may see
   * its own uncommitted writes.
   */
  private async load(via?: Db): Promise<NonNullable<DictService["cache"]>> {
    if (this.cache) return this.cache;
    const rows = await (via ?? this.db)
      .select({
        code: sysDict.dictCode,
        value: sysDictItem.itemValue,
        text: sysDictItem.itemText,
        status: sysDictItem.status,
      })
      .from(sysDictItem)
      .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
      .where(eq(sysDict.delFlag, 0))
      .orderBy(asc(sysDict.dictCode), asc(sysDictItem.sortOrder));
    const map = new Map<string, CachedItem[]>();
    for (const r of rows) {
      const list = map.get(r.code) ?? [];
      list.push({ ...item(r.value, r.text), status: r.status });
      map.set(r.code, list);
    }
    const texts = new Map([...map].map(([code, list]) => [code, new Map(list.toReversed().map((i) => [i.value, i.text]))]));
    const loaded = { lists: map, texts };
    if (!via) this.cache = loaded;
    return loaded;
  }

  refresh(): void {
    this.cache = null;
  }

  /** Items of a plain dictionary code, every status, in sort order (JeecgBoot `getDictItems`); `via`: the caller's transaction. */
  async items(code: string, via?: Db): Promise<DictItem[]> {
    return ((await this.load(via)).lists.get(code) ?? []).map(({ status: _status, ...rest }) => rest);
  }

  /** Every dictionary's enabled items, as sent at login (`sysAllDictItems`). */
  async allEnabled(): Promise<DictMap> {
    const out: DictMap = {};
    for (const [code, list] of (await this.load()).lists) {
      out[code] = list.filter((i) => i.status === 1).map(({ status: _status, ...rest }) => rest);
    }
    return out;
  }

  /** `table,text,code` → the allow-listed table and columns it names; anything else is refused. */
  private tableDict(spec: string) {
    const parts = spec.split(",").map((p) => p.trim());
    if (parts.length < 3) throw refused("字典Code格式不正确！");
    if (parts.length > 3) throw refused("不支持带条件的表字典");
    const [tableName, textName, codeName] = parts;
    const entry = TABLE_DICTS[tableName];
    const text = entry?.columns[textName];
    const code = entry?.columns[codeName];
    if (!entry || !text || !code) throw refused("该表字典不在允许范围内");
    return { entry, text, code };
  }

  /** `table,text,code` → items read from an allow-listed table and columns. */
  async tableItems(spec: string): Promise<DictItem[]> {
    return this.tableSearch(spec, "", MAX_DICT_ROWS);
  }

  /** Items of a table dictionary whose text contains `keyword` (JeecgBoot `loadDict`), at most `limit`. */
  async tableSearch(spec: string, keyword: string, limit: number): Promise<DictItem[]> {
    const { entry, text, code } = this.tableDict(spec);
    const kw = keyword.trim();
    const rows = await this.db
      .select({ value: code, text })
      .from(entry.table)
      .where(and(entry.where, kw ? ilike(text, `%${escapeLike(kw)}%`) : undefined))
      .orderBy(asc(text))
      .limit(Math.min(limit, MAX_DICT_ROWS));
    return rows.map((r) => item(String(r.value ?? ""), String(r.text ?? "")));
  }

  /**
   * The texts of `keys` in a table dictionary, in the keys' order (JeecgBoot `loadDictItem`). A key that is
   * not found is left out, or given back as itself when `delNotExist` is false.
   */
  async tableTexts(spec: string, keys: string[], delNotExist: boolean): Promise<string[]> {
    const { entry, text, code } = this.tableDict(spec);
    if (keys.length > MAX_DICT_ROWS) throw badRequest(`一次最多查询 ${MAX_DICT_ROWS} 个值`);
    if (!keys.length) return [];
    const rows = await this.db
      .select({ value: code, text })
      .from(entry.table)
      .where(and(entry.where, inArray(code, keys)));
    const texts = new Map(rows.map((r) => [String(r.value), String(r.text ?? "")]));
    return keys.flatMap((k) => (texts.has(k) ? [texts.get(k)!] : delNotExist ? [] : [k]));
  }

  /**
   * One level of a tree read from an allow-listed table (JeecgBoot `loadTreeData`): the rows whose parent
   * column holds `pid`. A node is a leaf when `hasChildField` says so, or else when no row names it as parent.
   */
  async treeNodes(q: TreeQuery): Promise<TreeNode[]> {
    const tree = TREE_DICTS[q.tableName];
    const entry = TABLE_DICTS[q.tableName];
    const text = entry?.columns[q.text];
    const code = entry?.columns[q.code];
    const parent = tree?.parents[q.pidField];
    if (!tree || !entry || !text || !code || !parent) throw refused("该树形字典不在允许范围内");
    let hasChild: PgColumn | undefined;
    if (q.hasChildField) {
      hasChild = tree.hasChild?.[q.hasChildField];
      if (!hasChild) throw refused("该树形字典不在允许范围内");
    }
    const conditions: SQL[] = [];
    if (q.condition && q.condition.trim()) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(q.condition);
      } catch {
        throw badRequest("查询条件（condition）必须是 JSON 对象");
      }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw badRequest("查询条件（condition）必须是 JSON 对象");
      for (const [name, value] of Object.entries(parsed)) {
        const column = entry.columns[name];
        if (!column || (typeof value !== "string" && typeof value !== "number")) throw badRequest(`查询条件（condition）不支持「${name.slice(0, 40)}」`);
        conditions.push(eq(column, String(value)));
      }
    }
    const pid = q.pid?.trim() ?? "";
    const underParent = pid ? eq(parent, pid) : or(eq(parent, ""), isNull(parent));
    const leaf = hasChild
      ? sql<boolean>`coalesce(${hasChild} <> '1', true)`
      : sql<boolean>`not exists (select 1 from ${sql.identifier(q.tableName)} c
          where c.${sql.identifier(q.pidField)} = ${sql.identifier(q.tableName)}.${sql.identifier(code.name)})`;
    const rows = await this.db
      .select({ key: code, title: text, parentId: parent, leaf })
      .from(entry.table)
      .where(and(underParent, entry.where, ...conditions))
      .orderBy(...tree.orderBy.map((c) => asc(c)))
      .limit(MAX_DICT_ROWS);
    return rows.map((r) => {
      const key = String(r.key ?? "");
      const isLeaf = Boolean(r.leaf);
      return { key, value: key, title: String(r.title ?? ""), parentId: r.parentId == null ? null : String(r.parentId), isLeaf, leaf: isLeaf };
    });
  }

  /**
   * Adds `<field>_dictText` beside each dictionary field of each record (contract.md §5.4), in place, and answers
   * the same records; comma lists are translated element by element. Callers pass the JSON objects they just
   * built for the response: every list page runs this, and copying each record (40 fields for a red mark) cost
   * more than the rest of the translation.
   */
  async translate<T extends Record<string, unknown>>(records: T[], fields: Record<string, string>): Promise<T[]> {
    const { texts } = await this.load();
    const wanted = Object.entries(fields).map(([field, code]) => [field, `${field}_dictText`, texts.get(code)] as const);
    for (const record of records) {
      const out = record as Record<string, unknown>;
      for (const [field, key, byValue] of wanted) out[key] = dictText(byValue, record[field]);
    }
    return records;
  }
}
