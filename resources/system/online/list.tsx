import { UserOutlined } from "@ant-design/icons";
import { Avatar, Popconfirm, Tag } from "antd";

import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import type { PageProps } from "../../../kit/page";
import { useAction, useApi } from "../../../kit/use-api";
import { fileUrl } from "../../../providers/config";
import { ONLINE_CODES, ONLINE_RESOURCE } from "./resource";

export interface OnlineRow {
  id: string;
  /** The session id (never the sign-in token). */
  token: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  phone: string | null;
  ip: string | null;
  loginTime: string;
  lastSeenTime: string;
  current: boolean;
}

const SEX: Record<number, string> = { 1: "男", 2: "女" };

/** 在线用户 (`system/SysUserOnlineList`): live sessions, 强退 ends one at once. */
export default function OnlineListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(ONLINE_RESOURCE);
  const forceLogout = (row: OnlineRow) => act(() => api.post("/sys/online/forceLogout", { token: row.token }), `已强制 ${row.realname ?? row.username} 退出`);

  return (
    <CrudPage<OnlineRow>
      title={route.title}
      resource={ONLINE_RESOURCE}
      apiBase="/sys/online"
      codes={{}}
      search={[{ name: "username", label: "用户账号", exact: true }]}
      columns={[
        {
          title: "用户账号",
          dataIndex: "username",
          render: (v: string, r) => (r.current ? <>{v} <Tag color="blue">当前会话</Tag></> : v),
        },
        { title: "用户姓名", dataIndex: "realname" },
        { title: "头像", dataIndex: "avatar", width: 80, render: (v: string | null) => <Avatar size="small" src={fileUrl(v)} icon={<UserOutlined />} /> },
        { title: "生日", dataIndex: "birthday", render: (v) => v ?? "-" },
        { title: "性别", dataIndex: "sex", render: (v: number | null) => (v ? SEX[v] ?? "-" : "-") },
        { title: "手机号", dataIndex: "phone", render: (v) => v ?? "-" },
        { title: "登录地址", dataIndex: "ip", render: (v) => v ?? "-" },
        { title: "登录时间", dataIndex: "loginTime" },
        { title: "最近活动", dataIndex: "lastSeenTime" },
      ]}
      rowActions={(row) => [
        access.has(ONLINE_CODES.forceLogout) && (
          <Popconfirm
            key="force"
            title={row.current ? "这是您当前的会话，强退后需要重新登录，确定吗？" : `确定强制 ${row.realname ?? row.username} 退出吗？`}
            onConfirm={() => forceLogout(row)}
            okText="确定"
            cancelText="取消"
          >
            <a>强退</a>
          </Popconfirm>
        ),
      ]}
      form={() => null}
    />
  );
}
