/**
 * Issue 11 in Chromium: every monitoring page, 在线用户 and the three dashboards open as admin, show their
 * figures, and draw their charts (a canvas with pixels on it); screenshots go to artifacts/monitoring.
 * The home page's charts arrive in a chunk of their own, after the page (its first JS stays small).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumOptions, recordScripts, signInAs } from "./chromium";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const artifacts = resolve(import.meta.dirname, "artifacts/monitoring");

let profileDir: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "redmark-monitoring-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions());
  page = await context.newPage();
  await signInAs(page, baseUrl, "admin", adminPassword);
}, 120_000);

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

async function shot(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(artifacts, `${name}.png`), animations: "disabled" });
}

const visible = (text: string | RegExp) => page.getByText(text).filter({ visible: true }).first();

/** Waits until `count` visible charts have a canvas with drawn (non-transparent) pixels. */
async function chartsDrawn(count: number) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const drawn = [...document.querySelectorAll<HTMLElement>("[data-chart]")]
            .filter((el) => el.offsetParent !== null)
            .filter((el) => {
              const canvas = el.querySelector("canvas");
              if (!canvas || !canvas.width || !canvas.height) return false;
              const ctx = canvas.getContext("2d");
              if (!ctx) return false;
              const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
              let painted = 0;
              for (let i = 3; i < pixels.length; i += 4 * 7) if (pixels[i] > 0) painted++;
              return painted > 200;
            });
          return drawn.length;
        }),
      { timeout: 20_000, interval: 500 },
    )
    .toBeGreaterThanOrEqual(count);
}

describe("monitoring pages", () => {
  it("draws the home page's charts from a lazily loaded chunk", async () => {
    const recording = recordScripts(page);
    await page.goto(`${baseUrl}/dashboard/analysis`, { waitUntil: "networkidle" });
    await visible(/(早上|上午|中午|下午|晚上)好/).waitFor();
    await visible("近 7 天登录").waitFor();
    await visible("今日登录").waitFor();
    await visible("待审核答案").waitFor();
    await chartsDrawn(3);
    const scripts = await recording.stop();
    const names = [...scripts.keys()].map((url) => url.split("/").pop() ?? "");
    const chartChunk = names.filter((n) => n.startsWith("charts"));
    expect(chartChunk.length).toBe(1);
    const chartBytes = [...scripts.entries()].filter(([u]) => u.split("/").pop()!.startsWith("charts")).reduce((s, [, n]) => s + n, 0);
    const total = [...scripts.values()].reduce((s, n) => s + n, 0);
    console.log(`home tab: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} kB gzip in all; charts chunk ${(chartBytes / 1024).toFixed(1)} kB; without it ${((total - chartBytes) / 1024).toFixed(1)} kB`);
    await shot("01-analysis");
  });

  it("opens 工作台 with my pending work and announcements", async () => {
    await page.goto(`${baseUrl}/dashboard/workplace`);
    await visible("我的待办").waitFor();
    await visible("待审核答案").waitFor();
    await visible("快速开始 / 便捷导航").waitFor();
    await shot("02-workplace");
  });

  it("opens 监控概览 with gauges and charts", async () => {
    await page.goto(`${baseUrl}/monitor/dashboard`);
    await visible("请求耗时分布（最近 1 分钟）").waitFor();
    await visible("未配置 Redis").waitFor();
    await expect.poll(() => page.locator(".ant-progress-circle").filter({ visible: true }).count()).toBeGreaterThanOrEqual(3);
    await chartsDrawn(2);
    await shot("03-monitor-dashboard");
  });

  it("opens 服务器信息 and 磁盘监控", async () => {
    await page.goto(`${baseUrl}/monitor/SystemInfo`);
    await visible("主机与进程").waitFor();
    await visible("进程启动时间").waitFor();
    await page.locator(".ant-table-tbody tr.ant-table-row").filter({ visible: true }).first().waitFor();
    await shot("04-system-info");
    await page.goto(`${baseUrl}/monitor/Disk`);
    await expect.poll(() => page.locator(".ant-progress-circle").filter({ visible: true }).count()).toBeGreaterThanOrEqual(1);
    await visible(/^共 .+，可用 /).waitFor();
    await shot("05-disk");
  });

  it("opens JVM信息 as the Node.js runtime, with its memory chart", async () => {
    await page.goto(`${baseUrl}/monitor/JvmInfo`);
    await visible("事件循环延迟").waitFor();
    await visible("垃圾回收").waitFor();
    await chartsDrawn(1);
    // A second reading (5 s later) turns the points into lines.
    await page.waitForTimeout(5_500);
    await shot("06-runtime");
  });

  it("opens Tomcat信息 as the HTTP server, with its latency histogram", async () => {
    await page.goto(`${baseUrl}/monitor/TomcatInfo`);
    await visible("累计请求").waitFor();
    await visible("响应状态码").waitFor();
    await chartsDrawn(1);
    await shot("07-http");
  });

  it("opens Redis监控 in its not-configured state", async () => {
    await page.goto(`${baseUrl}/monitor/redis/info`);
    await visible("未配置 Redis").waitFor();
    await shot("08-redis");
  });

  it("opens 请求追踪 with masked recent requests", async () => {
    await page.goto(`${baseUrl}/monitor/HttpTrace`);
    const rows = page.locator(".ant-table-tbody tr.ant-table-row").filter({ visible: true });
    await rows.first().waitFor();
    const text = await page.locator(".ant-table-tbody").filter({ visible: true }).innerText();
    expect(text).toContain("/jeecg-boot/");
    expect(text).not.toMatch(/token=(?!\*)/);
    await shot("09-http-trace");
  });

  it("opens 在线用户 with the admin's own session", async () => {
    await page.goto(`${baseUrl}/isystem/online`);
    await visible("当前会话").waitFor();
    await visible("强退").waitFor();
    await shot("10-online");
  });
});
