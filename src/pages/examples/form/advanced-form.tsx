import { App, Button, Card, Col, DatePicker, Form, Input, Row, Select, Table } from "antd";
import { useState } from "react";

import type { PageProps } from "../../../../kit/page";

interface Member {
  key: string;
  name: string;
  workId: string;
  department: string;
}

/** 高级表单 (ant-design-pro AdvancedForm): two field groups, an editable member table, one submit. */
export default function AdvancedFormPage({ route }: PageProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [members, setMembers] = useState<Member[]>([
    { key: "1", name: "John Brown", workId: "00001", department: "New York No. 1 Lake Park" },
    { key: "2", name: "Jim Green", workId: "00002", department: "London No. 1 Lake Park" },
  ]);
  const edit = (key: string, field: keyof Member, value: string) => setMembers((rows) => rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  const col = { xs: 24, md: 12, lg: 8 };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={() => {
        if (members.some((m) => !m.name || !m.workId)) {
          void message.error("请填写完整成员信息");
          return;
        }
        void message.success("提交成功");
      }}
    >
      <Card title={`${route.title}：仓库管理`} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item label="仓库名" name="name" rules={[{ required: true, message: "请输入仓库名称" }]}>
              <Input placeholder="请输入仓库名称" />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="仓库域名" name="url" rules={[{ required: true, message: "请输入仓库域名" }]}>
              <Input addonBefore="http://" addonAfter=".com" placeholder="请输入" />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="仓库管理员" name="owner" rules={[{ required: true, message: "请选择管理员" }]}>
              <Select placeholder="请选择管理员" options={[{ value: "xiao", label: "付晓晓" }, { value: "mao", label: "周毛毛" }]} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="生效日期" name="dateRange" rules={[{ required: true, message: "请选择生效日期" }]}>
              <DatePicker.RangePicker style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label="仓库类型" name="type" rules={[{ required: true, message: "请选择仓库类型" }]}>
              <Select placeholder="请选择仓库类型" options={[{ value: "private", label: "私密" }, { value: "public", label: "公开" }]} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title="成员管理" style={{ marginBottom: 16 }}>
        <Table<Member>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={members}
          scroll={{ x: 560 }}
          columns={[
            { title: "成员姓名", dataIndex: "name", render: (v: string, r) => <Input aria-label="成员姓名" value={v} onChange={(e) => edit(r.key, "name", e.target.value)} /> },
            { title: "工号", dataIndex: "workId", render: (v: string, r) => <Input aria-label="工号" value={v} onChange={(e) => edit(r.key, "workId", e.target.value)} /> },
            { title: "所属部门", dataIndex: "department", render: (v: string, r) => <Input aria-label="所属部门" value={v} onChange={(e) => edit(r.key, "department", e.target.value)} /> },
            { title: "操作", key: "op", width: 80, render: (_, r) => <a onClick={() => setMembers((rows) => rows.filter((m) => m.key !== r.key))}>删除</a> },
          ]}
        />
        <Button type="dashed" block style={{ marginTop: 12 }} onClick={() => setMembers((rows) => [...rows, { key: String(Date.now()), name: "", workId: "", department: "" }])}>
          新增成员
        </Button>
      </Card>
      <Button type="primary" htmlType="submit">
        提交
      </Button>
    </Form>
  );
}
