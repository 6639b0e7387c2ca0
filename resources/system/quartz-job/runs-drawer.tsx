import { ReloadOutlined } from "@ant-design/icons";
import { Button, Drawer, Space, Table, Tag, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";

import type { Page } from "../../../contract";
import type { Api } from "../../../kit/use-api";
import { QUARTZ_API } from "./resource";

export interface RunRow {
  id: string;
  triggerType: "cron" | "manual";
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  success: boolean | null;
  message: string | null;
  instance: string | null;
}

const REFRESH_MS = 2000;

/** The runs of one job, newest first, refreshed every 2 s while open. */
export function RunsDrawer({ api, job, onClose }: { api: Api; job?: { id: string; jobClassName: string; description?: string | null }; onClose: () => void }) {
  const [page, setPage] = useState<{ no: number; size: number }>({ no: 1, size: 10 });
  const [data, setData] = useState<Page<RunRow> | null>(null);
  const [loading, setLoading] = useState(false);
  const jobId = job?.id;

  const load = useCallback(async () => {
    if (!jobId) return;
    setLoading(true);
    try {
      setData(await api.get<Page<RunRow>>(`${QUARTZ_API}/logList`, { jobId, pageNo: page.no, pageSize: page.size }));
    } catch {
      // the notification has been shown; keep the last rows
    } finally {
      setLoading(false);
    }
  }, [api, jobId, page]);

  useEffect(() => {
    if (!jobId) {
      setData(null);
      return;
    }
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [jobId, load]);

  return (
    <Drawer title={job ? `运行记录：${job.description || job.jobClassName}` : "运行记录"} width={900} open={Boolean(job)} onClose={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text data-testid="runs-total">共 {data?.total ?? 0} 次运行</Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void load()}>
          刷新
        </Button>
        <Typography.Text type="secondary">每 2 秒自动刷新</Typography.Text>
      </Space>
      <Table<RunRow>
        rowKey="id"
        size="small"
        loading={loading && !data}
        dataSource={data?.records ?? []}
        pagination={{ current: page.no, pageSize: page.size, total: data?.total ?? 0, showTotal: (t) => `共 ${t} 条`, onChange: (no, size) => setPage({ no, size }) }}
        columns={[
          { title: "开始时间", dataIndex: "startTime", width: 170 },
          { title: "触发方式", dataIndex: "triggerType", width: 90, render: (v: string) => (v === "manual" ? <Tag color="purple">手动执行</Tag> : <Tag>定时</Tag>) },
          { title: "耗时(毫秒)", dataIndex: "durationMs", width: 100, render: (v: number | null) => v ?? "-" },
          {
            title: "结果",
            dataIndex: "success",
            width: 90,
            render: (v: boolean | null, r) => (r.endTime === null ? <Tag color="processing">运行中</Tag> : v ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>),
          },
          { title: "信息", dataIndex: "message", ellipsis: true, render: (v: string | null, r) => (r.success === false ? <Typography.Text type="danger">{v}</Typography.Text> : v) },
          { title: "执行实例", dataIndex: "instance", width: 160, ellipsis: true },
        ]}
      />
    </Drawer>
  );
}
