/** 修改密码 (spec §4, §5, §8; contract §10.1 `PUT /sys/user/updatePassword`). */
import { useCustomMutation } from "@refinedev/core";
import { App, Form, Input, Modal } from "antd";
import { forwardRef, useImperativeHandle, useState } from "react";

import type { JeecgHttpError } from "../../../providers/data-provider";

export const PASSWORD_MODAL_WIDTH = 800;
export const NO_USER_MESSAGE = "当前系统无登录用户!";
const PASSWORD_POLICY = /^(?=.*[a-zA-Z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,}$/;

export interface PasswordModalHandle {
  /** Opens the dialog for `username`; without one it only warns 当前系统无登录用户!. */
  show(username: string | null | undefined): void;
}

interface PasswordForm {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export const PasswordModal = forwardRef<PasswordModalHandle>(function PasswordModal(_, ref) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [username, setUsername] = useState<string>();
  const { mutateAsync, mutation } = useCustomMutation();

  useImperativeHandle(ref, () => ({
    show(name) {
      if (!name) {
        void message.warning(NO_USER_MESSAGE);
        return;
      }
      form.resetFields();
      setUsername(name);
    },
  }));

  const close = () => setUsername(undefined);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      const response = await mutateAsync({
        url: "/sys/user/updatePassword",
        method: "put",
        values: { username, ...values },
        meta: { envelope: true },
        successNotification: false,
        errorNotification: false,
      });
      void message.success((response.data as { message?: string }).message || "密码重置成功!");
      close();
    } catch (error) {
      const failure = error as JeecgHttpError;
      if (!failure.notified) void message.warning(failure.message);
    }
  };

  return (
    <Modal
      title="修改密码"
      width={PASSWORD_MODAL_WIDTH}
      open={Boolean(username)}
      onOk={submit}
      onCancel={close}
      confirmLoading={mutation.isPending}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}>
        <Form.Item label="旧密码" name="oldpassword" rules={[{ required: true, message: "请输入旧密码!" }]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="password"
          rules={[
            { required: true, message: "请输入新密码!" },
            { pattern: PASSWORD_POLICY, message: "密码由8位数字、大小写字母和特殊符号组成!" },
          ]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={["password"]}
          rules={[
            { required: true, message: "请确认新密码!" },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue("password") ? Promise.resolve() : Promise.reject(new Error("两次输入的密码不一样！")),
            }),
          ]}
        >
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
});
