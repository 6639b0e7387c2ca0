/**
 * The demo pages the seeded menu points to (内联编辑表格, 用户/角色/权限列表 demos, 工作台): each opens from the side
 * menu as admin (工作台, under the hidden 个人页, by its menu URL) and is a real page, not the "unknown component" page.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { chromiumOptions, signInAs } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const artifacts = resolve(import.meta.dirname, "artifacts/demo");

let profileDir: string;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "redmark-demo-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions());
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

/** A viewport screenshot from the top of the page (a full-page one resizes the window, which the layout reacts to). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(artifacts, `${name}.png`), animations: "disabled" });
}

const signIn = (page: Page) => signInAs(page, baseUrl, "admin", adminPassword);

/** Opens a menu entry from the side menu, opening its submenu first when the entry is hidden. */
async function openFromMenu(page: Page, submenu: string, entry: string, url: RegExp) {
  const menu = page.locator(".ant-layout-sider");
  const link = menu.getByRole("link", { name: entry, exact: true });
  if (!(await link.isVisible())) await menu.getByText(submenu, { exact: true }).click();
  await link.click();
  await page.waitForURL(url);
}

const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true }).first();

describe("demo pages from the side menu", () => {
  it("opens 内联编辑表格, 用户列表, 角色列表, 权限列表 and 工作台 as working pages", async () => {
    const page = await context.newPage();
    await signIn(page);
    const unknown = page.getByText(/尚未实现/).filter({ visible: true });
    const rows = page.locator(".ant-table-tbody tr.ant-table-row").filter({ visible: true });

    await openFromMenu(page, "列表页", "内联编辑表格", /\/list\/edit-table$/);
    await visible(page, "新增一行").waitFor();
    expect(await unknown.count()).toBe(0);
    await expect.poll(() => rows.count()).toBe(10);
    const first = rows.first();
    await first.getByRole("button", { name: "编辑" }).click();
    await first.getByLabel("描述").fill("");
    await first.getByText("保存").click();
    await first.getByText("请输入描述").waitFor();
    await first.getByLabel("描述").fill("红色研学活动规则（已修改）");
    await first.getByText("保存").click();
    await visible(page, "红色研学活动规则（已修改）").waitFor();
    await shot(page, "01-table-inner-edit");

    await openFromMenu(page, "列表页", "用户列表", /\/list\/user-list$/);
    await visible(page, "1-10 共 32 条").waitFor();
    expect(await unknown.count()).toBe(0);
    await page.getByPlaceholder("请输入用户姓名").filter({ visible: true }).fill("曲丽丽");
    await page.getByRole("button", { name: /查\s*询/ }).filter({ visible: true }).click();
    await visible(page, "1-3 共 3 条").waitFor();
    await shot(page, "02-user-list");
    expect(await rows.count()).toBe(3);
    await page.getByRole("button", { name: /新\s*建/ }).filter({ visible: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await dialog.getByText("请输入用户账号").waitFor();
    await shot(page, "03-user-modal");
    await dialog.getByRole("button", { name: /取\s*消/ }).click();

    await openFromMenu(page, "列表页", "角色列表", /\/list\/role-list$/);
    await visible(page, "1-10 共 13 条").waitFor();
    expect(await unknown.count()).toBe(0);
    await rows.first().locator(".ant-table-row-expand-icon").click();
    await visible(page, "拥有权限").waitFor();
    await shot(page, "04-role-list");

    await openFromMenu(page, "列表页", "权限列表", /\/list\/permission-list$/);
    await visible(page, "1-10 共 12 条").waitFor();
    expect(await unknown.count()).toBe(0);
    await page.locator(".ant-pagination-item-2").filter({ visible: true }).click();
    await visible(page, "11-12 共 12 条").waitFor();
    await shot(page, "05-permission-list");

    // 工作台 sits under 个人页, which the seeded menu marks hidden (as JeecgBoot does): it is opened by its menu URL.
    expect(await page.locator(".ant-layout-sider").getByText("个人页", { exact: true }).count()).toBe(0);
    await page.goto(`${baseUrl}/dashboard/workplace`);
    await visible(page, /(早上|上午|中午|下午|晚上)好，管理员，祝你开心每一天！/).waitFor();
    expect(await unknown.count()).toBe(0);
    await visible(page, "我的待办").waitFor();
    await page.locator(".ant-card").filter({ hasText: "快速开始 / 便捷导航" }).getByRole("link", { name: "用户管理" }).waitFor();
    await shot(page, "06-workplace");
    await page.close();
  });
});
