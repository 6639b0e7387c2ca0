/**
 * `/bbh/api/organization` — organisations (domain.md §4.21, §7.4): the business record of one `sys_depart`
 * (1:1; the tree is the department tree). `org_code`/`org_name` are copies of the department's code and name:
 * written from the department on every save, and kept in step when the department is renamed (the
 * department edit in server/modules/sys/depart.ts updates the copy in its transaction; codes never change). The list joins the department (its live name
 * and whether it still exists) and counts the WeChat users, schools and activities of each organisation;
 * `departId` narrows it to a department's subtree. `selectList` feeds the activity form's 主办单位 picker.
 * Excel: `exportXls` follows the list (filters, subtree, data rules; phones masked); `importExcel` creates one
 * organisation per row for the department named by its 机构编码, through the same `orgValues` as `add`; every
 * row is checked first and one bad row imports nothing.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, getTableColumns, ilike, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhActivityMain, bbhOrganization, sysDepart } from "../../db/schema.js";
import { organizationLimits } from "../../../contract/bbh-limits.js";
import { inChina } from "../../lib/coords.js";
import { ApiError, badRequest, fail, ok } from "../../lib/envelope.js";
import { acceptUploads, importErrors, readWorkbook, uploadedWorkbook } from "../../lib/excel.js";
import { nextId } from "../../lib/ids.js";
import { escapeLike, fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "../sys/crud.js";
import { IdQuery, ListQuery, created, scope } from "../sys/shared.js";
import { col, registerExport } from "./lists.js";
import { REFERENCE, BbhId, Code, OptNumber, blank, crudCodes, dictionary, maskPhone, rowJson, textField } from "./shared.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { scopeRows } from "../../plugins/row-scope.js";

const O = bbhOrganization;
const BASE = "/bbh/api/organization";
type OrgRow = typeof O.$inferSelect;

export const ORG_TYPES = [1, 2, 3, 4, 5, 6, 9];
export const ORG_DICTS = { orgType: "bbh_org_type", orgStatus: "bbh_enable_status" };

export const organizationSpec: ListSpec = {
  fields: {
    orgName: { column: O.orgName, type: "string", sort: true },
    orgCode: { column: O.orgCode, type: "string", sort: true },
    orgType: { column: O.orgType, type: "int", sort: true },
    orgStatus: { column: O.orgStatus, type: "int", sort: true },
    sysDepartId: { column: O.sysDepartId, type: "string" },
    contactName: { column: O.contactName, type: "string" },
    sysOrgCode: { column: O.sysOrgCode, type: "string" },
    createTime: { column: O.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "orgCode", order: "asc" }],
  tiebreak: O.id,
  component: "bbh/organization/OrganizationList",
};

/** 组织by id: those its list shows the caller (its menu and data rules). */
export const organizationRows = rowScope({ label: "组织", table: O, id: O.id, live: eq(O.delFlag, 0), views: [viewOf(organizationSpec)], missing: () => badRequest("组织不存在或已删除") });

const extra = {
  departName: sql<string | null>`(select d.depart_name from sys_depart d where d.id = "bbh_organization"."sys_depart_id" and d.del_flag = '0')`.as("depart_name"),
  wxUserCount: sql<number>`(select count(*)::int from bbh_wx_user w where w.sys_depart_id = "bbh_organization"."sys_depart_id")`.as("wx_user_count"),
  schoolCount: sql<number>`(select count(*)::int from bbh_school s where s.sys_depart_id = "bbh_organization"."sys_depart_id" and s.del_flag = 0)`.as("school_count"),
  activityCount: sql<number>`(select count(*)::int from bbh_activity_main a where a.organizer_org_id = "bbh_organization"."id" and a.del_flag = 0)`.as("activity_count"),
};
type Listed = OrgRow & { departName?: string | null; wxUserCount?: number; schoolCount?: number; activityCount?: number };

export const toOrgJson = (r: Listed) => {
  const { departName, ...rest } = r;
  return {
    ...rowJson(rest),
    contactPhone: maskPhone(r.contactPhone),
    ...(departName !== undefined ? { sysDepartId_dictText: departName, departMissing: departName === null } : {}),
  };
};

const L = organizationLimits;
const OrgBody = Type.Object({
  sysDepartId: BbhId("所属部门"),
  orgType: Code("组织类型", ORG_TYPES),
  contactName: textField(L.contactName),
  contactPhone: textField(L.contactPhone),
  address: textField(L.address),
  longitude: OptNumber("经度", -180, 180),
  latitude: OptNumber("纬度", -90, 90),
  logo: textField(L.logo),
  intro: textField(L.intro),
  orgStatus: Type.Optional(Code("状态", [0, 1])),
});
type Body = Static<typeof OrgBody>;

async function orgValues(b: Body, tx: Db, id?: string, _req?: FastifyRequest) {
  const [d] = await tx.select({ id: sysDepart.id, name: sysDepart.departName, code: sysDepart.orgCode }).from(sysDepart).where(and(eq(sysDepart.id, b.sysDepartId), eq(sysDepart.delFlag, "0")));
  if (!d) throw badRequest("所属部门不存在");
  const [held] = await tx.select({ id: O.id }).from(O).where(and(eq(O.sysDepartId, d.id), eq(O.delFlag, 0), id ? ne(O.id, id) : undefined)).limit(1);
  if (held) throw badRequest(`部门【${d.name}】已建立组织档案，请直接编辑`);
  if ((b.longitude == null) !== (b.latitude == null)) throw badRequest("经度和纬度需同时填写");
  if (b.longitude != null && b.latitude != null && !inChina(b.longitude, b.latitude)) throw badRequest("经纬度不在中国境内，请检查经纬度是否填反");
  let phone = blank(b.contactPhone) ?? null;
  if (id) {
    const [cur] = await tx.select({ contactPhone: O.contactPhone }).from(O).where(and(eq(O.id, id), eq(O.delFlag, 0)));
    if (!cur) throw badRequest("组织不存在或已删除");
    if (phone && phone.includes("*") && phone === maskPhone(cur.contactPhone)) phone = cur.contactPhone;
  }
  if (phone && !/^[0-9+\- ]+$/.test(phone)) throw badRequest("联系电话只能包含数字、+、- 和空格");
  return {
    sysDepartId: d.id,
    orgCode: d.code,
    orgName: d.name,
    orgType: b.orgType,
    contactName: blank(b.contactName) ?? null,
    contactPhone: phone,
    address: blank(b.address) ?? null,
    longitude: b.longitude ?? null,
    latitude: b.latitude ?? null,
    logo: blank(b.logo) ?? null,
    intro: blank(b.intro) ?? null,
    orgStatus: b.orgStatus ?? 1,
  };
}

/** An organisation that organises activities cannot be deleted. */
async function beforeDeleteOrgs(tx: Db, ids: string[]) {
  const used = await tx
    .selectDistinct({ name: bbhActivityMain.activityName })
    .from(bbhActivityMain)
    .where(and(inArray(bbhActivityMain.organizerOrgId, ids), eq(bbhActivityMain.delFlag, 0)))
    .limit(3);
  if (used.length) throw badRequest(`该组织是活动【${used.map((u) => u.name).join("、")}】的主办单位，不能删除`);
}

const DEPART_ID = "^$|^[A-Za-z0-9_-]+$";
const OrgListQuery = Type.Object({ ...ListQuery.properties, departId: Type.Optional(Type.String({ title: "部门", maxLength: 32, pattern: DEPART_ID })) }, { additionalProperties: true });

/** The export's `departId` (the list's subtree filter): organisations whose code starts with the department's. */
function exportSubtree(req: FastifyRequest): SQL | undefined {
  const id = (req.query as Record<string, unknown>).departId;
  if (id === undefined || id === "") return undefined;
  if (typeof id !== "string" || id.length > 32 || !new RegExp(DEPART_ID).test(id)) throw badRequest("部门参数格式不正确");
  return sql`exists (select 1 from sys_depart d where d.id = ${id} and lower(left(${O.orgCode}, length(d.org_code))) = lower(d.org_code))`;
}

const IMPORT_CODE = "机构编码";
const IMPORT_REQUIRED = [IMPORT_CODE, "组织类型"];
/** Text columns of an import, headed by their labels in contract/bbh-limits.ts. */
const IMPORT_TEXTS = (["contactName", "contactPhone", "address", "intro"] as const).map((key) => ({ key, ...L[key] }));
const SelectQuery = Type.Object({
  keyword: Type.Optional(Type.String({ title: "关键字", maxLength: 100 })),
  limit: Type.Optional(Type.Integer({ title: "条数", minimum: 1, maximum: 1000 })),
});

export default async function organizationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: organizationRows, ids: organizationRows, sysDepartId: REFERENCE });
  const { db, dicts, cache, config } = app.ctx;
  const live = eq(O.delFlag, 0);

  registerCrud<typeof OrgBody, OrgRow>(base, {
    base: BASE,
    table: O,
    id: O.id,
    spec: organizationSpec,
    rows: organizationRows,
    codes: crudCodes("organization"),
    body: OrgBody,
    values: orgValues,
    toJson: toOrgJson,
    dictFields: ORG_DICTS,
    orgCode: true,
    softDelete: O.delFlag,
    beforeDelete: beforeDeleteOrgs,
    skipList: true,
  });
  await acceptUploads(base);

  app.get(`${BASE}/list`, { config: can("bbh:organization:list"), schema: { querystring: OrgListQuery } }, async (req) => {
    const params = parseListQuery(organizationSpec, req.query, config.maxPageSize);
    let subtree: SQL | undefined;
    if (req.query.departId) {
      const [d] = await db.select({ code: sysDepart.orgCode }).from(sysDepart).where(eq(sysDepart.id, req.query.departId));
      subtree = d ? ilike(O.orgCode, `${escapeLike(d.code)}%`) : sql`false`;
    }
    const { rows, total } = await fetchPage<typeof O, Omit<Listed, keyof OrgRow>>(db, O, params, { scope: scope(req, cache), where: [live, subtree], extra });
    return ok(toPage(await dicts.translate(rows.map(toOrgJson), ORG_DICTS), total, params));
  });

  app.get(`${BASE}/getById`, { config: can("bbh:organization:list"), schema: { querystring: IdQuery } }, async (req) => {
    const [row] = await db.select({ ...getTableColumns(O), ...extra }).from(O).where(and(eq(O.id, req.query.id), live));
    if (!row) throw badRequest("组织不存在或已删除");
    const [json] = await dicts.translate([toOrgJson(row)], ORG_DICTS);
    return ok(json);
  });

  registerExport<OrgRow>(base, {
    base: BASE, table: O, id: O.id, spec: organizationSpec, dictFields: ORG_DICTS, toJson: toOrgJson, code: "bbh:organization:export",
    where: (req) => [live, exportSubtree(req)],
    extra: () => extra,
    excel: {
      title: "组织",
      columns: [col("组织名称", "orgName", 28), col(IMPORT_CODE, "orgCode", 14), col("组织类型", "orgType", 12), col(L.contactName.label, "contactName", 12), col(L.contactPhone.label, "contactPhone", 16), col(L.address.label, "address", 30), col("经度", "longitude", 12), col("纬度", "latitude", 12), col("微信用户数", "wxUserCount", 10), col("学校数", "schoolCount", 8), col("活动数", "activityCount", 8), col("状态", "orgStatus", 8)],
    },
  });

  // One organisation per row for the department of its 机构编码; the rules are add's (`orgValues`), so a row
  // fails for what the form would refuse. Every row is checked before any is written, in one transaction.
  base.post(`${BASE}/importExcel`, { config: can("bbh:organization:import") }, async (req, reply) => {
    const rows = await readWorkbook(await uploadedWorkbook(req), IMPORT_REQUIRED);
    const types = await dictionary(dicts, ORG_DICTS.orgType);
    const statuses = await dictionary(dicts, ORG_DICTS.orgStatus);
    const seen = new Map<string, number>();
    const parsed = rows.map(({ line, cells }) => {
      const problems: string[] = [];
      // Add's rules run in the transaction below, for rows naming a department once and with readable coordinates.
      let checkable = true;
      const code = cells[IMPORT_CODE] ?? "";
      if (!code || seen.has(code)) {
        problems.push(code ? `${IMPORT_CODE}「${code}」与第${seen.get(code)}行重复` : `${IMPORT_CODE}不能为空`);
        checkable = false;
      } else seen.set(code, line);
      const type = types.get(cells["组织类型"]);
      if (!cells["组织类型"]) problems.push("组织类型不能为空");
      else if (type === undefined || !ORG_TYPES.includes(type)) problems.push(`组织类型「${cells["组织类型"]}」不存在`);
      const status = cells["状态"] ? statuses.get(cells["状态"]) : 1;
      if (status === undefined) problems.push(`状态「${cells["状态"]}」应为启用或停用`);
      const texts: Record<string, string | undefined> = {};
      for (const t of IMPORT_TEXTS) {
        const v = cells[t.label];
        if (v && v.length > t.max) problems.push(`${t.label}不能超过${t.max}个字符`);
        texts[t.key] = v || undefined;
      }
      const coord = (header: string, min: number, max: number) => {
        const v = cells[header];
        if (!v) return undefined;
        const n = Number(v);
        if (!Number.isFinite(n) || n < min || n > max) {
          problems.push(`${header}「${v}」应为 ${min} 到 ${max} 之间的数字`);
          checkable = false;
          return undefined;
        }
        return n;
      };
      const longitude = coord("经度", -180, 180);
      const latitude = coord("纬度", -90, 90);
      const body = { sysDepartId: "", orgType: type ?? 0, orgStatus: status ?? 1, longitude, latitude, ...texts } as Body;
      return { line, code, body, problems, checkable };
    });

    const user = req.currentUser();
    const outcome = await db.transaction(async (tx) => {
      const codes = [...seen.keys()];
      const departs = codes.length
        ? await tx.select({ id: sysDepart.id, code: sysDepart.orgCode }).from(sysDepart).where(and(inArray(sysDepart.orgCode, codes), eq(sysDepart.delFlag, "0")))
        : [];
      const byCode = new Map(departs.map((d) => [d.code, d.id]));
      const planned: Array<Awaited<ReturnType<typeof orgValues>>> = [];
      const errors: Array<{ line: number; message: string }> = [];
      for (const r of parsed) {
        if (r.checkable) {
          const departId = byCode.get(r.code);
          if (!departId) r.problems.push(`${IMPORT_CODE}「${r.code}」对应的部门不存在`);
          else {
            try {
              planned.push(await orgValues({ ...r.body, sysDepartId: departId }, tx));
            } catch (e) {
              if (!(e instanceof ApiError)) throw e;
              r.problems.push(e.message);
            }
          }
        }
        if (r.problems.length) errors.push({ line: r.line, message: r.problems.join("，") });
      }
      if (errors.length) return { errors };
      for (const values of planned) await tx.insert(O).values({ ...values, id: nextId(), ...created(req), sysOrgCode: user.orgCode });
      return { created: planned.length };
    });
    if ("errors" in outcome) return reply.status(400).send({ ...fail(importErrors(outcome.errors!), 400), result: { errors: outcome.errors } });
    return ok({ total: rows.length, created: outcome.created }, `文件导入成功！数据行数：${rows.length}，新增${outcome.created}条`);
  });

  // The organiser picker of the activity form: anyone who may edit activities needs it, so the activity codes open it too.
  app.get(`${BASE}/selectList`, { config: can("bbh:activity:list"), schema: { querystring: SelectQuery } }, async (req) => {
    const kw = req.query.keyword?.trim();
    const rows = await db
      .select({ id: O.id, name: O.orgName, code: O.orgCode })
      .from(O)
      .where(and(live, eq(O.orgStatus, 1), kw ? ilike(O.orgName, `%${escapeLike(kw)}%`) : undefined))
      .orderBy(asc(O.orgCode), asc(O.id))
      .limit(req.query.limit ?? 500);
    return ok(rows.map((r) => ({ value: r.id, text: r.name, title: r.name, label: r.name, orgCode: r.code })));
  });
}
