/**
 * Parts the activity pages share: the activity picker, date helpers, the cover upload, the sanitised rich-text
 * field and the drag-sort table (dnd-kit; only the pages that sort load it, all of them lazily).
 */
import { HolderOutlined, LoadingOutlined, UploadOutlined } from "@ant-design/icons";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { App, Button, Image, Input, Select, Space, Table, Tabs, Upload, type SelectProps, type TableProps } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import DOMPurify from "dompurify";
import { createContext, useContext, useEffect, useMemo, useState, type HTMLAttributes } from "react";

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

// ---- drag sort -------------------------------------------------------------------------------------------

const HandleContext = createContext<HTMLAttributes<HTMLElement>>({});

/** The grip of a sortable row (the only part that starts a drag, so links and inputs keep their clicks). */
export function DragHandle() {
  const listeners = useContext(HandleContext);
  return <HolderOutlined aria-label="拖动排序" className="rm-drag-handle" style={{ cursor: "grab", color: "#999", touchAction: "none" }} {...listeners} />;
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { "data-row-key": string }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: props["data-row-key"] });
  const style = { ...props.style, transform: CSS.Translate.toString(transform), transition, ...(isDragging ? { position: "relative" as const, zIndex: 9, background: "#fafafa" } : {}) };
  const handle = useMemo(() => ({ ...attributes, ...listeners }) as HTMLAttributes<HTMLElement>, [attributes, listeners]);
  return (
    <HandleContext value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext>
  );
}

/**
 * An antd table whose rows are dragged by their handle column; `onSort` gets the ids in the new order (the
 * page sends them to the server and reloads). `sortable` false shows the table without drag.
 */
export function SortableTable<R extends { id: string }>({ onSort, sortable, dataSource, columns, ...props }: TableProps<R> & { onSort: (ids: string[]) => void; sortable: boolean }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const rows = (dataSource ?? []) as R[];
  const ids = rows.map((r) => r.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onSort(arrayMove(ids, from, to));
  };
  const allColumns = sortable ? [{ title: "拖动", key: "drag", width: 56, align: "center" as const, render: () => <DragHandle /> }, ...(columns ?? [])] : columns;
  if (!sortable) return <Table<R> rowKey="id" dataSource={rows} columns={allColumns} {...props} />;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Table<R> rowKey="id" dataSource={rows} columns={allColumns} components={{ body: { row: SortableRow } }} {...props} />
      </SortableContext>
    </DndContext>
  );
}
