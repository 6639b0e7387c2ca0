/** 工作台 (`dashboard/Workplace`): my pending work (answers awaiting review), my announcements, quick links. */
import { AuditOutlined, UserOutlined } from "@ant-design/icons";
import { useGetIdentity, usePermissions } from "@refinedev/core";
import { Avatar, Card, Col, Empty, Row, Space, Statistic, Typography } from "antd";
import { useMemo } from "react";
import { Link } from "react-router";

import type { UserPermissions } from "../../../contract";
import type { Identity } from "../../../providers/auth-provider";
import { fileUrl, PRODUCT_NAME } from "../../../providers/config";
import { buildNavigation } from "../../../providers/menu";
import { MyAnnouncements } from "../announcement/my-announcements";
import { greeting } from "./greeting";
import { useSummary } from "./use-summary";

/** Menu pages offered as quick links, in this order, when the user's menu has them. */
const QUICK_LINK_PATHS = [
  "/bbh/player/answer",
  "/bbh/activity/custom",
  "/bbh/activity/red",
  "/bbh/redmark",
  "/bbh/player/userActivity",
  "/isystem/user",
  "/isystem/roleUserList",
  "/isystem/depart",
  "/isystem/online",
  "/isps/userAnnouncement",
  "/account/center",
];
const ANSWER_PAGE = "/bbh/player/answer";

function useMenuRoutes() {
  // The same query the signed-in app loads the menu with, so this reads its cache.
  const { data } = usePermissions<UserPermissions>({ options: { queryKey: ["auth", "permissions", "menu"], staleTime: Infinity, retry: false } });
  return useMemo(() => (data?.menu ? buildNavigation(data.menu, { globals: {} }).routes : []), [data]);
}

export default function WorkplacePage() {
  const { data: user } = useGetIdentity<Identity>();
  const name = user?.realname || user?.username || "";
  const routes = useMenuRoutes();
  const links = QUICK_LINK_PATHS.flatMap((path) => routes.filter((r) => r.path === path)).slice(0, 8);
  const canReview = routes.some((r) => r.path === ANSWER_PAGE);
  const { summary, query } = useSummary();

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card>
        <Row gutter={[24, 16]} align="middle">
          <Col flex="auto">
            <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
              <Avatar size={64} src={fileUrl(user?.avatar)} icon={<UserOutlined />} style={{ flex: "none" }} />
              <div style={{ minWidth: 0 }}>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {greeting(new Date().getHours())}，{name}，祝你开心每一天！
                </Typography.Title>
                <Typography.Text type="secondary">{PRODUCT_NAME} · 工作台</Typography.Text>
              </div>
            </div>
          </Col>
          <Col>
            <Space size={40}>
              {summary?.activities && <Statistic title="活动" value={summary.activities.total} />}
              {summary?.players && <Statistic title="今日新增玩家" value={summary.players.today} />}
            </Space>
          </Col>
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title="我的待办" loading={query.isLoading} style={{ marginBottom: 16 }}>
            {summary?.answers ? (
              <Card.Grid hoverable={false} style={{ width: "100%", boxShadow: "none" }}>
                <Space size={24} align="center">
                  <Avatar size={48} style={{ background: summary.answers.pending ? "#fa8c16" : "#52c41a" }} icon={<AuditOutlined />} />
                  <Statistic title="待审核答案" value={summary.answers.pending} suffix="条" />
                  {canReview && <Link to={`${ANSWER_PAGE}?auditStatus=0`}>去审核</Link>}
                </Space>
              </Card.Grid>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办事项" />
            )}
          </Card>
          <Card title="我的消息" extra={<Link to="/isps/userAnnouncement">查看全部</Link>}>
            <MyAnnouncements compact />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="快速开始 / 便捷导航">
            {links.length ? (
              <Row gutter={[8, 12]}>
                {links.map((l) => (
                  <Col key={l.path} span={12}>
                    <Link to={l.path}>{l.title}</Link>
                  </Col>
                ))}
              </Row>
            ) : (
              <Typography.Text type="secondary">暂无可用的快捷导航</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
