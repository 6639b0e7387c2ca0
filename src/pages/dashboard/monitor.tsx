/** 监控概览 (`dashboard/Monitor`): the monitoring pages' figures on one screen, refreshed every 5 seconds. */
import { Badge, Card, Col, Descriptions, Row, Space, Statistic } from "antd";

import type { PageProps } from "../../../kit/page";
import { Gauge } from "../monitor/system-info";
import type { SummaryAnswer } from "../monitor/types";
import { formatBytes, formatDuration, ms, percent, useMonitor } from "../monitor/use-monitor";
import { ColumnChart, PieChart } from "./lazy-charts";

const CLASS_NAMES: Record<string, string> = { "1xx": "1xx 信息", "2xx": "2xx 成功", "3xx": "3xx 重定向", "4xx": "4xx 客户端错误", "5xx": "5xx 服务器错误" };

export default function MonitorDashboardPage({ route }: PageProps) {
  const { data, controls, loading, error } = useMonitor<SummaryAnswer>("/sys/monitor/summary", { check: (d) => Boolean((d as SummaryAnswer)?.system) });
  const s = data?.system;
  const root = data?.disks.find((d) => d.name === "/") ?? data?.disks[0];
  const statuses = Object.entries(data?.http.statuses ?? {}).filter(([, n]) => n > 0).map(([k, n]) => ({ x: CLASS_NAMES[k] ?? k, y: n }));
  const histogram = (data?.http.latency.histogram ?? []).filter((b) => b.count > 0).map((b) => ({ x: b.le === null ? "更慢" : `≤${b.le}ms`, y: b.count }));
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card title={route.title || "监控概览"} extra={controls} loading={loading}>
        {error ??
          (s && (
            <Row gutter={[24, 24]} justify="space-around">
              <Col><Gauge title="CPU" value={percent(s.cpu.usage)} sub={`${s.cpu.count} 核，负载 ${s.cpu.loadAverage[0].toFixed(2)}`} /></Col>
              <Col><Gauge title="内存" value={Math.round((s.memory.used / s.memory.total) * 1000) / 10} sub={`${formatBytes(s.memory.used)} / ${formatBytes(s.memory.total)}`} /></Col>
              {root && <Col><Gauge title={`磁盘 ${root.name}`} value={root.restPPT} sub={`可用 ${formatBytes(root.rest)}`} /></Col>}
              <Col><Gauge title="V8 堆" value={data ? Math.round((data.runtime.memory.heapUsed / data.runtime.memory.heapLimit) * 1000) / 10 : 0} sub={`${formatBytes(data?.runtime.memory.heapUsed)} 已用`} /></Col>
            </Row>
          ))}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}><Card loading={loading}><Statistic title="在线用户" value={data?.sessions.users ?? 0} suffix={`人 / ${data?.sessions.active ?? 0} 个会话`} /></Card></Col>
        <Col xs={12} lg={6}><Card loading={loading}><Statistic title="累计请求" value={data?.http.totalRequests ?? 0} /></Card></Col>
        <Col xs={12} lg={6}><Card loading={loading}><Statistic title="p99 耗时（最近 1 分钟）" value={ms(data?.http.latency.p99)} /></Card></Col>
        <Col xs={12} lg={6}><Card loading={loading}><Statistic title="事件循环延迟 p99" value={ms(data?.runtime.eventLoopDelay.p99)} /></Card></Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="请求耗时分布（最近 1 分钟）">
            <ColumnChart data={histogram} unit="次" loading={loading} empty="最近一分钟没有请求" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="响应状态">
            <PieChart data={statuses} unit="次" loading={loading} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="数据库" loading={loading}>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label="类型">{data?.database.engine}</Descriptions.Item>
              <Descriptions.Item label="大小">{formatBytes(data?.database.sizeBytes)}</Descriptions.Item>
              <Descriptions.Item label="连接数">{data?.database.connections}</Descriptions.Item>
              <Descriptions.Item label="执行中">{data?.database.activeConnections}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Redis 与进程" loading={loading}>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label="Redis">
                {!data?.redis.configured ? <Badge status="default" text="未配置 Redis" /> : data.redis.up ? <Badge status="success" text="正常" /> : <Badge status="error" text="不可用" />}
              </Descriptions.Item>
              <Descriptions.Item label="Redis 内存">{formatBytes(data?.redis.usedMemory)}</Descriptions.Item>
              <Descriptions.Item label="进程运行">{formatDuration(s?.process.uptimeSeconds)}</Descriptions.Item>
              <Descriptions.Item label="垃圾回收">{data ? `${data.runtime.gc.count} 次，${ms(data.runtime.gc.totalMs)}` : "-"}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
