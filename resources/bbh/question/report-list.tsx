import { useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { App, Button, Card, DatePicker, Descriptions, Input, Modal, Progress, Select, Space, Table, Tag, TreeSelect } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";

import { ActivitySelect } from "../../../kit/activity-select";
import { useAccess } from "../../../kit/auth";
import { actionColumn } from "../../../kit/action-column";
import { useDictOptions } from "../../../kit/dict";
import { ExcelButtons } from "../../../kit/excel-buttons";
import type { PageProps } from "../../../kit/page";
import { SearchForm, searchFilters, type SearchField } from "../../../kit/search-form";
import { useApi } from "../../../kit/use-api";
import { errorNotification } from "../../../providers/data-provider";
import { useQuestionPickers } from "./pickers";
import { toTree } from "./question-form";
import { QUESTION_API, QUESTION_CODES, REPORT_RECORD_API, REPORT_RECORD_CODES, REPORT_RECORD_RESOURCE } from "./resource";

interface RecordRow {
  id: string;
  questionId: string;
  questionContent?: string | null;
  wxUserId: string;
  wxUserName?: string | null;
  userAnswer?: string | null;
  isCorrect?: number | null;
  isCorrect_dictText?: string;
  score?: number | null;
  answerSeconds?: number | null;
  activityName?: string | null;
  taskName?: string | null;
  answerTime: string;
}

interface Stat {
  content?: string;
  answer?: string;
  useCount: number;
  correctCount: number;
  correctRate: number | null;
  avgSeconds: number | null;
  distribution?: Array<{ answer: string; count: number }>;
}

const FORMAT = "YYYY-MM-DD HH:mm:ss";

/** 答题记录 (`/bbh/api/question/reportRecord`, domain.md §7.3): the per-question answer log with each question's statistics. */
export default function ReportRecordListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const { message } = App.useApp();
  const yn = useDictOptions("bbh_yn");
  const { types } = useQuestionPickers({ withLinks: false });
  const [stat, setStat] = useState<Stat & { open: boolean }>();
  const [refreshing, setRefreshing] = useState(false);

  const search: SearchField[] = [
    { name: "typeId", label: "分类", exact: true, input: <TreeSelect allowClear treeDefaultExpandAll treeData={toTree(types)} placeholder="请选择分类（含下级）" /> },
    { name: "questionId", label: "题目编号", exact: true, input: <Input allowClear placeholder="请输入题目编号" /> },
    { name: "wxUserId", label: "玩家编号", exact: true, input: <Input allowClear placeholder="请输入玩家编号" /> },
    { name: "activityId", label: "活动", exact: true, input: <ActivitySelect /> },
    { name: "isCorrect", label: "是否正确", exact: true, input: <Select allowClear options={yn} placeholder="请选择" /> },
    { name: "answerTime", label: "答题时间", input: <DatePicker.RangePicker showTime style={{ width: "100%" }} /> },
  ];
  const { tableProps, searchFormProps, filters, sorters } = useTable<RecordRow>({
    resource: REPORT_RECORD_RESOURCE,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "answerTime", order: "desc" }] },
    onSearch: (values) => {
      const { answerTime, ...rest } = values as Record<string, unknown> & { answerTime?: [Dayjs, Dayjs] | null };
      const range: CrudFilters = [
        { field: "answerTime", operator: "gte", value: answerTime?.[0]?.format(FORMAT) },
        { field: "answerTime", operator: "lte", value: answerTime?.[1]?.format(FORMAT) },
      ];
      return [...searchFilters(search.filter((f) => f.name !== "answerTime"), rest), ...range];
    },
    errorNotification,
  });

  const showStat = async (row: RecordRow) => {
    try {
      setStat({ ...(await api.get<Stat>(`${QUESTION_API}/stat`, { questionId: row.questionId })), open: true });
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "统计失败");
    }
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      const { message: text } = await api.envelope("post", `${REPORT_RECORD_API}/refreshStat`, { payload: {} });
      message.success(text || "统计已更新");
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "更新失败");
    } finally {
      setRefreshing(false);
    }
  };

  const most = Math.max(1, ...(stat?.distribution ?? []).map((d) => d.count));
  return (
    <Card title={route.title}>
      <SearchForm formProps={searchFormProps} fields={search} />
      <Space style={{ marginBottom: 16 }} wrap>
        <ExcelButtons base={REPORT_RECORD_API} title="答题记录" filters={filters} sorters={sorters} exportCode={REPORT_RECORD_CODES.export} onImported={() => undefined} />
        {access.has(QUESTION_CODES.edit) && (
          <Button loading={refreshing} onClick={() => void refresh()}>
            更新题目统计
          </Button>
        )}
      </Space>
      <Table<RecordRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1200 }}
        columns={[
          { title: "答题时间", dataIndex: "answerTime", sorter: true, width: 170 },
          { title: "玩家", dataIndex: "wxUserName", width: 110, render: (v: string | null, r) => v ?? r.wxUserId },
          { title: "题目", dataIndex: "questionContent", ellipsis: true },
          { title: "作答", dataIndex: "userAnswer", width: 90 },
          { title: "是否正确", dataIndex: "isCorrect", sorter: true, width: 100, render: (v: number | null, r) => (v === null ? "—" : <Tag color={v === 1 ? "green" : "red"}>{r.isCorrect_dictText ?? (v === 1 ? "是" : "否")}</Tag>) },
          { title: "得分", dataIndex: "score", sorter: true, width: 70 },
          { title: "用时(秒)", dataIndex: "answerSeconds", sorter: true, width: 100 },
          { title: "活动/任务", key: "task", width: 220, ellipsis: true, render: (_, r) => [r.activityName, r.taskName].filter(Boolean).join(" / ") || "—" },
          actionColumn<RecordRow>({ rows: tableProps.dataSource, fixed: "right", links: (row) => [<a key="stat" onClick={() => void showStat(row)}>题目统计</a>] }),
        ]}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, pageSizeOptions: ["10", "20", "30"], showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条` }}
      />
      <Modal title="题目统计" open={Boolean(stat?.open)} onCancel={() => setStat(undefined)} footer={<Button onClick={() => setStat(undefined)}>关闭</Button>} width={640}>
        {stat && (
          <>
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="题目" span={2}>{stat.content}</Descriptions.Item>
              <Descriptions.Item label="正确答案">{stat.answer}</Descriptions.Item>
              <Descriptions.Item label="作答次数">{stat.useCount}</Descriptions.Item>
              <Descriptions.Item label="答对次数">{stat.correctCount}</Descriptions.Item>
              <Descriptions.Item label="平均用时">{stat.avgSeconds === null ? "—" : `${stat.avgSeconds} 秒`}</Descriptions.Item>
            </Descriptions>
            <div style={{ margin: "16px 0 8px" }}>正确率</div>
            <Progress percent={stat.correctRate ?? 0} format={() => (stat.correctRate === null ? "暂无" : `${stat.correctRate}%`)} />
            {Boolean(stat.distribution?.length) && (
              <>
                <div style={{ margin: "16px 0 8px" }}>选项分布</div>
                {stat.distribution!.map((d) => (
                  <div key={d.answer} style={{ display: "flex", alignItems: "center", gap: 8 }}>
                    <span style={{ width: 24 }}>{d.answer}</span>
                    <Progress style={{ flex: 1, margin: 0 }} percent={Math.round((100 * d.count) / most)} format={() => `${d.count} 次`} status={stat.answer?.split(",").includes(d.answer) ? "success" : "normal"} />
                  </div>
                ))}
              </>
            )}
          </>
        )}
      </Modal>
    </Card>
  );
}
