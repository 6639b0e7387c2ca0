/** 服务器信息 (`modules/monitor/SystemInfo`): CPU, memory, load, uptime, this process, and the disks. */
import { Card, Col, Descriptions, Progress, Row, Space, Table, Typography } from "antd";

import type { PageProps } from "../../../kit/page";
import type { ServerAnswer } from "./types";
import { dateTime, formatBytes, formatDuration, percent, usageColor, useMonitor } from "./use-monitor";

export function Gauge({ title, value, sub }: { title: string; value: number; sub?: string }) {
  return (
    <div style={{ textAlign: "center" }}>
      <Progress type="dashboard" percent={value} strokeColor={usageColor(value)} format={(p) => `${p}%`} size={130} />
      <div style={{ marginTop: 4 }}>
        <Typography.Text strong>{title}</Typography.Text>
      </div>
      {sub && <Typography.Text type="secondary">{sub}</Typography.Text>}
    </div>
  );
}

export default function SystemInfoPage({ route }: PageProps) {
  const { data, controls, loading, error } = useMonitor<ServerAnswer>("/sys/monitor/server", { check: (d) => Boolean((d as ServerAnswer)?.system) });
  const s = data?.system;
  const memPercent = s ? Math.round((s.memory.used / s.memory.total) * 1000) / 10 : 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card title={route.title || "服务器信息"} extra={controls} loading={loading}>
        {error ?? (
          <Row gutter={[24, 24]} justify="space-around">
            <Col><Gauge title="系统 CPU" value={percent(s?.cpu.usage)} sub={`${s?.cpu.count ?? "-"} 核`} /></Col>
            <Col><Gauge title="本进程 CPU" value={percent(s?.cpu.processUsage)} /></Col>
            <Col><Gauge title="内存" value={memPercent} sub={`${formatBytes(s?.memory.used)} / ${formatBytes(s?.memory.total)}`} /></Col>
          </Row>
        )}
      </Card>
      <Card title="主机与进程" loading={loading}>
        {s && (
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label="主机名">{s.hostname}</Descriptions.Item>
            <Descriptions.Item label="操作系统">{s.platform}</Descriptions.Item>
            <Descriptions.Item label="架构">{s.arch}</Descriptions.Item>
            <Descriptions.Item label="CPU 型号">{s.cpu.model ?? "-"}</Descriptions.Item>
            <Descriptions.Item label="CPU 核数">{s.cpu.count}</Descriptions.Item>
            <Descriptions.Item label="平均负载（1/5/15 分钟）">{s.cpu.loadAverage.map((v) => v.toFixed(2)).join(" / ")}</Descriptions.Item>
            <Descriptions.Item label="内存总量">{formatBytes(s.memory.total)}</Descriptions.Item>
            <Descriptions.Item label="可用内存">{formatBytes(s.memory.available)}</Descriptions.Item>
            <Descriptions.Item label="系统运行时长">{formatDuration(s.uptimeSeconds)}</Descriptions.Item>
            <Descriptions.Item label="进程号">{s.process.pid}</Descriptions.Item>
            <Descriptions.Item label="进程启动时间">{dateTime(s.process.startTime)}</Descriptions.Item>
            <Descriptions.Item label="进程运行时长">{formatDuration(s.process.uptimeSeconds)}</Descriptions.Item>
            <Descriptions.Item label="Node.js">{s.process.node}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title="磁盘" loading={loading}>
        <Table
          rowKey="name"
          size="small"
          pagination={false}
          dataSource={data?.disks ?? []}
          columns={[
            { title: "挂载点", dataIndex: "name" },
            { title: "总容量", dataIndex: "max", render: formatBytes },
            { title: "可用", dataIndex: "rest", render: formatBytes },
            { title: "已用", dataIndex: "restPPT", width: 260, render: (p: number) => <Progress percent={p} size="small" strokeColor={usageColor(p)} /> },
          ]}
        />
      </Card>
    </Space>
  );
}
