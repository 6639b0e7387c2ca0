import type { CrudFilters } from "@refinedev/core";
import { Button, Col, Form, Input, Row, Space, type FormProps } from "antd";
import type { ReactNode } from "react";

/** One field of a list's search form. */
export interface SearchField {
  name: string;
  label: string;
  /** `*x*` (default) or exact. */
  exact?: boolean;
  /** The input; a clearable text input when omitted. */
  input?: ReactNode;
}

/** The search form's values as Refine filters: trimmed, blank dropped, fuzzy unless the field is exact. */
export function searchFilters(fields: SearchField[], values: Record<string, unknown>): CrudFilters {
  return fields.map((f) => {
    const raw = values[f.name];
    const value = typeof raw === "string" ? raw.trim() || undefined : (raw ?? undefined);
    return { field: f.name, operator: f.exact ? "eq" : "contains", value };
  });
}

/** A JeecgBoot list's search row: the fields four to a row on wide screens, then 查询 and 重置. */
export function SearchForm({ formProps, fields }: { formProps: FormProps; fields: SearchField[] }) {
  const reset = () => {
    formProps.form?.resetFields();
    formProps.form?.submit();
  };

  return (
    <Form {...formProps} layout="horizontal" style={{ marginBottom: 16 }}>
      <Row gutter={24}>
        {fields.map((f) => (
          <Col xs={24} md={12} xl={6} key={f.name}>
            <Form.Item label={f.label} name={f.name}>
              {f.input ?? <Input placeholder={`请输入${f.label}`} allowClear />}
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12} xl={6}>
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
