/** Redis监控 (`modules/monitor/RedisInfo`): key count and memory over time, and every `INFO` entry. */
import { Card, Col, Result, Row, Space, Table } from "antd";

import type { PageProps } from "../../../kit/page";
import { LineChart } from "../dashboard/lazy-charts";
import type { RedisAnswer } from "./types";
import { clock, useHistory, useMonitor } from "./use-monitor";

export default function RedisInfoPage({ route }: PageProps) {
  const { data, controls, loading, error, dataUpdatedAt } = useMonitor<RedisAnswer>("/sys/monitor/redis", { check: (d) => typeof (d as RedisAnswer)?.configured === "boolean" });
  const history = useHistory(data?.configured ? { keys: data.dbSize ?? 0, memory: data.usedMemory ?? 0 } : undefined, dataUpdatedAt);
  if (data && !data.configured) {
    return (
      <Card title={route.title || "Redis监控"} extra={controls}>
        <Result status="info" title="未配置 Redis" subTitle="本服务器没有设置 REDIS_URL：验证码、限流和会话吊销等共享状态保存在进程内存中。设置 REDIS_URL 并重启后，这里会显示 Redis 的运行信息。" />
      </Card>
    );
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card title={route.title || "Redis监控"} extra={controls} loading={loading}>
        {error ?? (
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Card size="small" title="键数量">
                <LineChart data={history.map((p) => ({ x: clock(p.at), y: p.value.keys }))} unit="个" empty="等待数据…" />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title="已用内存（KB）">
                <LineChart data={history.map((p) => ({ x: clock(p.at), y: Math.round(p.value.memory / 1000) }))} unit="KB" empty="等待数据…" />
              </Card>
            </Col>
          </Row>
        )}
      </Card>
      <Card title="Redis 详细信息" loading={loading}>
        <Table
          rowKey="key"
          size="small"
          dataSource={data?.info ?? []}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: "Key", dataIndex: "key", width: 260 },
            { title: "描述", dataIndex: "description" },
            { title: "Value", dataIndex: "value", width: 280, render: (v: string) => <span style={{ wordBreak: "break-all" }}>{v}</span> },
          ]}
        />
      </Card>
    </Space>
  );
}
