/** 磁盘监控 (`modules/monitor/DiskMonitoring`): JeecgBoot's `queryDiskInfo`, one gauge per file system. */
import { Card, Col, Empty, Row } from "antd";

import type { PageProps } from "../../../kit/page";
import { Gauge } from "./system-info";
import type { Disk } from "./types";
import { formatBytes, useMonitor } from "./use-monitor";

export default function DiskPage({ route }: PageProps) {
  const { data, controls, loading, error } = useMonitor<Disk[]>("/sys/actuator/redis/queryDiskInfo", { refreshMs: 30_000, check: Array.isArray });
  return (
    <Card title={route.title || "磁盘监控"} extra={controls} loading={loading}>
      {error ??
        (data && data.length === 0 ? (
          <Empty description="没有读到文件系统" />
        ) : (
          <Row gutter={[24, 24]}>
            {(data ?? []).map((d) => (
              <Col key={d.name} xs={24} sm={12} lg={8} xl={6}>
                <Card size="small" title={d.name} styles={{ body: { display: "flex", justifyContent: "center" } }}>
                  <Gauge title={`已用 ${formatBytes(d.max - d.rest)}`} value={d.restPPT} sub={`共 ${formatBytes(d.max)}，可用 ${formatBytes(d.rest)}`} />
                </Card>
              </Col>
            ))}
          </Row>
        ))}
    </Card>
  );
}
