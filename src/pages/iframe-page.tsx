import { Button, Result } from "antd";
import { useEffect } from "react";

import { getToken } from "../../providers/storage";
import type { PageProps } from "../registry";

/** JeecgBoot `IframePageView`: shows `meta.url` in a frame, or opens it in a new window when external. */
export default function IframePage({ route }: PageProps) {
  const url = route.url?.replace("${token}", getToken() ?? "");

  useEffect(() => {
    if (url && route.internalOrExternal) window.open(url, "_blank", "noopener");
  }, [url, route.internalOrExternal]);

  if (!url) return <Result status="warning" title={`菜单「${route.title}」没有可用的地址`} />;
  if (route.internalOrExternal) {
    return (
      <Result
        status="info"
        title={`「${route.title}」已在新窗口中打开`}
        extra={
          <Button type="primary" href={url} target="_blank" rel="noopener noreferrer">
            再次打开
          </Button>
        }
      />
    );
  }
  return (
    <iframe
      title={route.title}
      src={url}
      style={{ width: "100%", height: "calc(100vh - 180px)", border: 0, background: "#fff" }}
    />
  );
}
