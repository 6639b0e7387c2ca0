import { ArrowLeftOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Avatar, Button, Card, Descriptions, Result, Space, Spin, Statistic, Table, Tabs, Tag } from "antd";
import { useNavigate, useParams } from "react-router";

import type { PageProps } from "../../../kit/page";
import { fileUrl } from "../../../providers/config";
import { errorNotification } from "../../../providers/data-provider";
import type { WxUserRow } from "./list";
import { WX_USER_API } from "./resource";

interface WxUserDetail extends WxUserRow {
  unionid?: string | null;
  registerScene?: string | null;
  lastLoginIp?: string | null;
  orgCode?: string | null;
  isPointMaker_dictText?: string;
  students: Array<{ id: string; studentName: string; studentNo: string; schoolName?: string | null; schoolGrade_dictText?: string; className: string; studentStatus_dictText?: string }>;
  stats: { activityCount: number; joinCount: number; finishedCount: number; totalScore: number };
  activities: Array<{ id: string; activityName?: string | null; roundNo: number; uaStatus_dictText?: string; totalScore: number; rankNo?: number | null; joinTime: string }>;
}

/** 微信用户详情 (`/bbh/wxUser/detail/:id`, hidden route): profile, bound students and activities. */
export default function WxUserDetailPage({ id: openedWith }: PageProps) {
  const params = useParams();
  const id = openedWith ?? params.id ?? "";
  const navigate = useNavigate();
  const { result, query } = useCustom<WxUserDetail>({ url: `${WX_USER_API}/queryById`, method: "get", config: { query: { id } }, queryOptions: { enabled: Boolean(id) }, errorNotification });
  const user = result?.data as WxUserDetail | undefined;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate("/bbh/wxUser")}>
      返回列表
    </Button>
  );
  if (query.isLoading) return <Spin style={{ display: "block", margin: 48 }} />;
  if (!user?.id) return <Result status="404" title="微信用户不存在" extra={back} />;
  return (
    <Card
      title={
        <Space>
          <Avatar src={user.avatarUrl ? fileUrl(user.avatarUrl) : undefined}>{(user.nickname ?? "微").slice(0, 1)}</Avatar>
          {user.nickname ?? "微信用户"}
          {user.isPointMaker === 1 && <Tag color="gold">打点员</Tag>}
          <Tag color={user.userStatus === 0 ? "green" : "red"}>{user.userStatus_dictText}</Tag>
        </Space>
      }
      extra={back}
    >
      <Space size={48} style={{ marginBottom: 16 }}>
        <Statistic title="参与活动" value={user.stats.activityCount} />
        <Statistic title="参与轮次" value={user.stats.joinCount} />
        <Statistic title="完成" value={user.stats.finishedCount} />
        <Statistic title="活动累计得分" value={user.stats.totalScore} />
      </Space>
      <Tabs
        items={[
          {
            key: "info",
            label: "基本信息",
            children: (
              <Descriptions bordered size="small" column={2}>
                <Descriptions.Item label="真实姓名">{user.realName ?? "—"}</Descriptions.Item>
                <Descriptions.Item label="性别">{user.gender_dictText ?? "—"}</Descriptions.Item>
                <Descriptions.Item label="手机号">{user.phone ?? "—"}</Descriptions.Item>
                <Descriptions.Item label="openid">{user.openid ?? "—"}</Descriptions.Item>
                <Descriptions.Item label="所属组织">{user.sysDepartId_dictText ?? "—"}</Descriptions.Item>
                <Descriptions.Item label="学校/学生">{[user.schoolId_dictText, user.studentId_dictText].filter(Boolean).join(" / ") || "—"}</Descriptions.Item>
                <Descriptions.Item label="累计积分">{user.totalScore ?? 0}</Descriptions.Item>
                <Descriptions.Item label="注册场景">{user.registerScene ?? "—"}</Descriptions.Item>
                <Descriptions.Item label="注册时间">{user.createTime}</Descriptions.Item>
                <Descriptions.Item label="最后登录">{user.lastLoginTime ?? "—"}</Descriptions.Item>
                <Descriptions.Item label="备注" span={2}>
                  {user.remark ?? "—"}
                </Descriptions.Item>
              </Descriptions>
            ),
          },
          {
            key: "students",
            label: `绑定学生（${user.students.length}）`,
            children: (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={user.students}
                columns={[
                  { title: "学号", dataIndex: "studentNo" },
                  { title: "姓名", dataIndex: "studentName" },
                  { title: "学校", dataIndex: "schoolName" },
                  { title: "年级", dataIndex: "schoolGrade_dictText" },
                  { title: "班级", dataIndex: "className" },
                  { title: "学籍状态", dataIndex: "studentStatus_dictText" },
                ]}
              />
            ),
          },
          {
            key: "activities",
            label: `参与活动（${user.stats.joinCount}）`,
            children: (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={user.activities}
                columns={[
                  { title: "活动", dataIndex: "activityName" },
                  { title: "轮次", dataIndex: "roundNo", render: (v: number) => `第${v}轮` },
                  { title: "状态", dataIndex: "uaStatus_dictText" },
                  { title: "得分", dataIndex: "totalScore" },
                  { title: "排名", dataIndex: "rankNo", render: (v: number | null) => v ?? "—" },
                  { title: "参与时间", dataIndex: "joinTime" },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
