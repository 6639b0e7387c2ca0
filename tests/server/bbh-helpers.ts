/** Small helpers shared by the bbh server tests: API calls, dates on the wire, row counts. */
import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
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
