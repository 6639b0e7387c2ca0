/**
 * 活动/任务 Excel import in Chromium: the 自定义活动 page's 下载模板 and 导入 (a bad file lists each bad row with its
 * column and imports nothing; a good file's activities appear as drafts), then the imported activity's task page
 * imports its tasks (appended in file order, 前置任务 by name).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumOptions, signInAs } from "./chromium";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const shots = join(import.meta.dirname, "artifacts", "bbh-activity-import");

let profileDir: string;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "activity-import-chromium-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions({ acceptDownloads: true }));
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true, animations: "disabled" });

async function workbook(header: string[], rows: Array<Array<string | number>>) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("导入");
  sheet.addRow(header);
  rows.forEach((r) => sheet.addRow(r));
  return { name: "导入.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(await book.xlsx.writeBuffer()) };
}

describe("活动与任务导入 journey", () => {
  it("downloads the template, refuses a bad file row by row, imports activities and then their tasks", async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signInAs(page, baseUrl, "admin", adminPassword);
    const suffix = String(Date.now() % 100000);

    await page.goto(`${baseUrl}/bbh/activity/custom`);
    await page.locator(".ant-table-row").first().waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /下载模板/ }).click()]);
    expect(download.suggestedFilename()).toBe("活动导入模板.xlsx");

    // A bad file: every bad row with its column, nothing imported.
    const upload = page.locator(".ant-upload input[type=file][accept=\".xlsx\"]");
    const head = ["活动名称", "参与方式", "开始时间", "结束时间", "活动简介"];
    await upload.setInputFiles(
      await workbook(head, [
        [`导入好活动${suffix}`, "个人赛", "2026-07-01 08:00:00", "2026-07-31 18:00:00", "好"],
        [`导入坏活动${suffix}`, "接力赛", "2026-07-01 08:00:00", "2026-06-01 08:00:00", ""],
        [`导入好活动${suffix}`, "个人赛", "2026-13-01", "", ""],
      ]),
    );
    const refusal = page.getByRole("dialog").filter({ hasText: "文件导入失败，未导入任何数据" });
    await refusal.waitFor();
    const items = await refusal.getByRole("listitem").allTextContents();
    expect(items).toEqual([
      "第3行：「参与方式」「接力赛」不正确，应为 个人赛、团队赛 或 个人+团队",
      "第4行：「活动名称」与第2行重复",
      "第4行：「开始时间」「2026-13-01」不是有效的日期时间，应为 yyyy-MM-dd HH:mm:ss",
    ]);
    await shot(page, "01-activity-refused");
    await refusal.getByRole("button", { name: /知道了/ }).click();
    await page.locator("input#activityName").fill(`导入好活动${suffix}`);
    await page.getByRole("button", { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator(".ant-table-row").filter({ hasText: `导入好活动${suffix}` }).count()).toBe(0);

    // A good file: drafts in the list.
    await upload.setInputFiles(
      await workbook(head, [
        [`导入活动甲${suffix}`, "个人赛", "2026-07-01 08:00:00", "2026-07-31 18:00:00", "沿红军足迹"],
        [`导入活动乙${suffix}`, "团队赛", "2026-08-01 08:00:00", "2026-08-31 18:00:00", ""],
      ]),
    );
    await page.getByText("文件导入成功！数据行数：2").waitFor();
    await page.locator("input#activityName").fill(`导入活动`);
    await page.getByRole("button", { name: /查\s*询/ }).click();
    const first = page.locator(".ant-table-row").filter({ hasText: `导入活动甲${suffix}` });
    await first.waitFor();
    await expect.poll(() => first.textContent()).toContain("未发布");
    await shot(page, "02-activity-imported");

    // Its task page: 导入 appends the file's tasks.
    await first.getByText("更多").hover();
    await page.getByRole("menuitem", { name: "任务" }).click();
    await page.getByRole("button", { name: /新增任务/ }).waitFor();
    // The activity list stays open in its tab: the task page's own upload.
    const taskCard = page.locator(".ant-card").filter({ has: page.getByRole("button", { name: /新增任务/ }) });
    await taskCard.locator(".ant-upload input[type=file][accept=\".xlsx\"]").setInputFiles(
      await workbook(["任务名称", "任务类型", "分值", "前置任务", "最少照片数", "最多照片数"], [
        ["到达纪念馆", "定位打卡", 10, "", "", ""],
        ["拍一张合影", "拍照上传", 20, "到达纪念馆", 1, 3],
        ["写一段感想", "文字作答", 15, "拍一张合影", "", ""],
      ]),
    );
    await page.getByText("文件导入成功！数据行数：3").waitFor();
    const names = page.locator(".rm-task-table .ant-table-row");
    await expect.poll(() => names.count()).toBe(3);
    expect(await names.nth(1).textContent()).toContain("到达纪念馆");
    await shot(page, "03-tasks-imported");
    expect(errors).toEqual([]);
  });
});
