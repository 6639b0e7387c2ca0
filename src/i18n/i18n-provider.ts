import type { I18nProvider } from "@refinedev/core";

import { zhCN } from "./zh-cn";

export const LOCALE = "zh-CN";

/** The translation at a dotted key, or undefined when the table has none. */
export function lookup(table: object, key: string): string | undefined {
  let node: unknown = table;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.prototype.hasOwnProperty.call(node, part)) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function interpolate(template: string, values: Record<string, unknown> = {}): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
    values[name] === undefined || values[name] === null ? whole : String(values[name]),
  );
}

/** Refine calls `translate(key, options?, defaultMessage?)` and `translate(key, defaultMessage)`. */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const template = lookup(zhCN, key);
    const values = typeof options === "object" && options !== null ? (options as Record<string, unknown>) : {};
    if (template !== undefined) return interpolate(template, values);
    const fallback = defaultMessage ?? (typeof options === "string" ? options : undefined);
    return fallback ?? key;
  },
  changeLocale: async () => {},
  getLocale: () => LOCALE,
};
