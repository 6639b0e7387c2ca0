import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { App, Avatar, Button, Layout, Space, Typography } from "antd";

import type { Identity } from "../../providers/auth-provider";
import { fileUrl } from "../../providers/config";

export function Header({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { modal } = App.useApp();
  const { data: user } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();

  const confirmLogout = () =>
    modal.confirm({
      title: "提示",
      content: "真的要注销登录吗 ?",
      okText: "确定",
      cancelText: "取消",
      onOk: () => logout(),
    });

  return (
    <Layout.Header
      style={{
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        padding: "0 16px 0 0",
        background: "#fff",
        boxShadow: "0 1px 4px rgba(0, 21, 41, 0.08)",
      }}
    >
      <Button
        type="text"
        aria-label={collapsed ? "展开菜单" : "收起菜单"}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        style={{ width: 64, height: 64, fontSize: 16 }}
      />
      <Space size="middle">
        <Space size="small">
          <Avatar size="small" src={fileUrl(user?.avatar)} icon={<UserOutlined />} />
          <Typography.Text>欢迎您，{user?.realname || user?.username}</Typography.Text>
        </Space>
        <Button type="text" icon={<LogoutOutlined />} onClick={confirmLogout}>
          退出登录
        </Button>
      </Space>
    </Layout.Header>
  );
}
