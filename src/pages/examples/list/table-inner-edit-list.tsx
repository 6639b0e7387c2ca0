import { PlusOutlined } from "@ant-design/icons";
import { App, Badge, Button, Card, Col, Form, Input, InputNumber, Popconfirm, Select, Space, Table, type TableColumnType } from "antd";
import dayjs from "dayjs";
import { useState, type ReactNode } from "react";

import type { PageProps } from "../../../../kit/page";
import { demoRules, RULE_STATUS, RULE_STATUS_BADGE, type DemoRule } from "../demo-data";
import { DemoTag } from "../demo-tag";
import { DemoSearchForm } from "./demo-search-form";
import { contains, useDemoList } from "./use-demo-list";

interface Query {
  no?: string;
  status?: DemoRule["status"];
}

type Editable = Pick<DemoRule, "no" | "description" | "callNo" | "status">;

const statusOptions = RULE_STATUS.map((label, value) => ({ value, label }));

/** A cell that shows its form field while its row is being edited. */
function cell(editing: boolean, field: ReactNode, view: ReactNode) {
  return editing ? field : view;
}

/** 内联编辑表格: rows edited in place (编辑 → 保存/取消, validated), added and deleted, with paging and a filter. */
export default function TableInnerEditListPage({ route }: PageProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Editable>();
  const list = useDemoList<DemoRule, Query>(demoRules, (r, q) => contains(r.no, q.no) && (q.status === undefined || r.status === q.status));
  /** The key of the row being edited; a new row exists only while it is being edited (`draft`). */
  const [editingKey, setEditingKey] = useState<number>();
  const [draft, setDraft] = useState<DemoRule>();

  const startEdit = (record: DemoRule) => {
    form.setFieldsValue(record);
    setEditingKey(record.key);
  };
  const cancel = () => {
    setEditingKey(undefined);
    setDraft(undefined);
  };
  const add = () => {
    const row: DemoRule = { key: -1, no: "", description: "", callNo: 0, status: 0, updatedAt: "" };
    list.pagination.onChange?.(1, list.pagination.pageSize ?? 10);
    setDraft(row);
    startEdit(row);
  };
  const save = async (record: DemoRule) => {
    let values: Editable;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const updatedAt = dayjs().format("YYYY-MM-DD HH:mm:ss");
    if (draft && record.key === draft.key) list.save({ ...values, updatedAt });
    else list.save({ ...record, ...values, updatedAt });
    cancel();
    void message.success("保存成功");
  };

  const isEditing = (record: DemoRule) => record.key === editingKey;
  const rows = draft ? [draft, ...list.rows] : list.rows;
  const columns: TableColumnType<DemoRule>[] = [
    {
      title: "规则编号",
      dataIndex: "no",
      width: 180,
      render: (no: string, record) =>
        cell(
          isEditing(record),
          <Form.Item
            name="no"
            style={{ margin: 0 }}
            rules={[
              { required: true, message: "请输入规则编号" },
              {
                validator: (_, value: string) =>
                  list.all.some((r) => r.no === value?.trim() && r.key !== record.key) ? Promise.reject(new Error("规则编号已存在")) : Promise.resolve(),
              },
            ]}
          >
            <Input placeholder="规则编号" aria-label="规则编号" />
          </Form.Item>,
          no,
        ),
    },
    {
      title: "描述",
      dataIndex: "description",
      render: (description: string, record) =>
        cell(
          isEditing(record),
          <Form.Item name="description" style={{ margin: 0 }} rules={[{ required: true, message: "请输入描述" }, { max: 50, message: "描述不能超过 50 个字" }]}>
            <Input placeholder="描述" aria-label="描述" />
          </Form.Item>,
          description,
        ),
    },
    {
      title: "服务调用次数",
      dataIndex: "callNo",
      width: 150,
      render: (n: number, record) =>
        cell(
          isEditing(record),
          <Form.Item name="callNo" style={{ margin: 0 }} rules={[{ required: true, message: "请输入调用次数" }]}>
            <InputNumber min={0} max={99999} precision={0} style={{ width: "100%" }} aria-label="服务调用次数" />
          </Form.Item>,
          `${n} 万`,
        ),
    },
    {
      title: "状态",
      dataIndex: "status",
      width: 130,
      render: (s: DemoRule["status"], record) =>
        cell(
          isEditing(record),
          <Form.Item name="status" style={{ margin: 0 }}>
            <Select options={statusOptions} aria-label="状态" />
          </Form.Item>,
          <Badge status={RULE_STATUS_BADGE[s]} text={RULE_STATUS[s]} />,
        ),
    },
    { title: "更新时间", dataIndex: "updatedAt", width: 180 },
    {
      title: "操作",
      key: "action",
      width: 130,
      render: (_, record) =>
        isEditing(record) ? (
          <Space>
            <a onClick={() => void save(record)}>保存</a>
            <a onClick={cancel}>取消</a>
          </Space>
        ) : (
          <Space>
            <Button type="link" size="small" style={{ padding: 0 }} disabled={editingKey !== undefined} onClick={() => startEdit(record)}>
              编辑
            </Button>
            <Popconfirm title="确定删除吗?" onConfirm={() => list.remove(record.key)} disabled={editingKey !== undefined}>
              <Button type="link" size="small" danger style={{ padding: 0 }} disabled={editingKey !== undefined}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Card
      title={<>{route.title}<DemoTag /></>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={add} disabled={editingKey !== undefined}>
          新增一行
        </Button>
      }
    >
      <DemoSearchForm<Query>
        onSearch={(query) => {
          cancel();
          list.search(query);
        }}
      >
        <Col xs={24} md={8}>
          <Form.Item label="规则编号" name="no">
            <Input placeholder="请输入规则编号" allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="使用状态" name="status">
            <Select placeholder="请选择" allowClear options={statusOptions} />
          </Form.Item>
        </Col>
      </DemoSearchForm>
      <Form form={form} component={false}>
        <Table<DemoRule>
          rowKey="key"
          size="middle"
          dataSource={rows}
          columns={columns}
          scroll={{ x: 860 }}
          pagination={{
            ...list.pagination,
            total: rows.length,
            onChange: (current, pageSize) => {
              cancel();
              list.pagination.onChange?.(current, pageSize);
            },
          }}
        />
      </Form>
    </Card>
  );
}
