import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

import { i18nProvider, lookup } from "../../src/i18n/i18n-provider";
import { zhCN } from "../../src/i18n/zh-cn";

const require = createRequire(import.meta.url);

/** Translation keys written as literals in a Refine package's bundle. */
function literalKeys(pkg: string): string[] {
  const file = join(dirname(require.resolve(pkg)), "index.mjs");
  const source = readFileSync(file, "utf8");
  const pattern = /["'`]((?:buttons|notifications|pages|actions|autoSave|documentTitle)\.[\w.]+|warnWhenUnsavedChanges)["'`]/g;
  return [...new Set([...source.matchAll(pattern)].map((match) => match[1]))];
}

/** Keys Refine builds at run time (`buttons.${action}`, `actions.${action}`). */
const dynamicKeys = [
  ...["create", "edit", "show", "list", "clone", "delete", "refresh", "save", "export", "import"].map((a) => `buttons.${a}`),
  ...["list", "create", "edit", "show", "clone"].map((a) => `actions.${a}`),
];

describe("zh-CN table for Refine's own strings", () => {
  const keys = [...literalKeys("@refinedev/core"), ...literalKeys("@refinedev/antd"), ...dynamicKeys];

  it("finds Refine's keys in its bundles", () => {
    expect(keys).toContain("notifications.createSuccess");
    expect(keys).toContain("pages.login.signin");
    expect(keys).toContain("warnWhenUnsavedChanges");
  });

  it.each([...new Set(keys)])("translates %s", (key) => {
    expect(lookup(zhCN, key)).toMatch(/[\u4e00-\u9fa5]/);
  });

  it("fills placeholders from the options Refine passes", () => {
    expect(i18nProvider.translate("notifications.createError", { resource: "用户", statusCode: 500 })).toBe(
      "用户创建失败（状态码：500）",
    );
  });

  it("falls back to the default message for unknown keys", () => {
    expect(i18nProvider.translate("nope.nope", undefined, "默认")).toBe("默认");
    expect(i18nProvider.translate("nope.nope", "默认")).toBe("默认");
  });
});
