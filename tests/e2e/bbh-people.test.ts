/**
 * The people journey in Chromium (issue 9): an admin makes a demo WeChat user a point maker (the switch asks
 * first) and gives them a department with the department picker, then reorders the 印记标签 by dragging and
 * finds the new order after a reload (and on the server). Screenshots of the school, student, organisation,
 * tag and WeChat-user pages go to tests/e2e/artifacts/.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";
import { chromiumOptions, signInAs } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const API = `${baseUrl}/jeecg-boot`;
const artifacts = resolve(import.meta.dirname, "artifacts");

let profileDir: string;
let context: BrowserContext;
let token: string;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "redmark-chromium-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions());
  const res = await fetch(`${API}/sys/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password: adminPassword }) });
  token = (await res.json()).result.token;
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true, animations: "disabled" });
const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${API}${path}`, { headers: { "X-Access-Token": token } });
  return (await res.json()).result as T;
};
const notice = (page: Page, text: string | RegExp) => page.locator(".ant-message-notice").filter({ hasText: text }).first().waitFor();

/** Drags a row's grip onto another row's grip (dnd-kit pointer sensor). */
async function dragRow(page: Page, table: Locator, from: number, to: number) {
  await table.locator(".ant-spin-spinning").waitFor({ state: "detached" }).catch(() => undefined);
  await page.waitForTimeout(300);
  const handles = table.locator(".rm-drag-handle");
  await handles.nth(from).hover();
  const a = (await handles.nth(from).boundingBox())!;
  const b = (await handles.nth(to).boundingBox())!;
  const x = a.x + a.width / 2;
  await page.mouse.down();
  await page.mouse.move(x, a.y + a.height / 2 + (to > from ? 8 : -8), { steps: 4 });
  await page.waitForTimeout(150);
  await page.mouse.move(x, b.y + b.height / 2 + (to > from ? 10 : -10), { steps: 20 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

const tagNames = async (table: Locator) => {
  await table.locator(".ant-table-row").first().waitFor();
  return (await table.locator(".ant-table-row").all()).length ? table.locator(".ant-table-row td:nth-child(2)").allTextContents() : [];
};

describe("bbh people journey", () => {
  it("makes a WeChat user a point maker with a department, and reorders tags by dragging", async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signInAs(page, baseUrl, "admin", adminPassword);

    // 1. 微信用户: find 演示用户5, switch on 打点员 (confirmed), assign 红星实验学校.
    await page.goto(`${baseUrl}/bbh/wxUser`);
    await page.getByPlaceholder("请输入昵称/姓名/手机").fill("演示用户5");
    await page.getByRole("button", { name: /查\s*询/ }).click();
    const row = page.locator(".ant-table-row").filter({ hasText: "演示用户5" });
    await row.waitFor();
    await expect.poll(() => page.locator(".ant-table-row").count()).toBe(1);
    const makerSwitch = row.getByRole("switch");
    expect(await makerSwitch.getAttribute("aria-checked")).toBe("false");
    await makerSwitch.click();
    const confirm = page.locator(".ant-modal-confirm");
    await confirm.getByText("确定将「演示用户5」设为打点员吗").waitFor();
    await confirm.getByRole("button", { name: /确\s*定/ }).click();
    await notice(page, "设置成功");
    await expect.poll(() => makerSwitch.getAttribute("aria-checked")).toBe("true");
    await expect.poll(async () => (await api<{ isPointMaker: number }>("/bbh/bbhWxUser/queryById?id=demo-wx-05")).isPointMaker).toBe(1);

    await row.getByText("分配组织", { exact: true }).click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "分配组织 - 演示用户5" });
    await dialog.locator(".ant-select-selector").click();
    // Search as a user would: the tree's list is virtual, and departments other journeys add can push a node out of it.
    await dialog.locator("input.ant-select-selection-search-input").fill("红星实验学校");
    await page.locator(".ant-select-dropdown:visible .ant-select-tree-title").filter({ hasText: /^红星实验学校$/ }).click();
    await shot(page, "bbh-wxuser-assign");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await notice(page, "分配成功");
    await row.getByText("红星实验学校", { exact: true }).waitFor();
    const user = await api<{ sysDepartId_dictText: string; orgCode: string; isPointMaker: number }>("/bbh/bbhWxUser/queryById?id=demo-wx-05");
    expect(user).toMatchObject({ sysDepartId_dictText: "红星实验学校", orgCode: "A02A01", isPointMaker: 1 });
    await shot(page, "bbh-wxuser-list");

    // The detail page shows the department and the point-maker tag.
    await row.getByText("详情", { exact: true }).click();
    await page.getByText("打点员", { exact: true }).first().waitFor();
    await page.locator(".ant-descriptions").getByText("红星实验学校").waitFor();
    await shot(page, "bbh-wxuser-detail");

    // 2. 标签管理: drag the first 印记标签 below the third; the order survives a reload.
    await page.goto(`${baseUrl}/bbh/tag`);
    await page.getByRole("tab", { name: "印记标签" }).click();
    const table = page.locator(".ant-tabs-tabpane-active .ant-table");
    const before = await tagNames(table);
    expect(before.length).toBeGreaterThanOrEqual(3);
    await dragRow(page, table, 0, 2);
    await notice(page, "排序已保存");
    const expected = [before[1], before[2], before[0], ...before.slice(3)];
    await expect.poll(() => tagNames(table)).toEqual(expected);
    await shot(page, "bbh-tag-list");
    await page.reload();
    await page.getByRole("tab", { name: "印记标签" }).click();
    await expect.poll(() => tagNames(page.locator(".ant-tabs-tabpane-active .ant-table"))).toEqual(expected);
    const server = await api<{ records: Array<{ tagName: string; showIndex: number }> }>("/bbh/api/tag/list?tagType=2&pageSize=100");
    expect(server.records.map((r) => r.tagName)).toEqual(expected);
    expect(server.records.map((r) => r.showIndex)).toEqual(expected.map((_, i) => i + 1));

    // 3. The other pages of the area, for the record (screenshots looked at by hand).
    await page.goto(`${baseUrl}/bbh/school`);
    await page.locator(".ant-table-row").filter({ hasText: "红星实验学校（演示）" }).waitFor();
    await shot(page, "bbh-school-list");
    await page.locator(".ant-table-row").filter({ hasText: "红星实验学校（演示）" }).getByText("详情", { exact: true }).click();
    await page.getByText("DEMO2024001").waitFor();
    await shot(page, "bbh-school-detail");
    await page.goto(`${baseUrl}/bbh/student`);
    await page.getByText("DEMO2024003").waitFor();
    await shot(page, "bbh-student-list");
    await page.goto(`${baseUrl}/bbh/organization`);
    await page.getByText("演示·红星实验学校").first().waitFor();
    await shot(page, "bbh-organization-list");
    expect(errors).toEqual([]);
    await page.close();
  });
});
