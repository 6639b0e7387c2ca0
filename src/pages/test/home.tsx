import { useGetIdentity } from "@refinedev/core";
import { Button, Card, Result } from "antd";
import { Link } from "react-router";

import type { Identity } from "../../../providers/auth-provider";
import { PRODUCT_NAME } from "../../../providers/config";
import { LANDING_PATH } from "../../../providers/storage";
import { useDocumentTitle } from "../../layout/document-title";
import { greeting } from "../dashboard/greeting";

/** /test/home: the test home page, outside the main layout (JeecgBoot's BlankLayout route). */
export default function TestHomePage() {
  useDocumentTitle("测试首页");
  const { data: user } = useGetIdentity<Identity>();
  return (
    <div style={{ minHeight: "100vh", background: "#f0f2f5", padding: 24 }}>
      <Card style={{ maxWidth: 720, margin: "40px auto" }}>
        <Result
          status="info"
          title={`${greeting(new Date().getHours())}，${user?.realname || user?.username || ""}`}
          subTitle={`这是${PRODUCT_NAME}的测试首页`}
          extra={
            <Link to={LANDING_PATH}>
              <Button type="primary">进入系统</Button>
            </Link>
          }
        />
      </Card>
    </div>
  );
}
