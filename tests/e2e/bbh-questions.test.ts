/**
 * 题库管理 in Chromium: add a sub-category on the 题目分类 tree, import questions into it from an .xlsx made here
 * with exceljs through the 题目 page's 导入 button and find them in the list, see the row-by-row refusal of a
 * bad file (nothing imported), fill the drawer form of a 多选 question, and open 答题记录 with a question's
 * statistics (the demo bank's 遵义会议 question, answered in the demo).
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
const shots = join(import.meta.dirname, "artifacts", "bbh-questions");

let profileDir: string;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "questions-chromium-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions({ acceptDownloads: true }));
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true, animations: "disabled" });

const HEADERS = ["分类名称", "题型", "题干", "选项A", "选项B", "选项C", "选项D", "选项E", "选项F", "选项G", "选项H", "答案", "解析", "难度", "分值", "状态"];
const line = (type: string, kind: string, content: string, options: string[], answer: string, analysis = "") => [type, kind, content, ...options, ...Array(8 - options.length).fill(""), answer, analysis, "简单", 5, "启用"];

async function workbook(rows: Array<Array<string | number>>) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("题目");
  sheet.addRow(HEADERS);
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe("题库 journey", () => {
  it("adds a sub-category, imports questions into it, refuses a bad file row by row, edits in the drawer, reads the answer log", async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signInAs(page, baseUrl, "admin", adminPassword);

    // 1. 题目分类: the demo tree, and a new sub-category under 党史.
    const suffix = String(Date.now() % 100000);
    const category = `e2e专题${suffix}`;
    await page.goto(`${baseUrl}/bbh/question/type`);
    const party = page.locator("tr.ant-table-row").filter({ hasText: "党史" }).first();
    await party.waitFor();
    await party.getByText("添加下级").click();
    const dialog = page.getByRole("dialog").filter({ hasText: "添加下级" });
    await dialog.getByPlaceholder("请输入分类名称").fill(category);
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await page.locator("tr.ant-table-row").filter({ hasText: category }).waitFor();
    await shot(page, "01-type-tree");

    // 2. 题目: a bad file is refused with every bad row listed, and nothing is imported.
    await page.goto(`${baseUrl}/bbh/question`);
    await page.locator(".ant-table-row").first().waitFor();
    const upload = page.locator(".ant-upload input[type=file]");
    await upload.setInputFiles({
      name: "坏题目.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await workbook([
        line(`党史/${category}`, "单选", `e2e好题${suffix}`, ["甲", "乙"], "A"),
        line("近代史", "单选", `e2e坏题一${suffix}`, ["甲", "乙"], "A"),
        line(`党史/${category}`, "多选", `e2e坏题二${suffix}`, ["甲", "乙", "丙"], "B"),
      ]),
    });
    const refusal = page.getByRole("dialog").filter({ hasText: "导入失败" });
    await refusal.waitFor();
    expect(await refusal.getByText("文件导入失败:共2行数据有误，未导入任何数据。").count()).toBe(1);
    expect(await refusal.locator(".ant-table-row").count()).toBe(2);
    expect(await refusal.locator(".ant-table-row").first().innerText()).toMatch(/第3行\s+分类名称\s+「近代史」不存在/);
    expect(await refusal.locator(".ant-table-row").nth(1).innerText()).toMatch(/第4行\s+答案\s+多选题答案至少需要两个选项/);
    await shot(page, "02-import-refused");
    await refusal.getByRole("button", { name: "知道了" }).click();

    const searchStem = async (text: string) => {
      await page.locator("input#content").fill(text);
      await page.getByRole("button", { name: /查\s*询/ }).click();
      await page.waitForLoadState("networkidle");
    };
    await searchStem(`e2e好题${suffix}`);
    await page.locator(".ant-table-placeholder").waitFor();

    // 3. A good file: all rows land, in the new category.
    await upload.setInputFiles({
      name: "题目.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await workbook([
        line(`党史/${category}`, "单选", `e2e题一${suffix}：中国共产党第一次全国代表大会在哪一年召开？`, ["1919", "1921", "1927"], "B", "1921年7月"),
        line(`党史/${category}`, "多选", `e2e题二${suffix}：下列属于长征途中的事件有？`, ["遵义会议", "四渡赤水", "南昌起义", "飞夺泸定桥"], "A,B,D"),
        line(`党史/${category}`, "判断", `e2e题三${suffix}：西柏坡被称为“新中国从这里走来”。`, [], "正确"),
      ]),
    });
    await page.locator(".ant-message-notice").filter({ hasText: "文件导入成功！数据行数：3" }).waitFor();
    await searchStem(`e2e题`);
    const rows = page.locator(".ant-table-row").filter({ hasText: suffix });
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.filter({ hasText: "多选" }).first().innerText()).toContain(category);
    await shot(page, "03-imported");

    // 4. The drawer of the imported 多选 question: options A–D with A, B, D marked correct.
    await rows.filter({ hasText: "多选" }).first().getByText("编辑").click();
    const drawer = page.locator(".ant-drawer-content").filter({ hasText: "编辑题目" });
    await drawer.getByLabel("选项D", { exact: true }).waitFor();
    expect(await drawer.getByLabel("选项D", { exact: true }).inputValue()).toBe("飞夺泸定桥");
    expect(await drawer.locator(".ant-checkbox-wrapper-checked").allInnerTexts()).toEqual(["A", "B", "D"]);
    await drawer.getByRole("button", { name: /添加选项/ }).click();
    await drawer.getByLabel("选项E", { exact: true }).fill("强渡大渡河");
    await drawer.locator(".ant-checkbox-wrapper").filter({ hasText: "E" }).click();
    await shot(page, "04-drawer");
    await drawer.getByRole("button", { name: /确\s*定/ }).click();
    await page.locator(".ant-message-notice").filter({ hasText: "编辑成功" }).waitFor();

    // 5. 答题记录 with the demo answers and a question's statistics.
    await page.goto(`${baseUrl}/bbh/question/reportRecord`);
    const record = page.locator(".ant-table-row").filter({ hasText: "遵义会议召开于哪一年" }).first();
    await record.waitFor();
    await record.getByText("题目统计").click();
    const stat = page.getByRole("dialog").filter({ hasText: "题目统计" });
    await stat.getByText("100%").first().waitFor();
    await shot(page, "05-report-stat");

    expect(errors).toEqual([]);
  });
});
