import { DownloadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Checkbox, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Progress, Radio, Result, Select, Space, Table, Tabs, Tag } from "antd";
import { useInvalidate } from "@refinedev/core";
import { useEffect, useState } from "react";

import { activityTimeLimits } from "../../../contract/bbh-limits";
import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import { useDictOptions } from "../../../kit/dict";
import { saveBlob } from "../../../kit/excel-buttons";
import type { PageProps } from "../../../kit/page";
import { useAction, useApi } from "../../../kit/use-api";
import { limitRules } from "../../../kit/validators";
import { ActivitySelect, TIME_COLORS, fromServerTime, queryParam, toServerTime } from "./common";
import { TIME_API, TIME_CODES, TIME_RESOURCE } from "./resource";

export interface TimeRow {
  id: string;
  activityId: string;
  timeName: string;
  startTime: string;
  endTime: string;
  timeStatus: number;
  timeStatus_dictText?: string;
  displayStatus?: string;
  roundNo: number;
  restartCount?: number;
  participantCount?: number;
  finishedCount?: number;
  settleTime?: string | null;
  autoSettle?: number;
  sortNo?: number;
}

export interface SettleResult {
  roundNo: number;
  settleTime: string;
  participantCount: number;
  rankedCount: number;
  finishedCount: number;
  groupCount: number;
  ledgerCount: number;
  expiredTaskCount: number;
  top: Array<{ rankNo: number; displayName: string; totalScore: number; durationSeconds: number | null }>;
  groupTop?: Array<{ rankNo: number; groupName: string; groupScore: number }>;
}

type Failure = { message?: string; notified?: boolean };

export const formatDuration = (seconds: number | null | undefined) => {
  if (seconds == null) return "-";
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
};

/** 结算: confirm with the options of §5.3, a progress bar while the request runs, then the counts and the top 10. */
export function SettleDialog({ row, onClose }: { row?: TimeRow; onClose: (settled: boolean) => void }) {
  const api = useApi();
  const [force, setForce] = useState(false);
  const [ignorePending, setIgnorePending] = useState(false);
  const [state, setState] = useState<{ phase: "confirm" | "running" | "done" | "failed"; result?: SettleResult; error?: string }>({ phase: "confirm" });
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    setState({ phase: "confirm" });
    setForce(row ? new Date(row.endTime.replace(" ", "T")) > new Date() : false);
    setIgnorePending(false);
  }, [row]);
  useEffect(() => {
    if (state.phase !== "running") return;
    // The server settles in one transaction and reports nothing until it is done: the bar creeps toward 95 %.
    setPercent(5);
    const timer = setInterval(() => setPercent((p) => Math.min(95, p + Math.max(1, Math.round((95 - p) / 8)))), 300);
    return () => clearInterval(timer);
  }, [state.phase]);

  const settle = async () => {
    if (!row) return;
    setState({ phase: "running" });
    try {
      const result = await api.post<SettleResult>(`${TIME_API}/settleActivityTime`, { id: row.id, force: force || undefined, ignorePending: ignorePending || undefined });
      setPercent(100);
      setState({ phase: "done", result });
    } catch (error) {
      setState({ phase: "failed", error: (error as Failure).message || "结算失败" });
    }
  };

  const r = state.result;
  return (
    <Modal
      title={`结算时间段「${row?.timeName ?? ""}」`}
      open={Boolean(row)}
      width={640}
      maskClosable={false}
      closable={state.phase !== "running"}
      onCancel={() => onClose(state.phase === "done")}
      footer={
        state.phase === "confirm" ? (
          <Space>
            <Button onClick={() => onClose(false)}>取消</Button>
            <Button type="primary" danger onClick={settle}>
              确认结算
            </Button>
          </Space>
        ) : state.phase === "running" ? null : (
          <Button type="primary" onClick={() => onClose(state.phase === "done")}>
            {state.phase === "done" ? "完成" : "关闭"}
          </Button>
        )
      }
    >
      {state.phase === "confirm" && (
        <>
          <Alert type="warning" showIcon message="结算后成绩将被冻结，玩家不能再提交；如需继续请使用重启。" style={{ marginBottom: 16 }} />
          <Descriptions size="small" column={2} bordered items={[
            { key: "t", label: "时间段", children: `${row?.startTime ?? ""} ~ ${row?.endTime ?? ""}` },
            { key: "r", label: "轮次", children: `第 ${row?.roundNo ?? 1} 轮` },
            { key: "p", label: "参与人数", children: row?.participantCount ?? 0 },
            { key: "s", label: "状态", children: row?.displayStatus ?? row?.timeStatus_dictText },
          ]} />
          <Space direction="vertical" style={{ marginTop: 16 }}>
            <Checkbox checked={force} onChange={(e) => setForce(e.target.checked)}>
              提前结算（时间段尚未结束时）
            </Checkbox>
            <Checkbox checked={ignorePending} onChange={(e) => setIgnorePending(e.target.checked)}>
              忽略待审核答案（待审核的答案不计分）
            </Checkbox>
          </Space>
        </>
      )}
      {state.phase === "running" && (
        <div style={{ textAlign: "center", padding: 24 }} role="status">
          <Progress type="circle" percent={percent} />
          <div style={{ marginTop: 16 }}>正在结算，请勿关闭…</div>
        </div>
      )}
      {state.phase === "failed" && <Result status="error" title="结算失败" subTitle={state.error} />}
      {state.phase === "done" && r && (
        <>
          <Result status="success" title="结算完成" subTitle={`第 ${r.roundNo} 轮 · ${r.settleTime}`} style={{ padding: "8px 0 16px" }} />
          <Descriptions size="small" column={3} bordered items={[
            { key: "p", label: "参与人数", children: r.participantCount },
            { key: "k", label: "上榜人数", children: r.rankedCount },
            { key: "f", label: "完成人数", children: r.finishedCount },
            { key: "g", label: "小组数", children: r.groupCount },
            { key: "l", label: "补记积分流水", children: r.ledgerCount },
            { key: "e", label: "失效任务", children: r.expiredTaskCount },
          ]} />
          {r.top.length > 0 && (
            <Table
              style={{ marginTop: 16 }}
              size="small"
              rowKey={(x) => `${x.rankNo}-${x.displayName}`}
              pagination={false}
              dataSource={r.top}
              columns={[
                { title: "名次", dataIndex: "rankNo", width: 70 },
                { title: "姓名", dataIndex: "displayName" },
                { title: "总分", dataIndex: "totalScore", width: 90 },
                { title: "用时", dataIndex: "durationSeconds", width: 110, render: formatDuration },
              ]}
            />
          )}
        </>
      )}
    </Modal>
  );
}

/** 重启: new round (grades archived) or continue this round (grades removed), §5.3. */
function RestartDialog({ row, onClose }: { row?: TimeRow; onClose: () => void }) {
  const api = useApi();
  const act = useAction(TIME_RESOURCE);
  const [form] = Form.useForm();
  useEffect(() => {
    if (row) form.setFieldsValue({ restartMode: 1, endTime: undefined, startTime: undefined, reason: undefined });
  }, [row, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !row) return;
    const done = await act(() => api.post(`${TIME_API}/restartActivityTime`, { id: row.id, restartMode: v.restartMode, endTime: toServerTime(v.endTime), startTime: toServerTime(v.startTime), reason: v.reason }), "重启成功");
    if (done) onClose();
  };
  return (
    <Modal title={`重启时间段「${row?.timeName ?? ""}」`} open={Boolean(row)} onCancel={onClose} onOk={submit} okText="确定" cancelText="取消" forceRender>
      <Form form={form} layout="vertical" name="bbh-time-restart">
        <Form.Item label="重启方式" name="restartMode" initialValue={1}>
          <Radio.Group>
            <Space direction="vertical">
              <Radio value={1}>开启新一轮（本轮成绩存档，玩家重新开始）</Radio>
              <Radio value={2}>继续本轮（删除本轮成绩，恢复玩家进度）</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="结束时间" name="endTime" rules={[{ required: true, message: "请选择重启后的结束时间" }]}>
          <DatePicker showTime style={{ width: "100%" }} placeholder="请选择结束时间" />
        </Form.Item>
        <Form.Item label="开始时间" name="startTime" extra="不填则从现在开始">
          <DatePicker showTime style={{ width: "100%" }} placeholder="可选" />
        </Form.Item>
        <Form.Item label="重启原因" name="reason" rules={limitRules(activityTimeLimits.restartReason)}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface RankingPage {
  frozen: boolean;
  roundNo: number;
  records: Array<Record<string, unknown>>;
  total: number;
}

/** 排行榜: person / group, live while the round runs, the frozen grades once settled; earlier rounds too. */
export function RankingDialog({ row, onClose }: { row?: TimeRow; onClose: () => void }) {
  const api = useApi();
  const [type, setType] = useState<"person" | "group">("person");
  const [round, setRound] = useState<number>();
  const [pageNo, setPageNo] = useState(1);
  const [data, setData] = useState<RankingPage>();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setType("person");
    setRound(row?.roundNo);
    setPageNo(1);
  }, [row]);
  useEffect(() => {
    if (!row) return;
    setLoading(true);
    api
      .get<RankingPage>(`${TIME_API}/ranking`, { timeId: row.id, type, roundNo: round, pageNo, pageSize: 10 })
      .then(setData, () => setData(undefined))
      .finally(() => setLoading(false));
  }, [api, row, type, round, pageNo]);
  const rounds = Array.from({ length: row?.roundNo ?? 1 }, (_, i) => ({ value: i + 1, label: `第 ${i + 1} 轮` }));
  const person = [
    { title: "名次", dataIndex: "rankNo", width: 70 },
    { title: "姓名", dataIndex: "displayName" },
    { title: "总分", dataIndex: "totalScore", width: 80 },
    { title: "完成任务", dataIndex: "finishedTaskCount", width: 90 },
    { title: "用时", dataIndex: "durationSeconds", width: 100, render: (v: number | null) => formatDuration(v) },
    { title: "等级", dataIndex: "gradeLevel", width: 80, render: (v?: string) => v ?? "-" },
  ];
  const group = [
    { title: "名次", dataIndex: "rankNo", width: 70 },
    { title: "小组", dataIndex: "groupName" },
    { title: "人数", dataIndex: "memberCount", width: 70 },
    { title: "总分", dataIndex: "totalScore", width: 80 },
    { title: "平均分", dataIndex: "avgScore", width: 90 },
    { title: "排名分", dataIndex: "groupScore", width: 90 },
  ];
  return (
    <Modal title={`排行榜 · ${row?.timeName ?? ""}`} open={Boolean(row)} onCancel={onClose} footer={null} width={760}>
      <Space style={{ marginBottom: 12 }}>
        <Select value={round} options={rounds} onChange={(v) => (setRound(v), setPageNo(1))} style={{ width: 120 }} aria-label="轮次" />
        {data && <Tag color={data.frozen ? "success" : "processing"}>{data.frozen ? "已结算成绩" : "实时排行"}</Tag>}
      </Space>
      <Tabs activeKey={type} onChange={(k) => (setType(k as "person" | "group"), setPageNo(1))} items={[{ key: "person", label: "个人排行" }, { key: "group", label: "小组排行" }]} />
      <Table
        size="small"
        loading={loading}
        rowKey={(r) => `${r.rankNo}-${r.wxUserId ?? r.groupId}`}
        dataSource={data?.records ?? []}
        columns={type === "person" ? person : group}
        locale={{ emptyText: "暂无排行数据" }}
        pagination={{ current: pageNo, pageSize: 10, total: data?.total ?? 0, onChange: setPageNo, showTotal: (t) => `共 ${t} 条` }}
      />
    </Modal>
  );
}

/** 活动时间: every window (or one activity's, from `?activityId=`), CRUD, settle, restart, ranking. */
export default function ActivityTimeListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const statuses = useDictOptions("bbh_time_status");
  const [activityId] = useState(() => queryParam("activityId"));
  const [settling, setSettling] = useState<TimeRow>();
  const [restarting, setRestarting] = useState<TimeRow>();
  const [ranking, setRanking] = useState<TimeRow>();
  const [exporting, setExporting] = useState(false);

  const exportXls = async () => {
    setExporting(true);
    try {
      saveBlob(await api.download(`${TIME_API}/exportXls`, { activityId }), `${route.title}.xlsx`);
    } catch (error) {
      const failure = error as Failure;
      if (!failure.notified) message.warning(failure.message || "导出失败");
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <CrudPage<TimeRow & Record<string, unknown>>
        title={route.title}
        resource={TIME_RESOURCE}
        apiBase={TIME_API}
        codes={{ add: TIME_CODES.add, edit: TIME_CODES.edit, delete: TIME_CODES.delete, deleteBatch: TIME_CODES.deleteBatch }}
        permanentFilters={activityId ? [{ field: "activityId", operator: "eq", value: activityId }] : undefined}
        search={[
          ...(activityId ? [] : [{ name: "activityId", label: "活动", exact: true, input: <ActivitySelect allowClear /> }]),
          { name: "timeName", label: "时间段名称" },
          { name: "timeStatus", label: "状态", exact: true, input: <Select allowClear options={statuses} placeholder="请选择状态" /> },
        ]}
        columns={[
          { title: "时间段名称", dataIndex: "timeName", sorter: true, width: 140, render: (v: string) => <span style={{ whiteSpace: "nowrap" }}>{v}</span> },
          { title: "开始时间", dataIndex: "startTime", sorter: true, width: 170 },
          { title: "结束时间", dataIndex: "endTime", sorter: true, width: 170 },
          { title: "状态", dataIndex: "timeStatus", width: 120, render: (v: number, r) => <Tag color={r.displayStatus === "已截止·待结算" ? "orange" : TIME_COLORS[String(v)]}>{r.displayStatus ?? r.timeStatus_dictText}</Tag> },
          { title: "轮次", dataIndex: "roundNo", width: 70 },
          { title: "重启", dataIndex: "restartCount", width: 64 },
          { title: "参与", dataIndex: "participantCount", width: 64 },
          { title: "完成", dataIndex: "finishedCount", width: 64 },
          { title: "结算时间", dataIndex: "settleTime", width: 170 },
        ]}
        rowActions={(r) => [
          access.has(TIME_CODES.settle) && (r.timeStatus === 1 || r.timeStatus === 3) && <a key="settle" onClick={() => setSettling(r)}>结算</a>,
          access.has(TIME_CODES.restart) && r.timeStatus === 2 && <a key="restart" onClick={() => setRestarting(r)}>重启</a>,
          <a key="ranking" onClick={() => setRanking(r)}>排行榜</a>,
        ]}
        toolbar={
          access.has(TIME_CODES.export) && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportXls}>
              导出
            </Button>
          )
        }
        toForm={(r) => ({ ...r, range: [fromServerTime(r.startTime), fromServerTime(r.endTime)], autoSettle: r.autoSettle === 1 })}
        toBody={(v) => {
          const range = v.range as unknown[];
          return { activityId: v.activityId, timeName: v.timeName, startTime: toServerTime(range?.[0]), endTime: toServerTime(range?.[1]), autoSettle: v.autoSettle ? 1 : 0, sortNo: v.sortNo ?? 0 };
        }}
        form={({ record }) => (
          <>
            <Form.Item label="所属活动" name="activityId" initialValue={activityId} rules={[{ required: true, message: "请选择所属活动" }]}>
              <ActivitySelect disabled={Boolean(record)} />
            </Form.Item>
            <Form.Item label="时间段名称" name="timeName" rules={limitRules(activityTimeLimits.timeName)}>
              <Input placeholder="请输入时间段名称，如：第一期" />
            </Form.Item>
            <Form.Item label="起止时间" name="range" rules={[{ required: true, message: "请选择起止时间" }]} extra={record && record.timeStatus !== 0 ? "进行中的时间段只能修改名称或延长结束时间" : undefined}>
              <DatePicker.RangePicker showTime style={{ width: "100%" }} placeholder={["开始时间", "结束时间"]} />
            </Form.Item>
            <Form.Item name="autoSettle" valuePropName="checked">
              <Checkbox>到期自动结算（无待审核答案时）</Checkbox>
            </Form.Item>
            <Form.Item label="排序" name="sortNo" initialValue={0}>
              <InputNumber style={{ width: 160 }} />
            </Form.Item>
          </>
        )}
      />
      <SettleDialog
        row={settling}
        onClose={(settled) => {
          setSettling(undefined);
          if (settled) void invalidate({ resource: TIME_RESOURCE, invalidates: ["list"] });
        }}
      />
      <RestartDialog row={restarting} onClose={() => setRestarting(undefined)} />
      <RankingDialog row={ranking} onClose={() => setRanking(undefined)} />
    </>
  );
}
