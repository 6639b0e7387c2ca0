/** 我的消息 (查看更多): the user's own announcements, `GET /sys/sysAnnouncementSend/getMyAnnouncementSend`. */
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Badge, Button, Card, Form, Input, Select, Space, Table } from "antd";
import { useState } from "react";

import type { Page } from "../../../contract";
import { errorNotification } from "../../../providers/data-provider";
import { AnnouncementViewer, type Announcement } from "../../../kit/announcement-viewer";
import { PriorityTag } from "../../../kit/priority-tag";
import type { PageProps } from "../../../kit/page";

interface Filters {
  titile?: string;
  sender?: string;
  readFlag?: string;
}

const CATEGORY: Record<string, string> = { "1": "通知公告", "2": "系统消息" };

export function MyAnnouncements({ compact = false }: { compact?: boolean }) {
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [viewing, setViewing] = useState<Announcement>();
  const query: Record<string, string | number> = { pageNo: page.current, pageSize: page.pageSize };
  if (filters.titile?.trim()) query.titile = `*${filters.titile.trim()}*`;
  if (filters.sender?.trim()) query.sender = `*${filters.sender.trim()}*`;
  if (filters.readFlag) query.readFlag = filters.readFlag;
  const { result, query: list } = useCustom<Page<Announcement>>({
    url: "/sys/sysAnnouncementSend/getMyAnnouncementSend",
    method: "get",
    config: { query },
    errorNotification,
  });
  const { mutateAsync: markRead } = useCustomMutation();
  const data = result?.data as Page<Announcement> | undefined;

  const open = async (record: Announcement) => {
    setViewing(record);
    if (record.readFlag === "0") {
      await markRead({
        url: "/sys/sysAnnouncementSend/editByAnntIdAndUserId",
        method: "put",
        values: { anntId: record.anntId },
        successNotification: false,
        errorNotification: false,
      });
      void list.refetch();
    }
  };

  return (
    <>
      {!compact && (
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 16, rowGap: 12 }}
          onFinish={(values) => {
            setFilters(values);
            setPage((p) => ({ ...p, current: 1 }));
          }}
        >
          <Form.Item label="标题" name="titile">
            <Input placeholder="请输入标题" allowClear />
          </Form.Item>
          <Form.Item label="发布人" name="sender">
            <Input placeholder="请输入发布人" allowClear />
          </Form.Item>
          <Form.Item label="阅读状态" name="readFlag">
            <Select allowClear placeholder="请选择" style={{ width: 120 }} options={[{ value: "0", label: "未读" }, { value: "1", label: "已读" }]} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={() => { form.resetFields(); setFilters({}); setPage((p) => ({ ...p, current: 1 })); }}>重置</Button>
          </Space>
        </Form>
      )}
      <Table<Announcement>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={data?.records ?? []}
        scroll={{ x: 720 }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: Number(data?.total ?? 0),
          showSizeChanger: !compact,
          showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        columns={[
          { title: "标题", dataIndex: "titile", ellipsis: true },
          { title: "消息类型", dataIndex: "msgCategory", width: 100, render: (c: string) => CATEGORY[c] ?? c },
          { title: "发布人", dataIndex: "sender", width: 100 },
          { title: "发布时间", dataIndex: "sendTime", width: 170 },
          { title: "优先级", dataIndex: "priority", width: 100, render: (p: string) => <PriorityTag priority={p} /> },
          {
            title: "阅读状态",
            dataIndex: "readFlag",
            width: 100,
            render: (f: string) => (f === "1" ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />),
          },
          { title: "操作", key: "op", width: 80, render: (_, record) => <a onClick={() => void open(record)}>查看</a> },
        ]}
      />
      <AnnouncementViewer record={viewing} onClose={() => setViewing(undefined)} />
    </>
  );
}

export default function MyAnnouncementsPage({ route }: PageProps) {
  return (
    <Card title={route.title}>
      <MyAnnouncements />
    </Card>
  );
}
