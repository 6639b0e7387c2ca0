import { useCustomMutation, useDataProvider } from "@refinedev/core";
import { App, Button, Card, Form, Input, Result, Space, Steps } from "antd";
import { useState } from "react";
import { Link } from "react-router";

import type { JeecgHttpError } from "../../../providers/data-provider";
import { SmsButton } from "./sms-button";
import { MOBILE_PATTERN, PASSWORD_POLICY, PASSWORD_POLICY_MESSAGE, UserPage } from "./user-page";

/**
 * /user/alteration (JeecgBoot `Alteration.vue`): 手机验证 (`POST /sys/user/phoneVerification`) →
 * 更改密码 (`GET /sys/user/passwordChange`) → 完成.
 */
export default function AlterationPage() {
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [verified, setVerified] = useState<{ phone: string; smscode: string; username: string }>();
  const [phoneForm] = Form.useForm<{ phone: string; smscode: string }>();
  const { mutateAsync, mutation } = useCustomMutation();
  const dataProvider = useDataProvider();

  const fail = (error: unknown) => {
    const failure = error as JeecgHttpError;
    if (!failure.notified) void message.warning(failure.message);
  };

  const verify = async (values: { phone: string; smscode: string }) => {
    try {
      const response = await mutateAsync({ url: "/sys/user/phoneVerification", method: "post", values, successNotification: false, errorNotification: false });
      const result = response.data as { username?: string; smscode?: string };
      setVerified({ phone: values.phone, smscode: result.smscode ?? values.smscode, username: result.username ?? "" });
      setStep(1);
    } catch (error) {
      fail(error);
    }
  };

  const change = async ({ password }: { password: string }) => {
    try {
      await dataProvider().custom!({ url: "/sys/user/passwordChange", method: "get", query: { ...verified, password } });
      setStep(2);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <UserPage title="找回密码">
      <Card title="找回密码">
        <Steps current={step} size="small" style={{ marginBottom: 24 }} items={[{ title: "手机验证" }, { title: "更改密码" }, { title: "完成" }]} />
        {step === 0 && (
          <Form form={phoneForm} onFinish={verify}>
            <Form.Item name="phone" rules={[{ required: true, message: "请输入手机号" }, { pattern: MOBILE_PATTERN, message: "请输入正确的手机号" }]}>
              <Input placeholder="11 位手机号" />
            </Form.Item>
            <Form.Item required>
              <Space.Compact style={{ width: "100%" }}>
                <Form.Item name="smscode" noStyle rules={[{ required: true, message: "请输入验证码" }]}>
                  <Input placeholder="验证码" />
                </Form.Item>
                <SmsButton form={phoneForm} smsmode="2" />
              </Space.Compact>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
              下一步
            </Button>
          </Form>
        )}
        {step === 1 && (
          <Form onFinish={change}>
            <Form.Item name="password" rules={[{ required: true, message: "请输入新密码" }, { pattern: PASSWORD_POLICY, message: PASSWORD_POLICY_MESSAGE }]}>
              <Input.Password placeholder="新密码" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              dependencies={["password"]}
              rules={[
                { required: true, message: "请确认新密码" },
                ({ getFieldValue }) => ({
                  validator: (_, v) => (!v || v === getFieldValue("password") ? Promise.resolve() : Promise.reject(new Error("两次输入的密码不一样！"))),
                }),
              ]}
            >
              <Input.Password placeholder="确认新密码" autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
              提交
            </Button>
          </Form>
        )}
        {step === 2 && (
          <Result
            status="success"
            title="密码修改成功"
            extra={
              <Link to="/user/login">
                <Button type="primary">返回登录</Button>
              </Link>
            }
          />
        )}
        {step < 2 && (
          <div style={{ marginTop: 16, textAlign: "right" }}>
            <Link to="/user/login">返回登录</Link>
          </div>
        )}
      </Card>
    </UserPage>
  );
}
