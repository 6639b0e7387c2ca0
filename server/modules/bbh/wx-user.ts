/**
 * `/bbh/bbhWxUser` — WeChat users (domain.md §4.23, §6.2, §7.5): the list (filters 昵称/姓名/手机 `keyword`,
 * school, department — with its subtree — point maker, status, registration time; the point-maker picker
 * filters `isPointMaker=1`), `queryById` (the detail: school and department by name, bound students, activity
 * counts), `edit` (only what staff may change: real name, gender, status, remark, default school/student —
 * never the identity WeChat gives: openid, unionid, session_key), `updateUserStatus` (禁用/启用),
 * `updateIsPointMaker`, `updateWxUserSysDepartId` (one user or `ids`), delete, export.
 * `session_key` is never returned by any answer; phones are masked in lists and exports; openid is shown
 * shortened.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { bbhActivityMain, bbhSchool, bbhStudent, bbhUserActivity, bbhWxUser, sysDepart } from "../../db/schema.js";
import { wxUserLimits } from "../../../contract/bbh-limits.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { sendWorkbook, writeWorkbook } from "../../lib/excel.js";
import { escapeLike, fetchPage, fetchRows, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { Delegation } from "../sys/privilege.js";
import { IdQuery, IdsQuery, ListQuery, parseIds, scope, updated } from "../sys/shared.js";
import { col } from "./lists.js";
import { REFERENCE, BbhId, Code, OptBbhId, OptCode, maskPhone, rowJson, rowsOf, textField } from "./shared.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { scopeRows } from "../../plugins/row-scope.js";

const W = bbhWxUser;
const BASE = "/bbh/bbhWxUser";
type WxRow = typeof W.$inferSelect;

const wxUserSpec: ListSpec = {
  fields: {
    nickname: { column: W.nickname, type: "string", sort: true },
    realName: { column: W.realName, type: "string", sort: true },
    phone: { column: W.phone, type: "string" },
    openid: { column: W.openid, type: "string" },
    gender: { column: W.gender, type: "int" },
    isPointMaker: { column: W.isPointMaker, type: "int", sort: true },
    userStatus: { column: W.userStatus, type: "int", sort: true },
    sysDepartId: { column: W.sysDepartId, type: "string" },
    orgCode: { column: W.orgCode, type: "string" },
    schoolId: { column: W.schoolId, type: "string" },
    studentId: { column: W.studentId, type: "string" },
    sysOrgCode: { column: W.sysOrgCode, type: "string" },
    totalScore: { column: W.totalScore, type: "int", sort: true },
    activityCount: { column: W.activityCount, type: "int", sort: true },
    lastLoginTime: { column: W.lastLoginTime, type: "datetime", sort: true },
    createTime: { column: W.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: W.id,
  component: "bbh/wxuser/BbhWxUserList",
};

/** 微信用户by id: those its list shows the caller (its menu and data rules). */
export const wxUserRows = rowScope({ label: "微信用户", table: W, id: W.id, views: [viewOf(wxUserSpec)], missing: () => badRequest("微信用户不存在") });

const WX_DICTS = { isPointMaker: "bbh_yn", userStatus: "bbh_user_status", gender: "sex" };

const extra = {
  schoolName: sql<string | null>`(select s.school_name from bbh_school s where s.id = "bbh_wx_user"."school_id")`.as("school_name"),
  studentName: sql<string | null>`(select st.student_name from bbh_student st where st.id = "bbh_wx_user"."student_id")`.as("student_name"),
  departName: sql<string | null>`(select d.depart_name from sys_depart d where d.id = "bbh_wx_user"."sys_depart_id")`.as("depart_name"),
};
type Listed = WxRow & { schoolName?: string | null; studentName?: string | null; departName?: string | null };

/** openid shortened for display (never shown in full, domain.md §7.5). */
export const maskOpenid = (v: string | null) => (v && v.length > 10 ? `${v.slice(0, 6)}****${v.slice(-4)}` : v ? `${v.slice(0, 2)}****` : v);

/** A WeChat user on the wire: never the session key; phone and openid masked unless `unmaskedPhone`. */
export const toWxUserJson = (r: Listed, unmaskedPhone = false) => {
  const { sessionKey: _secret, schoolName, studentName, departName, ...rest } = r;
  return {
    ...rowJson(rest),
    openid: maskOpenid(r.openid),
    unionid: maskOpenid(r.unionid),
    phone: unmaskedPhone ? r.phone : maskPhone(r.phone),
    ...(schoolName !== undefined ? { schoolId_dictText: schoolName } : {}),
    ...(studentName !== undefined ? { studentId_dictText: studentName } : {}),
    ...(departName !== undefined ? { sysDepartId_dictText: departName } : {}),
  };
};

const WxListQuery = Type.Object(
  {
    ...ListQuery.properties,
    keyword: Type.Optional(Type.String({ title: "昵称/姓名/手机", maxLength: 64 })),
    departId: Type.Optional(Type.String({ title: "所属组织（含下级）", maxLength: 32, pattern: "^$|^[A-Za-z0-9_-]+$" })),
  },
  { additionalProperties: true },
);
const WxExportQuery = Type.Object({ ...WxListQuery.properties, selections: Type.Optional(Type.String({ title: "选中的记录", maxLength: 40_000 })) }, { additionalProperties: true });

async function listWhere(db: FastifyInstance["ctx"]["db"], req: FastifyRequest): Promise<Array<SQL | undefined>> {
  const q = req.query as { keyword?: string; departId?: string };
  const kw = q.keyword?.trim();
  let subtree: SQL | undefined;
  if (q.departId) {
    const [d] = await db.select({ code: sysDepart.orgCode }).from(sysDepart).where(eq(sysDepart.id, q.departId));
    subtree = d ? ilike(W.orgCode, `${escapeLike(d.code)}%`) : sql`false`;
  }
  const like = kw ? `%${escapeLike(kw)}%` : "";
  return [kw ? or(ilike(W.nickname, like), ilike(W.realName, like), ilike(W.phone, like)) : undefined, subtree];
}

const L = wxUserLimits;
/** What staff may edit. The identity fields are named only to refuse a change to them (a client may send the whole record back). */
const EditBody = Type.Object({
  id: BbhId("微信用户"),
  realName: textField(L.realName),
  gender: OptCode("性别", [0, 1, 2]),
  userStatus: Type.Optional(Code("用户状态", [0, 1])),
  remark: textField(L.remark),
  schoolId: OptBbhId("默认学校"),
  studentId: OptBbhId("默认学生"),
  openid: Type.Optional(Type.Union([Type.Null(), Type.String({ title: "openid", maxLength: 64 })], { title: "openid" })),
  unionid: Type.Optional(Type.Union([Type.Null(), Type.String({ title: "unionid", maxLength: 64 })], { title: "unionid" })),
  sessionKey: Type.Optional(Type.Union([Type.Null(), Type.String({ title: "session_key", maxLength: 128 })], { title: "session_key" })),
});
const StatusBody = Type.Object({ id: BbhId("微信用户"), userStatus: Code("用户状态", [0, 1]) });

const PointMakerBody = Type.Object({ id: BbhId("微信用户"), isPointMaker: Type.Integer({ title: "是否打点员", enum: [0, 1] } as Parameters<typeof Type.Integer>[0]) });
const DepartBody = Type.Object({
  id: Type.Optional(BbhId("微信用户")),
  ids: Type.Optional(Type.Array(BbhId("微信用户"), { title: "微信用户", minItems: 1, maxItems: 1000 })),
  sysDepartId: Type.Union([Type.Null(), Type.String({ title: "所属组织", maxLength: 32, pattern: "^$|^[A-Za-z0-9_-]+$" })], { title: "所属组织" }),
});

const identityChanged = (sent: string | null | undefined, stored: string | null) =>
  sent !== undefined && (sent ?? null) !== stored && !(sent === "" && stored === null) && sent !== maskOpenid(stored);

export default async function wxUserRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: wxUserRows, ids: wxUserRows, schoolId: REFERENCE, studentId: REFERENCE, sysDepartId: REFERENCE, departId: REFERENCE });
  const { db, dicts, cache, config } = app.ctx;

  app.get(`${BASE}/list`, { config: can("bbh:wxUser:list"), schema: { querystring: WxListQuery } }, async (req) => {
    const params = parseListQuery(wxUserSpec, req.query, config.maxPageSize);
    const { rows, total } = await fetchPage<typeof W, Omit<Listed, keyof WxRow>>(db, W, params, { scope: scope(req, cache), where: await listWhere(db, req), extra });
    return ok(toPage(await dicts.translate(rows.map((r) => toWxUserJson(r)), WX_DICTS), total, params));
  });

  app.get(`${BASE}/exportXls`, { config: can("bbh:wxUser:export"), schema: { querystring: WxExportQuery } }, async (req, reply) => {
    const params = parseListQuery(wxUserSpec, req.query, config.maxPageSize);
    const ids = req.query.selections?.trim() ? parseIds(req.query.selections) : undefined;
    const found = await fetchRows<typeof W, Omit<Listed, keyof WxRow>>(db, W, params, { scope: scope(req, cache), max: 50_000, extra, where: [...(await listWhere(db, req)), ids ? inArray(W.id, ids) : undefined] });
    const records = await dicts.translate(found.map((r) => toWxUserJson(r)), WX_DICTS);
    const columns = [col("昵称", "nickname", 16), col("真实姓名", "realName", 12), col("手机号", "phone", 16), col("性别", "gender", 8), col("学校", "schoolId", 24), col("学生", "studentId", 12), col("所属组织", "sysDepartId", 20), col("打点员", "isPointMaker", 8), col("状态", "userStatus", 8), col("累计积分", "totalScore", 10), col("参与活动数", "activityCount", 10), col("注册时间", "createTime", 20), col("最后登录", "lastLoginTime", 20)];
    const me = req.currentUser();
    return sendWorkbook(reply, "微信用户", await writeWorkbook({ title: "微信用户", exporter: me.realname ?? me.username, columns, records }));
  });

  app.get(`${BASE}/queryById`, { config: can("bbh:wxUser:list"), schema: { querystring: IdQuery } }, async (req) => {
    const [row] = await db.select({ ...getTableColumns(W), ...extra }).from(W).where(eq(W.id, req.query.id));
    if (!row) throw badRequest("微信用户不存在");
    const [students, [stats], activities] = await Promise.all([
      db
        .select({ id: bbhStudent.id, studentName: bbhStudent.studentName, studentNo: bbhStudent.studentNo, schoolId: bbhStudent.schoolId, schoolName: bbhSchool.schoolName, schoolGrade: bbhStudent.schoolGrade, className: bbhStudent.className, studentStatus: bbhStudent.studentStatus })
        .from(bbhStudent)
        .leftJoin(bbhSchool, eq(bbhSchool.id, bbhStudent.schoolId))
        .where(and(eq(bbhStudent.wxUserId, row.id), eq(bbhStudent.delFlag, 0)))
        .orderBy(bbhStudent.studentNo),
      db
        .select({
          activityCount: sql<number>`count(distinct ${bbhUserActivity.activityId})::int`,
          joinCount: sql<number>`count(*)::int`,
          finishedCount: sql<number>`count(*) filter (where ${bbhUserActivity.uaStatus} = 2)::int`,
          totalScore: sql<number>`coalesce(sum(${bbhUserActivity.totalScore}), 0)::int`,
        })
        .from(bbhUserActivity)
        .where(eq(bbhUserActivity.wxUserId, row.id)),
      db
        .select({ id: bbhUserActivity.id, activityId: bbhUserActivity.activityId, activityName: bbhActivityMain.activityName, roundNo: bbhUserActivity.roundNo, uaStatus: bbhUserActivity.uaStatus, totalScore: bbhUserActivity.totalScore, rankNo: bbhUserActivity.rankNo, joinTime: bbhUserActivity.joinTime })
        .from(bbhUserActivity)
        .leftJoin(bbhActivityMain, eq(bbhActivityMain.id, bbhUserActivity.activityId))
        .where(eq(bbhUserActivity.wxUserId, row.id))
        .orderBy(desc(bbhUserActivity.joinTime))
        .limit(50),
    ]);
    const [json] = await dicts.translate([toWxUserJson(row)], WX_DICTS);
    return ok({
      ...json,
      students: await dicts.translate(students.map((s) => rowJson(s)), { schoolGrade: "bbh_school_grade", studentStatus: "bbh_student_status" }),
      stats: { activityCount: Number(stats.activityCount), joinCount: Number(stats.joinCount), finishedCount: Number(stats.finishedCount), totalScore: Number(stats.totalScore) },
      activities: await dicts.translate(activities.map((a) => rowJson(a)), { uaStatus: "bbh_ua_status" }),
    });
  });

  const edit = async (req: FastifyRequest<{ Body: Static<typeof EditBody> }>) => {
    const b = req.body;
    await db.transaction(async (tx) => {
      const [u] = await tx.select().from(W).where(eq(W.id, b.id)).for("update");
      if (!u) throw badRequest("微信用户不存在");
      if (identityChanged(b.openid, u.openid) || identityChanged(b.unionid, u.unionid) || (b.sessionKey != null && b.sessionKey !== ""))
        throw badRequest("openid、unionid、session_key 来自微信登录，不能修改");
      let schoolId = b.schoolId?.trim() || null;
      const studentId = b.studentId?.trim() || null;
      if (studentId) {
        const [st] = await tx.select().from(bbhStudent).where(and(eq(bbhStudent.id, studentId), eq(bbhStudent.delFlag, 0)));
        if (!st) throw badRequest("学生不存在或已删除");
        if (schoolId && st.schoolId !== schoolId) throw badRequest("所选学生不属于所选学校");
        if (st.wxUserId && st.wxUserId !== u.id) throw badRequest(`学生【${st.studentName}】已绑定其他微信用户`);
        if (!st.wxUserId) await tx.update(bbhStudent).set({ wxUserId: u.id, ...updated(req) }).where(eq(bbhStudent.id, st.id));
        schoolId = st.schoolId;
      } else if (schoolId) {
        const [sc] = await tx.select({ id: bbhSchool.id }).from(bbhSchool).where(and(eq(bbhSchool.id, schoolId), eq(bbhSchool.delFlag, 0)));
        if (!sc) throw badRequest("学校不存在或已删除");
      }
      await tx
        .update(W)
        .set({
          ...(b.realName !== undefined ? { realName: b.realName?.trim() || null } : {}),
          ...(b.gender !== undefined ? { gender: b.gender } : {}),
          ...(b.userStatus !== undefined ? { userStatus: b.userStatus } : {}),
          ...(b.remark !== undefined ? { remark: b.remark?.trim() || null } : {}),
          ...(b.schoolId !== undefined || b.studentId !== undefined ? { schoolId, studentId } : {}),
          ...updated(req),
        })
        .where(eq(W.id, u.id));
    });
    return ok(null, "编辑成功!");
  };
  app.put(`${BASE}/edit`, { config: can("bbh:wxUser:edit"), schema: { body: EditBody } }, edit);
  app.post(`${BASE}/edit`, { config: can("bbh:wxUser:edit"), schema: { body: EditBody } }, edit);

  app.put(`${BASE}/updateUserStatus`, { config: can("bbh:wxUser:edit"), schema: { body: StatusBody } }, async (req) => {
    const done = await db.update(W).set({ userStatus: req.body.userStatus, ...updated(req) }).where(eq(W.id, req.body.id)).returning({ id: W.id });
    if (!done.length) throw badRequest("微信用户不存在");
    const [json] = await dicts.translate([{ id: req.body.id, userStatus: req.body.userStatus }], { userStatus: "bbh_user_status" });
    return ok(json, req.body.userStatus === 1 ? "已禁用" : "已启用");
  });

  /** Users with activity records are kept (their history points at them): disable them instead. */
  const remove = async (ids: string[]) => {
    await db.transaction(async (tx) => {
      const [busy] = await tx
        .select({ nickname: W.nickname })
        .from(W)
        .where(and(inArray(W.id, ids), sql`exists (select 1 from bbh_user_activity ua where ua.wx_user_id = ${W.id})`))
        .limit(1);
      if (busy) throw badRequest(`微信用户【${busy.nickname ?? ""}】已参与活动，不能删除，可改为禁用`);
      const [maker] = await tx.select({ nickname: W.nickname }).from(W).where(and(inArray(W.id, ids), sql`exists (select 1 from bbh_red_activity_mark r where r.upload_id = ${W.id})`)).limit(1);
      if (maker) throw badRequest(`微信用户【${maker.nickname ?? ""}】仍是活动印记的打点员，不能删除`);
      const gone = await tx.delete(W).where(inArray(W.id, ids)).returning({ id: W.id });
      if (!gone.length) throw badRequest("微信用户不存在");
      await tx.update(bbhStudent).set({ wxUserId: null }).where(inArray(bbhStudent.wxUserId, ids));
    });
  };
  app.delete(`${BASE}/delete`, { config: can("bbh:wxUser:delete"), schema: { querystring: IdQuery } }, async (req) => {
    await remove([req.query.id]);
    return ok(null, "删除成功!");
  });
  app.delete(`${BASE}/deleteBatch`, { config: can("bbh:wxUser:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    await remove(parseIds(req.query.ids));
    return ok(null, "批量删除成功！");
  });

  app.put(`${BASE}/updateIsPointMaker`, { config: can("bbh:wxUser:pointMaker"), schema: { body: PointMakerBody } }, async (req) => {
    const { id, isPointMaker } = req.body;
    await db.transaction(async (tx) => {
      const [u] = await tx.select().from(W).where(eq(W.id, id)).for("update");
      if (!u) throw badRequest("微信用户不存在");
      if (isPointMaker === 1 && u.userStatus !== 0) throw badRequest("用户已禁用，不能设置为打点员");
      if (isPointMaker === 0) {
        // Still the point maker of marks in an activity that is not over (a window not yet settled, or none yet).
        const [busy] = rowsOf<{ name: string; n: number }>(
          await tx.execute(sql`
            select a.activity_name as name, count(*)::int as n
            from bbh_red_activity_mark r join bbh_activity_main a on a.id = r.activity_id and a.del_flag = 0
            where r.upload_id = ${id}
              and (not exists (select 1 from bbh_activity_time t where t.activity_id = a.id)
                or exists (select 1 from bbh_activity_time t where t.activity_id = a.id and t.time_status <> 2))
            group by a.id, a.activity_name order by a.activity_name limit 1`),
        );
        if (busy) throw badRequest(`该用户仍是活动【${busy.name}】中${Number(busy.n)}个印记的打点员，请先重新指定`);
      }
      await tx.update(W).set({ isPointMaker, updateBy: req.currentUser().username, updateTime: new Date() }).where(eq(W.id, id));
    });
    const [json] = await dicts.translate([{ id, isPointMaker }], { isPointMaker: "bbh_yn" });
    return ok(json, "设置成功");
  });

  app.put(`${BASE}/updateWxUserSysDepartId`, { config: can("bbh:wxUser:assignDepart"), schema: { body: DepartBody } }, async (req) => {
    const ids = [...new Set([...(req.body.id ? [req.body.id] : []), ...(req.body.ids ?? [])])];
    if (!ids.length) throw badRequest("请选择微信用户");
    const departId = req.body.sysDepartId?.trim() || null;
    const actor = req.currentUser();
    const result = await db.transaction(async (tx) => {
      const found = await tx.select({ id: W.id }).from(W).where(inArray(W.id, ids)).for("update");
      if (found.length !== ids.length) throw badRequest("微信用户不存在");
      let depart: { id: string; departName: string; orgCode: string } | null = null;
      if (departId) {
        const [d] = await tx.select({ id: sysDepart.id, departName: sysDepart.departName, orgCode: sysDepart.orgCode }).from(sysDepart).where(and(eq(sysDepart.id, departId), eq(sysDepart.delFlag, "0")));
        if (!d) throw badRequest("组织机构不存在");
        // Inside the caller's data scope: their own department and those below it (admins: all).
        const delegation = await Delegation.of(tx, actor.userId);
        if (!delegation.admin && !(actor.orgCode && d.orgCode.startsWith(actor.orgCode))) throw badRequest("无权将用户分配到该组织");
        depart = d;
      }
      await tx
        .update(W)
        .set({ sysDepartId: depart?.id ?? null, orgCode: depart?.orgCode ?? null, sysOrgCode: depart?.orgCode ?? null, updateBy: actor.username, updateTime: new Date() })
        .where(inArray(W.id, ids));
      const one = { sysDepartId: depart?.id ?? null, sysDepartId_dictText: depart?.departName ?? null, orgCode: depart?.orgCode ?? null };
      return req.body.ids ? { ids, ...one } : { id: ids[0], ...one };
    });
    return ok(result, "分配成功");
  });
}
