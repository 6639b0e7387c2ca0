/**
 * 消息中心 in Chromium (issue 9): the seeded §8.6 templates on 消息模板; the ANSWER_AUDIT_RESULT template opened
 * in the drawer (field-mapping rows, the scene's variables) and previewed with WeChat's value limits; a new
 * in-app template; 手工发送 of it to a demo WeChat user from 消息记录, which the queue (logging/in-app senders,
 * no WX_APPID here) marks 发送成功 within its interval; the demo settlement's 成绩发布 messages in the list.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumOptions, signInAs } from "./chromium";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const artifacts = resolve(import.meta.dirname, "artifacts");
const CODE = `E2E_NOTICE_${Date.now() % 100000}`;

let profileDir: string;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "redmark-chromium-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions());
});
afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true, animations: "disabled" });
/** Picks an option of the select in the form item labelled `label`, retrying while the dropdown was still opening. */
async function pickOption(page: Page, scope: Locator, label: string, option: string) {
  const item = scope.locator(".ant-form-item").filter({ hasText: label }).first();
  for (let i = 0; i < 3; i++) {
    await item.locator(".ant-select-selector").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: new RegExp(`^${option}$`) }).click();
    const chosen = item.locator(".ant-select-selection-item").filter({ hasText: option });
    if (await chosen.waitFor({ timeout: 3000 }).then(() => true, () => false)) return;
  }
  throw new Error(`「${label}」未能选择「${option}」`);
}
const notice = (page: Page, text: string | RegExp) => page.locator(".ant-message-notice").filter({ hasText: text }).first().waitFor();

describe("bbh messages journey", () => {
  it("previews a subscribe template, adds an in-app template, sends it by hand and sees it sent", async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signInAs(page, baseUrl, "admin", adminPassword);

    await page.goto(`${baseUrl}/bbh/message/template`);
    const row = page.locator(".ant-table-row").filter({ hasText: "ANSWER_AUDIT_RESULT" });
    await row.waitFor();
    await expect(page.locator(".ant-table-row").filter({ hasText: "TIME_SETTLE_RESULT" }).count()).resolves.toBe(1);
    await shot(page, "bbh-message-templates");

    await row.getByText("编辑").click();
    const drawer = page.locator(".ant-drawer-content").filter({ hasText: "编辑消息模板" });
    await drawer.getByText("字段映射", { exact: true }).waitFor();
    expect(await drawer.locator("input[value='phrase3']").count()).toBe(1);
    await drawer.getByText("${taskName}").waitFor();
    await shot(page, "bbh-message-template-drawer");
    await drawer.getByRole("button", { name: /预\s*览/ }).click();
    const preview = page.locator(".ant-modal-content").filter({ hasText: "消息预览" });
    await preview.waitFor();
    await preview.getByText(/\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/).first().waitFor();
    await preview.getByText("重走红色路·青少年研学打卡").first().waitFor();
    await shot(page, "bbh-message-template-preview");
    await preview.getByRole("button", { name: /关\s*闭/ }).click();
    await drawer.getByRole("button", { name: /取\s*消/ }).click();

    // A new in-app template.
    await page.getByRole("button", { name: /新\s*增/ }).click();
    const add = page.locator(".ant-drawer-content").filter({ hasText: "新增消息模板" });
    await add.getByLabel("模板编码").fill(CODE);
    await add.getByLabel("模板名称").fill("E2E站内通知");
    await pickOption(page, add, "消息渠道", "站内消息");
    await pickOption(page, add, "触发场景", "系统通知");
    await shot(page, "bbh-message-template-add");
    await add.getByLabel("标题").fill("${title}");
    await add.getByLabel("内容").fill("您好，${content}");
    await add.getByRole("button", { name: /确\s*定/ }).click();
    await notice(page, "添加成功");
    await page.locator(".ant-table-row").filter({ hasText: CODE }).waitFor();

    // 手工发送 from 消息记录 to a demo WeChat user.
    await page.goto(`${baseUrl}/bbh/message`);
    await page.locator(".ant-table-row").first().waitFor();
    await page.getByRole("button", { name: "手工发送" }).click();
    const modal = page.locator(".ant-modal-content").filter({ hasText: "手工发送" });
    await modal.locator(".ant-form-item").filter({ hasText: "消息模板" }).locator(".ant-select-selector").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: CODE }).click();
    await modal.locator(".ant-form-item").filter({ hasText: "接收人" }).locator(".ant-select-selector").click();
    await page.keyboard.type("演示用户1");
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "演示用户1" }).first().click();
    await modal.getByLabel("变量值").fill('{"title":"E2E通知","content":"今晚系统维护"}');
    await modal.getByRole("button", { name: /发\s*送/ }).click();
    await notice(page, "已加入发送队列");

    // The queue runs every 10 s: the row turns 发送成功.
    const sent = page.locator(".ant-table-row").filter({ hasText: "E2E通知" });
    for (let i = 0; i < 15; i++) {
      await page.getByRole("button", { name: /查\s*询/ }).click();
      await sent.first().waitFor();
      if ((await sent.first().textContent())?.includes("发送成功")) break;
      await page.waitForTimeout(1500);
    }
    expect(await sent.first().textContent()).toContain("发送成功");
    expect(await sent.first().textContent()).toContain("今晚系统维护");
    await shot(page, "bbh-message-records");
    // The demo settlement queued 成绩发布 messages to the settled window's players.
    await page.locator(".ant-form-item").filter({ hasText: "场景" }).locator(".ant-select-selector").first().click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: /^成绩发布$/ }).click();
    await page.getByRole("button", { name: /查\s*询/ }).click();
    await page.locator(".ant-table-row").filter({ hasText: "成绩发布" }).first().waitFor();
    await shot(page, "bbh-message-records-settle");
    expect(errors).toEqual([]);
  }, 120_000);
});
