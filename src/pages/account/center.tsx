import { MailOutlined, PhoneOutlined, TeamOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Card, Col, Divider, Row, Skeleton, Space, Typography } from "antd";
import { useNavigate } from "react-router";

import { fileUrl } from "../../../providers/config";
import { MyAnnouncements } from "../announcement/my-announcements";
import { useProfile } from "./use-profile";

/** 个人中心: the user's profile card and their announcements. */
export default function AccountCenterPage() {
  const { user, loading } = useProfile();
  const navigate = useNavigate();
  return (
    <Row gutter={24}>
      <Col xs={24} lg={7} style={{ marginBottom: 24 }}>
        <Card>
          {loading || !user ? (
            <Skeleton active avatar />
          ) : (
            <>
              <div style={{ textAlign: "center" }}>
                <Avatar size={104} src={fileUrl(user.avatar)} icon={<UserOutlined />} />
                <Typography.Title level={4} style={{ marginTop: 16, marginBottom: 4 }}>
                  {user.realname || user.username}
                </Typography.Title>
                <Typography.Text type="secondary">{user.username}</Typography.Text>
              </div>
              <Divider />
              <Space direction="vertical">
                <span><TeamOutlined /> 当前部门编码：{user.orgCode || "无"}</span>
                <span><PhoneOutlined /> {user.phone || "未设置手机号"}</span>
                <span><MailOutlined /> {user.email || "未设置邮箱"}</span>
              </Space>
              <Divider />
              <a onClick={() => navigate("/account/settings/BaseSetting")}>编辑个人资料</a>
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={17}>
        <Card title="我的消息">
          <MyAnnouncements compact />
        </Card>
      </Col>
    </Row>
  );
}
