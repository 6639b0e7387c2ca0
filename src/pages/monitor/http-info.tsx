/**
 * Tomcat信息 (`modules/monitor/TomcatInfo`) — the HTTP server of this Node.js process: connections, requests,
 * answers by status code, latency percentiles over the last minute, and the sign-in sessions.
 */
import { Alert, Card, Col, Descriptions, Row, Space, Statistic, Table, Tag } from "antd";

import type { PageProps } from "../../../kit/page";
import { ColumnChart } from "../dashboard/lazy-charts";
import type { HttpAnswer } from "./types";
import { dateTime, ms, useMonitor } from "./use-monitor";

const statusColor = (s: number) => (s >= 500 ? "red" : s >= 400 ? "orange" : s >= 300 ? "gold" : "green");

export default function HttpInfoPage({ route }: PageProps) {
  const { data, controls, loading, error } = useMonitor<HttpAnswer>("/sys/monitor/http", { check: (d) => Boolean((d as HttpAnswer)?.latency) });
  const l = data?.latency;
  const histogram = (l?.histogram ?? []).filter((b) => b.count > 0).map((b) => ({ x: b.le === null ? "更慢" : `≤${b.le}ms`, y: b.count }));
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card title={route.title ? `${route.title}（HTTP 服务）` : "HTTP 服务"} extra={controls} loading={loading}>
        {error}
        {data && !data.enabled && <Alert style={{ marginBottom: 12 }} type="warning" showIcon message="请求统计已关闭（HTTP_TRACE=false）" />}
        {data && (
          <Row gutter={[24, 24]}>
            <Col xs={12} md={6}><Statistic title="当前连接" value={data.openConnections} /></Col>
            <Col xs={12} md={6}><Statistic title="累计连接" value={data.totalConnections} /></Col>
            <Col xs={12} md={6}><Statistic title="累计请求" value={data.totalRequests} /></Col>
            <Col xs={12} md={6}><Statistic title="统计开始" value={dateTime(data.startedAt)} valueStyle={{ fontSize: 18 }} /></Col>
          </Row>
        )}
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title={`耗时分布（最近 ${l?.windowSeconds ?? 60} 秒，${l?.count ?? 0} 个请求）`}>
            <Descriptions size="small" column={4} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="p50">{ms(l?.p50)}</Descriptions.Item>
              <Descriptions.Item label="p90">{ms(l?.p90)}</Descriptions.Item>
              <Descriptions.Item label="p99">{ms(l?.p99)}</Descriptions.Item>
              <Descriptions.Item label="最大">{ms(l?.max)}</Descriptions.Item>
            </Descriptions>
            <ColumnChart data={histogram} unit="次" loading={loading} empty="最近一分钟没有请求" />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="响应状态码" loading={loading}>
            <Table
              rowKey="status"
              size="small"
              pagination={false}
              dataSource={data?.statuses.byCode ?? []}
              columns={[
                { title: "状态码", dataIndex: "status", render: (s: number) => <Tag color={statusColor(s)}>{s}</Tag> },
                { title: "次数", dataIndex: "count" },
              ]}
            />
          </Card>
          <Card title="登录会话" loading={loading} style={{ marginTop: 16 }}>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label="当前有效会话">{data?.sessions.active}</Descriptions.Item>
              <Descriptions.Item label="在线用户">{data?.sessions.users}</Descriptions.Item>
              <Descriptions.Item label="启动以来创建">{data?.sessions.created}</Descriptions.Item>
              <Descriptions.Item label="启动以来过期">{data?.sessions.expired}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
