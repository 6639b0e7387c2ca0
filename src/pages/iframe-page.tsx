import { useCustomMutation } from "@refinedev/core";
import { Button, Result, Spin } from "antd";
import { useEffect, useRef, useState } from "react";

import { absoluteApiBaseUrl } from "../../providers/config";
import { getToken } from "../../providers/storage";
import type { PageProps } from "../../kit/page";

/**
 * Pages of our own server that need a signed-in user but cannot get the `X-Access-Token` header in a frame.
 * Before framing one, the console asks its ticket route (with the header) for a short-lived HttpOnly cookie
 * scoped to that page, so the token never goes into a URL (docs/security.md).
 */
const TICKETED_FRAMES = [{ path: "/doc.html", ticket: "/sys/apiDoc/ticket" }];

export function frameTicketRoute(url: string, apiBase: string = absoluteApiBaseUrl()): string | undefined {
  let href: string;
  try {
    href = new URL(url).href.split(/[?#]/)[0];
  } catch {
    return undefined;
  }
  return TICKETED_FRAMES.find((f) => href === apiBase + f.path || href.startsWith(`${apiBase}${f.path}/`))?.ticket;
}

/** JeecgBoot `IframePageView`: shows `meta.url` in a frame, or opens it in a new window when external. */
export default function IframePage({ route }: PageProps) {
  const url = route.url?.replace("${token}", getToken() ?? "");
  const ticket = url && !route.internalOrExternal ? frameTicketRoute(url) : undefined;
  const [ticketState, setTicketState] = useState<{ ready: boolean; error?: string }>({ ready: !ticket });
  const { mutateAsync } = useCustomMutation();
  const request = useRef(mutateAsync);
  request.current = mutateAsync;

  useEffect(() => {
    if (url && route.internalOrExternal) window.open(url, "_blank", "noopener");
  }, [url, route.internalOrExternal]);

  useEffect(() => {
    if (!ticket) return;
    let live = true;
    request.current({ url: ticket, method: "post", values: {}, meta: { quiet: true }, successNotification: false, errorNotification: false }).then(
      () => live && setTicketState({ ready: true }),
      (error: Error) => live && setTicketState({ ready: false, error: error.message || "请求失败" }),
    );
    return () => {
      live = false;
    };
  }, [ticket]);

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
  if (ticketState.error) return <Result status="403" title={`无法打开「${route.title}」`} subTitle={ticketState.error} />;
  if (!ticketState.ready) return <Spin style={{ display: "block", margin: "80px auto" }} />;
  return (
    <iframe
      title={route.title}
      src={url}
      style={{ width: "100%", height: "calc(100vh - 180px)", border: 0, background: "#fff" }}
    />
  );
}
