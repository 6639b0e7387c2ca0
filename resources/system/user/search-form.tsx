import { Button, Col, Form, Input, Row, Select, Space, type FormProps } from "antd";

import { useDictOptions } from "../../../kit/dict";
import { DepartTreeSelect } from "../../../kit/depart-tree-select";

export interface UserSearch {
  username?: string;
  realname?: string;
  phone?: string;
  sex?: string;
  status?: string;
  departId?: string;
}

export function UserSearchForm({ formProps }: { formProps: FormProps<UserSearch> }) {
  const sexOptions = useDictOptions("sex");
  const statusOptions = useDictOptions("user_status");
  const reset = () => {
    formProps.form?.resetFields();
    formProps.form?.submit();
  };

  return (
    <Form<UserSearch> {...formProps} layout="horizontal" style={{ marginBottom: 16 }}>
      <Row gutter={24}>
        <Col xs={24} md={12} xl={6}>
          <Form.Item label="账号" name="username">
            <Input placeholder="请输入账号" allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item label="姓名" name="realname">
            <Input placeholder="请输入姓名" allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item label="手机号" name="phone">
            <Input placeholder="请输入手机号" allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item label="性别" name="sex">
            <Select placeholder="请选择性别" options={sexOptions} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item label="状态" name="status">
            <Select placeholder="请选择状态" options={statusOptions} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item label="部门" name="departId">
            <DepartTreeSelect />
          </Form.Item>
        </Col>
        <Col span={24} style={{ marginBottom: 8 }}>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={reset}>重置</Button>
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
