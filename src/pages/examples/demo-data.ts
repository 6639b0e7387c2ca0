/** Deterministic demo records for the list/profile demo pages (ant-design-pro's mock data, in Chinese). */
export interface DemoRule {
  key: number;
  no: string;
  description: string;
  callNo: number;
  status: 0 | 1 | 2 | 3;
  updatedAt: string;
}

export const RULE_STATUS = ["关闭", "运行中", "已上线", "异常"] as const;
export const RULE_STATUS_BADGE = ["default", "processing", "success", "error"] as const;

const TOPICS = ["红色研学", "革命旧址", "英雄事迹", "党史答题", "红色印记", "主题党日", "志愿服务", "爱国教育"];

export const demoRules: DemoRule[] = Array.from({ length: 46 }, (_, i) => ({
  key: i + 1,
  no: `TradeCode ${String(i + 1).padStart(2, "0")}`,
  description: `${TOPICS[i % TOPICS.length]}活动规则 ${i + 1}`,
  callNo: (i * 37) % 997,
  status: (i % 4) as DemoRule["status"],
  updatedAt: `2024-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")} 10:${String(i % 60).padStart(2, "0")}:00`,
}));

export interface DemoProject {
  id: number;
  title: string;
  description: string;
  owner: string;
  progress: number;
  status: "active" | "exception" | "normal";
  createdAt: string;
}

const OWNERS = ["付小小", "曲丽丽", "林东东", "周星星", "吴加好", "朱偏右", "鱼酱", "乐哥"];

export const demoProjects: DemoProject[] = Array.from({ length: 24 }, (_, i) => ({
  id: i + 1,
  title: `${TOPICS[i % TOPICS.length]}项目 ${i + 1}`,
  description: "那是一种内在的东西，他们到达不了，也无法触及的。",
  owner: OWNERS[i % OWNERS.length],
  progress: (i * 13) % 101,
  status: i % 5 === 0 ? "exception" : i % 3 === 0 ? "normal" : "active",
  createdAt: `2024-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")} 09:30:00`,
}));

/** Demo records for the 用户/角色/权限列表 demo pages (ant-design-vue-pro's list templates). */
export const DEMO_ENABLED = ["禁用", "正常"] as const;

export interface DemoPermission {
  key: number;
  id: string;
  name: string;
  actions: string[];
  status: 0 | 1;
  describe: string;
}

export const PERMISSION_ACTIONS = ["新增", "查询", "详情", "修改", "删除", "导入", "导出"] as const;

const PERMISSION_NAMES: Array<[string, string]> = [
  ["dashboard", "仪表盘"],
  ["exception", "异常页面"],
  ["result", "结果页"],
  ["profile", "详细页"],
  ["table", "表格"],
  ["form", "表单"],
  ["order", "订单管理"],
  ["permission", "权限管理"],
  ["role", "角色管理"],
  ["user", "用户管理"],
  ["support", "超级模块"],
  ["activity", "红色研学活动"],
];

export const demoPermissions: DemoPermission[] = PERMISSION_NAMES.map(([id, name], i) => ({
  key: i + 1,
  id,
  name,
  actions: PERMISSION_ACTIONS.filter((_, a) => (a + i) % 3 !== 2),
  status: i % 5 === 4 ? 0 : 1,
  describe: `${name}的操作权限`,
}));

export interface DemoRole {
  key: number;
  id: string;
  name: string;
  status: 0 | 1;
  describe: string;
  permissions: string[];
  createdAt: string;
}

const ROLE_NAMES: Array<[string, string]> = [
  ["admin", "管理员"],
  ["svip", "SVIP"],
  ["user", "普通会员"],
  ["guide", "研学导师"],
  ["editor", "内容编辑"],
  ["auditor", "审核员"],
  ["operator", "运营专员"],
  ["volunteer", "志愿者"],
  ["teacher", "带队教师"],
  ["student", "学生"],
  ["guest", "访客"],
  ["finance", "财务"],
  ["service", "客服"],
];

export const demoRoles: DemoRole[] = ROLE_NAMES.map(([id, name], i) => ({
  key: i + 1,
  id,
  name,
  status: i % 4 === 3 ? 0 : 1,
  describe: i === 0 ? "拥有所有权限" : `${name}角色`,
  permissions: demoPermissions.filter((_, p) => i === 0 || (p + i) % 3 === 0).map((p) => p.id),
  createdAt: `2024-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")} 08:00:00`,
}));

export interface DemoUser {
  key: number;
  username: string;
  realname: string;
  phone: string;
  role: string;
  status: 0 | 1;
  createdAt: string;
}

const REALNAMES = ["付小小", "曲丽丽", "林东东", "周星星", "吴加好", "朱偏右", "鱼酱", "乐哥", "谭小仪", "仲尼", "张三", "李四", "王五"];

export const demoUsers: DemoUser[] = Array.from({ length: 32 }, (_, i) => ({
  key: i + 1,
  username: `user${String(i + 1).padStart(2, "0")}`,
  realname: REALNAMES[i % REALNAMES.length],
  phone: `1380000${String(1000 + i * 7).padStart(4, "0")}`,
  role: ROLE_NAMES[i % ROLE_NAMES.length][0],
  status: i % 6 === 5 ? 0 : 1,
  createdAt: `2024-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")} 14:${String(i % 60).padStart(2, "0")}:00`,
}));

export interface DemoActivity {
  id: number;
  user: string;
  action: string;
  target: string;
  time: string;
}

export const demoActivities: DemoActivity[] = Array.from({ length: 8 }, (_, i) => ({
  id: i + 1,
  user: OWNERS[i % OWNERS.length],
  action: ["发布了", "更新了", "新建了", "完成了"][i % 4],
  target: `${TOPICS[(i * 3) % TOPICS.length]}项目 ${i + 1}`,
  time: `2024-06-${String(20 - i).padStart(2, "0")} 1${i % 10}:00`,
}));
