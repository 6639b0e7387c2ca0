/**
 * `/bbh/bbhWxUser` — the WeChat-user calls the activity side needs (domain.md §4.23, §6.2): the list (the
 * point-maker picker filters `isPointMaker=1`), `queryById`, `updateIsPointMaker` and `updateWxUserSysDepartId`.
 * `session_key` is never returned; phones are masked. The rest of the WeChat-user module is issue 9's.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, sql } from "drizzle-orm";
import { bbhWxUser, sysDepart } from "../../db/schema.js";
import { badRequest, ok } from "../../lib/envelope.js";
import type { ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { Delegation } from "../sys/privilege.js";
import { registerList } from "./lists.js";
import { maskPhone } from "./records.js";
import { BbhId, rowJson, rowsOf } from "./shared.js";

const W = bbhWxUser;
const BASE = "/bbh/bbhWxUser";

const wxUserSpec: ListSpec = {
  fields: {
    nickname: { column: W.nickname, type: "string", sort: true },
    realName: { column: W.realName, type: "string", sort: true },
    openid: { column: W.openid, type: "string" },
    isPointMaker: { column: W.isPointMaker, type: "int" },
    userStatus: { column: W.userStatus, type: "int" },
    sysDepartId: { column: W.sysDepartId, type: "string" },
    orgCode: { column: W.orgCode, type: "string" },
    schoolId: { column: W.schoolId, type: "string" },
    sysOrgCode: { column: W.sysOrgCode, type: "string" },
    lastLoginTime: { column: W.lastLoginTime, type: "datetime", sort: true },
    createTime: { column: W.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: W.id,
  component: "bbh/wxuser/BbhWxUserList",
};

const toWxUserJson = (r: typeof W.$inferSelect) => {
  const { sessionKey: _secret, ...rest } = r;
  return { ...rowJson(rest), phone: maskPhone(r.phone) };
};

const PointMakerBody = Type.Object({ id: BbhId("微信用户"), isPointMaker: Type.Integer({ title: "是否打点员", enum: [0, 1] } as Parameters<typeof Type.Integer>[0]) });
const DepartBody = Type.Object({
  id: BbhId("微信用户"),
  sysDepartId: Type.Union([Type.Null(), Type.String({ title: "所属组织", maxLength: 32, pattern: "^$|^[A-Za-z0-9_-]+$" })], { title: "所属组织" }),
});

export default async function wxUserRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dicts } = app.ctx;

  registerList(base, {
    base: BASE,
    table: W,
    id: W.id,
    spec: wxUserSpec,
    codes: { list: "bbh:wxUser:list" },
    dictFields: { isPointMaker: "bbh_yn", userStatus: "bbh_user_status", gender: "sex" },
    toJson: toWxUserJson,
    queryById: true,
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
    const { id } = req.body;
    const departId = req.body.sysDepartId?.trim() || null;
    const actor = req.currentUser();
    const result = await db.transaction(async (tx) => {
      const [u] = await tx.select({ id: W.id }).from(W).where(eq(W.id, id)).for("update");
      if (!u) throw badRequest("微信用户不存在");
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
        .where(eq(W.id, id));
      return { id, sysDepartId: depart?.id ?? null, sysDepartId_dictText: depart?.departName ?? null, orgCode: depart?.orgCode ?? null };
    });
    return ok(result, "分配成功");
  });
}
