/**
 * Players' records of an activity (domain.md §4.7–4.12, §5.5, §6.3): apply (list, audit, delete), groups
 * (CRUD), grades and group grades (frozen by settlement: list and export), the score ledger (list, export,
 * manual adjustment) and activation codes (list, export, batch generation, void, edit, delete).
 */
import { randomInt } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  bbhActivationCode,
  bbhActivityApply,
  bbhActivityGrade,
  bbhActivityGroup,
  bbhActivityGroupGrade,
  bbhActivityTime,
  bbhScoreRecord,
  bbhUserActivity,
  bbhWxUser,
} from "../../db/schema.js";
import { activationLimits, applyLimits, groupLimits } from "../../../contract/bbh-limits.js";
import { formatDateTime } from "../../lib/dates.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import type { ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "../sys/crud.js";
import { parseIds } from "../sys/shared.js";
import { playerNames, windowNames, wxUserDisplayName } from "./answer.js";
import { playerRoundRows, wxUserFilter } from "./player.js";
import { col, registerExport, registerList } from "./lists.js";
import { GONE, BbhId, REFERENCE, blank, Code, crudCodes, IdList, loadActivity, maskPhone, nullable, OptBbhId, OptCode, OptDateTime, OptInt, rowJson, textField, toDate } from "./shared.js";
import { scopeRows } from "../../plugins/row-scope.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { activityRows } from "./activity.js";

const BASE = "/bbh/api/activity";

// ---------------------------------------------------------------------------------------------- apply
const P = bbhActivityApply;
const applySpec: ListSpec = {
  fields: {
    activityId: { column: P.activityId, type: "string" },
    timeId: { column: P.timeId, type: "string" },
    wxUserId: { column: P.wxUserId, type: "string" },
    realName: { column: P.realName, type: "string", sort: true },
    schoolId: { column: P.schoolId, type: "string" },
    orgId: { column: P.orgId, type: "string" },
    groupId: { column: P.groupId, type: "string" },
    className: { column: P.className, type: "string" },
    applyStatus: { column: P.applyStatus, type: "int", sort: true },
    applyTime: { column: P.applyTime, type: "datetime", sort: true },
    sysOrgCode: { column: P.sysOrgCode, type: "string" },
    createTime: { column: P.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: P.id,
  component: "bbh/activity/ActivityApplyList",
};
const toApplyJson = (r: typeof P.$inferSelect) => ({ ...rowJson(r), phone: maskPhone(r.phone) });

/** 报名, 小组, 成绩, 小组成绩 and 激活码 by id: those their lists show the caller. */
const applyRows = rowScope({ label: "报名", table: P, id: P.id, views: [viewOf(applySpec)], missing: GONE });

const AuditBody = Type.Object({
  ids: IdList("报名", 1000),
  applyStatus: Type.Integer({ title: "审核结果", enum: [1, 2] } as Parameters<typeof Type.Integer>[0]),
  auditRemark: textField(applyLimits.auditRemark),
});

/** Staff add an apply for a WeChat user (报名管理 新增) or edit one; the status only moves along §5.5. */
const ApplyFields = {
  realName: textField(applyLimits.realName),
  phone: textField(applyLimits.phone),
  schoolId: OptBbhId("学校"),
  studentId: OptBbhId("学生"),
  className: textField(applyLimits.className),
  orgId: OptBbhId("组织"),
  groupId: OptBbhId("小组"),
  // The code before null: with type coercion a union that starts with null turns 0 (待审核) into null.
  applyStatus: Type.Optional(nullable(Code("报名状态", [0, 1, 2, 3]))),
  auditRemark: textField(applyLimits.auditRemark),
};
const ApplyAddBody = Type.Object({ activityId: BbhId("所属活动"), timeId: OptBbhId("所属时间段"), wxUserId: BbhId("微信用户"), ...ApplyFields });
const ApplyEditBody = Type.Object({
  id: BbhId("报名"),
  activityId: OptBbhId("所属活动"),
  timeId: OptBbhId("所属时间段"),
  wxUserId: OptBbhId("微信用户"),
  ...ApplyFields,
});
const APPLY_STATUS_TEXT: Record<number, string> = { 0: "待审核", 1: "已通过", 2: "已拒绝", 3: "已取消" };
/** §5.5: 0 → 1 / 2 (staff), 0 / 1 → 3 (cancel, not once the player has started). */
const APPLY_MOVES: Record<number, number[]> = { 0: [1, 2, 3], 1: [3], 2: [], 3: [] };

async function assertApplyCap(tx: Db, activityId: string, timeId: string, maxParticipants: number | null, exceptId?: string) {
  if (!maxParticipants) return;
  const [{ n }] = await tx.select({ n: count() }).from(P).where(and(eq(P.activityId, activityId), eq(P.timeId, timeId), eq(P.applyStatus, 1), exceptId ? ne(P.id, exceptId) : undefined));
  if (Number(n) + 1 > maxParticipants) throw badRequest("报名人数已满");
}

/** The group, if any, must belong to the activity. */
async function assertApplyGroup(tx: Db, activityId: string, groupId: string | null) {
  if (!groupId) return;
  const [g] = await tx.select({ id: G.id }).from(G).where(and(eq(G.id, groupId), eq(G.activityId, activityId)));
  if (!g) throw badRequest("小组不属于该活动");
}

// ---------------------------------------------------------------------------------------------- group
const G = bbhActivityGroup;
const groupSpec: ListSpec = {
  fields: {
    activityId: { column: G.activityId, type: "string" },
    timeId: { column: G.timeId, type: "string" },
    groupName: { column: G.groupName, type: "string", sort: true },
    groupNo: { column: G.groupNo, type: "string", sort: true },
    groupType: { column: G.groupType, type: "int" },
    groupStatus: { column: G.groupStatus, type: "int" },
    schoolId: { column: G.schoolId, type: "string" },
    orgId: { column: G.orgId, type: "string" },
    inviteCode: { column: G.inviteCode, type: "string" },
    memberCount: { column: G.memberCount, type: "int", sort: true },
    sysOrgCode: { column: G.sysOrgCode, type: "string" },
    createTime: { column: G.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: G.id,
  component: "bbh/activity/ActivityGroupList",
};
const groupRows = rowScope({ label: "小组", table: G, id: G.id, views: [viewOf(groupSpec)], missing: GONE });

const GroupBody = Type.Object({
  activityId: BbhId("所属活动"),
  timeId: OptBbhId("所属时间段"),
  groupName: textField(groupLimits.groupName),
  groupNo: textField(groupLimits.groupNo),
  groupType: OptCode("分组方式", [1, 2, 3, 4]),
  leaderWxUserId: OptBbhId("队长"),
  schoolId: OptBbhId("学校"),
  orgId: OptBbhId("组织"),
  className: textField(groupLimits.className),
  maxMembers: OptInt("人数上限", 1, 1000),
  groupStatus: OptCode("小组状态", [0, 1]),
});
const INVITE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const randomCode = (length: number) => Array.from({ length }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join("");

async function groupValues(b: Static<typeof GroupBody>, tx: Db, id?: string, _req?: FastifyRequest) {
  const a = await loadActivity(tx, b.activityId, true);
  const name = b.groupName.trim();
  const [dup] = await tx.select({ id: G.id }).from(G).where(and(eq(G.activityId, a.id), eq(G.groupName, name), id ? ne(G.id, id) : undefined)).limit(1);
  if (dup) throw badRequest(`小组名称【${name}】已存在`);
  const timeId = blank(b.timeId) ?? null;
  if (timeId) {
    const [w] = await tx.select({ id: bbhActivityTime.id }).from(bbhActivityTime).where(and(eq(bbhActivityTime.id, timeId), eq(bbhActivityTime.activityId, a.id)));
    if (!w) throw badRequest("时间段不属于该活动");
  }
  const values: Record<string, unknown> = {
    activityId: a.id,
    timeId,
    groupName: name,
    groupNo: blank(b.groupNo) ?? null,
    groupType: b.groupType ?? a.groupType ?? 1,
    leaderWxUserId: blank(b.leaderWxUserId) ?? null,
    schoolId: blank(b.schoolId) ?? null,
    orgId: blank(b.orgId) ?? null,
    className: blank(b.className) ?? null,
    maxMembers: b.maxMembers ?? a.groupMaxSize ?? null,
    groupStatus: b.groupStatus ?? 1,
    sysOrgCode: a.sysOrgCode,
  };
  if (id) {
    const [cur] = await tx.select().from(G).where(eq(G.id, id));
    if (!cur) throw badRequest("小组不存在");
    if (cur.activityId !== a.id) throw badRequest("不能修改小组所属活动");
  } else {
    values.inviteCode = randomCode(6);
  }
  return values;
}

const AssignBody = Type.Object({ groupId: BbhId("小组"), wxUserIds: IdList("玩家", 1000) });

// ---------------------------------------------------------------------------------------------- grades
const GR = bbhActivityGrade;
const gradeSpec: ListSpec = {
  fields: {
    activityId: { column: GR.activityId, type: "string" },
    timeId: { column: GR.timeId, type: "string" },
    roundNo: { column: GR.roundNo, type: "int", sort: true },
    wxUserId: { column: GR.wxUserId, type: "string" },
    groupId: { column: GR.groupId, type: "string" },
    displayName: { column: GR.displayName, type: "string", sort: true },
    schoolId: { column: GR.schoolId, type: "string" },
    className: { column: GR.className, type: "string" },
    totalScore: { column: GR.totalScore, type: "int", sort: true },
    finishedTaskCount: { column: GR.finishedTaskCount, type: "int", sort: true },
    durationSeconds: { column: GR.durationSeconds, type: "int", sort: true },
    isFinished: { column: GR.isFinished, type: "int" },
    rankNo: { column: GR.rankNo, type: "int", sort: true },
    gradeLevel: { column: GR.gradeLevel, type: "string" },
    settleTime: { column: GR.settleTime, type: "datetime", sort: true },
    sysOrgCode: { column: GR.sysOrgCode, type: "string" },
    createTime: { column: GR.createTime, type: "datetime", sort: true },
  },
  // Ranked players first, by rank; the unranked (no finished task) after them.
  defaultSort: [{ field: "settleTime", order: "desc" }, { field: "rankNo", order: "asc", nulls: "last" }],
  tiebreak: GR.id,
  component: "bbh/activity/ActivityGradeList",
};
const GG = bbhActivityGroupGrade;
const groupGradeSpec: ListSpec = {
  fields: {
    activityId: { column: GG.activityId, type: "string" },
    timeId: { column: GG.timeId, type: "string" },
    roundNo: { column: GG.roundNo, type: "int", sort: true },
    groupId: { column: GG.groupId, type: "string" },
    groupName: { column: GG.groupName, type: "string", sort: true },
    totalScore: { column: GG.totalScore, type: "int", sort: true },
    groupScore: { column: GG.groupScore, type: "int", sort: true },
    rankNo: { column: GG.rankNo, type: "int", sort: true },
    settleTime: { column: GG.settleTime, type: "datetime", sort: true },
    sysOrgCode: { column: GG.sysOrgCode, type: "string" },
    createTime: { column: GG.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "settleTime", order: "desc" }, { field: "rankNo", order: "asc" }],
  tiebreak: GG.id,
  component: "bbh/activity/ActivityGroupGradeList",
};

// ---------------------------------------------------------------------------------------------- score ledger
const S = bbhScoreRecord;
const scoreSpec: ListSpec = {
  fields: {
    activityId: { column: S.activityId, type: "string" },
    timeId: { column: S.timeId, type: "string" },
    roundNo: { column: S.roundNo, type: "int" },
    wxUserId: { column: S.wxUserId, type: "string" },
    userActivityId: { column: S.userActivityId, type: "string" },
    groupId: { column: S.groupId, type: "string" },
    userTaskId: { column: S.userTaskId, type: "string" },
    scoreType: { column: S.scoreType, type: "int", sort: true },
    scoreChange: { column: S.scoreChange, type: "int", sort: true },
    operator: { column: S.operator, type: "string" },
    sysOrgCode: { column: S.sysOrgCode, type: "string" },
    createTime: { column: S.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: S.id,
  component: "bbh/activity/ScoreRecordList",
};
const AdjustBody = Type.Object({
  userActivityId: BbhId("玩家活动"),
  scoreChange: Type.Integer({ title: "调整分值", minimum: -100_000, maximum: 100_000 }),
  reason: textField({ label: "调整原因", required: true, max: 255 }),
});

// ---------------------------------------------------------------------------------------------- activation codes
const C = bbhActivationCode;
const activationSpec: ListSpec = {
  fields: {
    activityId: { column: C.activityId, type: "string" },
    code: { column: C.code, type: "string", sort: true },
    batchNo: { column: C.batchNo, type: "string", sort: true },
    codeStatus: { column: C.codeStatus, type: "int", sort: true },
    usedBy: { column: C.usedBy, type: "string" },
    bindSchoolId: { column: C.bindSchoolId, type: "string" },
    bindOrgId: { column: C.bindOrgId, type: "string" },
    validEndTime: { column: C.validEndTime, type: "datetime", sort: true },
    usedTime: { column: C.usedTime, type: "datetime", sort: true },
    sysOrgCode: { column: C.sysOrgCode, type: "string" },
    createTime: { column: C.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: C.id,
  component: "bbh/activity/ActivationCodeList",
};
/** 10 characters without 0/O/1/I/L (domain.md §4.9). */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_LENGTH = 10;
const newCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
const activationRows = rowScope({ label: "激活码", table: C, id: C.id, views: [viewOf(activationSpec)], missing: GONE });

const GenerateBody = Type.Object({
  activityId: BbhId("活动编号"),
  count: Type.Integer({ title: "生成数量", minimum: 1, maximum: 5000 }),
  validStartTime: OptDateTime("有效期开始"),
  validEndTime: OptDateTime("有效期结束"),
  bindSchoolId: OptBbhId("发放学校"),
  bindOrgId: OptBbhId("发放组织"),
  remark: textField(activationLimits.remark),
});
const VoidBody = Type.Object({ ids: IdList("激活码", 5000), voidReason: textField(activationLimits.voidReason) });
const CodeEditBody = Type.Object({ id: BbhId("激活码"), validStartTime: OptDateTime("有效期开始"), validEndTime: OptDateTime("有效期结束"), remark: textField(activationLimits.remark) });

/** Inserts `n` new unique codes as one batch: multi-row inserts that skip collisions, topped up until complete. */
async function generateCodes(tx: Db, a: { id: string; sysOrgCode: string | null }, n: number, fields: Record<string, unknown>, by: string) {
  const batchNo = `B${formatDateTime(new Date())!.replace(/\D/g, "").slice(2)}${randomCode(4)}`;
  const now = new Date();
  let made = 0;
  for (let round = 0; made < n; round++) {
    if (round > 20) throw new Error("激活码生成重复过多");
    const want = Math.min(n - made, 1000);
    const codes = [...new Set(Array.from({ length: want }, newCode))];
    const done = await tx
      .insert(C)
      .values(codes.map((code) => ({ id: nextId(), activityId: a.id, code, batchNo, codeStatus: 0, ...fields, createBy: by, createTime: now, sysOrgCode: a.sysOrgCode })))
      .onConflictDoNothing({ target: C.code })
      .returning({ id: C.id });
    made += done.length;
  }
  return { batchNo, count: made };
}

export default async function recordRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { activityId: activityRows, timeId: REFERENCE, wxUserId: REFERENCE, wxUserIds: REFERENCE, leaderWxUserId: REFERENCE, schoolId: REFERENCE, studentId: REFERENCE, orgId: REFERENCE, groupId: REFERENCE, bindSchoolId: REFERENCE, bindOrgId: REFERENCE });
  const { db } = app.ctx;

  // apply
  registerList(base, {
    base: `${BASE}/apply`,
    table: P,
    id: P.id,
    spec: applySpec,
    rows: applyRows,
    countTables: ["bbh_activity_apply"],
    codes: { list: "bbh:apply:list", export: "bbh:apply:export" },
    dictFields: { applyStatus: "bbh_apply_status" },
    toJson: toApplyJson,
    queryById: true,
    excel: { title: "报名", columns: [col("活动", "activityId"), col("姓名", "realName"), col("手机号", "phone"), col("班级", "className"), col("报名状态", "applyStatus"), col("报名时间", "applyTime"), col("审核意见", "auditRemark")] },
  });
  app.put(`${BASE}/apply/audit`, { config: { ...can("bbh:apply:audit"), rows: { id: applyRows, ids: applyRows } }, schema: { body: AuditBody } }, async (req) => {
    const { ids, applyStatus, auditRemark } = req.body;
    const remark = blank(auditRemark) ?? null;
    if (applyStatus === 2 && !remark) throw badRequest("拒绝报名时请填写原因");
    const by = req.currentUser().username;
    const updated = await db.transaction(async (tx) => {
      const rows = await tx.select().from(P).where(inArray(P.id, ids)).for("update");
      if (rows.length !== new Set(ids).size) throw badRequest("数据不存在或已删除");
      if (rows.some((r) => r.applyStatus !== 0)) throw badRequest("仅待审核的报名可以审核");
      if (applyStatus === 1) {
        const groups = new Map<string, number>();
        for (const r of rows) groups.set(`${r.activityId}|${r.timeId}`, (groups.get(`${r.activityId}|${r.timeId}`) ?? 0) + 1);
        for (const [key, approving] of groups) {
          const [activityId, timeId] = key.split("|");
          const a = await loadActivity(tx, activityId, true);
          if (!a.maxParticipants) continue;
          const [{ n }] = await tx.select({ n: count() }).from(P).where(and(eq(P.activityId, activityId), eq(P.timeId, timeId), eq(P.applyStatus, 1)));
          if (Number(n) + approving > a.maxParticipants) throw badRequest("报名人数已满");
        }
      }
      await tx.update(P).set({ applyStatus, auditBy: by, auditTime: new Date(), auditRemark: remark, updateBy: by, updateTime: new Date() }).where(inArray(P.id, ids));
      return rows.length;
    });
    return ok({ updated }, "审核成功");
  });
  app.post(`${BASE}/apply/add`, { config: can("bbh:apply:add"), schema: { body: ApplyAddBody } }, async (req) => {
    const b = req.body;
    const by = req.currentUser().username;
    const id = await db.transaction(async (tx) => {
      const a = await loadActivity(tx, b.activityId, true);
      const timeId = blank(b.timeId) ?? "";
      if (timeId) {
        const [w] = await tx.select({ id: bbhActivityTime.id }).from(bbhActivityTime).where(and(eq(bbhActivityTime.id, timeId), eq(bbhActivityTime.activityId, a.id)));
        if (!w) throw badRequest("时间段不属于该活动");
      }
      const [user] = await tx.select({ id: bbhWxUser.id, userStatus: bbhWxUser.userStatus }).from(bbhWxUser).where(eq(bbhWxUser.id, b.wxUserId));
      if (!user) throw badRequest("微信用户不存在");
      if (user.userStatus === 1) throw badRequest("该微信用户已禁用，不能报名");
      const [dup] = await tx.select({ id: P.id }).from(P).where(and(eq(P.activityId, a.id), eq(P.timeId, timeId), eq(P.wxUserId, b.wxUserId))).limit(1);
      if (dup) throw badRequest("该用户已报名此活动");
      // Added by staff: approved unless they ask for 待审核; refusing or cancelling is done afterwards.
      const status = b.applyStatus ?? 1;
      if (status !== 0 && status !== 1) throw badRequest("新增报名的状态只能是待审核或已通过");
      if (status === 1) await assertApplyCap(tx, a.id, timeId, a.maxParticipants);
      const groupId = blank(b.groupId) ?? null;
      await assertApplyGroup(tx, a.id, groupId);
      const now = new Date();
      const newId = nextId();
      await tx.insert(P).values({
        id: newId, activityId: a.id, timeId, wxUserId: b.wxUserId, realName: b.realName.trim(), phone: blank(b.phone) ?? null,
        schoolId: blank(b.schoolId) ?? null, studentId: blank(b.studentId) ?? null, className: blank(b.className) ?? null,
        orgId: blank(b.orgId) ?? null, groupId, applyStatus: status, applyTime: now,
        auditBy: status === 1 ? by : null, auditTime: status === 1 ? now : null, auditRemark: blank(b.auditRemark) ?? null,
        createBy: by, createTime: now, sysOrgCode: a.sysOrgCode,
      });
      return newId;
    });
    return ok({ id }, "添加成功！");
  });
  app.put(`${BASE}/apply/edit`, { config: { ...can("bbh:apply:edit"), rows: { id: applyRows, activityId: REFERENCE } }, schema: { body: ApplyEditBody } }, async (req) => {
    const b = req.body;
    const by = req.currentUser().username;
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(P).where(eq(P.id, b.id)).for("update");
      if (!row) throw badRequest("数据不存在或已删除");
      for (const [key, value] of [["activityId", b.activityId], ["timeId", b.timeId], ["wxUserId", b.wxUserId]] as const)
        if (value != null && value !== "" && value !== row[key]) throw badRequest("报名的活动、时间段和微信用户不能修改");
      if (b.timeId === "" && row.timeId !== "") throw badRequest("报名的活动、时间段和微信用户不能修改");
      const a = await loadActivity(tx, row.activityId, true);
      const status = b.applyStatus ?? row.applyStatus;
      const remark = b.auditRemark === undefined ? row.auditRemark : (blank(b.auditRemark) ?? null);
      const now = new Date();
      const audit: Record<string, unknown> = {};
      if (status !== row.applyStatus) {
        if (!APPLY_MOVES[row.applyStatus]?.includes(status))
          throw badRequest(`报名状态不能从【${APPLY_STATUS_TEXT[row.applyStatus]}】改为【${APPLY_STATUS_TEXT[status]}】`);
        if (status === 2 && !remark) throw badRequest("拒绝报名时请填写原因");
        if (status === 1) await assertApplyCap(tx, row.activityId, row.timeId, a.maxParticipants, row.id);
        if (status === 3) {
          const [started] = await tx.select({ id: bbhUserActivity.id }).from(bbhUserActivity).where(eq(bbhUserActivity.applyId, row.id)).limit(1);
          if (started) throw badRequest("已开始活动，不能取消报名");
          audit.cancelTime = now;
        } else {
          Object.assign(audit, { auditBy: by, auditTime: now });
        }
      }
      const groupId = b.groupId === undefined ? row.groupId : (blank(b.groupId) ?? null);
      if (groupId !== row.groupId) await assertApplyGroup(tx, row.activityId, groupId);
      // Lists show the phone masked (138****0000): a masked value sent back unchanged keeps the stored number.
      const phone = b.phone === undefined || (b.phone && b.phone === maskPhone(row.phone)) ? row.phone : (blank(b.phone) ?? null);
      const keep = <T>(v: string | null | undefined, old: T) => (v === undefined ? old : (blank(v) ?? null));
      await tx.update(P).set({
        realName: b.realName.trim(), phone, schoolId: keep(b.schoolId, row.schoolId), studentId: keep(b.studentId, row.studentId),
        className: keep(b.className, row.className), orgId: keep(b.orgId, row.orgId), groupId, applyStatus: status,
        auditRemark: remark, ...audit, updateBy: by, updateTime: now,
      }).where(eq(P.id, row.id));
    });
    return ok(null, "编辑成功!");
  });
  const deleteApplies = async (ids: string[]) => {
    await db.transaction(async (tx) => {
      const [started] = await tx.select({ id: bbhUserActivity.id }).from(bbhUserActivity).where(inArray(bbhUserActivity.applyId, ids)).limit(1);
      if (started) throw badRequest("已开始活动，不能删除报名");
      const gone = await tx.delete(P).where(inArray(P.id, ids)).returning({ id: P.id });
      if (!gone.length) throw badRequest("数据不存在或已删除");
    });
  };
  app.delete(`${BASE}/apply/delete`, { config: { ...can("bbh:apply:delete"), rows: { id: applyRows, ids: applyRows } }, schema: { querystring: Type.Object({ id: BbhId("报名") }) } }, async (req) => {
    await deleteApplies([req.query.id]);
    return ok(null, "删除成功!");
  });
  app.delete(`${BASE}/apply/deleteBatch`, { config: { ...can("bbh:apply:deleteBatch"), rows: { id: applyRows, ids: applyRows } }, schema: { querystring: Type.Object({ ids: Type.String({ title: "编号列表", maxLength: 40_000 }) }) } }, async (req) => {
    await deleteApplies(parseIds(req.query.ids));
    return ok(null, "批量删除成功！");
  });

  // groups
  registerCrud<typeof GroupBody, typeof G.$inferSelect>(base, {
    base: `${BASE}/group`,
    table: G,
    id: G.id,
    spec: groupSpec,
    rows: groupRows,
    codes: crudCodes("group"),
    body: GroupBody,
    values: groupValues,
    toJson: (r) => rowJson(r),
    dictFields: { groupType: "bbh_group_type", groupStatus: "bbh_enable_status" },
    countTables: ["bbh_activity_group"],
    beforeDelete: async (tx, ids) => {
      const [member] = await tx.select({ id: bbhUserActivity.id }).from(bbhUserActivity).where(inArray(bbhUserActivity.groupId, ids)).limit(1);
      if (member) throw badRequest("小组已有成员，不能删除");
    },
  });

  registerExport<typeof G.$inferSelect>(base, {
    base: `${BASE}/group`, table: G, id: G.id, spec: groupSpec, dictFields: { groupType: "bbh_group_type", groupStatus: "bbh_enable_status" }, code: "bbh:group:export",
    excel: { title: "小组", columns: [col("小组名称", "groupName", 20), col("编号", "groupNo", 10), col("分组方式", "groupType"), col("成员数", "memberCount", 8), col("人数上限", "maxMembers", 10), col("邀请码", "inviteCode", 10), col("状态", "groupStatus", 8)] },
  });

  // Staff put players (who applied) into a group: their applies and their rounds not yet settled follow; a
  // player is in one group per activity window, so moving them takes them out of their old group.
  app.post(`${BASE}/group/assign`, { config: { ...can("bbh:group:assign"), rows: { groupId: groupRows } }, schema: { body: AssignBody } }, async (req) => {
    const { groupId } = req.body;
    const wxUserIds = [...new Set(req.body.wxUserIds)];
    const by = req.currentUser().username;
    const result = await db.transaction(async (tx) => {
      const [g] = await tx.select().from(G).where(eq(G.id, groupId)).for("update");
      if (!g) throw badRequest("小组不存在");
      if (g.groupStatus !== 1) throw badRequest("小组已停用");
      const applies = await tx
        .select({ wxUserId: P.wxUserId, groupId: P.groupId, realName: P.realName })
        .from(P)
        .where(and(eq(P.activityId, g.activityId), eq(P.applyStatus, 1), inArray(P.wxUserId, wxUserIds), g.timeId ? inArray(P.timeId, [g.timeId, ""]) : undefined));
      const applied = new Set(applies.map((a) => a.wxUserId));
      const missing = wxUserIds.filter((id) => !applied.has(id));
      if (missing.length) throw badRequest(`玩家【${missing.slice(0, 5).join("、")}】没有通过审核的报名，不能分组`);
      const members = await tx.selectDistinct({ wxUserId: P.wxUserId }).from(P).where(eq(P.groupId, groupId));
      const after = new Set([...members.map((m) => m.wxUserId), ...wxUserIds]);
      if (g.maxMembers && after.size > g.maxMembers) throw badRequest(`小组人数已满（上限${g.maxMembers}人）`);
      const oldGroups = [...new Set(applies.map((a) => a.groupId).filter((x): x is string => !!x && x !== groupId))];
      const now = new Date();
      await tx.update(P).set({ groupId, updateBy: by, updateTime: now }).where(and(eq(P.activityId, g.activityId), inArray(P.wxUserId, wxUserIds)));
      await tx.execute(sql`
        update bbh_user_activity ua set group_id = ${groupId}, update_by = ${by}, update_time = ${now}
        from bbh_activity_time t
        where t.id = ua.time_id and t.round_no = ua.round_no and t.time_status <> 2 and ua.activity_id = ${g.activityId}
          and ua.wx_user_id in (select jsonb_array_elements_text(${JSON.stringify(wxUserIds)}::jsonb))
          ${g.timeId ? sql`and ua.time_id = ${g.timeId}` : sql``}`);
      // The new group's and the members' former groups' counts, in one statement.
      await tx.execute(sql`
        update bbh_activity_group g set member_count = (select count(distinct a.wx_user_id) from bbh_activity_apply a where a.group_id = g.id)
        where g.id in (select jsonb_array_elements_text(${JSON.stringify([groupId, ...oldGroups])}::jsonb))`);
      return { groupId, memberCount: after.size };
    });
    return ok(result, "分配成功");
  });

  // grades and group grades (written by settlement only)
  registerList(base, {
    base: `${BASE}/grade`,
    table: GR,
    id: GR.id,
    spec: gradeSpec,
    countTables: ["bbh_activity_grade"],
    codes: { list: "bbh:grade:list", export: "bbh:grade:export" },
    dictFields: { isFinished: "bbh_yn" },
    queryById: true,
    excel: {
      title: "成绩",
      columns: [col("名次", "rankNo", 8), col("姓名", "displayName"), col("轮次", "roundNo", 8), col("总分", "totalScore", 8), col("完成任务数", "finishedTaskCount", 10), col("用时(秒)", "durationSeconds", 10), col("是否完成", "isFinished", 10), col("等级", "gradeLevel", 10), col("结算时间", "settleTime", 20)],
    },
  });
  registerList(base, {
    base: `${BASE}/groupGrade`,
    table: GG,
    id: GG.id,
    spec: groupGradeSpec,
    countTables: ["bbh_activity_group_grade"],
    codes: { list: "bbh:groupGrade:list", export: "bbh:groupGrade:export" },
    dictFields: { scoreRule: "bbh_group_score_rule" },
    queryById: true,
    excel: {
      title: "小组成绩",
      columns: [col("名次", "rankNo", 8), col("小组", "groupName"), col("成员数", "memberCount", 8), col("完成人数", "finishedMemberCount", 10), col("总分", "totalScore", 8), col("平均分", "avgScore", 10), col("计分", "groupScore", 10), col("计分规则", "scoreRule"), col("结算时间", "settleTime", 20)],
    },
  });

  // score ledger
  registerList(base, {
    base: `${BASE}/score`,
    table: S,
    id: S.id,
    spec: scoreSpec,
    countTables: ["bbh_score_record", "bbh_wx_user"],
    codes: { list: "bbh:score:list", export: "bbh:score:export" },
    where: (req) => [wxUserFilter(req, S.wxUserId)],
    dictFields: { scoreType: "bbh_score_type" },
    // who and where, by name: a ledger of WeChat ids means nothing to the staff reading it
    extra: () => ({ ...playerNames(S.wxUserId), ...windowNames(S) }),
    excel: { title: "积分流水", columns: [col("玩家", "nickname"), col("姓名", "realName"), col("活动", "activityName", 24), col("时间段", "timeName"), col("积分类型", "scoreType"), col("变动", "scoreChange", 8), col("变动后", "scoreAfter", 8), col("原因", "reason", 30), col("操作人", "operator"), col("时间", "createTime", 20)] },
  });
  app.post(`${BASE}/score/adjust`, { config: { ...can("bbh:score:adjust"), rows: { userActivityId: playerRoundRows } }, schema: { body: AdjustBody } }, async (req) => {
    const { userActivityId, scoreChange, reason } = req.body;
    if (scoreChange === 0) throw badRequest("调整分值不能为0");
    const by = req.currentUser().username;
    const result = await db.transaction(async (tx) => {
      // The window first, then the player (the order of settlement and review): locking the player first
      // and then waiting on a window being settled would deadlock with the settlement's update of that player.
      const [peek] = await tx.select({ timeId: bbhUserActivity.timeId }).from(bbhUserActivity).where(eq(bbhUserActivity.id, userActivityId));
      if (!peek) throw badRequest("玩家活动记录不存在");
      const [w] = await tx.select().from(bbhActivityTime).where(eq(bbhActivityTime.id, peek.timeId)).for("share");
      const [ua] = await tx.select().from(bbhUserActivity).where(eq(bbhUserActivity.id, userActivityId)).for("update");
      if (!ua) throw badRequest("玩家活动记录不存在");
      if (!w || w.timeStatus === 2 || w.roundNo !== ua.roundNo) throw badRequest("该活动时间段已结算，成绩已冻结，无法调整积分");
      const after = ua.ledgerScore + scoreChange; // the round's ledger sum (kept by the ledger's triggers) moved on
      const a = await loadActivity(tx, ua.activityId);
      await tx.insert(S).values({
        id: nextId(), activityId: ua.activityId, timeId: ua.timeId, roundNo: ua.roundNo, wxUserId: ua.wxUserId, userActivityId: ua.id, groupId: ua.groupId,
        scoreType: scoreChange > 0 ? 2 : 3, scoreChange, scoreAfter: after, reason: reason.trim(), operator: by, createBy: by, sysOrgCode: a.sysOrgCode,
      });
      await tx.update(bbhUserActivity).set({ totalScore: after, updateBy: by, updateTime: new Date() }).where(eq(bbhUserActivity.id, ua.id));
      return { userActivityId: ua.id, totalScore: after };
    });
    return ok(result, "调整成功");
  });

  // activation codes
  registerList(base, {
    base: `${BASE}/activation`,
    table: C,
    id: C.id,
    spec: activationSpec,
    rows: activationRows,
    countTables: ["bbh_activation_code"],
    codes: { list: "bbh:activation:list", export: "bbh:activation:export" },
    dictFields: { codeStatus: "bbh_activation_status" },
    queryById: true,
    // the user who redeemed it, by name (used_by holds a WeChat user id)
    extra: () => ({ usedByName: wxUserDisplayName(C.usedBy, "usedByName") }),
    excel: { title: "激活码", columns: [col("激活码", "code", 16), col("批次", "batchNo", 22), col("状态", "codeStatus", 10), col("有效期开始", "validStartTime", 20), col("有效期结束", "validEndTime", 20), col("使用者", "usedByName"), col("使用时间", "usedTime", 20), col("备注", "remark", 30)] },
  });
  app.post(`${BASE}/activation/generate`, { config: can("bbh:activation:generate"), schema: { body: GenerateBody } }, async (req) => {
    const b = req.body;
    const validStartTime = toDate(b.validStartTime, "有效期开始");
    const validEndTime = toDate(b.validEndTime, "有效期结束");
    if (validStartTime && validEndTime && validEndTime <= validStartTime) throw badRequest("有效期结束时间必须晚于开始时间");
    const result = await db.transaction(async (tx) => {
      const a = await loadActivity(tx, b.activityId, true);
      return generateCodes(tx, a, b.count, { validStartTime, validEndTime, bindSchoolId: blank(b.bindSchoolId) ?? null, bindOrgId: blank(b.bindOrgId) ?? null, remark: blank(b.remark) ?? null }, req.currentUser().username);
    });
    return ok(result, `成功生成${result.count}个激活码`);
  });
  app.put(`${BASE}/activation/void`, { config: { ...can("bbh:activation:void"), rows: { id: activationRows, ids: activationRows } }, schema: { body: VoidBody } }, async (req) => {
    const { ids, voidReason } = req.body;
    const by = req.currentUser().username;
    const updated = await db.transaction(async (tx) => {
      const rows = await tx.select({ id: C.id, codeStatus: C.codeStatus }).from(C).where(inArray(C.id, ids)).for("update");
      if (rows.length !== new Set(ids).size) throw badRequest("数据不存在或已删除");
      if (rows.some((r) => r.codeStatus !== 0)) throw badRequest("仅未使用的激活码可以作废");
      await tx.update(C).set({ codeStatus: 2, voidBy: by, voidTime: new Date(), voidReason: voidReason.trim(), updateBy: by, updateTime: new Date() }).where(inArray(C.id, ids));
      return rows.length;
    });
    return ok({ updated }, "作废成功");
  });
  const editCode = async (req: FastifyRequest<{ Body: Static<typeof CodeEditBody> }>) => {
    const b = req.body;
    const validStartTime = toDate(b.validStartTime, "有效期开始");
    const validEndTime = toDate(b.validEndTime, "有效期结束");
    if (validStartTime && validEndTime && validEndTime <= validStartTime) throw badRequest("有效期结束时间必须晚于开始时间");
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(C).where(eq(C.id, b.id)).for("update");
      if (!row) throw badRequest("数据不存在或已删除");
      if (row.codeStatus !== 0) throw badRequest("仅未使用的激活码可以修改");
      await tx.update(C).set({ validStartTime, validEndTime, remark: blank(b.remark) ?? null, updateBy: req.currentUser().username, updateTime: new Date() }).where(eq(C.id, b.id));
    });
    return ok(null, "编辑成功!");
  };
  app.put(`${BASE}/activation/edit`, { config: { ...can("bbh:activation:edit"), rows: { id: activationRows, ids: activationRows } }, schema: { body: CodeEditBody } }, editCode);
  app.post(`${BASE}/activation/edit`, { config: { ...can("bbh:activation:edit"), rows: { id: activationRows, ids: activationRows } }, schema: { body: CodeEditBody } }, editCode);
  const deleteCodes = async (ids: string[]) => {
    await db.transaction(async (tx) => {
      const rows = await tx.select({ codeStatus: C.codeStatus }).from(C).where(inArray(C.id, ids)).for("update");
      if (!rows.length) throw badRequest("数据不存在或已删除");
      if (rows.some((r) => r.codeStatus === 1)) throw badRequest("已使用的激活码不能删除");
      await tx.delete(C).where(inArray(C.id, ids));
    });
  };
  app.delete(`${BASE}/activation/delete`, { config: { ...can("bbh:activation:delete"), rows: { id: activationRows, ids: activationRows } }, schema: { querystring: Type.Object({ id: BbhId("激活码") }) } }, async (req) => {
    await deleteCodes([req.query.id]);
    return ok(null, "删除成功!");
  });
  app.delete(`${BASE}/activation/deleteBatch`, { config: { ...can("bbh:activation:deleteBatch"), rows: { id: activationRows, ids: activationRows } }, schema: { querystring: Type.Object({ ids: Type.String({ title: "编号列表", maxLength: 40_000 }) }) } }, async (req) => {
    await deleteCodes(parseIds(req.query.ids));
    return ok(null, "批量删除成功！");
  });
}
