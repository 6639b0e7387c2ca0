import { Input, Popover, Space, Tooltip } from "antd";
import { createElement, useState } from "react";

import { menuIcon } from "../../../kit/menu-icons";

/** The antd-v3 icon names the side menu renders (src/layout/menu-icons.tsx). */
const ICON_NAMES = [
  "home", "setting", "user", "team", "dashboard", "bar-chart", "area-chart", "line-chart", "pie-chart", "appstore",
  "cloud", "database", "desktop", "monitor", "hdd", "cluster", "api", "code", "tool", "safety", "lock", "key",
  "idcard", "solution", "audit", "profile", "project", "schedule", "calendar", "table", "form", "file", "file-text",
  "folder", "book", "read", "message", "mail", "bell", "notification", "alert", "warning", "exception",
  "question", "check-circle", "flag", "star", "trophy", "gift", "tags", "shop", "bank", "account-book", "fund",
  "global", "environment", "link", "picture", "qrcode", "wechat", "apartment", "unordered-list",
];

/** An icon name field with a grid of the icons the menu can show. */
export function IconPicker({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const [open, setOpen] = useState(false);
  const grid = (
    <div style={{ width: 360, display: "grid", gridTemplateColumns: "repeat(8, 1fr)", gap: 8 }}>
      {ICON_NAMES.map((name) => (
        <Tooltip title={name} key={name}>
          <a
            aria-label={name}
            style={{ fontSize: 20, textAlign: "center", color: name === value ? "#1890ff" : undefined }}
            onClick={() => {
              onChange?.(name);
              setOpen(false);
            }}
          >
            {createElement(menuIcon(name))}
          </a>
        </Tooltip>
      ))}
    </div>
  );
  return (
    <Popover content={grid} title="选择图标" trigger="click" open={open} onOpenChange={setOpen}>
      <Input
        value={value}
        placeholder="点击选择图标"
        allowClear
        onChange={(e) => onChange?.(e.target.value)}
        addonBefore={<Space>{value ? createElement(menuIcon(value)) : null}</Space>}
      />
    </Popover>
  );
}
