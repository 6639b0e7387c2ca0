/**
 * 系统设置 drawer (spec §2.3), labelled as a development preview. Edits the one settings object; every
 * change is applied at once and persisted.
 */
import { CheckOutlined } from "@ant-design/icons";
import { Alert, Button, Divider, Drawer, List, Select, Switch, Tooltip, Typography } from "antd";

import { PRESET_COLORS, resetSettings, updateSettings, useSettings, type LayoutSettings } from "../settings/settings";

function Choice({ selected, label, onClick, dark, top }: { selected: boolean; label: string; onClick: () => void; dark?: boolean; top?: boolean }) {
  return (
    <Tooltip title={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={selected}
        onClick={onClick}
        className="rm-setting-choice"
        style={{ background: dark ? "#001529" : "#f0f2f5" }}
      >
        <span style={{ position: "absolute", left: 0, top: 0, bottom: 0, width: top ? "100%" : 14, height: top ? 10 : undefined, background: dark ? "#001529" : "#fff", borderRight: top ? undefined : "1px solid #e8e8e8" }} />
        {selected && <CheckOutlined style={{ position: "absolute", right: 6, bottom: 4, color: "#1890FF" }} />}
      </button>
    </Tooltip>
  );
}

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useSettings();
  const set = <K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) => updateSettings({ [key]: value } as Partial<LayoutSettings>);
  const top = s.layout === "topmenu";

  const row = (label: React.ReactNode, action: React.ReactNode, key: string) => (
    <List.Item key={key} actions={[action]} style={{ paddingInline: 0 }}>
      {label}
    </List.Item>
  );

  return (
    <Drawer title="系统设置" placement="right" width={300} open={open} onClose={onClose} className="rm-settings-drawer">
      <Alert type="warning" showIcon message="该功能主要用于开发环境预览布局，设置保存在本地浏览器中。" style={{ marginBottom: 16 }} />

      <Typography.Title level={5}>整体风格设置</Typography.Title>
      <div style={{ display: "flex", gap: 16 }}>
        <Choice label="暗色菜单风格" dark selected={s.navTheme === "dark"} onClick={() => set("navTheme", "dark")} />
        <Choice label="亮色菜单风格" selected={s.navTheme === "light"} onClick={() => set("navTheme", "light")} />
      </div>

      <Divider />
      <Typography.Title level={5}>主题色</Typography.Title>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        {PRESET_COLORS.map((preset) => (
          <Tooltip key={preset.color} title={preset.key}>
            <button
              type="button"
              aria-label={preset.key}
              aria-pressed={s.primaryColor.toUpperCase() === preset.color}
              className="rm-color-block"
              style={{ background: preset.color }}
              onClick={() => set("primaryColor", preset.color)}
            >
              {s.primaryColor.toUpperCase() === preset.color && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider />
      <Typography.Title level={5}>导航模式</Typography.Title>
      <div style={{ display: "flex", gap: 16 }}>
        <Choice label="侧边栏导航" selected={!top} onClick={() => set("layout", "sidemenu")} />
        <Choice label="顶部栏导航" top selected={top} onClick={() => set("layout", "topmenu")} />
      </div>
      <List split={false} style={{ marginTop: 12 }}>
        {row(
          <Tooltip title="该设定仅 [顶部栏导航] 时有效">内容区域宽度</Tooltip>,
          <Select
            aria-label="内容区域宽度"
            size="small"
            style={{ width: 80 }}
            // The stored choice, also while it has no effect (side menu): the layout applies the rule, the drawer shows the setting.
            value={s.contentWidth}
            disabled={!top}
            onChange={(value) => set("contentWidth", value)}
            options={[
              { value: "Fixed", label: "固定" },
              { value: "Fluid", label: "流式" },
            ]}
          />,
          "contentWidth",
        )}
        {row("固定 Header", <Switch aria-label="固定 Header" size="small" checked={s.fixedHeader} onChange={(v) => set("fixedHeader", v)} />, "fixedHeader")}
        {row(
          <Typography.Text disabled={!s.fixedHeader}>下滑时隐藏 Header</Typography.Text>,
          <Switch aria-label="下滑时隐藏 Header" size="small" disabled={!s.fixedHeader} checked={s.fixedHeader && s.autoHideHeader} onChange={(v) => set("autoHideHeader", v)} />,
          "autoHideHeader",
        )}
        {row(
          <Typography.Text disabled={top}>固定侧边菜单</Typography.Text>,
          <Switch aria-label="固定侧边菜单" size="small" disabled={top} checked={!top && s.fixSiderbar} onChange={(v) => set("fixSiderbar", v)} />,
          "fixSiderbar",
        )}
      </List>

      <Divider />
      <Typography.Title level={5}>其他设置</Typography.Title>
      <List split={false}>
        {row("色弱模式", <Switch aria-label="色弱模式" size="small" checked={s.colorWeak} onChange={(v) => set("colorWeak", v)} />, "colorWeak")}
        {row("多页签模式", <Switch aria-label="多页签模式" size="small" checked={s.multipage} onChange={(v) => set("multipage", v)} />, "multipage")}
      </List>
      <Divider />
      <Button block onClick={resetSettings}>
        恢复默认设置
      </Button>
    </Drawer>
  );
}
