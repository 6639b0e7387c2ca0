/**
 * OSS文件 in Chromium (issue 9): upload a 3 MB PDF through the page (progress bar, then 上传成功), find it in
 * the list, open it in a new tab (served inline as application/pdf), download it and compare the bytes with
 * what was sent, refuse an .exe before sending, and delete the file after confirming.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumOptions, signInAs } from "./chromium";
import { UPLOAD_TYPE_REFUSED } from "../../contract/upload";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const shots = join(import.meta.dirname, "artifacts", "bbh-oss");

let profileDir: string;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "oss-chromium-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions({ acceptDownloads: true }));
});
afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true, animations: "disabled" });
const notice = (page: Page, text: string | RegExp) => page.locator(".ant-message-notice").filter({ hasText: text }).first().waitFor();

/** A real one-page PDF with ~3 MB of comment lines, so the upload takes long enough to show progress. */
function bigPdf(tag: string): Buffer {
  const stream = `BT /F1 18 Tf 20 50 Td (${tag}) Tj ET`;
  const objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>", `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"];
  let out = "%PDF-1.4\n" + `% ${"红色印记史料".repeat(8)}\n`.repeat(3 * 1024 * 1024 / 150);
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out);
}

describe("OSS文件 journey", () => {
  it("uploads a PDF with progress, lists, opens, downloads (same bytes) and deletes it", async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signInAs(page, baseUrl, "admin", adminPassword);
    await page.goto(`${baseUrl}/bbh/ossFile`);
    await page.getByRole("button", { name: /上传文件/ }).waitFor();
    await page.locator(".ant-table").first().waitFor();

    // Refused in the browser, never sent.
    const sent: string[] = [];
    page.on("request", (r) => r.url().includes("/ossFile/upload") && sent.push(r.url()));
    const input = page.locator("input[type=file]").first();
    await input.setInputFiles({ name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
    await notice(page, UPLOAD_TYPE_REFUSED);
    expect(sent).toEqual([]);

    const tag = `E2E-${Date.now()}`;
    const name = `革命史料${tag}.pdf`;
    const data = bigPdf(tag);
    // Slow the upload a little so the bar is seen moving.
    await page.route("**/ossFile/upload", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await input.setInputFiles({ name, mimeType: "application/pdf", buffer: data });
    const progress = page.getByTestId("upload-progress");
    await progress.waitFor();
    expect(await progress.textContent()).toContain(name);
    await notice(page, `${name} 上传成功！`);
    await progress.locator(".ant-progress-status-success").waitFor();
    const row = page.locator(".ant-table-row").filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${(data.length / 1024 / 1024).toFixed(1)} MB`);
    await shot(page, "uploaded");

    // 预览: a new tab with the PDF served inline.
    const [tab] = await Promise.all([context.waitForEvent("page"), row.getByText("预览", { exact: true }).click()]);
    await tab.waitForLoadState();
    const fileLink = tab.url();
    expect(fileLink).toMatch(/\/jeecg-boot\/sys\/common\/static\/oss\/\d{8}\/[0-9a-f]{24}\.pdf$/);
    const head = await page.request.get(fileLink);
    expect(head.headers()["content-type"]).toBe("application/pdf");
    expect(head.headers()["content-disposition"]).toMatch(/^inline/);
    await tab.waitForTimeout(800);
    await tab.screenshot({ path: join(shots, "pdf-tab.png") });
    await tab.close();

    // 下载: the same bytes under the original name.
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByText("下载", { exact: true }).click()]);
    expect(download.suggestedFilename()).toBe(name);
    const saved = await download.path();
    expect(readFileSync(saved!).equals(data)).toBe(true);

    // An image gets a thumbnail in the list.
    const png = await sharp({ create: { width: 480, height: 270, channels: 3, background: "#b22222" } }).composite([{ input: Buffer.from(`<svg width="480" height="270"><circle cx="240" cy="135" r="80" fill="#ffd700"/></svg>`) }]).png().toBuffer();
    await input.setInputFiles({ name: `封面${tag}.png`, mimeType: "image/png", buffer: png });
    await notice(page, `封面${tag}.png 上传成功！`);
    const imageRow = page.locator(".ant-table-row").filter({ hasText: `封面${tag}.png` });
    await imageRow.getByText("480×270").waitFor();
    await imageRow.locator("img").evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0) || new Promise((r) => img.addEventListener("load", r)));
    expect(await imageRow.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    await shot(page, "with-image");

    // The grid view shows the same files.
    await page.locator(".ant-segmented-item").nth(1).click();
    await page.locator(".ant-card .ant-card").filter({ hasText: name }).first().waitFor();
    await shot(page, "grid");
    await page.locator(".ant-segmented-item").nth(0).click();

    // 删除 after confirming.
    await row.getByText("删除", { exact: true }).click();
    await page.locator(".ant-popover").getByRole("button", { name: /确\s*定/ }).click();
    await notice(page, "删除成功!");
    await row.waitFor({ state: "detached" });
    expect((await page.request.get(fileLink)).status()).toBe(404);
    await shot(page, "deleted");
    expect(errors).toEqual([]);
  });
});
