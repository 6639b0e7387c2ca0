/**
 * First-start seed: system departments, roles, users, dictionaries, the JeecgBoot system menu tree and the
 * 红色印记 business menu tree, with role grants. Each step runs once per database (sys_seed_step), so a
 * restart, or a second instance starting at the same moment, never seeds twice.
 */
import { and, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.js";
import {
  sysDepart,
  sysDict,
  sysDictItem,
  sysCategory,
  sysCheckRule,
  sysDataSource,
  sysFillRule,
  sysDepartPermission,
  sysDepartRolePermission,
  sysPermission,
  sysPermissionDataRule,
  sysPosition,
  sysRole,
  sysRolePermission,
  sysSeedStep,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from "../schema.js";
import { nextId, uuid32 } from "../../lib/ids.js";
import { generatePassword, hashPassword } from "../../lib/password.js";
import { seedAnnouncements } from "./announcements.js";
import { seedBbhDemo } from "./bbh-demo.js";
import { seedBbhMessageTemplates } from "./bbh-demo-messages.js";
import { seedBbhDemoQuestions } from "./bbh-demo-questions.js";
import { seedBbhDemoPeople } from "./bbh-demo-people.js";
import { seedBbhDemoPlayers } from "./bbh-demo-players.js";
import { dicts } from "./dicts.js";
import { seedQuartzJobs } from "../../jobs/seed.js";
import { seedS3StorageType } from "./oss.js";
import {
  API_DOC_MENU,
  DROPPED_BIG_SCREEN_FOLDER,
  DROPPED_BIG_SCREEN_URLS,
  DROPPED_UNBUILT_MENUS,
  MONITOR_BUTTONS,
  MONITOR_DASHBOARD_MENU,
  SQL_MONITOR_MENU,
  bbhMenus,
  systemMenus,
  type SeedMenu,
} from "./menus.js";

const SEED_BY = "system";

type PermissionInsert = typeof sysPermission.$inferInsert;

/** Flattens a seed tree into rows with ids, parent ids and leaf flags. */
export function flattenMenus(tree: SeedMenu[], parentId = ""): PermissionInsert[] {
  return tree.flatMap((m) => {
    const id = uuid32();
    const children = m.children ?? [];
    const row: PermissionInsert = {
      id,
      parentId: parentId || null,
      name: m.name,
      url: m.url,
      component: m.component ?? (m.menuType === 0 ? "layouts/RouteView" : null),
      componentName: m.componentName ?? null,
      redirect: m.redirect ?? null,
      menuType: m.menuType,
      perms: m.perms ?? null,
      permsType: m.permsType ?? (m.menuType === 2 ? "1" : "0"),
      sortNo: m.sortNo,
      alwaysShow: m.alwaysShow ?? false,
      icon: m.icon ?? null,
      isRoute: m.isRoute ?? true,
      isLeaf: children.length === 0,
      keepAlive: m.keepAlive ?? false,
      hidden: m.hidden ?? false,
      internalOrExternal: m.internalOrExternal ?? false,
      status: m.menuType === 2 ? (m.status ?? "1") : null,
      createBy: SEED_BY,
    };
    return [row, ...flattenMenus(children, id)];
  });
}

/** Runs `fn` once per database under the step name; returns whether it ran. */
async function once(db: Db, step: string, fn: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(sysSeedStep).values({ step }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    await fn(tx as unknown as Db);
    return true;
  });
}

const DEPARTS = [
  { key: "hq", parent: null, name: "红色印记运营中心", code: "A01", type: "1", category: "1", order: 0 },
  { key: "ops", parent: "hq", name: "活动运营部", code: "A01A01", type: "2", category: "2", order: 1 },
  { key: "content", parent: "hq", name: "内容审核部", code: "A01A02", type: "2", category: "2", order: 2 },
  { key: "tech", parent: "hq", name: "技术部", code: "A01A03", type: "2", category: "2", order: 3 },
  { key: "partner", parent: null, name: "合作单位", code: "A02", type: "1", category: "1", order: 1 },
  { key: "school", parent: "partner", name: "红星实验学校", code: "A02A01", type: "2", category: "2", order: 1 },
] as const;

const ROLES = [
  { key: "admin", code: "admin", name: "管理员", description: "系统管理员，拥有全部权限" },
  { key: "operator", code: "operator", name: "运营人员", description: "管理红色印记业务数据" },
  { key: "auditor", code: "auditor", name: "审核员", description: "审核玩家提交的任务答案" },
] as const;

/** Staff accounts for the demo; their passwords are random and unknown until an administrator resets them. */
const DEMO_STAFF = [
  { username: "zhangsan", realname: "张三", sex: 1, phone: "13800000001", depart: "ops", role: "operator", workNo: "0002" },
  { username: "lisi", realname: "李四", sex: 1, phone: "13800000002", depart: "content", role: "auditor", workNo: "0003" },
  { username: "wangfang", realname: "王芳", sex: 2, phone: "13800000003", depart: "ops", role: "operator", workNo: "0004" },
  { username: "zhaolei", realname: "赵磊", sex: 1, phone: "13800000004", depart: "tech", role: "operator", workNo: "0005" },
  { username: "chenjing", realname: "陈静", sex: 2, phone: "13800000005", depart: "school", role: "auditor", workNo: "0006" },
  { username: "zhangwei", realname: "张伟", sex: 1, phone: "13800000006", depart: "content", role: "auditor", workNo: "0007" },
] as const;

export interface SeedResult {
  /** The admin password generated on this start, to print once; undefined when ADMIN_PASSWORD was used or nothing was seeded. */
  generatedAdminPassword?: string;
  seeded: boolean;
}

/** `demo`: also seed the 红色印记 demo data (domain.md §8; `SEED_DEMO`, default off here, on in server/main.ts). */
export async function seed(db: Db, opts: { adminPassword: string | null; demo?: boolean }): Promise<SeedResult> {
  let generated: string | undefined;
  const seeded = await once(db, "system-v1", async (tx) => {
    const departIds = Object.fromEntries(DEPARTS.map((d) => [d.key, uuid32()])) as Record<string, string>;
    await tx.insert(sysDepart).values(
      DEPARTS.map((d) => ({
        id: departIds[d.key],
        parentId: d.parent ? departIds[d.parent] : "",
        departName: d.name,
        orgCode: d.code,
        orgType: d.type,
        orgCategory: d.category,
        departOrder: d.order,
        status: "1",
        createBy: SEED_BY,
      })),
    );

    const roleIds = Object.fromEntries(ROLES.map((r) => [r.key, nextId()])) as Record<string, string>;
    await tx.insert(sysRole).values(
      ROLES.map((r) => ({ id: roleIds[r.key], roleCode: r.code, roleName: r.name, description: r.description, createBy: SEED_BY })),
    );

    const adminPassword = opts.adminPassword ?? (generated = generatePassword());
    const adminId = uuid32();
    await tx.insert(sysUser).values({
      id: adminId,
      username: "admin",
      realname: "管理员",
      password: await hashPassword(adminPassword),
      sex: 1,
      orgCode: "A01",
      status: 1,
      workNo: "0001",
      userIdentity: 2,
      departIds: departIds.hq,
      createBy: SEED_BY,
    });
    const unusable = await hashPassword(generatePassword(32));
    const staff = DEMO_STAFF.map((s) => ({ ...s, id: uuid32() }));
    await tx.insert(sysUser).values(
      staff.map((s) => ({
        id: s.id,
        username: s.username,
        realname: s.realname,
        password: unusable,
        sex: s.sex,
        phone: s.phone,
        workNo: s.workNo,
        orgCode: DEPARTS.find((d) => d.key === s.depart)!.code,
        status: 1,
        userIdentity: 1,
        createBy: SEED_BY,
      })),
    );
    await tx.insert(sysUserRole).values([
      { id: nextId(), userId: adminId, roleId: roleIds.admin },
      ...staff.map((s) => ({ id: nextId(), userId: s.id, roleId: roleIds[s.role] })),
    ]);
    await tx.insert(sysUserDepart).values([
      { id: nextId(), userId: adminId, depId: departIds.hq },
      ...staff.map((s) => ({ id: nextId(), userId: s.id, depId: departIds[s.depart] })),
    ]);

    for (const d of dicts) {
      const dictId = nextId();
      await tx.insert(sysDict).values({ id: dictId, dictCode: d.code, dictName: d.name, type: d.type ?? 0, description: d.description, createBy: SEED_BY });
      if (d.items.length) {
        await tx.insert(sysDictItem).values(
          d.items.map(([value, text], i) => ({ id: nextId(), dictId, itemValue: value, itemText: text, sortOrder: i + 1, status: 1, createBy: SEED_BY })),
        );
      }
    }

    const systemRows = flattenMenus(systemMenus);
    const bbhRows = flattenMenus(bbhMenus);
    const allRows = [...systemRows, ...bbhRows];
    for (let i = 0; i < allRows.length; i += 200) await tx.insert(sysPermission).values(allRows.slice(i, i + 200));

    const home = systemRows.find((r) => r.name === "首页" && r.menuType === 0);
    const answerAudit = subtree(bbhRows, (r) => r.name === "玩家管理");
    const grants: Array<[role: string, rows: PermissionInsert[]]> = [
      ["admin", allRows],
      ["operator", [...(home ? [home] : []), ...bbhRows]],
      ["auditor", [...(home ? [home] : []), ...bbhRows.filter((r) => r.name === "红色印记" && r.menuType === 0), ...answerAudit]],
    ];
    for (const [role, rows] of grants) {
      const values = rows.map((r) => ({ id: nextId(), roleId: roleIds[role], permissionId: r.id!, operateDate: new Date() }));
      for (let i = 0; i < values.length; i += 500) await tx.insert(sysRolePermission).values(values.slice(i, i + 500));
    }
  });
  await once(db, "announcements-v1", seedAnnouncements);
  const seededV2 = await once(db, "system-v2", seedSystemV2);
  const seededV3 = await once(db, "system-v3", seedSystemV3);
  await once(db, "menus-without-token-urls-v1", dropTokenUrlMenus);
  // After every system step: the demo data reads no menu, role or dictionary row.
  // Templates before the demo data, so its settled window queues its 成绩发布 messages (bbh-demo-messages.ts).
  await once(db, "bbh-demo-messages-v1", (tx) => seedBbhMessageTemplates(tx, Boolean(opts.demo)));
  const seededDemo = opts.demo ? await once(db, "bbh-demo-v1", (tx) => seedBbhDemo(tx)) : false;
  // Organisations, schools, students and tags (§8.1–8.2) before the questions that carry tag 党史.
  if (opts.demo) await once(db, "bbh-demo-people-v1", (tx) => seedBbhDemoPeople(tx));
  const seededDemoQuestions = opts.demo ? await once(db, "bbh-demo-questions-v1", (tx) => seedBbhDemoQuestions(tx)) : false;
  if (opts.demo) await once(db, "bbh-demo-players-v1", (tx) => seedBbhDemoPlayers(tx));
  await once(db, "menus-that-lead-somewhere-v1", menusThatLeadSomewhere);
  await once(db, "quartz-jobs-v1", seedQuartzJobs);
  await once(db, "oss-storage-type-s3-v1", seedS3StorageType);
  await once(db, "monitoring-menus-v1", monitoringMenus);
  await once(db, "menus-with-pages-v1", dropUnbuiltMenus);
  await once(db, "bbh-page-routes-v1", bbhPageRoutes);
  await once(db, "sql-monitor-frame-v1", sqlMonitorFrame);
  if (seeded || seededV2 || seededV3 || seededDemo || seededDemoQuestions) await db.execute(sql`analyze`);
  return { generatedAdminPassword: generated, seeded };
}

/**
 * Menu items whose URL template hands the live session token to a page this server does not serve
 * (JeecgBoot's 积木报表 `…/jmreport/…?token=${token}`): seeded by earlier versions, removed with their grants.
 */
async function dropTokenUrlMenus(tx: Db): Promise<void> {
  const rows = await tx.select({ id: sysPermission.id }).from(sysPermission).where(like(sysPermission.url, "%/jmreport/%token=${token}%"));
  await deletePermissions(tx, rows.map((r) => r.id));
}

/** Deletes menu rows with their data rules and every grant of them. */
async function deletePermissions(tx: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(sysPermissionDataRule).where(inArray(sysPermissionDataRule.permissionId, ids));
  await tx.delete(sysRolePermission).where(inArray(sysRolePermission.permissionId, ids));
  await tx.delete(sysDepartPermission).where(inArray(sysDepartPermission.permissionId, ids));
  await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.permissionId, ids));
  await tx.delete(sysPermission).where(inArray(sysPermission.id, ids));
}

/**
 * Issue 12, for databases seeded before: SQL监控 and 在线文档 get their permission buttons, granted to the admin
 * role; iframe items of outside sites open in a new tab (a frame of them is blocked); the 报表设计 big-screen
 * demos, which no page backs, are removed. (Issue 12 also turned SQL监控 into our console's page; since issue 23
 * it keeps JeecgBoot's iframe of `…/druid/`, which this server serves, see `sqlMonitorFrame`.)
 * On a fresh database the menu tree already has all this, and the step changes nothing.
 */
async function menusThatLeadSomewhere(tx: Db): Promise<void> {
  await ensureButton(tx, SQL_MONITOR_MENU.url, SQL_MONITOR_MENU.perms, "查看数据库监控");
  await ensureButton(tx, API_DOC_MENU.url, API_DOC_MENU.perms, "查看接口文档");

  await tx
    .update(sysPermission)
    .set({ internalOrExternal: true })
    .where(
      and(
        eq(sysPermission.component, "layouts/IframePageView"),
        or(like(sysPermission.url, "http://%"), like(sysPermission.url, "https://%")),
      ),
    );

  const demos = await tx.select({ id: sysPermission.id }).from(sysPermission).where(inArray(sysPermission.url, [...DROPPED_BIG_SCREEN_URLS]));
  await deletePermissions(tx, demos.map((r) => r.id));
  const folders = await tx
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(
      and(
        eq(sysPermission.url, DROPPED_BIG_SCREEN_FOLDER),
        sql`not exists (select 1 from sys_permission c where c.parent_id = ${sysPermission.id})`,
      ),
    );
  await deletePermissions(tx, folders.map((r) => r.id));
}

/**
 * For databases seeded before: the JeecgBoot items this console has no page for (`DROPPED_UNBUILT_MENUS`),
 * with every row under them and all their grants, then the folders they left empty. On a fresh database the
 * tree has none of them and the step changes nothing.
 */
async function dropUnbuiltMenus(tx: Db): Promise<void> {
  const idsOf = async (where: SQL) => (await tx.select({ id: sysPermission.id }).from(sysPermission).where(where)).map((r) => r.id);
  const doomed: string[] = [];
  let level = await idsOf(inArray(sysPermission.component, [...DROPPED_UNBUILT_MENUS.components]));
  while (level.length > 0) {
    doomed.push(...level);
    level = await idsOf(inArray(sysPermission.parentId, level));
  }
  await deletePermissions(tx, doomed);
  const folders = await tx
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(
      and(
        inArray(sysPermission.url, [...DROPPED_UNBUILT_MENUS.folders]),
        sql`not exists (select 1 from sys_permission c where c.parent_id = ${sysPermission.id})`,
      ),
    );
  await deletePermissions(tx, folders.map((r) => r.id));
}

/**
 * Issue 23, for databases seeded since issue 12: SQL监控 goes back to JeecgBoot's iframe of `…/druid/` (this server
 * serves that page), which the Vue 2 client can open; our console still shows its own page for it. Its button and
 * grants stay on the same row. A fresh database has the iframe already, and the step changes nothing.
 */
async function sqlMonitorFrame(tx: Db): Promise<void> {
  const { issue12 } = SQL_MONITOR_MENU;
  await tx
    .update(sysPermission)
    .set({ url: SQL_MONITOR_MENU.url, component: SQL_MONITOR_MENU.component, componentName: null, internalOrExternal: false })
    .where(and(eq(sysPermission.url, issue12.url), eq(sysPermission.component, issue12.component)));
}

/** The seed tree's pages that carry a page route (`withPageRoute`): the page row's url and component, and the route. */
export function pageRoutesOf(tree: SeedMenu[]): Array<{ url: string; component: string; route: SeedMenu }> {
  return tree.flatMap((m) => {
    const route = m.alwaysShow && m.component ? m.children?.find((c) => c.menuType === 1 && c.hidden && c.url === m.url) : undefined;
    return [...(route ? [{ url: m.url, component: m.component!, route: { ...route, children: [] } }] : []), ...pageRoutesOf(m.children ?? [])];
  });
}

/**
 * Issue 23, for databases seeded before: every 红色印记 page with hidden detail children (`alwaysShow`) gets its
 * hidden page route on its own path (menus.ts `withPageRoute`), granted to every role, department role and
 * department that holds the page, so the JeecgBoot Vue 2 client's route for the page ends instead of redirecting
 * to itself. A page that has a live child on its own path already is left as it is (a fresh database).
 */
async function bbhPageRoutes(tx: Db): Promise<void> {
  for (const page of pageRoutesOf(bbhMenus)) {
    const rows = await tx
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(and(eq(sysPermission.url, page.url), eq(sysPermission.component, page.component), eq(sysPermission.alwaysShow, true), eq(sysPermission.delFlag, 0)));
    for (const { id: parentId } of rows) {
      const existing = await tx
        .select({ id: sysPermission.id })
        .from(sysPermission)
        .where(and(eq(sysPermission.parentId, parentId), eq(sysPermission.url, page.url), eq(sysPermission.delFlag, 0)));
      if (existing.length > 0) continue;
      const [row] = flattenMenus([page.route], parentId);
      await tx.insert(sysPermission).values(row);
      await tx.update(sysPermission).set({ isLeaf: false }).where(eq(sysPermission.id, parentId));
      const now = new Date();
      const roles = await tx.select({ roleId: sysRolePermission.roleId }).from(sysRolePermission).where(eq(sysRolePermission.permissionId, parentId));
      if (roles.length) await tx.insert(sysRolePermission).values(roles.map((r) => ({ id: nextId(), roleId: r.roleId, permissionId: row.id!, operateDate: now })));
      const departRoles = await tx
        .select({ roleId: sysDepartRolePermission.roleId, departId: sysDepartRolePermission.departId })
        .from(sysDepartRolePermission)
        .where(eq(sysDepartRolePermission.permissionId, parentId));
      if (departRoles.length) {
        await tx.insert(sysDepartRolePermission).values(departRoles.map((r) => ({ id: nextId(), roleId: r.roleId, departId: r.departId, permissionId: row.id!, operateDate: now })));
      }
      const departs = await tx.select({ departId: sysDepartPermission.departId }).from(sysDepartPermission).where(eq(sysDepartPermission.permissionId, parentId));
      if (departs.length) await tx.insert(sysDepartPermission).values(departs.map((d) => ({ id: nextId(), departId: d.departId, permissionId: row.id! })));
    }
  }
}

/** A button with `perms` under the menu item at `menuUrl`, granted to the admin role, unless the code exists. */
async function ensureButton(tx: Db, menuUrl: string, perms: string, name: string): Promise<void> {
  const [menu] = await tx.select({ id: sysPermission.id }).from(sysPermission).where(and(eq(sysPermission.url, menuUrl), eq(sysPermission.menuType, 1)));
  if (!menu) return;
  const existing = await tx.select({ id: sysPermission.id }).from(sysPermission).where(eq(sysPermission.perms, perms));
  if (existing.length > 0) return;
  const [row] = flattenMenus([{ name, url: "", menuType: 2, perms, permsType: "1", sortNo: 1, status: "1" }], menu.id);
  await tx.insert(sysPermission).values(row);
  await tx.update(sysPermission).set({ isLeaf: false }).where(eq(sysPermission.id, menu.id));
  const [admin] = await tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, "admin"));
  if (admin) await tx.insert(sysRolePermission).values({ id: nextId(), roleId: admin.id, permissionId: row.id!, operateDate: new Date() });
}

/**
 * Issue 11, for databases seeded before: the 性能监控 pages get their permission buttons (granted to the admin
 * role) and 监控概览 joins them. On a fresh database the tree has them already and the step changes nothing.
 */
async function monitoringMenus(tx: Db): Promise<void> {
  for (const b of MONITOR_BUTTONS) await ensureButton(tx, b.url, b.perms, b.name);
  const [admin] = await tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, "admin"));
  const [folder] = await tx.select({ id: sysPermission.id }).from(sysPermission).where(and(eq(sysPermission.url, "/monitor"), eq(sysPermission.delFlag, 0)));
  const [dashboard] = await tx.select({ id: sysPermission.id }).from(sysPermission).where(eq(sysPermission.url, MONITOR_DASHBOARD_MENU.url));
  if (folder && !dashboard) {
    const [row] = flattenMenus([{ name: MONITOR_DASHBOARD_MENU.name, url: MONITOR_DASHBOARD_MENU.url, component: MONITOR_DASHBOARD_MENU.component, menuType: 1, sortNo: MONITOR_DASHBOARD_MENU.sortNo }], folder.id);
    await tx.insert(sysPermission).values(row);
    if (admin) await tx.insert(sysRolePermission).values({ id: nextId(), roleId: admin.id, permissionId: row.id!, operateDate: new Date() });
  }
}

/** Issue 4: positions, fill rules and check rules of a fresh JeecgBoot install (contract.md §11.3, §11.6). */
async function seedSystemV2(tx: Db): Promise<void> {
  await tx.insert(sysPosition).values([
    { id: nextId(), code: "devleader", name: "研发部经理", postRank: "2", createBy: SEED_BY },
    { id: nextId(), code: "总经理", name: "laozong", postRank: "5", createBy: SEED_BY },
  ]);
  await tx.insert(sysFillRule).values([
    { id: nextId(), ruleName: "机构编码生成", ruleCode: "org_num_role", ruleClass: "org.jeecg.modules.system.rule.OrgCodeRule", ruleParams: '{"pid":""}', createBy: SEED_BY },
    { id: nextId(), ruleName: "分类字典编码生成", ruleCode: "category_code_rule", ruleClass: "org.jeecg.modules.system.rule.CategoryCodeRule", ruleParams: '{"pid":""}', createBy: SEED_BY },
    { id: nextId(), ruleName: "订单流水号", ruleCode: "shop_order_num", ruleClass: "org.jeecg.modules.online.cgform.rule.OrderNumberRule", ruleParams: '{"prefix":"CN"}', createBy: SEED_BY },
  ]);
  await tx.insert(sysCheckRule).values([
    {
      id: nextId(),
      ruleName: "通用编码规则",
      ruleCode: "common",
      ruleJson: JSON.stringify([
        { digits: "1", pattern: "[a-zA-Z]", message: "第一位只能是字母" },
        { digits: "*", pattern: "[a-zA-Z0-9_]*", message: "只能填写数字、字母和下划线" },
        { digits: "*", pattern: ".{3,}", message: "不能少于3个字符" },
      ]),
      ruleDescription: "首字母为字母，只含字母、数字、下划线，至少3位",
      createBy: SEED_BY,
    },
    {
      id: nextId(),
      ruleName: "测试规则",
      ruleCode: "test",
      ruleJson: JSON.stringify([
        { digits: "2", pattern: "[A-Z]{2}", message: "前两位必须是大写字母" },
        { digits: "*", pattern: "[A-Z]{2}\\d{4,}", message: "字母后至少4位数字" },
      ]),
      ruleDescription: "两位大写字母加至少4位数字",
      createBy: SEED_BY,
    },
  ]);
}

interface SeedCategory {
  name: string;
  code?: string;
  children?: SeedCategory[];
}

/** contract.md §11.6: 电脑产品 and 物料树 with rule codes, 笔记本 with hand-made codes, a 省 tree without codes. */
const CATEGORIES: SeedCategory[] = [
  { name: "电脑产品", code: "A01", children: [{ name: "thinkpad", code: "A01A01" }, { name: "mac", code: "A01A02" }, { name: "华为", code: "A01A03" }] },
  { name: "笔记本", code: "B01", children: [{ name: "联想", code: "B01-1" }, { name: "戴尔", code: "B01-2" }] },
  {
    name: "物料树",
    code: "B02",
    children: [
      { name: "上衣", code: "B02A01", children: [{ name: "衬衫", code: "B02A01A01" }, { name: "外套", code: "B02A01A02" }] },
      { name: "裤子", code: "B02A02" },
    ],
  },
  {
    name: "省",
    children: [
      { name: "安徽省", children: [{ name: "合肥市" }, { name: "芜湖市" }] },
      { name: "山东省", children: [{ name: "济南市" }, { name: "青岛市" }] },
    ],
  },
];

function flattenCategories(tree: SeedCategory[], pid = "0"): Array<typeof sysCategory.$inferInsert> {
  return tree.flatMap((c) => {
    const id = nextId();
    const kids = c.children ?? [];
    return [
      { id, pid, name: c.name, code: c.code ?? null, hasChild: kids.length ? "1" : "0", sysOrgCode: "A01", createBy: SEED_BY },
      ...flattenCategories(kids, id),
    ];
  });
}

/**
 * Issue 4, second part: the category dictionary and the sample data source (contract.md §11.6). The data
 * source is seeded without a password: JeecgBoot's sample one (`root`, encrypted with its public key) is not
 * a secret worth shipping; an administrator enters the real one.
 */
async function seedSystemV3(tx: Db): Promise<void> {
  await tx.insert(sysCategory).values(flattenCategories(CATEGORIES));
  await tx.insert(sysDataSource).values({
    id: nextId(),
    code: "local_mysql",
    name: "MySQL5.7",
    remark: "本地数据库MySQL5.7",
    dbType: "4",
    dbDriver: "com.mysql.jdbc.Driver",
    dbUrl: "jdbc:mysql://127.0.0.1:3306/jeecg-boot?characterEncoding=UTF-8&useUnicode=true&useSSL=false",
    dbName: "jeecg-boot",
    dbUsername: "root",
    dbPassword: null,
    sysOrgCode: "A01",
    createBy: SEED_BY,
  });
}

/** The rows of the first node matching `pick` and all its descendants. */
function subtree(rows: PermissionInsert[], pick: (r: PermissionInsert) => boolean): PermissionInsert[] {
  const root = rows.find(pick);
  if (!root) return [];
  const out = [root];
  for (let i = 0; i < out.length; i++) out.push(...rows.filter((r) => r.parentId === out[i].id));
  return out;
}
