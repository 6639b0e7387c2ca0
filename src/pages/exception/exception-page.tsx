import { Button, Result } from "antd";
import { Link } from "react-router";

import { LANDING_PATH } from "../../../providers/storage";

const TEXT = {
  "403": "抱歉，你无权访问该页面",
  "404": "抱歉，你访问的页面不存在",
  "500": "抱歉，服务器出错了",
} as const;

/** The exception pages of the demo menu (异常页 403/404/500), as ant-design-pro shows them. */
export function ExceptionPage({ type }: { type: keyof typeof TEXT }) {
  return (
    <Result
      status={type}
      title={type}
      subTitle={TEXT[type]}
      extra={
        <Link to={LANDING_PATH}>
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
