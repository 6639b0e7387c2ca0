import { Form, Input, Radio, Select, Switch, Tooltip, Typography } from "antd";
import { useEffect, useState } from "react";

import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import type { PageProps } from "../../../kit/page";
import { useAction, useApi } from "../../../kit/use-api";
import { CronField } from "./cron-field";
import { QUARTZ_API, QUARTZ_CODES, QUARTZ_RESOURCE } from "./resource";
import { RunsDrawer } from "./runs-drawer";

export interface JobRow {
  id: string;
  jobClassName: string;
  jobClassTitle: string | null;
  cronExpression: string;
  parameter: string | null;
  description: string | null;
  status: number;
  status_dictText?: string;
  nextRunTime: string | null;
  [key: string]: unknown;
}

interface JobClassOption {
  value: string;
  title: string;
  description: string;
}

/** 定时任务 (`/sys/quartzJob`): jobs with a status switch (启动/停止), run once, their runs, and the add/edit form. */
export default function QuartzJobListPage({ route }: PageProps) {
  const api = useApi();
  const act = useAction(QUARTZ_RESOURCE);
  const access = useAccess();
  const [classes, setClasses] = useState<JobClassOption[]>([]);
  const [runsOf, setRunsOf] = useState<JobRow | undefined>();
  const [switching, setSwitching] = useState<string | null>(null);

  useEffect(() => {
    api.get<JobClassOption[]>(`${QUARTZ_API}/jobClasses`).then(setClasses, () => setClasses([]));
  }, [api]);

  const toggle = async (r: JobRow, on: boolean) => {
    setSwitching(r.id);
    await act(() => api.get(`${QUARTZ_API}/${on ? "resume" : "pause"}`, { id: r.id }), on ? "启动定时任务成功" : "停止定时任务成功");
    setSwitching(null);
  };
  const canSwitch = (r: JobRow) => access.has(r.status === 0 ? QUARTZ_CODES.pause : QUARTZ_CODES.resume);

  return (
    <>
      <CrudPage<JobRow>
        title={route.title}
        resource={QUARTZ_RESOURCE}
        apiBase={QUARTZ_API}
        codes={QUARTZ_CODES}
        excelTitle="定时任务"
        search={[
          { name: "jobClassName", label: "任务类名" },
          {
            name: "status",
            label: "任务状态",
            exact: true,
            input: (
              <Select
                allowClear
                placeholder="请选择"
                options={[
                  { value: "0", label: "正常" },
                  { value: "-1", label: "停止" },
                ]}
              />
            ),
          },
        ]}
        columns={[
          {
            title: "任务类名",
            dataIndex: "jobClassName",
            width: 250,
            ellipsis: true,
            sorter: true,
            render: (v: string, r) => (
              <Tooltip title={v}>
                <span>{r.jobClassTitle ?? <Typography.Text type="danger">{v}（未注册）</Typography.Text>}</span>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {v}
                </Typography.Text>
              </Tooltip>
            ),
          },
          { title: "Cron表达式", dataIndex: "cronExpression", width: 150, render: (v: string) => <code style={{ whiteSpace: "nowrap" }}>{v}</code> },
          { title: "参数", dataIndex: "parameter", width: 80, ellipsis: true },
          { title: "描述", dataIndex: "description", ellipsis: true },
          { title: "下次执行时间", dataIndex: "nextRunTime", width: 110, sorter: true, render: (v: string | null) => v ?? "-" },
          {
            title: "状态",
            dataIndex: "status",
            width: 90,
            render: (v: number, r) => (
              <Switch
                data-testid={`status-${r.id}`}
                checked={v === 0}
                checkedChildren="正常"
                unCheckedChildren="停止"
                loading={switching === r.id}
                disabled={!canSwitch(r)}
                onChange={(on) => void toggle(r, on)}
              />
            ),
          },
        ]}
        rowActions={(r) => [
          access.has(QUARTZ_CODES.execute) && (
            <a key="execute" onClick={() => void act(() => api.get(`${QUARTZ_API}/execute`, { id: r.id }), "执行成功!")}>
              立即执行
            </a>
          ),
          <a key="runs" onClick={() => setRunsOf(r)}>
            运行记录
          </a>,
        ]}
        toForm={(r) => ({ ...r })}
        toBody={(v) => ({ ...v, cronExpression: String(v.cronExpression ?? "").trim() })}
        form={({ api: formApi }) => (
          <>
            <Form.Item label="任务类名" name="jobClassName" rules={[{ required: true, message: "请选择任务类" }]} extra="只能选择系统中已注册的任务类">
              <Select
                showSearch
                placeholder="请选择任务类"
                optionFilterProp="label"
                data-testid="job-class-select"
                options={classes.map((c) => ({ value: c.value, label: `${c.title}（${c.value}）`, title: c.description }))}
              />
            </Form.Item>
            <CronField api={formApi} />
            <Form.Item label="参数" name="parameter" rules={[{ max: 255, message: "参数不能超过255个字符" }]} extra="原样传给任务，不会被当作表达式执行">
              <Input placeholder="可选" />
            </Form.Item>
            <Form.Item label="描述" name="description" rules={[{ max: 255, message: "描述不能超过255个字符" }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item label="状态" name="status" initialValue={0}>
              <Radio.Group>
                <Radio value={0}>正常</Radio>
                <Radio value={-1}>停止</Radio>
              </Radio.Group>
            </Form.Item>
          </>
        )}
      />
      <RunsDrawer api={api} job={runsOf} onClose={() => setRunsOf(undefined)} />
    </>
  );
}
