import { Button, Card, Result } from "antd";
import { Link, useLocation } from "react-router";

import { UserPage } from "./user-page";

/** /user/register-result: the account just registered, with a way to sign in. */
export default function RegisterResultPage() {
  const username = (useLocation().state as { username?: string } | null)?.username;
  return (
    <UserPage title="注册结果">
      <Card>
        <Result
          status="success"
          title={username ? `你的账户：${username} 注册成功` : "注册成功"}
          subTitle="请使用注册的账户登录系统。"
          extra={
            <Link to="/user/login">
              <Button type="primary">使用账户登录</Button>
            </Link>
          }
        />
      </Card>
    </UserPage>
  );
}
