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
