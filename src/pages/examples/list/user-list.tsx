import { Button, Card, Col, Form, Input, Radio, Select, Table } from "antd";
import dayjs from "dayjs";
import { useState } from "react";

import type { PageProps } from "../../../../kit/page";
import { demoRoles, demoUsers, type DemoUser } from "../demo-data";
import { DemoTag } from "../demo-tag";
import { DemoEditModal } from "./demo-edit-modal";
import { DemoSearchForm } from "./demo-search-form";
import { contains, useDemoList } from "./use-demo-list";
import { actionColumn, statusColumn, statusOptions } from "./demo-columns";

interface Query {
  username?: string;
  realname?: string;
  status?: 0 | 1;
}

const roleName = (id: string) => demoRoles.find((r) => r.id === id)?.name ?? id;

/** 用户列表 (ant-design-vue-pro UserList): search, paged table, and an add/edit dialog over local demo data. */
export default function UserListDemoPage({ route }: PageProps) {
  const list = useDemoList<DemoUser, Query>(
    demoUsers,
    (u, q) => contains(u.username, q.username) && contains(u.realname, q.realname) && (q.status === undefined || u.status === q.status),
  );
  const [editing, setEditing] = useState<Partial<DemoUser>>();

  return (
    <Card title={<>{route.title}<DemoTag /></>} extra={<Button type="primary" onClick={() => setEditing({ status: 1 })}>新建</Button>}>
      <DemoSearchForm<Query> onSearch={list.search}>
        <Col xs={24} md={8}>
          <Form.Item label="用户账号" name="username">
            <Input placeholder="请输入用户账号" allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="用户姓名" name="realname">
            <Input placeholder="请输入用户姓名" allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="状态" name="status">
            <Select placeholder="请选择" allowClear options={statusOptions} />
          </Form.Item>
        </Col>
      </DemoSearchForm>
      <Table<DemoUser>
        rowKey="key"
        size="middle"
        dataSource={list.rows}
        pagination={list.pagination}
        scroll={{ x: 720 }}
        columns={[
          { title: "用户账号", dataIndex: "username" },
          { title: "用户姓名", dataIndex: "realname" },
          { title: "手机号", dataIndex: "phone" },
          { title: "角色", dataIndex: "role", render: roleName },
          statusColumn<DemoUser>(),
          { title: "创建时间", dataIndex: "createdAt" },
          actionColumn<DemoUser>(setEditing, list.remove),
        ]}
      />
      <DemoEditModal<DemoUser>
        title="用户"
        record={editing}
        onClose={() => setEditing(undefined)}
        onSave={(values) => list.save({ ...editing, ...values, createdAt: editing?.createdAt ?? dayjs().format("YYYY-MM-DD HH:mm:ss") })}
      >
        <>
            <Form.Item
              label="用户账号"
              name="username"
              rules={[
                { required: true, message: "请输入用户账号" },
                { pattern: /^[A-Za-z0-9_]{2,20}$/, message: "用户账号为 2-20 位字母、数字或下划线" },
                {
                  validator: (_, value: string) =>
                    list.all.some((u) => u.username === value && u.key !== editing?.key) ? Promise.reject(new Error("用户账号已存在")) : Promise.resolve(),
                },
              ]}
            >
              <Input placeholder="请输入用户账号" disabled={editing?.key !== undefined} />
            </Form.Item>
            <Form.Item label="用户姓名" name="realname" rules={[{ required: true, message: "请输入用户姓名" }]}>
              <Input placeholder="请输入用户姓名" />
            </Form.Item>
            <Form.Item label="手机号" name="phone" rules={[{ required: true, message: "请输入手机号" }, { pattern: /^1[3-9]\d{9}$/, message: "请输入正确的手机号" }]}>
              <Input placeholder="请输入手机号" />
            </Form.Item>
            <Form.Item label="角色" name="role" rules={[{ required: true, message: "请选择角色" }]}>
              <Select placeholder="请选择角色" options={demoRoles.map((r) => ({ value: r.id, label: r.name }))} />
            </Form.Item>
            <Form.Item label="状态" name="status">
              <Radio.Group options={statusOptions} />
            </Form.Item>
        </>
      </DemoEditModal>
    </Card>
  );
}
