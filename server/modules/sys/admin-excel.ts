/**
 * Excel export and import (contract.md §6.1–6.2) of roles, departments, dictionaries and positions, in the
 * layout of server/lib/excel.ts. Export runs the page's list query (filters, sort, data rules, optional
 * `selections`). Import matches rows by their code (角色编码, 部门编码, 字典编码 + 字典项值, 职务编码): existing
 * rows are updated, new ones created. Every row is checked first; a file with any bad row imports nothing and
 * the answer names each bad row (`第N行：…`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { and, asc, eq, inArray } from "drizzle-orm";
import { sysDepart, sysDict, sysDictItem, sysPosition, sysRole } from "../../db/schema.js";
import type { Db } from "../../db/client.js";
import { fail, ok, refused } from "../../lib/envelope.js";
import { acceptUploads, importErrors, readWorkbook, sendWorkbook, uploadedWorkbook, writeWorkbook, type ExcelColumn, type SheetRow } from "../../lib/excel.js";
import { nextId, uuid32 } from "../../lib/ids.js";
import { fetchRows, parseListQuery } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { dictSpec } from "./dict-admin.js";
import { positionListSpec } from "./position.js";
import { roleListSpec } from "./role.js";
import { ListQuery, created, parseIds, scope, updated } from "./shared.js";

const EXPORT_MAX = 50_000;

const ExportQuery = Type.Object({ ...ListQuery.properties, selections: Type.Optional(Type.String({ title: "选中的记录", maxLength: 40_000 })) }, { additionalProperties: true });

type RowError = { line: number; message: string };

/** What an import will do, once every row passed its checks. */
interface ImportPlan {
  errors: RowError[];
  apply: (tx: Db) => Promise<{ created: number; updated: number }>;
}

/** Collects a row's problems; `done()` files them under the row's line. */
function rowChecker(errors: RowError[], line: number) {
  const problems: string[] = [];
  return {
    problem: (message: string) => problems.push(message),
    done: () => {
      if (problems.length) errors.push({ line, message: problems.join("，") });
      return problems.length === 0;
    },
  };
}

/** A required text cell within a length limit. */
function text(cells: Record<string, string>, header: string, max: number, problem: (m: string) => void, required = false): string | null {
  const v = cells[header] ?? "";
  if (!v) {
    if (required) problem(`${header}不能为空`);
    return null;
  }
  if (v.length > max) problem(`${header}不能超过 ${max} 个字符`);
  return v;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
};

async function runImport(req: FastifyRequest, reply: FastifyReply, db: Db, required: string[], plan: (rows: SheetRow[]) => Promise<ImportPlan>) {
  const rows = await readWorkbook(await uploadedWorkbook(req), required);
  const { errors, apply } = await plan(rows);
  if (errors.length) {
    errors.sort((a, b) => a.line - b.line);
    return reply.status(400).send({ ...fail(importErrors(errors), 400), result: { errors } });
  }
  let counts: { created: number; updated: number };
  try {
    counts = await db.transaction((tx) => apply(tx as unknown as Db));
  } catch (err) {
    if (isUniqueViolation(err)) throw refused("文件导入失败:有重复数据！");
    throw err;
  }
  return ok({ total: rows.length, ...counts }, `文件导入成功！数据行数：${rows.length}`);
}

/** Notes a value seen on `line`; a repeat becomes a problem of the later row. */
function firstSeen(seen: Map<string, number>, key: string, label: string, problem: (m: string) => void, line: number) {
  if (seen.has(key)) problem(`${label}与第${seen.get(key)}行重复`);
  else seen.set(key, line);
}

export default async function adminExcelRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dicts, config, cache } = app.ctx;
  await acceptUploads(app);

  const exporter = (req: FastifyRequest) => {
    const me = req.currentUser();
    return me.realname ?? me.username;
  };
  const selections = (raw: string | undefined) => (raw ? parseIds(raw) : undefined);
  const dictText = async (code: string) => new Map((await dicts.items(code)).map((i) => [i.value, i.text]));
  const dictValue = async (code: string) => new Map((await dicts.items(code)).flatMap((i) => [[i.text, i.value], [i.value, i.value]] as const));

  // ── Roles ────────────────────────────────────────────────────────────────────────────────────────────────
  const ROLE_TITLE = "角色信息";
  app.get("/sys/role/exportXls", { config: can("system:role:export"), schema: { querystring: ExportQuery } }, async (req, reply) => {
    const params = parseListQuery(roleListSpec, req.query, config.maxPageSize);
    const ids = selections(req.query.selections);
    const rows = await fetchRows(db, sysRole, params, { where: [ids ? inArray(sysRole.id, ids) : undefined], scope: scope(req, cache), max: EXPORT_MAX });
    const columns: ExcelColumn<(typeof rows)[number]>[] = [
      { header: "角色编码", value: (r) => r.roleCode },
      { header: "角色名称", value: (r) => r.roleName },
      { header: "备注", width: 40, value: (r) => r.description },
    ];
    return sendWorkbook(reply, ROLE_TITLE, await writeWorkbook({ title: ROLE_TITLE, exporter: exporter(req), columns, records: rows }));
  });

  app.post("/sys/role/importExcel", { config: can("system:role:import") }, async (req, reply) =>
    runImport(req, reply, db, ["角色编码", "角色名称"], async (rows) => {
      const errors: RowError[] = [];
      const seen = new Map<string, number>();
      const planned = rows.flatMap(({ line, cells }) => {
        const c = rowChecker(errors, line);
        const roleCode = text(cells, "角色编码", 100, c.problem, true);
        if (roleCode && !/^[A-Za-z0-9_:-]+$/.test(roleCode)) c.problem(`角色编码「${roleCode}」只能包含字母、数字、下划线、冒号和短横线`);
        if (roleCode) firstSeen(seen, roleCode, `角色编码「${roleCode}」`, c.problem, line);
        const roleName = text(cells, "角色名称", 200, c.problem, true);
        const description = text(cells, "备注", 255, c.problem);
        return c.done() ? [{ roleCode: roleCode!, roleName, description }] : [];
      });
      return {
        errors,
        apply: async (tx) => {
          const existing = new Map((await tx.select({ id: sysRole.id, code: sysRole.roleCode }).from(sysRole).where(inArray(sysRole.roleCode, planned.map((p) => p.roleCode)))).map((r) => [r.code, r.id]));
          let createdCount = 0;
          for (const p of planned) {
            const id = existing.get(p.roleCode);
            if (id) await tx.update(sysRole).set({ roleName: p.roleName, description: p.description, ...updated(req) }).where(eq(sysRole.id, id));
            else {
              createdCount++;
              await tx.insert(sysRole).values({ ...p, id: nextId(), ...created(req) });
            }
          }
          return { created: createdCount, updated: planned.length - createdCount };
        },
      };
    }),
  );

  // ── Positions ────────────────────────────────────────────────────────────────────────────────────────────
  const POSITION_TITLE = "职务信息";
  app.get("/sys/position/exportXls", { config: can("system:position:export"), schema: { querystring: ExportQuery } }, async (req, reply) => {
    const params = parseListQuery(positionListSpec, req.query, config.maxPageSize);
    const ids = selections(req.query.selections);
    const rows = await fetchRows(db, sysPosition, params, { where: [ids ? inArray(sysPosition.id, ids) : undefined], scope: scope(req, cache), max: EXPORT_MAX });
    const rank = await dictText("position_rank");
    const columns: ExcelColumn<(typeof rows)[number]>[] = [
      { header: "职务编码", value: (r) => r.code },
      { header: "职务名称", value: (r) => r.name },
      { header: "职级", width: 10, value: (r) => (r.postRank ? (rank.get(r.postRank) ?? r.postRank) : null) },
      { header: "公司id", value: (r) => r.companyId },
    ];
    return sendWorkbook(reply, POSITION_TITLE, await writeWorkbook({ title: POSITION_TITLE, exporter: exporter(req), columns, records: rows }));
  });

  app.post("/sys/position/importExcel", { config: can("system:position:import") }, async (req, reply) =>
    runImport(req, reply, db, ["职务编码", "职务名称"], async (rows) => {
      const errors: RowError[] = [];
      const seen = new Map<string, number>();
      const ranks = await dictValue("position_rank");
      const planned = rows.flatMap(({ line, cells }) => {
        const c = rowChecker(errors, line);
        const code = text(cells, "职务编码", 100, c.problem, true);
        if (code && /\s/.test(code)) c.problem(`职务编码「${code}」不能包含空白`);
        if (code) firstSeen(seen, code, `职务编码「${code}」`, c.problem, line);
        const name = text(cells, "职务名称", 100, c.problem, true);
        const rankText = cells["职级"];
        const postRank = rankText ? ranks.get(rankText) : null;
        if (rankText && !postRank) c.problem(`职级「${rankText}」不正确`);
        const companyId = text(cells, "公司id", 255, c.problem);
        return c.done() ? [{ code: code!, name: name!, postRank: postRank ?? null, companyId, hasCompany: "公司id" in cells }] : [];
      });
      return {
        errors,
        apply: async (tx) => {
          const existing = new Map((await tx.select({ id: sysPosition.id, code: sysPosition.code }).from(sysPosition).where(inArray(sysPosition.code, planned.map((p) => p.code)))).map((r) => [r.code, r.id]));
          const orgCode = req.currentUser().orgCode;
          let createdCount = 0;
          for (const { hasCompany, ...p } of planned) {
            const id = existing.get(p.code);
            if (id) await tx.update(sysPosition).set({ name: p.name, postRank: p.postRank, ...(hasCompany ? { companyId: p.companyId } : {}), ...updated(req) }).where(eq(sysPosition.id, id));
            else {
              createdCount++;
              await tx.insert(sysPosition).values({ ...p, id: nextId(), sysOrgCode: orgCode, ...created(req) });
            }
          }
          return { created: createdCount, updated: planned.length - createdCount };
        },
      };
    }),
  );

  // ── Dictionaries (one row per dictionary item; a dictionary without items is one row without item) ────
  const DICT_TITLE = "字典信息";
  app.get("/sys/dict/exportXls", { config: can("system:dict:export"), schema: { querystring: ExportQuery } }, async (req, reply) => {
    const params = parseListQuery(dictSpec, req.query, config.maxPageSize);
    const ids = selections(req.query.selections);
    const list = await fetchRows(db, sysDict, params, { where: [eq(sysDict.delFlag, 0), ids ? inArray(sysDict.id, ids) : undefined], scope: scope(req, cache), max: EXPORT_MAX });
    const items = list.length
      ? await db.select().from(sysDictItem).where(inArray(sysDictItem.dictId, list.map((d) => d.id))).orderBy(asc(sysDictItem.sortOrder), asc(sysDictItem.itemValue))
      : [];
    const byDict = new Map<string, typeof items>();
    for (const i of items) byDict.set(i.dictId, [...(byDict.get(i.dictId) ?? []), i]);
    type Line = { dict: (typeof list)[number]; item?: (typeof items)[number] };
    const records: Line[] = list.flatMap((dict) => {
      const own = byDict.get(dict.id) ?? [];
      return own.length ? own.map((item) => ({ dict, item })) : [{ dict }];
    });
    const columns: ExcelColumn<Line>[] = [
      { header: "字典名称", value: (r) => r.dict.dictName },
      { header: "字典编码", value: (r) => r.dict.dictCode },
      { header: "描述", width: 30, value: (r) => r.dict.description },
      { header: "字典项文本", value: (r) => r.item?.itemText },
      { header: "字典项值", value: (r) => r.item?.itemValue },
      { header: "排序", width: 8, value: (r) => r.item?.sortOrder },
      { header: "状态", width: 8, value: (r) => (r.item ? (r.item.status === 1 ? "启用" : "不启用") : null) },
    ];
    return sendWorkbook(reply, DICT_TITLE, await writeWorkbook({ title: DICT_TITLE, exporter: exporter(req), columns, records }));
  });

  app.post("/sys/dict/importExcel", { config: can("system:dict:import") }, async (req, reply) => {
    const answer = await runImport(req, reply, db, ["字典名称", "字典编码"], async (rows) => {
      const errors: RowError[] = [];
      const dictsByCode = new Map<string, { line: number; dictName: string; description: string | null; items: Array<{ itemText: string; itemValue: string; sortOrder: number; status: number }> }>();
      const seenValues = new Map<string, number>();
      for (const { line, cells } of rows) {
        const c = rowChecker(errors, line);
        const dictName = text(cells, "字典名称", 100, c.problem, true);
        const dictCode = text(cells, "字典编码", 100, c.problem, true);
        if (dictCode && !/^[A-Za-z][A-Za-z0-9_]*$/.test(dictCode)) c.problem(`字典编码「${dictCode}」须以字母开头，只含字母、数字和下划线`);
        const description = text(cells, "描述", 255, c.problem);
        const itemText = text(cells, "字典项文本", 100, c.problem);
        const itemValue = text(cells, "字典项值", 100, c.problem);
        if (!!itemText !== !!itemValue) c.problem("字典项文本和字典项值须同时填写");
        const sortRaw = cells["排序"];
        const sortOrder = sortRaw ? Number(sortRaw) : 0;
        if (sortRaw && (!Number.isInteger(sortOrder) || Math.abs(sortOrder) > 100000)) c.problem(`排序「${sortRaw}」必须是整数`);
        const statusRaw = cells["状态"];
        const status = !statusRaw || statusRaw === "启用" || statusRaw === "1" ? 1 : statusRaw === "不启用" || statusRaw === "0" ? 0 : -1;
        if (status < 0) c.problem(`状态「${statusRaw}」不正确（启用 / 不启用）`);
        const known = dictCode ? dictsByCode.get(dictCode) : undefined;
        if (known && dictName && known.dictName !== dictName) c.problem(`字典编码「${dictCode}」在第${known.line}行的字典名称是「${known.dictName}」`);
        if (dictCode && itemValue) firstSeen(seenValues, `${dictCode}\u0000${itemValue}`, `字典「${dictCode}」的字典项值「${itemValue}」`, c.problem, line);
        if (!c.done()) continue;
        const entry = known ?? { line, dictName: dictName!, description, items: [] };
        if (!known) dictsByCode.set(dictCode!, entry);
        else if (description && !entry.description) entry.description = description;
        if (itemText && itemValue) entry.items.push({ itemText, itemValue, sortOrder, status });
      }
      const codes = [...dictsByCode.keys()];
      if (codes.length) {
        for (const d of await db.select({ code: sysDict.dictCode }).from(sysDict).where(and(inArray(sysDict.dictCode, codes), eq(sysDict.delFlag, 1)))) {
          errors.push({ line: dictsByCode.get(d.code)!.line, message: `字典编码「${d.code}」属于回收站中的字典，请先还原或彻底删除` });
        }
      }
      return {
        errors,
        apply: async (tx) => {
          const existing = new Map((await tx.select({ id: sysDict.id, code: sysDict.dictCode }).from(sysDict).where(inArray(sysDict.dictCode, codes))).map((r) => [r.code, r.id]));
          let createdCount = 0;
          for (const [dictCode, d] of dictsByCode) {
            let dictId = existing.get(dictCode);
            if (dictId) {
              await tx.update(sysDict).set({ dictName: d.dictName, ...(d.description ? { description: d.description } : {}), ...updated(req) }).where(eq(sysDict.id, dictId));
            } else {
              createdCount++;
              dictId = nextId();
              await tx.insert(sysDict).values({ id: dictId, dictCode, dictName: d.dictName, description: d.description, delFlag: 0, type: 0, ...created(req) });
            }
            const items = new Map((await tx.select({ id: sysDictItem.id, value: sysDictItem.itemValue }).from(sysDictItem).where(eq(sysDictItem.dictId, dictId))).map((i) => [i.value, i.id]));
            for (const item of d.items) {
              const itemId = items.get(item.itemValue);
              if (itemId) await tx.update(sysDictItem).set({ ...item, ...updated(req) }).where(eq(sysDictItem.id, itemId));
              else await tx.insert(sysDictItem).values({ ...item, id: nextId(), dictId, ...created(req) });
            }
          }
          return { created: createdCount, updated: dictsByCode.size - createdCount };
        },
      };
    });
    dicts.refresh();
    return answer;
  });

  // ── Departments (the whole tree, by org code; a row's parent is its code without the last level) ─────────
  const DEPART_TITLE = "部门信息";
  app.get(
    "/sys/sysDepart/exportXls",
    { config: can("system:depart:export"), schema: { querystring: Type.Object({ selections: Type.Optional(Type.String({ title: "选中的记录", maxLength: 40_000 })) }, { additionalProperties: true }) } },
    async (req, reply) => {
      const ids = selections(req.query.selections);
      const rows = await db
        .select()
        .from(sysDepart)
        .where(and(eq(sysDepart.delFlag, "0"), ids ? inArray(sysDepart.id, ids) : undefined))
        .orderBy(asc(sysDepart.orgCode))
        .limit(EXPORT_MAX);
      const category = await dictText("org_category");
      const columns: ExcelColumn<(typeof rows)[number]>[] = [
        { header: "部门名称", width: 24, value: (r) => r.departName },
        { header: "部门编码", value: (r) => r.orgCode },
        { header: "机构类别", width: 10, value: (r) => (r.orgCategory ? (category.get(r.orgCategory) ?? r.orgCategory) : null) },
        { header: "排序", width: 8, value: (r) => r.departOrder },
        { header: "手机号", value: (r) => r.mobile },
        { header: "地址", width: 30, value: (r) => r.address },
        { header: "备注", width: 30, value: (r) => r.memo },
      ];
      return sendWorkbook(reply, DEPART_TITLE, await writeWorkbook({ title: DEPART_TITLE, exporter: exporter(req), columns, records: rows }));
    },
  );

  app.post("/sys/sysDepart/importExcel", { config: can("system:depart:import") }, async (req, reply) =>
    runImport(req, reply, db, ["部门名称", "部门编码"], async (rows) => {
      const errors: RowError[] = [];
      const seen = new Map<string, number>();
      const categories = await dictValue("org_category");
      const inFile = new Set(rows.map((r) => r.cells["部门编码"]).filter(Boolean));
      const known = new Map((await db.select({ id: sysDepart.id, code: sysDepart.orgCode, delFlag: sysDepart.delFlag }).from(sysDepart)).map((d) => [d.code, d]));
      const planned = rows.flatMap(({ line, cells }) => {
        const c = rowChecker(errors, line);
        const departName = text(cells, "部门名称", 100, c.problem, true);
        const orgCode = text(cells, "部门编码", 64, c.problem, true);
        let parentCode = "";
        if (orgCode) {
          firstSeen(seen, orgCode, `部门编码「${orgCode}」`, c.problem, line);
          if (!/^([A-Z]\d{2})+$/.test(orgCode)) c.problem(`部门编码「${orgCode}」不符合编码规则（每级一个大写字母加两位数字，如 A01A02）`);
          else {
            parentCode = orgCode.slice(0, -3);
            if (parentCode && !inFile.has(parentCode) && known.get(parentCode)?.delFlag !== "0") c.problem(`上级部门「${parentCode}」不存在`);
          }
          if (known.get(orgCode)?.delFlag && known.get(orgCode)?.delFlag !== "0") c.problem(`部门编码「${orgCode}」属于已删除的部门`);
        }
        const categoryText = cells["机构类别"];
        const orgCategory = categoryText ? categories.get(categoryText) : undefined;
        if (categoryText && !orgCategory) c.problem(`机构类别「${categoryText}」不正确`);
        const orderRaw = cells["排序"];
        const departOrder = orderRaw ? Number(orderRaw) : 0;
        if (orderRaw && (!Number.isInteger(departOrder) || Math.abs(departOrder) > 100000)) c.problem(`排序「${orderRaw}」必须是整数`);
        const mobile = text(cells, "手机号", 32, c.problem);
        const address = text(cells, "地址", 100, c.problem);
        const memo = text(cells, "备注", 500, c.problem);
        return c.done() ? [{ orgCode: orgCode!, parentCode, values: { departName: departName!, orgCategory: orgCategory ?? (parentCode ? "2" : "1"), departOrder, mobile, address, memo } }] : [];
      });
      return {
        errors,
        apply: async (tx) => {
          // Parents before children.
          planned.sort((a, b) => a.orgCode.length - b.orgCode.length || a.orgCode.localeCompare(b.orgCode));
          const ids = new Map((await tx.select({ id: sysDepart.id, code: sysDepart.orgCode }).from(sysDepart).where(eq(sysDepart.delFlag, "0"))).map((d) => [d.code, d.id]));
          let createdCount = 0;
          for (const p of planned) {
            const id = ids.get(p.orgCode);
            if (id) await tx.update(sysDepart).set({ ...p.values, ...updated(req) }).where(eq(sysDepart.id, id));
            else {
              createdCount++;
              const newId = uuid32();
              await tx.insert(sysDepart).values({
                ...p.values,
                id: newId,
                parentId: p.parentCode ? ids.get(p.parentCode)! : "",
                orgCode: p.orgCode,
                orgType: String(p.orgCode.length / 3),
                status: "1",
                delFlag: "0",
                ...created(req),
              });
              ids.set(p.orgCode, newId);
            }
          }
          return { created: createdCount, updated: planned.length - createdCount };
        },
      };
    }),
  );
}
