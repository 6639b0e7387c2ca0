/**
 * Issue 23 item 18 in Chromium: SQL监控 is JeecgBoot's iframe of `<domianURL>/druid/`. The JeecgBoot Vue 2 client
 * frames that URL as `IframePageView` does (an `<iframe src>` on a page of the same origin, no token in the URL);
 * our server's page there reads the signed-in console's token from local storage and draws the database figures.
 * Without a signed-in console on the origin it says so. Our console opens its own SQL监控 page for the item.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Frame, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MenuNode } from "../../contract";
import { chromiumOptions, signInAs } from "./chromium";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");

let profileDir: string;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  profileDir = mkdtempSync(join(tmpdir(), "redmark-sql-frame-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions());
  page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    // The frame's host document (a bare file of the origin) has no icon link, so Chromium asks for /favicon.ico.
    if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico")) problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
}, 120_000);

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

/**
 * The Vue 2 client's IframePageView: an iframe of `meta.url` (`{{ window._CONFIG['domianURL'] }}/druid/` evaluated)
 * on a page of the same origin. The host here is a plain document of that origin (the page's own script file, shown
 * as text), so no console application runs around the frame.
 */
async function frameLikeTheVueClient(): Promise<Frame> {
  await page.goto(`${baseUrl}/jeecg-boot/druid/druid.js`);
  await page.evaluate((src) => {
    document.body.innerHTML = "";
    const iframe = document.createElement("iframe");
    iframe.id = "druid";
    iframe.src = src;
    iframe.style.width = "100%";
    iframe.style.height = "800px";
    document.body.appendChild(iframe);
  }, `${baseUrl}/jeecg-boot/druid/`);
  const handle = await page.waitForSelector("#druid");
  const frame = await handle.contentFrame();
  await frame!.waitForLoadState();
  return frame!;
}

describe("SQL监控 as the JeecgBoot Vue 2 client frames it", () => {
  it("asks for a signed-in console when the origin holds no token", async () => {
    await page.goto(`${baseUrl}/jeecg-boot/druid/druid.js`);
    await page.evaluate(() => localStorage.clear());
    const frame = await frameLikeTheVueClient();
    await expect.poll(() => frame.locator("#status").textContent()).toBe("请先在本站点登录管理后台，再打开 SQL监控");
    expect(await frame.locator("table").count()).toBe(0);
  });

  it("draws the database, the pool, the sessions and the slowest statements for a signed-in admin, and refreshes", async () => {
    await signInAs(page, baseUrl, "admin", adminPassword, { fresh: true });
    const frame = await frameLikeTheVueClient();
    await expect.poll(() => frame.locator("#status").textContent()).toMatch(/^更新于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect.poll(() => frame.locator("#database dd").first().textContent()).toMatch(/^(PGlite|PostgreSQL) · /);
    expect(await frame.locator("#pool dd").first().textContent()).toMatch(/内嵌数据库|连接池/);
    expect(await frame.locator("#activity table tbody tr").count()).toBeGreaterThan(0);
    expect(await frame.locator("#slowest-title").textContent()).toMatch(/^最慢语句（/);

    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await frame.getByRole("button", { name: "刷新" }).click();
    await expect.poll(() => requests.filter((url) => url.endsWith("/jeecg-boot/sys/monitor/database")).length).toBe(1);
    // The frame's URL and every request it made carry no token.
    expect(frame.url()).toBe(`${baseUrl}/jeecg-boot/druid/`);
    expect(requests.filter((url) => /token=/i.test(url))).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe("SQL监控 in our console", () => {
  it("opens the console's own page for the same menu item", async () => {
    await page.goto(`${baseUrl}/dashboard/analysis`);
    await page.locator(".rm-header").waitFor();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("pro__Access-Token")!).value as string);
    const menu = (await (await fetch(`${baseUrl}/jeecg-boot/sys/permission/getUserPermissionByToken`, { headers: { "X-Access-Token": token } })).json()).result.menu as MenuNode[];
    const find = (nodes: MenuNode[]): MenuNode | undefined => nodes.map((n) => (n.meta.title === "SQL监控" ? n : find(n.children ?? []))).find(Boolean);
    const item = find(menu)!;
    expect(item.component).toBe("layouts/IframePageView");
    await page.evaluate((path) => {
      window.history.pushState({}, "", path);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, `/${item.path}`);
    await expect.poll(() => page.getByText("数据库大小").filter({ visible: true }).count()).toBeGreaterThan(0);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
