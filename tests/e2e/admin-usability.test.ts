/**
 * What a new administrator tripped over (issue 13), in Chromium at 1366 × 768: a menu granted on its own
 * reads its list, logout leaves no personal data behind, 冻结 asks first and the frozen user's open
 * session says so, 添加下级 keeps the new department in view, and action columns fit. (A tab named after the
 * menu item that opened it is tested in tests/console/shell.test.tsx: the seed no longer has the JeecgBoot
 * online-report items this journey used for it.) Screenshots go to /tmp/issue13-shots (not committed).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";
import { chromiumOptions, signInAs } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const API = `${baseUrl}/jeecg-boot`;
const shots = "/tmp/issue13-shots";
const VIEWER = { username: "i13_viewer", password: "Viewer@2024" };
const FROZEN = { username: "i13_frozen", password: "Frozen@2024" };
const ROLE = { name: "菜单浏览员", code: "i13_menu_only" };

const profiles: string[] = [];
const contexts: BrowserContext[] = [];
let context: BrowserContext;
let adminToken: string;

async function newContext(): Promise<BrowserContext> {
  const dir = mkdtempSync(join(tmpdir(), "redmark-i13-"));
  profiles.push(dir);
  const created = await chromium.launchPersistentContext(dir, chromiumOptions({ viewport: { width: 1366, height: 768 } }));
  contexts.push(created);
  return created;
}

async function api<T = unknown>(method: string, path: string, body?: unknown, token = adminToken): Promise<{ status: number; body: { success: boolean; message: string; result: T } }> {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { "x-access-token": token, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function apiLogin(username: string, password: string): Promise<string> {
  const res = await fetch(`${API}/sys/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username, password }) });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`login failed: ${body.message}`);
  return body.result.token;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  context = await newContext();
  adminToken = await apiLogin("admin", adminPassword);
  // The frozen user's account; the viewer's is created once its role exists.
  const added = await api("POST", "/sys/user/add", { username: FROZEN.username, realname: "待冻结用户", password: FROZEN.password, confirmpassword: FROZEN.password });
  expect(added.body.success).toBe(true);
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), animations: "disabled" });

const signIn = (page: Page, username: string, password: string) => signInAs(page, baseUrl, username, password, { fresh: true });

async function signOut(page: Page) {
  await page.getByRole("button", { name: /退出登录/ }).click();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /确\s*定/ }).click();
  await page.waitForURL(/\/user\/login/);
}

async function openMenu(page: Page, group: string, item: string) {
  const menu = page.locator(".ant-layout-sider");
  const link = menu.getByRole("link", { name: item, exact: true });
  if (!(await link.isVisible())) await menu.getByText(group, { exact: true }).click();
  await link.click();
}

const treeCheckbox = (scope: Locator, title: string) =>
  scope
    .locator(".ant-tree-treenode")
    .filter({ has: scope.page().locator(".ant-tree-title", { hasText: new RegExp(`^${title}(（数据规则）)?$`) }) })
    .locator(".ant-tree-checkbox");
const isChecked = async (box: Locator) => ((await box.getAttribute("class")) ?? "").includes("ant-tree-checkbox-checked");

describe("issue 13: what a new administrator trips over", () => {
  it("a role granted only 系统管理 + 用户管理 (父子关联 off) lets its user read the user list, and nothing more", async () => {
    const page = await context.newPage();
    await signIn(page, "admin", adminPassword);
    await openMenu(page, "系统管理", "角色管理");
    await page.getByRole("button", { name: /^新\s*增$/ }).click();
    const roleModal = page.getByRole("dialog").filter({ hasText: "角色名称" });
    await roleModal.getByPlaceholder("请输入角色名称").fill(ROLE.name);
    await roleModal.getByPlaceholder("请输入角色编码").fill(ROLE.code);
    await roleModal.getByRole("button", { name: /确\s*定/ }).click();
    const roleRow = page.locator("tr.ant-table-row").filter({ hasText: ROLE.code });
    await roleRow.waitFor();
    await roleRow.getByText("授权", { exact: true }).click();
    const drawer = page.locator(".ant-drawer").filter({ hasText: `角色权限配置 - ${ROLE.name}` });
    await treeCheckbox(drawer, "用户查询").waitFor();

    // 折叠所有 / 展开所有.
    await drawer.getByRole("button", { name: "折叠所有" }).click();
    await expect.poll(() => drawer.locator(".ant-tree-title", { hasText: /^用户管理/ }).count()).toBe(0);
    await shot(page, "01-grant-drawer-collapsed");
    await drawer.getByRole("button", { name: "展开所有" }).click();
    await treeCheckbox(drawer, "用户查询").waitFor();

    // 父子关联 is on by default: ticking 用户管理 ticks its buttons; untick it again.
    const linked = drawer.getByRole("switch", { name: "父子关联" });
    expect(await linked.getAttribute("aria-checked")).toBe("true");
    await treeCheckbox(drawer, "用户管理").click();
    await expect.poll(() => isChecked(treeCheckbox(drawer, "添加用户"))).toBe(true);
    expect(await isChecked(treeCheckbox(drawer, "系统管理"))).toBe(true);
    await shot(page, "02-grant-drawer-linked");
    await drawer.getByRole("button", { name: "取消全选" }).click();
    await expect.poll(() => drawer.locator(".ant-tree-checkbox-checked").count()).toBe(0);

    // Off: exactly the two menus, as the administrator did.
    await linked.click();
    await treeCheckbox(drawer, "系统管理").click();
    await treeCheckbox(drawer, "用户管理").click();
    await expect.poll(() => drawer.locator(".ant-tree-checkbox-checked").count()).toBe(2);
    expect(await isChecked(treeCheckbox(drawer, "用户查询"))).toBe(false);
    await shot(page, "03-grant-drawer-menus-only");
    await drawer.getByRole("button", { name: /保存并关闭/ }).click();
    await page.locator(".ant-message-notice").filter({ hasText: "保存成功！" }).waitFor();
    await signOut(page);

    const roles = await api<{ records: Array<{ id: string; roleCode: string }> }>("GET", `/sys/role/list?roleCode=${ROLE.code}`);
    const roleId = roles.body.result.records.find((r) => r.roleCode === ROLE.code)!.id;
    expect((await api("POST", "/sys/user/add", { username: VIEWER.username, realname: "菜单浏览用户", password: VIEWER.password, confirmpassword: VIEWER.password, selectedroles: roleId })).body.success).toBe(true);

    await signIn(page, VIEWER.username, VIEWER.password);
    await openMenu(page, "系统管理", "用户管理");
    await page.waitForURL(/\/isystem\/user/);
    await expect.poll(() => page.locator(".ant-table-tbody tr.ant-table-row").count()).toBeGreaterThan(0);
    expect(await page.getByText("拒绝访问").count()).toBe(0);
    expect(await page.getByRole("button", { name: /添加用户/ }).count()).toBe(0);
    expect(await page.getByText("编辑", { exact: true }).count()).toBe(0);
    await shot(page, "04-menu-only-user-list");
    await page.close();
  });

  it("logout removes the token, username, user info and dictionaries; only layout settings stay", async () => {
    const page = await context.newPage();
    await signIn(page, "admin", adminPassword);
    const before = await page.evaluate(() => Object.keys(localStorage));
    expect(before).toEqual(expect.arrayContaining(["pro__Access-Token", "pro__Login_Username", "pro__Login_Userinfo", "pro__UI_CACHE_DB_DICT_DATA"]));
    await signOut(page);
    await page.getByPlaceholder("请输入用户名").waitFor();
    await page.waitForLoadState("networkidle");
    const left = await page.evaluate(() => ({
      local: Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)])),
      session: Object.keys(sessionStorage),
    }));
    for (const key of ["pro__Access-Token", "pro__Login_Username", "pro__Login_Userinfo", "pro__UI_CACHE_DB_DICT_DATA"]) expect(left.local[key]).toBeUndefined();
    // Whatever remains is a layout setting, and nothing of the user's (name, phone, e-mail) is in it.
    for (const key of Object.keys(left.local)) expect(key).toMatch(/^pro__(DEFAULT_|SIDEBAR_TYPE)/);
    expect(JSON.stringify(left.local)).not.toMatch(/admin|@|1[3-9]\d{9}/);
    expect(left.session).not.toContain("LOGIN_USER_BUTTON_AUTH");
    expect(left.session).not.toContain("SYS_BUTTON_AUTH");
    await page.close();
  });

  it("更多 → 冻结 asks first; the frozen user's open session then says 该用户已冻结", async () => {
    // The user to be frozen is signed in elsewhere (their own browser).
    const theirs = await newContext();
    const victim = await theirs.newPage();
    await signIn(victim, FROZEN.username, FROZEN.password);

    const page = await context.newPage();
    await signIn(page, "admin", adminPassword);
    await openMenu(page, "系统管理", "用户管理");
    await page.getByPlaceholder("请输入账号").fill(FROZEN.username);
    await page.getByRole("button", { name: /查\s*询/ }).click();
    const row = page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: FROZEN.username });
    await expect.poll(() => page.locator(".ant-table-tbody tr.ant-table-row").count()).toBe(1);
    const openFreeze = async () => {
      await row.getByText("更多").hover();
      await page.locator(".ant-dropdown-menu-item").filter({ hasText: /^冻结$/ }).click();
    };
    await openFreeze();
    const confirm = page.locator(".ant-popover").filter({ hasText: "确定冻结吗?" });
    await confirm.waitFor();
    await shot(page, "05-freeze-confirm");
    await confirm.getByRole("button", { name: /取\s*消/ }).click();
    await page.waitForTimeout(500);
    expect(await row.locator(".ant-tag").innerText()).toBe("正常");
    const users = await api<{ records: Array<{ username: string; status: number }> }>("GET", `/sys/user/list?username=${FROZEN.username}`);
    expect(users.body.result.records[0].status).toBe(1);

    await openFreeze();
    await confirm.waitFor();
    await confirm.getByRole("button", { name: /确\s*定/ }).click();
    await page.locator(".ant-message-notice").filter({ hasText: "冻结成功" }).waitFor();
    await expect.poll(() => row.locator(".ant-tag").innerText()).toBe("冻结");

    // Their next request (the bell polls every 6 s) is answered 该用户已冻结, not 登录已过期.
    const modal = victim.locator(".ant-modal-confirm").filter({ hasText: "该用户已冻结" });
    await modal.waitFor({ timeout: 20_000 });
    expect(await victim.getByText("登录已过期").count()).toBe(0);
    await shot(victim, "06-frozen-session");
    await modal.getByRole("button", { name: /重新登录/ }).click();
    await victim.waitForURL(/\/user\/login/);
    expect(await victim.evaluate(() => localStorage.getItem("pro__Access-Token"))).toBeNull();

    await api("PUT", "/sys/user/frozenBatch", { ids: (await api<{ records: Array<{ id: string }> }>("GET", `/sys/user/list?username=${FROZEN.username}`)).body.result.records[0].id, status: 1 });
    await page.close();
  });

  it("部门管理 → 添加下级 keeps the parent open and selects the new child", async () => {
    expect((await api("POST", "/sys/sysDepart/add", { departName: "问题十三部", orgCategory: "1", departOrder: 99 })).body.success).toBe(true);
    const page = await context.newPage();
    await signIn(page, "admin", adminPassword);
    await openMenu(page, "系统管理", "部门管理");
    const tree = page.locator(".ant-tree").first();
    await tree.getByText("问题十三部", { exact: true }).click();
    await page.getByRole("button", { name: /添加下级/ }).click();
    const dialog = page.getByRole("dialog").filter({ hasText: "添加下级 - 问题十三部" });
    await dialog.getByLabel("机构名称").fill("十三号小组");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await page.locator(".ant-message-notice").filter({ hasText: "添加成功！" }).waitFor();
    const child = tree.locator(".ant-tree-treenode").filter({ has: page.locator(".ant-tree-title", { hasText: /^十三号小组$/ }) });
    await child.waitFor();
    await expect.poll(() => child.getAttribute("class")).toContain("ant-tree-treenode-selected");
    expect(await child.isVisible()).toBe(true);
    await expect.poll(() => page.locator("#depart-form_departName").inputValue()).toBe("十三号小组");
    // The tree may redraw its nodes once more after the selection: scroll the node as it is then.
    await expect.poll(() => child.scrollIntoViewIfNeeded({ timeout: 2_000 }).then(() => true, () => false)).toBe(true);
    await shot(page, "07-depart-added-child");
    await page.close();
  });

  it("every system list's action links fit on one line at 1366 px", async () => {
    const page = await context.newPage();
    await signIn(page, "admin", adminPassword);
    // Links that wrapped or were cut: the cell overflows, a link breaks over lines, or the row of links is taller than one line.
    const badCells = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("td.rm-action-cell")]
          .filter((td) => td.offsetParent !== null && td.querySelector("a"))
          .flatMap((td) => {
            const cell = td.getBoundingClientRect();
            const style = getComputedStyle(td);
            // The content box: links must not spill into the padding either.
            const left = cell.left + parseFloat(style.paddingLeft) - 1;
            const right = cell.right - parseFloat(style.paddingRight) + 1;
            const links = [...td.querySelectorAll("a")];
            const rects = links.map((a) => a.getBoundingClientRect());
            const line = Math.max(...rects.map((r) => r.height));
            const height = Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top));
            const cut = rects.some((r) => r.left < left || r.right > right);
            const wrapped = links.some((a) => a.getClientRects().length > 1) || height > line * 1.5;
            return td.scrollWidth > td.clientWidth + 1 || cut || wrapped ? [`${td.textContent} (${Math.round(cell.width)} px)`] : [];
          }),
      );
    const cellCount = () => page.locator("td.rm-action-cell:visible").count();
    const pages: Array<[string, string]> = [
      ["/isystem/user", "用户管理"],
      ["/isystem/roleUserList", "角色管理"],
      ["/isystem/permission", "菜单管理"],
      ["/isystem/position", "职务管理"],
      ["/isystem/dict", "数据字典"],
      ["/isys/category", "分类字典"],
      ["/isystem/fillRule", "编码规则"],
      ["/isystem/checkRule", "校验规则"],
      ["/isystem/dataSource", "数据源"],
    ];
    for (const [path, name] of pages) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
      await expect.poll(cellCount, { message: name }).toBeGreaterThan(0);
      expect(await badCells(), name).toEqual([]);
      if (path === "/isystem/permission") {
        // Expanded rows (子菜单, buttons) too.
        await page.locator("tr.ant-table-row").filter({ has: page.getByText("系统管理", { exact: true }) }).locator(".ant-table-row-expand-icon").click();
        await page.locator("tr.ant-table-row").filter({ has: page.locator("td", { hasText: /^用户管理$/ }) }).waitFor();
        expect(await badCells(), `${name} (expanded)`).toEqual([]);
        await shot(page, "08-permission-actions-1366");
      }
      if (path === "/isystem/dict") {
        await page.locator("tr.ant-table-row").first().getByText("字典配置").click();
        await page.locator(".ant-drawer .ant-table-tbody tr.ant-table-row").first().waitFor();
        expect(await badCells(), `${name} (字典配置)`).toEqual([]);
        await page.locator(".ant-drawer-close").click();
      }
      if (path === "/isystem/roleUserList") {
        await page.locator("tr.ant-table-row").filter({ hasText: "admin" }).first().getByText("用户", { exact: true }).click();
        await page.locator(".ant-drawer .ant-table-tbody tr.ant-table-row").first().waitFor();
        expect(await badCells(), `${name} (角色用户)`).toEqual([]);
        await page.locator(".ant-drawer-close").click();
      }
    }
    // 部门管理: the selected department's roles and members.
    await page.goto(`${baseUrl}/isystem/depart`);
    await page.locator(".ant-tree .ant-tree-title").first().click();
    await page.getByRole("tab", { name: "部门用户" }).click();
    await page.locator(".ant-tabs-tabpane-active .ant-table").waitFor();
    expect(await badCells(), "部门用户").toEqual([]);
    await shot(page, "09-depart-members-1366");
    await page.close();
  });
});
