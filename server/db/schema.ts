/**
 * The one database schema (drizzle pg-core), shared by PGlite and PostgreSQL. Table and column names follow
 * JeecgBoot 3.x (contract.md §7–§10) so data and reports carry over; JSON names are the camelCase properties.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Audit columns filled by the server (never trusted from the client). */
const audit = {
  createBy: varchar("create_by", { length: 50 }),
  createTime: ts("create_time").defaultNow(),
  updateBy: varchar("update_by", { length: 50 }),
  updateTime: ts("update_time"),
};

export const sysUser = pgTable(
  "sys_user",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    username: varchar("username", { length: 100 }).notNull(),
    realname: varchar("realname", { length: 100 }),
    password: varchar("password", { length: 255 }).notNull(),
    salt: varchar("salt", { length: 45 }),
    avatar: varchar("avatar", { length: 255 }),
    birthday: date("birthday", { mode: "string" }),
    sex: smallint("sex"),
    email: varchar("email", { length: 45 }),
    phone: varchar("phone", { length: 45 }),
    orgCode: varchar("org_code", { length: 64 }),
    status: smallint("status").notNull().default(1),
    delFlag: smallint("del_flag").notNull().default(0),
    thirdId: varchar("third_id", { length: 100 }),
    thirdType: varchar("third_type", { length: 100 }),
    activitiSync: smallint("activiti_sync"),
    workNo: varchar("work_no", { length: 100 }),
    post: varchar("post", { length: 100 }),
    telephone: varchar("telephone", { length: 45 }),
    userIdentity: smallint("user_identity"),
    departIds: text("depart_ids"),
    relTenantIds: varchar("rel_tenant_ids", { length: 100 }),
    clientId: varchar("client_id", { length: 64 }),
    ...audit,
  },
  (t) => [
    uniqueIndex("uniq_sys_user_username").on(t.username),
    uniqueIndex("uniq_sys_user_work_no").on(t.workNo),
    uniqueIndex("uniq_sys_user_phone").on(t.phone),
    uniqueIndex("uniq_sys_user_email").on(t.email),
    index("idx_sys_user_list").on(t.delFlag, t.createTime.desc(), t.id),
    index("idx_sys_user_org_code").on(t.orgCode),
    index("idx_sys_user_realname_trgm").using("gin", t.realname.op("gin_trgm_ops")),
    index("idx_sys_user_username_trgm").using("gin", t.username.op("gin_trgm_ops")),
  ],
);

export const sysRole = pgTable(
  "sys_role",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    roleName: varchar("role_name", { length: 200 }),
    roleCode: varchar("role_code", { length: 100 }).notNull(),
    description: varchar("description", { length: 255 }),
    ...audit,
  },
  (t) => [uniqueIndex("uniq_sys_role_role_code").on(t.roleCode)],
);

export const sysUserRole = pgTable(
  "sys_user_role",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    userId: varchar("user_id", { length: 32 }).notNull(),
    roleId: varchar("role_id", { length: 32 }).notNull(),
  },
  (t) => [uniqueIndex("uniq_sys_user_role").on(t.userId, t.roleId), index("idx_sys_user_role_role").on(t.roleId)],
);

export const sysPermission = pgTable(
  "sys_permission",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    parentId: varchar("parent_id", { length: 32 }),
    name: varchar("name", { length: 100 }),
    url: varchar("url", { length: 255 }),
    component: varchar("component", { length: 255 }),
    componentName: varchar("component_name", { length: 100 }),
    redirect: varchar("redirect", { length: 255 }),
    menuType: integer("menu_type").notNull(),
    perms: varchar("perms", { length: 255 }),
    permsType: varchar("perms_type", { length: 10 }).default("0"),
    sortNo: doublePrecision("sort_no").notNull().default(0),
    alwaysShow: boolean("always_show").notNull().default(false),
    icon: varchar("icon", { length: 100 }),
    isRoute: boolean("is_route").notNull().default(true),
    isLeaf: boolean("is_leaf").notNull().default(true),
    keepAlive: boolean("keep_alive").notNull().default(false),
    hidden: boolean("hidden").notNull().default(false),
    hideTab: boolean("hide_tab").notNull().default(false),
    description: varchar("description", { length: 255 }),
    delFlag: integer("del_flag").notNull().default(0),
    ruleFlag: integer("rule_flag").notNull().default(0),
    status: varchar("status", { length: 2 }),
    internalOrExternal: boolean("internal_or_external").notNull().default(false),
    ...audit,
  },
  (t) => [
    index("idx_sys_permission_parent").on(t.parentId),
    index("idx_sys_permission_sort").on(t.sortNo),
    index("idx_sys_permission_perms").on(t.perms),
  ],
);

export const sysRolePermission = pgTable(
  "sys_role_permission",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    roleId: varchar("role_id", { length: 32 }).notNull(),
    permissionId: varchar("permission_id", { length: 32 }).notNull(),
    dataRuleIds: varchar("data_rule_ids", { length: 1000 }),
    operateDate: ts("operate_date"),
    operateIp: varchar("operate_ip", { length: 100 }),
  },
  (t) => [
    uniqueIndex("uniq_sys_role_permission").on(t.roleId, t.permissionId),
    index("idx_sys_role_permission_perm").on(t.permissionId),
  ],
);

export const sysDepart = pgTable(
  "sys_depart",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    parentId: varchar("parent_id", { length: 32 }).notNull().default(""),
    departName: varchar("depart_name", { length: 100 }).notNull(),
    departNameEn: varchar("depart_name_en", { length: 500 }),
    departNameAbbr: varchar("depart_name_abbr", { length: 500 }),
    departOrder: integer("depart_order").notNull().default(0),
    description: varchar("description", { length: 500 }),
    orgCategory: varchar("org_category", { length: 10 }).notNull().default("1"),
    orgType: varchar("org_type", { length: 10 }),
    orgCode: varchar("org_code", { length: 64 }).notNull(),
    mobile: varchar("mobile", { length: 32 }),
    fax: varchar("fax", { length: 32 }),
    address: varchar("address", { length: 100 }),
    memo: varchar("memo", { length: 500 }),
    status: varchar("status", { length: 1 }),
    delFlag: varchar("del_flag", { length: 1 }).notNull().default("0"),
    qywxIdentifier: varchar("qywx_identifier", { length: 100 }),
    ...audit,
  },
  (t) => [uniqueIndex("uniq_depart_org_code").on(t.orgCode), index("idx_sys_depart_parent").on(t.parentId)],
);

export const sysUserDepart = pgTable(
  "sys_user_depart",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    userId: varchar("user_id", { length: 32 }).notNull(),
    depId: varchar("dep_id", { length: 32 }).notNull(),
  },
  (t) => [uniqueIndex("uniq_sys_user_depart").on(t.userId, t.depId), index("idx_sys_user_depart_dep").on(t.depId)],
);

export const sysDict = pgTable(
  "sys_dict",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    dictName: varchar("dict_name", { length: 100 }).notNull(),
    dictCode: varchar("dict_code", { length: 100 }).notNull(),
    description: varchar("description", { length: 255 }),
    delFlag: integer("del_flag").notNull().default(0),
    type: integer("type").notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex("uk_sd_dict_code").on(t.dictCode)],
);

export const sysDictItem = pgTable(
  "sys_dict_item",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    dictId: varchar("dict_id", { length: 32 }).notNull(),
    itemText: varchar("item_text", { length: 100 }).notNull(),
    itemValue: varchar("item_value", { length: 100 }).notNull(),
    description: varchar("description", { length: 255 }),
    sortOrder: integer("sort_order").notNull().default(0),
    status: integer("status").notNull().default(1),
    ...audit,
  },
  (t) => [
    index("idx_sdi_dict_sort").on(t.dictId, t.sortOrder),
    uniqueIndex("uniq_sdi_dict_value").on(t.dictId, t.itemValue),
  ],
);

export const sysLog = pgTable(
  "sys_log",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    logType: integer("log_type").notNull(),
    logContent: varchar("log_content", { length: 1000 }),
    operateType: integer("operate_type"),
    userid: varchar("userid", { length: 32 }),
    username: varchar("username", { length: 100 }),
    ip: varchar("ip", { length: 100 }),
    method: varchar("method", { length: 500 }),
    requestUrl: varchar("request_url", { length: 255 }),
    requestParam: text("request_param"),
    requestType: varchar("request_type", { length: 10 }),
    costTime: integer("cost_time"),
    ...audit,
  },
  (t) => [index("idx_sys_log_type_time").on(t.logType, t.createTime.desc())],
);

/**
 * Server-side sessions: the JWT names a row here, and the row is the truth. Logout, password change,
 * freezing a user and a forced logout revoke it at once.
 */
export const sysSession = pgTable(
  "sys_session",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    userId: varchar("user_id", { length: 32 }).notNull(),
    username: varchar("username", { length: 100 }).notNull(),
    ip: varchar("ip", { length: 100 }),
    userAgent: varchar("user_agent", { length: 500 }),
    createTime: ts("create_time").notNull().defaultNow(),
    lastSeenTime: ts("last_seen_time").notNull().defaultNow(),
    expireTime: ts("expire_time").notNull(),
    revokeTime: ts("revoke_time"),
    revokeReason: varchar("revoke_reason", { length: 50 }),
  },
  (t) => [index("idx_sys_session_user").on(t.userId).where(sql`revoke_time is null`)],
);

/** Seed steps already applied to this database (each runs once). */
export const sysSeedStep = pgTable("sys_seed_step", {
  step: varchar("step", { length: 100 }).primaryKey(),
  appliedTime: ts("applied_time").notNull().defaultNow(),
});

/** Announcements and system messages (contract.md §9.1; `titile` is JeecgBoot's spelling). */
export const sysAnnouncement = pgTable(
  "sys_announcement",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    titile: varchar("titile", { length: 100 }),
    msgContent: text("msg_content"),
    startTime: ts("start_time"),
    endTime: ts("end_time"),
    sender: varchar("sender", { length: 100 }),
    priority: varchar("priority", { length: 255 }),
    msgCategory: varchar("msg_category", { length: 10 }).notNull().default("2"),
    msgType: varchar("msg_type", { length: 10 }),
    sendStatus: varchar("send_status", { length: 10 }),
    sendTime: ts("send_time"),
    cancelTime: ts("cancel_time"),
    delFlag: varchar("del_flag", { length: 1 }).notNull().default("0"),
    busType: varchar("bus_type", { length: 20 }),
    busId: varchar("bus_id", { length: 50 }),
    openType: varchar("open_type", { length: 20 }),
    openPage: varchar("open_page", { length: 255 }),
    userIds: text("user_ids"),
    msgAbstract: text("msg_abstract"),
    dtTaskId: varchar("dt_task_id", { length: 100 }),
    ...audit,
  },
  (t) => [index("idx_sys_announcement_list").on(t.delFlag, t.sendStatus, t.msgCategory, t.createTime.desc())],
);

/** One row per (announcement, user): delivery and read state. */
export const sysAnnouncementSend = pgTable(
  "sys_announcement_send",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    anntId: varchar("annt_id", { length: 32 }).notNull(),
    userId: varchar("user_id", { length: 32 }).notNull(),
    readFlag: varchar("read_flag", { length: 10 }).notNull().default("0"),
    readTime: ts("read_time"),
    ...audit,
  },
  (t) => [
    uniqueIndex("uniq_sys_announcement_send").on(t.anntId, t.userId),
    index("idx_sys_announcement_send_user").on(t.userId, t.readFlag),
  ],
);

/** Data-permission rules of a menu (contract.md §7.5); granted per role in `sys_role_permission.data_rule_ids`. */
export const sysPermissionDataRule = pgTable(
  "sys_permission_data_rule",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    permissionId: varchar("permission_id", { length: 32 }).notNull(),
    ruleName: varchar("rule_name", { length: 50 }),
    ruleColumn: varchar("rule_column", { length: 50 }),
    ruleConditions: varchar("rule_conditions", { length: 50 }),
    ruleValue: varchar("rule_value", { length: 300 }),
    status: varchar("status", { length: 3 }).notNull().default("1"),
    ...audit,
  },
  (t) => [index("idx_sys_permission_data_rule_perm").on(t.permissionId)],
);

/** What a department may grant to its department roles (contract.md §10.3). */
export const sysDepartPermission = pgTable(
  "sys_depart_permission",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    departId: varchar("depart_id", { length: 32 }).notNull(),
    permissionId: varchar("permission_id", { length: 32 }).notNull(),
    dataRuleIds: varchar("data_rule_ids", { length: 1000 }),
  },
  (t) => [
    uniqueIndex("uniq_sys_depart_permission").on(t.departId, t.permissionId),
    index("idx_sys_depart_permission_perm").on(t.permissionId),
  ],
);

export const sysDepartRole = pgTable(
  "sys_depart_role",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    departId: varchar("depart_id", { length: 32 }).notNull(),
    roleName: varchar("role_name", { length: 200 }),
    roleCode: varchar("role_code", { length: 100 }),
    description: varchar("description", { length: 255 }),
    ...audit,
  },
  (t) => [index("idx_sys_depart_role_depart").on(t.departId)],
);

export const sysDepartRolePermission = pgTable(
  "sys_depart_role_permission",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    departId: varchar("depart_id", { length: 32 }),
    roleId: varchar("role_id", { length: 32 }).notNull(),
    permissionId: varchar("permission_id", { length: 32 }).notNull(),
    dataRuleIds: varchar("data_rule_ids", { length: 1000 }),
    operateDate: ts("operate_date"),
    operateIp: varchar("operate_ip", { length: 100 }),
  },
  (t) => [
    uniqueIndex("uniq_sys_depart_role_permission").on(t.roleId, t.permissionId),
    index("idx_sys_depart_role_permission_perm").on(t.permissionId),
  ],
);

export const sysDepartRoleUser = pgTable(
  "sys_depart_role_user",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    userId: varchar("user_id", { length: 32 }).notNull(),
    droleId: varchar("drole_id", { length: 32 }).notNull(),
  },
  (t) => [uniqueIndex("uniq_sys_depart_role_user").on(t.userId, t.droleId), index("idx_sys_depart_role_user_role").on(t.droleId)],
);

export const sysPosition = pgTable(
  "sys_position",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    code: varchar("code", { length: 100 }).notNull(),
    name: varchar("name", { length: 100 }).notNull(),
    postRank: varchar("post_rank", { length: 2 }),
    companyId: varchar("company_id", { length: 255 }),
    sysOrgCode: varchar("sys_org_code", { length: 50 }),
    ...audit,
  },
  (t) => [uniqueIndex("uniq_code").on(t.code)],
);

/** Category dictionary tree (contract.md §10.9); `pid` '0' marks a root. */
export const sysCategory = pgTable(
  "sys_category",
  {
    id: varchar("id", { length: 36 }).primaryKey(),
    pid: varchar("pid", { length: 36 }).notNull().default("0"),
    name: varchar("name", { length: 100 }).notNull(),
    code: varchar("code", { length: 100 }),
    hasChild: varchar("has_child", { length: 3 }).notNull().default("0"),
    sysOrgCode: varchar("sys_org_code", { length: 64 }),
    ...audit,
  },
  (t) => [uniqueIndex("index_code").on(t.code), index("idx_sys_category_pid").on(t.pid)],
);

export const sysCheckRule = pgTable(
  "sys_check_rule",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    ruleName: varchar("rule_name", { length: 100 }).notNull(),
    ruleCode: varchar("rule_code", { length: 100 }).notNull(),
    ruleJson: varchar("rule_json", { length: 1024 }).notNull(),
    ruleDescription: varchar("rule_description", { length: 200 }),
    ...audit,
  },
  (t) => [uniqueIndex("uk_scr_rule_code").on(t.ruleCode)],
);

export const sysFillRule = pgTable(
  "sys_fill_rule",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    ruleName: varchar("rule_name", { length: 100 }).notNull(),
    ruleCode: varchar("rule_code", { length: 100 }).notNull(),
    ruleClass: varchar("rule_class", { length: 100 }).notNull(),
    ruleParams: varchar("rule_params", { length: 200 }),
    ...audit,
  },
  (t) => [uniqueIndex("uk_sfr_rule_code").on(t.ruleCode)],
);

/** Connection settings of other databases; `db_password` holds AES-256-GCM ciphertext, never the password. */
export const sysDataSource = pgTable(
  "sys_data_source",
  {
    id: varchar("id", { length: 36 }).primaryKey(),
    code: varchar("code", { length: 100 }).notNull(),
    name: varchar("name", { length: 100 }).notNull(),
    remark: varchar("remark", { length: 200 }),
    dbType: varchar("db_type", { length: 10 }).notNull(),
    dbDriver: varchar("db_driver", { length: 100 }),
    dbUrl: varchar("db_url", { length: 500 }).notNull(),
    dbName: varchar("db_name", { length: 100 }),
    dbUsername: varchar("db_username", { length: 100 }),
    dbPassword: varchar("db_password", { length: 300 }),
    sysOrgCode: varchar("sys_org_code", { length: 64 }),
    ...audit,
  },
  (t) => [uniqueIndex("uk_sdc_rule_code").on(t.code)],
);

/** Write versions per table, bumped by triggers (migration 0002); keys exact caches. */
export const sysTableVersion = pgTable("sys_table_version", {
  tableName: varchar("table_name", { length: 64 }).primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
