import { useGetIdentity } from "@refinedev/core";
import { List } from "antd";
import { useRef } from "react";
import { useNavigate } from "react-router";

import type { Identity } from "../../../../providers/auth-provider";
import { PasswordModal, type PasswordModalHandle } from "../../../layout/header/password-modal";
import { useProfile } from "../use-profile";
import { SettingsLayout } from "./settings-layout";

const mask = (phone: string | null | undefined) => (phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : "未设置");

/** 安全设置: change the password (the same dialog as the header's), see the bound phone and email. */
export default function SecurityPage() {
  const navigate = useNavigate();
  const { data: identity } = useGetIdentity<Identity>();
  const { user } = useProfile();
  const password = useRef<PasswordModalHandle>(null);
  return (
    <SettingsLayout title="安全设置">
      <List itemLayout="horizontal">
        <List.Item actions={[<a key="change" onClick={() => password.current?.show(identity?.username)}>修改</a>]}>
          <List.Item.Meta title="账户密码" description="修改后，其他设备上的登录将全部失效" />
        </List.Item>
        <List.Item actions={[<a key="phone" onClick={() => navigate("/account/settings/BaseSetting")}>修改</a>]}>
          <List.Item.Meta title="密保手机" description={`已绑定手机：${mask(user?.phone)}`} />
        </List.Item>
        <List.Item actions={[<a key="email" onClick={() => navigate("/account/settings/BaseSetting")}>修改</a>]}>
          <List.Item.Meta title="备用邮箱" description={`已绑定邮箱：${user?.email || "未设置"}`} />
        </List.Item>
      </List>
      <PasswordModal ref={password} />
    </SettingsLayout>
  );
}
