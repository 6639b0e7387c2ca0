/** 通知消息: the announcement viewer (spec §2.3). The HTML is sanitised again here with DOMPurify. */
import { Button, Divider, Modal, Typography } from "antd";
import DOMPurify from "dompurify";
import { useMemo } from "react";
import { useNavigate } from "react-router";

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

export function AnnouncementViewer({ record, onClose }: { record: Announcement | undefined; onClose: () => void }) {
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
