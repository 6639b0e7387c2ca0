/** Small helpers shared by the bbh server tests: API calls, dates on the wire, row counts. */
import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import ExcelJS from "exceljs";
import { expect } from "vitest";
import { formatDateTime } from "../../server/lib/dates.js";
import { API, type TestApp } from "./helpers.js";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export function caller(t: TestApp) {
  return async (method: Method, url: string, token: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; code: number; result: any } };
  };
}

const DAY = 86_400_000;
/** A wire date-time `days` from now (fractional allowed). */
export const at = (days: number) => formatDateTime(new Date(Date.now() + days * DAY))!;

export async function rows(t: TestApp, table: PgTable, where?: SQL): Promise<number> {
  const [r] = await t.database.db.select({ n: count() }).from(table).where(where);
  return Number(r.n);
}

/** An .xlsx file with one sheet: the header row, then `lines`. */
export async function xlsxFile(sheet: string, header: string[], lines: Array<Array<string | number | Date | null>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet);
  ws.addRow(header);
  for (const l of lines) ws.addRow(l);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * POSTs `file` as the multipart part `file` to `${API}${url}`. `file: null` sends a dummy part named
 * `other` instead (the "no file uploaded" case); `opts.field` names the part explicitly.
 */
export async function uploadFile(t: TestApp, url: string, file: Buffer | null, token: string, opts: { field?: string; filename?: string } = {}) {
  const field = opts.field ?? (file ? "file" : "other");
  const boundary = "----bbh" + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${opts.filename ?? "data.xlsx"}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const res = await t.app.inject({
    method: "POST",
    url: `${API}${url}`,
    headers: { "x-access-token": token, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), file ?? Buffer.from("x"), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  return { status: res.statusCode, body: res.json() };
}

/** GETs `${API}${url}` (an export or template), expects 200 and returns the loaded workbook. */
export async function downloadWorkbook(t: TestApp, url: string, token: string): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({ method: "GET", url: `${API}${url}`, headers: { "x-access-token": token } });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}
