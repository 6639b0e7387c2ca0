/** Dictionary look-ups with an in-process cache (dropped by `refresh()` whenever a dictionary changes). */
import { asc, eq, and, sql } from "drizzle-orm";
import type { DictItem, DictMap } from "../../../contract/index.js";
import type { Db } from "../../db/client.js";
import { sysDepart, sysDict, sysDictItem, sysPosition, sysRole, sysUser } from "../../db/schema.js";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { refused } from "../../lib/envelope.js";

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
};

const item = (value: string, text: string): DictItem => ({ value, text, title: text, label: text });

export class DictService {
  private cache: Map<string, CachedItem[]> | null = null;

  constructor(private db: Db) {}

  private async load(): Promise<Map<string, CachedItem[]>> {
    if (this.cache) return this.cache;
    const rows = await this.db
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
    this.cache = map;
    return map;
  }

  refresh(): void {
    this.cache = null;
  }

  /** Items of a plain dictionary code, every status, in sort order (JeecgBoot `getDictItems`). */
  async items(code: string): Promise<DictItem[]> {
    return ((await this.load()).get(code) ?? []).map(({ status: _status, ...rest }) => rest);
  }

  /** Every dictionary's enabled items, as sent at login (`sysAllDictItems`). */
  async allEnabled(): Promise<DictMap> {
    const out: DictMap = {};
    for (const [code, list] of await this.load()) {
      out[code] = list.filter((i) => i.status === 1).map(({ status: _status, ...rest }) => rest);
    }
    return out;
  }

  /** `table,text,code` → items read from an allow-listed table and columns. */
  async tableItems(spec: string): Promise<DictItem[]> {
    const parts = spec.split(",").map((p) => p.trim());
    if (parts.length < 3) throw refused("字典Code格式不正确！");
    if (parts.length > 3) throw refused("不支持带条件的表字典");
    const [tableName, textName, codeName] = parts;
    const entry = TABLE_DICTS[tableName];
    const text = entry?.columns[textName];
    const code = entry?.columns[codeName];
    if (!entry || !text || !code) throw refused("该表字典不在允许范围内");
    const rows = await this.db
      .select({ value: code, text })
      .from(entry.table)
      .where(and(entry.where))
      .orderBy(asc(text))
      .limit(1000);
    return rows.map((r) => item(String(r.value ?? ""), String(r.text ?? "")));
  }

  /**
   * Adds `<field>_dictText` beside each dictionary field of each record (contract.md §5.4); comma lists
   * are translated element by element.
   */
  async translate<T extends Record<string, unknown>>(records: T[], fields: Record<string, string>): Promise<T[]> {
    const dicts = await this.load();
    return records.map((record) => {
      const out: Record<string, unknown> = { ...record };
      for (const [field, code] of Object.entries(fields)) {
        const value = record[field];
        if (value === null || value === undefined || value === "") {
          out[`${field}_dictText`] = null;
          continue;
        }
        const list = dicts.get(code) ?? [];
        out[`${field}_dictText`] = String(value)
          .split(",")
          .map((v) => list.find((i) => i.value === v)?.text ?? v)
          .join(",");
      }
      return out as T;
    });
  }
}
