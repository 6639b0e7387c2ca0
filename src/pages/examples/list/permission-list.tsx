import { Button, Card, Col, Form, Input, Radio, Select, Space, Table, Tag } from "antd";
import { useState } from "react";

import type { PageProps } from "../../../../kit/page";
import { demoPermissions, PERMISSION_ACTIONS, type DemoPermission } from "../demo-data";
import { DemoTag } from "../demo-tag";
import { DemoEditModal } from "./demo-edit-modal";
import { DemoSearchForm } from "./demo-search-form";
import { contains, useDemoList } from "./use-demo-list";
import { actionColumn, statusColumn, statusOptions } from "./demo-columns";

interface Query {
  name?: string;
  status?: 0 | 1;
}

/** 权限列表 (ant-design-vue-pro PermissionList): search, paged table of permissions and their actions, add/edit dialog. */
export default function PermissionListDemoPage({ route }: PageProps) {
  const list = useDemoList<DemoPermission, Query>(
    demoPermissions,
    (p, q) => (contains(p.name, q.name) || contains(p.id, q.name)) && (q.status === undefined || p.status === q.status),
  );
  const [editing, setEditing] = useState<Partial<DemoPermission>>();

  return (
    <Card title={<>{route.title}<DemoTag /></>} extra={<Button type="primary" onClick={() => setEditing({ status: 1, actions: [] })}>新建</Button>}>
      <DemoSearchForm<Query> onSearch={list.search}>
        <Col xs={24} md={8}>
          <Form.Item label="权限名称" name="name">
            <Input placeholder="请输入权限名称或标识" allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="状态" name="status">
            <Select placeholder="请选择" allowClear options={statusOptions} />
          </Form.Item>
        </Col>
      </DemoSearchForm>
      <Table<DemoPermission>
        rowKey="key"
        size="middle"
        dataSource={list.rows}
        pagination={list.pagination}
        scroll={{ x: 720 }}
        columns={[
          { title: "权限标识", dataIndex: "id" },
          { title: "权限名称", dataIndex: "name" },
          {
            title: "可操作权限",
            dataIndex: "actions",
            render: (actions: string[]) => (
              <Space size={[0, 4]} wrap>
                {actions.map((a) => <Tag key={a}>{a}</Tag>)}
              </Space>
            ),
          },
          statusColumn<DemoPermission>(),
          actionColumn<DemoPermission>(setEditing, list.remove),
        ]}
      />
      <DemoEditModal<DemoPermission> title="权限" record={editing} onClose={() => setEditing(undefined)} onSave={(values) => list.save({ ...editing, ...values })}>
        <Form.Item
          label="权限标识"
          name="id"
          rules={[
            { required: true, message: "请输入权限标识" },
            { pattern: /^[a-z][A-Za-z0-9_]{1,29}$/, message: "权限标识以小写字母开头，2-30 位字母、数字或下划线" },
            {
              validator: (_, value: string) =>
                list.all.some((p) => p.id === value && p.key !== editing?.key) ? Promise.reject(new Error("权限标识已存在")) : Promise.resolve(),
            },
          ]}
        >
          <Input placeholder="请输入权限标识" disabled={editing?.key !== undefined} />
        </Form.Item>
        <Form.Item label="权限名称" name="name" rules={[{ required: true, message: "请输入权限名称" }]}>
          <Input placeholder="请输入权限名称" />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group options={statusOptions} />
        </Form.Item>
        <Form.Item label="描述" name="describe">
          <Input.TextArea rows={2} placeholder="请输入描述" maxLength={100} />
        </Form.Item>
        <Form.Item label="赋予权限" name="actions" rules={[{ required: true, message: "请至少选择一项操作权限" }]}>
          <Select mode="multiple" placeholder="请选择操作权限" options={PERMISSION_ACTIONS.map((a) => ({ value: a, label: a }))} />
        </Form.Item>
      </DemoEditModal>
    </Card>
  );
}
