import { PlusOutlined } from "@ant-design/icons";
import { App, Upload, type UploadFile } from "antd";

import { fileUrl } from "../../../providers/config";
import { useApi } from "../../../kit/use-api";

/**
 * Images through `/sys/common/upload` (biz `redmark`); the value is the stored path, or for `max > 1` the
 * paths joined by commas, as the red-mark table keeps them.
 */
export function ImageUpload({ value, onChange, max = 1 }: { value?: string | null; onChange?: (value: string | null) => void; max?: number }) {
  const api = useApi();
  const { message } = App.useApp();
  const paths = (value ?? "").split(",").map((p) => p.trim()).filter(Boolean);
  const fileList: UploadFile[] = paths.map((p) => ({ uid: p, name: p.split("/").pop() ?? p, status: "done", url: fileUrl(p) }));

  const upload = async (file: File) => {
    const data = new FormData();
    data.append("file", file);
    data.append("biz", "redmark");
    try {
      const { message: path } = await api.envelope("post", "/sys/common/upload", { payload: data });
      onChange?.([...paths, path].slice(-max).join(","));
    } catch (error) {
      message.warning((error as { message?: string }).message || "上传失败！");
    }
  };

  return (
    <Upload
      accept="image/*"
      listType="picture-card"
      fileList={fileList}
      beforeUpload={(file) => (void upload(file), false)}
      onRemove={(file) => {
        const rest = paths.filter((p) => p !== file.uid);
        onChange?.(rest.length ? rest.join(",") : null);
      }}
    >
      {paths.length < max && (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>上传</div>
        </div>
      )}
    </Upload>
  );
}
