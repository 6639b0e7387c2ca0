import { Card, Menu } from "antd";
import type { ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";

import { useDevice } from "../../../layout/use-device";

export const SETTINGS_SECTIONS = [
  { key: "/account/settings/BaseSetting", label: "基本设置" },
  { key: "/account/settings/security", label: "安全设置" },
  { key: "/account/settings/custom", label: "个性化" },
  { key: "/account/settings/binding", label: "账户绑定" },
  { key: "/account/settings/notification", label: "新消息通知" },
];

/** 个人设置: a section menu (left, or on top on mobile) and the section. */
export function SettingsLayout({ title, children }: { title: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isMobile } = useDevice();
  return (
    <Card styles={{ body: { padding: isMobile ? 12 : "16px 0", display: "flex", flexDirection: isMobile ? "column" : "row" } }}>
      <Menu
        mode={isMobile ? "horizontal" : "inline"}
        selectedKeys={[pathname]}
        items={SETTINGS_SECTIONS}
        onClick={({ key }) => navigate(key)}
        style={{ width: isMobile ? "100%" : 224, flex: "none", borderInlineEnd: isMobile ? undefined : "1px solid #f0f0f0" }}
      />
      <div style={{ flex: 1, minWidth: 0, padding: isMobile ? "16px 0" : "8px 40px" }}>
        <div style={{ fontSize: 20, fontWeight: 500, marginBottom: 12 }}>{title}</div>
        {children}
      </div>
    </Card>
  );
}
