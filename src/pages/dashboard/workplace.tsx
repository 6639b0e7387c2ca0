import { UserOutlined } from "@ant-design/icons";
import { useGetIdentity, usePermissions } from "@refinedev/core";
import { Avatar, Card, Col, List, Progress, Row, Space, Statistic, Typography } from "antd";
import { useMemo } from "react";
import { Link } from "react-router";

import type { UserPermissions } from "../../../contract";
import type { Identity } from "../../../providers/auth-provider";
import { fileUrl, PRODUCT_NAME } from "../../../providers/config";
import { buildNavigation } from "../../../providers/menu";
import { demoActivities, demoProjects } from "../examples/demo-data";
import { DemoTag } from "../examples/demo-tag";
import { greeting } from "./greeting";

/** Menu pages offered as quick links, in this order, when the user's menu has them. */
const QUICK_LINK_PATHS = [
  "/isystem/user",
  "/isystem/roleUserList",
  "/isystem/depart",
  "/isystem/dict",
  "/isps/userAnnouncement",
  "/account/center",
  "/list/query-list",
  "/form/base-form",
];

function useQuickLinks() {
  // The same query the signed-in app loads the menu with, so this reads its cache.
  const { data } = usePermissions<UserPermissions>({ options: { queryKey: ["auth", "permissions", "menu"], staleTime: Infinity, retry: false } });
  return useMemo(() => {
    if (!data?.menu) return [];
    const { routes } = buildNavigation(data.menu, { globals: {} });
    return QUICK_LINK_PATHS.flatMap((path) => routes.filter((r) => r.path === path)).map((r) => ({ path: r.path, title: r.title }));
  }, [data]);
}

/** 工作台 (ant-design-vue-pro Workplace): greeting, projects in progress, recent activity and quick links. */
export default function WorkplacePage() {
  const { data: user } = useGetIdentity<Identity>();
  const name = user?.realname || user?.username || "";
  const links = useQuickLinks();
  const projects = demoProjects.filter((p) => p.status === "active").slice(0, 6);

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
              <Statistic title="项目数" value={demoProjects.length} />
              <Statistic title="进行中" value={projects.length} />
              <Statistic title="近期动态" value={demoActivities.length} />
            </Space>
          </Col>
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card
            title={<>进行中的项目<DemoTag /></>}
            extra={<Link to="/list/card">全部项目</Link>}
            styles={{ body: { padding: 0 } }}
            style={{ marginBottom: 16 }}
          >
            <Row>
              {projects.map((p) => (
                <Col key={p.id} xs={24} sm={12} lg={8}>
                  <Card.Grid hoverable={false} style={{ width: "100%", boxShadow: "none", borderRight: "1px solid #f0f0f0", borderBottom: "1px solid #f0f0f0" }}>
                    <Card.Meta
                      avatar={<Avatar size="small" style={{ background: "#1890FF" }}>{p.title[0]}</Avatar>}
                      title={p.title}
                      description={<Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 8 }}>{p.description}</Typography.Paragraph>}
                    />
                    <Progress percent={p.progress} size="small" />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {p.owner} · {p.createdAt.slice(0, 10)}
                    </Typography.Text>
                  </Card.Grid>
                </Col>
              ))}
            </Row>
          </Card>
          <Card title="动态">
            <List
              dataSource={demoActivities}
              renderItem={(a) => (
                <List.Item>
                  <List.Item.Meta
                    avatar={<Avatar style={{ background: "#52C41A" }}>{a.user[0]}</Avatar>}
                    title={
                      <span>
                        {a.user} {a.action} <a>{a.target}</a>
                      </span>
                    }
                    description={a.time}
                  />
                </List.Item>
              )}
            />
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
