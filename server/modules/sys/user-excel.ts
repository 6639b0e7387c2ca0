/**
 * `/sys/user/exportXls` and `/sys/user/importExcel`: the user list as .xlsx and back. Export runs the list
 * query (filters, sort, data rules) with optional `selections`. Import matches rows by 用户账号: existing
 * users are updated, new ones created (with a random password an administrator resets); every row is
 * checked first and a file with any bad row imports nothing.
 */
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { and, eq, inArray, sql } from "drizzle-orm";
import { sysDepart, sysRole, sysUser, sysUserRole } from "../../db/schema.js";
import { parseDateTime } from "../../lib/dates.js";
import { fail, ok } from "../../lib/envelope.js";
import { acceptUploads, importErrors, readWorkbook, sendWorkbook, uploadedWorkbook, writeWorkbook, type ExcelColumn } from "../../lib/excel.js";
import { uuid32 } from "../../lib/ids.js";
import { fetchRows, parseListQuery } from "../../lib/list-query.js";
import { generatePassword, hashPassword } from "../../lib/password.js";
import { can } from "../../plugins/auth.js";
import { Delegation } from "./privilege.js";
import { ListQuery, parseIds, scope, updated } from "./shared.js";
import { activeUsers, departNames, inDepartment, replaceUserDeparts, replaceUserRoles, userListSpec, type UserRow } from "./user.repo.js";

const EXPORT_MAX = 50_000;
const TITLE = "用户信息";

type Exported = UserRow & { orgCodeTxt: string | null; roleCodes: string | null };

const roleCodes = sql<string | null>`(
  select string_agg(r.role_code, ',' order by r.role_code)
  from sys_user_role ur join sys_role r on r.id = ur.role_id
  where ur.user_id = "sys_user"."id")`.as("role_codes");

export default async function userExcelRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dicts, config, cache, sessions } = app.ctx;
  await acceptUploads(app);

  const dictText = async (code: string) => new Map((await dicts.items(code)).map((i) => [i.value, i.text]));
  const dictValue = async (code: string) => new Map((await dicts.items(code)).flatMap((i) => [[i.text, i.value], [i.value, i.value]] as const));

  app.get(
    "/sys/user/exportXls",
    {
      config: can("system:user:export"),
      schema: { querystring: Type.Object({ ...ListQuery.properties, selections: Type.Optional(Type.String({ title: "选中的记录", maxLength: 40_000 })), departId: Type.Optional(Type.String({ title: "部门", maxLength: 32 })) }, { additionalProperties: true }) },
    },
    async (req, reply) => {
      const params = parseListQuery(userListSpec, req.query, config.maxPageSize);
      const ids = req.query.selections ? parseIds(req.query.selections) : undefined;
      const rows = await fetchRows<typeof sysUser, { orgCodeTxt: string | null; roleCodes: string | null }>(db, sysUser, params, {
        where: [activeUsers, ids ? inArray(sysUser.id, ids) : undefined, req.query.departId ? inDepartment(req.query.departId) : undefined],
        extra: { orgCodeTxt: departNames, roleCodes },
        scope: scope(req, cache),
        max: EXPORT_MAX,
      });
      const sex = await dictText("sex");
      const status = await dictText("user_status");
      const columns: ExcelColumn<Exported>[] = [
        { header: "用户账号", value: (r) => r.username },
        { header: "用户姓名", value: (r) => r.realname },
        { header: "性别", width: 8, value: (r) => (r.sex === null ? null : (sex.get(String(r.sex)) ?? String(r.sex))) },
        { header: "生日", value: (r) => r.birthday },
        { header: "手机号码", value: (r) => r.phone },
        { header: "邮箱", value: (r) => r.email },
        { header: "工号", value: (r) => r.workNo },
        { header: "职务", value: (r) => r.post },
        { header: "座机", value: (r) => r.telephone },
        { header: "状态", width: 8, value: (r) => status.get(String(r.status)) ?? String(r.status) },
        { header: "部门", width: 30, value: (r) => r.orgCodeTxt },
        { header: "角色编码", width: 24, value: (r) => r.roleCodes },
      ];
      const me = req.currentUser();
      return sendWorkbook(reply, TITLE, await writeWorkbook({ title: TITLE, exporter: me.realname ?? me.username, columns, records: rows as Exported[] }));
    },
  );

  app.post("/sys/user/importExcel", { config: can("system:user:import") }, async (req, reply) => {
    const rows = await readWorkbook(await uploadedWorkbook(req), ["用户账号", "用户姓名"]);
    const sex = await dictValue("sex");
    const status = await dictValue("user_status");
    const departs = await db.select({ id: sysDepart.id, name: sysDepart.departName }).from(sysDepart).where(eq(sysDepart.delFlag, "0"));
    const departByName = new Map<string, string | null>();
    for (const d of departs) departByName.set(d.name, departByName.has(d.name) ? null : d.id); // null: ambiguous name
    const roles = new Map((await db.select({ id: sysRole.id, code: sysRole.roleCode }).from(sysRole)).map((r) => [r.code, r.id]));
    const usernames = rows.map((r) => r.cells["用户账号"]).filter(Boolean);
    const existing = new Map(
      (usernames.length ? await db.select().from(sysUser).where(inArray(sysUser.username, usernames)) : []).map((u) => [u.username, u]),
    );

    const errors: Array<{ line: number; message: string }> = [];
    const seen = new Map<string, number>();
    const planned = rows.map(({ line, cells }) => {
      const problems: string[] = [];
      const username = cells["用户账号"];
      if (!username) problems.push("用户账号不能为空");
      else if (!/^[^\s,]{1,100}$/.test(username)) problems.push("用户账号格式不正确");
      const realname = cells["用户姓名"];
      if (!realname) problems.push("用户姓名不能为空");
      else if (realname.length > 100) problems.push("用户姓名过长");
      const current = username ? existing.get(username) : undefined;
      if (current && current.delFlag !== 0) problems.push("该账号属于已删除的用户");
      for (const [key, value] of [["用户账号", username], ["手机号码", cells["手机号码"]], ["邮箱", cells["邮箱"]], ["工号", cells["工号"]]] as const) {
        if (!value) continue;
        const k = `${key}:${value}`;
        if (seen.has(k)) problems.push(`${key}「${value}」与第${seen.get(k)}行重复`);
        else seen.set(k, line);
      }
      const sexText = cells["性别"];
      // 0 (unknown) has no dictionary text: it is exported as "0" and accepted back.
      const sexValue = sexText ? (sex.get(sexText) ?? (sexText === "0" ? "0" : undefined)) : undefined;
      if (sexText && sexValue === undefined) problems.push(`性别「${sexText}」不正确`);
      const statusText = cells["状态"];
      const statusValue = statusText ? status.get(statusText) : "1";
      if (statusText && statusValue === undefined) problems.push(`状态「${statusText}」不正确`);
      const birthday = cells["生日"];
      if (birthday && !parseDateTime(birthday)) problems.push(`生日「${birthday}」不是有效日期（yyyy-MM-dd）`);
      const phone = cells["手机号码"];
      if (phone && !/^1[3-9]\d{9}$/.test(phone)) problems.push(`手机号码「${phone}」格式不正确`);
      const email = cells["邮箱"];
      if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.push(`邮箱「${email}」格式不正确`);
      const departIds = (cells["部门"] ?? "").split(/[,，]/).map((s) => s.trim()).filter(Boolean).map((name) => {
        const id = departByName.get(name);
        if (id === undefined) problems.push(`部门「${name}」不存在`);
        if (id === null) problems.push(`部门名称「${name}」不唯一`);
        return id ?? "";
      });
      const roleIds = (cells["角色编码"] ?? "").split(/[,，]/).map((s) => s.trim()).filter(Boolean).map((code) => {
        const id = roles.get(code);
        if (!id) problems.push(`角色编码「${code}」不存在`);
        return id ?? "";
      });
      if (problems.length) errors.push({ line, message: problems.join("，") });
      return {
        current,
        hasDeparts: "部门" in cells,
        hasRoles: "角色编码" in cells,
        values: {
          username,
          realname,
          sex: sexValue === undefined ? null : Number(sexValue),
          birthday: birthday ? birthday.slice(0, 10) : null,
          phone: phone || null,
          email: email || null,
          workNo: cells["工号"] || null,
          post: cells["职务"] || null,
          telephone: cells["座机"] || null,
          status: Number(statusValue ?? 1),
        },
        departIds,
        roleIds,
      };
    });

    // Unique values held by other users in the database.
    for (const [key, column] of [["手机号码", sysUser.phone], ["邮箱", sysUser.email], ["工号", sysUser.workNo]] as const) {
      const values = rows.map((r) => r.cells[key]).filter(Boolean);
      if (!values.length) continue;
      const holders = await db.select({ username: sysUser.username, v: column }).from(sysUser).where(inArray(column, values));
      for (const h of holders) {
        const row = rows.find((r) => r.cells[key] === h.v && r.cells["用户账号"] !== h.username);
        if (row) errors.push({ line: row.line, message: `${key}「${h.v}」已被用户 ${h.username} 使用` });
      }
    }

    if (errors.length) {
      errors.sort((a, b) => a.line - b.line);
      return reply.status(400).send({ ...fail(importErrors(errors), 400), result: { errors } });
    }

    const me = req.currentUser();
    // Delegated administration (docs/security.md): existing accounts only within the importer's privileges,
    // and only roles the importer holds (roles a row's user already has are not a grant).
    const may = await Delegation.of(db, me.userId);
    const existingIds = planned.flatMap((p) => (p.current ? [p.current.id] : []));
    await may.assertMayManage(existingIds);
    const holding = existingIds.length
      ? await db.select({ userId: sysUserRole.userId, roleId: sysUserRole.roleId }).from(sysUserRole).where(inArray(sysUserRole.userId, existingIds))
      : [];
    const holds = new Set(holding.map((h) => `${h.userId}:${h.roleId}`));
    await may.assertMayGrantRoles(planned.flatMap((p) => (p.hasRoles ? p.roleIds.filter((r) => !p.current || !holds.has(`${p.current.id}:${r}`)) : [])));
    const unusable = await hashPassword(generatePassword(32));
    const frozen: string[] = [];
    let created = 0;
    await db.transaction(async (tx) => {
      for (const p of planned) {
        let id: string;
        if (p.current) {
          id = p.current.id;
          await tx.update(sysUser).set({ ...p.values, ...updated(req) }).where(and(eq(sysUser.id, id), eq(sysUser.delFlag, 0)));
          if (p.values.status === 2 && p.current.status !== 2) frozen.push(id);
        } else {
          id = uuid32();
          created++;
          await tx.insert(sysUser).values({ ...p.values, id, password: unusable, delFlag: 0, createBy: me.username, createTime: new Date() });
        }
        if (p.hasDeparts) {
          await replaceUserDeparts(tx, id, p.departIds);
          const [first] = p.departIds.length ? await tx.select({ code: sysDepart.orgCode }).from(sysDepart).where(eq(sysDepart.id, p.departIds[0])) : [];
          await tx.update(sysUser).set({ orgCode: first?.code ?? null }).where(and(eq(sysUser.id, id), sql`${sysUser.orgCode} is distinct from ${first?.code ?? null}`));
        }
        if (p.hasRoles) await replaceUserRoles(tx, id, p.roleIds);
      }
    });
    for (const id of frozen) await sessions.revokeUser(id, "frozen");
    return ok({ total: planned.length, created, updated: planned.length - created }, `文件导入成功！数据行数：${planned.length}`);
  });
}
