import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from "@ant-design/icons";
import { useCustom, useLogin, useParsed, type BaseRecord } from "@refinedev/core";
import { Button, Form, Input } from "antd";
import { useState } from "react";

import type { LoginVariables } from "../../../providers/auth-provider";
import { filingNumber, PRODUCT_NAME } from "../../../providers/config";
import { useDocumentTitle } from "../../layout/document-title";
import styles from "./login.module.css";
import { useLoginConfig } from "./use-login-config";

interface LoginForm {
  username: string;
  password: string;
  captcha?: string;
}

/** The server answers a wrong password or captcha with these words; the captcha is then renewed. */
const RENEW_CAPTCHA = /密码错误|验证码/;
const CAPTCHA_REFUSED = /验证码/;

export default function LoginPage() {
  useDocumentTitle("登录");
  const [form] = Form.useForm<LoginForm>();
  const { params } = useParsed<{ redirect?: string }>();
  const config = useLoginConfig();
  const needsCaptcha = config.ready && config.captcha;
  const [checkKey, setCheckKey] = useState(() => Date.now());
  const { result: captcha, query: captchaQuery } = useCustom<BaseRecord>({
    url: `/sys/randomImage/${checkKey}`,
    method: "get",
    queryOptions: { staleTime: Infinity, gcTime: 0, enabled: needsCaptcha },
    errorNotification: false,
  });
  const { mutate: login, isPending } = useLogin<LoginVariables>();

  const renewCaptcha = () => {
    setCheckKey(Date.now());
    form.setFieldValue("captcha", "");
  };

  const submit = ({ username, password, captcha: code }: LoginForm) =>
    login(
      { username, password, ...(needsCaptcha ? { captcha: code, checkKey } : {}), remember_me: true, redirect: params?.redirect },
      {
        onSuccess: (outcome) => {
          if (outcome.success) return;
          const message = outcome.error?.message ?? "";
          if (needsCaptcha && RENEW_CAPTCHA.test(message)) renewCaptcha();
          // A captcha refusal while none is shown: the server's setting changed since the page loaded.
          if (!needsCaptcha && CAPTCHA_REFUSED.test(message)) config.refresh();
        },
      },
    );

  const image = typeof captcha?.data === "string" ? captcha.data : undefined;
  const filing = filingNumber();

  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <header className={styles.header}>
          <h1 className={styles.title}>{PRODUCT_NAME}</h1>
          <div className={styles.desc}>红色印记活动运营与系统管理后台</div>
        </header>
        <Form<LoginForm> form={form} className={styles.form} size="large" onFinish={submit} autoComplete="off">
          <Form.Item name="username" rules={[{ required: true, message: "请输入用户名!" }]}>
            <Input prefix={<UserOutlined />} placeholder="请输入用户名" aria-label="用户名" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: "请输入密码!" }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入密码"
              aria-label="密码"
              autoComplete="current-password"
            />
          </Form.Item>
          {needsCaptcha && (
            <div className={styles.captchaRow}>
              <Form.Item name="captcha" rules={[{ required: true, message: "请输入验证码!" }]} style={{ flex: 1 }}>
                <Input prefix={<SafetyCertificateOutlined />} placeholder="请输入验证码" aria-label="验证码" maxLength={8} />
              </Form.Item>
              <button type="button" className={styles.captchaImage} onClick={renewCaptcha} title="看不清？点击刷新">
                {image ? <img src={image} alt="验证码" /> : captchaQuery.isError ? "点击刷新" : "加载中"}
              </button>
            </div>
          )}
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={isPending} disabled={!config.ready}>
              登录
            </Button>
          </Form.Item>
        </Form>
      </main>
      <footer className={styles.footer}>
        {filing && <div>{filing}</div>}
        <div>
          Copyright © {new Date().getFullYear()} {PRODUCT_NAME}
        </div>
      </footer>
    </div>
  );
}
