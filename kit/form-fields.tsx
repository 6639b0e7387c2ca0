/**
 * Form items several forms share, for the two-column grid those forms lay out in a `<Row gutter={16}>`:
 * `half(...)` puts an item in one column; `ContactFields` is 联系人 + 联系电话 and `ChinaPointFields` a GCJ-02
 * longitude + latitude inside China's bounds, half a row each.
 */
import { Col, Form, Input, InputNumber } from "antd";
import type { ReactNode } from "react";
import { contactLimits } from "../contract/bbh-limits";
import { limitRules } from "./validators";

/** One item in half of a two-column form row. */
export const half = (node: ReactNode) => <Col span={12}>{node}</Col>;

export function ContactFields() {
  return (
    <>
      {half(
        <Form.Item label="联系人" name="contactName" rules={limitRules(contactLimits.contactName)}>
          <Input placeholder="请输入联系人" />
        </Form.Item>,
      )}
      {half(
        <Form.Item label="联系电话" name="contactPhone" rules={limitRules(contactLimits.contactPhone)}>
          <Input placeholder="请输入联系电话" />
        </Form.Item>,
      )}
    </>
  );
}

export function ChinaPointFields() {
  return (
    <>
      {half(
        <Form.Item label="经度（GCJ-02）" name="longitude">
          <InputNumber style={{ width: "100%" }} min={73.5} max={135.1} step={0.000001} placeholder="如：114.1727" />
        </Form.Item>,
      )}
      {half(
        <Form.Item label="纬度（GCJ-02）" name="latitude">
          <InputNumber style={{ width: "100%" }} min={3.8} max={53.6} step={0.000001} placeholder="如：26.5692" />
        </Form.Item>,
      )}
    </>
  );
}
