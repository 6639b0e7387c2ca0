import { Button, Card, Checkbox, Col, Descriptions, Form, Input, Radio, Select, Space, Table, Tag } from "antd";
import dayjs from "dayjs";
import { useState } from "react";

import type { PageProps } from "../../../../kit/page";
import { demoPermissions, demoRoles, type DemoRole } from "../demo-data";
import { DemoTag } from "../demo-tag";
import { DemoEditModal } from "./demo-edit-modal";
import { DemoSearchForm } from "./demo-search-form";
import { contains, useDemoList } from "./use-demo-list";
import { actionColumn, statusColumn, statusOptions } from "./demo-columns";

interface Query {
  name?: string;
  status?: 0 | 1;
}

const permissionName = (id: string) => demoPermissions.find((p) => p.id === id)?.name ?? id;

/** 角色列表 (ant-design-vue-pro RoleList): search, paged table with each role's permissions, add/edit dialog. */
export default function RoleListDemoPage({ route }: PageProps) {
  const list = useDemoList<DemoRole, Query>(demoRoles, (r, q) => (contains(r.name, q.name) || contains(r.id, q.name)) && (q.status === undefined || r.status === q.status));
  const [editing, setEditing] = useState<Partial<DemoRole>>();

  return (
    <Card title={<>{route.title}<DemoTag /></>} extra={<Button type="primary" onClick={() => setEditing({ status: 1, permissions: [] })}>新建</Button>}>
      <DemoSearchForm<Query> onSearch={list.search}>
        <Col xs={24} md={8}>
          <Form.Item label="角色名称" name="name">
            <Input placeholder="请输入角色名称或标识" allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="状态" name="status">
            <Select placeholder="请选择" allowClear options={statusOptions} />
          </Form.Item>
        </Col>
      </DemoSearchForm>
      <Table<DemoRole>
        rowKey="key"
        size="middle"
        dataSource={list.rows}
        pagination={list.pagination}
        scroll={{ x: 720 }}
        expandable={{
          expandedRowRender: (record) => (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="拥有权限">
                <Space size={[0, 8]} wrap>
                  {record.permissions.length ? record.permissions.map((id) => <Tag key={id} color="blue">{permissionName(id)}</Tag>) : "无"}
                </Space>
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
        columns={[
          { title: "角色标识", dataIndex: "id" },
          { title: "角色名称", dataIndex: "name" },
          { title: "描述", dataIndex: "describe", ellipsis: true },
          statusColumn<DemoRole>(),
          { title: "创建时间", dataIndex: "createdAt" },
          actionColumn<DemoRole>(setEditing, list.remove),
        ]}
      />
      <DemoEditModal<DemoRole>
        title="角色"
        record={editing}
        onClose={() => setEditing(undefined)}
        onSave={(values) => list.save({ ...editing, ...values, createdAt: editing?.createdAt ?? dayjs().format("YYYY-MM-DD HH:mm:ss") })}
      >
        <Form.Item
          label="角色标识"
          name="id"
          rules={[
            { required: true, message: "请输入角色标识" },
            { pattern: /^[a-z][a-z0-9_]{1,19}$/, message: "角色标识以小写字母开头，2-20 位小写字母、数字或下划线" },
            {
              validator: (_, value: string) =>
                list.all.some((r) => r.id === value && r.key !== editing?.key) ? Promise.reject(new Error("角色标识已存在")) : Promise.resolve(),
            },
          ]}
        >
          <Input placeholder="请输入角色标识" disabled={editing?.key !== undefined} />
        </Form.Item>
        <Form.Item label="角色名称" name="name" rules={[{ required: true, message: "请输入角色名称" }, { max: 20, message: "角色名称不能超过 20 个字" }]}>
          <Input placeholder="请输入角色名称" />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group options={statusOptions} />
        </Form.Item>
        <Form.Item label="描述" name="describe">
          <Input.TextArea rows={2} placeholder="请输入描述" maxLength={100} />
        </Form.Item>
        <Form.Item label="拥有权限" name="permissions">
          <Checkbox.Group options={demoPermissions.map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
      </DemoEditModal>
    </Card>
  );
}
