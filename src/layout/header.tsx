import {
  ClusterOutlined,
  DownOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  ToolOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { App, Avatar, Button, Dropdown, Layout, Tooltip } from "antd";
import { useRef, type CSSProperties, type ReactNode } from "react";
import { useNavigate } from "react-router";

import type { Identity } from "../../providers/auth-provider";
import { fileUrl, helpUrl, PRODUCT_NAME } from "../../providers/config";
import type { Navigation } from "../../providers/menu";
import { DepartModal, type DepartModalHandle } from "./header/depart-modal";
import { MenuSearch } from "./header/menu-search";
import { NoticeBell } from "./header/notice-bell";
import { PasswordModal, type PasswordModalHandle } from "./header/password-modal";

export const HEADER_HEIGHT = 64;

export interface HeaderProps {
  navigation: Navigation;
  collapsed: boolean;
  onToggle: () => void;
  isMobile: boolean;
  small: boolean;
  dark: boolean;
  /** The top menu, shown in the header in top-navigation mode. */
  topMenu?: ReactNode;
  onOpenSettings: () => void;
  style?: CSSProperties;
}

/** Top bar: menu toggle (or top menu), menu search, help, bell, user dropdown and logout (spec §2.3). */
export function Header({ navigation, collapsed, onToggle, isMobile, small, dark, topMenu, onOpenSettings, style }: HeaderProps) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data: user } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  const password = useRef<PasswordModalHandle>(null);
  const depart = useRef<DepartModalHandle>(null);

  const confirmLogout = () =>
    modal.confirm({
      title: "提示",
      content: "真的要注销登录吗 ?",
      okText: "确定",
      cancelText: "取消",
      onOk: () => logout(),
    });

  const userMenu = [
    { key: "center", icon: <UserOutlined />, label: "个人中心", onClick: () => navigate("/account/center") },
    { key: "settings", icon: <SettingOutlined />, label: "账户设置", onClick: () => navigate("/account/settings/BaseSetting") },
    { key: "system", icon: <ToolOutlined />, label: "系统设置", onClick: onOpenSettings },
    { key: "password", icon: <LockOutlined />, label: "修改密码", onClick: () => password.current?.show(user?.username) },
    { key: "depart", icon: <ClusterOutlined />, label: "切换部门", onClick: () => void depart.current?.show() },
    { type: "divider" as const },
    { key: "logout", icon: <LogoutOutlined />, label: "退出登录", onClick: confirmLogout },
  ];

  const fg = dark ? "rgba(255,255,255,0.85)" : undefined;
  const help = helpUrl();

  return (
    <Layout.Header className={`rm-header${dark ? " rm-header-dark" : ""}`} style={{ height: HEADER_HEIGHT, ...style }}>
      {topMenu ? (
        <div className="rm-header-brand">{PRODUCT_NAME}</div>
      ) : (
        <Button
          type="text"
          aria-label={isMobile ? "打开菜单" : collapsed ? "展开菜单" : "收起菜单"}
          icon={collapsed || isMobile ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          style={{ width: 64, height: 64, fontSize: 16, color: fg, flex: "none" }}
        />
      )}
      {topMenu ?? <div style={{ flex: 1, minWidth: 0 }} />}
      <div className="rm-header-right" style={{ color: fg }}>
        {!small && <MenuSearch navigation={navigation} />}
        {!small && help && (
          <Tooltip title="帮助文档">
            <a className="rm-header-action" href={help} target="_blank" rel="noopener noreferrer" aria-label="帮助文档" style={{ color: fg }}>
              <QuestionCircleOutlined style={{ fontSize: 16 }} />
            </a>
          </Tooltip>
        )}
        <NoticeBell />
        <Dropdown menu={{ items: userMenu }} trigger={["click"]} placement="bottomRight">
          <span className="rm-header-action rm-user-menu" role="button" tabIndex={0} aria-label="用户菜单">
            <Avatar size="small" src={fileUrl(user?.avatar)} icon={<UserOutlined />} />
            {!small && <span className="rm-user-name">欢迎您，{user?.realname || user?.username}</span>}
            <DownOutlined style={{ fontSize: 10 }} />
          </span>
        </Dropdown>
        <Tooltip title="退出登录">
          <Button type="text" aria-label="退出登录" icon={<LogoutOutlined />} onClick={confirmLogout} style={{ color: fg }}>
            {small ? null : "退出登录"}
          </Button>
        </Tooltip>
      </div>
      <PasswordModal ref={password} />
      <DepartModal ref={depart} closable username={user?.username} />
    </Layout.Header>
  );
}
