import { List, Switch } from "antd";
import { useState } from "react";

import { local } from "../../../../providers/storage";
import { SettingsLayout } from "./settings-layout";

const KEY = "ACCOUNT_NOTIFICATION_SETTINGS";
const ITEMS = [
  { key: "password", title: "账户密码", description: "其他用户的消息将以站内信的形式通知" },
  { key: "system", title: "系统消息", description: "系统消息将以站内信的形式通知" },
  { key: "todo", title: "待办任务", description: "待办任务将以站内信的形式通知" },
] as const;

type Choices = Record<(typeof ITEMS)[number]["key"], boolean>;

/** 新消息通知: which notices this browser shows; kept in local storage. */
export default function NotificationSettingsPage() {
  const [choices, setChoices] = useState<Choices>(() => ({ password: true, system: true, todo: true, ...local.get<Choices>(KEY) }));
  const set = (key: keyof Choices, value: boolean) => {
    const next = { ...choices, [key]: value };
    setChoices(next);
    local.set(KEY, next);
  };
  return (
    <SettingsLayout title="新消息通知">
      <List
        itemLayout="horizontal"
        dataSource={[...ITEMS]}
        renderItem={(item) => (
          <List.Item actions={[<Switch key="on" aria-label={item.title} checkedChildren="开" unCheckedChildren="关" checked={choices[item.key]} onChange={(v) => set(item.key, v)} />]}>
            <List.Item.Meta title={item.title} description={item.description} />
          </List.Item>
        )}
      />
    </SettingsLayout>
  );
}
