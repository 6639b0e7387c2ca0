/** 请求追踪 (`modules/monitor/HttpTrace`): the last requests (Actuator `httptrace`), tokens and passwords masked. */
import { Alert, Card, Table, Tag, Typography } from "antd";

import type { PageProps } from "../../../kit/page";
import type { TraceAnswer } from "./types";
import { dateTime, ms, useMonitor } from "./use-monitor";

type Trace = TraceAnswer["traces"][number];
const METHOD_COLORS: Record<string, string> = { GET: "blue", POST: "green", PUT: "orange", DELETE: "red", PATCH: "purple" };
const statusColor = (s: number) => (s >= 500 ? "red" : s >= 400 ? "orange" : s >= 300 ? "gold" : "green");

export default function HttpTracePage({ route }: PageProps) {
  const { data, controls, loading, error } = useMonitor<TraceAnswer>("/actuator/httptrace", { raw: true, refreshMs: 10_000, check: (d) => Array.isArray((d as TraceAnswer)?.traces) });
  const traces = data?.traces ?? [];
  const methods = [...new Set(traces.map((t) => t.request.method))];
  return (
    <Card title={route.title || "请求追踪"} extra={controls}>
      {error}
      {data && !data.enabled && <Alert style={{ marginBottom: 12 }} type="warning" showIcon message="请求追踪已关闭（HTTP_TRACE=false）" />}
      <Typography.Paragraph type="secondary">最近 100 个接口请求，最新的在前；令牌与密码已打码，OPTIONS 请求和监控接口自身的请求不记录。</Typography.Paragraph>
      <Table<Trace>
        rowKey={(t) => `${t.timestamp}-${t.request.uri}-${t.timeTaken}`}
        size="small"
        loading={loading}
        dataSource={traces}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 900 }}
        columns={[
          { title: "请求时间", dataIndex: "timestamp", width: 180, render: dateTime },
          {
            title: "请求方法",
            dataIndex: ["request", "method"],
            width: 110,
            filters: methods.map((m) => ({ text: m, value: m })),
            onFilter: (value, t) => t.request.method === value,
            render: (m: string) => <Tag color={METHOD_COLORS[m]}>{m}</Tag>,
          },
          { title: "请求地址", dataIndex: ["request", "uri"], render: (u: string) => <Typography.Text code style={{ wordBreak: "break-all" }}>{u}</Typography.Text> },
          { title: "响应状态", dataIndex: ["response", "status"], width: 100, render: (s: number) => <Tag color={statusColor(s)}>{s}</Tag> },
          { title: "耗时", dataIndex: "timeTaken", width: 110, sorter: (a, b) => a.timeTaken - b.timeTaken, render: ms },
          { title: "来源地址", dataIndex: ["request", "remoteAddress"], width: 140 },
        ]}
      />
    </Card>
  );
}
