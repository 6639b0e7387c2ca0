import { UserOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { Avatar, Card, Descriptions, Typography } from "antd";

import { fileUrl, PRODUCT_NAME } from "../../../providers/config";
import type { Identity } from "../../../providers/auth-provider";
import { greeting } from "./greeting";

export default function AnalysisPage() {
  const { data: user } = useGetIdentity<Identity>();
  const name = user?.realname || user?.username || "";

  return (
    <Card>
      <div style={{ display: "flex", alignItems: "center", gap: 24 }}>
        <Avatar size={72} src={fileUrl(user?.avatar)} icon={<UserOutlined />} style={{ flex: "none" }} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {greeting(new Date().getHours())}，{name}，欢迎使用{PRODUCT_NAME}
          </Typography.Title>
          <Descriptions size="small" column={2} style={{ marginTop: 12 }}>
            <Descriptions.Item label="账号">{user?.username}</Descriptions.Item>
            <Descriptions.Item label="姓名">{user?.realname}</Descriptions.Item>
          </Descriptions>
        </div>
      </div>
    </Card>
  );
}
