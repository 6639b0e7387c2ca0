/** Queries of the user module. */
import { and, asc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { SysDepart, SysUser } from "../../../contract/index.js";
import type { Db } from "../../db/client.js";
import { sysDepart, sysDepartRole, sysDepartRoleUser, sysRole, sysUser, sysUserDepart, sysUserRole } from "../../db/schema.js";
import { nextId } from "../../lib/ids.js";
import { badRequest } from "../../lib/envelope.js";
import { formatDateTime } from "../../lib/dates.js";
import type { ListSpec } from "../../lib/list-query.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";

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
  component: "system/UserList",
};

/** JeecgBoot's password rule (PasswordModal.vue): letters, digits and a symbol, at least 8 characters. */
export const PASSWORD_RULE = /^(?=.*[a-zA-Z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,}$/;
export const PASSWORD_RULE_MESSAGE = "密码由8位数字、大小写字母和特殊符号组成!";

export const userDictFields = { sex: "sex", status: "user_status" };

/**
 * The user's table-dictionary texts (contract §5.4: `departIds` is the `sys_depart,depart_name,id` dictionary,
 * `post` the `sys_position,name,code` one), computed set-based in the page query: each comma list is
 * translated element by element in its own order, unknown keys are left out (as JeecgBoot does), and a user
 * with none gets null. Spread into `fetchPage`'s `extra`; `toUserJson` passes them on when present.
 */
export const userDictTexts = {
  departIds_dictText: sql<string | null>`(
    select string_agg(d.depart_name, ',' order by k.ord)
    from unnest(string_to_array("sys_user"."depart_ids", ',')) with ordinality as k(id, ord)
    join sys_depart d on d.id = trim(k.id) and d.del_flag = '0')`.as("depart_ids_dict_text"),
  post_dictText: sql<string | null>`(
    select string_agg(p.name, ',' order by k.ord)
    from unnest(string_to_array("sys_user"."post", ',')) with ordinality as k(code, ord)
    join sys_position p on p.code = trim(k.code))`.as("post_dict_text"),
};

type UserDictTexts = { departIds_dictText?: string | null; post_dictText?: string | null };

/** A user as the wire shows it: never the password hash or salt. */
export function toUserJson(row: UserRow & UserDictTexts): SysUser {
  const texts: UserDictTexts = {};
  if (row.departIds_dictText !== undefined) texts.departIds_dictText = row.departIds_dictText;
  if (row.post_dictText !== undefined) texts.post_dictText = row.post_dictText;
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
    ...texts,
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

/** Users by id: those 用户管理 shows the caller (its menu and data rules). */
export const userRows = rowScope({ label: "用户", table: sysUser, id: sysUser.id, live: activeUsers, views: [viewOf(userListSpec)] });

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

/** Users in a department or any department below it (JeecgBoot matches `org_code LIKE '<code>%'`). */
export const inDepartmentTree = (orgCode: string) =>
  sql`${sysUser.id} in (select ud.user_id from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
    where d.org_code like ${orgCode.replace(/[\\%_]/g, (c) => "\\" + c) + "%"})`;

export const inRole = (roleId: string) =>
  sql`${sysUser.id} in (select ${sysUserRole.userId} from ${sysUserRole} where ${sysUserRole.roleId} = ${roleId})`;

/** Checks that every id names an existing role / department; a bad id is bad input. */
export async function assertRoles(db: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = await db.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.id, ids));
  if (found.length !== ids.length) throw badRequest("所选角色不存在");
}

export async function assertDeparts(db: Db, ids: string[]): Promise<DepartRow[]> {
  if (!ids.length) return [];
  const found = await db.select().from(sysDepart).where(and(inArray(sysDepart.id, ids), eq(sysDepart.delFlag, "0")));
  if (found.length !== ids.length) throw badRequest("所选部门不存在");
  return ids.map((id) => found.find((d) => d.id === id)!);
}

/** Replaces a user's roles with `roleIds` (set-based: one delete of what went, one insert of what came). */
export async function replaceUserRoles(db: Db, userId: string, roleIds: string[]): Promise<void> {
  await db
    .delete(sysUserRole)
    .where(and(eq(sysUserRole.userId, userId), roleIds.length ? notInArray(sysUserRole.roleId, roleIds) : undefined));
  if (roleIds.length) {
    await db.insert(sysUserRole).values(roleIds.map((roleId) => ({ id: nextId(), userId, roleId }))).onConflictDoNothing();
  }
}

/** Replaces a user's departments; department-role links of departments the user left are removed too. */
export async function replaceUserDeparts(db: Db, userId: string, departIds: string[]): Promise<void> {
  const gone = departIds.length ? notInArray(sysUserDepart.depId, departIds) : undefined;
  await db.delete(sysDepartRoleUser).where(
    and(
      eq(sysDepartRoleUser.userId, userId),
      inArray(
        sysDepartRoleUser.droleId,
        db.select({ id: sysDepartRole.id }).from(sysDepartRole).where(departIds.length ? notInArray(sysDepartRole.departId, departIds) : undefined),
      ),
    ),
  );
  await db.delete(sysUserDepart).where(and(eq(sysUserDepart.userId, userId), gone));
  if (departIds.length) {
    await db.insert(sysUserDepart).values(departIds.map((depId) => ({ id: nextId(), userId, depId }))).onConflictDoNothing();
  }
}

