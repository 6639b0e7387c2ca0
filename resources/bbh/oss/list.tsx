import {
  AppstoreOutlined,
  BarsOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  SoundOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { App, Button, Card, Col, DatePicker, Empty, Image, Pagination, Popconfirm, Row, Segmented, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import type { Dayjs } from "dayjs";
import { useState, type ReactNode } from "react";

import { errorNotification } from "../../../providers/data-provider";
import { fileUrl } from "../../../providers/config";
import { actionColumn } from "../../../kit/action-column";
import { useAccess } from "../../../kit/auth";
import { useDictOptions } from "../../../kit/dict";
import { ExcelButtons, saveBlob } from "../../../kit/excel-buttons";
import type { PageProps } from "../../../kit/page";
import { SearchForm, searchFilters, type SearchField } from "../../../kit/search-form";
import { useAction, useApi } from "../../../kit/use-api";
import { OSS_API, OSS_CODES, OSS_RESOURCE } from "./resource";
import { UploadButton } from "./upload-button";

export interface OssFileRow {
  id: string;
  fileName: string;
  url: string;
  thumbUrl?: string | null;
  fileType?: string | null;
  fileType_dictText?: string;
  fileExt?: string | null;
  mimeType?: string | null;
  fileSize?: number | null;
  storageType?: string | null;
  storageType_dictText?: string;
  width?: number | null;
  height?: number | null;
  duration?: number | null;
  bizType?: string | null;
  bizType_dictText?: string;
  bizId?: string | null;
  uploaderType?: number | null;
  uploaderType_dictText?: string;
  createBy?: string | null;
  createTime?: string | null;
  [key: string]: unknown;
}

const FMT = "YYYY-MM-DD HH:mm:ss";
const { RangePicker } = DatePicker;

export function formatSize(bytes: number | null | undefined): string {
  if (bytes == null) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const TYPE_COLORS: Record<string, string> = { image: "green", doc: "blue", audio: "purple", video: "magenta" };

function fileIcon(r: OssFileRow, size = 28): ReactNode {
  const style = { fontSize: size };
  const ext = r.fileExt ?? "";
  if (r.fileType === "image") return <FileImageOutlined style={{ ...style, color: "#389e0d" }} />;
  if (r.fileType === "audio") return <SoundOutlined style={{ ...style, color: "#722ed1" }} />;
  if (r.fileType === "video") return <VideoCameraOutlined style={{ ...style, color: "#c41d7f" }} />;
  if (ext === "pdf") return <FilePdfOutlined style={{ ...style, color: "#cf1322" }} />;
  if (ext === "doc" || ext === "docx") return <FileWordOutlined style={{ ...style, color: "#1677ff" }} />;
  if (ext === "xls" || ext === "xlsx") return <FileExcelOutlined style={{ ...style, color: "#389e0d" }} />;
  if (ext === "ppt" || ext === "pptx") return <FilePptOutlined style={{ ...style, color: "#d46b08" }} />;
  return <FileOutlined style={style} />;
}

/** Opens in the browser (a new tab): images, PDF, audio and video; Office files are downloaded instead. */
const viewable = (r: OssFileRow) => r.fileType === "image" || r.fileType === "audio" || r.fileType === "video" || r.fileExt === "pdf";

function Preview({ row, size = 48 }: { row: OssFileRow; size?: number }) {
  if (row.fileType === "image") {
    return <Image width={size} height={size} style={{ objectFit: "cover" }} src={fileUrl(row.thumbUrl || row.url)} preview={{ src: fileUrl(row.url) }} alt={row.fileName} />;
  }
  return viewable(row) ? (
    <a href={fileUrl(row.url)} target="_blank" rel="noreferrer" title="在新标签页中打开">
      {fileIcon(row, size * 0.6)}
    </a>
  ) : (
    fileIcon(row, size * 0.6)
  );
}

const dimensions = (r: OssFileRow) => (r.width && r.height ? `${r.width}×${r.height}` : r.duration ? `${r.duration} 秒` : "");

/** OSS 文件 (domain.md §7.7): every uploaded file — search, upload with progress, preview, download, delete. */
export default function OssFileListPage(_props: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(OSS_RESOURCE);
  const { message, modal } = App.useApp();
  const fileTypes = useDictOptions("bbh_file_type");
  const bizTypes = useDictOptions("bbh_biz_type");
  const uploaderTypes = useDictOptions("bbh_uploader_type");
  const [selected, setSelected] = useState<string[]>([]);
  const [view, setView] = useState<"list" | "grid">("list");

  const search: SearchField[] = [
    { name: "fileName", label: "文件名" },
    { name: "fileType", label: "类型", exact: true, input: <Select allowClear options={fileTypes} placeholder="请选择类型" /> },
    { name: "bizType", label: "业务类型", exact: true, input: <Select allowClear options={bizTypes} placeholder="请选择业务类型" /> },
    { name: "uploaderType", label: "上传者类型", exact: true, input: <Select allowClear options={uploaderTypes} placeholder="请选择上传者类型" /> },
    { name: "createTime", label: "上传时间", input: <RangePicker showTime format={FMT} placeholder={["开始时间", "结束时间"]} allowEmpty={[true, true]} /> },
  ];
  const { tableProps, searchFormProps, sorters, filters, tableQuery } = useTable<OssFileRow>({
    resource: OSS_RESOURCE,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    onSearch: (values) => {
      const v = values as Record<string, unknown>;
      const range = v.createTime as [Dayjs | null, Dayjs | null] | null | undefined;
      const time: CrudFilters = [
        { field: "createTime", operator: "gte", value: range?.[0]?.format(FMT) },
        { field: "createTime", operator: "lte", value: range?.[1]?.format(FMT) },
      ];
      setSelected([]);
      return [...searchFilters(search.filter((f) => f.name !== "createTime"), v), ...time];
    },
    errorNotification,
  });

  const remove = (id: string) => act(() => api.del(`${OSS_API}/delete`, { id }), "删除成功!");
  const removeSelected = () =>
    modal.confirm({
      title: "确认删除",
      content: `是否删除选中的 ${selected.length} 个文件？存储中的文件也会一并删除。`,
      okText: "确定",
      cancelText: "取消",
      onOk: async () => {
        if (await act(() => api.del(`${OSS_API}/deleteBatch`, { ids: selected.join(",") }), "删除成功!")) setSelected([]);
      },
    });
  const download = async (r: OssFileRow) => {
    try {
      saveBlob(await api.download(`${OSS_API}/download`, { id: r.id }), r.fileName);
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "下载失败");
    }
  };
  const copyLink = async (r: OssFileRow) => {
    const link = new URL(fileUrl(r.url) ?? r.url, window.location.href).href;
    try {
      await navigator.clipboard.writeText(link);
      message.success("链接已复制");
    } catch {
      modal.info({ title: "文件链接", content: <Typography.Paragraph copyable>{link}</Typography.Paragraph>, okText: "关闭" });
    }
  };

  const links = (r: OssFileRow) => [
    viewable(r) && (
      <a key="view" href={fileUrl(r.url)} target="_blank" rel="noreferrer">
        预览
      </a>
    ),
    <a key="download" onClick={() => void download(r)}>
      下载
    </a>,
    <a key="copy" onClick={() => void copyLink(r)}>
      复制链接
    </a>,
    r.fileType === "image" && access.has(OSS_CODES.thumb) && (
      <a key="thumb" onClick={() => void act(() => api.post(`${OSS_API}/thumb?id=${encodeURIComponent(r.id)}`), "缩略图已生成")}>
        生成缩略图
      </a>
    ),
    access.has(OSS_CODES.delete) && (
      <Popconfirm key="delete" title="确定删除该文件吗？存储中的文件也会一并删除。" onConfirm={() => remove(r.id)} okText="确定" cancelText="取消">
        <a>删除</a>
      </Popconfirm>
    ),
  ];

  const columns: TableColumnsType<OssFileRow> = [
    { title: "预览", key: "preview", width: 72, align: "center", render: (_, r) => <Preview row={r} /> },
    { title: "文件名", dataIndex: "fileName", sorter: true, ellipsis: true },
    { title: "类型", dataIndex: "fileType", width: 90, render: (_, r) => r.fileType && <Tag color={TYPE_COLORS[r.fileType]}>{r.fileType_dictText ?? r.fileType}</Tag> },
    { title: "大小", dataIndex: "fileSize", width: 110, sorter: true, render: (v: number) => formatSize(v) },
    { title: "尺寸/时长", key: "dim", width: 120, render: (_, r) => dimensions(r) },
    { title: "存储", dataIndex: "storageType_dictText", width: 100, render: (v, r) => v ?? r.storageType },
    { title: "业务对象", key: "biz", width: 160, ellipsis: true, render: (_, r) => (r.bizType ? `${r.bizType_dictText ?? r.bizType}${r.bizId ? ` · ${r.bizId}` : ""}` : "") },
    { title: "上传者", dataIndex: "createBy", width: 100 },
    { title: "上传时间", dataIndex: "createTime", width: 170, sorter: true },
    actionColumn<OssFileRow>({ rows: tableProps.dataSource, links }),
  ];

  const rowsShown = (tableProps.dataSource ?? []) as OssFileRow[];
  const pagination = tableProps.pagination || undefined;

  return (
    <Card title="OSS文件">
      <SearchForm formProps={searchFormProps} fields={search} />
      <Space style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }} wrap>
        <Space wrap>
          {access.has(OSS_CODES.add) && <UploadButton onUploaded={() => void tableQuery.refetch()} />}
          <ExcelButtons base={OSS_API} title="OSS文件" filters={filters} sorters={sorters} selections={selected} exportCode={OSS_CODES.export} onImported={() => void tableQuery.refetch()} />
          {selected.length > 0 && access.has(OSS_CODES.deleteBatch) && (
            <Button danger onClick={removeSelected}>
              批量删除
            </Button>
          )}
        </Space>
        <Segmented
          value={view}
          onChange={(v) => setView(v as "list" | "grid")}
          options={[
            { value: "list", icon: <BarsOutlined />, title: "列表" },
            { value: "grid", icon: <AppstoreOutlined />, title: "网格" },
          ]}
        />
      </Space>
      {view === "list" ? (
        <Table<OssFileRow>
          {...tableProps}
          rowKey="id"
          size="middle"
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          columns={columns}
          pagination={pagination && { ...pagination, showSizeChanger: true, pageSizeOptions: ["10", "20", "30"], showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条` }}
        />
      ) : (
        <>
          {rowsShown.length === 0 ? (
            <Empty description="暂无文件" />
          ) : (
            <Row gutter={[16, 16]}>
              {rowsShown.map((r) => (
                <Col key={r.id} xs={12} md={8} xl={4}>
                  <Card size="small" hoverable styles={{ body: { padding: 8 } }}>
                    <div style={{ height: 110, display: "flex", alignItems: "center", justifyContent: "center" }}>
                      <Preview row={r} size={100} />
                    </div>
                    <Tooltip title={r.fileName}>
                      <Typography.Text ellipsis style={{ display: "block" }}>
                        {r.fileName}
                      </Typography.Text>
                    </Tooltip>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatSize(r.fileSize)} {dimensions(r)}
                    </Typography.Text>
                    <Space size={8} wrap style={{ display: "flex", marginTop: 4, fontSize: 12 }}>
                      {links(r).filter(Boolean)}
                    </Space>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
          {pagination && (
            <Pagination
              style={{ marginTop: 16, justifyContent: "flex-end" }}
              current={pagination.current}
              pageSize={pagination.pageSize}
              total={pagination.total}
              showTotal={(total) => `共 ${total} 条`}
              onChange={(page, size) => tableProps.onChange?.({ ...pagination, current: page, pageSize: size }, {}, [], { action: "paginate", currentDataSource: [] })}
            />
          )}
        </>
      )}
    </Card>
  );
}
