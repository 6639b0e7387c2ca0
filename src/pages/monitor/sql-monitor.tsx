/**
 * SQL监控 (`modules/monitor/SqlMonitor`): the database page that replaces JeecgBoot's Druid console (issue 12).
 * The database, this server's connection pool, the sessions with their current statements, and the slowest
 * statements (pg_stat_statements when PostgreSQL has it, else the last statement of each session).
 */
import { ReloadOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Space, Switch, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";

import type { PageProps } from "../../../kit/page";

interface Activity {
  pid: number;
  user: string | null;
  application: string | null;
  clientAddr: string | null;
  backendType: string | null;
  state: string | null;
  waitEvent: string | null;
  queryStart: string | null;
  runningMs: number | null;
  own: boolean;
  query: string | null;
}

interface Statement {
  id: string;
  pid?: number;
  query: string;
  calls?: number;
  rows?: number;
  totalMs?: number;
  meanMs?: number;
  maxMs?: number;
  state?: string;
  queryStart?: string | null;
  durationMs?: number | null;
}

export interface DatabaseMonitor {
  database: { engine: string; version: string; name: string; sizeBytes: number; maxConnections: number | null; startedAt: string | null };
  activity: Activity[];
  slowest: { source: "pg_stat_statements" | "pg_stat_activity"; rows: Statement[] };
  pool: { kind: "pg-pool" | "embedded"; max: number | null; total: number; idle: number | null; inUse: number | null; waiting: number | null };
}

const REFRESH_MS = 10_000;

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "-";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

const time = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString("zh-CN", { hour12: false }) : "-");
const millis = (v: number | null | undefined) => (v === null || v === undefined ? "-" : `${v.toLocaleString("zh-CN")} ms`);
const sqlText = (text: string | null | undefined) =>
  text ? (
    <Typography.Paragraph code ellipsis={{ rows: 2, expandable: true, symbol: "展开" }} style={{ marginBottom: 0, maxWidth: 640 }}>
      {text}
    </Typography.Paragraph>
  ) : (
    "-"
  );

const STATE_COLORS: Record<string, string> = { active: "processing", idle: "default", "idle in transaction": "warning" };

const activityColumns: ColumnsType<Activity> = [
  { title: "进程号", dataIndex: "pid", width: 90, render: (pid: number, r) => (r.own ? <Space>{pid}<Tag>本请求</Tag></Space> : pid) },
  { title: "状态", dataIndex: "state", width: 130, render: (s: string | null) => (s ? <Tag color={STATE_COLORS[s]}>{s}</Tag> : "-") },
  { title: "用户", dataIndex: "user", width: 110, render: (v) => v ?? "-" },
  { title: "客户端", dataIndex: "clientAddr", width: 130, render: (v, r) => v ?? r.backendType ?? "-" },
  { title: "等待", dataIndex: "waitEvent", width: 150, render: (v) => v ?? "-" },
  { title: "开始时间", dataIndex: "queryStart", width: 170, render: time },
  { title: "已运行", dataIndex: "runningMs", width: 110, render: millis },
  { title: "语句", dataIndex: "query", render: sqlText },
];

const statementColumns: ColumnsType<Statement> = [
  { title: "语句", dataIndex: "query", render: sqlText },
  { title: "调用次数", dataIndex: "calls", width: 100 },
  { title: "平均耗时", dataIndex: "meanMs", width: 120, render: millis },
  { title: "最长耗时", dataIndex: "maxMs", width: 120, render: millis },
  { title: "总耗时", dataIndex: "totalMs", width: 130, render: millis },
  { title: "返回行数", dataIndex: "rows", width: 100 },
];

const lastStatementColumns: ColumnsType<Statement> = [
  { title: "进程号", dataIndex: "pid", width: 90 },
  { title: "状态", dataIndex: "state", width: 130, render: (s: string | null) => (s ? <Tag color={STATE_COLORS[s]}>{s}</Tag> : "-") },
  { title: "开始时间", dataIndex: "queryStart", width: 170, render: time },
  { title: "耗时", dataIndex: "durationMs", width: 120, render: millis },
  { title: "语句", dataIndex: "query", render: sqlText },
];

export default function SqlMonitorPage(_props: PageProps) {
  const [auto, setAuto] = useState(true);
  const { result, query } = useCustom<DatabaseMonitor>({
    url: "/sys/monitor/database",
    method: "get",
    queryOptions: { queryKey: ["monitor", "database"], refetchInterval: auto ? REFRESH_MS : false, refetchOnWindowFocus: false },
  });
  // Until the first answer, Refine's result holds a placeholder without our fields.
  const data = (query.isSuccess || query.data ? result?.data : undefined) as DatabaseMonitor | undefined;
  const loaded = Array.isArray(data?.activity) ? data : undefined;
  const db = loaded?.database;
  const pool = loaded?.pool;

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card
        title="数据库"
        loading={!loaded && query.isLoading}
        extra={
          <Space>
            <span>自动刷新</span>
            <Switch size="small" checked={auto} onChange={setAuto} aria-label="自动刷新" />
            <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
              刷新
            </Button>
          </Space>
        }
      >
        {query.isError && !loaded ? (
          <Alert type="error" showIcon message="数据库监控信息加载失败" />
        ) : (
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
            <Descriptions.Item label="数据库">{db ? `${db.engine} · ${db.name}` : "-"}</Descriptions.Item>
            <Descriptions.Item label="数据库大小">{formatBytes(db?.sizeBytes)}</Descriptions.Item>
            <Descriptions.Item label="启动时间">{time(db?.startedAt)}</Descriptions.Item>
            <Descriptions.Item label="最大连接数">{db?.maxConnections ?? "-"}</Descriptions.Item>
            <Descriptions.Item label="连接池">
              {pool?.kind === "pg-pool"
                ? `使用中 ${pool.inUse} / 已建立 ${pool.total} / 上限 ${pool.max ?? "-"}，空闲 ${pool.idle}，排队 ${pool.waiting}`
                : pool
                  ? "嵌入式数据库（PGlite），单个进程内连接"
                  : "-"}
            </Descriptions.Item>
            <Descriptions.Item label="版本">
              <Typography.Text ellipsis={{ tooltip: db?.version }} style={{ maxWidth: 360 }}>
                {db?.version ?? "-"}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title={`活动会话（${loaded?.activity.length ?? 0}）`}>
        <Table<Activity> rowKey="pid" size="small" columns={activityColumns} dataSource={loaded?.activity ?? []} pagination={false} loading={!loaded && query.isLoading} scroll={{ x: 1100 }} />
      </Card>
      <Card
        title="最慢语句"
        extra={
          loaded && (
            <Tag color={loaded.slowest.source === "pg_stat_statements" ? "green" : "default"}>
              来源：{loaded.slowest.source}
            </Tag>
          )
        }
      >
        {loaded?.slowest.source === "pg_stat_activity" && (
          <Alert
            style={{ marginBottom: 12 }}
            type="info"
            showIcon
            message="未启用 pg_stat_statements 扩展：下表为各会话最近一条语句的耗时。在 PostgreSQL 中加载并创建该扩展后可查看累计统计。"
          />
        )}
        <Table<Statement>
          rowKey="id"
          size="small"
          columns={loaded?.slowest.source === "pg_stat_statements" ? statementColumns : lastStatementColumns}
          dataSource={loaded?.slowest.rows ?? []}
          pagination={false}
          loading={!loaded && query.isLoading}
          scroll={{ x: 900 }}
        />
      </Card>
    </Space>
  );
}
