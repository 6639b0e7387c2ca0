import { Button, Result } from "antd";
import { Link } from "react-router";

import { LANDING_PATH } from "../../../providers/storage";
import { useDocumentTitle } from "../../layout/document-title";

export default function NotFoundPage() {
  useDocumentTitle("404");
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，你访问的页面不存在"
      extra={
        <Link to={LANDING_PATH}>
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
