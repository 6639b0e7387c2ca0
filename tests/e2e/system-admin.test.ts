import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ExcelJS from "exceljs";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";
import { chromiumOptions, signInAs } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const artifacts = resolve(import.meta.dirname, "artifacts");
const VIEWER = { username: "ops_viewer", realname: "运营查看员", password: "Viewer@2024" };
const ROLE = { name: "用户查看员", code: "user_viewer" };

let profileDir: string;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "redmark-chromium-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions({ acceptDownloads: true }));
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true, animations: "disabled" });

const signIn = (page: Page, username: string, password: string) => signInAs(page, baseUrl, username, password, { fresh: true });

async function signOut(page: Page) {
  await page.getByRole("button", { name: /退出登录/ }).click();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /确\s*定/ }).click();
  await page.waitForURL(/\/user\/login/);
}

async function openMenu(page: Page, group: string, item: string, url: RegExp) {
  const menu = page.locator(".ant-layout-sider");
  const link = menu.getByRole("link", { name: item, exact: true });
  if (!(await link.isVisible())) await menu.getByText(group, { exact: true }).click();
  await link.click();
  await page.waitForURL(url);
}

const successMessage = (page: Page, text: string | RegExp) => page.locator(".ant-message-notice").filter({ hasText: text }).waitFor();

/** A tree node's checkbox, by its exact title (a "（数据规则）" suffix allowed). */
const treeCheckbox = (scope: Locator, title: string) =>
  scope
    .locator(".ant-tree-treenode")
    .filter({ has: scope.page().locator(".ant-tree-title", { hasText: new RegExp(`^${title}(（数据规则）)?$`) }) })
    .locator(".ant-tree-checkbox");

async function apiLogin(username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/jeecg-boot/sys/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username, password }) });
  const body = await res.json();
  return body.result.token;
}

describe("system administration journey", () => {
  it("admin creates a role limited to listing one department's users and a user holding it; the user sees and may do only that", async () => {
    const page = await context.newPage();
    await signIn(page, "admin", adminPassword);

    // 1. A data rule on 用户管理: only rows of department A01A01 (活动运营部).
    await openMenu(page, "系统管理", "菜单管理", /\/isystem\/permission/);
    const systemRow = page.locator("tr.ant-table-row").filter({ has: page.getByText("系统管理", { exact: true }) });
    await systemRow.locator(".ant-table-row-expand-icon").click();
    const usersRow = page.locator("tr.ant-table-row").filter({ has: page.locator("td", { hasText: /^用户管理$/ }) });
    await usersRow.getByText("数据规则", { exact: true }).click();
    const rulesDrawer = page.locator(".ant-drawer").filter({ hasText: "数据规则 - 用户管理" });
    await rulesDrawer.getByRole("button", { name: /新增规则/ }).click();
    const ruleModal = page.getByRole("dialog").filter({ hasText: "新增规则" });
    await ruleModal.getByPlaceholder("如：本部门数据").fill("活动运营部数据");
    await ruleModal.getByPlaceholder("orgCode").fill("orgCode");
    await ruleModal.getByPlaceholder("#{sys_org_code}").fill("A01A01");
    await ruleModal.getByRole("button", { name: /确\s*定/ }).click();
    await rulesDrawer.getByText("活动运营部数据").waitFor();
    await shot(page, "11-data-rule");
    await rulesDrawer.locator(".ant-drawer-close").click();

    // 2. The role, granted 系统管理 › 用户管理 › 用户查询 with that rule.
    await openMenu(page, "系统管理", "角色管理", /\/isystem\/roleUserList/);
    await page.getByRole("button", { name: /^新\s*增$/ }).click();
    const roleModal = page.getByRole("dialog").filter({ hasText: "角色名称" });
    await roleModal.getByPlaceholder("请输入角色名称").fill(ROLE.name);
    await roleModal.getByPlaceholder("请输入角色编码").fill(ROLE.code);
    await roleModal.getByRole("button", { name: /确\s*定/ }).click();
    const roleRow = page.locator("tr.ant-table-row").filter({ hasText: ROLE.code });
    await roleRow.waitFor();
    await roleRow.getByText("授权", { exact: true }).click();
    const grant = page.locator(".ant-drawer").filter({ hasText: `角色权限配置 - ${ROLE.name}` });
    // 父子关联 (on by default): ticking 用户查询 ticks the menus above it, and nothing beside it.
    await treeCheckbox(grant, "用户查询").click();
    for (const title of ["系统管理", "用户管理", "用户查询"]) await expect.poll(() => treeCheckbox(grant, title).getAttribute("class")).toContain("ant-tree-checkbox-checked");
    expect(await treeCheckbox(grant, "添加用户").getAttribute("class")).not.toContain("ant-tree-checkbox-checked");
    expect(await treeCheckbox(grant, "角色管理").getAttribute("class")).not.toContain("ant-tree-checkbox-checked");
    await grant.getByRole("button", { name: /仅保存/ }).click();
    await successMessage(page, "保存成功！");
    await grant.locator(".ant-tree-title", { hasText: /^用户管理（数据规则）$/ }).click();
    await grant.getByText(/活动运营部数据/).click();
    await grant.getByRole("button", { name: /保存数据规则/ }).click();
    await successMessage(page, "保存成功!");
    await shot(page, "12-role-grant");
    await grant.getByRole("button", { name: /保存并关闭/ }).click();

    // 3. A user with that role in 活动运营部.
    await openMenu(page, "系统管理", "用户管理", /\/isystem\/user/);
    await page.getByRole("button", { name: /添加用户/ }).click();
    const userModal = page.getByRole("dialog").filter({ hasText: "添加用户" });
    await userModal.getByPlaceholder("请输入用户账号").fill(VIEWER.username);
    await userModal.getByPlaceholder("请输入用户姓名").fill(VIEWER.realname);
    await userModal.getByPlaceholder("请输入登录密码").fill(VIEWER.password);
    await userModal.getByPlaceholder("请重新输入登录密码").fill(VIEWER.password);
    await userModal.locator(".ant-form-item").filter({ hasText: "角色分配" }).locator(".ant-select-selector").click();
    await page.locator(".ant-select-item-option").filter({ hasText: ROLE.name }).click();
    await userModal.locator(".ant-modal-title").click();
    await userModal.locator(".ant-form-item").filter({ hasText: "所属部门" }).locator(".ant-select-selector").click();
    await page.locator(".ant-select-tree-node-content-wrapper").filter({ hasText: /^活动运营部$/ }).click();
    await userModal.locator(".ant-modal-title").click();
    await shot(page, "13-user-form");
    await userModal.getByRole("button", { name: /确\s*定/ }).click();
    await successMessage(page, "添加成功！");
    await signOut(page);

    // 4. The new user: only that menu, no add/delete buttons, only that department's rows.
    await signIn(page, VIEWER.username, VIEWER.password);
    const menu = page.locator(".ant-layout-sider");
    await menu.getByText("系统管理", { exact: true }).click();
    await menu.getByRole("link", { name: "用户管理", exact: true }).waitFor();
    expect(await menu.getByRole("link", { name: "角色管理", exact: true }).count()).toBe(0);
    expect(await menu.getByText("红色印记", { exact: true }).count()).toBe(0);
    await menu.getByRole("link", { name: "用户管理", exact: true }).click();
    await page.waitForURL(/\/isystem\/user/);
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const usernames = (await rows.locator("td:nth-child(2)").allInnerTexts()).sort();
    expect(usernames).toEqual([VIEWER.username, "wangfang", "zhangsan"]);
    expect(await page.getByRole("button", { name: /添加用户/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /导\s*出/ }).count()).toBe(0);
    expect(await page.getByText("编辑", { exact: true }).count()).toBe(0);
    expect(await page.getByText("更多", { exact: true }).count()).toBe(0);
    await shot(page, "14-viewer-users");
    await signOut(page);
    await page.close();

    // 5. The server refuses the hidden actions when called directly.
    const token = await apiLogin(VIEWER.username, VIEWER.password);
    const headers = { "x-access-token": token, "content-type": "application/json" };
    const add = await fetch(`${baseUrl}/jeecg-boot/sys/user/add`, { method: "POST", headers, body: JSON.stringify({ username: "sneaky", realname: "x", password: "Sneaky@2024" }) });
    expect(add.status).toBe(403);
    expect(await add.json()).toMatchObject({ success: false, code: 510 });
    const del = await fetch(`${baseUrl}/jeecg-boot/sys/user/deleteBatch?ids=x`, { method: "DELETE", headers });
    expect(del.status).toBe(403);
    expect((await fetch(`${baseUrl}/jeecg-boot/sys/role/list`, { headers })).status).toBe(403);
    expect((await fetch(`${baseUrl}/jeecg-boot/sys/user/exportXls`, { headers })).status).toBe(403);
    const list = await (await fetch(`${baseUrl}/jeecg-boot/sys/user/list?pageSize=100`, { headers })).json();
    expect(list.result.total).toBe(3);
  });

  it("exports the user list to .xlsx and imports the edited file back", async () => {
    const page = await context.newPage();
    await signIn(page, "admin", adminPassword);
    await openMenu(page, "系统管理", "用户管理", /\/isystem\/user/);
    await page.getByPlaceholder("请输入账号").fill(VIEWER.username);
    await page.getByRole("button", { name: /查\s*询/ }).click();
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => rows.count()).toBe(1);

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: /导\s*出/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("用户信息.xlsx");
    const file = join(profileDir, "users.xlsx");
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(3).getCell(1).value).toBe("用户账号");
    expect(sheet.getRow(4).getCell(1).value).toBe(VIEWER.username);
    expect(sheet.getRow(4).getCell(12).value).toBe(ROLE.code);
    sheet.getRow(4).getCell(2).value = "运营查看员（导入）";
    await book.xlsx.writeFile(file);

    await page.locator("input[type=file][accept='.xlsx']").setInputFiles(file);
    await successMessage(page, "文件导入成功！数据行数：1");
    await expect.poll(async () => (await rows.locator("td:nth-child(3)").allInnerTexts()).join()).toBe("运营查看员（导入）");
    await shot(page, "15-excel-import");
    await page.close();
  });
});
