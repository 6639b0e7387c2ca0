/**
 * 红色印记 in Chromium with every map tile blocked (the page must work offline: markers on a blank base):
 * create a mark with coordinates and a cover, publish it, find it on 印记地图 (marker and popup), generate
 * activation codes and export them. Leaflet loads on the map page only, never with the login or home page.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { chromiumOptions, signInAs } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const shots = "/tmp/bbh-redmark-shots";
/** A 1×1 PNG for the cover. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

let profileDir: string;
let context: BrowserContext;
const tileRequests: string[] = [];

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "redmark-chromium-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions({ acceptDownloads: true }));
  // No tile server is reachable: anything not on the console's origin is refused.
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      tileRequests.push(route.request().url());
      return route.abort("internetdisconnected");
    },
  );
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true, animations: "disabled" });
const notice = (page: Page, text: string | RegExp) => page.locator(".ant-message-notice").filter({ hasText: text }).first().waitFor();
const leafletLoads = (urls: string[]) => urls.filter((u) => /leaflet|markercluster/i.test(u));

const signIn = (page: Page) => signInAs(page, baseUrl, "admin", adminPassword);

async function pick(page: Page, scope: ReturnType<Page["locator"]>, label: string, option: string) {
  await scope.locator(".ant-form-item").filter({ hasText: label }).first().locator(".ant-select-selector").click();
  await page.locator(".ant-select-dropdown:visible").getByTitle(option, { exact: true }).click();
}

describe("红色印记 journey (tiles blocked)", () => {
  it("creates and publishes a mark, sees it on the map, generates and exports activation codes", async () => {
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on("request", (r) => loaded.push(r.url()));
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    await signIn(page);
    await page.locator(".ant-layout-sider").waitFor();
    await page.waitForLoadState("networkidle");
    expect(leafletLoads(loaded), "the login and home pages load no map code").toEqual([]);

    // 1. A new mark, in Urumqi (far from the demo marks, so it is not clustered with them).
    const name = `e2e印记${Date.now() % 100000}`;
    await page.goto(`${baseUrl}/bbh/redmark`);
    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog").filter({ hasText: "印记名称" });
    await dialog.getByPlaceholder("请输入印记名称").fill(name);
    await pick(page, dialog, "印记类别", "革命遗址");
    await dialog.getByPlaceholder("请输入详细地址").fill("新疆乌鲁木齐市天山区");
    await dialog.getByPlaceholder("如：114.169").fill("87.617733");
    await dialog.getByPlaceholder("如：26.574").fill("43.792818");
    await dialog.locator(".ant-form-item").filter({ hasText: "封面图" }).locator("input[type=file]").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await dialog.locator(".ant-upload-list-item").first().waitFor();
    await shot(page, "redmark-form");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await notice(page, "添加成功");

    // 2. Publish it.
    await page.getByPlaceholder("请输入印记名称").first().fill(name);
    await page.getByRole("button", { name: /查\s*询/ }).click();
    const row = page.locator("tr.ant-table-row").filter({ hasText: name });
    await expect(row.getByText("未发布")).toBeTruthy();
    await row.getByText("发布", { exact: true }).click();
    await notice(page, "发布成功");
    await row.getByText("已发布").waitFor();
    await shot(page, "redmark-list");

    // 3. The map: Leaflet loads now, with its CSS; tiles are refused, the markers are there.
    await page.goto(`${baseUrl}/bbh/redmark/map`);
    const marker = page.locator(`.leaflet-marker-icon[title="${name}"]`);
    await marker.waitFor({ timeout: 20_000 });
    expect(leafletLoads(loaded).length).toBeGreaterThan(0);
    expect(await page.locator(".leaflet-pane").first().evaluate((el) => getComputedStyle(el).position)).toBe("absolute");
    expect(tileRequests.length, "the map asked for tiles and got none").toBeGreaterThan(0);
    await marker.click();
    const popup = page.locator(".leaflet-popup");
    await popup.getByText(name).waitFor();
    await popup.getByText("新疆乌鲁木齐市天山区", { exact: false }).waitFor();
    await shot(page, "redmark-map");
    // 只看已发布 still shows it.
    await pick(page, page.locator(".ant-card-body form"), "发布状态", "已发布");
    await marker.waitFor();
    expect(await popup.getByText("查看详情").count()).toBe(1);

    // 4. Activation codes: generate 5 for a demo activity, then export.
    await page.goto(`${baseUrl}/bbh/activity/activation`);
    await page.getByRole("button", { name: /批量生成/ }).click();
    const gen = page.getByRole("dialog").filter({ hasText: "批量生成激活码" });
    await pick(page, gen, "活动", "重走红色路·印记打卡（演示）");
    await gen.getByPlaceholder("1 到 5000").fill("5");
    await gen.getByPlaceholder("如：某校第一批").fill("e2e批次");
    await gen.getByRole("button", { name: /生\s*成/ }).click();
    await notice(page, "成功生成5个激活码");
    await page.locator("tr.ant-table-row").filter({ hasText: "e2e批次" }).first().waitFor();
    await shot(page, "activation-list");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toBe("激活码.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0];
    // A title and an 导出人 line come first (JeecgBoot's layout); the header is the row holding 激活码.
    let headerRow = 0;
    sheet.eachRow((r, i) => {
      if (!headerRow && (r.values as unknown[]).map(String).includes("激活码")) headerRow = i;
    });
    expect(headerRow).toBeGreaterThan(0);
    const cells = (sheet.getRow(headerRow).values as unknown[]).map(String);
    const remarkCol = cells.indexOf("备注");
    expect(cells).toContain("激活码");
    let ours = 0;
    sheet.eachRow((r, i) => {
      if (i > headerRow && String(r.getCell(remarkCol).value) === "e2e批次") ours++;
    });
    expect(ours).toBe(5);
    expect(errors).toEqual([]);
  });
});
