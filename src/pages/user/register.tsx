import { useCustomMutation } from "@refinedev/core";
import { App, Button, Card, Form, Input, Space } from "antd";
import { Link, useNavigate } from "react-router";

import type { JeecgHttpError } from "../../../providers/data-provider";
import { SmsButton } from "./sms-button";
import { MOBILE_PATTERN, PASSWORD_POLICY, PASSWORD_POLICY_MESSAGE, UserPage } from "./user-page";

interface RegisterForm {
  username: string;
  password: string;
  password2: string;
  phone: string;
  smscode: string;
}

/** /user/register (JeecgBoot `Register.vue`): account, password twice, mobile and SMS code → `POST /sys/user/register`. */
export default function RegisterPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const { mutateAsync, mutation } = useCustomMutation();

  const submit = async ({ username, password, phone, smscode }: RegisterForm) => {
    try {
      await mutateAsync({ url: "/sys/user/register", method: "post", values: { username, password, phone, smscode }, successNotification: false, errorNotification: false });
      navigate("/user/register-result", { state: { username } });
    } catch (error) {
      const failure = error as JeecgHttpError;
      if (!failure.notified) void message.warning(failure.message);
    }
  };

  return (
    <UserPage title="注册">
      <Card title="注册">
        <Form form={form} onFinish={submit} size="large">
          <Form.Item name="username" rules={[{ required: true, message: "请输入用户名" }, { max: 32, message: "用户名不能超过32个字符" }]}>
            <Input placeholder="请输入用户名" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: "请输入密码" }, { pattern: PASSWORD_POLICY, message: PASSWORD_POLICY_MESSAGE }]}>
            <Input.Password placeholder="至少8位密码，区分大小写" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="password2"
            dependencies={["password"]}
            rules={[
              { required: true, message: "请确认密码" },
              ({ getFieldValue }) => ({
                validator: (_, v) => (!v || v === getFieldValue("password") ? Promise.resolve() : Promise.reject(new Error("两次输入的密码不一样！"))),
              }),
            ]}
          >
            <Input.Password placeholder="确认密码" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="phone" rules={[{ required: true, message: "请输入手机号" }, { pattern: MOBILE_PATTERN, message: "请输入正确的手机号" }]}>
            <Input placeholder="11 位手机号" />
          </Form.Item>
          <Form.Item required>
            <Space.Compact style={{ width: "100%" }}>
              <Form.Item name="smscode" noStyle rules={[{ required: true, message: "请输入验证码" }]}>
                <Input placeholder="验证码" />
              </Form.Item>
              <SmsButton form={form} smsmode="1" />
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            注册
          </Button>
          <div style={{ marginTop: 16, textAlign: "right" }}>
            <Link to="/user/login">使用已有账户登录</Link>
          </div>
        </Form>
      </Card>
    </UserPage>
  );
}
