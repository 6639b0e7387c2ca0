import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Card, Descriptions, Empty, Skeleton, Space, Table, Tabs, Tag } from "antd";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";

import type { PageProps } from "../../../kit/page";
import { useApi } from "../../../kit/use-api";
import { AttemptTimeline, type AnswerRow } from "./answer-history";
import { duration, UA_COLORS, UT_COLORS } from "./filters";
import { USER_ACTIVITY_API } from "./resource";
import { PlayerCell } from "../../../kit/player-cell";
import type { UserActivityRow } from "./user-activity-list";

interface TaskRow {
  id: string;
  taskName?: string | null;
  taskSortNo?: number | null;
  taskType_dictText?: string;
  markName?: string | null;
  utStatus: number;
  utStatus_dictText?: string;
  score: number;
  taskScore?: number | null;
  submitCount: number;
  maxSubmitTimes?: number | null;
  unlockTime?: string | null;
  finishTime?: string | null;
  answers: AnswerRow[];
}
interface LedgerRow {
  id: string;
  scoreType_dictText?: string;
  scoreChange: number;
  scoreAfter: number;
  reason?: string | null;
  operator?: string | null;
  createTime?: string;
}
interface Detail extends UserActivityRow {
  startTime?: string | null;
  finishTime?: string | null;
  tasks: TaskRow[];
  scoreRecords: LedgerRow[];
}

/** 玩家活动详情 (hidden route `/bbh/player/userActivity/detail/:id`): task progress with every attempt, and the ledger. */
export default function UserActivityDetailPage({ route, id: given }: PageProps) {
  const params = useParams();
  const id = given ?? params.id ?? "";
  const api = useApi();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<Detail>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api.get<Detail>(`${USER_ACTIVITY_API}/detail`, { id }).then(setDetail, (e: { message?: string }) => setError(e.message || "加载失败"));
  }, [api, id]);
  if (error) return <Card title={route.title}><Empty description={error} /></Card>;
  if (!detail) return <Card title={route.title}><Skeleton active /></Card>;
  const ledgerSum = detail.scoreRecords.reduce((s, r) => s + r.scoreChange, 0);
  return (
    <Card
      title={
        <Space>
          <PlayerCell row={detail} />
          <span>{detail.activityName}</span>
          <Tag color={UA_COLORS[detail.uaStatus]}>{detail.uaStatus_dictText}</Tag>
        </Space>
      }
      extra={<Button icon={<ArrowLeftOutlined />} onClick={() => navigate("/bbh/player/userActivity")}>返回</Button>}
    >
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="时间段/轮次">{detail.timeName ?? "—"} / 第{detail.roundNo}轮</Descriptions.Item>
        <Descriptions.Item label="小组">{detail.groupName ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="总分">{detail.totalScore}</Descriptions.Item>
        <Descriptions.Item label="名次">{detail.rankNo ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="完成任务">{detail.finishedTaskCount} / {detail.totalTaskCount || detail.tasks.length}</Descriptions.Item>
        <Descriptions.Item label="完成印记">{detail.finishedMarkCount}</Descriptions.Item>
        <Descriptions.Item label="用时">{duration(detail.durationSeconds)}</Descriptions.Item>
        <Descriptions.Item label="手机号">{detail.phone ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="加入时间">{detail.joinTime}</Descriptions.Item>
        <Descriptions.Item label="开始时间">{detail.startTime ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="完成时间">{detail.finishTime ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="最后活跃">{detail.lastActiveTime ?? "—"}</Descriptions.Item>
      </Descriptions>
      <Tabs
        items={[
          {
            key: "tasks",
            label: `任务进度（${detail.tasks.length}）`,
            children: (
              <Table<TaskRow>
                rowKey="id"
                size="middle"
                pagination={false}
                dataSource={detail.tasks}
                expandable={{ expandedRowRender: (t) => <AttemptTimeline answers={t.answers} />, rowExpandable: (t) => t.answers.length > 0 }}
                columns={[
                  { title: "序号", dataIndex: "taskSortNo", width: 70 },
                  { title: "任务", dataIndex: "taskName" },
                  { title: "类型", dataIndex: "taskType_dictText" },
                  { title: "所在印记", dataIndex: "markName", render: (v: string | null) => v ?? "—" },
                  { title: "状态", dataIndex: "utStatus", render: (v: number, t) => <Tag color={UT_COLORS[v]}>{t.utStatus_dictText ?? v}</Tag> },
                  { title: "得分", dataIndex: "score", render: (v: number, t) => `${v} / ${t.taskScore ?? "—"}` },
                  { title: "提交次数", dataIndex: "submitCount", render: (v: number, t) => `${v} / ${t.maxSubmitTimes ?? "—"}` },
                  { title: "解锁时间", dataIndex: "unlockTime" },
                  { title: "完成时间", dataIndex: "finishTime" },
                ]}
              />
            ),
          },
          {
            key: "ledger",
            label: `积分流水（${detail.scoreRecords.length}）`,
            children: (
              <Table<LedgerRow>
                rowKey="id"
                size="middle"
                pagination={false}
                dataSource={detail.scoreRecords}
                footer={() => `流水合计 ${ledgerSum} 分${ledgerSum === detail.totalScore ? "，与总分一致" : `，总分 ${detail.totalScore} 分`}`}
                columns={[
                  { title: "时间", dataIndex: "createTime" },
                  { title: "类型", dataIndex: "scoreType_dictText" },
                  { title: "变动", dataIndex: "scoreChange", render: (v: number) => <span style={{ color: v >= 0 ? "#389e0d" : "#cf1322" }}>{v > 0 ? `+${v}` : v}</span> },
                  { title: "变动后", dataIndex: "scoreAfter" },
                  { title: "原因", dataIndex: "reason" },
                  { title: "操作人", dataIndex: "operator" },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
