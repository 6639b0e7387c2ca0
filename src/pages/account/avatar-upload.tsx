import { LoadingOutlined, UploadOutlined, UserOutlined } from "@ant-design/icons";
import { useDataProvider } from "@refinedev/core";
import { App, Avatar, Button, Upload } from "antd";
import { useState } from "react";

import type { JeecgHttpError } from "../../../providers/data-provider";
import { fileUrl } from "../../../providers/config";

export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
export const AVATAR_MAX_MB = 5;

/** Avatar picker: uploads through `/sys/common/upload` (images only, at most 5 MB) and reports the stored path. */
export function AvatarUpload({ value, onChange }: { value?: string | null; onChange?: (path: string) => void }) {
  const { message } = App.useApp();
  const dataProvider = useDataProvider();
  const [loading, setLoading] = useState(false);

  const beforeUpload = (file: File) => {
    if (!AVATAR_TYPES.includes(file.type)) {
      void message.error("只能上传图片文件（png、jpg、gif、webp）");
      return Upload.LIST_IGNORE;
    }
    if (file.size > AVATAR_MAX_MB * 1024 * 1024) {
      void message.error(`图片大小不能超过 ${AVATAR_MAX_MB}MB`);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  return (
    <div style={{ textAlign: "center" }}>
      <Avatar size={144} src={fileUrl(value)} icon={<UserOutlined />} style={{ marginBottom: 16 }} />
      <div>
        <Upload
          accept={AVATAR_TYPES.join(",")}
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={async ({ file, onSuccess, onError }) => {
            setLoading(true);
            const body = new FormData();
            body.append("biz", "avatar");
            body.append("file", file as File);
            try {
              const response = await dataProvider().custom!<{ message: string }>({ url: "/sys/common/upload", method: "post", payload: body, meta: { envelope: true } });
              onChange?.(response.data.message);
              onSuccess?.(response.data);
            } catch (error) {
              const failure = error as JeecgHttpError;
              if (!failure.notified) void message.error(failure.message || "上传失败！");
              onError?.(error as Error);
            } finally {
              setLoading(false);
            }
          }}
        >
          <Button icon={loading ? <LoadingOutlined /> : <UploadOutlined />}>更换头像</Button>
        </Upload>
      </div>
    </div>
  );
}
