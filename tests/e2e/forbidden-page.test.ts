/**
 * Issue 23 item 20 in Chromium: a user whose roles do not grant 用户管理 types its address and sees the 403
 * page (抱歉，你无权访问该页面) at that address, inside the layout; 返回首页 lands on the home page. An address no
 * menu item has still goes to /404. Screenshots go to tests/e2e/artifacts/forbidden.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumOptions, signInAs } from "./chromium";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const API = `${baseUrl}/jeecg-boot`;
const artifacts = resolve(import.meta.dirname, "artifacts/forbidden");
const AUDITOR = { username: "i23_auditor", password: "Auditor@2024x" };

let profileDir: string;
let context: BrowserContext;

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<{ success: boolean; message: string; result: T }> {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { "x-access-token": token, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  const login = await (await fetch(`${API}/sys/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password: adminPassword }) })).json();
  const admin = login.result.token as string;
  // A limited account: the seeded 审核员 role only, which does not grant 系统管理 › 用户管理.
  const roles = await api<{ records: Array<{ id: string; roleCode: string }> }>("GET", "/sys/role/list?roleCode=auditor", admin);
  const auditor = roles.result.records.find((r) => r.roleCode === "auditor")!;
  const added = await api("POST", "/sys/user/add", admin, { username: AUDITOR.username, realname: "审核员甲", password: AUDITOR.password, confirmpassword: AUDITOR.password, selectedroles: auditor.id });
  expect(added.success, added.message).toBe(true);
  profileDir = mkdtempSync(join(tmpdir(), "redmark-forbidden-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions());
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${name}.png`), animations: "disabled" });

describe("a page the user may not open", () => {
  it("shows 403 无权访问 at the typed address, and 返回首页 goes home", async () => {
    const page = await context.newPage();
    await signInAs(page, baseUrl, AUDITOR.username, AUDITOR.password, { fresh: true });
    expect(await page.locator(".ant-layout-sider").getByText("用户管理", { exact: true }).count()).toBe(0);

    const userLists: string[] = [];
    page.on("request", (request) => void (request.url().includes("/sys/user/list") && userLists.push(request.url())));
    await page.goto(`${baseUrl}/isystem/user`);
    await page.getByText("抱歉，你无权访问该页面").waitFor();
    expect(new URL(page.url()).pathname).toBe("/isystem/user");
    expect(await page.locator(".ant-result-title").innerText()).toBe("403");
    await expect.poll(() => page.title()).toBe("403 - 红色印记管理平台");
    // Inside the layout: the header and the side menu stay, and no list of users was asked for.
    await page.locator(".rm-header").waitFor();
    await page.locator(".ant-layout-sider").waitFor();
    expect(await page.getByText("抱歉，你访问的页面不存在").count()).toBe(0);
    expect(userLists).toEqual([]);
    await shot(page, "01-forbidden");

    await page.getByRole("button", { name: /返回首页/ }).click();
    await page.waitForURL(/\/dashboard\/analysis$/);
    await page.locator(".rm-tab-page:not([hidden])").first().waitFor();
    expect(await page.getByText("抱歉，你无权访问该页面").count()).toBe(0);
    await shot(page, "02-home");

    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL(/\/404$/);
    await page.getByText("抱歉，你访问的页面不存在").waitFor();
    await page.close();
  });
});
