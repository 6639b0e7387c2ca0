/**
 * Issue 12: every seeded menu item, opened as admin in Chromium, leads somewhere. The walk reads the menu
 * from getUserPermissionByToken and opens each visible leaf in one signed-in page (client-side navigation,
 * tabs off so only the current page is mounted). It fails on any 4xx/5xx answer, any page error or console
 * error, and any blocked or failed frame. An iframe item our console has its own page for (`meta.consoleComponent`,
 * SQL监控) opens that page, and the URL other clients frame must answer. An item of an outside site must be
 * external (a new tab); a same-origin external item must answer.
 *
 * The "尚未实现" placeholder fails it too: a seeded item must open a working page (items whose pages the
 * console lacks are not seeded, server/db/seed/menus.ts `DROPPED_UNBUILT_MENUS`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { chromiumOptions, signInAs } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import type { MenuNode } from "../../contract";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const API = `${baseUrl}/jeecg-boot`;

const DOMAIN_URL = /{{\s*window\._CONFIG\['domianURL'\]\s*}}/;

interface Leaf {
  trail: string;
  node: MenuNode;
}

function leaves(nodes: MenuNode[], trail: string[] = []): Leaf[] {
  return nodes.flatMap((node) => {
    if (node.hidden) return [];
    const names = [...trail, node.meta?.title ?? node.name];
    const children = node.children ?? [];
    if (children.length === 0 || node.alwaysShow) return [{ trail: names.join(" / "), node }];
    return leaves(children, names);
  });
}

let profileDir: string;
let context: BrowserContext;
let page: Page;
let token: string;
/** Problems seen since the last `take()`. */
let problems: string[] = [];
let inflight = 0;
let lastActivity = Date.now();

beforeAll(async () => {
  profileDir = mkdtempSync(join(tmpdir(), "redmark-menu-walk-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions());
  // 印记地图's tiles come from the map vendor (MAP_TILE_URL); this machine cannot reach it, so they are
  // answered with a blank tile here (tests/e2e/bbh-redmark.test.ts proves the map works with them refused).
  const blankTile = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
  await context.route(/^https:\/\/[^/]+\.is\.autonavi\.com\//, (route) => route.fulfill({ status: 200, contentType: "image/png", body: blankTile }));
  // Any new tab (window.open of an external item) is a failure of the walk: it would leave the machine.
  context.on("page", (opened) => {
    if (opened !== page) problems.push(`opened a new tab: ${opened.url()}`);
  });
  page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on("request", () => {
    inflight++;
    lastActivity = Date.now();
  });
  const settled = () => {
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", (request) => {
    settled();
    if (request.frame() !== page.mainFrame() && request.resourceType() === "document") {
      problems.push(`frame failed: ${request.url()} (${request.failure()?.errorText})`);
    }
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });

  await signInAs(page, baseUrl, "admin", adminPassword);
  // Tabs off (settings are read at start, hence the reload): only the current page stays mounted while the
  // walk opens a hundred of them.
  await page.evaluate(() => localStorage.setItem("pro__DEFAULT_MULTI_PAGE", JSON.stringify({ value: false, expire: null })));
  await page.reload();
  await page.locator(".rm-header").waitFor();
  expect(await page.locator(".rm-multi-tabs").count()).toBe(0);
  token = await page.evaluate(() => JSON.parse(localStorage.getItem("pro__Access-Token") ?? "{}").value as string);
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

function take(): string[] {
  const seen = problems;
  problems = [];
  return seen;
}

/** Waits until no request has been in flight for 300 ms (at most `timeoutMs`). */
async function networkQuiet(timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (inflight === 0 && Date.now() - lastActivity > 300) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Client-side navigation, as a click on the side menu does (react-router listens to popstate). Done when the
 * page container of the final path (a folder redirects to its first child) is shown and its loading
 * spinners are gone: router updates are transitions, so the previous page stays until the next has loaded.
 * Returns false when the container never appears.
 */
async function open(path: string): Promise<boolean> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const shown = await page
    .waitForFunction(() => {
      const key = window.location.pathname.replace(/(.)\/+$/, "$1");
      return [...document.querySelectorAll<HTMLElement>(".rm-content [data-tab-page]")].some((el) => el.dataset.tabPage === key && !el.hidden);
    }, undefined, { timeout: 10_000 })
    .then(() => true, () => false);
  await page
    .locator(".rm-content .ant-spin-spinning")
    .first()
    .waitFor({ state: "detached", timeout: 5_000 })
    .catch(() => {});
  await networkQuiet();
  return shown;
}

const menuUrl = (url: string) => url.replace(DOMAIN_URL, API);

describe("menu walk", () => {
  it(
    "opens every seeded menu item as admin without an error, a failed request or a blocked frame",
    async () => {
      const res = await page.request.get(`${API}/sys/permission/getUserPermissionByToken`, { headers: { "X-Access-Token": token } });
      const menu = (await res.json()).result.menu as MenuNode[];
      const items = leaves(menu);
      expect(items.length).toBeGreaterThan(70);
      take();

      const failures: string[] = [];
      let opened = 0;
      for (const { trail, node } of items) {
        const url = node.meta?.url ? menuUrl(node.meta.url) : undefined;
        if (node.meta?.internalOrExternal) {
          // Opens in a new tab: the walk checks where it leads instead of opening it.
          if (!url || !/^https?:\/\//.test(url)) failures.push(`${trail}: external item without a URL`);
          else if (url.startsWith(baseUrl)) {
            const answer = await page.request.get(url, { headers: { "X-Access-Token": token } });
            if (answer.status() >= 400) failures.push(`${trail}: ${url} answers ${answer.status()}`);
          }
          continue;
        }
        if (url && !url.startsWith(baseUrl)) failures.push(`${trail}: frames an outside site (${url}); it must be external`);
        if (node.path.includes(":")) continue;

        // External and iframe items carry a bare hash as their path; the console makes every path absolute.
        if (!(await open(`/${node.path.replace(/^\/+/, "")}`))) {
          failures.push(`${trail}: did not open (at ${await page.evaluate(() => window.location.pathname)})`);
          for (const problem of take()) failures.push(`${trail} (${node.path}): ${problem}`);
          // A page that crashed the console leaves nothing to walk on: start afresh from this item.
          await page.reload();
          await page.locator(".rm-header").waitFor();
          take();
          if (failures.length > 20) break;
          continue;
        }
        opened++;
        const content = page.locator(".rm-content");
        if (node.meta?.consoleComponent && url) {
          // Our console shows its own page for this iframe item (SQL监控); the URL JeecgBoot clients frame must answer.
          const answer = await page.request.get(url);
          if (answer.status() >= 400) failures.push(`${trail}: the framed ${url} answers ${answer.status()}`);
        } else if (node.component === "layouts/IframePageView" && url) {
          const frame = page.frameLocator(".rm-content iframe");
          if (url.endsWith("/doc.html")) {
            // Swagger UI drew the generated document: its title and the operation groups.
            const title = frame.locator(".swagger-ui .info .title");
            const drawn = await title
              .filter({ hasText: "红色印记管理平台 API" })
              .waitFor({ timeout: 20_000 })
              .then(() => true, () => false);
            const groups = await frame.locator(".opblock-tag-section").count();
            if (!drawn || groups < 10) {
              const body = await frame.locator("body").innerText().catch((error: Error) => error.message);
              failures.push(`${trail}: Swagger UI not drawn (${groups} groups): ${body.slice(0, 300)}`);
            }
          } else {
            await frame.locator("body").waitFor({ timeout: 10_000 });
          }
          await networkQuiet();
        }
        const blocked = page.frames().filter((f) => f.url().startsWith("chrome-error://"));
        if (blocked.length) failures.push(`${trail}: blocked frame`);

        const text = (await content.innerText().catch(() => "")) ?? "";
        const placeholder = /页面组件「(.+?)」尚未实现/.exec(text);
        if (placeholder) failures.push(`${trail}: shows 尚未实现 for ${placeholder[1]}`);
        if (/没有可用的地址|无法打开/.test(text)) failures.push(`${trail}: ${text.split("\n")[0]}`);
        for (const problem of take()) failures.push(`${trail} (${node.path}): ${problem}`);
      }

      expect(failures).toEqual([]);
      expect(opened).toBeGreaterThan(70);
    },
    240_000,
  );
});
