/**
 * JVM信息 (`modules/monitor/JvmInfo`) — this server runs on Node.js, so the page shows its runtime: V8 heap,
 * RSS and buffers, event-loop delay, garbage collections and active handles.
 */
import { Card, Col, Descriptions, Progress, Row, Space, Statistic, Table } from "antd";

import type { PageProps } from "../../../kit/page";
import { LineChart } from "../dashboard/lazy-charts";
import type { RuntimeAnswer } from "./types";
import { clock, formatBytes, ms, usageColor, useHistory, useMonitor } from "./use-monitor";

const RESOURCE_NAMES: Record<string, string> = {
  TCPSocketWrap: "TCP 连接",
  TCPServerWrap: "TCP 监听",
  Timeout: "定时器",
  FSReqCallback: "文件操作",
  TTYWrap: "终端",
  PipeWrap: "管道",
  ProcessWrap: "子进程",
  Immediate: "setImmediate",
};
const GC_NAMES: Record<string, string> = { minor: "新生代（Scavenge）", major: "全量（Mark-Compact）", incremental: "增量标记", weakcb: "弱引用回调" };
const MB = 1024 * 1024;

export default function RuntimeInfoPage({ route }: PageProps) {
  const { data, controls, loading, error, dataUpdatedAt } = useMonitor<RuntimeAnswer>("/sys/monitor/runtime", { check: (d) => Boolean((d as RuntimeAnswer)?.memory) });
  const history = useHistory(data?.memory, dataUpdatedAt);
  const m = data?.memory;
  const heapPercent = m ? Math.round((m.heapUsed / m.heapLimit) * 1000) / 10 : 0;
  const chart = history.flatMap((p) => [
    { x: clock(p.at), y: Math.round((p.value.heapUsed / MB) * 10) / 10, series: "已用堆" },
    { x: clock(p.at), y: Math.round((p.value.rss / MB) * 10) / 10, series: "常驻内存 RSS" },
  ]);
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card title={route.title ? `${route.title}（Node.js 运行时）` : "Node.js 运行时"} extra={controls} loading={loading}>
        {error ?? (
          <Row gutter={[24, 24]}>
            <Col xs={24} md={8}>
              <Statistic title="已用堆 / 堆上限" value={`${formatBytes(m?.heapUsed)} / ${formatBytes(m?.heapLimit)}`} />
              <Progress percent={heapPercent} strokeColor={usageColor(heapPercent)} />
            </Col>
            <Col xs={12} md={4}><Statistic title="已申请堆" value={formatBytes(m?.heapTotal)} /></Col>
            <Col xs={12} md={4}><Statistic title="常驻内存 RSS" value={formatBytes(m?.rss)} /></Col>
            <Col xs={12} md={4}><Statistic title="堆外内存" value={formatBytes(m?.external)} /></Col>
            <Col xs={12} md={4}><Statistic title="ArrayBuffer" value={formatBytes(m?.arrayBuffers)} /></Col>
          </Row>
        )}
      </Card>
      <Card title="内存变化（MB）">
        <LineChart data={chart} unit="MB" loading={loading} empty="等待数据…" />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title="事件循环延迟" loading={loading}>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label="中位数 p50">{ms(data?.eventLoopDelay.p50)}</Descriptions.Item>
              <Descriptions.Item label="p99">{ms(data?.eventLoopDelay.p99)}</Descriptions.Item>
              <Descriptions.Item label="平均">{ms(data?.eventLoopDelay.mean)}</Descriptions.Item>
              <Descriptions.Item label="最大">{ms(data?.eventLoopDelay.max)}</Descriptions.Item>
              <Descriptions.Item label="Node.js">{data?.node}</Descriptions.Item>
              <Descriptions.Item label="V8">{data?.v8}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="垃圾回收" loading={loading}>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label="次数">{data?.gc.count}</Descriptions.Item>
              <Descriptions.Item label="总耗时">{ms(data?.gc.totalMs)}</Descriptions.Item>
              <Descriptions.Item label="最长一次">{ms(data?.gc.maxMs)}</Descriptions.Item>
              {Object.entries(data?.gc.byKind ?? {}).map(([k, v]) => (
                <Descriptions.Item key={k} label={GC_NAMES[k] ?? k}>{v}</Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <Card title={`活动句柄（${data?.activeResources.total ?? 0}）`} loading={loading}>
        <Table
          rowKey="type"
          size="small"
          pagination={false}
          dataSource={Object.entries(data?.activeResources.byType ?? {}).map(([type, count]) => ({ type, count }))}
          columns={[
            { title: "类型", dataIndex: "type", render: (t: string) => (RESOURCE_NAMES[t] ? `${RESOURCE_NAMES[t]}（${t}）` : t) },
            { title: "数量", dataIndex: "count", width: 120 },
          ]}
        />
      </Card>
    </Space>
  );
}
