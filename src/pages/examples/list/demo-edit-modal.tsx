import { App, Form, Modal } from "antd";
import type { ReactNode } from "react";

/**
 * The add/edit dialog of the demo lists: `record` opens it (an empty object adds), 确定 validates the form
 * and hands the values, with the record's key, to `onSave`.
 */
export function DemoEditModal<T extends { key?: number }>({
  title,
  record,
  onClose,
  onSave,
  children,
}: {
  title: string;
  record: Partial<T> | undefined;
  onClose: () => void;
  onSave: (values: T) => void;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<T>();
  const editing = record?.key !== undefined;

  const submit = async () => {
    const values = await form.validateFields();
    onSave({ ...values, key: record?.key });
    void message.success(editing ? "修改成功" : "添加成功");
    onClose();
  };

  return (
    <Modal title={`${editing ? "编辑" : "新建"}${title}`} open={Boolean(record)} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden width={640}>
      <Form form={form} initialValues={record} preserve={false} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} style={{ marginTop: 16 }}>
        {children}
      </Form>
    </Modal>
  );
}
