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
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

import { USERNAME_MAX } from "../../contract/limits.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Audit columns filled by the server (never trusted from the client). */
const audit = {
  createBy: varchar("create_by", { length: USERNAME_MAX }),
  createTime: ts("create_time").defaultNow(),
  updateBy: varchar("update_by", { length: USERNAME_MAX }),
  updateTime: ts("update_time"),
};

export const sysUser = pgTable(
  "sys_user",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    username: varchar("username", { length: USERNAME_MAX }).notNull(),
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
    userid: varchar("userid", { length: USERNAME_MAX }),
    username: varchar("username", { length: 100 }),
    ip: varchar("ip", { length: 100 }),
    method: varchar("method", { length: 500 }),
    requestUrl: varchar("request_url", { length: 255 }),
    requestParam: text("request_param"),
    requestType: varchar("request_type", { length: 10 }),
    costTime: integer("cost_time"),
    ...audit,
  },
  (t) => [
    index("idx_sys_log_type_time").on(t.logType, t.createTime.desc()),
    // 日志管理 searches content with *x* (ILIKE), and the retention job purges by age.
    index("idx_sys_log_content_trgm").using("gin", t.logContent.op("gin_trgm_ops")),
    index("idx_sys_log_time").on(t.createTime),
  ],
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
    username: varchar("username", { length: USERNAME_MAX }).notNull(),
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

/** Message templates (JeecgBoot `sys_sms_template`, contract.md §9.5): `${var}` placeholders. */
export const sysSmsTemplate = pgTable(
  "sys_sms_template",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    templateName: varchar("template_name", { length: 50 }),
    templateCode: varchar("template_code", { length: 32 }).notNull(),
    /** 1 SMS, 2 email, 3 WeChat, 4 system announcement. */
    templateType: varchar("template_type", { length: 1 }).notNull(),
    templateContent: varchar("template_content", { length: 1000 }).notNull(),
    templateTestJson: varchar("template_test_json", { length: 1000 }),
    ...audit,
  },
  (t) => [uniqueIndex("uniq_sys_sms_template_code").on(t.templateCode)],
);

/** The message queue (JeecgBoot `sys_sms`): status 0 pending, 1 sent, 2 failed (retried), -1 given up. */
export const sysSms = pgTable(
  "sys_sms",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    esTitle: varchar("es_title", { length: 100 }),
    esType: varchar("es_type", { length: 1 }),
    /** JeecgBoot has 50; an e-mail address may be longer. */
    esReceiver: varchar("es_receiver", { length: 255 }),
    esParam: varchar("es_param", { length: 1000 }),
    esContent: text("es_content"),
    esSendTime: ts("es_send_time"),
    esSendStatus: varchar("es_send_status", { length: 2 }).notNull().default("0"),
    esSendNum: integer("es_send_num").notNull().default(0),
    esResult: varchar("es_result", { length: 255 }),
    remark: varchar("remark", { length: 500 }),
    ...audit,
  },
  (t) => [index("idx_sys_sms_queue").on(t.esSendStatus, t.esSendNum)],
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

// ---------------------------------------------------------------------------------------------
// 红色印记 (bbh) business tables, ../shared/domain.md §4.1–4.15 (+ §4.23 bbh_wx_user, which the point-maker
// and settlement snapshots read). Enumerations are smallint codes of the bbh_* dictionaries; coordinates are
// GCJ-02 numeric(10,6); rows written by players or settlement carry the activity's sys_org_code.
// ---------------------------------------------------------------------------------------------

/** Audit columns plus the data-rule org code of every bbh table (domain.md §2). */
const bbhAudit = { ...audit, sysOrgCode: varchar("sys_org_code", { length: 64 }) };
const id32 = (name: string) => varchar(name, { length: 32 });
const coord = (name: string) => numeric(name, { precision: 10, scale: 6, mode: "number" });

export const bbhActivityMain = pgTable(
  "bbh_activity_main",
  {
    id: id32("id").primaryKey(),
    activityName: varchar("activity_name", { length: 100 }).notNull(),
    activityType: smallint("activity_type").notNull(),
    coverImage: varchar("cover_image", { length: 500 }),
    bannerImages: varchar("banner_images", { length: 2000 }),
    summary: varchar("summary", { length: 500 }),
    content: text("content"),
    rules: text("rules"),
    organizerOrgId: id32("organizer_org_id"),
    organizerName: varchar("organizer_name", { length: 100 }),
    contactName: varchar("contact_name", { length: 50 }),
    contactPhone: varchar("contact_phone", { length: 20 }),
    provinceCode: varchar("province_code", { length: 12 }),
    cityCode: varchar("city_code", { length: 12 }),
    districtCode: varchar("district_code", { length: 12 }),
    regionName: varchar("region_name", { length: 100 }),
    address: varchar("address", { length: 255 }),
    longitude: coord("longitude"),
    latitude: coord("latitude"),
    startTime: ts("start_time"),
    endTime: ts("end_time"),
    needApply: smallint("need_apply").notNull().default(1),
    applyNeedAudit: smallint("apply_need_audit").notNull().default(0),
    applyStartTime: ts("apply_start_time"),
    applyEndTime: ts("apply_end_time"),
    maxParticipants: integer("max_participants"),
    participantScope: smallint("participant_scope").notNull().default(1),
    scopeIds: varchar("scope_ids", { length: 2000 }),
    needActivation: smallint("need_activation").notNull().default(0),
    teamMode: smallint("team_mode").notNull().default(1),
    groupType: smallint("group_type"),
    groupMinSize: integer("group_min_size"),
    groupMaxSize: integer("group_max_size"),
    groupScoreRule: smallint("group_score_rule").default(2),
    groupTopN: integer("group_top_n"),
    orderMode: smallint("order_mode").notNull().default(2),
    checkinRadius: integer("checkin_radius").notNull().default(200),
    totalScore: integer("total_score"),
    gradeRule: varchar("grade_rule", { length: 1000 }),
    publishStatus: smallint("publish_status").notNull().default(0),
    publishTime: ts("publish_time"),
    publishBy: varchar("publish_by", { length: USERNAME_MAX }),
    sortNo: integer("sort_no").notNull().default(0),
    isRecommend: smallint("is_recommend").notNull().default(0),
    shareTitle: varchar("share_title", { length: 100 }),
    shareImage: varchar("share_image", { length: 500 }),
    cloneFromId: id32("clone_from_id"),
    viewCount: integer("view_count").default(0),
    applyCount: integer("apply_count").default(0),
    remark: varchar("remark", { length: 500 }),
    delFlag: smallint("del_flag").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [
    index("idx_bbh_activity_list").on(t.delFlag, t.activityType, t.createTime.desc(), t.id),
    index("idx_bbh_activity_type_pub").on(t.activityType, t.publishStatus, t.delFlag),
    index("idx_bbh_activity_org").on(t.sysOrgCode),
    index("idx_bbh_activity_period").on(t.startTime, t.endTime),
    index("idx_bbh_activity_name_trgm").using("gin", t.activityName.op("gin_trgm_ops")),
  ],
);

export const bbhActivityTime = pgTable(
  "bbh_activity_time",
  {
    id: id32("id").primaryKey(),
    activityId: id32("activity_id").notNull(),
    timeName: varchar("time_name", { length: 50 }).notNull(),
    startTime: ts("start_time").notNull(),
    endTime: ts("end_time").notNull(),
    timeStatus: smallint("time_status").notNull().default(0),
    roundNo: integer("round_no").notNull().default(1),
    restartCount: integer("restart_count").notNull().default(0),
    autoSettle: smallint("auto_settle").notNull().default(0),
    settleTime: ts("settle_time"),
    settleBy: varchar("settle_by", { length: USERNAME_MAX }),
    /** When the 成绩发布 messages of the last settlement were queued; null while they are still to queue (after commit, domain.md §5.3 step 7). */
    settleMsgTime: ts("settle_msg_time"),
    participantCount: integer("participant_count"),
    finishedCount: integer("finished_count"),
    groupCount: integer("group_count"),
    lastRestartTime: ts("last_restart_time"),
    lastRestartBy: varchar("last_restart_by", { length: USERNAME_MAX }),
    restartReason: varchar("restart_reason", { length: 255 }),
    sortNo: integer("sort_no").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [
    index("idx_bbh_time_activity").on(t.activityId, t.startTime),
    index("idx_bbh_time_sched").on(t.timeStatus, t.startTime, t.endTime),
  ],
);

export const bbhActivityTask = pgTable(
  "bbh_activity_task",
  {
    id: id32("id").primaryKey(),
    activityId: id32("activity_id").notNull(),
    redMarkId: id32("red_mark_id"),
    taskName: varchar("task_name", { length: 100 }).notNull(),
    taskType: smallint("task_type").notNull(),
    judgeMode: smallint("judge_mode").notNull(),
    taskDesc: text("task_desc"),
    coverImage: varchar("cover_image", { length: 500 }),
    sortNo: integer("sort_no").notNull().default(0),
    score: integer("score").notNull().default(10),
    isRequired: smallint("is_required").notNull().default(1),
    preTaskId: id32("pre_task_id"),
    checkinRadius: integer("checkin_radius"),
    needLocation: smallint("need_location").notNull().default(0),
    qrToken: varchar("qr_token", { length: 64 }),
    questionMode: smallint("question_mode"),
    questionTypeId: id32("question_type_id"),
    questionCount: integer("question_count"),
    passCorrectCount: integer("pass_correct_count"),
    timeLimitSeconds: integer("time_limit_seconds"),
    minPhotoCount: smallint("min_photo_count"),
    maxPhotoCount: smallint("max_photo_count"),
    minTextLength: integer("min_text_length"),
    maxVideoSeconds: integer("max_video_seconds"),
    studySeconds: integer("study_seconds"),
    maxSubmitTimes: integer("max_submit_times").notNull().default(3),
    autoCreated: smallint("auto_created").notNull().default(0),
    taskStatus: smallint("task_status").notNull().default(1),
    delFlag: smallint("del_flag").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [
    index("idx_bbh_task_activity_sort").on(t.activityId, t.sortNo),
    index("idx_bbh_task_mark").on(t.redMarkId),
    uniqueIndex("uk_bbh_task_qr_token").on(t.qrToken),
  ],
);

export const bbhTaskQuestion = pgTable(
  "bbh_task_question",
  {
    id: id32("id").primaryKey(),
    taskId: id32("task_id").notNull(),
    questionId: id32("question_id").notNull(),
    sortNo: integer("sort_no").notNull().default(0),
    score: integer("score"),
    ...bbhAudit,
  },
  (t) => [uniqueIndex("uk_bbh_task_question").on(t.taskId, t.questionId)],
);

export const bbhRedMark = pgTable(
  "bbh_red_mark",
  {
    id: id32("id").primaryKey(),
    markName: varchar("mark_name", { length: 100 }).notNull(),
    alias: varchar("alias", { length: 100 }),
    category: smallint("category").notNull(),
    heritageLevel: smallint("heritage_level"),
    provinceCode: varchar("province_code", { length: 12 }),
    cityCode: varchar("city_code", { length: 12 }),
    districtCode: varchar("district_code", { length: 12 }),
    regionName: varchar("region_name", { length: 100 }),
    address: varchar("address", { length: 255 }),
    longitude: coord("longitude"),
    latitude: coord("latitude"),
    coordType: varchar("coord_type", { length: 10 }).notNull().default("gcj02"),
    checkinRadius: integer("checkin_radius").notNull().default(200),
    coverImage: varchar("cover_image", { length: 500 }),
    images: varchar("images", { length: 4000 }),
    thumbImage: varchar("thumb_image", { length: 500 }),
    thumbImages: varchar("thumb_images", { length: 4000 }),
    stampImage: varchar("stamp_image", { length: 500 }),
    stampGrayImage: varchar("stamp_gray_image", { length: 500 }),
    audioUrl: varchar("audio_url", { length: 500 }),
    audioDuration: integer("audio_duration"),
    videoUrl: varchar("video_url", { length: 500 }),
    videoCover: varchar("video_cover", { length: 500 }),
    summary: varchar("summary", { length: 500 }),
    content: text("content"),
    eventPeriod: varchar("event_period", { length: 50 }),
    openTime: varchar("open_time", { length: 255 }),
    ticketInfo: varchar("ticket_info", { length: 255 }),
    phone: varchar("phone", { length: 30 }),
    source: smallint("source").notNull().default(1),
    collectorWxUserId: id32("collector_wx_user_id"),
    publishStatus: smallint("publish_status").notNull().default(0),
    publishTime: ts("publish_time"),
    publishBy: varchar("publish_by", { length: USERNAME_MAX }),
    sortNo: integer("sort_no").notNull().default(0),
    viewCount: integer("view_count").default(0),
    checkinCount: integer("checkin_count").default(0),
    delFlag: smallint("del_flag").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [
    index("idx_bbh_red_mark_list").on(t.delFlag, t.createTime.desc(), t.id),
    index("idx_bbh_red_mark_region").on(t.provinceCode, t.cityCode, t.districtCode),
    index("idx_bbh_red_mark_pub").on(t.publishStatus, t.delFlag),
    index("idx_bbh_red_mark_geo").on(t.latitude, t.longitude),
    index("idx_bbh_red_mark_org").on(t.sysOrgCode),
    index("idx_bbh_red_mark_name_trgm").using("gin", t.markName.op("gin_trgm_ops")),
  ],
);

export const bbhRedActivityMark = pgTable(
  "bbh_red_activity_mark",
  {
    id: id32("id").primaryKey(),
    activityId: id32("activity_id").notNull(),
    redMarkId: id32("red_mark_id").notNull(),
    sortNo: integer("sort_no").notNull(),
    customName: varchar("custom_name", { length: 100 }),
    isStart: smallint("is_start").notNull().default(0),
    isEnd: smallint("is_end").notNull().default(0),
    isRequired: smallint("is_required").notNull().default(1),
    uploadId: id32("upload_id"),
    uploadTime: ts("upload_time"),
    remark: varchar("remark", { length: 255 }),
    ...bbhAudit,
  },
  (t) => [
    uniqueIndex("uk_bbh_activity_mark").on(t.activityId, t.redMarkId),
    index("idx_bbh_activity_mark_sort").on(t.activityId, t.sortNo),
    index("idx_bbh_activity_mark_mark").on(t.redMarkId),
    index("idx_bbh_activity_mark_upload").on(t.uploadId),
  ],
);

export const bbhActivityApply = pgTable(
  "bbh_activity_apply",
  {
    id: id32("id").primaryKey(),
    activityId: id32("activity_id").notNull(),
    timeId: id32("time_id").notNull().default(""),
    wxUserId: id32("wx_user_id").notNull(),
    realName: varchar("real_name", { length: 50 }).notNull(),
    phone: varchar("phone", { length: 20 }),
    schoolId: id32("school_id"),
    studentId: id32("student_id"),
    className: varchar("class_name", { length: 30 }),
    orgId: id32("org_id"),
    groupId: id32("group_id"),
    activationCodeId: id32("activation_code_id"),
    applyForm: varchar("apply_form", { length: 2000 }),
    applyStatus: smallint("apply_status").notNull().default(0),
    applyTime: ts("apply_time").notNull().defaultNow(),
    auditBy: varchar("audit_by", { length: USERNAME_MAX }),
    auditTime: ts("audit_time"),
    auditRemark: varchar("audit_remark", { length: 255 }),
    cancelTime: ts("cancel_time"),
    ...bbhAudit,
  },
  (t) => [
    uniqueIndex("uk_bbh_apply").on(t.activityId, t.timeId, t.wxUserId),
    index("idx_bbh_apply_status").on(t.activityId, t.applyStatus),
    index("idx_bbh_apply_list").on(t.createTime.desc(), t.id),
  ],
);

export const bbhActivityGroup = pgTable(
  "bbh_activity_group",
  {
    id: id32("id").primaryKey(),
    activityId: id32("activity_id").notNull(),
    timeId: id32("time_id"),
    groupName: varchar("group_name", { length: 50 }).notNull(),
    groupNo: varchar("group_no", { length: 20 }),
    groupType: smallint("group_type").notNull().default(1),
    leaderWxUserId: id32("leader_wx_user_id"),
    schoolId: id32("school_id"),
    orgId: id32("org_id"),
    className: varchar("class_name", { length: 30 }),
    maxMembers: integer("max_members"),
    memberCount: integer("member_count").notNull().default(0),
    inviteCode: varchar("invite_code", { length: 10 }),
    groupStatus: smallint("group_status").notNull().default(1),
    ...bbhAudit,
  },
  (t) => [uniqueIndex("uk_bbh_group_name").on(t.activityId, t.groupName), uniqueIndex("uk_bbh_group_invite").on(t.inviteCode)],
);

export const bbhActivationCode = pgTable(
  "bbh_activation_code",
  {
    id: id32("id").primaryKey(),
    activityId: id32("activity_id").notNull(),
    code: varchar("code", { length: 32 }).notNull(),
    batchNo: varchar("batch_no", { length: 32 }).notNull(),
    codeStatus: smallint("code_status").notNull().default(0),
    validStartTime: ts("valid_start_time"),
    validEndTime: ts("valid_end_time"),
    bindSchoolId: id32("bind_school_id"),
    bindOrgId: id32("bind_org_id"),
    usedBy: id32("used_by"),
    usedTime: ts("used_time"),
    voidBy: varchar("void_by", { length: USERNAME_MAX }),
    voidTime: ts("void_time"),
    voidReason: varchar("void_reason", { length: 255 }),
    remark: varchar("remark", { length: 255 }),
    ...bbhAudit,
  },
  (t) => [
    uniqueIndex("uk_bbh_activation_code").on(t.code),
    index("idx_bbh_activation_activity_status").on(t.activityId, t.codeStatus),
    index("idx_bbh_activation_batch").on(t.batchNo),
    index("idx_bbh_activation_list").on(t.createTime.desc(), t.id),
  ],
);

export const bbhActivityGrade = pgTable(
  "bbh_activity_grade",
  {
    id: id32("id").primaryKey(),
    activityId: id32("activity_id").notNull(),
    timeId: id32("time_id").notNull(),
    roundNo: integer("round_no").notNull(),
    wxUserId: id32("wx_user_id").notNull(),
    userActivityId: id32("user_activity_id").notNull(),
    groupId: id32("group_id"),
    displayName: varchar("display_name", { length: 50 }),
    schoolId: id32("school_id"),
    schoolName: varchar("school_name", { length: 100 }),
    className: varchar("class_name", { length: 30 }),
    orgId: id32("org_id"),
    totalScore: integer("total_score").notNull().default(0),
    finishedTaskCount: integer("finished_task_count").notNull().default(0),
    totalTaskCount: integer("total_task_count").notNull().default(0),
    finishedMarkCount: integer("finished_mark_count").notNull().default(0),
    durationSeconds: integer("duration_seconds"),
    startTime: ts("start_time"),
    finishTime: ts("finish_time"),
    isFinished: smallint("is_finished").notNull().default(0),
    rankNo: integer("rank_no"),
    gradeLevel: varchar("grade_level", { length: 10 }),
    settleTime: ts("settle_time"),
    ...bbhAudit,
  },
  (t) => [
    // One grade per player round: a grade's id is its round's (bbh_user_activity.id, unique per activity,
    // window, round and player), so the primary key holds the rule and no second unique index costs every
    // settlement 100 000 more index entries (migration 0014).
    index("idx_bbh_grade_rank").on(t.timeId, t.roundNo, t.rankNo),
    index("idx_bbh_grade_activity").on(t.activityId, t.createTime.desc()),
  ],
);

export const bbhActivityGroupGrade = pgTable(
  "bbh_activity_group_grade",
  {
    id: id32("id").primaryKey(),
    activityId: id32("activity_id").notNull(),
    timeId: id32("time_id").notNull(),
    roundNo: integer("round_no").notNull(),
    groupId: id32("group_id").notNull(),
    groupName: varchar("group_name", { length: 50 }),
    memberCount: integer("member_count").notNull().default(0),
    finishedMemberCount: integer("finished_member_count").notNull().default(0),
    totalScore: integer("total_score").notNull().default(0),
    avgScore: numeric("avg_score", { precision: 10, scale: 2, mode: "number" }),
    groupScore: numeric("group_score", { precision: 10, scale: 2, mode: "number" }),
    scoreRule: smallint("score_rule"),
    avgDurationSeconds: integer("avg_duration_seconds"),
    rankNo: integer("rank_no"),
    settleTime: ts("settle_time"),
    ...bbhAudit,
  },
  (t) => [uniqueIndex("uk_bbh_group_grade").on(t.timeId, t.roundNo, t.groupId), index("idx_bbh_group_grade_activity").on(t.activityId)],
);

export const bbhScoreRecord = pgTable(
  "bbh_score_record",
  {
    id: id32("id").primaryKey(),
    activityId: id32("activity_id").notNull(),
    timeId: id32("time_id").notNull(),
    roundNo: integer("round_no").notNull(),
    wxUserId: id32("wx_user_id").notNull(),
    userActivityId: id32("user_activity_id").notNull(),
    groupId: id32("group_id"),
    userTaskId: id32("user_task_id"),
    answerId: id32("answer_id"),
    scoreType: smallint("score_type").notNull(),
    scoreChange: integer("score_change").notNull(),
    scoreAfter: integer("score_after").notNull(),
    reason: varchar("reason", { length: 255 }),
    operator: varchar("operator", { length: USERNAME_MAX }),
    ...bbhAudit,
  },
  (t) => [
    index("idx_bbh_score_ua").on(t.userActivityId, t.createTime),
    index("idx_bbh_score_time_user").on(t.timeId, t.wxUserId),
    index("idx_bbh_score_user_task").on(t.userTaskId),
    index("idx_bbh_score_list").on(t.createTime.desc(), t.id),
  ],
);

export const bbhUserActivity = pgTable(
  "bbh_user_activity",
  {
    id: id32("id").primaryKey(),
    wxUserId: id32("wx_user_id").notNull(),
    activityId: id32("activity_id").notNull(),
    timeId: id32("time_id").notNull(),
    roundNo: integer("round_no").notNull().default(1),
    applyId: id32("apply_id"),
    groupId: id32("group_id"),
    activationCodeId: id32("activation_code_id"),
    uaStatus: smallint("ua_status").notNull().default(0),
    joinTime: ts("join_time").notNull().defaultNow(),
    startTime: ts("start_time"),
    finishTime: ts("finish_time"),
    lastActiveTime: ts("last_active_time"),
    totalScore: integer("total_score").notNull().default(0),
    /** SUM(score_change) of this round's ledger rows, kept by the ledger's triggers (migration 0015); read-only here. */
    ledgerScore: integer("ledger_score").notNull().default(0),
    /** Tasks done (已完成) of this round, kept by the play triggers (migration 0017), as are the columns below. */
    finishedTaskCount: integer("finished_task_count").notNull().default(0),
    totalTaskCount: integer("total_task_count").notNull().default(0),
    /** Distinct red marks of the tasks done. */
    finishedMarkCount: integer("finished_mark_count").notNull().default(0),
    /** Tasks done whose activity task is required, enabled and not deleted (settlement's 完成 test). */
    playRequiredCount: integer("play_required_count").notNull().default(0),
    /** Latest finish time of the tasks done. */
    playLastFinishTime: ts("play_last_finish_time"),
    /** Latest submit time of the approved answers (the duration of a round not finished). */
    playLastSubmitTime: ts("play_last_submit_time"),
    durationSeconds: integer("duration_seconds"),
    currentSortNo: integer("current_sort_no"),
    rankNo: integer("rank_no"),
    ...bbhAudit,
  },
  (t) => [
    // fillfactor 35 (migrations 0013 and 0017, not modelled by drizzle-kit): settlement rewrites every row of a window
    // (rank, status, score, counts) and answer review the player's score; no index holds those columns, so with
    // room in the page the updates are heap-only (HOT) and skip all six indexes. (The live ranking ranks every
    // player of the window anyway, so total_score in an index served no query.)
    uniqueIndex("uk_bbh_ua").on(t.activityId, t.timeId, t.roundNo, t.wxUserId),
    index("idx_bbh_ua_window").on(t.timeId, t.roundNo),
    index("idx_bbh_ua_group").on(t.groupId),
    index("idx_bbh_ua_created").on(t.createTime.desc(), t.id),
    index("idx_bbh_ua_activity_join").on(t.activityId, t.joinTime.desc(), t.id),
    index("idx_bbh_ua_user").on(t.wxUserId),
  ],
);

export const bbhUserTask = pgTable(
  "bbh_user_task",
  {
    id: id32("id").primaryKey(),
    userActivityId: id32("user_activity_id").notNull(),
    wxUserId: id32("wx_user_id").notNull(),
    activityId: id32("activity_id").notNull(),
    timeId: id32("time_id").notNull(),
    roundNo: integer("round_no").notNull().default(1),
    taskId: id32("task_id").notNull(),
    redMarkId: id32("red_mark_id"),
    utStatus: smallint("ut_status").notNull().default(0),
    /** The status settlement expired this task from (0/1/4), so a "继续本轮" restart can put it back. */
    settlePrevStatus: smallint("settle_prev_status"),
    score: integer("score").notNull().default(0),
    /** SUM(score_change) of this task's ledger rows, kept by the ledger's triggers (migration 0015); read-only here. */
    ledgerScore: integer("ledger_score").notNull().default(0),
    submitCount: integer("submit_count").notNull().default(0),
    lastAnswerId: id32("last_answer_id"),
    unlockTime: ts("unlock_time"),
    finishTime: ts("finish_time"),
    ...bbhAudit,
  },
  (t) => [
    uniqueIndex("uk_bbh_ut").on(t.userActivityId, t.taskId),
    // No index holds ut_status (nor any column play or settlement changes), so those updates are heap-only
    // (HOT) given room in the page: fillfactor 75 (migration 0013, which drizzle-kit does not model).
    index("idx_bbh_ut_task").on(t.activityId, t.taskId),
    index("idx_bbh_ut_window").on(t.timeId, t.roundNo),
  ],
);

export const bbhUserTaskAnswer = pgTable(
  "bbh_user_task_answer",
  {
    id: id32("id").primaryKey(),
    userTaskId: id32("user_task_id").notNull(),
    userActivityId: id32("user_activity_id").notNull(),
    wxUserId: id32("wx_user_id").notNull(),
    activityId: id32("activity_id").notNull(),
    timeId: id32("time_id").notNull(),
    roundNo: integer("round_no").notNull().default(1),
    taskId: id32("task_id").notNull(),
    redMarkId: id32("red_mark_id"),
    taskType: smallint("task_type").notNull(),
    attemptNo: integer("attempt_no").notNull().default(1),
    answerText: text("answer_text"),
    answerDetail: text("answer_detail"),
    answerImages: varchar("answer_images", { length: 4000 }),
    answerVideo: varchar("answer_video", { length: 500 }),
    answerAudio: varchar("answer_audio", { length: 500 }),
    qrContent: varchar("qr_content", { length: 255 }),
    submitLongitude: coord("submit_longitude"),
    submitLatitude: coord("submit_latitude"),
    locationAccuracy: integer("location_accuracy"),
    distanceM: integer("distance_m"),
    isCorrect: smallint("is_correct"),
    autoScore: integer("auto_score"),
    score: integer("score"),
    auditStatus: smallint("audit_status").notNull().default(0),
    auditBy: varchar("audit_by", { length: USERNAME_MAX }),
    auditTime: ts("audit_time"),
    auditRemark: varchar("audit_remark", { length: 255 }),
    isLatest: smallint("is_latest").notNull().default(1),
    submitTime: ts("submit_time").notNull().defaultNow(),
    ...bbhAudit,
  },
  (t) => [
    index("idx_bbh_answer_audit").on(t.auditStatus, t.activityId, t.submitTime),
    index("idx_bbh_answer_window").on(t.timeId, t.roundNo, t.auditStatus),
    index("idx_bbh_answer_ut").on(t.userTaskId, t.attemptNo),
    index("idx_bbh_answer_user").on(t.wxUserId),
    index("idx_bbh_answer_pending").on(t.auditStatus, t.submitTime.asc().nullsFirst(), t.id),
    index("idx_bbh_answer_submit").on(t.submitTime.desc(), t.id),
  ],
);

/** WeChat users (domain.md §4.23): the point makers of updateRedMarkUploadId and the names grades snapshot. */
export const bbhWxUser = pgTable(
  "bbh_wx_user",
  {
    id: id32("id").primaryKey(),
    openid: varchar("openid", { length: 64 }).notNull(),
    unionid: varchar("unionid", { length: 64 }),
    sessionKey: varchar("session_key", { length: 128 }),
    nickname: varchar("nickname", { length: 64 }).default("微信用户"),
    avatarUrl: varchar("avatar_url", { length: 500 }),
    phone: varchar("phone", { length: 20 }),
    realName: varchar("real_name", { length: 50 }),
    gender: smallint("gender"),
    schoolId: id32("school_id"),
    studentId: id32("student_id"),
    sysDepartId: id32("sys_depart_id"),
    orgCode: varchar("org_code", { length: 64 }),
    isPointMaker: smallint("is_point_maker").notNull().default(0),
    userStatus: smallint("user_status").notNull().default(0),
    totalScore: integer("total_score").default(0),
    activityCount: integer("activity_count").default(0),
    checkinCount: integer("checkin_count").default(0),
    lastLoginTime: ts("last_login_time"),
    lastLoginIp: varchar("last_login_ip", { length: 64 }),
    registerScene: varchar("register_scene", { length: 20 }),
    remark: varchar("remark", { length: 255 }),
    ...bbhAudit,
  },
  (t) => [
    uniqueIndex("uk_bbh_wx_user_openid").on(t.openid),
    index("idx_bbh_wx_user_unionid").on(t.unionid),
    index("idx_bbh_wx_user_phone").on(t.phone),
    index("idx_bbh_wx_user_depart").on(t.sysDepartId),
    index("idx_bbh_wx_user_point_maker").on(t.isPointMaker),
    index("idx_bbh_wx_user_school").on(t.schoolId),
  ],
);

// ---------------------------------------------------------------------------------------------
// 红色印记 people and content (domain.md §4.16–4.22, §4.24–4.26): question bank, schools, students,
// organisations, tags, bbh message templates and records, OSS files.
// ---------------------------------------------------------------------------------------------

export const bbhQuestionType = pgTable(
  "bbh_question_type",
  {
    id: id32("id").primaryKey(),
    typeName: varchar("type_name", { length: 50 }).notNull(),
    pid: id32("pid").notNull().default("0"),
    hasChild: varchar("has_child", { length: 3 }).notNull().default("0"),
    sortNo: integer("sort_no").notNull().default(0),
    icon: varchar("icon", { length: 500 }),
    typeStatus: smallint("type_status").notNull().default(1),
    delFlag: smallint("del_flag").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [index("idx_bbh_qtype_pid").on(t.pid, t.sortNo)],
);

export const bbhQuestion = pgTable(
  "bbh_question",
  {
    id: id32("id").primaryKey(),
    typeId: id32("type_id").notNull(),
    answerType: smallint("answer_type").notNull(),
    content: text("content").notNull(),
    stemImage: varchar("stem_image", { length: 500 }),
    options: text("options"),
    answer: varchar("answer", { length: 500 }).notNull(),
    analysis: text("analysis"),
    difficulty: smallint("difficulty").notNull().default(1),
    score: integer("score").notNull().default(5),
    redMarkId: id32("red_mark_id"),
    qStatus: smallint("q_status").notNull().default(1),
    useCount: integer("use_count").default(0),
    correctRate: numeric("correct_rate", { precision: 5, scale: 2, mode: "number" }),
    delFlag: smallint("del_flag").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [
    index("idx_bbh_question_type").on(t.typeId, t.qStatus, t.delFlag),
    index("idx_bbh_question_mark").on(t.redMarkId),
    index("idx_bbh_question_list").on(t.delFlag, t.createTime.desc(), t.id),
    index("idx_bbh_question_content_trgm").using("gin", t.content.op("gin_trgm_ops")),
  ],
);

export const bbhQuestionReportRecord = pgTable(
  "bbh_question_report_record",
  {
    id: id32("id").primaryKey(),
    wxUserId: id32("wx_user_id").notNull(),
    questionId: id32("question_id").notNull(),
    answerId: id32("answer_id"),
    userTaskId: id32("user_task_id"),
    taskId: id32("task_id"),
    activityId: id32("activity_id"),
    timeId: id32("time_id"),
    userAnswer: varchar("user_answer", { length: 500 }),
    isCorrect: smallint("is_correct"),
    score: integer("score"),
    answerSeconds: integer("answer_seconds"),
    answerTime: ts("answer_time").notNull().defaultNow(),
    ...bbhAudit,
  },
  (t) => [
    index("idx_bbh_qrr_question").on(t.questionId, t.isCorrect),
    index("idx_bbh_qrr_user").on(t.wxUserId, t.answerTime),
    index("idx_bbh_qrr_answer").on(t.answerId),
  ],
);

export const bbhSchool = pgTable(
  "bbh_school",
  {
    id: id32("id").primaryKey(),
    schoolName: varchar("school_name", { length: 100 }).notNull(),
    schoolCode: varchar("school_code", { length: 20 }),
    schoolType: smallint("school_type").notNull(),
    provinceCode: varchar("province_code", { length: 12 }),
    cityCode: varchar("city_code", { length: 12 }),
    districtCode: varchar("district_code", { length: 12 }),
    regionName: varchar("region_name", { length: 100 }),
    address: varchar("address", { length: 255 }),
    longitude: coord("longitude"),
    latitude: coord("latitude"),
    contactName: varchar("contact_name", { length: 50 }),
    contactPhone: varchar("contact_phone", { length: 20 }),
    sysDepartId: id32("sys_depart_id"),
    logo: varchar("logo", { length: 500 }),
    studentCount: integer("student_count").default(0),
    schoolStatus: smallint("school_status").notNull().default(1),
    delFlag: smallint("del_flag").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [
    uniqueIndex("uk_bbh_school_code").on(t.schoolCode).where(sql`school_code is not null and del_flag = 0`),
    uniqueIndex("uk_bbh_school_name").on(t.districtCode, t.schoolName).where(sql`del_flag = 0`),
    index("idx_bbh_school_list").on(t.delFlag, t.createTime.desc(), t.id),
  ],
);

export const bbhStudent = pgTable(
  "bbh_student",
  {
    id: id32("id").primaryKey(),
    schoolId: id32("school_id").notNull(),
    studentName: varchar("student_name", { length: 50 }).notNull(),
    studentNo: varchar("student_no", { length: 30 }).notNull(),
    gender: smallint("gender"),
    schoolGrade: smallint("school_grade").notNull(),
    className: varchar("class_name", { length: 30 }).notNull(),
    enrollYear: integer("enroll_year"),
    guardianName: varchar("guardian_name", { length: 50 }),
    guardianPhone: varchar("guardian_phone", { length: 20 }),
    wxUserId: id32("wx_user_id"),
    studentStatus: smallint("student_status").notNull().default(1),
    delFlag: smallint("del_flag").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [
    uniqueIndex("uk_bbh_student_no").on(t.schoolId, t.studentNo).where(sql`del_flag = 0`),
    index("idx_bbh_student_list").on(t.delFlag, t.createTime.desc(), t.id),
    index("idx_bbh_student_wx").on(t.wxUserId),
  ],
);

export const bbhOrganization = pgTable(
  "bbh_organization",
  {
    id: id32("id").primaryKey(),
    sysDepartId: id32("sys_depart_id").notNull(),
    orgCode: varchar("org_code", { length: 64 }).notNull(),
    orgName: varchar("org_name", { length: 100 }).notNull(),
    orgType: smallint("org_type").notNull(),
    contactName: varchar("contact_name", { length: 50 }),
    contactPhone: varchar("contact_phone", { length: 20 }),
    address: varchar("address", { length: 255 }),
    longitude: coord("longitude"),
    latitude: coord("latitude"),
    logo: varchar("logo", { length: 500 }),
    intro: text("intro"),
    orgStatus: smallint("org_status").notNull().default(1),
    delFlag: smallint("del_flag").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [uniqueIndex("uk_bbh_org_depart").on(t.sysDepartId).where(sql`del_flag = 0`)],
);

export const bbhTag = pgTable(
  "bbh_tag",
  {
    id: id32("id").primaryKey(),
    tagName: varchar("tag_name", { length: 30 }).notNull(),
    tagType: smallint("tag_type").notNull(),
    tagColor: varchar("tag_color", { length: 20 }),
    icon: varchar("icon", { length: 500 }),
    showIndex: integer("show_index").notNull().default(0),
    isShow: smallint("is_show").notNull().default(1),
    tagStatus: smallint("tag_status").notNull().default(1),
    delFlag: smallint("del_flag").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [
    uniqueIndex("uk_bbh_tag_name").on(t.tagType, t.tagName).where(sql`del_flag = 0`),
    index("idx_bbh_tag_type_show").on(t.tagType, t.isShow, t.showIndex),
  ],
);

export const bbhTagRel = pgTable(
  "bbh_tag_rel",
  {
    id: id32("id").primaryKey(),
    tagId: id32("tag_id").notNull(),
    bizType: varchar("biz_type", { length: 20 }).notNull(),
    bizId: id32("biz_id").notNull(),
    ...bbhAudit,
  },
  (t) => [uniqueIndex("uk_bbh_tag_rel").on(t.tagId, t.bizType, t.bizId), index("idx_bbh_tag_rel_biz").on(t.bizType, t.bizId)],
);

export const bbhMessageTemplate = pgTable(
  "bbh_message_template",
  {
    id: id32("id").primaryKey(),
    templateCode: varchar("template_code", { length: 50 }).notNull(),
    templateName: varchar("template_name", { length: 100 }).notNull(),
    channel: smallint("channel").notNull(),
    scene: varchar("scene", { length: 30 }).notNull(),
    wxTemplateId: varchar("wx_template_id", { length: 64 }),
    pagePath: varchar("page_path", { length: 255 }),
    miniprogramState: varchar("miniprogram_state", { length: 10 }).default("formal"),
    title: varchar("title", { length: 100 }),
    content: text("content"),
    fieldMapping: text("field_mapping"),
    templateStatus: smallint("template_status").notNull().default(1),
    remark: varchar("remark", { length: 255 }),
    delFlag: smallint("del_flag").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [uniqueIndex("uk_bbh_msg_tpl_code").on(t.templateCode).where(sql`del_flag = 0`)],
);

export const bbhMessage = pgTable(
  "bbh_message",
  {
    id: id32("id").primaryKey(),
    templateId: id32("template_id"),
    templateCode: varchar("template_code", { length: 50 }),
    channel: smallint("channel").notNull(),
    scene: varchar("scene", { length: 30 }),
    title: varchar("title", { length: 100 }),
    content: text("content"),
    receiverWxUserId: id32("receiver_wx_user_id"),
    receiverOpenid: varchar("receiver_openid", { length: 64 }),
    bizType: varchar("biz_type", { length: 30 }),
    bizId: id32("biz_id"),
    sendStatus: smallint("send_status").notNull().default(0),
    sendTime: ts("send_time"),
    retryCount: integer("retry_count").notNull().default(0),
    failCode: varchar("fail_code", { length: 20 }),
    failReason: varchar("fail_reason", { length: 255 }),
    readStatus: smallint("read_status").notNull().default(0),
    readTime: ts("read_time"),
    sender: varchar("sender", { length: USERNAME_MAX }),
    ...bbhAudit,
  },
  (t) => [
    index("idx_bbh_msg_receiver").on(t.receiverWxUserId, t.readStatus),
    index("idx_bbh_msg_send").on(t.sendStatus, t.createTime),
    index("idx_bbh_msg_biz").on(t.bizType, t.bizId),
    index("idx_bbh_msg_list").on(t.createTime.desc(), t.id),
  ],
);

export const bbhOssFile = pgTable(
  "bbh_oss_file",
  {
    id: id32("id").primaryKey(),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    url: varchar("url", { length: 500 }).notNull(),
    thumbUrl: varchar("thumb_url", { length: 500 }),
    fileType: varchar("file_type", { length: 10 }),
    mimeType: varchar("mime_type", { length: 100 }),
    fileExt: varchar("file_ext", { length: 10 }),
    fileSize: bigint("file_size", { mode: "number" }),
    storageType: varchar("storage_type", { length: 10 }),
    bucket: varchar("bucket", { length: 64 }),
    objectKey: varchar("object_key", { length: 255 }),
    md5: varchar("md5", { length: 32 }),
    width: integer("width"),
    height: integer("height"),
    duration: integer("duration"),
    bizType: varchar("biz_type", { length: 30 }),
    bizId: id32("biz_id"),
    uploaderType: smallint("uploader_type"),
    uploaderId: id32("uploader_id"),
    delFlag: smallint("del_flag").notNull().default(0),
    ...bbhAudit,
  },
  (t) => [
    index("idx_bbh_oss_biz").on(t.bizType, t.bizId),
    index("idx_bbh_oss_md5").on(t.md5),
    index("idx_bbh_oss_type_time").on(t.fileType, t.createTime),
    index("idx_bbh_oss_list").on(t.delFlag, t.createTime.desc(), t.id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Operations (contract.md §10.7, §10.8): scheduled jobs, their runs, and the data log.
// ---------------------------------------------------------------------------------------------

/** JeecgBoot `sys_quartz_job`: `job_class_name` is one of the registered job names; status 0 normal, -1 stopped. */
export const sysQuartzJob = pgTable(
  "sys_quartz_job",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    jobClassName: varchar("job_class_name", { length: 255 }).notNull(),
    cronExpression: varchar("cron_expression", { length: 255 }).notNull(),
    parameter: varchar("parameter", { length: 255 }),
    description: varchar("description", { length: 255 }),
    status: integer("status").notNull().default(-1),
    delFlag: integer("del_flag").notNull().default(0),
    /** The next due time; the instance that claims a due row (FOR UPDATE SKIP LOCKED) moves it on. */
    nextRunTime: ts("next_run_time"),
    ...audit,
  },
  (t) => [uniqueIndex("uniq_job_class_name").on(t.jobClassName).where(sql`del_flag = 0`), index("idx_sys_quartz_job_due").on(t.status, t.nextRunTime)],
);

/** One row per run of a scheduled job (not in JeecgBoot, which logs runs only to its console). */
export const sysQuartzJobLog = pgTable(
  "sys_quartz_job_log",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    jobId: varchar("job_id", { length: 32 }).notNull(),
    jobClassName: varchar("job_class_name", { length: 255 }).notNull(),
    parameter: varchar("parameter", { length: 255 }),
    triggerType: varchar("trigger_type", { length: 10 }).notNull(),
    startTime: ts("start_time").notNull(),
    endTime: ts("end_time"),
    durationMs: integer("duration_ms"),
    success: boolean("success"),
    message: varchar("message", { length: 1000 }),
    instance: varchar("instance", { length: 100 }),
  },
  (t) => [index("idx_sys_quartz_job_log_job").on(t.jobId, t.startTime.desc()), index("idx_sys_quartz_job_log_time").on(t.startTime.desc())],
);

/** JeecgBoot `sys_data_log`: a JSON snapshot per version of a row of a configured table. */
export const sysDataLog = pgTable(
  "sys_data_log",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    dataTable: varchar("data_table", { length: 32 }).notNull(),
    dataId: varchar("data_id", { length: 32 }).notNull(),
    dataContent: text("data_content"),
    dataVersion: integer("data_version").notNull(),
    ...audit,
  },
  (t) => [uniqueIndex("uk_sys_data_log_version").on(t.dataTable, t.dataId, t.dataVersion), index("idx_sys_data_log_time").on(t.createTime.desc(), t.id)],
);

/**
 * The latest data-log version of each row: the capture trigger numbers a statement's versions with one upsert
 * here (the primary key decides, whatever the planner thinks of the log's size), not a max() per row.
 */
export const sysDataLogHead = pgTable(
  "sys_data_log_head",
  {
    dataTable: varchar("data_table", { length: 32 }).notNull(),
    dataId: varchar("data_id", { length: 32 }).notNull(),
    dataVersion: integer("data_version").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dataTable, t.dataId] })],
);
