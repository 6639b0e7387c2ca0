import { useGetIdentity } from "@refinedev/core";
import { List, Tag } from "antd";

import type { Identity } from "../../../../providers/auth-provider";
import { useProfile } from "../use-profile";
import { SettingsLayout } from "./settings-layout";

/** 账户绑定: which sign-in channels this account has (from the profile); third-party binding is not offered. */
export default function BindingPage() {
  const { data: identity } = useGetIdentity<Identity>();
  const { user } = useProfile();
  const rows = [
    { title: "账号密码", description: identity?.username ?? "", bound: true },
    { title: "手机号", description: user?.phone || "未绑定手机号", bound: Boolean(user?.phone) },
    { title: "电子邮件", description: user?.email || "未绑定邮箱", bound: Boolean(user?.email) },
  ];
  return (
    <SettingsLayout title="账户绑定">
      <List
        itemLayout="horizontal"
        dataSource={rows}
        renderItem={(row) => (
          <List.Item actions={[<Tag key="state" color={row.bound ? "green" : "default"}>{row.bound ? "已绑定" : "未绑定"}</Tag>]}>
            <List.Item.Meta title={row.title} description={row.description} />
          </List.Item>
        )}
      />
    </SettingsLayout>
  );
}
