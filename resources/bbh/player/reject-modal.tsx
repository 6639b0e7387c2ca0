import { Form, Input, Modal, Tag } from "antd";
import { useEffect } from "react";

/** domain.md §7.2: the reviewer's usual reasons, one click each. */
export const REJECT_PRESETS = ["照片不清晰", "非现场拍摄", "内容与任务不符", "其他"];

/** Asks for the rejection reason (required, ≤ 255), with presets; `onOk` returns true when the review succeeded. */
export function RejectModal(props: { open: boolean; count: number; onClose: () => void; onOk: (reason: string) => Promise<boolean> }) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (props.open) form.resetFields();
  }, [props.open, form]);
  const ok = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values && (await props.onOk(values.reason.trim()))) props.onClose();
  };
  return (
    <Modal title={props.count > 1 ? `驳回 ${props.count} 条答案` : "驳回答案"} open={props.open} onCancel={props.onClose} onOk={ok} okText="确定驳回" okButtonProps={{ danger: true }} cancelText="取消" zIndex={1100} forceRender>
      <Form form={form} layout="vertical" name="reject-form">
        <Form.Item label="常用原因">
          {REJECT_PRESETS.map((p) => (
            <Tag.CheckableTag key={p} checked={false} onChange={() => form.setFieldsValue({ reason: p })}>
              {p}
            </Tag.CheckableTag>
          ))}
        </Form.Item>
        <Form.Item label="驳回原因" name="reason" rules={[{ required: true, whitespace: true, message: "驳回时请填写驳回原因" }, { max: 255, message: "驳回原因不能超过255个字符" }]}>
          <Input.TextArea rows={3} placeholder="请输入驳回原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
