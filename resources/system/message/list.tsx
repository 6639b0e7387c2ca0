import { Form, Input, Select, Tag } from "antd";

import { CrudPage } from "../../../kit/crud-page";
import type { PageProps } from "../../../kit/page";
import { MESSAGE_API, MESSAGE_CODES, MESSAGE_RESOURCE, MESSAGE_TYPES, SEND_STATUS } from "./resource";

interface MessageRow {
  id: string;
  esTitle: string | null;
  esType: string | null;
  esReceiver: string | null;
  esContent: string | null;
  esSendTime: string | null;
  esSendStatus: string;
  esSendNum: number;
  esResult: string | null;
  remark: string | null;
}

const typeText = (v: string | null) => MESSAGE_TYPES.find((t) => t.value === v)?.label ?? v;

/** 消息 (`/sys/message/sysMessage`): the queue with status, attempts and the last result; 未发送 re-queues. */
export default function MessageListPage({ route }: PageProps) {
  return (
    <CrudPage<MessageRow>
      title={route.title}
      resource={MESSAGE_RESOURCE}
      apiBase={MESSAGE_API}
      codes={MESSAGE_CODES}
      search={[
        { name: "esTitle", label: "消息标题" },
        { name: "esReceiver", label: "接收人" },
        {
          name: "esSendStatus",
          label: "发送状态",
          exact: true,
          input: <Select allowClear placeholder="请选择" options={Object.entries(SEND_STATUS).map(([value, s]) => ({ value, label: s.text }))} />,
        },
      ]}
      columns={[
        { title: "消息标题", dataIndex: "esTitle", ellipsis: true },
        { title: "发送方式", dataIndex: "esType", width: 90, render: typeText },
        { title: "接收人", dataIndex: "esReceiver", ellipsis: true },
        { title: "发送时间", dataIndex: "esSendTime", width: 170, sorter: true },
        {
          title: "发送状态",
          dataIndex: "esSendStatus",
          width: 100,
          render: (v: string) => (SEND_STATUS[v] ? <Tag color={SEND_STATUS[v].color}>{SEND_STATUS[v].text}</Tag> : v),
        },
        { title: "发送次数", dataIndex: "esSendNum", width: 90, sorter: true },
        { title: "发送结果", dataIndex: "esResult", ellipsis: true },
      ]}
      form={() => (
        <>
          <Form.Item label="消息标题" name="esTitle" rules={[{ max: 100, message: "消息标题不能超过100个字符" }]}>
            <Input />
          </Form.Item>
          <Form.Item label="发送方式" name="esType" initialValue="4" rules={[{ required: true, message: "请选择发送方式" }]}>
            <Select options={MESSAGE_TYPES} />
          </Form.Item>
          <Form.Item label="接收人" name="esReceiver" rules={[{ required: true, whitespace: true, message: "请输入接收人" }, { max: 255, message: "接收人不能超过255个字符" }]} extra="系统通知：用户账号；邮件：邮箱地址">
            <Input />
          </Form.Item>
          <Form.Item label="推送内容" name="esContent">
            <Input.TextArea rows={5} />
          </Form.Item>
          <Form.Item label="发送状态" name="esSendStatus" extra="改为「未发送」会重新排队，发送次数清零">
            <Select allowClear options={Object.entries(SEND_STATUS).map(([value, s]) => ({ value, label: s.text }))} />
          </Form.Item>
          <Form.Item label="备注" name="remark" rules={[{ max: 500, message: "备注不能超过500个字符" }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </>
      )}
    />
  );
}
