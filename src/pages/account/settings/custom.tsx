import { List, Select, Switch } from "antd";

import { PRESET_COLORS, updateSettings, useSettings } from "../../../settings/settings";
import { SettingsLayout } from "./settings-layout";

/** 个性化: the menu theme and theme colour of the layout settings. */
export default function CustomSettingsPage() {
  const settings = useSettings();
  return (
    <SettingsLayout title="个性化">
      <List itemLayout="horizontal">
        <List.Item
          actions={[
            <Switch
              key="theme"
              aria-label="暗色菜单"
              checkedChildren="暗色"
              unCheckedChildren="白色"
              checked={settings.navTheme === "dark"}
              onChange={(dark) => updateSettings({ navTheme: dark ? "dark" : "light" })}
            />,
          ]}
        >
          <List.Item.Meta title="风格配色" description="整体风格配色设置" />
        </List.Item>
        <List.Item
          actions={[
            <Select
              key="color"
              aria-label="主题色"
              style={{ width: 160 }}
              value={settings.primaryColor.toUpperCase()}
              onChange={(color: string) => updateSettings({ primaryColor: color })}
              options={PRESET_COLORS.map((p) => ({ value: p.color, label: <span><span style={{ display: "inline-block", width: 12, height: 12, background: p.color, marginRight: 8 }} />{p.key}</span> }))}
            />,
          ]}
        >
          <List.Item.Meta title="主题色" description="页面风格配色" />
        </List.Item>
      </List>
    </SettingsLayout>
  );
}
