/**
 * Keep-alive in multi-tab mode (the default), in Chromium. Regression: crossing the mobile breakpoint —
 * a window resize, or the momentary resize a full-page screenshot does — swapped the tabbed page list for
 * the single-page one and back, remounting every page: the open user form and the list's state were lost.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { chromiumOptions, signInAs } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const artifacts = resolve(import.meta.dirname, "artifacts/keep-alive");
const DESKTOP = { width: 1440, height: 900 };

let profileDir: string;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "redmark-keep-alive-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions({ viewport: DESKTOP }));
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage, animations: "disabled" });
const tabTitles = (page: Page) => page.locator(".rm-multi-tabs .ant-tabs-tab").allInnerTexts();
const tab = (page: Page, title: string) => page.locator(".rm-multi-tabs .ant-tabs-tab").filter({ hasText: title });

/** Signs in with default settings (multi-tab mode on). */
async function signIn(page: Page) {
  await signInAs(page, baseUrl, "admin", adminPassword, { fresh: true });
  await page.locator(".rm-multi-tabs").waitFor();
}

describe("keep-alive with multi-tab mode on", () => {
  it("keeps the open user form and the list's search through a breakpoint resize, a full-page screenshot and a tab switch", async () => {
    const page = await context.newPage();
    await signIn(page);
    const sider = page.locator(".ant-layout-sider");
    await sider.getByText("系统管理", { exact: true }).click();
    await sider.getByRole("link", { name: "用户管理", exact: true }).click();
    await page.waitForURL(/\/isystem\/user/);
    const userPage = page.locator('[data-tab-page="/isystem/user"]');
    await userPage.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();

    // A search rewrites the query string (Refine's syncWithLocation) — the page must stay mounted.
    const search = userPage.getByPlaceholder("请输入账号");
    await search.fill("zhang");
    await userPage.getByRole("button", { name: /查\s*询/ }).click();
    await page.waitForURL(/filters/);
    await expect.poll(() => userPage.locator(".ant-table-tbody tr.ant-table-row").count()).toBeGreaterThan(0);

    await userPage.getByRole("button", { name: /添加用户/ }).click();
    const form = page.getByRole("dialog").filter({ hasText: "添加用户" });
    await form.getByPlaceholder("请输入用户姓名").fill("保留的姓名");
    await form.locator(".ant-form-item").filter({ hasText: "所属部门" }).locator(".ant-select-selector").click();
    await page.locator(".ant-select-tree-node-content-wrapper").filter({ hasText: /^活动运营部$/ }).click();
    await form.locator(".ant-modal-title").click();
    const departs = form.locator(".ant-form-item").filter({ hasText: "所属部门" }).locator(".ant-select-selection-item");
    await expect.poll(() => departs.allInnerTexts()).toEqual(["活动运营部"]);

    // What remounted the page: the window crossing the mobile breakpoint (tabs off) and back.
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.locator("[data-device='mobile']").waitFor();
    expect(await form.isVisible()).toBe(true);
    await page.setViewportSize(DESKTOP);
    await page.locator("[data-device='desktop']").waitFor();
    // A full-page screenshot resizes the window for a moment too (this is how the other journeys hit it).
    await shot(page, "01-user-form-kept", true);

    await expect(form.isVisible()).resolves.toBe(true);
    expect(await form.getByPlaceholder("请输入用户姓名").inputValue()).toBe("保留的姓名");
    expect(await departs.allInnerTexts()).toEqual(["活动运营部"]);
    await expect.poll(() => tabTitles(page)).toEqual(["首页", "用户管理"]);
    await form.getByRole("button", { name: /取\s*消/ }).click();
    await expect.poll(() => form.count()).toBe(0);

    // Tab switching keeps the list's page state and its query string.
    const listUrl = page.url();
    await tab(page, "首页").click();
    await page.waitForURL(/\/dashboard\/analysis$/);
    await tab(page, "用户管理").click();
    // The tab restores its whole address, query string included (polled: the path and the query may land apart).
    await expect.poll(() => page.url()).toBe(listUrl);
    await expect.poll(() => userPage.isVisible()).toBe(true);
    await expect.poll(() => page.locator(".rm-multi-tabs .ant-tabs-tab-active").innerText()).toBe("用户管理");
    await expect.poll(() => search.inputValue()).toBe("zhang");
    await shot(page, "02-list-kept");
    await page.close();
  });
});
