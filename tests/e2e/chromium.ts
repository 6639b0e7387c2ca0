/**
 * How every journey starts Debian's Chromium: headless, Chinese locale, and the flags this machine needs
 * (docs/architecture.md "Browser tests": without the background-networking flags Chromium keeps dialling
 * hosts the closed network refuses). Journeys pass only what differs (viewport, downloads, a wrapper).
 * Also the one way journeys sign in through the login form, and the one way they weigh a page's JavaScript.
 */
import { gzipSync } from "node:zlib";
import type { BrowserContextOptions, LaunchOptions, Page, Response } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Options for `chromium.launchPersistentContext(profileDir, …)`; 1440×900 unless overridden. */
export function chromiumOptions(overrides: BrowserContextOptions & Pick<LaunchOptions, "executablePath"> = {}) {
  return {
    executablePath: "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: "zh-CN",
    args: CHROMIUM_ARGS,
    ...overrides,
  };
}

/**
 * Signs in through the login form and waits for the signed-in shell. `fresh` first clears the origin's
 * storage, for a journey that signs in as several users in one browser.
 */
export async function signInAs(page: Page, baseUrl: string, username: string, password: string, { fresh = false } = {}) {
  await page.goto(`${baseUrl}/user/login`);
  if (fresh) {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto(`${baseUrl}/user/login`);
  }
  await page.getByPlaceholder("请输入用户名").fill(username);
  await page.getByPlaceholder("请输入密码").fill(password);
  await page.getByRole("button", { name: /登\s*录/ }).click();
  await page.waitForURL(/\/dashboard\/analysis$/);
  await page.locator(".rm-header").waitFor();
}

/**
 * Records the gzipped size of every script `page` loads from now on. `stop()` detaches the listener and waits
 * for every body still being read, so no size is missed and no read is left to reject once the page closes
 * (an unhandled rejection after the tests passed made Vitest exit 1 with every test green).
 */
export function recordScripts(page: Page) {
  const sizes = new Map<string, number>();
  const reads: Array<Promise<void>> = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    reads.push(
      response.body().then(
        (body) => void sizes.set(response.url(), gzipSync(body).length),
        () => void sizes.set(response.url(), Number.NaN),
      ),
    );
  };
  page.on("response", onResponse);
  return {
    /** Script URL → gzipped bytes; a body that could not be read shows as NaN, which fails any budget. */
    async stop(): Promise<Map<string, number>> {
      page.off("response", onResponse);
      await Promise.all(reads);
      return sizes;
    },
  };
}
