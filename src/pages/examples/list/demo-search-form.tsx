import { Button, Col, Form, Row, Space } from "antd";
import type { ReactNode } from "react";

/** The search bar of the demo lists: the page's fields, then 查询 and 重置. */
export function DemoSearchForm<Q extends object>({ onSearch, children }: { onSearch: (query: Q) => void; children: ReactNode }) {
  const [form] = Form.useForm<Q>();
  return (
    <Form form={form} onFinish={onSearch} className="rm-search-form" style={{ marginBottom: 16 }}>
      <Row gutter={[16, 0]}>
        {children}
        <Col xs={24} md={8}>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  onSearch({} as Q);
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
