/**
 * The console shell in Chromium: tabs, settings, navigation modes, mobile drawer, header dialogs, the bell,
 * the HTTP error catalogue row by row, the demo pages, a layout matrix and the home tab's JavaScript.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { chromiumOptions, recordScripts, signInAs } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const API = `${baseUrl}/jeecg-boot`;
const artifacts = resolve(import.meta.dirname, "artifacts/shell");
const matrixDir = resolve(import.meta.dirname, "artifacts/matrix");

let profileDir: string;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  mkdirSync(matrixDir, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "redmark-shell-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions());
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${name}.png`), animations: "disabled" });

/** Signs in through the form (the real flow), landing on the home tab. */
const signIn = (page: Page, password = adminPassword) => signInAs(page, baseUrl, "admin", password);

async function newSignedInPage(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/dashboard/analysis`);
  const login = page.getByPlaceholder("请输入用户名");
  await page.locator(".rm-header").or(login).first().waitFor();
  if (await login.isVisible()) await signIn(page);
  await page.locator(".rm-header").waitFor();
  return page;
}

async function setSettings(page: Page, values: Record<string, unknown>) {
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(`pro__${key}`, JSON.stringify({ value, expire: null }));
  }, values);
}

const DEFAULTS = {
  DEFAULT_THEME: "light",
  DEFAULT_LAYOUT_MODE: "sidemenu",
  DEFAULT_COLOR: "#1890FF",
  DEFAULT_CONTENT_WIDTH_TYPE: "Fixed",
  DEFAULT_FIXED_HEADER: false,
  DEFAULT_FIXED_HEADER_HIDDEN: false,
  DEFAULT_FIXED_SIDEMENU: false,
  DEFAULT_COLOR_WEAK: false,
  DEFAULT_MULTI_PAGE: true,
};

const openUserMenu = async (page: Page, item: string) => {
  await page.getByRole("button", { name: "用户菜单" }).click();
  await page.locator(".ant-dropdown-menu").getByText(item, { exact: true }).click();
};

const tabTitles = (page: Page) => page.locator(".rm-multi-tabs .ant-tabs-tab").allInnerTexts();
const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("console shell", () => {
  beforeAll(async () => {
    const page = await context.newPage();
    await signIn(page);
    await setSettings(page, DEFAULTS);
    await page.close();
  });

  it("opens a tab per page, keeps page state, refuses to close home and offers the tab menu", async () => {
    const page = await newSignedInPage();
    expect(await page.title()).toBe("红色印记管理平台");
    expect(await tabTitles(page)).toEqual(["首页"]);

    const sider = page.locator(".ant-layout-sider");
    await sider.getByText("系统管理", { exact: true }).click();
    await sider.getByRole("link", { name: "用户管理" }).click();
    await page.waitForURL(/\/isystem\/user/);
    await page.getByPlaceholder("请输入姓名").fill("保留的输入");
    expect(await page.title()).toBe("用户管理 - 红色印记管理平台");
    expect(await tabTitles(page)).toEqual(["首页", "用户管理"]);

    await page.locator(".rm-multi-tabs .ant-tabs-tab").filter({ hasText: "首页" }).click();
    await page.waitForURL(/\/dashboard\/analysis$/);
    await expect.poll(() => page.title()).toBe("红色印记管理平台");
    await page.locator(".rm-multi-tabs .ant-tabs-tab").filter({ hasText: "用户管理" }).click();
    await page.waitForURL(/\/isystem\/user/);
    expect(await page.getByPlaceholder("请输入姓名").inputValue()).toBe("保留的输入");

    await page.locator(".rm-multi-tabs .ant-tabs-tab").filter({ hasText: "首页" }).locator(".ant-tabs-tab-remove").click();
    await page.locator(".ant-message").getByText("首页不能关闭!").waitFor();

    await page.goto(`${baseUrl}/result/success`);
    await page.getByText("提交成功").waitFor();
    expect(await tabTitles(page)).toEqual(["首页", "成功"]);
    await page.locator(".rm-multi-tabs").getByText("成功", { exact: true }).click({ button: "right" });
    const menu = page.locator(".ant-dropdown-menu").last();
    expect(await menu.locator(".ant-dropdown-menu-item").allInnerTexts()).toEqual(["刷新", "关闭左侧", "关闭右侧", "关闭其他"]);
    await shot(page, "tab-context-menu");
    await menu.getByText("关闭其他").click();
    expect(await tabTitles(page)).toEqual(["首页", "成功"]);
    await page.close();
  });

  it("closes tabs left, right and others from the right-click menu", async () => {
    const page = await newSignedInPage();
    const sider = page.locator(".ant-layout-sider");
    const open = async (group: string, item: string) => {
      if (!(await sider.getByRole("link", { name: item }).isVisible())) await sider.getByText(group, { exact: true }).click();
      await sider.getByRole("link", { name: item }).click();
      await page.locator(".rm-multi-tabs .ant-tabs-tab-active").filter({ hasText: item }).waitFor();
    };
    await open("结果页", "成功");
    await open("结果页", "失败");
    await open("异常页", "403");
    await open("异常页", "500");
    expect(await tabTitles(page)).toEqual(["首页", "成功", "失败", "403", "500"]);
    const menuOf = async (title: string, command: string) => {
      await page.locator(".rm-multi-tabs").getByText(title, { exact: true }).click({ button: "right" });
      await page.locator(".ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu").getByText(command).click();
      await expect.poll(() => page.locator(".ant-dropdown:not(.ant-dropdown-hidden)").count()).toBe(0);
    };
    await menuOf("403", "关闭右侧");
    await expect.poll(() => tabTitles(page)).toEqual(["首页", "成功", "失败", "403"]);
    await page.waitForURL(/\/exception\/403$/);
    await menuOf("失败", "关闭左侧");
    await expect.poll(() => tabTitles(page)).toEqual(["首页", "失败", "403"]);
    await menuOf("失败", "关闭其他");
    await expect.poll(() => tabTitles(page)).toEqual(["首页", "失败"]);
    await page.waitForURL(/\/result\/fail$/);
    await page.locator(".rm-multi-tabs .ant-tabs-tab").filter({ hasText: "失败" }).locator(".ant-tabs-tab-remove").click();
    await expect.poll(() => tabTitles(page)).toEqual(["首页"]);
    await page.waitForURL(/\/dashboard\/analysis$/);
    await page.close();
  });

  it("switches to the top menu, dark theme and a preset colour in the settings drawer, and keeps them after reload", async () => {
    const page = await newSignedInPage();
    await openUserMenu(page, "系统设置");
    const drawer = page.locator(".rm-settings-drawer");
    await drawer.getByText("该功能主要用于开发环境预览布局").waitFor();
    expect(await drawer.getByRole("switch", { name: "固定侧边菜单" }).isDisabled()).toBe(false);
    expect(await drawer.getByRole("switch", { name: "下滑时隐藏 Header" }).isDisabled()).toBe(true);
    await drawer.getByRole("button", { name: "顶部栏导航" }).click();
    await drawer.getByRole("button", { name: "暗色菜单风格" }).click();
    await drawer.getByRole("button", { name: "酱紫" }).click();
    expect(await drawer.getByRole("switch", { name: "固定侧边菜单" }).isDisabled()).toBe(true);
    await page.locator("[data-layout='topmenu']").waitFor();
    await shot(page, "settings-drawer");
    await drawer.locator(".ant-drawer-close").click();

    await page.reload();
    await page.locator("[data-layout='topmenu']").waitFor();
    expect(await page.locator(".ant-layout-sider").count()).toBe(0);
    expect(await page.locator(".rm-header-dark .ant-menu-horizontal").count()).toBe(1);
    const stored = await page.evaluate(() => [localStorage.getItem("pro__DEFAULT_LAYOUT_MODE"), localStorage.getItem("pro__DEFAULT_THEME"), localStorage.getItem("pro__DEFAULT_COLOR")]);
    expect(stored.map((s) => JSON.parse(s!).value)).toEqual(["topmenu", "dark", "#722ED1"]);
    await page.getByRole("combobox", { name: "搜索菜单" }).fill("用户管理");
    await page.locator(".ant-select-item-option").filter({ hasText: "系统管理 / 用户管理" }).click();
    await page.waitForURL(/\/isystem\/user/);
    const search = page.getByRole("button", { name: /查\s*询/ });
    expect(await search.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(114, 46, 209)");
    await shot(page, "top-menu-dark");

    await setSettings(page, DEFAULTS);
    await page.close();
  });

  it("says 'Failed to update theme' for a stored colour it cannot use, and keeps the default", async () => {
    const page = await newSignedInPage();
    await setSettings(page, { DEFAULT_COLOR: "rgb(nope)" });
    await page.reload();
    await page.locator(".ant-message").getByText("Failed to update theme").waitFor();
    await setSettings(page, DEFAULTS);
    await page.close();
  });

  it("remembers the open submenu while the sidebar is collapsed", async () => {
    const page = await newSignedInPage();
    const sider = page.locator(".ant-layout-sider");
    await sider.getByText("系统管理", { exact: true }).click();
    await sider.getByRole("link", { name: "用户管理" }).waitFor();
    expect(await sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(200);
    await page.getByRole("button", { name: "收起菜单" }).click();
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(80);
    await page.getByRole("button", { name: "展开菜单" }).click();
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(200);
    await sider.getByRole("link", { name: "用户管理" }).waitFor();
    expect(await sider.locator(".ant-menu-submenu-open").filter({ hasText: "系统管理" }).count()).toBe(1);
    await page.close();
  });

  it("keeps only one root submenu open in the inline menu", async () => {
    const page = await newSignedInPage();
    const sider = page.locator(".ant-layout-sider");
    await sider.getByText("系统管理", { exact: true }).click();
    await sider.getByText("结果页", { exact: true }).click();
    await expect.poll(() => sider.locator(".ant-menu-root > .ant-menu-submenu-open").count()).toBe(1);
    expect(await sider.locator(".ant-menu-root > .ant-menu-submenu-open").innerText()).toContain("结果页");
    await page.close();
  });

  it("shows a drawer menu at 375 px and no tabs", async () => {
    const page = await newSignedInPage();
    await page.setViewportSize({ width: 375, height: 760 });
    await page.goto(`${baseUrl}/dashboard/analysis`);
    await page.locator("[data-device='mobile']").waitFor();
    expect(await page.locator(".ant-layout-sider").count()).toBe(0);
    expect(await page.locator(".rm-multi-tabs").count()).toBe(0);
    await page.getByRole("button", { name: "打开菜单" }).click();
    const drawer = page.locator(".rm-menu-drawer");
    await drawer.getByText("系统管理", { exact: true }).click();
    await shot(page, "mobile-drawer");
    await drawer.getByRole("link", { name: "用户管理" }).click();
    await page.waitForURL(/\/isystem\/user/);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(await noHorizontalOverflow(page)).toBe(true);
    await page.close();
  });

  it("changes the password in the 800 px dialog with the spec's messages, then changes it back", async () => {
    const page = await newSignedInPage();
    await openUserMenu(page, "修改密码");
    const modal = page.locator(".ant-modal").filter({ hasText: "修改密码" });
    await modal.waitFor();
    expect(await modal.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(800);
    await modal.getByRole("button", { name: /确\s*定/ }).click();
    for (const text of ["请输入旧密码!", "请输入新密码!", "请确认新密码!"]) await modal.getByText(text).waitFor();
    await modal.getByPlaceholder("请输入旧密码").fill("Wrong@pass1");
    await modal.getByPlaceholder("请输入新密码").fill("Brand@new-123");
    await modal.getByPlaceholder("请确认新密码").fill("Brand@new-12");
    await modal.getByText("两次输入的密码不一样！").waitFor();
    await modal.getByPlaceholder("请确认新密码").fill("Brand@new-123");
    await modal.getByRole("button", { name: /确\s*定/ }).click();
    await page.locator(".ant-message").getByText("旧密码输入错误!").waitFor();
    await modal.getByPlaceholder("请输入旧密码").fill(adminPassword);
    await modal.getByRole("button", { name: /确\s*定/ }).click();
    await page.locator(".ant-message").getByText("密码重置成功!").waitFor();
    await expect.poll(() => modal.isVisible()).toBe(false);

    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("pro__Access-Token")!).value as string);
    const back = await fetch(`${API}/sys/user/updatePassword`, {
      method: "PUT",
      headers: { "content-type": "application/json", "x-access-token": token },
      body: JSON.stringify({ username: "admin", oldpassword: "Brand@new-123", password: adminPassword, confirmpassword: adminPassword }),
    });
    expect((await back.json()).success).toBe(true);
    await page.close();
  });

  it("opens the 450 px department dialog titled with the current department and requires a choice", async () => {
    const page = await newSignedInPage();
    await openUserMenu(page, "切换部门");
    const modal = page.locator(".ant-modal").filter({ hasText: "部门切换" });
    await modal.waitFor();
    expect(await modal.locator(".ant-modal-title").innerText()).toBe("部门切换（当前部门 : 红色印记运营中心）");
    expect(await modal.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(450);
    await modal.getByRole("button", { name: /确\s*认/ }).click();
    await modal.getByText("请选择登录部门", { exact: true }).last().waitFor();
    await shot(page, "depart-dialog");
    await modal.getByRole("combobox").click();
    await page.locator(".ant-select-item-option").getByText("红色印记运营中心").click();
    await modal.getByRole("button", { name: /确\s*认/ }).click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    await page.close();
  });

  it("shows announcements in the 300 px bell, opens the viewer, marks them read and goes to 查看更多", async () => {
    const page = await newSignedInPage();
    await page.getByRole("button", { name: "消息通知" }).click();
    const popover = page.locator(".ant-popover").filter({ hasText: "查看更多" });
    await popover.waitFor();
    expect(await popover.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(300);
    const tabs = popover.locator(".ant-tabs-tab");
    await expect.poll(() => tabs.allInnerTexts()).toEqual(["通知(3)", "系统消息(2)"]);
    const first = popover.locator(".rm-notice-item").first();
    expect(await first.innerText()).toMatch(/发布/);
    expect(await popover.locator(".ant-tag").allInnerTexts()).toEqual(expect.arrayContaining(["紧急消息", "重要消息", "一般消息"]));
    expect(await popover.locator(".ant-tag-red").first().innerText()).toBe("紧急消息");
    await shot(page, "bell");
    await popover.getByText("红色印记平台上线通知").click();
    const viewer = page.locator(".ant-modal").filter({ hasText: "通知消息" });
    await viewer.getByText("发布人：admin").waitFor();
    await viewer.getByText("红色印记管理平台", { exact: true }).waitFor();
    expect(await viewer.getByRole("button", { name: "去处理" }).count()).toBe(0);
    await shot(page, "announcement-viewer");
    await viewer.getByRole("button", { name: /关\s*闭/ }).click();

    await page.getByRole("button", { name: "消息通知" }).click();
    await expect.poll(() => tabs.allInnerTexts()).toEqual(["通知(2)", "系统消息(2)"]);
    await popover.getByText("系统消息(2)").click();
    await popover.getByText("请完善用户信息").click();
    await viewer.getByRole("button", { name: "去处理" }).click();
    await page.waitForURL(/\/isystem\/user/);

    await page.getByRole("button", { name: "消息通知" }).click();
    await popover.getByRole("button", { name: /查看更多/ }).click();
    await page.waitForURL(/\/isps\/userAnnouncement/);
    const rows = page.locator("[data-tab-page]:not([hidden]) .ant-table-tbody tr.ant-table-row");
    await expect.poll(() => rows.count()).toBe(5);
    expect(await rows.filter({ hasText: "已读" }).count()).toBe(2);
    await page.close();
  });

  describe("HTTP error catalogue (spec §8)", () => {
    /** Sends the bell's first `listByUser` to the test route that answers `status`. */
    async function bellAnswers(page: Page, status: number, message?: string) {
      await page.route("**/sys/annountCement/listByUser*", (route) =>
        route.continue({ url: `${API}/test/httpStatus/${status}${message ? `?message=${encodeURIComponent(message)}` : ""}` }),
        { times: 1 },
      );
    }
    const notice = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text });

    it("403: 系统提示 / 拒绝访问 for 4 s, and the bell stops polling after the failed load", async () => {
      const page = await newSignedInPage();
      await bellAnswers(page, 403);
      let polls = 0;
      page.on("request", (r) => r.url().includes("/sys/annountCement/listByUser") && polls++);
      await page.reload();
      const shown = notice(page, "拒绝访问");
      await shown.waitFor();
      expect(await shown.innerText()).toContain("系统提示");
      const start = Date.now();
      await shown.waitFor({ state: "detached", timeout: 8000 });
      expect(Date.now() - start).toBeGreaterThan(3000);
      await page.waitForTimeout(6500);
      expect(polls).toBe(1);
      await page.close();
    });

    it("404: 很抱歉，资源未找到!", async () => {
      const page = await newSignedInPage();
      await bellAnswers(page, 404);
      await page.reload();
      await notice(page, "很抱歉，资源未找到!").waitFor();
      await page.close();
    });

    // The exact durations (4 s; antd's default for 504) are unit-tested in providers/http.test.ts.
    it("504: 网络超时", async () => {
      const page = await newSignedInPage();
      await bellAnswers(page, 504);
      await page.reload();
      await notice(page, "网络超时").waitFor();
      await page.close();
    });

    it("other statuses show the server's message", async () => {
      const page = await newSignedInPage();
      await bellAnswers(page, 418, "服务器说：我是茶壶");
      await page.reload();
      await notice(page, "服务器说：我是茶壶").waitFor();
      await page.close();
    });

    it("500 with an expired token: 登录已过期 modal whose 重新登录 signs out", async () => {
      const page = await newSignedInPage();
      await page.route("**/sys/annountCement/listByUser*", (route) => route.continue({ headers: { ...route.request().headers(), "x-access-token": "expired.token.value" } }), { times: 1 });
      await page.reload();
      const modal = page.locator(".ant-modal-confirm").filter({ hasText: "登录已过期" });
      await modal.getByText("很抱歉，登录已过期，请重新登录").waitFor();
      await shot(page, "token-expired");
      await modal.getByRole("button", { name: "重新登录" }).click();
      await page.waitForURL(/\/user\/login/);
      expect(await page.evaluate(() => localStorage.getItem("pro__Access-Token"))).toBeNull();
      await signIn(page);
      await page.close();
    });

    it("401: 未授权，请重新登录, then signs out and reloads after 1.5 s", async () => {
      const page = await newSignedInPage();
      await bellAnswers(page, 401);
      await page.reload();
      await notice(page, "未授权，请重新登录").waitFor();
      await page.waitForURL(/\/user\/login/, { timeout: 10_000 });
      expect(await page.evaluate(() => localStorage.getItem("pro__Access-Token"))).toBeNull();
      await signIn(page);
      await page.close();
    });
  });

  it("asks 提示 / 真的要注销登录吗 ? and signs out even when the logout call fails", async () => {
    const page = await newSignedInPage();
    await page.route("**/sys/logout", (route) => route.abort());
    await page.getByRole("button", { name: "退出登录" }).click();
    const confirm = page.locator(".ant-modal-confirm");
    expect(await confirm.locator(".ant-modal-confirm-title").innerText()).toBe("提示");
    expect(await confirm.locator(".ant-modal-confirm-content").innerText()).toBe("真的要注销登录吗 ?");
    await confirm.getByRole("button", { name: /确\s*定/ }).click();
    await page.getByPlaceholder("请输入用户名").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("pro__Access-Token"))).toBeNull();
    await signIn(page);
    await page.close();
  });

  it("serves the exception, result, demo, account and /user pages", async () => {
    const page = await newSignedInPage();
    const visit = async (path: string, text: string | RegExp) => {
      await page.goto(`${baseUrl}${path}`);
      await page.getByText(text).first().waitFor();
    };
    await visit("/exception/403", "抱歉，你无权访问该页面");
    await visit("/exception/404", "抱歉，你访问的页面不存在");
    await visit("/exception/500", "抱歉，服务器出错了");
    await visit("/result/fail", "提交失败");
    await visit("/test", "这是红色印记管理平台的测试首页");
    expect(page.url()).toMatch(/\/test\/home$/);

    await visit("/form/base-form", "目标描述");
    await page.getByRole("button", { name: /提\s*交/ }).click();
    await page.getByText("请输入标题").waitFor();
    await visit("/list/query-list", "规则编号");
    await page.locator(".ant-pagination-item-2").click();
    await page.getByLabel("规则编号").fill("TradeCode 07");
    await page.getByRole("button", { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator(".ant-table-tbody tr.ant-table-row").count()).toBe(1);
    await visit("/profile/basic", "退款申请");
    await visit("/profile/advanced", "流程进度");
    await visit("/list/card", "卡片列表");
    await visit("/form/step-form", "填写转账信息");

    await visit("/account/center", "编辑个人资料");
    await visit("/account/settings/BaseSetting", "更新基本信息");
    await page.getByLabel("姓名").fill("管理员甲");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: /更换头像/ }).click()]);
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const uploaded = page.waitForResponse((r) => r.url().includes("/sys/common/upload"));
    await chooser.setFiles({ name: "avatar.png", mimeType: "image/png", buffer: png });
    const uploadBody = await (await uploaded).json();
    expect(uploadBody.message).toMatch(/^avatar\/\d{8}\/[0-9a-f]{24}\.png$/);
    await page.getByRole("button", { name: /更新基本信息/ }).click();
    await page.locator(".ant-message").getByText("修改成功!").waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel("姓名").inputValue()).toBe("管理员甲");
    const avatarSrc = await page.locator(".rm-header .ant-avatar img").getAttribute("src");
    expect(avatarSrc).toContain(`/sys/common/static/${uploadBody.message}`);
    const served = await fetch(`${baseUrl}${avatarSrc}`);
    expect(served.headers.get("content-type")).toBe("image/png");
    await page.getByLabel("姓名").fill("管理员");
    await page.getByRole("button", { name: /更新基本信息/ }).click();
    await page.locator(".ant-message").getByText("修改成功!").last().waitFor();
    await visit("/account/settings/security", "账户密码");
    await visit("/account/settings/custom", "风格配色");
    await visit("/account/settings/binding", "已绑定");
    await visit("/account/settings/notification", "待办任务");

    await page.evaluate(() => localStorage.removeItem("pro__Access-Token"));
    await visit("/user/register", "使用已有账户登录");
    await page.getByRole("button", { name: /注\s*册/ }).click();
    await page.getByText("请输入用户名").waitFor();
    await visit("/user/alteration", "手机验证");
    await visit("/user/register-result", "注册成功");
    await signIn(page);
    await page.close();
  });

  it("loads the home tab lazily and records its JavaScript", async () => {
    const page = await newSignedInPage();
    const recording = recordScripts(page);
    await page.goto(`${baseUrl}/dashboard/analysis`, { waitUntil: "networkidle" });
    await page.getByText(/(早上|上午|中午|下午|晚上)好/).waitFor();
    const scripts = await recording.stop();
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const names = [...scripts.keys()].map((url) => url.split("/").pop());
    console.log(`home tab: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} kB gzip: ${names.join(", ")}`);
    expect(names.some((n) => n?.startsWith("table-list"))).toBe(false);
    expect(names.some((n) => n?.startsWith("base-setting"))).toBe(false);
    await page.close();
  });
});

describe("layout matrix", () => {
  const combos: Array<Record<string, unknown>> = [];
  for (const layout of ["sidemenu", "topmenu"])
    for (const theme of ["dark", "light"])
      for (const fixedHeader of [true, false])
        for (const multipage of [true, false])
          for (const width of ["Fixed", "Fluid"])
            combos.push({ DEFAULT_LAYOUT_MODE: layout, DEFAULT_THEME: theme, DEFAULT_FIXED_HEADER: fixedHeader, DEFAULT_MULTI_PAGE: multipage, DEFAULT_CONTENT_WIDTH_TYPE: width });

  it(`renders all ${combos.length} combinations at 1440 px and 375 px without horizontal overflow`, async () => {
    const page = await newSignedInPage();
    const overflowing: string[] = [];
    for (const combo of combos) {
      await setSettings(page, { ...DEFAULTS, ...combo });
      const name = Object.values(combo).map(String).join("-");
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: width > 400 ? 900 : 760 });
        await page.goto(`${baseUrl}/isystem/user`);
        await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
        await page.screenshot({ path: join(matrixDir, `${name}-${width}.png`), animations: "disabled" });
        if (!(await noHorizontalOverflow(page))) overflowing.push(`${name}@${width}`);
      }
    }
    await setSettings(page, DEFAULTS);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(overflowing).toEqual([]);
    await page.close();
  }, 600_000);
});
