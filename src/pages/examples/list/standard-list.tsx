import { Avatar, Card, Input, List, Progress, Radio, Space, Typography } from "antd";
import { useMemo, useState } from "react";

import type { PageProps } from "../../../../kit/page";
import { demoProjects } from "../demo-data";

const STATUS_FILTER = { all: "全部", active: "进行中", normal: "等待中" } as const;

/** 标准列表 (ant-design-pro BasicList): status filter, search, paged list with progress. */
export default function StandardListPage({ route }: PageProps) {
  const [status, setStatus] = useState<keyof typeof STATUS_FILTER>("all");
  const [text, setText] = useState("");
  const rows = useMemo(
    () => demoProjects.filter((p) => (status === "all" || p.status === status) && (!text || p.title.includes(text.trim()))),
    [status, text],
  );
  return (
    <Card
      title={route.title}
      extra={
        <Space wrap>
          <Radio.Group value={status} onChange={(e) => setStatus(e.target.value)} optionType="button" options={Object.entries(STATUS_FILTER).map(([value, label]) => ({ value, label }))} />
          <Input.Search placeholder="请输入" allowClear onSearch={setText} style={{ width: 200 }} />
        </Space>
      }
    >
      <List
        itemLayout="horizontal"
        dataSource={rows}
        pagination={{ pageSize: 5, showTotal: (total) => `共 ${total} 条` }}
        renderItem={(item) => (
          <List.Item actions={[<a key="edit">编辑</a>]}>
            <List.Item.Meta avatar={<Avatar style={{ background: "#1890FF" }}>{item.owner[0]}</Avatar>} title={item.title} description={item.description} />
            <Space size="large" wrap>
              <Typography.Text type="secondary">{item.owner}</Typography.Text>
              <Typography.Text type="secondary">{item.createdAt}</Typography.Text>
              <Progress percent={item.progress} status={item.status === "exception" ? "exception" : undefined} style={{ width: 160 }} size="small" />
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
