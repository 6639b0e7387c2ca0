import { UploadOutlined } from "@ant-design/icons";
import { useCustom, useDataProvider } from "@refinedev/core";
import { App, Button, Progress, Space, Typography, Upload } from "antd";
import { useState } from "react";

import { DEFAULT_UPLOAD_LIMITS, UPLOAD_ACCEPT, UPLOAD_KIND_TEXT, checkUploadName, formatMb, type UploadKind } from "../../../contract/upload";
import { OSS_API } from "./resource";

interface Policy {
  limits: Record<UploadKind, number>;
}

/** The size limits in force (the server's environment may change the defaults of contract/upload.ts). */
export function useUploadLimits(): Record<UploadKind, number> {
  const { result } = useCustom<Policy>({ url: `${OSS_API}/uploadPolicy`, method: "get", queryOptions: { staleTime: 60_000, retry: false }, meta: { quiet: true } });
  return (result?.data as Policy | undefined)?.limits ?? DEFAULT_UPLOAD_LIMITS;
}

export const limitsText = (limits: Record<UploadKind, number>) =>
  (Object.keys(UPLOAD_KIND_TEXT) as UploadKind[]).map((k) => `${UPLOAD_KIND_TEXT[k]}≤${formatMb(limits[k])}`).join("，");

interface Sending {
  name: string;
  percent: number;
  status: "active" | "success" | "exception";
}

/**
 * 上传文件: checks the type and size before sending (contract/upload.ts, the server checks again and reads
 * the bytes), then posts the file with a progress bar — a 200 MB video takes a while.
 */
export function UploadButton({ bizType, onUploaded }: { bizType?: string; onUploaded: () => void }) {
  const dataProvider = useDataProvider();
  const { message } = App.useApp();
  const limits = useUploadLimits();
  const [sending, setSending] = useState<Sending>();

  const send = async (file: File) => {
    const refusal = checkUploadName(file.name, file.size, limits);
    if (refusal) {
      message.warning(refusal);
      return;
    }
    const body = new FormData();
    body.append("file", file);
    if (bizType) body.append("bizType", bizType);
    setSending({ name: file.name, percent: 0, status: "active" });
    try {
      await dataProvider().custom!({
        url: `${OSS_API}/upload`,
        method: "post",
        payload: body,
        meta: {
          envelope: true,
          onUploadProgress: (e: { loaded: number; total?: number }) =>
            setSending((s) => s && { ...s, percent: Math.min(99, Math.floor((e.loaded / (e.total || file.size || 1)) * 100)) }),
        },
      });
      setSending({ name: file.name, percent: 100, status: "success" });
      message.success(`${file.name} 上传成功！`);
      onUploaded();
    } catch (error) {
      setSending((s) => s && { ...s, status: "exception" });
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "上传失败！");
    }
  };

  return (
    <Space>
      <Upload accept={UPLOAD_ACCEPT} showUploadList={false} beforeUpload={(file) => (void send(file), false)} disabled={sending?.status === "active"}>
        <Button type="primary" icon={<UploadOutlined />} loading={sending?.status === "active"}>
          上传文件
        </Button>
      </Upload>
      {sending ? (
        <Space size={8} data-testid="upload-progress">
          <Typography.Text ellipsis style={{ maxWidth: 200 }} title={sending.name}>
            {sending.name}
          </Typography.Text>
          <Progress percent={sending.percent} status={sending.status} size="small" style={{ width: 160, margin: 0 }} />
        </Space>
      ) : (
        <Typography.Text type="secondary">{limitsText(limits)}</Typography.Text>
      )}
    </Space>
  );
}
