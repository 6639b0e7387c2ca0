/**
 * Excel export and import (.xlsx, exceljs) in JeecgBoot's layout (contract.md §6.1–6.2): two title rows
 * (`<title>报表`, `导出人:<realname>`), one header row, then the data. Import reads the same layout, checks
 * every row first and reports each bad row; a file with any bad row imports nothing.
 * Imported cells are plain text: their markup is removed as a request body's plain text is (server/lib/text.ts),
 * whichever module reads them.
 */
import ExcelJS from "exceljs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, badRequest } from "./envelope.js";
import { stripMarkup } from "./text.js";
import { acceptMultipart, readUpload } from "./upload.js";

export interface ExcelColumn<R> {
  header: string;
  width?: number;
  /** The cell text of a record. */
  value: (record: R) => string | number | null | undefined;
}

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Rows one import may carry; larger files are refused before any row is read. */
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export async function writeWorkbook<R>(opts: { title: string; exporter: string; columns: ExcelColumn<R>[]; records: R[] }): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(opts.title);
  const width = opts.columns.length;
  sheet.addRow([`${opts.title}报表`]);
  sheet.mergeCells(1, 1, 1, width);
  sheet.getRow(1).font = { bold: true, size: 14 };
  sheet.getRow(1).alignment = { horizontal: "center" };
  sheet.addRow([`导出人:${opts.exporter}`]);
  sheet.mergeCells(2, 1, 2, width);
  sheet.getRow(2).alignment = { horizontal: "right" };
  sheet.addRow(opts.columns.map((c) => c.header)).font = { bold: true };
  opts.columns.forEach((c, i) => (sheet.getColumn(i + 1).width = c.width ?? 18));
  for (const r of opts.records) sheet.addRow(opts.columns.map((c) => c.value(r) ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Sends a workbook as a download named `<title>.xlsx`. */
export function sendWorkbook(reply: FastifyReply, title: string, data: Buffer) {
  return reply
    .header("Content-Type", XLSX_MIME)
    .header("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(title)}.xlsx`)
    .send(data);
}

export interface SheetRow {
  /** The row number in the sheet (1-based, as Excel shows it). */
  line: number;
  /** Cell text by header, markup removed. */
  cells: Record<string, string>;
}

const cellText = (cell: ExcelJS.Cell): string => {
  const v = cell.value;
  if (v === null || v === undefined) return "";
  // Excel stores wall-clock dates (exceljs reads them as UTC): a time of day, when there is one, is kept.
  if (v instanceof Date) return v.toISOString().slice(11, 19) === "00:00:00" ? v.toISOString().slice(0, 10) : `${v.toISOString().slice(0, 10)} ${v.toISOString().slice(11, 19)}`;
  if (typeof v === "object" && "text" in v) return String((v as { text: unknown }).text ?? "").trim();
  if (typeof v === "object" && "result" in v) return String((v as { result: unknown }).result ?? "").trim();
  if (typeof v === "object" && "richText" in v) return (v as ExcelJS.CellRichTextValue).richText.map((t) => t.text).join("").trim();
  return String(v).trim();
};

/** Reads the first sheet: the header row is the first row that names every `required` header. */
export async function readWorkbook(data: Buffer, required: string[]): Promise<SheetRow[]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest("文件导入失败:不是有效的 Excel（.xlsx）文件");
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest("文件导入失败:文件中没有工作表");
  let headerLine = 0;
  let headers: string[] = [];
  for (let line = 1; line <= Math.min(sheet.rowCount, 5); line++) {
    const row = sheet.getRow(line);
    const texts: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => (texts[col - 1] = cellText(cell)));
    if (required.every((h) => texts.includes(h))) {
      headerLine = line;
      headers = texts;
      break;
    }
  }
  if (!headerLine) throw badRequest(`文件导入失败:找不到表头（需要列：${required.join("、")}）`);
  if (sheet.rowCount - headerLine > MAX_IMPORT_ROWS) throw badRequest(`文件导入失败:一次最多导入 ${MAX_IMPORT_ROWS} 行`);
  const rows: SheetRow[] = [];
  for (let line = headerLine + 1; line <= sheet.rowCount; line++) {
    const row = sheet.getRow(line);
    const cells: Record<string, string> = {};
    let empty = true;
    headers.forEach((h, i) => {
      if (!h) return;
      const text = stripMarkup(cellText(row.getCell(i + 1))).trim();
      cells[h] = text;
      if (text) empty = false;
    });
    if (!empty) rows.push({ line, cells });
  }
  if (!rows.length) throw badRequest("文件导入失败:文件中没有数据行");
  return rows;
}

/** Lets a module accept `multipart/form-data` uploads (field `file`) for its import route, with the upload limits. */
export async function acceptUploads(app: FastifyInstance) {
  await acceptMultipart(app, MAX_IMPORT_BYTES);
}

/** The uploaded `.xlsx` of an import request; the whole request is read and checked before any row is. */
export async function uploadedWorkbook(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest("文件导入失败！请以 multipart/form-data 上传 file 字段");
  const { file } = await readUpload(req, {
    fileField: "file",
    tooLarge: new ApiError(`文件导入失败:文件超过 ${MAX_IMPORT_BYTES / 1024 / 1024}MB`, 413, 413),
  });
  if (!file) throw badRequest("文件导入失败！请上传 file 字段");
  return file.data;
}

/** JeecgBoot's import refusal: every bad row with its line number, nothing imported. */
export function importErrors(errors: Array<{ line: number; message: string }>): string {
  const shown = errors.slice(0, 20).map((e) => `第${e.line}行：${e.message}`);
  return `文件导入失败:共${errors.length}行数据有误，未导入任何数据。${shown.join("；")}${errors.length > 20 ? "……" : ""}`;
}
