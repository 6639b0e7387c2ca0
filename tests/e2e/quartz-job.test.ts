/**
 * Scheduled jobs, logs and the data log in Chromium: an admin creates a job running every 2 seconds (the
 * harmless 心跳 class) with the cron checked live and its next 5 run times shown, watches its runs arrive in
 * the runs drawer, stops it with the status switch and sees the runs stop (the count stays for more than two
 * periods); then reads the login and operation logs, and compares two versions of a role in the data log with
 * the changed fields highlighted.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { chromiumOptions, signInAs } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const API = `${baseUrl}/jeecg-boot`;
const ARTIFACTS = join(__dirname, "artifacts");
const JOB_CLASS = "redmark.job.HeartbeatJob";

let context: BrowserContext;
let profile: string;
let page: Page;
let token: string;

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { "x-access-token": token, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}
const runsTotal = async () => Number((await page.getByTestId("runs-total").innerText()).match(/\d+/)![0]);

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const login = await fetch(`${API}/sys/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password: adminPassword }) }).then((r) => r.json());
  token = login.result.token;
  // A rerun on the same server: the class may have its job already (one job per class).
  const existing = await api("GET", `/sys/quartzJob/list?jobClassName=${JOB_CLASS}`);
  for (const j of existing.result.records) await api("DELETE", `/sys/quartzJob/delete?id=${j.id}`);
  profile = mkdtempSync(join(tmpdir(), "redmark-quartz-"));
  context = await chromium.launchPersistentContext(profile, chromiumOptions());
  page = context.pages()[0] ?? (await context.newPage());
  await signInAs(page, baseUrl, "admin", adminPassword);
}, 60_000);

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe("scheduled jobs", () => {
  it("creates a job every 2 seconds, sees its runs, stops it and the runs stop", async () => {
    await page.goto(`${baseUrl}/isystem/QuartzJobList`);
    await page.getByRole("button", { name: "新 增" }).or(page.getByRole("button", { name: "新增" })).first().click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "Cron表达式" });
    await dialog.getByTestId("job-class-select").click();
    await page.keyboard.type("心跳");
    await page.locator(".ant-select-item-option", { hasText: JOB_CLASS }).click();

    // A wrong expression is explained at once; a good one shows its next 5 run times.
    const cron = dialog.getByTestId("cron-input");
    await cron.fill("0 61 * * * ?");
    await expect.poll(() => dialog.getByTestId("cron-preview").innerText(), { timeout: 5000 }).toContain("「分」字段的取值超出范围");
    // The JeecgBoot form's default, every second, is below the minimum interval (2 s for this server).
    await cron.fill("* * * * * ? *");
    await expect.poll(() => dialog.getByTestId("cron-preview").innerText(), { timeout: 5000 }).toContain("每秒执行一次，执行间隔不能小于2秒");
    await cron.fill("0/2 * * * * ?");
    await expect.poll(() => dialog.getByTestId("cron-preview").locator(".ant-list-item").count(), { timeout: 5000 }).toBe(5);
    await dialog.getByLabel("描述").fill("端到端测试：每 2 秒心跳");
    await page.screenshot({ path: join(ARTIFACTS, "quartz-01-form.png") });
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: "hidden" });

    const row = page.locator("tr.ant-table-row", { hasText: JOB_CLASS });
    await row.waitFor();
    await page.waitForTimeout(400); // the dialog's closing animation
    await page.screenshot({ path: join(ARTIFACTS, "quartz-00-list.png") });
    await row.getByText("运行记录").click();
    const drawer = page.locator(".ant-drawer-content");
    await drawer.waitFor();
    await expect.poll(runsTotal, { timeout: 15_000, interval: 500 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => drawer.locator("tr.ant-table-row").first().innerText(), { timeout: 5000 }).toContain("成功");
    await page.screenshot({ path: join(ARTIFACTS, "quartz-02-runs.png") });
    await drawer.locator(".ant-drawer-close").click();
    await drawer.waitFor({ state: "hidden" });

    await row.locator(".ant-switch").click();
    await page.getByText("停止定时任务成功").waitFor();
    await expect.poll(() => row.locator(".ant-switch").getAttribute("aria-checked")).toBe("false");
    await page.waitForTimeout(1000); // a run claimed just before the stop may still finish
    await row.getByText("运行记录").click();
    await drawer.waitFor();
    await expect.poll(runsTotal, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    const held = await runsTotal();
    await page.waitForTimeout(5000); // more than two periods of 2 s, the drawer refreshing every 2 s
    await drawer.getByRole("button", { name: /刷\s*新/ }).click();
    await page.waitForTimeout(500);
    expect(await runsTotal()).toBe(held);
    await page.screenshot({ path: join(ARTIFACTS, "quartz-03-stopped.png") });
    await drawer.locator(".ant-drawer-close").click();
  }, 90_000);
});

describe("logs and data log", () => {
  it("shows login and operation logs", async () => {
    await page.goto(`${baseUrl}/isystem/log`);
    await page.locator("tr.ant-table-row", { hasText: "用户名: admin,登录成功！" }).first().waitFor();
    await page.getByRole("tab", { name: "操作日志" }).click();
    const add = page.locator("tr.ant-table-row", { hasText: "/sys/quartzJob/add" }).first();
    await add.waitFor();
    await add.locator(".ant-table-row-expand-icon").click();
    await page.getByText(JOB_CLASS).first().waitFor();
    await page.screenshot({ path: join(ARTIFACTS, "log-01-operations.png") });
    await page.getByLabel("搜索日志").fill("quartzJob/pause");
    await page.getByRole("button", { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator(".ant-tabs-tabpane-active tr.ant-table-row").count()).toBe(1);
  }, 60_000);

  it("compares two versions of a role side by side with the differences highlighted", async () => {
    const code = `e2e_dl_${Date.now() % 100000}`;
    expect((await api("POST", "/sys/role/add", { roleName: "数据日志演示", roleCode: code, description: "修改前的描述" })).success).toBe(true);
    const role = (await api("GET", `/sys/role/list?roleCode=${code}`)).result.records[0];
    expect((await api("PUT", "/sys/role/edit", { id: role.id, roleName: "数据日志演示（改）", roleCode: code, description: "修改后的描述" })).success).toBe(true);

    await page.goto(`${baseUrl}/sys/dataLog-list`);
    await page.getByLabel("数据编号").fill(role.id);
    await page.getByRole("button", { name: /查\s*询/ }).click();
    const rows = page.locator("tr.ant-table-row", { hasText: role.id });
    await expect.poll(() => rows.count()).toBe(2);
    await rows.nth(0).locator(".ant-checkbox-input").check();
    await rows.nth(1).locator(".ant-checkbox-input").check();
    await page.getByRole("button", { name: "数据比较" }).click();
    const modal = page.locator(".ant-modal").filter({ hasText: "数据比较" });
    await modal.waitFor();
    const changed = modal.locator('tr[data-changed="true"]');
    await expect.poll(async () => (await changed.allInnerTexts()).join("\n")).toContain("修改后的描述");
    const texts = (await changed.allInnerTexts()).join("\n");
    expect(texts).toContain("role_name");
    expect(texts).toContain("修改前的描述");
    expect(texts).not.toContain("role_code");
    await page.waitForTimeout(400); // the dialog's opening animation
    await page.screenshot({ path: join(ARTIFACTS, "datalog-01-compare.png") });
  }, 60_000);
});
