import { LockOutlined, MailOutlined, MobileOutlined, SafetyCertificateOutlined, UserOutlined } from "@ant-design/icons";
import { useCustom, useLogin, useParsed, type BaseRecord } from "@refinedev/core";
import { Button, Form, Input, theme } from "antd";
import { useState, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";

import type { LoginVariables } from "../../../providers/auth-provider";
import { filingNumber, PRODUCT_NAME } from "../../../providers/config";
import { useDocumentTitle } from "../../layout/document-title";
import { SmsButton } from "../user/sms-button";
import { MOBILE_PATTERN } from "../user/user-page";
import styles from "./login.module.css";
import { useLoginConfig } from "./use-login-config";

interface LoginForm {
  username: string;
  password: string;
  captcha?: string;
}

interface PhoneForm {
  mobile: string;
  captcha: string;
}

/** The server answers a wrong password or captcha with these words; the captcha is then renewed. */
const RENEW_CAPTCHA = /密码错误|验证码/;
const CAPTCHA_REFUSED = /验证码/;

/** 注册账户 and 忘记密码, under either tab (JeecgBoot `Login.vue`). */
function AccountLinks() {
  return (
    <div className={styles.links}>
      <Link to="/user/register">注册账户</Link>
      <Link to="/user/alteration">忘记密码</Link>
    </div>
  );
}

/** 账户密码登录: username, password and, when the server wants one, the image captcha (`POST /sys/login`). */
function AccountLogin({ redirect }: { redirect?: string }) {
  const [form] = Form.useForm<LoginForm>();
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
      { username, password, ...(needsCaptcha ? { captcha: code, checkKey } : {}), remember_me: true, redirect },
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

  return (
    <Form<LoginForm> form={form} size="large" onFinish={submit} autoComplete="off">
      <Form.Item name="username" rules={[{ required: true, message: "请输入用户名!" }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入用户名" aria-label="用户名" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: "请输入密码!" }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" aria-label="密码" autoComplete="current-password" />
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
      <AccountLinks />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending} disabled={!config.ready}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * 手机号登录: mobile number and SMS code (`POST /sys/sms` with smsmode "0", then `POST /sys/phoneLogin`). Without
 * an SMS gateway the server refuses both with its "not configured" message, which the page shows as it comes.
 */
function PhoneLogin({ redirect }: { redirect?: string }) {
  const [form] = Form.useForm<PhoneForm>();
  const { mutate: login, isPending } = useLogin<LoginVariables>();
  const submit = ({ mobile, captcha }: PhoneForm) => login({ mobile, captcha, remember_me: true, redirect });

  return (
    <Form<PhoneForm> form={form} size="large" onFinish={submit} autoComplete="off">
      <Form.Item
        name="mobile"
        rules={[
          { required: true, message: "请输入手机号!" },
          { pattern: MOBILE_PATTERN, message: "请输入正确的手机号" },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" aria-label="手机号" autoComplete="tel" maxLength={11} />
      </Form.Item>
      <div className={styles.captchaRow}>
        <Form.Item name="captcha" rules={[{ required: true, message: "请输入短信验证码!" }]} style={{ flex: 1 }}>
          <Input prefix={<MailOutlined />} placeholder="请输入短信验证码" aria-label="短信验证码" maxLength={10} autoComplete="one-time-code" />
        </Form.Item>
        <SmsButton form={form} field="mobile" smsmode="0" />
      </div>
      <AccountLinks />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}

const TABS = [
  { key: "account", label: "账户密码登录" },
  { key: "phone", label: "手机号登录" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

/**
 * The two sign-in tabs. A small ARIA tab list rather than antd's Tabs, which would add about 20 kB (gzip) to
 * the login route (its overflow menu brings rc-menu and the dropdown). A tab's form is mounted when first
 * opened and kept, hidden, so switching back keeps what was typed.
 */
function LoginTabs({ redirect }: { redirect?: string }) {
  const { token } = theme.useToken();
  const [active, setActive] = useState<TabKey>("account");
  const [opened, setOpened] = useState<ReadonlySet<TabKey>>(() => new Set(["account"]));
  const open = (key: TabKey) => {
    setActive(key);
    setOpened((keys) => (keys.has(key) ? keys : new Set([...keys, key])));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const index = TABS.findIndex((tab) => tab.key === active);
    const next = TABS[(index + (event.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length].key;
    open(next);
    document.getElementById(`login-tab-${next}`)?.focus();
  };
  const panels: Record<TabKey, () => ReactNode> = {
    account: () => <AccountLogin redirect={redirect} />,
    phone: () => <PhoneLogin redirect={redirect} />,
  };

  return (
    <>
      <div role="tablist" className={styles.tabs} onKeyDown={onKeyDown}>
        {TABS.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`login-tab-${key}`}
            aria-selected={key === active}
            aria-controls={`login-panel-${key}`}
            tabIndex={key === active ? 0 : -1}
            className={styles.tab}
            style={key === active ? { color: token.colorPrimary, borderBottomColor: token.colorPrimary } : undefined}
            onClick={() => open(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {TABS.filter(({ key }) => opened.has(key)).map(({ key }) => (
        <div key={key} role="tabpanel" id={`login-panel-${key}`} aria-labelledby={`login-tab-${key}`} hidden={key !== active}>
          {panels[key]()}
        </div>
      ))}
    </>
  );
}

export default function LoginPage() {
  useDocumentTitle("登录");
  const { params } = useParsed<{ redirect?: string }>();
  const filing = filingNumber();

  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <header className={styles.header}>
          <h1 className={styles.title}>{PRODUCT_NAME}</h1>
          <div className={styles.desc}>红色印记活动运营与系统管理后台</div>
        </header>
        <div className={styles.form}>
          <LoginTabs redirect={params?.redirect} />
        </div>
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
