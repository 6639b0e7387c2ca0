import { Result } from "antd";

import type { PageProps } from "../../kit/page";

export default function UnknownComponentPage({ route }: PageProps) {
  return (
    <Result
      status="warning"
      title={`页面组件「${route.component || "未配置"}」尚未实现`}
      subTitle={`菜单「${route.title}」（路径 ${route.path}）对应的页面还在开发中。`}
    />
  );
}
