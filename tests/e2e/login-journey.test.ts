import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { chromiumOptions, recordScripts } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const artifacts = resolve(import.meta.dirname, "artifacts");
const LOGIN_ROUTE_BUDGET_BYTES = 350 * 1024;

let profileDir: string;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "redmark-chromium-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions({ viewport: { width: 1366, height: 800 } }));
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

/** A page of this origin with no stored session, so each test starts signed out whatever ran before. */
async function signedOutPage(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  return page;
}

/** The texts of one table column, found by its header title (robust to selection columns). */
async function columnTexts(page: Page, title: string): Promise<string[]> {
  const headers = await page.locator(".ant-table-thead th").allInnerTexts();
  const index = headers.findIndex((header) => header.trim() === title);
  if (index < 0) throw new Error(`no column titled ${title}`);
  return page.locator(`.ant-table-tbody tr.ant-table-row td:nth-child(${index + 1})`).allInnerTexts();
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true, animations: "disabled" });

describe("login journey", () => {
  it("signs in, opens 用户管理, searches by name and signs out", async () => {
    const page = await signedOutPage();

    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/user\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/");
    // The e2e server runs with LOGIN_CAPTCHA=false: once the form has asked the server, it shows no captcha.
    await expect.poll(() => page.getByRole("button", { name: /登\s*录/ }).isEnabled()).toBe(true);
    expect(await page.getByPlaceholder("请输入验证码").count()).toBe(0);
    await shot(page, "01-login");

    await page.getByPlaceholder("请输入用户名").fill("admin");
    await page.getByPlaceholder("请输入密码").fill(adminPassword);
    await page.getByRole("button", { name: /登\s*录/ }).click();

    await page.waitForURL(/\/dashboard\/analysis$/);
    await page.getByText(/(早上|上午|中午|下午|晚上)好，管理员/).waitFor();
    expect(await page.title()).toBe("红色印记管理平台");
    await shot(page, "02-home");

    const menu = page.locator(".ant-layout-sider");
    await menu.getByText("系统管理", { exact: true }).click();
    await menu.getByRole("link", { name: "用户管理" }).click();
    await page.waitForURL(/\/isystem\/user/);
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    expect(await page.title()).toBe("用户管理 - 红色印记管理平台");
    const crumbs = await page.locator(".ant-breadcrumb li").allInnerTexts();
    expect(crumbs.filter((text) => text.trim() && text.trim() !== "/")).toEqual(["首页", "系统管理", "用户管理"]);
    await shot(page, "03-user-list");

    const searched = page.waitForRequest((request) => request.url().includes("/sys/user/list") && request.url().includes("realname="));
    await page.getByPlaceholder("请输入姓名").fill("管理");
    await page.getByRole("button", { name: /查\s*询/ }).click();
    expect(new URL((await searched).url()).searchParams.get("realname")).toBe("*管理*");
    await expect.poll(async () => (await rows.allInnerTexts()).length).toBeGreaterThan(0);
    await expect.poll(async () => (await columnTexts(page, "用户姓名")).every((name) => name.includes("管理"))).toBe(true);
    expect(await columnTexts(page, "用户姓名")).toContain("管理员");
    await shot(page, "04-user-search");

    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL(/\/404$/);
    await page.getByText("抱歉，你访问的页面不存在").waitFor();
    await shot(page, "05-not-found");
    await page.getByRole("button", { name: /返回首页/ }).click();
    await page.waitForURL(/\/dashboard\/analysis$/);

    await page.getByRole("button", { name: /退出登录/ }).click();
    await page.getByText("真的要注销登录吗 ?").waitFor();
    expect(await page.locator(".ant-modal-confirm-title").innerText()).toBe("提示");
    await shot(page, "06-logout-confirm");
    await page.locator(".ant-modal-confirm").getByRole("button", { name: /确\s*定/ }).click();
    await page.waitForURL(/\/user\/login/);
    await page.getByPlaceholder("请输入用户名").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("pro__Access-Token"))).toBeNull();
    await page.close();
  });

  it("shows 登录失败 with the server's message for a wrong password", async () => {
    const page = await signedOutPage();
    await page.goto(`${baseUrl}/user/login`);
    await page.getByPlaceholder("请输入用户名").fill("admin");
    await page.getByPlaceholder("请输入密码").fill("wrong-password");
    await page.getByRole("button", { name: /登\s*录/ }).click();
    const notice = page.locator(".ant-notification-notice").filter({ hasText: "登录失败" });
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/密码/);
    await shot(page, "07-login-failed");
    await page.close();
  });

  it("fills the window at 1440×900 with no body margin and no scrollbar", async () => {
    const page = await signedOutPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl}/user/login`);
    await page.getByPlaceholder("请输入用户名").waitFor();
    await expect.poll(() => page.getByRole("button", { name: /登\s*录/ }).isEnabled()).toBe(true);
    const layout = await page.evaluate(() => {
      const body = getComputedStyle(document.body);
      const root = document.documentElement;
      return {
        margin: [body.marginTop, body.marginRight, body.marginBottom, body.marginLeft],
        vertical: root.scrollHeight - root.clientHeight,
        horizontal: root.scrollWidth - root.clientWidth,
        page: document.querySelector("main")!.parentElement!.getBoundingClientRect().toJSON(),
        background: getComputedStyle(document.querySelector("main")!.parentElement!).backgroundImage,
      };
    });
    expect(layout.margin).toEqual(["0px", "0px", "0px", "0px"]);
    expect(layout.vertical).toBe(0);
    expect(layout.horizontal).toBe(0);
    // The page and its background reach every edge of the window: no white frame around it.
    expect(layout.page).toMatchObject({ left: 0, top: 0, width: 1440, height: 900 });
    expect(layout.background).toMatch(/gradient/);
    // The e2e build configures no filing number: the footer shows none, and never a placeholder.
    expect(await page.locator("footer").innerText()).not.toMatch(/ICP/);
    await shot(page, "08-login-1440");
    await page.close();
  });

  it("links to 注册 and 忘记密码, and its 手机号登录 tab shows the server's SMS answer", async () => {
    const page = await signedOutPage();
    await page.goto(`${baseUrl}/user/login`);
    await page.getByRole("link", { name: "注册账户" }).click();
    await page.waitForURL(/\/user\/register$/);
    await page.getByRole("link", { name: "使用已有账户登录" }).click();
    await page.waitForURL(/\/user\/login$/);
    await page.getByRole("link", { name: "忘记密码" }).click();
    await page.waitForURL(/\/user\/alteration$/);
    await page.goto(`${baseUrl}/user/login`);

    await page.getByRole("tab", { name: "手机号登录" }).click();
    await page.getByPlaceholder("请输入手机号").fill("13900000000");
    const sms = page.waitForResponse((response) => response.url().endsWith("/sys/sms"));
    await page.getByRole("button", { name: "获取验证码" }).click();
    expect((await (await sms).json()).message).toBe("短信接口未配置，请联系管理员！");
    await page.locator(".ant-message").getByText("短信接口未配置，请联系管理员！").waitFor();
    await shot(page, "09-login-phone");

    await page.getByPlaceholder("请输入短信验证码").fill("123456");
    const phoneLogin = page.waitForResponse((response) => response.url().endsWith("/sys/phoneLogin"));
    await page.getByRole("tabpanel", { name: "手机号登录" }).getByRole("button", { name: /登\s*录/ }).click();
    expect((await phoneLogin).status()).toBe(200);
    const notice = page.locator(".ant-notification-notice").filter({ hasText: "登录失败" });
    await notice.waitFor();
    expect(await notice.innerText()).toContain("短信接口未配置，请联系管理员！");
    expect(page.url()).toMatch(/\/user\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("pro__Access-Token"))).toBeNull();
    await page.close();
  });

  it(`loads at most ${LOGIN_ROUTE_BUDGET_BYTES / 1024} kB of gzipped JavaScript for /user/login`, async () => {
    const page = await signedOutPage();
    const recording = recordScripts(page);
    await page.goto(`${baseUrl}/user/login`, { waitUntil: "networkidle" });
    await page.getByPlaceholder("请输入用户名").waitFor();
    const scripts = await recording.stop();
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    console.log(`login route: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} kB gzip`);
    expect(total).toBeLessThanOrEqual(LOGIN_ROUTE_BUDGET_BYTES);
    await page.close();
  });
});
