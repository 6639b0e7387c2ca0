/**
 * How every journey starts Debian's Chromium: headless, Chinese locale, and the flags this machine needs
 * (docs/architecture.md "Browser tests": without the background-networking flags Chromium keeps dialling
 * hosts the closed network refuses). Journeys pass only what differs (viewport, downloads, a wrapper).
 */
import type { LaunchOptions, BrowserContextOptions } from "playwright-core";

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
