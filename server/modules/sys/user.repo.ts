/** Queries of the user module. */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { SysDepart, SysUser } from "../../../contract/index.js";
import type { Db } from "../../db/client.js";
import { sysDepart, sysUser, sysUserDepart } from "../../db/schema.js";
import { formatDateTime } from "../../lib/dates.js";
import type { ListSpec } from "../../lib/list-query.js";

export type UserRow = typeof sysUser.$inferSelect;
type DepartRow = typeof sysDepart.$inferSelect;

/** Reserved by JeecgBoot for external integrations; never listed. */
export const RESERVED_USERNAME = "_reserve_user_external";

export const userListSpec: ListSpec = {
  fields: {
    id: { column: sysUser.id, type: "string" },
    username: { column: sysUser.username, type: "string", sort: true },
    realname: { column: sysUser.realname, type: "string", sort: true },
    sex: { column: sysUser.sex, type: "int", sort: true },
    birthday: { column: sysUser.birthday, type: "date", sort: true },
    email: { column: sysUser.email, type: "string" },
    phone: { column: sysUser.phone, type: "string" },
    orgCode: { column: sysUser.orgCode, type: "string" },
    status: { column: sysUser.status, type: "int", sort: true },
    workNo: { column: sysUser.workNo, type: "string", sort: true },
    post: { column: sysUser.post, type: "string" },
    telephone: { column: sysUser.telephone, type: "string" },
    userIdentity: { column: sysUser.userIdentity, type: "int" },
    createTime: { column: sysUser.createTime, type: "datetime", sort: true },
    updateTime: { column: sysUser.updateTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysUser.id,
};

export const userDictFields = { sex: "sex", status: "user_status" };

/** A user as the wire shows it: never the password hash or salt. */
export function toUserJson(row: UserRow): SysUser {
  return {
    id: row.id,
    username: row.username,
    realname: row.realname,
    avatar: row.avatar,
    birthday: row.birthday,
    sex: row.sex,
    email: row.email,
    phone: row.phone,
    orgCode: row.orgCode,
    orgCodeTxt: null,
    status: row.status,
    delFlag: row.delFlag,
    workNo: row.workNo,
    post: row.post,
    telephone: row.telephone,
    userIdentity: row.userIdentity,
    departIds: row.departIds,
    relTenantIds: row.relTenantIds,
    clientId: row.clientId,
    createBy: row.createBy,
    createTime: formatDateTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: formatDateTime(row.updateTime),
  };
}

export function toDepartJson(row: DepartRow): SysDepart {
  return {
    id: row.id,
    parentId: row.parentId,
    departName: row.departName,
    departNameEn: row.departNameEn,
    departNameAbbr: row.departNameAbbr,
    departOrder: row.departOrder,
    description: row.description,
    orgCategory: row.orgCategory,
    orgType: row.orgType,
    orgCode: row.orgCode,
    mobile: row.mobile,
    fax: row.fax,
    address: row.address,
    memo: row.memo,
    status: row.status,
    delFlag: row.delFlag,
  };
}

export const activeUsers = and(eq(sysUser.delFlag, 0), ne(sysUser.username, RESERVED_USERNAME));

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(sysUser).where(and(eq(sysUser.id, id), eq(sysUser.delFlag, 0)));
  return row;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(sysUser).where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0)));
  return row;
}

/** The departments a user belongs to, in department order. */
export async function userDeparts(db: Db, userId: string): Promise<DepartRow[]> {
  return db
    .select({ d: sysDepart })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(and(eq(sysUserDepart.userId, userId), eq(sysDepart.delFlag, "0")))
    .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode))
    .then((rows) => rows.map((r) => r.d));
}

/** Comma-joined department names of the row's user (`orgCodeTxt`), computed in the page query itself. */
export const departNames = sql<string | null>`(
  select string_agg(d.depart_name, ',' order by d.org_code)
  from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
  where ud.user_id = "sys_user"."id")`.as("org_code_txt");

/** Users who belong to a department (JeecgBoot's `departId` list filter). */
export const inDepartment = (departId: string) =>
  sql`${sysUser.id} in (select ${sysUserDepart.userId} from ${sysUserDepart} where ${sysUserDepart.depId} = ${departId})`;
