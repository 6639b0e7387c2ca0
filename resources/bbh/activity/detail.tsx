import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Card, Col, Descriptions, Empty, Image, Row, Skeleton, Space, Statistic, Table, Tabs, Tag } from "antd";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";

import type { PageProps } from "../../../kit/page";
import { useApi } from "../../../kit/use-api";
import { fileUrl } from "../../../providers/config";
import { PUBLISH_COLORS, TIME_COLORS, sanitize } from "./common";
import { activityPaths } from "./list";
import { ACTIVITY_API } from "./resource";

interface Detail {
  id: string;
  activityName: string;
  activityType: number;
  activityType_dictText?: string;
  publishStatus: number;
  publishStatus_dictText?: string;
  coverImage?: string | null;
  summary?: string | null;
  content?: string | null;
  rules?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  organizerName?: string | null;
  address?: string | null;
  teamMode_dictText?: string;
  orderMode_dictText?: string;
  needApply_dictText?: string;
  needActivation_dictText?: string;
  totalScore: number;
  taskCount: number;
  redMarkCount: number;
  times: Array<{ id: string; timeName: string; startTime: string; endTime: string; timeStatus: number; displayStatus?: string; roundNo: number; participantCount?: number }>;
  stats: { applyCount: number; pendingApplyCount: number; participantCount: number; finishedCount: number; pendingAnswerCount: number; activationUnused: number };
}

/** 活动详情 (hidden route `/bbh/activity/detail/:id` and `/bbh/activity/red/detail/:id`), from `getById`. */
export default function ActivityDetailPage({ route, id: given }: PageProps) {
  const params = useParams();
  const id = given ?? params.id ?? "";
  const api = useApi();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<Detail>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api.get<Detail>(`${ACTIVITY_API}/getById`, { id }).then(setDetail, (e: { message?: string }) => setError(e.message || "加载失败"));
  }, [api, id]);
  if (error) return <Card title={route.title}><Empty description={error} /></Card>;
  if (!detail) return <Card title={route.title}><Skeleton active /></Card>;
  const paths = activityPaths(detail.activityType, detail.id);
  const s = detail.stats;
  return (
    <Card
      title={
        <Space>
          {detail.activityName}
          <Tag color={PUBLISH_COLORS[String(detail.publishStatus)]}>{detail.publishStatus_dictText}</Tag>
        </Space>
      }
      extra={
        <Space>
          <Button onClick={() => navigate(paths.times)}>时间段</Button>
          <Button onClick={() => navigate(paths.tasks)}>任务</Button>
          {detail.activityType === 2 && <Button onClick={() => navigate(paths.marks)}>印记列表</Button>}
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(detail.activityType === 2 ? "/bbh/activity/red" : "/bbh/activity/custom")}>
            返回
          </Button>
        </Space>
      }
    >
      <Row gutter={16} style={{ marginBottom: 24 }}>
        {[
          ["报名人数", s.applyCount],
          ["待审核报名", s.pendingApplyCount],
          ["参与人数", s.participantCount],
          ["完成人数", s.finishedCount],
          ["待审核答案", s.pendingAnswerCount],
          ["未用激活码", s.activationUnused],
        ].map(([label, value]) => (
          <Col key={label} span={4}>
            <Card size="small">
              <Statistic title={label} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Tabs
        items={[
          {
            key: "base",
            label: "基本信息",
            children: (
              <Row gutter={24}>
                <Col span={6}>{detail.coverImage ? <Image src={fileUrl(detail.coverImage)} width="100%" alt="封面" /> : <Empty description="暂无封面" />}</Col>
                <Col span={18}>
                  <Descriptions bordered size="small" column={2} items={[
                    { key: "type", label: "活动类型", children: detail.activityType_dictText },
                    { key: "time", label: "活动时间", children: detail.startTime ? `${detail.startTime} ~ ${detail.endTime}` : "未设置" },
                    { key: "org", label: "主办单位", children: detail.organizerName ?? "—" },
                    { key: "addr", label: "活动地点", children: detail.address ?? "—" },
                    { key: "team", label: "参与方式", children: detail.teamMode_dictText },
                    { key: "order", label: "闯关顺序", children: detail.orderMode_dictText },
                    { key: "apply", label: "需要报名", children: detail.needApply_dictText },
                    { key: "act", label: "需要激活码", children: detail.needActivation_dictText },
                    { key: "tasks", label: "任务数", children: detail.taskCount },
                    { key: "score", label: "满分", children: detail.totalScore },
                    ...(detail.activityType === 2 ? [{ key: "marks", label: "印记数", children: detail.redMarkCount }] : []),
                    { key: "summary", label: "活动简介", span: 2, children: detail.summary ?? "—" },
                  ]} />
                </Col>
              </Row>
            ),
          },
          {
            key: "times",
            label: `时间段（${detail.times.length}）`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={detail.times}
                columns={[
                  { title: "时间段", dataIndex: "timeName" },
                  { title: "开始时间", dataIndex: "startTime" },
                  { title: "结束时间", dataIndex: "endTime" },
                  { title: "状态", dataIndex: "displayStatus", render: (v: string, r) => <Tag color={TIME_COLORS[String(r.timeStatus)]}>{v}</Tag> },
                  { title: "轮次", dataIndex: "roundNo" },
                  { title: "参与人数", dataIndex: "participantCount" },
                ]}
              />
            ),
          },
          { key: "content", label: "活动介绍", children: <div dangerouslySetInnerHTML={{ __html: sanitize(detail.content ?? "") || "暂无" }} /> },
          { key: "rules", label: "活动规则", children: <div dangerouslySetInnerHTML={{ __html: sanitize(detail.rules ?? "") || "暂无" }} /> },
        ]}
      />
    </Card>
  );
}
