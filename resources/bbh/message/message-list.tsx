import { Button, Select, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";

import { MAX_RETRIES, MSG_CHANNEL, SEND_STATUS } from "../../../contract/bbh-message";
import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { useAction, useApi } from "../../../kit/use-api";
import { MESSAGE_API, MESSAGE_CODES, MESSAGE_RESOURCE } from "./resource";
import { SendModal, WxUserSelect } from "./send-modal";

export interface MessageRow {
  id: string;
  channel: number;
  channel_dictText?: string;
  scene?: string | null;
  scene_dictText?: string | null;
  templateCode?: string | null;
  title?: string | null;
  content?: string | null;
  receiverWxUserId?: string | null;
  receiverName?: string | null;
  bizType?: string | null;
  bizType_dictText?: string | null;
  bizId?: string | null;
  bizName?: string | null;
  sendStatus: number;
  sendStatus_dictText?: string;
  sendTime?: string | null;
  retryCount: number;
  failCode?: string | null;
  failReason?: string | null;
  readStatus: number;
  readStatus_dictText?: string;
  createTime?: string;
  [key: string]: unknown;
}

const STATUS_COLORS: Record<number, string> = { 0: "processing", 1: "success", 2: "error" };

/** The message body in one line: a subscribe message's keyword values, or the text. */
export function contentPreview(r: Pick<MessageRow, "channel" | "content">): string {
  if (r.channel !== MSG_CHANNEL.wechat) return r.content ?? "";
  try {
    const data = (JSON.parse(r.content ?? "{}") as { data?: Record<string, { value?: string }> }).data ?? {};
    // In the template's keyword order (thing1, character_string2, …), whatever order the JSON kept.
    const n = (k: string) => Number(/\d+$/.exec(k)?.[0] ?? 0);
    return Object.entries(data)
      .sort(([a], [b]) => n(a) - n(b))
      .map(([k, v]) => `${k}：${v?.value ?? ""}`)
      .join("；");
  } catch {
    return r.content ?? "";
  }
}

/** 消息记录 (`/bbh/api/message`): send state, fail reason, 重发 for failed ones, 手工发送, delete, export. */
export default function MessageListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(MESSAGE_RESOURCE);
  const channels = useDictOptions("bbh_msg_channel");
  const scenes = useDictOptions("bbh_msg_scene");
  const statuses = useDictOptions("bbh_send_status");
  const [sending, setSending] = useState(false);
  const retry = (ids: string[]) => act(() => api.post(`${MESSAGE_API}/retry`, { ids }), "已重新加入发送队列");
  return (
    <>
      <CrudPage<MessageRow>
        title={route.title}
        resource={MESSAGE_RESOURCE}
        apiBase={MESSAGE_API}
        codes={{ delete: MESSAGE_CODES.delete, deleteBatch: MESSAGE_CODES.deleteBatch, export: MESSAGE_CODES.export }}
        excelTitle="消息记录"
        // 11 columns: scroll sideways rather than break 接收人, 渠道 and 重试 over lines
        scrollX="max-content"
        search={[
          { name: "sendStatus", label: "发送状态", exact: true, input: <Select allowClear options={statuses} placeholder="请选择发送状态" /> },
          { name: "channel", label: "渠道", exact: true, input: <Select allowClear options={channels} placeholder="请选择渠道" /> },
          { name: "scene", label: "场景", exact: true, input: <Select allowClear options={scenes} placeholder="请选择场景" /> },
          { name: "receiverWxUserId", label: "接收人", exact: true, input: <ReceiverFilter /> },
        ]}
        toolbar={
          access.has(MESSAGE_CODES.send) && (
            <Button type="primary" onClick={() => setSending(true)}>
              手工发送
            </Button>
          )
        }
        columns={[
          { title: "时间", dataIndex: "createTime", sorter: true, width: 160 },
          { title: "接收人", dataIndex: "receiverName", width: 100, render: (v: string | null, r) => <Tooltip title={r.receiverWxUserId}>{v || r.receiverWxUserId || "-"}</Tooltip> },
          { title: "渠道", dataIndex: "channel_dictText", width: 120 },
          { title: "场景", dataIndex: "scene_dictText", width: 100 },
          {
            title: "标题/内容",
            key: "content",
            render: (_, r) => (
              <Tooltip title={contentPreview(r)}>
                <div style={{ maxWidth: 340, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                  <Typography.Text strong>{r.title}</Typography.Text> <Typography.Text type="secondary">{contentPreview(r)}</Typography.Text>
                </div>
              </Tooltip>
            ),
          },
          {
            title: "业务对象",
            key: "biz",
            width: 160,
            // its own ellipsis: a column `ellipsis` fixes the table's layout and squeezes 标题/内容 to nothing
            render: (_, r) => {
              const text = r.bizType ? `${r.bizType_dictText ?? r.bizType} ${r.bizName ?? r.bizId ?? ""}` : "-";
              return <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 160 }}>{text}</Typography.Text>;
            },
          },
          { title: "发送状态", dataIndex: "sendStatus", sorter: true, width: 100, render: (v: number, r) => <Tag color={STATUS_COLORS[v]}>{r.sendStatus_dictText ?? v}</Tag> },
          { title: "失败原因", key: "fail", width: 160, render: (_, r) => (r.failCode ? `${r.failReason ?? ""}（${r.failCode}）` : "-") },
          { title: "重试", dataIndex: "retryCount", sorter: true, width: 80 },
          { title: "已读", dataIndex: "readStatus_dictText", width: 70 },
        ]}
        rowActions={(r) => [
          access.has(MESSAGE_CODES.retry) && r.sendStatus === SEND_STATUS.failed && r.retryCount < MAX_RETRIES && (
            <a key="retry" onClick={() => void retry([r.id])}>
              重发
            </a>
          ),
        ]}
        form={() => null}
      />
      <SendModal open={sending} onClose={() => setSending(false)} />
    </>
  );
}

/** The receiver filter: one WeChat user picked by name. */
function ReceiverFilter(props: { value?: string; onChange?: (v?: string) => void }) {
  return <WxUserSelect value={props.value ? [props.value] : []} onChange={(v) => props.onChange?.(v[v.length - 1])} />;
}
