import { Badge, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Table } from "antd";
import type { Dayjs } from "dayjs";
import { useMemo, useState } from "react";

import type { PageProps } from "../../../../kit/page";
import { demoRules, RULE_STATUS, RULE_STATUS_BADGE, type DemoRule } from "../demo-data";

interface Query {
  no?: string;
  status?: number;
  callNo?: number;
  updatedAt?: Dayjs;
  description?: string;
}

/** 查询表格 (ant-design-pro TableList): a search form filtering and a paged, sortable table. */
export default function TableListPage({ route }: PageProps) {
  const [form] = Form.useForm<Query>();
  const [query, setQuery] = useState<Query>({});
  const [advanced, setAdvanced] = useState(false);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });

  const rows = useMemo(
    () =>
      demoRules.filter(
        (r) =>
          (!query.no || r.no.toLowerCase().includes(query.no.trim().toLowerCase())) &&
          (query.status === undefined || r.status === query.status) &&
          (query.callNo === undefined || query.callNo === null || r.callNo >= query.callNo) &&
          (!query.description || r.description.includes(query.description.trim())) &&
          (!query.updatedAt || r.updatedAt.startsWith(query.updatedAt.format("YYYY-MM-DD"))),
      ),
    [query],
  );

  const search = (values: Query) => {
    setQuery(values);
    setPage((p) => ({ ...p, current: 1 }));
  };

  return (
    <Card title={route.title}>
      <Form form={form} onFinish={search} layout="inline" className="rm-search-form" style={{ marginBottom: 16, rowGap: 12 }}>
        <Row gutter={[16, 12]} style={{ width: "100%" }}>
          <Col xs={24} md={8}>
            <Form.Item label="规则编号" name="no">
              <Input placeholder="请输入" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="使用状态" name="status">
              <Select placeholder="请选择" allowClear options={RULE_STATUS.map((label, value) => ({ value, label }))} />
            </Form.Item>
          </Col>
          {advanced && (
            <>
              <Col xs={24} md={8}>
                <Form.Item label="调用次数 ≥" name="callNo">
                  <InputNumber style={{ width: "100%" }} min={0} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label="更新日期" name="updatedAt">
                  <DatePicker style={{ width: "100%" }} placeholder="请输入更新日期" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label="描述" name="description">
                  <Input placeholder="请输入" allowClear />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} md={8}>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button onClick={() => { form.resetFields(); search({}); }}>重置</Button>
              <a onClick={() => setAdvanced(!advanced)}>{advanced ? "收起" : "展开"}</a>
            </Space>
          </Col>
        </Row>
      </Form>
      <Table<DemoRule>
        rowKey="key"
        size="middle"
        dataSource={rows}
        scroll={{ x: 640 }}
        pagination={{
          ...page,
          total: rows.length,
          showSizeChanger: true,
          showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        columns={[
          { title: "规则编号", dataIndex: "no" },
          { title: "描述", dataIndex: "description" },
          { title: "服务调用次数", dataIndex: "callNo", sorter: (a, b) => a.callNo - b.callNo, render: (n: number) => `${n} 万` },
          {
            title: "状态",
            dataIndex: "status",
            render: (s: DemoRule["status"]) => <Badge status={RULE_STATUS_BADGE[s]} text={RULE_STATUS[s]} />,
          },
          { title: "更新时间", dataIndex: "updatedAt", sorter: (a, b) => a.updatedAt.localeCompare(b.updatedAt) },
        ]}
      />
    </Card>
  );
}
