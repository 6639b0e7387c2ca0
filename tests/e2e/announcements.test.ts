/**
 * Announcements and live updates in Chromium: an admin releases an announcement to one user from the
 * 系统通告 page, and that user's bell (another browser) shows it within 1 s without a reload, pushed over the
 * websocket; a list open in a second browser shows a record the first one added.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { chromiumOptions, signInAs } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const API = `${baseUrl}/jeecg-boot`;
const USER = "wangfang";
const USER_PASSWORD = "Notice@e2e-123";

const contexts: Array<{ context: BrowserContext; dir: string }> = [];

async function browser(): Promise<BrowserContext> {
  const dir = mkdtempSync(join(tmpdir(), "redmark-annt-"));
  const context = await chromium.launchPersistentContext(dir, chromiumOptions());
  contexts.push({ context, dir });
  return context;
}

async function signIn(context: BrowserContext, username: string, password: string): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await signInAs(page, baseUrl, username, password);
  return page;
}

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { "x-access-token": token, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

const bellCount = (page: Page) => page.locator('[aria-label="消息通知"] .ant-badge-count').first();

let adminToken: string;

beforeAll(async () => {
  const login = await fetch(`${API}/sys/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: adminPassword }),
  }).then((r) => r.json());
  adminToken = login.result.token;
  const reset = await api("PUT", "/sys/user/changePassword", adminToken, { username: USER, password: USER_PASSWORD, confirmpassword: USER_PASSWORD });
  expect(reset.success).toBe(true);
  // Start from an empty bell for the user.
  const userLogin = await fetch(`${API}/sys/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: USER, password: USER_PASSWORD }),
  }).then((r) => r.json());
  // listByUser first: it back-fills the deliveries of announcements to everyone, which readAll then marks.
  await api("GET", "/sys/annountCement/listByUser", userLogin.result.token);
  await api("PUT", "/sys/sysAnnouncementSend/readAll", userLogin.result.token);
});

afterAll(async () => {
  for (const { context, dir } of contexts) {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("announcements over the websocket", () => {
  it("shows an announcement released to one user in that user's bell within 1 s, without a reload", async () => {
    const userPage = await signIn(await browser(), USER, USER_PASSWORD);
    const frames: string[] = [];
    const socketOpen = new Promise<void>((resolve) =>
      userPage.on("websocket", (ws) => {
        if (!ws.url().includes("/jeecg-boot/websocket/")) return;
        ws.on("framereceived", (f) => frames.push(String(f.payload)));
        resolve();
      }),
    );
    // The socket opens with the bell; reload once so the listener above sees it from the start.
    await userPage.reload();
    await userPage.locator(".rm-header").waitFor();
    await socketOpen;
    await expect.poll(() => bellCount(userPage).count()).toBe(0);
    let navigations = 0;
    userPage.on("framenavigated", (frame) => {
      if (frame === userPage.mainFrame()) navigations++;
    });

    const adminPage = await signIn(await browser(), "admin", adminPassword);
    await adminPage.goto(`${baseUrl}/isystem/annountCement`);
    await adminPage.getByRole("button", { name: "新 增" }).or(adminPage.getByRole("button", { name: "新增" })).first().click();
    const dialog = adminPage.getByRole("dialog");
    await dialog.getByLabel("标题").fill("端到端推送通知");
    await dialog.getByLabel("指定用户").check();
    await dialog.locator(".ant-select").filter({ hasText: "请选择用户" }).click();
    await adminPage.keyboard.type("王芳");
    await adminPage.locator(".ant-select-item-option").filter({ hasText: "王芳" }).first().click();
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const row = adminPage.locator("tr").filter({ hasText: "端到端推送通知" });
    await row.getByText("发布", { exact: true }).click();
    await adminPage.locator(".ant-popconfirm").getByRole("button", { name: /确\s*定/ }).click();
    const released = Date.now();
    await bellCount(userPage).waitFor({ timeout: 1_000 });
    const elapsed = Date.now() - released;
    expect(elapsed).toBeLessThanOrEqual(1_000);
    await expect.poll(() => bellCount(userPage).textContent()).toBe("1");
    // It came as a push (JeecgBoot's `user` message), not as a page load.
    expect(frames.some((f) => f.includes('"cmd":"user"') && f.includes("端到端推送通知"))).toBe(true);
    expect(navigations).toBe(0);
    await userPage.locator('[aria-label="消息通知"]').click();
    await expect.poll(() => userPage.locator(".rm-notice-item").filter({ hasText: "端到端推送通知" }).count()).toBe(1);
    // The admin's list shows the release without a reload as well.
    await expect.poll(() => row.getByText("已发布").count()).toBe(1);
  });

  it("shows a record added in one browser in a list open in another", async () => {
    const first = (await signIn(await browser(), "admin", adminPassword));
    const second = await signIn(await browser(), "admin", adminPassword);
    await first.goto(`${baseUrl}/isystem/position`);
    await second.goto(`${baseUrl}/isystem/position`);
    await second.locator(".ant-table-tbody").waitFor();
    expect(await second.getByText("实时推送职务").count()).toBe(0);

    await first.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = first.getByRole("dialog");
    await dialog.getByLabel("职务编码").fill("live-e2e-1");
    await dialog.getByLabel("职务名称").fill("实时推送职务");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const started = Date.now();
    await second.locator("tr").filter({ hasText: "实时推送职务" }).waitFor({ timeout: 3_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
