/** `/sys/user` — the user module (contract.md §10.1). */
import type { FastifyInstance } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { sysDepart, sysDepartRole, sysDepartRoleUser, sysRole, sysUser, sysUserDepart, sysUserRole } from "../../db/schema.js";
import type { Db } from "../../db/client.js";
import { badRequest, fail, ok, refused } from "../../lib/envelope.js";
import { uuid32, nextId } from "../../lib/ids.js";
import { fetchPage, parseListQuery, toPage, type ListSpec } from "../../lib/list-query.js";
import { hashPassword } from "../../lib/password.js";
import { can, signedIn } from "../../plugins/auth.js";
import { Delegation } from "./privilege.js";
import { answering, scopeRows, unscoped } from "../../plugins/row-scope.js";
import { visibleCondition } from "../../lib/row-scope.js";
import { Id, IdQuery, IdsQuery, ListQuery, Text, UNSCOPED, blankToNull, created, parseIds, parseOptionalIds, scope, updated } from "./shared.js";
import { roleRows } from "./role.js";
import {
  PASSWORD_RULE,
  PASSWORD_RULE_MESSAGE,
  activeUsers,
  assertDeparts,
  assertRoles,
  departNames,
  findUserById,
  findUserByUsername,
  inDepartment,
  inDepartmentTree,
  inRole,
  replaceUserDeparts,
  replaceUserRoles,
  toDepartJson,
  toUserJson,
  userDeparts,
  userDictFields,
  userDictTexts,
  userListSpec,
  userRows,
  type UserRow,
} from "./user.repo.js";
import { userLimits } from "../../../contract/limits.js";
import { DATE_TIME_PATTERN, nullable, textField, titled, verbatim } from "../../lib/field-schema.js";

const UserListQuery = Type.Object(
  {
    ...ListQuery.properties,
    departId: Type.Optional(Type.String({ title: "部门", maxLength: 32 })),
    code: Type.Optional(Type.String({ title: "编码", maxLength: 4000 })),
  },
  { additionalProperties: true },
);


/** Fields of the user form; anything else the client sends (createTime, _dictText …) is ignored. */
const userFields = {
  realname: textField(userLimits.realname),
  avatar: textField(userLimits.avatar),
  birthday: Type.Optional(Type.Union([Type.Null(), Type.String({ pattern: `^$|${DATE_TIME_PATTERN}` })], { title: "生日" })),
  sex: Type.Optional(nullable(Type.Integer({ title: "性别", minimum: 0, maximum: 2 }))),
  email: textField(userLimits.email),
  phone: textField(userLimits.phone),
  workNo: textField(userLimits.workNo),
  post: textField(userLimits.post),
  telephone: textField(userLimits.telephone),
  userIdentity: Type.Optional(nullable(Type.Integer({ title: "身份", minimum: 1, maximum: 2 }))),
  departIds: Text(4000, "负责部门"),
  relTenantIds: Text(100, "所属租户"),
  activitiSync: Type.Optional(nullable(Type.Integer({ title: "同步工作流引擎", minimum: 0, maximum: 1 }))),
  selectedroles: Text(4000, "角色分配"),
  selecteddeparts: Text(4000, "所属部门"),
};

const AddBody = Type.Object({
  id: Type.Optional(Type.Union([Type.Null(), Id])),
  username: textField(userLimits.username),
  password: textField(userLimits.password),
  ...userFields,
});

const EditBody = Type.Object({ id: Id, ...userFields, realname: Type.Optional(textField(userLimits.realname)) });

const FrozenBody = Type.Object({
  ids: Type.String({ title: "用户编号", minLength: 1, maxLength: 40_000 }),
  status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal("1"), Type.Literal("2")], { title: "状态" }),
});

const ChangePasswordBody = Type.Object({
  username: Type.String({ title: userLimits.username.label, minLength: 1, maxLength: userLimits.username.max }),
  password: textField(userLimits.password),
  confirmpassword: Type.Optional(verbatim(Type.String({ title: "确认密码", maxLength: userLimits.password.max }))),
});

/** Fields `checkOnlyUser` may test (JeecgBoot allowed any column; that enumerated accounts by anything). */
const CheckOnlyQuery = Type.Object({
  username: Type.Optional(Type.String({ title: "用户账号", maxLength: 100 })),
  workNo: Type.Optional(Type.String({ title: "工号", maxLength: 100 })),
  phone: Type.Optional(Type.String({ title: "手机号码", maxLength: 45 })),
  email: Type.Optional(Type.String({ title: "邮箱", maxLength: 45 })),
  id: Type.Optional(Type.String({ title: "编号", maxLength: 36 })),
});

const UNIQUE_FIELDS = [
  { key: "username", column: sysUser.username, message: "用户账号已存在" },
  { key: "workNo", column: sysUser.workNo, message: "工号已存在" },
  { key: "phone", column: sysUser.phone, message: "手机号已存在" },
  { key: "email", column: sysUser.email, message: "邮箱已存在" },
] as const;

/** Refuses a value another user (deleted ones included: the unique index covers them) already holds. */
async function assertUnique(db: Db, values: Partial<Record<(typeof UNIQUE_FIELDS)[number]["key"], string | null | undefined>>, exceptId?: string) {
  for (const f of UNIQUE_FIELDS) {
    const v = values[f.key];
    if (!v) continue;
    const [hit] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(f.column, v), exceptId ? ne(sysUser.id, exceptId) : undefined))
      .limit(1);
    if (hit) throw refused(f.message);
  }
}

type FormBody = Static<typeof EditBody>;

/** The columns a form sets (never password, status, del flag or audit columns). */
function formColumns(body: Omit<Partial<FormBody>, "id">) {
  return {
    realname: body.realname,
    avatar: blankToNull(body.avatar),
    birthday: body.birthday === undefined ? undefined : body.birthday ? body.birthday.slice(0, 10) : null,
    sex: body.sex,
    email: blankToNull(body.email),
    phone: blankToNull(body.phone),
    workNo: blankToNull(body.workNo),
    post: blankToNull(body.post),
    telephone: blankToNull(body.telephone),
    userIdentity: body.userIdentity,
    departIds: blankToNull(body.departIds),
    relTenantIds: blankToNull(body.relTenantIds),
    activitiSync: body.activitiSync,
  };
}

export default async function userRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dicts, config, cache, sessions } = app.ctx;
  // Users named by id are those 用户管理 shows the caller. Membership changes of a role or a department name
  // users through the delegation check instead (Delegation.assertMayManage), as the role and department pages
  // do not show the user list.
  const MEMBERS = unscoped("角色、部门成员的变更由委派管理（Delegation.assertMayManage）核对");
  scopeRows(app, { id: userRows, ids: userRows, userid: userRows, userId: userRows, userIds: MEMBERS, userIdList: MEMBERS, roleId: roleRows, depId: UNSCOPED.departs });

  /** What the signed-in user may do to other accounts (docs/security.md, delegated administration). */
  const delegation = (req: Parameters<typeof updated>[0], tx: Db = db) => Delegation.of(tx, req.currentUser().userId);

  const pageOfUsers = async (rows: Array<UserRow & { orgCodeTxt: string | null }>) =>
    dicts.translate(
      rows.map((r) => ({ ...toUserJson(r), orgCodeTxt: r.orgCodeTxt })),
      userDictFields,
    );

  app.get("/sys/user/list", { config: can("system:user:list"), schema: { querystring: UserListQuery } }, async (req) => {
    const params = parseListQuery(userListSpec, req.query, config.maxPageSize);
    const { departId, code } = req.query;
    const ids = code?.split(",").map((s) => s.trim()).filter(Boolean);
    const { rows, total } = await fetchPage<typeof sysUser, { orgCodeTxt: string | null }>(db, sysUser, params, {
      where: [activeUsers, departId ? inDepartment(departId) : undefined, ids?.length ? inArray(sysUser.id, ids) : undefined],
      counts: { cache, tables: ["sys_user", "sys_user_depart"], versions: req.currentUser().versions },
      extra: { orgCodeTxt: departNames, ...userDictTexts },
      scope: scope(req, cache),
    });
    return ok(toPage(await pageOfUsers(rows), total, params));
  });

  app.get("/sys/user/queryById", { config: can("system:user:queryById"), schema: { querystring: IdQuery } }, async (req) => {
    const row = await findUserById(db, req.query.id);
    if (!row) throw refused("未找到对应实体");
    return ok(toUserJson(row));
  });

  app.get("/sys/user/generateUserId", { config: can("system:user:add") }, async () => ok(uuid32()));

  app.post("/sys/user/add", { config: { ...can("system:user:add"), rows: { id: UNSCOPED.created } }, schema: { body: AddBody } }, async (req) => {
    const body = req.body;
    if (!PASSWORD_RULE.test(body.password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    const roleIds = parseOptionalIds(body.selectedroles);
    const departIds = parseOptionalIds(body.selecteddeparts);
    const password = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      await assertRoles(tx, roleIds);
      await (await delegation(req, tx)).assertMayGrantRoles(roleIds);
      const departs = await assertDeparts(tx, departIds);
      await assertUnique(tx, { username: body.username, workNo: body.workNo, phone: body.phone, email: body.email });
      const id = body.id || uuid32();
      const [clash] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, id));
      if (clash) throw refused("用户编号已存在");
      await tx.insert(sysUser).values({
        ...formColumns(body),
        id,
        username: body.username,
        realname: body.realname,
        password,
        orgCode: departs[0]?.orgCode ?? null,
        status: 1,
        delFlag: 0,
        ...created(req),
      });
      await replaceUserRoles(tx, id, roleIds);
      await replaceUserDeparts(tx, id, departIds);
    });
    return ok(null, "添加成功！");
  });

  app.put("/sys/user/edit", { config: can("system:user:edit"), schema: { body: EditBody } }, async (req) => editUser(req.body, req));
  app.post("/sys/user/edit", { config: can("system:user:edit"), schema: { body: EditBody } }, async (req) => editUser(req.body, req));

  async function editUser(body: FormBody, req: Parameters<typeof updated>[0]) {
    const roleIds = parseOptionalIds(body.selectedroles);
    const departIds = parseOptionalIds(body.selecteddeparts ?? body.departIds);
    await db.transaction(async (tx) => {
      const user = await findUserById(tx, body.id);
      if (!user) throw refused("未找到对应实体");
      await assertRoles(tx, roleIds);
      const may = await delegation(req, tx);
      await may.assertMayManage([user.id]);
      if (body.selectedroles !== undefined) {
        const held = new Set((await tx.select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, user.id))).map((r) => r.id));
        await may.assertMayGrantRoles(roleIds.filter((id) => !held.has(id)));
      }
      const departs = await assertDeparts(tx, departIds);
      await assertUnique(tx, { workNo: body.workNo, phone: body.phone, email: body.email }, body.id);
      const keepOrg = departs.some((d) => d.orgCode === user.orgCode);
      await tx
        .update(sysUser)
        .set({ ...formColumns(body), orgCode: keepOrg ? user.orgCode : (departs[0]?.orgCode ?? null), ...updated(req) })
        .where(eq(sysUser.id, body.id));
      if (body.selectedroles !== undefined) await replaceUserRoles(tx, body.id, roleIds);
      if (body.selecteddeparts !== undefined || body.departIds !== undefined) await replaceUserDeparts(tx, body.id, departIds);
    });
    return ok(null, "修改成功!");
  }

  /** Logical delete of users (never the caller); their sessions end at once. */
  async function deleteUsers(ids: string[], req: Parameters<typeof updated>[0]) {
    if (ids.includes(req.currentUser().userId)) throw refused("不能删除当前登录用户");
    await db.transaction(async (tx) => {
      await (await delegation(req, tx)).assertMayManage(ids);
      const gone = await tx
        .update(sysUser)
        .set({ delFlag: 1, ...updated(req) })
        .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0)))
        .returning({ id: sysUser.id });
      if (gone.length === 0) throw refused("未找到对应实体");
    });
    for (const id of ids) await sessions.revokeUser(id, "deleted");
  }

  app.delete("/sys/user/delete", { config: can("system:user:delete"), schema: { querystring: IdQuery } }, async (req) => {
    await deleteUsers([req.query.id], req);
    return ok(null, "删除用户成功");
  });

  app.delete("/sys/user/deleteBatch", { config: can("system:user:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    await deleteUsers(parseIds(req.query.ids), req);
    return ok(null, "批量删除用户成功");
  });

  app.put("/sys/user/frozenBatch", { config: can("system:user:frozen"), schema: { body: FrozenBody } }, async (req) => {
    const ids = parseIds(req.body.ids);
    const status = Number(req.body.status);
    if (status === 2 && ids.includes(req.currentUser().userId)) throw refused("不能冻结当前登录用户");
    await (await delegation(req)).assertMayManage(ids);
    await db.update(sysUser).set({ status, ...updated(req) }).where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0)));
    if (status === 2) for (const id of ids) await sessions.revokeUser(id, "frozen");
    return ok(null, "操作成功!");
  });

  app.put("/sys/user/changePassword", { config: can("system:user:resetPassword"), schema: { body: ChangePasswordBody } }, async (req) => {
    const { username, password, confirmpassword } = req.body;
    if (!PASSWORD_RULE.test(password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    if (confirmpassword !== undefined && confirmpassword !== password) throw badRequest("两次输入密码不一致!");
    const user = await findUserByUsername(db, username);
    if (!user) throw refused("用户不存在！");
    await (await delegation(req)).assertMayManage([user.id]);
    await db.update(sysUser).set({ password: await hashPassword(password), ...updated(req) }).where(eq(sysUser.id, user.id));
    const me = req.currentUser();
    await sessions.revokeUser(user.id, "password-reset", user.id === me.userId ? me.sessionId : undefined);
    return ok(null, "密码修改成功!");
  });

  app.get("/sys/user/queryUserRole", { config: { ...can("system:user:list"), rows: { userid: answering(userRows, () => refused("未找到用户相关角色信息")) } }, schema: { querystring: Type.Object({ userid: titled(Id, "用户编号") }) } }, async (req) => {
    const rows = await db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, req.query.userid));
    if (!rows.length) throw refused("未找到用户相关角色信息");
    return ok(rows.map((r) => r.roleId));
  });

  app.get("/sys/user/checkOnlyUser", { config: can("system:user:list"), schema: { querystring: CheckOnlyQuery } }, async (req) => {
    const { id, ...fields } = req.query;
    const given = UNIQUE_FIELDS.filter((f) => fields[f.key]);
    if (!given.length) throw badRequest("请提供要校验的字段：username、workNo、phone 或 email");
    const [hit] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(...given.map((f) => eq(f.column, fields[f.key]!)), id ? ne(sysUser.id, id) : undefined))
      .limit(1);
    // JeecgBoot's conflict answer: success false, result true.
    return hit ? { ...fail("用户账号已存在"), result: true } : ok(true);
  });

  app.get("/sys/user/userDepartList", { config: can("system:user:list"), schema: { querystring: Type.Object({ userId: titled(Id, "用户编号") }) } }, async (req) => {
    const departs = await userDeparts(db, req.query.userId);
    return ok(departs.map((d) => ({ key: d.id, value: d.id, title: d.departName })), "查找成功");
  });

  app.get(
    "/sys/user/queryUserByDepId",
    { config: { ...can("system:user:list"), rows: { id: UNSCOPED.departs } }, schema: { querystring: Type.Object({ id: Id, realname: Type.Optional(Type.String({ title: "用户姓名", maxLength: 100 })) }) } },
    async (req) => {
      const [depart] = await db.select().from(sysDepart).where(eq(sysDepart.id, req.query.id));
      if (!depart) return ok([]);
      const realname = req.query.realname?.trim();
      const rows = await db
        .select({ u: sysUser, orgCodeTxt: departNames })
        .from(sysUser)
        .where(and(activeUsers, await visibleCondition(db, userRows, scope(req, cache)), inDepartmentTree(depart.orgCode), realname ? sql`${sysUser.realname} ilike ${"%" + realname.replace(/[\\%_]/g, "\\$&") + "%"}` : undefined))
        .orderBy(asc(sysUser.username))
        .limit(config.maxPageSize);
      return ok(rows.map((r) => ({ ...toUserJson(r.u), orgCodeTxt: r.orgCodeTxt })));
    },
  );

  app.get("/sys/user/getCurrentUserDeparts", { config: signedIn }, async (req) => {
    const user = req.currentUser();
    const departs = await userDeparts(db, user.userId);
    return ok({ list: departs.map(toDepartJson), orgCode: user.orgCode });
  });

  // ---- users of a role (the role page) -----------------------------------------------------------
  const roleUserSpec: ListSpec = { ...userListSpec, component: undefined };

  app.get(
    "/sys/user/userRoleList",
    { config: can("system:role:list"), schema: { querystring: Type.Object({ ...ListQuery.properties, roleId: titled(Id, "角色编号") }, { additionalProperties: true }) } },
    async (req) => {
      const params = parseListQuery(roleUserSpec, req.query, config.maxPageSize);
      const { rows, total } = await fetchPage<typeof sysUser, { orgCodeTxt: string | null }>(db, sysUser, params, {
        where: [activeUsers, inRole(req.query.roleId)],
        extra: { orgCodeTxt: departNames },
      });
      return ok(toPage(await pageOfUsers(rows), total, params));
    },
  );

  const RoleUsersBody = Type.Object({ roleId: titled(Id, "角色编号"), userIdList: Type.Array(titled(Id, "用户编号"), { title: "用户", minItems: 1, maxItems: 1000 }) });
  app.post("/sys/user/addSysUserRole", { config: can("system:role:edit"), schema: { body: RoleUsersBody } }, async (req) => {
    const { roleId, userIdList } = req.body;
    await db.transaction(async (tx) => {
      const [role] = await tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.id, roleId));
      if (!role) throw refused("未找到对应角色");
      const users = await tx.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.id, userIdList), activeUsers));
      if (users.length !== new Set(userIdList).size) throw badRequest("所选用户不存在");
      const may = await delegation(req, tx);
      await may.assertMayGrantRoles([roleId]);
      await may.assertMayManage(userIdList);
      await tx.insert(sysUserRole).values(users.map((u) => ({ id: nextId(), userId: u.id, roleId }))).onConflictDoNothing();
    });
    return ok(null, "添加成功!");
  });

  app.delete(
    "/sys/user/deleteUserRole",
    { config: { ...can("system:role:edit"), rows: { userId: MEMBERS } }, schema: { querystring: Type.Object({ roleId: titled(Id, "角色编号"), userId: titled(Id, "用户编号") }) } },
    async (req) => {
      await (await delegation(req)).assertMayManage([req.query.userId]);
      await db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, req.query.roleId), eq(sysUserRole.userId, req.query.userId)));
      return ok(null, "删除成功!");
    },
  );

  app.delete(
    "/sys/user/deleteUserRoleBatch",
    { config: can("system:role:edit"), schema: { querystring: Type.Object({ roleId: titled(Id, "角色编号"), userIds: Type.String({ title: "用户编号", maxLength: 40_000 }) }) } },
    async (req) => {
      const ids = parseIds(req.query.userIds);
      await (await delegation(req)).assertMayManage(ids);
      await db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, req.query.roleId), inArray(sysUserRole.userId, ids)));
      return ok(null, "删除成功!");
    },
  );

  // ---- users of a department (我的部门 / 部门管理) -----------------------------------------------------
  const departUserSpec: ListSpec = { ...userListSpec, component: "system/DepartUserList" };

  app.get(
    "/sys/user/departUserList",
    {
      config: can("system:departUser:list"),
      schema: { querystring: Type.Object({ ...ListQuery.properties, depId: Type.Optional(Type.String({ title: "部门编号", maxLength: 32 })) }, { additionalProperties: true }) },
    },
    async (req) => {
      const params = parseListQuery(departUserSpec, req.query, config.maxPageSize);
      const me = req.currentUser();
      let orgCodes: string[];
      if (req.query.depId) {
        const [d] = await db.select({ orgCode: sysDepart.orgCode }).from(sysDepart).where(eq(sysDepart.id, req.query.depId));
        orgCodes = d ? [d.orgCode] : [];
      } else {
        const [meRow] = await db.select({ departIds: sysUser.departIds, identity: sysUser.userIdentity }).from(sysUser).where(eq(sysUser.id, me.userId));
        const ids = meRow?.identity === 2 ? parseOptionalIds(meRow.departIds) : [];
        orgCodes = ids.length ? (await db.select({ orgCode: sysDepart.orgCode }).from(sysDepart).where(inArray(sysDepart.id, ids))).map((d) => d.orgCode) : [];
      }
      if (!orgCodes.length) return ok(toPage([], 0, params));
      const { rows, total } = await fetchPage<typeof sysUser, { orgCodeTxt: string | null }>(db, sysUser, params, {
        where: [activeUsers, or(...orgCodes.map(inDepartmentTree))],
        extra: { orgCodeTxt: departNames },
        scope: scope(req, cache),
      });
      return ok(toPage(await pageOfUsers(rows), total, params));
    },
  );

  const DepartUsersBody = Type.Object({ depId: titled(Id, "部门编号"), userIdList: Type.Array(titled(Id, "用户编号"), { title: "用户", minItems: 1, maxItems: 1000 }) });
  app.post("/sys/user/editSysDepartWithUser", { config: can("system:departUser:add"), schema: { body: DepartUsersBody } }, async (req) => {
    const { depId, userIdList } = req.body;
    await db.transaction(async (tx) => {
      await assertDeparts(tx, [depId]);
      const users = await tx.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.id, userIdList), activeUsers));
      if (users.length !== new Set(userIdList).size) throw badRequest("所选用户不存在");
      await (await delegation(req, tx)).assertMayManage(userIdList);
      await tx.insert(sysUserDepart).values(users.map((u) => ({ id: nextId(), userId: u.id, depId }))).onConflictDoNothing();
    });
    return ok(null, "添加成功!");
  });

  /** Removes users from a department, with their roles of that department. */
  async function leaveDepart(req: Parameters<typeof updated>[0], depId: string, userIds: string[]) {
    return db.transaction(async (tx) => {
      await (await delegation(req, tx)).assertMayManage(userIds);
      await tx.delete(sysDepartRoleUser).where(
        and(
          inArray(sysDepartRoleUser.userId, userIds),
          inArray(sysDepartRoleUser.droleId, tx.select({ id: sysDepartRole.id }).from(sysDepartRole).where(eq(sysDepartRole.departId, depId))),
        ),
      );
      const gone = await tx
        .delete(sysUserDepart)
        .where(and(eq(sysUserDepart.depId, depId), inArray(sysUserDepart.userId, userIds)))
        .returning({ id: sysUserDepart.id });
      if (!gone.length) throw refused("当前选中部门与用户无关联关系!");
    });
  }

  app.delete(
    "/sys/user/deleteUserInDepart",
    { config: { ...can("system:departUser:delete"), rows: { userId: MEMBERS } }, schema: { querystring: Type.Object({ depId: titled(Id, "部门编号"), userId: titled(Id, "用户编号") }) } },
    async (req) => {
      await leaveDepart(req, req.query.depId, [req.query.userId]);
      return ok(null, "删除成功!");
    },
  );

  app.delete(
    "/sys/user/deleteUserInDepartBatch",
    { config: can("system:departUser:deleteBatch"), schema: { querystring: Type.Object({ depId: titled(Id, "部门编号"), userIds: Type.String({ title: "用户编号", maxLength: 40_000 }) }) } },
    async (req) => {
      await leaveDepart(req, req.query.depId, parseIds(req.query.userIds));
      return ok(null, "删除成功!");
    },
  );
}
