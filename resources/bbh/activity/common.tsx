/**
 * Parts the activity pages share: the activity picker, date helpers, the cover upload and the sanitised
 * rich-text field (the drag-sort table is kit/sortable-table.tsx).
 */
import { LoadingOutlined, UploadOutlined } from "@ant-design/icons";
import { App, Button, Image, Input, Select, Space, Tabs, Upload, type SelectProps } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import DOMPurify from "dompurify";
import { useEffect, useState } from "react";

import { fileUrl } from "../../../providers/config";
import { useApi } from "../../../kit/use-api";
import { ACTIVITY_API } from "./resource";

export const DATE_TIME = "YYYY-MM-DD HH:mm:ss";
/** A form's Dayjs as the server's `yyyy-MM-dd HH:mm:ss` (null when empty). */
export const toServerTime = (value: unknown) => (dayjs.isDayjs(value) ? (value as Dayjs).format(DATE_TIME) : null);
/** A server time as the form's Dayjs. */
export const fromServerTime = (value: unknown) => (typeof value === "string" && value ? dayjs(value) : undefined);
/** Dictionary codes come back as numbers; the dictionaries' options are strings. */
export const asCode = (value: unknown) => (value === null || value === undefined || value === "" ? undefined : String(value));
export const asNumber = (value: unknown) => (value === null || value === undefined || value === "" ? null : Number(value));

export const PUBLISH_COLORS: Record<string, string> = { "0": "default", "1": "green", "2": "red" };
export const TIME_COLORS: Record<string, string> = { "0": "default", "1": "processing", "2": "success", "3": "warning" };

/** `?activityId=` of the current address (lists opened from an activity). */
export function queryParam(name: string): string | undefined {
  if (typeof window === "undefined") return undefined;
  return new URLSearchParams(window.location.search).get(name) ?? undefined;
}

interface SelectItem {
  value: string;
  text: string;
}

/** Activity picker from `getActivityNameSelectList` (type-limited when `activityType` is given). */
export function ActivitySelect({ activityType, ...props }: SelectProps & { activityType?: 1 | 2 }) {
  const api = useApi();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    api
      .get<SelectItem[]>(`${ACTIVITY_API}/getActivityNameSelectList`, { activityType, limit: 500 })
      .then((items) => live && setOptions((items ?? []).map((i) => ({ value: i.value, label: i.text }))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, activityType]);
  return <Select showSearch optionFilterProp="label" placeholder="请选择活动" style={{ minWidth: 240 }} options={options} {...props} />;
}

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const IMAGE_MAX_MB = 5;

/** An image uploaded through `/sys/common/upload`; the value is the stored path. */
export function ImageUpload({ value, onChange, biz = "bbh" }: { value?: string | null; onChange?: (path: string | null) => void; biz?: string }) {
  const api = useApi();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  return (
    <Space align="start">
      {value ? <Image src={fileUrl(value)} width={160} height={90} style={{ objectFit: "cover" }} alt="封面" /> : <div style={{ width: 160, height: 90, background: "#fafafa", border: "1px dashed #d9d9d9", display: "flex", alignItems: "center", justifyContent: "center", color: "#999" }}>暂无图片</div>}
      <Space direction="vertical">
        <Upload
          accept={IMAGE_TYPES.join(",")}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!IMAGE_TYPES.includes(file.type)) {
              void message.error("只能上传图片文件（png、jpg、gif、webp）");
              return Upload.LIST_IGNORE;
            }
            if (file.size > IMAGE_MAX_MB * 1024 * 1024) {
              void message.error(`图片大小不能超过 ${IMAGE_MAX_MB}MB`);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setLoading(true);
            const body = new FormData();
            body.append("biz", biz);
            body.append("file", file as File);
            try {
              const { message: path } = await api.envelope("post", "/sys/common/upload", { payload: body });
              onChange?.(path);
              onSuccess?.(path);
            } catch (error) {
              const failure = error as { message?: string; notified?: boolean };
              if (!failure.notified) void message.error(failure.message || "上传失败！");
              onError?.(error as Error);
            } finally {
              setLoading(false);
            }
          }}
        >
          <Button icon={loading ? <LoadingOutlined /> : <UploadOutlined />}>上传图片</Button>
        </Upload>
        {value && (
          <Button type="link" size="small" danger onClick={() => onChange?.(null)} style={{ padding: 0 }}>
            移除
          </Button>
        )}
      </Space>
    </Space>
  );
}

/** What the preview shows: the HTML with scripts, handlers and unknown tags removed (the server cleans it again on save). */
export const sanitize = (html: string) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });

/** Rich text as HTML in a textarea with a sanitised preview (no editor dependency in the bundle). */
export function RichTextInput({ value, onChange, placeholder }: { value?: string | null; onChange?: (html: string) => void; placeholder?: string }) {
  const [tab, setTab] = useState("edit");
  return (
    <Tabs
      size="small"
      activeKey={tab}
      onChange={setTab}
      items={[
        {
          key: "edit",
          label: "编辑",
          children: <Input.TextArea rows={6} value={value ?? ""} onChange={(e) => onChange?.(e.target.value)} placeholder={placeholder ?? "支持 HTML，如 <p>段落</p>、<b>加粗</b>、<img src=…>"} />,
        },
        {
          key: "preview",
          label: "预览",
          children: (
            <div className="rm-rich-preview" style={{ minHeight: 120, padding: 12, border: "1px solid #f0f0f0", borderRadius: 6 }} dangerouslySetInnerHTML={{ __html: sanitize(value ?? "") || "<span style='color:#999'>暂无内容</span>" }} />
          ),
        },
      ]}
    />
  );
}

