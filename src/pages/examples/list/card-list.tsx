import { Avatar, Card, Input, List, Typography } from "antd";
import { useMemo, useState } from "react";

import type { PageProps } from "../../../../kit/page";
import { demoProjects } from "../demo-data";

/** 卡片列表 (ant-design-pro CardList): searchable, paged cards. */
export default function CardListPage({ route }: PageProps) {
  const [text, setText] = useState("");
  const rows = useMemo(() => demoProjects.filter((p) => !text || p.title.includes(text.trim())), [text]);
  return (
    <Card title={route.title} extra={<Input.Search placeholder="搜索项目" allowClear onSearch={setText} style={{ width: 200 }} />}>
      <List
        grid={{ gutter: 16, xs: 1, sm: 2, md: 3, lg: 3, xl: 4, xxl: 4 }}
        dataSource={rows}
        pagination={{ pageSize: 8, showTotal: (total) => `共 ${total} 条` }}
        renderItem={(item) => (
          <List.Item>
            <Card hoverable actions={[<a key="op1">操作一</a>, <a key="op2">操作二</a>]}>
              <Card.Meta
                avatar={<Avatar style={{ background: "#52C41A" }}>{item.title[0]}</Avatar>}
                title={item.title}
                description={<Typography.Paragraph ellipsis={{ rows: 2 }}>{item.description}</Typography.Paragraph>}
              />
            </Card>
          </List.Item>
        )}
      />
    </Card>
  );
}
