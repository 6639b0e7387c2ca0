/**
 * 通知消息: the announcement viewer (spec §2.3). The HTML is sanitised again here with DOMPurify.
 * An announcement with `openType` `component` opens the page registered for its `openPage` instead, in a
 * dialog with `{ id: busId }` (contract §9.3); an unknown component falls back to the viewer. Pages are
 * opened through the shell's `PageOpenerContext`, so the kit never imports the shell's registry.
 */
import { Button, Divider, Modal, Typography } from "antd";
import DOMPurify from "dompurify";
import { use, useMemo } from "react";
import { useNavigate } from "react-router";

import { PageOpenerContext, type PageOpener } from "./page";

export interface Announcement {
  id: string;
  anntId?: string;
  titile: string | null;
  msgContent: string | null;
  sender: string | null;
  sendTime: string | null;
  createTime?: string | null;
  priority: "L" | "M" | "H" | string | null;
  msgCategory?: string | null;
  openType?: string | null;
  openPage?: string | null;
  busId?: string | null;
  readFlag?: string | null;
}

/** The registered component path an announcement opens, if it opens one we have (`/a/B.vue` → `a/B`). */
export function announcementComponent(record: Announcement | undefined, pages: PageOpener): string | undefined {
  if (record?.openType !== "component" || !record.openPage) return undefined;
  const component = record.openPage.trim().replace(/^\/+/, "").replace(/\.vue$/, "");
  return pages.has(component) ? component : undefined;
}

function AnnouncementComponent({ record, component, pages, onClose }: { record: Announcement; component: string; pages: PageOpener; onClose: () => void }) {
  const route = {
    path: "",
    name: component,
    title: record.titile ?? "通知消息",
    component,
    internalOrExternal: false,
    keepAlive: false,
    menuKey: "",
    trail: [],
  };
  return (
    <Modal
      title={record.titile || "通知消息"}
      open
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>关闭</Button>}
      className="rm-announcement-component"
    >
      {pages.render(component, { route, id: record.busId ?? undefined })}
    </Modal>
  );
}

export function AnnouncementViewer({ record, onClose }: { record: Announcement | undefined; onClose: () => void }) {
  const pages = use(PageOpenerContext);
  const component = announcementComponent(record, pages);
  if (record && component) return <AnnouncementComponent record={record} component={component} pages={pages} onClose={onClose} />;
  return <AnnouncementMessage record={record} onClose={onClose} />;
}

function AnnouncementMessage({ record, onClose }: { record: Announcement | undefined; onClose: () => void }) {
  const navigate = useNavigate();
  const html = useMemo(() => DOMPurify.sanitize(record?.msgContent ?? ""), [record?.msgContent]);
  const toHandle = () => {
    onClose();
    if (record?.openPage) navigate(record.openPage);
  };

  return (
    <Modal
      title="通知消息"
      open={Boolean(record)}
      width={800}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        record?.openType === "url" && record.openPage ? (
          <Button key="handle" type="primary" onClick={toHandle}>
            去处理
          </Button>
        ) : null,
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {record && (
        <div className="rm-announcement">
          <Typography.Title level={4} style={{ textAlign: "center", marginTop: 8 }}>
            {record.titile}
          </Typography.Title>
          <div style={{ textAlign: "center", color: "rgba(0,0,0,0.45)" }}>
            <span>发布人：{record.sender}</span>
            <span style={{ marginLeft: 24 }}>发布时间：{record.sendTime}</span>
          </div>
          <Divider style={{ margin: "12px 0" }} />
          <div className="rm-announcement-content" style={{ overflowWrap: "anywhere" }} dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      )}
    </Modal>
  );
}
