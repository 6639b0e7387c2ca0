/**
 * Seed menu tree (`sys_permission` rows) — pure data, no runtime dependencies.
 *
 * Where the facts come from:
 * - `systemMenus`: the `sys_permission` records of the JeecgBoot v3.1.0 seed script
 *   (`jeecgboot/JeecgBoot`, `jeecg-boot/db/jeecgboot-mysql-5.7.sql`, 2022-03 revision), summarised in
 *   ../shared/contract.md §11.4. Titles, urls, component paths, component names, redirects, sort
 *   numbers, icons and the route / hidden / always-show / external-link flags are taken verbatim
 *   from that script. The two orphan rows of the script (加班申请, 我的任务表单 — their parents do not
 *   exist) are left out. Issue 12 departs from the script where an item led nowhere: SQL监控 frames our
 *   database page instead of Druid's, 在线文档 and SQL监控 get permission buttons, JEECG官方网站 opens in a new
 *   tab, and the 报表设计 big-screen demos are left out. So are the items whose pages this console does not
 *   have — 统计报表's demos, 在线开发's Online表单/报表 with their hidden AUTO routes, 租户管理, 菜单管理2,
 *   路由网关 and the 常见案例 demos (`DROPPED_UNBUILT_MENUS` below): a seeded item opens a working page.
 * - Button permission codes: JeecgBoot's Vue 2 `user:add` / `user:edit` buttons are replaced by
 *   `system:<module>:<action>` codes (the codes our server checks on its API routes); JeecgBoot's
 *   form-field buttons `user:sex`, `user:form:birthday`, `user:form:phone` are kept as JeecgBoot has them.
 * - `bbhMenus`: the 红色印记 console tree of ../shared/domain.md §7, with `bbh:<module>:<action>`
 *   button codes (domain §2) for the module base paths of domain §6.1.
 *
 * Where JeecgBoot stores `sort_no = NULL` (在线用户, the 个人设置 sub-pages)
 * the seed uses 0 (MySQL sorts NULL first in ascending order).
 */

export interface SeedMenu {
  name: string; // menu title (sys_permission.name)
  url: string; // route path, e.g. "/isystem/user"; external iframe urls keep their {{ ... }} form
  component?: string; // e.g. "system/UserList", "layouts/RouteView", "layouts/IframePageView"
  componentName?: string;
  redirect?: string;
  menuType: 0 | 1 | 2; // 0 top-level menu, 1 sub-menu, 2 button/permission
  perms?: string; // permission code (buttons)
  permsType?: "1" | "2"; // buttons: 1 show/hide, 2 enable/disable
  sortNo: number;
  icon?: string; // antd v3 icon names as JeecgBoot stores them: "home", "setting", "user", ...
  isRoute?: boolean; // default true
  hidden?: boolean; // default false
  alwaysShow?: boolean;
  keepAlive?: boolean;
  internalOrExternal?: boolean; // external link opens in a new window
  status?: "0" | "1"; // buttons: default "1"
  children?: SeedMenu[];
}

/** A button / permission row (menu_type 2, status "1"). */
function button(perms: string, name: string, sortNo: number, permsType: "1" | "2" = "1"): SeedMenu {
  return { name, url: "", menuType: 2, perms, permsType, sortNo, status: "1" };
}

/** Buttons numbered 1..n in the given order. */
function buttons(list: Array<[perms: string, name: string]>): SeedMenu[] {
  return list.map(([perms, name], i) => button(perms, name, i + 1));
}

/**
 * SQL监控 has JeecgBoot's shape: an iframe (`layouts/IframePageView`) of `{{ window._CONFIG['domianURL'] }}/druid/`.
 * This server has no Druid; it serves a page of its own database figures there (server/modules/sys/druid-page.ts),
 * which the JeecgBoot Vue 2 client frames, while our console opens its own SQL监控 page for the item
 * (`consoleComponent`, sent as `meta.consoleComponent`). Guarded by its own permission code (issue 12).
 * Issue 12 had made the item our console's page (`issue12`), which the Vue 2 client lacks: blank there; seed step
 * `sql-monitor-frame-v1` puts databases seeded since back to the iframe.
 */
export const SQL_MONITOR_MENU = {
  url: "{{ window._CONFIG['domianURL'] }}/druid/",
  component: "layouts/IframePageView",
  consoleComponent: "modules/monitor/SqlMonitor",
  perms: "system:monitor:sql",
  issue12: { url: "/monitor/sql", component: "modules/monitor/SqlMonitor", componentName: "SqlMonitor" },
} as const;

/**
 * Iframe items our console renders as one of its own pages instead of framing the URL (`meta.consoleComponent` of
 * the menu answer; JeecgBoot clients ignore it and frame the URL, a JeecgBoot server never sends it).
 */
export const CONSOLE_PAGES_FOR_FRAMES: Readonly<Record<string, string>> = { [SQL_MONITOR_MENU.url]: SQL_MONITOR_MENU.consoleComponent };

/**
 * Issue 11: the 性能监控 pages read server figures only admins may see; each page has its own code, granted to
 * the admin role (a seed step adds them to databases seeded before). The monitoring summary page
 * (`dashboard/Monitor`) becomes a menu item beside them.
 */
export const MONITOR_PERMS = {
  redis: "system:monitor:redis",
  http: "system:monitor:http",
  server: "system:monitor:server",
  runtime: "system:monitor:runtime",
  trace: "system:monitor:trace",
  disk: "system:monitor:disk",
} as const;
export const MONITOR_BUTTONS: Array<{ url: string; perms: string; name: string }> = [
  { url: "/monitor/redis/info", perms: MONITOR_PERMS.redis, name: "查看Redis监控" },
  { url: "/monitor/TomcatInfo", perms: MONITOR_PERMS.http, name: "查看HTTP服务信息" },
  { url: "/monitor/SystemInfo", perms: MONITOR_PERMS.server, name: "查看服务器信息" },
  { url: "/monitor/JvmInfo", perms: MONITOR_PERMS.runtime, name: "查看运行时信息" },
  { url: "/monitor/HttpTrace", perms: MONITOR_PERMS.trace, name: "查看请求追踪" },
  { url: "/monitor/Disk", perms: MONITOR_PERMS.disk, name: "查看磁盘监控" },
];
export const MONITOR_DASHBOARD_MENU = { name: "监控概览", url: "/monitor/dashboard", component: "dashboard/Monitor", sortNo: 0 } as const;
const monitorButton = (url: string) => {
  const b = MONITOR_BUTTONS.find((m) => m.url === url)!;
  return [button(b.perms, b.name, 1)];
};

/** Issue 12: 在线文档 frames our Swagger UI (`<CONTEXT_PATH>/doc.html`), readable with this permission code. */
export const API_DOC_MENU = { url: "{{ window._CONFIG['domianURL'] }}/doc.html", perms: "system:api:doc" } as const;

/**
 * Issue 12: JeecgBoot's 报表设计 demo items frame big-screen pages (`/test/bigScreen/templat/index1`, `index2`)
 * that no server of ours has; they are not seeded, and a seed step removes them (and their then empty
 * 报表设计 folder) from databases seeded before.
 */
export const DROPPED_BIG_SCREEN_URLS = [
  "{{ window._CONFIG['domianURL'] }}/test/bigScreen/templat/index1",
  "{{ window._CONFIG['domianURL'] }}/test/bigScreen/templat/index2",
] as const;
export const DROPPED_BIG_SCREEN_FOLDER = "/big/screen";

/**
 * JeecgBoot v3.1.0 menu items whose pages this console does not have (online development, tenants, the
 * gateway and JeecgBoot's demos): not seeded, and a seed step removes them, their buttons and grants, and
 * the folders they leave empty, from databases seeded before. Matched by component: a row with one of these
 * opens the "尚未实现" page whatever its URL. A module that builds one of these pages takes it off the list
 * and seeds its item again.
 */
export const DROPPED_UNBUILT_MENUS = {
  components: [
    "111111",
    "333333",
    "jeecg/ImagCropper",
    "jeecg/ImagPreview",
    "jeecg/ImgDragSort",
    "jeecg/ImgTurnPage",
    "jeecg/InterfaceTest",
    "jeecg/JVXETableDemo",
    "jeecg/JVxeDemo/demo/JSBCDemo",
    "jeecg/JVxeDemo/demo/PopupSubTable",
    "jeecg/JVxeDemo/demo/SocketReload",
    "jeecg/JVxeDemo/layout-demo/Index",
    "jeecg/JeecgDemoList",
    "jeecg/JeecgEditableTableExample",
    "jeecg/JeecgOrderMainList",
    "jeecg/JeecgOrderMainListForJEditableTable",
    "jeecg/JeecgOrderMainListForJVxeTable",
    "jeecg/JeecgPdfView",
    "jeecg/JeecgTreeTable",
    "jeecg/PrintDemo",
    "jeecg/SelectDemo",
    "jeecg/SplitPanel",
    "jeecg/TableExpandeSub",
    "jeecg/TableOrderTotal",
    "jeecg/TableTotal",
    "jeecg/ThirdAppMessageTest",
    "jeecg/helloworld",
    "jeecg/report/ArchivesStatisticst",
    "jeecg/report/ViserChartDemo",
    "jeecg/tablist/JeecgOrderDMainList",
    "modules/online/cgform/OnlCgformCopyList",
    "modules/online/cgform/OnlCgformHeadList",
    "modules/online/cgform/auto/OnlCgformAutoList",
    "modules/online/cgform/auto/OnlCgformTreeList",
    "modules/online/cgform/auto/OnlineDynamicForm",
    "modules/online/cgform/auto/erp/OnlCgformErpList",
    "modules/online/cgform/auto/innerTable/OnlCgformInnerTableList",
    "modules/online/cgform/auto/tab/OnlCgformTabList",
    "modules/online/cgreport/OnlCgreportHeadList",
    "modules/online/cgreport/auto/OnlCgreportAutoList",
    "system/NewPermissionList",
    "system/SysGatewayRouteList",
    "system/TenantList",
  ],
  /** 统计报表 and 常见案例 › JVXETable示例, folders that held only such items. */
  folders: ["/report", "/jeecg/j-vxe-table-demo"],
} as const;

// ---------------------------------------------------------------------------------------------
// JeecgBoot v3.1.0 system menus
// ---------------------------------------------------------------------------------------------

export const systemMenus: SeedMenu[] = [
  {
    name: "首页",
    url: "/dashboard/analysis",
    component: "dashboard/Analysis",
    menuType: 0,
    sortNo: 0,
    icon: "home",
  },
  {
    name: "在线开发",
    url: "/online",
    component: "layouts/RouteView",
    menuType: 0,
    sortNo: 2,
    icon: "cloud",
    children: [
      {
        name: "系统编码规则",
        url: "/isystem/fillRule",
        component: "system/SysFillRuleList",
        menuType: 1,
        sortNo: 3,
        children: buttons([
          ["system:fillRule:list", "编码规则查询"],
          ["system:fillRule:add", "添加编码规则"],
          ["system:fillRule:edit", "编辑编码规则"],
          ["system:fillRule:delete", "删除编码规则"],
          ["system:fillRule:deleteBatch", "批量删除编码规则"],
          ["system:fillRule:export", "导出编码规则"],
          ["system:fillRule:import", "导入编码规则"],
        ]),
      },
      {
        name: "系统校验规则",
        url: "/isystem/checkRule",
        component: "system/SysCheckRuleList",
        menuType: 1,
        sortNo: 5,
        children: buttons([
          ["system:checkRule:list", "校验规则查询"],
          ["system:checkRule:add", "添加校验规则"],
          ["system:checkRule:edit", "编辑校验规则"],
          ["system:checkRule:delete", "删除校验规则"],
          ["system:checkRule:deleteBatch", "批量删除校验规则"],
          ["system:checkRule:export", "导出校验规则"],
          ["system:checkRule:import", "导入校验规则"],
        ]),
      },
      {
        name: "多数据源管理",
        url: "/isystem/dataSource",
        component: "system/SysDataSourceList",
        menuType: 1,
        sortNo: 6,
        children: buttons([
          ["system:dataSource:list", "数据源查询"],
          ["system:dataSource:add", "添加数据源"],
          ["system:dataSource:edit", "编辑数据源"],
          ["system:dataSource:delete", "删除数据源"],
          ["system:dataSource:deleteBatch", "批量删除数据源"],
          ["system:dataSource:export", "导出数据源"],
          ["system:dataSource:import", "导入数据源"],
        ]),
      },
    ],
  },
  {
    name: "系统管理",
    url: "/isystem",
    component: "layouts/RouteView",
    menuType: 0,
    sortNo: 4,
    icon: "setting",
    children: [
      {
        name: "用户管理",
        url: "/isystem/user",
        component: "system/UserList",
        menuType: 1,
        sortNo: 1.1,
        children: [
          ...buttons([
            ["system:user:list", "用户查询"],
            ["system:user:add", "添加用户"],
            ["system:user:edit", "编辑用户"],
            ["system:user:delete", "删除用户"],
            ["system:user:deleteBatch", "批量删除用户"],
            ["system:user:frozen", "冻结/解冻用户"],
            ["system:user:resetPassword", "重置密码"],
            ["system:user:export", "导出用户"],
            ["system:user:import", "导入用户"],
            ["system:user:queryById", "用户详情"],
          ]),
          // JeecgBoot's form-field permissions, kept as they are in the v3.1.0 seed.
          button("user:sex", "表单性别可见", 11, "1"),
          button("user:form:birthday", "禁用生日字段", 12, "2"),
          { ...button("user:form:phone", "手机号禁用", 13, "2"), isRoute: false },
        ],
      },
      {
        name: "角色管理",
        url: "/isystem/roleUserList",
        component: "system/RoleUserList",
        menuType: 1,
        sortNo: 1.2,
        children: buttons([
          ["system:role:list", "角色查询"],
          ["system:role:add", "添加角色"],
          ["system:role:edit", "编辑角色"],
          ["system:role:delete", "删除角色"],
          ["system:role:deleteBatch", "批量删除角色"],
          ["system:role:export", "导出角色"],
          ["system:role:import", "导入角色"],
          ["system:role:authorize", "角色授权"],
        ]),
      },
      {
        name: "菜单管理",
        url: "/isystem/permission",
        component: "system/PermissionList",
        menuType: 1,
        sortNo: 1.3,
        children: buttons([
          ["system:permission:list", "菜单查询"],
          ["system:permission:add", "添加菜单"],
          ["system:permission:edit", "编辑菜单"],
          ["system:permission:delete", "删除菜单"],
          ["system:permission:deleteBatch", "批量删除菜单"],
          ["system:permission:rule", "数据规则"],
        ]),
      },
      {
        name: "部门管理",
        url: "/isystem/depart",
        component: "system/DepartList",
        menuType: 1,
        sortNo: 1.4,
        children: buttons([
          ["system:depart:list", "部门查询"],
          ["system:depart:add", "添加部门"],
          ["system:depart:edit", "编辑部门"],
          ["system:depart:delete", "删除部门"],
          ["system:depart:deleteBatch", "批量删除部门"],
          ["system:depart:export", "导出部门"],
          ["system:depart:import", "导入部门"],
          ["system:depart:authorize", "部门授权"],
        ]),
      },
      {
        name: "职务管理",
        url: "/isystem/position",
        component: "system/SysPositionList",
        menuType: 1,
        sortNo: 2,
        children: buttons([
          ["system:position:list", "职务查询"],
          ["system:position:add", "添加职务"],
          ["system:position:edit", "编辑职务"],
          ["system:position:delete", "删除职务"],
          ["system:position:deleteBatch", "批量删除职务"],
          ["system:position:export", "导出职务"],
          ["system:position:import", "导入职务"],
        ]),
      },
      {
        name: "我的部门",
        url: "/isystem/departUserList",
        component: "system/DepartUserList",
        menuType: 1,
        sortNo: 2,
        children: buttons([
          ["system:departUser:list", "部门用户查询"],
          ["system:departUser:add", "添加部门用户"],
          ["system:departUser:edit", "编辑部门用户"],
          ["system:departUser:delete", "移除部门用户"],
          ["system:departUser:deleteBatch", "批量移除部门用户"],
        ]),
      },
      {
        name: "通讯录",
        url: "/isystem/addressList",
        component: "system/AddressList",
        menuType: 1,
        sortNo: 3,
        children: buttons([["system:addressList:list", "通讯录查询"]]),
      },
      {
        name: "数据字典",
        url: "/isystem/dict",
        component: "system/DictList",
        menuType: 1,
        sortNo: 5,
        children: buttons([
          ["system:dict:list", "字典查询"],
          ["system:dict:add", "添加字典"],
          ["system:dict:edit", "编辑字典"],
          ["system:dict:delete", "删除字典"],
          ["system:dict:deleteBatch", "批量删除字典"],
          ["system:dict:export", "导出字典"],
          ["system:dict:import", "导入字典"],
          ["system:dict:refreshCache", "刷新字典缓存"],
        ]),
      },
      {
        name: "分类字典",
        url: "/isys/category",
        component: "system/SysCategoryList",
        menuType: 1,
        sortNo: 5.2,
        children: buttons([
          ["system:category:list", "分类字典查询"],
          ["system:category:add", "添加分类"],
          ["system:category:edit", "编辑分类"],
          ["system:category:delete", "删除分类"],
          ["system:category:deleteBatch", "批量删除分类"],
          ["system:category:export", "导出分类"],
          ["system:category:import", "导入分类"],
        ]),
      },
      {
        name: "系统通告",
        url: "/isystem/annountCement",
        component: "system/SysAnnouncementList",
        menuType: 1,
        // JeecgBoot stores this code on the menu row itself (menu_type 1), not on a button.
        perms: "annountCement",
        sortNo: 6,
        children: buttons([
          ["system:announcement:list", "通告查询"],
          ["system:announcement:add", "添加通告"],
          ["system:announcement:edit", "编辑通告"],
          ["system:announcement:delete", "删除通告"],
          ["system:announcement:deleteBatch", "批量删除通告"],
          ["system:announcement:release", "发布通告"],
          ["system:announcement:revoke", "撤销通告"],
        ]),
      },
    ],
  },
  {
    name: "系统监控",
    url: "/dashboard3",
    component: "layouts/RouteView",
    menuType: 0,
    sortNo: 6,
    icon: "dashboard",
    children: [
      {
        name: "在线用户",
        url: "/isystem/online",
        component: "system/SysUserOnlineList",
        menuType: 1,
        sortNo: 0, // NULL in JeecgBoot
        children: buttons([
          ["system:online:list", "在线用户查询"],
          ["system:online:forceLogout", "强制退出"],
        ]),
      },
      {
        name: "定时任务",
        url: "/isystem/QuartzJobList",
        component: "system/QuartzJobList",
        menuType: 1,
        sortNo: 1,
        children: buttons([
          ["system:quartzJob:list", "定时任务查询"],
          ["system:quartzJob:add", "添加定时任务"],
          ["system:quartzJob:edit", "编辑定时任务"],
          ["system:quartzJob:delete", "删除定时任务"],
          ["system:quartzJob:pause", "停止定时任务"],
          ["system:quartzJob:resume", "启动定时任务"],
          ["system:quartzJob:execute", "立即执行"],
        ]),
      },
      {
        name: "日志管理",
        url: "/isystem/log",
        component: "system/LogList",
        menuType: 1,
        sortNo: 2,
        children: buttons([
          ["system:log:list", "日志查询"],
          ["system:log:delete", "删除日志"],
        ]),
      },
      {
        name: "数据日志",
        url: "/sys/dataLog-list",
        component: "system/DataLogList",
        menuType: 1,
        sortNo: 2.1,
        children: buttons([["system:dataLog:list", "数据日志查询"]]),
      },
      {
        name: "性能监控",
        url: "/monitor",
        component: "layouts/RouteView",
        menuType: 1,
        sortNo: 3,
        children: [
          {
            name: MONITOR_DASHBOARD_MENU.name,
            url: MONITOR_DASHBOARD_MENU.url,
            component: MONITOR_DASHBOARD_MENU.component,
            menuType: 1,
            sortNo: MONITOR_DASHBOARD_MENU.sortNo,
          },
          {
            name: "Redis监控",
            url: "/monitor/redis/info",
            component: "modules/monitor/RedisInfo",
            menuType: 1,
            sortNo: 1,
            children: monitorButton("/monitor/redis/info"),
          },
          {
            name: "Tomcat信息",
            url: "/monitor/TomcatInfo",
            component: "modules/monitor/TomcatInfo",
            menuType: 1,
            sortNo: 4,
            children: monitorButton("/monitor/TomcatInfo"),
          },
          {
            name: "服务器信息",
            url: "/monitor/SystemInfo",
            component: "modules/monitor/SystemInfo",
            menuType: 1,
            sortNo: 4,
            children: monitorButton("/monitor/SystemInfo"),
          },
          {
            name: "JVM信息",
            url: "/monitor/JvmInfo",
            component: "modules/monitor/JvmInfo",
            menuType: 1,
            sortNo: 4,
            children: monitorButton("/monitor/JvmInfo"),
          },
          {
            name: "请求追踪",
            url: "/monitor/HttpTrace",
            component: "modules/monitor/HttpTrace",
            menuType: 1,
            sortNo: 4,
            children: monitorButton("/monitor/HttpTrace"),
          },
          {
            name: "磁盘监控",
            url: "/monitor/Disk",
            component: "modules/monitor/DiskMonitoring",
            menuType: 1,
            sortNo: 6,
            children: monitorButton("/monitor/Disk"),
          },
        ],
      },
      {
        name: "SQL监控",
        url: SQL_MONITOR_MENU.url,
        component: SQL_MONITOR_MENU.component,
        menuType: 1,
        sortNo: 3,
        children: [button(SQL_MONITOR_MENU.perms, "查看数据库监控", 1)],
      },
      {
        name: "在线文档",
        url: API_DOC_MENU.url,
        component: "layouts/IframePageView",
        menuType: 1,
        sortNo: 4,
        children: [button(API_DOC_MENU.perms, "查看接口文档", 1)],
      },
    ],
  },
  {
    name: "消息中心",
    url: "/message",
    component: "layouts/RouteView",
    menuType: 0,
    sortNo: 6,
    icon: "message",
    children: [
      {
        name: "消息管理",
        url: "/modules/message/sysMessageList",
        component: "modules/message/SysMessageList",
        menuType: 1,
        sortNo: 1,
        children: buttons([
          ["system:message:list", "消息查询"],
          ["system:message:add", "添加消息"],
          ["system:message:edit", "编辑消息"],
          ["system:message:delete", "删除消息"],
          ["system:message:deleteBatch", "批量删除消息"],
          ["system:message:export", "导出消息"],
          ["system:message:import", "导入消息"],
        ]),
      },
      {
        name: "模板管理",
        url: "/modules/message/sysMessageTemplateList",
        component: "modules/message/SysMessageTemplateList",
        menuType: 1,
        sortNo: 1,
        children: buttons([
          ["system:messageTemplate:list", "消息模板查询"],
          ["system:messageTemplate:add", "添加消息模板"],
          ["system:messageTemplate:edit", "编辑消息模板"],
          ["system:messageTemplate:delete", "删除消息模板"],
          ["system:messageTemplate:deleteBatch", "批量删除消息模板"],
          ["system:messageTemplate:export", "导出消息模板"],
          ["system:messageTemplate:import", "导入消息模板"],
          ["system:messageTemplate:send", "发送测试消息"],
        ]),
      },
      {
        name: "我的消息",
        url: "/isps/userAnnouncement",
        component: "system/UserAnnouncementList",
        menuType: 1,
        sortNo: 3,
      },
    ],
  },
  {
    name: "常见案例",
    url: "/jeecg",
    component: "layouts/RouteView",
    menuType: 0,
    sortNo: 7,
    icon: "qrcode",
    children: [
      {
        name: "对象存储",
        url: "/oss/file",
        component: "modules/oss/OSSFileList",
        menuType: 1,
        sortNo: 1,
      },
      {
        name: "JEECG官方网站",
        url: "http://www.jeecg.com",
        component: "layouts/IframePageView",
        menuType: 1,
        sortNo: 4,
        internalOrExternal: true, // outside sites cannot be framed (CSP frame-src / their frame-ancestors)
      },
    ],
  },
  {
    name: "结果页",
    url: "/result",
    component: "layouts/PageView",
    menuType: 0,
    sortNo: 8,
    icon: "check-circle-o",
    children: [
      { name: "成功", url: "/result/success", component: "result/Success", menuType: 1, sortNo: 1 },
      { name: "失败", url: "/result/fail", component: "result/Error", menuType: 1, sortNo: 2 },
    ],
  },
  {
    name: "详情页",
    url: "/profile",
    component: "layouts/RouteView",
    menuType: 0,
    sortNo: 8,
    icon: "profile",
    children: [
      {
        name: "基础详情页",
        url: "/profile/basic",
        component: "examples/profile/basic/Index",
        menuType: 1,
        sortNo: 1,
      },
      {
        name: "高级详情页",
        url: "/profile/advanced",
        component: "examples/profile/advanced/Advanced",
        menuType: 1,
        sortNo: 2,
      },
    ],
  },
  {
    name: "异常页",
    url: "/exception",
    component: "layouts/RouteView",
    menuType: 0,
    sortNo: 8,
    icon: "warning",
    children: [
      { name: "403", url: "/exception/403", component: "exception/403", menuType: 1, sortNo: 1 },
      { name: "404", url: "/exception/404", component: "exception/404", menuType: 1, sortNo: 2 },
      { name: "500", url: "/exception/500", component: "exception/500", menuType: 1, sortNo: 3 },
    ],
  },
  {
    name: "列表页",
    url: "/list",
    component: "layouts/PageView",
    redirect: "/list/query-list",
    menuType: 0,
    sortNo: 9,
    icon: "table",
    children: [
      {
        name: "查询表格",
        url: "/list/query-list",
        component: "examples/list/TableList",
        menuType: 1,
        sortNo: 1,
      },
      {
        name: "内联编辑表格",
        url: "/list/edit-table",
        component: "examples/list/TableInnerEditList",
        menuType: 1,
        sortNo: 2,
      },
      {
        name: "用户列表",
        url: "/list/user-list",
        component: "examples/list/UserList",
        menuType: 1,
        sortNo: 3,
      },
      {
        name: "角色列表",
        url: "/list/role-list",
        component: "examples/list/RoleList",
        menuType: 1,
        sortNo: 4,
      },
      {
        name: "权限列表",
        url: "/list/permission-list",
        component: "examples/list/PermissionList",
        menuType: 1,
        sortNo: 5,
      },
      {
        name: "标准列表",
        url: "/list/basic-list",
        component: "examples/list/StandardList",
        menuType: 1,
        sortNo: 6,
      },
      {
        name: "卡片列表",
        url: "/list/card",
        component: "examples/list/CardList",
        menuType: 1,
        sortNo: 7,
      },
      {
        name: "搜索列表",
        url: "/list/search",
        component: "examples/list/search/SearchLayout",
        redirect: "/list/search/article",
        menuType: 1,
        sortNo: 8,
        children: [
          {
            name: "搜索列表（文章）",
            url: "/list/search/article",
            component: "examples/list/TableList",
            menuType: 1,
            sortNo: 1,
          },
          {
            name: "搜索列表（项目）",
            url: "/list/search/project",
            component: "examples/list/TableList",
            menuType: 1,
            sortNo: 1,
          },
          {
            name: "搜索列表（应用）",
            url: "/list/search/application",
            component: "examples/list/TableList",
            menuType: 1,
            sortNo: 1,
          },
        ],
      },
    ],
  },
  {
    name: "个人页",
    url: "/account",
    component: "layouts/RouteView",
    menuType: 0,
    sortNo: 9,
    icon: "user",
    hidden: true,
    children: [
      {
        name: "个人中心",
        url: "/account/center",
        component: "account/center/Index",
        menuType: 1,
        sortNo: 1,
      },
      {
        name: "个人设置",
        url: "/account/settings/BaseSetting",
        component: "account/settings/Index",
        menuType: 1,
        sortNo: 2,
        alwaysShow: true,
        // JeecgBoot stores the perms codes below on the (menu_type 1) sub-page rows; sort_no NULL.
        children: [
          {
            name: "基本设置",
            url: "/account/settings/BaseSetting",
            component: "account/settings/BaseSetting",
            componentName: "account-settings-base",
            menuType: 1,
            perms: "BaseSettings",
            sortNo: 0,
            hidden: true,
          },
          {
            name: "安全设置",
            url: "/account/settings/security",
            component: "account/settings/Security",
            menuType: 1,
            perms: "SecuritySettings",
            sortNo: 0,
          },
          {
            name: "个性化设置",
            url: "/account/settings/custom",
            component: "account/settings/Custom",
            menuType: 1,
            perms: "CustomSettings",
            sortNo: 0,
          },
          {
            name: "账户绑定",
            url: "/account/settings/binding",
            component: "account/settings/Binding",
            menuType: 1,
            perms: "BindingSettings",
            sortNo: 0,
          },
          {
            name: "新消息通知",
            url: "/account/settings/notification",
            component: "account/settings/Notification",
            menuType: 1,
            perms: "NotificationSettings",
            sortNo: 0,
          },
        ],
      },
      {
        name: "工作台",
        url: "/dashboard/workplace",
        component: "dashboard/Workplace",
        menuType: 1,
        sortNo: 3,
      },
    ],
  },
  {
    name: "表单页",
    url: "/form",
    component: "layouts/PageView",
    menuType: 0,
    sortNo: 9,
    icon: "form",
    children: [
      {
        name: "基础表单",
        url: "/form/base-form",
        component: "examples/form/BasicForm",
        menuType: 1,
        sortNo: 1,
      },
      {
        name: "分步表单",
        url: "/form/step-form",
        component: "examples/form/stepForm/StepForm",
        menuType: 1,
        sortNo: 2,
      },
      {
        name: "高级表单",
        url: "/form/advanced-form",
        component: "examples/form/advancedForm/AdvancedForm",
        menuType: 1,
        sortNo: 3,
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// 红色印记 business menus (domain.md §7)
// ---------------------------------------------------------------------------------------------

/** Standard CRUD buttons of one bbh module, in the usual toolbar order. */
function crud(
  module: string,
  label: string,
  actions: Array<"list" | "add" | "edit" | "delete" | "deleteBatch" | "export" | "import">,
): Array<[string, string]> {
  const titles = {
    list: `${label}查询`,
    add: `新增${label}`,
    edit: `编辑${label}`,
    delete: `删除${label}`,
    deleteBatch: `批量删除${label}`,
    export: `导出${label}`,
    import: `导入${label}`,
  } as const;
  return actions.map((a) => [`bbh:${module}:${a}`, titles[a]]);
}

const ALL_CRUD = ["list", "add", "edit", "delete", "deleteBatch", "export", "import"] as const;

/**
 * Issue 23: a 红色印记 page that is a menu item with hidden detail children (`alwaysShow`) also gets a hidden
 * child on its own path, showing the same page: its "page route". The JeecgBoot Vue 2 client turns `alwaysShow`
 * into a redirect from the item's path to itself, which vue-router follows until the stack overflows unless a
 * child holds the same path (children are registered first, and the first record of a path wins), as
 * 个人设置's 基本设置 does in JeecgBoot's own menu. Our console registers the item's route first and leaves the
 * child out (providers/menu.ts); hidden, neither menu shows it. The server grants it with its page
 * (permission.repo.ts `grantedPermissions`), and seed step `bbh-page-routes-v1` adds it to databases seeded before.
 */
export function withPageRoute(page: SeedMenu & { component: string }): SeedMenu {
  const route: SeedMenu = { name: `${page.name}列表`, url: page.url, component: page.component, menuType: 1, sortNo: 0, hidden: true };
  return { ...page, alwaysShow: true, children: [route, ...(page.children ?? [])] };
}

export const bbhMenus: SeedMenu[] = [
  {
    name: "红色印记",
    url: "/bbh",
    component: "layouts/RouteView",
    menuType: 0,
    // Between 首页 (0) and 统计报表 (1); JeecgBoot's 统计报表 already uses 1.
    sortNo: 0.5,
    icon: "flag",
    children: [
      {
        name: "活动管理",
        url: "/bbh/activityManage",
        component: "layouts/RouteView",
        menuType: 1,
        sortNo: 1,
        icon: "calendar",
        children: [
          withPageRoute({
            name: "自定义活动",
            url: "/bbh/activity/custom",
            component: "bbh/activity/CustomActivityList",
            menuType: 1,
            sortNo: 1,
            alwaysShow: true, // menu item, not a sub-menu: its only children are a hidden route
            children: [
              {
                name: "活动详情",
                url: "/bbh/activity/detail/:id",
                component: "bbh/activity/ActivityDetail",
                menuType: 1,
                sortNo: 1,
                hidden: true,
              },
            ],
          }),
          withPageRoute({
            name: "红色活动",
            url: "/bbh/activity/red",
            component: "bbh/activity/RedActivityList",
            menuType: 1,
            sortNo: 2,
            alwaysShow: true,
            children: [
              {
                name: "红色活动详情",
                url: "/bbh/activity/red/detail/:id",
                component: "bbh/activity/ActivityDetail",
                menuType: 1,
                sortNo: 1,
                hidden: true,
              },
              {
                name: "印记列表",
                url: "/bbh/activity/red/marks/:activityId",
                component: "bbh/activity/RedActivityMarkList",
                menuType: 1,
                sortNo: 2,
                hidden: true,
                children: buttons([
                  ["bbh:redActivity:list", "印记列表查询"],
                  ["bbh:redActivity:add", "添加印记"],
                  ["bbh:redActivity:edit", "编辑活动印记"],
                  ["bbh:redActivity:remove", "移除印记"],
                  ["bbh:redActivity:sort", "印记排序"],
                  ["bbh:redActivity:assignMaker", "指定打点员"],
                ]),
              },
            ],
          }),
          {
            name: "任务管理",
            url: "/bbh/activity/task",
            component: "bbh/activity/ActivityTaskList",
            menuType: 1,
            sortNo: 2.5,
            hidden: true, // a tab of the activity detail; standalone list filtered by activity
            children: buttons([
              ...crud("task", "任务", [...ALL_CRUD]),
              ["bbh:task:sort", "任务排序"],
              ["bbh:task:qrCode", "下载任务二维码"],
            ]),
          },
          withPageRoute({
            name: "红色印记",
            url: "/bbh/redmark",
            component: "bbh/redmark/RedMarkList",
            menuType: 1,
            sortNo: 3,
            alwaysShow: true,
            children: [
              {
                name: "印记详情",
                url: "/bbh/redmark/detail/:id",
                component: "bbh/redmark/RedMarkDetail",
                menuType: 1,
                sortNo: 1,
                hidden: true,
              },
              ...buttons([
                ...crud("redmark", "印记", [...ALL_CRUD]),
                ["bbh:redmark:publish", "发布/下架印记"],
                ["bbh:redmark:thumb", "批量生成缩略图"],
              ]),
            ],
          }),
          {
            name: "印记地图",
            url: "/bbh/redmark/map",
            component: "bbh/redmark/RedMarkMap",
            menuType: 1,
            sortNo: 4,
          },
          {
            name: "活动时间",
            url: "/bbh/activity/time",
            component: "bbh/activity/ActivityTimeList",
            menuType: 1,
            sortNo: 5,
            children: buttons([
              ...crud("time", "活动时间", ["list", "add", "edit", "delete", "deleteBatch", "export"]),
              ["bbh:time:settle", "结算活动时间"],
              ["bbh:time:restart", "重启活动时间"],
            ]),
          },
          {
            name: "报名管理",
            url: "/bbh/activity/apply",
            component: "bbh/activity/ActivityApplyList",
            menuType: 1,
            sortNo: 6,
            children: buttons([
              ...crud("apply", "报名", ["list", "add", "edit", "delete", "deleteBatch", "export", "import"]),
              ["bbh:apply:audit", "报名审核"],
            ]),
          },
          {
            name: "小组管理",
            url: "/bbh/activity/group",
            component: "bbh/activity/ActivityGroupList",
            menuType: 1,
            sortNo: 7,
            children: buttons([
              ...crud("group", "小组", [...ALL_CRUD]),
              ["bbh:group:assign", "分配小组成员"],
            ]),
          },
          {
            name: "成绩",
            url: "/bbh/activity/grade",
            component: "bbh/activity/ActivityGradeList",
            menuType: 1,
            sortNo: 8,
            children: buttons(crud("grade", "成绩", ["list", "export"])),
          },
          {
            name: "小组成绩",
            url: "/bbh/activity/groupGrade",
            component: "bbh/activity/ActivityGroupGradeList",
            menuType: 1,
            sortNo: 9,
            children: buttons(crud("groupGrade", "小组成绩", ["list", "export"])),
          },
          {
            name: "积分流水",
            url: "/bbh/activity/score",
            component: "bbh/activity/ScoreRecordList",
            menuType: 1,
            sortNo: 10,
            children: buttons([
              ...crud("score", "积分流水", ["list", "export"]),
              ["bbh:score:adjust", "人工调整积分"],
            ]),
          },
          {
            name: "激活码",
            url: "/bbh/activity/activation",
            component: "bbh/activity/ActivationCodeList",
            menuType: 1,
            sortNo: 11,
            children: buttons([
              ...crud("activation", "激活码", ["list", "edit", "delete", "deleteBatch", "export"]),
              ["bbh:activation:generate", "批量生成激活码"],
              ["bbh:activation:void", "作废激活码"],
            ]),
          },
          // Activity CRUD is shared by 自定义活动 and 红色活动 (same API, fixed activityType), so its
          // buttons hang on the 活动管理 folder once instead of being duplicated on both pages.
          ...buttons([
            ...crud("activity", "活动", [...ALL_CRUD]),
            ["bbh:activity:publish", "发布/下架活动"],
            ["bbh:activity:clone", "克隆活动"],
          ]).map((b) => ({ ...b, sortNo: b.sortNo + 100 })),
        ],
      },
      {
        name: "玩家管理",
        url: "/bbh/player",
        component: "layouts/RouteView",
        menuType: 1,
        sortNo: 2,
        icon: "team",
        children: [
          withPageRoute({
            name: "玩家活动",
            url: "/bbh/player/userActivity",
            component: "bbh/player/UserActivityList",
            menuType: 1,
            sortNo: 1,
            alwaysShow: true,
            children: [
              {
                name: "玩家活动详情",
                url: "/bbh/player/userActivity/detail/:id",
                component: "bbh/player/UserActivityDetail",
                menuType: 1,
                sortNo: 1,
                hidden: true,
              },
              ...buttons(crud("userActivity", "玩家活动", ["list", "edit", "delete", "deleteBatch", "export"])),
            ],
          }),
          {
            name: "玩家任务",
            url: "/bbh/player/userTask",
            component: "bbh/player/UserTaskList",
            menuType: 1,
            sortNo: 2,
            children: buttons(crud("userTask", "玩家任务", ["list", "edit", "delete", "deleteBatch", "export"])),
          },
          {
            name: "答案审核",
            url: "/bbh/player/answer",
            component: "bbh/player/UserTaskAnswerList",
            menuType: 1,
            sortNo: 3,
            children: buttons([
              ...crud("answer", "答案", ["list", "delete", "deleteBatch", "export"]),
              ["bbh:answer:audit", "审核答案"],
            ]),
          },
        ],
      },
      {
        name: "题库管理",
        url: "/bbh/questionBank",
        component: "layouts/RouteView",
        menuType: 1,
        sortNo: 3,
        icon: "read",
        children: [
          {
            name: "题目",
            url: "/bbh/question",
            component: "bbh/question/QuestionList",
            menuType: 1,
            sortNo: 1,
            children: buttons(crud("question", "题目", [...ALL_CRUD])),
          },
          {
            name: "题目分类",
            url: "/bbh/question/type",
            component: "bbh/question/QuestionTypeList",
            menuType: 1,
            sortNo: 2,
            children: buttons(crud("questionType", "题目分类", [...ALL_CRUD])),
          },
          {
            name: "答题记录",
            url: "/bbh/question/reportRecord",
            component: "bbh/question/QuestionReportRecordList",
            menuType: 1,
            sortNo: 3,
            children: buttons(crud("reportRecord", "答题记录", ["list", "export"])),
          },
        ],
      },
      {
        name: "学校管理",
        url: "/bbh/schoolManage",
        component: "layouts/RouteView",
        menuType: 1,
        sortNo: 4,
        icon: "bank",
        children: [
          withPageRoute({
            name: "学校",
            url: "/bbh/school",
            component: "bbh/school/SchoolList",
            menuType: 1,
            sortNo: 1,
            alwaysShow: true,
            children: [
              {
                name: "学校详情",
                url: "/bbh/school/detail/:id",
                component: "bbh/school/SchoolDetail",
                menuType: 1,
                sortNo: 1,
                hidden: true,
              },
              ...buttons(crud("school", "学校", [...ALL_CRUD])),
            ],
          }),
          {
            name: "学生",
            url: "/bbh/student",
            component: "bbh/school/StudentList",
            menuType: 1,
            sortNo: 2,
            children: buttons(crud("student", "学生", [...ALL_CRUD])),
          },
        ],
      },
      {
        name: "组织管理",
        url: "/bbh/organization",
        component: "bbh/organization/OrganizationList",
        menuType: 1,
        sortNo: 5,
        icon: "apartment",
        children: buttons(crud("organization", "组织", [...ALL_CRUD])),
      },
      {
        name: "标签管理",
        url: "/bbh/tag",
        component: "bbh/tag/TagList",
        menuType: 1,
        sortNo: 6,
        icon: "tags",
        children: buttons([...crud("tag", "标签", [...ALL_CRUD]), ["bbh:tag:sort", "修改展示顺序"]]),
      },
      withPageRoute({
        name: "微信用户",
        url: "/bbh/wxUser",
        component: "bbh/wxuser/BbhWxUserList",
        menuType: 1,
        sortNo: 7,
        icon: "wechat",
        alwaysShow: true,
        children: [
          {
            name: "微信用户详情",
            url: "/bbh/wxUser/detail/:id",
            component: "bbh/wxuser/BbhWxUserDetail",
            menuType: 1,
            sortNo: 1,
            hidden: true,
          },
          // No add / import: WeChat users come from the mini-program login (domain §7.5).
          ...buttons([
            ...crud("wxUser", "微信用户", ["list", "edit", "delete", "deleteBatch", "export"]),
            ["bbh:wxUser:pointMaker", "设置/取消打点员"],
            ["bbh:wxUser:assignDepart", "分配所属组织"],
          ]),
        ],
      }),
      {
        name: "消息中心",
        url: "/bbh/messageCenter",
        component: "layouts/RouteView",
        menuType: 1,
        sortNo: 8,
        icon: "message",
        children: [
          {
            name: "消息记录",
            url: "/bbh/message",
            component: "bbh/message/MessageList",
            menuType: 1,
            sortNo: 1,
            children: buttons([
              ...crud("message", "消息", ["list", "delete", "deleteBatch", "export"]),
              ["bbh:message:send", "手工发送消息"],
              ["bbh:message:retry", "重发失败消息"],
            ]),
          },
          {
            name: "消息模板",
            url: "/bbh/message/template",
            component: "bbh/message/MessageTemplateList",
            menuType: 1,
            sortNo: 2,
            children: buttons(crud("messageTemplate", "消息模板", [...ALL_CRUD])),
          },
        ],
      },
      {
        name: "文件管理",
        url: "/bbh/file",
        component: "layouts/RouteView",
        menuType: 1,
        sortNo: 9,
        icon: "folder",
        children: [
          {
            name: "OSS文件",
            url: "/bbh/ossFile",
            component: "bbh/oss/OssFileList",
            menuType: 1,
            sortNo: 1,
            children: buttons([
              ["bbh:ossFile:list", "OSS文件查询"],
              ["bbh:ossFile:add", "上传文件"],
              ["bbh:ossFile:delete", "删除文件"],
              ["bbh:ossFile:deleteBatch", "批量删除文件"],
              ["bbh:ossFile:export", "导出文件列表"],
              ["bbh:ossFile:thumb", "生成缩略图"],
            ]),
          },
        ],
      },
    ],
  },
];
