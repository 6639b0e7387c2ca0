/** `/sys/sysDepart` — the department tree (contract.md §10.3). */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, ilike, inArray, like, or, sql } from "drizzle-orm";
import {
  sysDepart,
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysUser,
  sysUserDepart,
} from "../../db/schema.js";
import type { Db } from "../../db/client.js";
import { highestCode, nextChildCode } from "../../lib/code-rule.js";
import { formatDateTime } from "../../lib/dates.js";
import { badRequest, ok, refused } from "../../lib/envelope.js";
import { uuid32 } from "../../lib/ids.js";
import { can, signedIn } from "../../plugins/auth.js";
import { Id, IdQuery, IdsQuery, Text, UNSCOPED, created, parseIds, parseOptionalIds, updated } from "./shared.js";
import { departLimits } from "../../../contract/limits.js";
import { nullable, textField } from "../../lib/field-schema.js";
import { scopeRows } from "../../plugins/row-scope.js";

type DepartRow = typeof sysDepart.$inferSelect;

export const toDepartNode = (d: DepartRow) => ({
  id: d.id,
  parentId: d.parentId,
  departName: d.departName,
  departNameEn: d.departNameEn,
  departNameAbbr: d.departNameAbbr,
  departOrder: d.departOrder,
  description: d.description,
  orgCategory: d.orgCategory,
  orgType: d.orgType,
  orgCode: d.orgCode,
  mobile: d.mobile,
  fax: d.fax,
  address: d.address,
  memo: d.memo,
  status: d.status,
  delFlag: d.delFlag,
  qywxIdentifier: d.qywxIdentifier,
  createBy: d.createBy,
  createTime: formatDateTime(d.createTime),
  updateBy: d.updateBy,
  updateTime: formatDateTime(d.updateTime),
  key: d.id,
  value: d.id,
  title: d.departName,
  isLeaf: true,
  children: null as unknown[] | null,
});

type DepartNode = ReturnType<typeof toDepartNode>;

/** Nests rows (already in order) under their parents; rows whose parent is not among them are roots. */
export function nestDeparts<N extends { id: string; parentId: string; isLeaf: boolean; children: unknown[] | null }>(rows: DepartRow[], node: (d: DepartRow) => N): N[] {
  const nodes = new Map(rows.map((d) => [d.id, node(d)]));
  const roots: N[] = [];
  for (const d of rows) {
    const n = nodes.get(d.id)!;
    const parent = d.parentId ? nodes.get(d.parentId) : undefined;
    if (parent) {
      (parent.children ??= []).push(n);
      parent.isLeaf = false;
    } else {
      roots.push(n);
    }
  }
  return roots;
}

export const liveDeparts = (db: Db, where?: ReturnType<typeof and>) =>
  db
    .select()
    .from(sysDepart)
    .where(and(eq(sysDepart.delFlag, "0"), where))
    .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode));

/** Departments in the subtrees of the given org codes. */
const inSubtrees = (orgCodes: string[]) => or(...orgCodes.map((c) => like(sysDepart.orgCode, `${c.replace(/[\\%_]/g, "\\$&")}%`)));

/** The next org code below `parent` (contract.md §10.3, fill rule `org_num_role`) and its level. */
export async function nextOrgCode(db: Db, parent: DepartRow | null): Promise<{ orgCode: string; orgType: string }> {
  const siblings = await db
    .select({ code: sysDepart.orgCode })
    .from(sysDepart)
    .where(parent ? eq(sysDepart.parentId, parent.id) : or(eq(sysDepart.parentId, ""), sql`${sysDepart.parentId} is null`));
  const orgCode = nextChildCode(parent?.orgCode ?? "", highestCode(siblings.map((s) => s.code)));
  return { orgCode, orgType: parent ? String(Number(parent.orgType ?? "1") + 1) : "1" };
}

const DepartBody = Type.Object({
  parentId: Text(32, "上级部门"),
  departName: textField(departLimits.departName),
  departNameEn: textField(departLimits.departNameEn),
  departNameAbbr: textField(departLimits.departNameAbbr),
  departOrder: Type.Optional(nullable(Type.Integer({ title: "排序", minimum: -100000, maximum: 100000 }))),
  description: textField(departLimits.description),
  orgCategory: Type.Optional(Type.Union([Type.Literal("1"), Type.Literal("2"), Type.Literal("3")], { title: "机构类型" })),
  mobile: textField(departLimits.mobile),
  fax: textField(departLimits.fax),
  address: textField(departLimits.address),
  memo: textField(departLimits.memo),
  status: Type.Optional(Type.Union([Type.Null(), Type.Literal("0"), Type.Literal("1")], { title: "状态" })),
});
const EditBody = Type.Object({ id: Id, ...DepartBody.properties });

const formValues = (b: Static<typeof DepartBody>) => ({
  departName: b.departName.trim(),
  departNameEn: b.departNameEn || null,
  departNameAbbr: b.departNameAbbr || null,
  departOrder: b.departOrder ?? 0,
  description: b.description || null,
  orgCategory: b.orgCategory ?? "1",
  mobile: b.mobile || null,
  fax: b.fax || null,
  address: b.address || null,
  memo: b.memo || null,
  status: b.status ?? "1",
});

/** Deletes departments with everything below them and every link to them (deletion is physical). */
export async function deleteDeparts(db: Db, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const roots = await tx.select().from(sysDepart).where(inArray(sysDepart.id, ids));
    if (!roots.length) throw refused("未找到对应实体");
    const all = (await tx.select({ id: sysDepart.id }).from(sysDepart).where(inSubtrees(roots.map((r) => r.orgCode)))).map((d) => d.id);
    const roleIds = tx.select({ id: sysDepartRole.id }).from(sysDepartRole).where(inArray(sysDepartRole.departId, all));
    await tx.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.droleId, roleIds));
    await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.roleId, roleIds));
    await tx.delete(sysDepartRole).where(inArray(sysDepartRole.departId, all));
    await tx.delete(sysDepartPermission).where(inArray(sysDepartPermission.departId, all));
    await tx.delete(sysUserDepart).where(inArray(sysUserDepart.depId, all));
    await tx.delete(sysDepart).where(inArray(sysDepart.id, all));
  });
}

export default async function departRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: UNSCOPED.departs, ids: UNSCOPED.departs });
  const { db } = app.ctx;

  /** The tree pickers of other pages (user form, address list) read it too, so any signed-in user may. */
  app.get(
    "/sys/sysDepart/queryTreeList",
    { config: signedIn, schema: { querystring: Type.Object({ ids: Type.Optional(Type.String({ title: "编号列表", maxLength: 40_000 })) }) } },
    async (req) => {
      const ids = parseOptionalIds(req.query.ids);
      const rows = await liveDeparts(db, ids.length ? inArray(sysDepart.id, ids) : undefined);
      return ok(nestDeparts(rows, toDepartNode));
    },
  );

  app.get("/sys/sysDepart/queryIdTree", { config: signedIn }, async () => {
    const rows = await liveDeparts(db);
    return ok(nestDeparts(rows, (d) => ({ id: d.id, parentId: d.parentId, key: d.id, value: d.id, title: d.departName, isLeaf: true, children: null as unknown[] | null })));
  });

  /**
   * The lazy department tree of the JeecgBoot pickers (JSelectDepart): one level at a time — the roots, or
   * the children of `pid` — or the departments named by `ids` (to show a saved selection). Leaves are told
   * by whether a live child exists; `children` stays null, the client asks again when a node opens.
   */
  app.get(
    "/sys/sysDepart/queryDepartTreeSync",
    {
      config: signedIn,
      schema: {
        querystring: Type.Object({
          pid: Type.Optional(Type.String({ title: "上级部门", maxLength: 64 })),
          ids: Type.Optional(Type.String({ title: "编号列表", maxLength: 40_000 })),
          primaryKey: Type.Optional(Type.String({ title: "主键字段", maxLength: 32 })),
        }),
      },
    },
    async (req) => {
      const ids = parseOptionalIds(req.query.ids);
      const pid = req.query.pid?.trim() ?? "";
      const level = ids.length
        ? inArray(sysDepart.id, ids)
        : pid
          ? eq(sysDepart.parentId, pid)
          : or(sql`${sysDepart.parentId} is null`, eq(sysDepart.parentId, ""));
      const rows = await liveDeparts(db, level);
      const parents = rows.length
        ? await db
            .selectDistinct({ id: sysDepart.parentId })
            .from(sysDepart)
            .where(and(eq(sysDepart.delFlag, "0"), inArray(sysDepart.parentId, rows.map((r) => r.id))))
        : [];
      const withChildren = new Set(parents.map((p) => p.id));
      return ok(rows.map((d) => ({ ...toDepartNode(d), isLeaf: !withChildren.has(d.id) })));
    },
  );

  app.get("/sys/sysDepart/queryById", { config: can("system:depart:list"), schema: { querystring: IdQuery } }, async (req) => {
    const [row] = await db.select().from(sysDepart).where(eq(sysDepart.id, req.query.id));
    if (!row) throw refused("未找到对应实体");
    return ok(toDepartNode(row));
  });

  /** The subtrees a leader (user_identity 2) is responsible for, or null. */
  const leaderOrgCodes = async (userId: string): Promise<string[] | null> => {
    const [me] = await db.select({ identity: sysUser.userIdentity, departIds: sysUser.departIds }).from(sysUser).where(eq(sysUser.id, userId));
    if (me?.identity !== 2) return null;
    const ids = parseOptionalIds(me.departIds);
    if (!ids.length) return [];
    return (await db.select({ code: sysDepart.orgCode }).from(sysDepart).where(inArray(sysDepart.id, ids))).map((d) => d.code);
  };

  app.get(
    "/sys/sysDepart/searchBy",
    {
      config: can("system:depart:list"),
      schema: { querystring: Type.Object({ keyWord: Type.String({ title: "关键字", maxLength: 100 }), myDeptSearch: Type.Optional(Type.String({ title: "只查我的部门", maxLength: 5 })) }) },
    },
    async (req) => {
      const keyWord = req.query.keyWord.trim();
      let scopeCodes: string[] | null = null;
      if (req.query.myDeptSearch === "1") scopeCodes = (await leaderOrgCodes(req.currentUser().userId)) ?? [];
      if (scopeCodes && !scopeCodes.length) throw refused("未查询匹配数据！");
      const rows = await liveDeparts(
        db,
        and(keyWord ? ilike(sysDepart.departName, `%${keyWord.replace(/[\\%_]/g, "\\$&")}%`) : undefined, scopeCodes ? inSubtrees(scopeCodes) : undefined),
      );
      if (!rows.length) throw refused("未查询匹配数据！");
      return ok(rows.map(toDepartNode));
    },
  );

  app.get("/sys/sysDepart/queryMyDeptTreeList", { config: signedIn }, async (req) => {
    const codes = await leaderOrgCodes(req.currentUser().userId);
    if (codes === null) return ok(null, "1");
    const rows = codes.length ? await liveDeparts(db, inSubtrees(codes)) : [];
    return ok(nestDeparts(rows, toDepartNode), "2");
  });

  app.post("/sys/sysDepart/add", { config: can("system:depart:add"), schema: { body: DepartBody } }, async (req) => {
    const values = formValues(req.body);
    await db.transaction(async (tx) => {
      let parent: DepartRow | null = null;
      if (req.body.parentId) {
        [parent] = await tx.select().from(sysDepart).where(and(eq(sysDepart.id, req.body.parentId), eq(sysDepart.delFlag, "0")));
        if (!parent) throw badRequest("上级部门不存在");
      }
      // One writer at a time picks the next code, so two adds never compute the same one.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sys_depart.org_code'))`);
      const code = await nextOrgCode(tx, parent);
      await tx.insert(sysDepart).values({ ...values, ...code, id: uuid32(), parentId: parent?.id ?? "", delFlag: "0", ...created(req) });
    });
    return ok(null, "添加成功！");
  });

  const edit = async (req: FastifyRequest<{ Body: Static<typeof EditBody> }>) => {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .update(sysDepart)
        .set({ ...formValues(req.body), ...updated(req) })
        .where(eq(sysDepart.id, req.body.id))
        .returning({ id: sysDepart.id });
      // The 红色印记 organisation of this department keeps a copy of its name (domain.md §4.21).
      if (rows.length) await tx.execute(sql`update bbh_organization set org_name = ${formValues(req.body).departName} where sys_depart_id = ${req.body.id} and org_name <> ${formValues(req.body).departName}`);
      return rows;
    });
    if (!done.length) throw refused("未找到对应实体");
    return ok(null, "修改成功!");
  };
  app.put("/sys/sysDepart/edit", { config: can("system:depart:edit"), schema: { body: EditBody } }, edit);
  app.post("/sys/sysDepart/edit", { config: can("system:depart:edit"), schema: { body: EditBody } }, edit);

  app.delete("/sys/sysDepart/delete", { config: can("system:depart:delete"), schema: { querystring: IdQuery } }, async (req) => {
    await deleteDeparts(db, [req.query.id]);
    return ok(null, "删除成功!");
  });

  app.delete("/sys/sysDepart/deleteBatch", { config: can("system:depart:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    await deleteDeparts(db, parseIds(req.query.ids));
    return ok(null, "删除成功!");
  });

  app.get("/sys/sysDepart/getDepartName", { config: signedIn, schema: { querystring: Type.Object({ orgCode: Type.String({ title: "机构编码", maxLength: 64 }) }) } }, async (req) => {
    const [row] = await db.select({ name: sysDepart.departName }).from(sysDepart).where(eq(sysDepart.orgCode, req.query.orgCode));
    return ok(row?.name ?? null);
  });
}

export type { DepartNode };
