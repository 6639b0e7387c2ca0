import { useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { Button, Card, DatePicker, Descriptions, Drawer, InputNumber, Popconfirm, Select, Space, Table, Tag, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";

import { actionColumn } from "../../../kit/action-column";
import { useAccess } from "../../../kit/auth";
import { useDictOptions } from "../../../kit/dict";
import { ExcelButtons } from "../../../kit/excel-buttons";
import type { PageProps } from "../../../kit/page";
import { SearchForm, searchFilters, type SearchField } from "../../../kit/search-form";
import { useAction, useApi } from "../../../kit/use-api";
import { errorNotification } from "../../../providers/data-provider";
import { AnswerContent, AnswerPreview } from "./answer-content";
import { AnswerHistory, type AnswerRow } from "./answer-history";
import { activityFilter, AUDIT_COLORS, taskFilter, timeFilter } from "./filters";
import { RejectModal } from "./reject-modal";
import { ANSWER_API, ANSWER_CODES, ANSWER_RESOURCE } from "./resource";
import { PlayerCell } from "../../../kit/player-cell";

export interface ReviewRow extends AnswerRow {
  wxUserId: string;
  nickname?: string | null;
  realName?: string | null;
  avatarUrl?: string | null;
  activityName?: string | null;
  timeName?: string | null;
  taskName?: string | null;
  taskScore?: number | null;
  maxSubmitTimes?: number | null;
  markName?: string | null;
  taskType_dictText?: string;
  isCorrect_dictText?: string;
}

const { RangePicker } = DatePicker;
const FMT = "YYYY-MM-DD HH:mm:ss";

/** 答案审核: pending answers first (oldest first), batch 通过/驳回 of the selected rows, and a review drawer. */
export default function AnswerListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(ANSWER_RESOURCE);
  const auditStatuses = useDictOptions("bbh_audit_status");
  const taskTypes = useDictOptions("bbh_task_type");
  const mayAudit = access.has(ANSWER_CODES.audit);
  const [selected, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState<string[]>();
  const [reviewing, setReviewing] = useState<ReviewRow>();
  const [customScore, setCustomScore] = useState<number | null>(null);

  const search: SearchField[] = [
    activityFilter,
    timeFilter,
    taskFilter,
    { name: "taskType", label: "任务类型", exact: true, input: <Select allowClear options={taskTypes} placeholder="请选择任务类型" /> },
    { name: "auditStatus", label: "审核状态", exact: true, input: <Select allowClear options={auditStatuses} placeholder="请选择审核状态" /> },
    { name: "submitTime", label: "提交时间", input: <RangePicker showTime format={FMT} placeholder={["开始时间", "结束时间"]} /> },
  ];
  const { tableProps, searchFormProps, sorters, filters, tableQuery } = useTable<ReviewRow>({
    resource: ANSWER_RESOURCE,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "submitTime", order: "asc" }] },
    filters: { initial: [{ field: "auditStatus", operator: "eq", value: "0" }] },
    onSearch: (values) => {
      const v = values as Record<string, unknown>;
      const range = v.submitTime as [Dayjs, Dayjs] | null | undefined;
      const rest = searchFilters(search.filter((f) => f.name !== "submitTime"), v);
      const time: CrudFilters = [
        { field: "submitTime", operator: "gte", value: range?.[0]?.format(FMT) },
        { field: "submitTime", operator: "lte", value: range?.[1]?.format(FMT) },
      ];
      setSelected([]);
      return [...rest, ...time];
    },
    errorNotification,
  });
  const rows = tableProps.dataSource ?? [];

  const afterReview = async () => {
    setSelected([]);
    await tableQuery.refetch();
  };
  const approve = (ids: string[]) =>
    act(() => api.post(`${ANSWER_API}/batchAudit`, { ids, auditStatus: 1 }), `已通过 ${ids.length} 条答案`).then(async (done) => {
      if (done) await afterReview();
      return done;
    });
  const reject = (ids: string[], reason: string) =>
    act(() => api.post(`${ANSWER_API}/batchAudit`, { ids, auditStatus: 2, auditRemark: reason }), `已驳回 ${ids.length} 条答案`).then(async (done) => {
      if (done) {
        await afterReview();
        setReviewing(undefined);
      }
      return done;
    });
  const reviewOne = async (row: ReviewRow, score?: number | null) => {
    const done = await act(() => api.post(`${ANSWER_API}/updateUserTaskAnswer`, { id: row.id, auditStatus: 1, score: score ?? undefined }), "审核成功");
    if (done) {
      await afterReview();
      step(row, 1);
    }
  };
  /** Opens the next (or previous) row of the page in the drawer; closes it past the end. */
  const step = (row: ReviewRow, by: 1 | -1) => {
    const i = rows.findIndex((r) => r.id === row.id);
    const next = rows[i + by];
    setCustomScore(null);
    setReviewing(next && next.id !== row.id ? next : undefined);
  };

  const links = (row: ReviewRow) => [
    <a key="review" onClick={() => { setCustomScore(null); setReviewing(row); }}>{mayAudit && row.isLatest === 1 ? "审核" : "查看"}</a>,
  ];

  return (
    <Card title={route.title}>
      <SearchForm formProps={{ ...searchFormProps, initialValues: { auditStatus: "0" } }} fields={search} />
      <Space style={{ marginBottom: 16 }} wrap>
        <ExcelButtons base={ANSWER_API} title="玩家任务答案" filters={filters} sorters={sorters} selections={selected} exportCode={ANSWER_CODES.export} onImported={() => undefined} />
        {mayAudit && (
          <>
            <Popconfirm title={`确定通过选中的 ${selected.length} 条答案吗？（按任务满分计分）`} onConfirm={() => void approve(selected)} okText="确定" cancelText="取消" disabled={!selected.length}>
              <Button type="primary" disabled={!selected.length}>批量通过</Button>
            </Popconfirm>
            <Button danger disabled={!selected.length} onClick={() => setRejecting(selected)}>批量驳回</Button>
          </>
        )}
        {selected.length > 0 && <Typography.Text type="secondary">已选 {selected.length} 条</Typography.Text>}
      </Space>
      <Table<ReviewRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1700 }}
        rowSelection={mayAudit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]), getCheckboxProps: (r) => ({ disabled: r.isLatest !== 1 }) } : undefined}
        columns={[
          { title: "提交时间", dataIndex: "submitTime", sorter: true, defaultSortOrder: "ascend", width: 170 },
          { title: "玩家", dataIndex: "nickname", width: 170, render: (_: unknown, r) => <PlayerCell row={r} /> },
          { title: "活动/时间段", dataIndex: "activityName", width: 200, ellipsis: true, render: (v: string | null, r) => `${v ?? "—"} / ${r.timeName ?? "—"}` },
          { title: "任务", dataIndex: "taskName", width: 130 },
          { title: "类型", dataIndex: "taskType", width: 90, render: (v: number, r) => r.taskType_dictText ?? v },
          { title: "印记", dataIndex: "markName", render: (v: string | null) => v ?? "—" },
          { title: "内容预览", key: "content", width: 240, render: (_: unknown, r) => <AnswerPreview answer={r} /> },
          { title: "距离(米)", dataIndex: "distanceM", sorter: true, render: (v: number | null) => v ?? "—" },
          { title: "第几次提交", dataIndex: "attemptNo", render: (v: number, r) => `${v} / ${r.maxSubmitTimes ?? "—"}` },
          { title: "自动判定", dataIndex: "isCorrect", render: (v: number | null, r) => (v === null || v === undefined ? "—" : (r.isCorrect_dictText ?? v)) },
          { title: "审核状态", dataIndex: "auditStatus", sorter: true, render: (v: number, r) => <Tag color={AUDIT_COLORS[v]}>{r.auditStatus_dictText ?? v}</Tag> },
          { title: "得分", dataIndex: "score", sorter: true, render: (v: number | null, r) => (v === null || v === undefined ? "—" : `${v} / ${r.taskScore ?? "—"}`) },
          { title: "审核人", dataIndex: "auditBy", render: (v: string | null) => v ?? "—" },
          actionColumn<ReviewRow>({ rows, links, fixed: "right" }),
        ]}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, pageSizeOptions: ["10", "20", "50"], showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条` }}
      />
      <Drawer
        title={reviewing ? `审核答案 · ${reviewing.nickname ?? reviewing.wxUserId} · ${reviewing.taskName ?? ""}` : "审核答案"}
        width={720}
        open={Boolean(reviewing)}
        onClose={() => setReviewing(undefined)}
        extra={
          reviewing && (
            <Space>
              <Button onClick={() => step(reviewing, -1)} disabled={rows[0]?.id === reviewing.id}>上一条</Button>
              <Button onClick={() => step(reviewing, 1)}>下一条</Button>
            </Space>
          )
        }
        footer={
          reviewing && mayAudit && reviewing.isLatest === 1 ? (
            <Space wrap>
              <Button type="primary" onClick={() => void reviewOne(reviewing)}>通过（满分 {reviewing.taskScore ?? 0}）</Button>
              <InputNumber min={0} max={reviewing.taskScore ?? 0} precision={0} value={customScore} onChange={(v) => setCustomScore(v)} placeholder="自定义分" style={{ width: 110 }} />
              <Button disabled={customScore === null} onClick={() => void reviewOne(reviewing, customScore)}>通过（自定义分）</Button>
              <Button danger onClick={() => setRejecting([reviewing.id])}>驳回</Button>
            </Space>
          ) : null
        }
      >
        {reviewing && (
          <Space direction="vertical" style={{ width: "100%" }} size="large">
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label="活动">{reviewing.activityName}</Descriptions.Item>
              <Descriptions.Item label="时间段">{reviewing.timeName}</Descriptions.Item>
              <Descriptions.Item label="任务">{reviewing.taskName}（{reviewing.taskType_dictText}）</Descriptions.Item>
              <Descriptions.Item label="满分">{reviewing.taskScore ?? "—"}</Descriptions.Item>
              <Descriptions.Item label="印记">{reviewing.markName ?? "—"}</Descriptions.Item>
              <Descriptions.Item label="提交">第{reviewing.attemptNo}次 · {reviewing.submitTime}</Descriptions.Item>
              <Descriptions.Item label="审核状态">
                <Tag color={AUDIT_COLORS[reviewing.auditStatus]}>{reviewing.auditStatus_dictText}</Tag>
                {reviewing.auditStatus === 1 ? `得分 ${reviewing.score ?? 0}` : ""}
              </Descriptions.Item>
              <Descriptions.Item label="审核意见">{reviewing.auditRemark ?? "—"}</Descriptions.Item>
            </Descriptions>
            <Card size="small" title="作答内容">
              <AnswerContent answer={reviewing} />
            </Card>
            <Card size="small" title="该任务的全部提交">
              <AnswerHistory key={reviewing.id} userTaskId={reviewing.userTaskId} via="answers" />
            </Card>
          </Space>
        )}
      </Drawer>
      <RejectModal open={Boolean(rejecting)} count={rejecting?.length ?? 0} onClose={() => setRejecting(undefined)} onOk={(reason) => reject(rejecting ?? [], reason)} />
    </Card>
  );
}
