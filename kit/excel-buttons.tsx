import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { App, Button, Space, Upload } from "antd";
import { useState } from "react";

import { toQueryParams, toSortParams } from "../providers/data-provider";
import { useAccess } from "./auth";
import { useApi } from "./use-api";

/** Saves a Blob under `name` (the browser's download). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The row errors (`第N行：…`) of an import refusal's message, in order. */
export const importErrorLines = (text: string) => text.split(/[；。]/).map((part) => /第\d+行：.*/.exec(part)?.[0]).filter((l): l is string => Boolean(l));

/**
 * 导出 / 导入 of a list page (contract §6.1–6.2): export sends the list's filters and sort (and the selected
 * ids as `selections`); import uploads an .xlsx and shows the server's verdict, per-row errors included.
 */
export function ExcelButtons(props: {
  base: string;
  title: string;
  filters: CrudFilter[];
  sorters: CrudSort[];
  selections?: string[];
  exportCode: string;
  /** Absent: the list has no import (read-only lists such as grades). */
  importCode?: string;
  /** Query of the import (and template) request, e.g. the activity the rows go to. */
  importQuery?: Record<string, unknown>;
  /** Offer 下载模板 (`<base>/importTemplate`) beside 导入, saved as `<templateName>.xlsx`. */
  templateName?: string;
  onImported: () => void;
}) {
  const access = useAccess();
  const api = useApi();
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<"export" | "import">();

  /** GETs a file from the server and saves it; a failure the API layer has not shown is a warning. */
  const saveFrom = async (path: string, query: Record<string, unknown> | undefined, fileName: string, failure: string) => {
    try {
      saveBlob(await api.download(`${props.base}/${path}`, query), fileName);
    } catch (error) {
      const e = error as { message?: string; notified?: boolean };
      if (!e.notified) message.warning(e.message || failure);
    }
  };

  const exportXls = async () => {
    setBusy("export");
    const query = { ...toSortParams(props.sorters), ...toQueryParams(props.filters), selections: props.selections?.length ? props.selections.join(",") : undefined };
    await saveFrom("exportXls", query, `${props.title}.xlsx`, "导出失败");
    setBusy(undefined);
  };

  const importXls = async (file: File) => {
    const data = new FormData();
    data.append("file", file);
    setBusy("import");
    try {
      const { message: text } = await api.envelope("post", `${props.base}/importExcel`, { payload: data, query: props.importQuery, quiet: true });
      message.success(text || "文件导入成功！");
      props.onImported();
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean; result?: unknown };
      // Every bad row: `result.errors` (line, column, reason) when the server lists them, else the message's rows.
      const listed = (failure.result as { errors?: Array<{ line: number; column?: string; message: string }> } | null | undefined)?.errors;
      const lines = listed?.length ? listed.map((e) => `第${e.line}行：${e.column ? `「${e.column}」` : ""}${e.message}`) : importErrorLines(failure.message ?? "");
      // A refused file lists its bad rows (第N行：…): shown one per line, since nothing was imported.
      if (!failure.notified && lines.length)
        modal.error({ title: "文件导入失败，未导入任何数据", width: 620, okText: "知道了", content: <ul style={{ paddingLeft: 20, maxHeight: 360, overflow: "auto" }} aria-label="导入错误">{lines.map((l) => <li key={l}>{l}</li>)}</ul> });
      else if (!failure.notified) message.error(failure.message || "文件导入失败！");
    } finally {
      setBusy(undefined);
    }
  };

  // Its own Space: a parent Space spaces its children, and these three are one child there.
  return (
    <Space wrap>
      {access.has(props.exportCode) && (
        <Button icon={<DownloadOutlined />} loading={busy === "export"} onClick={exportXls}>
          导出
        </Button>
      )}
      {props.importCode && access.has(props.importCode) && (
        <Upload accept=".xlsx" showUploadList={false} beforeUpload={(file) => (void importXls(file), false)}>
          <Button icon={<UploadOutlined />} loading={busy === "import"}>
            导入
          </Button>
        </Upload>
      )}
      {props.templateName && props.importCode && access.has(props.importCode) && (
        <Button icon={<DownloadOutlined />} onClick={() => void saveFrom("importTemplate", props.importQuery, `${props.templateName}.xlsx`, "下载失败")}>
          下载模板
        </Button>
      )}
    </Space>
  );
}
