import { Form, Input, Modal } from "antd";
import { useEffect } from "react";

/** A modal asking for one text (a refusal or void reason); `onOk` returns true when the action succeeded. */
export function ReasonModal(props: { title: string; label: string; open: boolean; required?: boolean; onClose: () => void; onOk: (reason: string) => Promise<boolean> }) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (props.open) form.resetFields();
  }, [props.open, form]);
  const ok = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values && (await props.onOk(values.reason?.trim() ?? ""))) props.onClose();
  };
  return (
    <Modal title={props.title} open={props.open} onCancel={props.onClose} onOk={ok} okText="确定" cancelText="取消" forceRender>
      <Form form={form} layout="vertical" name="reason-form">
        <Form.Item label={props.label} name="reason" rules={[{ required: props.required ?? true, whitespace: true, message: `请输入${props.label}!` }, { max: 255, message: `${props.label}不能超过255个字符` }]}>
          <Input.TextArea rows={3} placeholder={`请输入${props.label}`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
