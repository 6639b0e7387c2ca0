/**
 * The answer review journey in Chromium (issue 9): an activity with a photo task and a text task, two players
 * who each submitted both (through the test-only stand-in for the mini-program, `POST /test/bbh/playerAnswers`);
 * on 答案审核 the reviewer selects both answers of one player and approves them in one batch, sees them 审核通过
 * and the player's total on 玩家活动 become 30, opens the other player's photo answer in the review drawer
 * (picture previewed) and rejects it with a preset reason; the player detail shows the attempts and the ledger.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";
import { chromiumOptions, signInAs } from "./chromium";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const adminPassword = inject("adminPassword");
const API = `${baseUrl}/jeecg-boot`;
const artifacts = resolve(import.meta.dirname, "artifacts");
const TAG = Date.now() % 100000;
const NAME = `审核演练（E2E${TAG}）`;
const A = `审核甲${TAG}`;
const B = `审核乙${TAG}`;

let profileDir: string;
let context: BrowserContext;
let token: string;

const call = async <T>(method: string, path: string, body?: object): Promise<{ success: boolean; message: string; result: T }> => {
  const res = await fetch(`${API}${path}`, { method, headers: { "X-Access-Token": token, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  return res.json();
};
const fmt = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};
const at = (days: number) => fmt(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  profileDir = mkdtempSync(join(tmpdir(), "redmark-chromium-"));
  context = await chromium.launchPersistentContext(profileDir, chromiumOptions());
  const res = await fetch(`${API}/sys/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password: adminPassword }) });
  token = (await res.json()).result.token;
  // The activity, its two manually reviewed tasks and a window, through the API.
  expect((await call("POST", "/bbh/api/activity/main/add", { activityName: NAME, activityType: 1, coverImage: "/demo/activity/demo-act-02_cover.jpg", startTime: at(-5), endTime: at(30) })).success).toBe(true);
  const list = await call<{ records: Array<{ id: string }> }>("GET", `/bbh/api/activity/main/list?activityName=${encodeURIComponent(NAME)}&activityType=1`);
  const activityId = list.result.records[0].id;
  await call("POST", "/bbh/api/activity/task/add", { activityId, taskName: "纪念馆拍照", taskType: 4, score: 20 });
  await call("POST", "/bbh/api/activity/task/add", { activityId, taskName: "学习感想", taskType: 5, score: 10 });
  await call("POST", "/bbh/api/activity/time/add", { activityId, timeName: "第一期", startTime: at(-1), endTime: at(20) });
  expect((await call("PUT", "/bbh/api/activity/main/updatePublish", { id: activityId, publishStatus: 1 })).message).toBe("发布成功");
  for (const nickname of [A, B]) {
    const made = await call<{ answerIds: string[] }>("POST", "/test/bbh/playerAnswers", { activityId, nickname });
    expect(made.result.answerIds).toHaveLength(2);
  }
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true, animations: "disabled" });
const notice = (page: Page, text: string | RegExp) => page.locator(".ant-message-notice").filter({ hasText: text }).first().waitFor();

async function pickOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.locator(".ant-form-item").filter({ hasText: label }).locator(".ant-select-selector").first().click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: new RegExp(`^${option}$`) }).click();
}

describe("bbh answer review journey", () => {
  it("batch-approves one player's answers, shows the new total, and rejects another answer with a reason", async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signInAs(page, baseUrl, "admin", adminPassword);

    await page.goto(`${baseUrl}/bbh/player/answer`);
    const card = page.locator(".ant-card").filter({ hasText: "答案审核" }).first();
    await pickOption(page, card, "活动", NAME);
    await card.getByRole("button", { name: /查\s*询/ }).click();
    const rows = card.locator(".ant-table-tbody .ant-table-row");
    await expect.poll(() => rows.count()).toBe(4);
    await card.getByText("共 4 条").waitFor();
    // pending only by default: both players' two answers, with the photo previewed in the row
    await expect.poll(() => rows.filter({ has: page.locator("img[alt='作答照片']") }).count()).toBe(2);

    // Select both answers of player A, approve them in one batch.
    const ofA = rows.filter({ hasText: A });
    for (let i = 0; i < 2; i++) await ofA.nth(i).locator(".ant-checkbox-input").check();
    await card.getByText("已选 2 条").waitFor();
    await shot(page, "bbh-review-selected");
    await card.getByRole("button", { name: "批量通过" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: /确\s*定/ }).click();
    await notice(page, "已通过 2 条答案");
    await expect.poll(() => rows.count()).toBe(2); // the pending list keeps player B's two

    // 审核通过 shows them with their scores.
    await pickOption(page, card, "审核状态", "审核通过");
    await card.getByRole("button", { name: /查\s*询/ }).click();
    await expect.poll(() => rows.filter({ hasText: A }).count()).toBe(2);
    expect(await rows.filter({ hasText: A }).filter({ hasText: "20 / 20" }).count()).toBe(1);
    expect(await rows.filter({ hasText: A }).filter({ hasText: "10 / 10" }).count()).toBe(1);
    await shot(page, "bbh-review-approved");

    // Player A's total on 玩家活动.
    await page.goto(`${baseUrl}/bbh/player/userActivity`);
    const ua = page.locator(".ant-card").filter({ hasText: "玩家活动" }).first();
    await ua.getByPlaceholder("请输入玩家").fill(A);
    await ua.getByRole("button", { name: /查\s*询/ }).click();
    const rowA = ua.locator(".ant-table-tbody .ant-table-row").filter({ hasText: A });
    await rowA.filter({ hasText: "已完成" }).waitFor();
    const cells = await rowA.locator("td").allTextContents();
    expect(cells).toContain("30");
    expect(cells).toContain("2 / 2");
    await shot(page, "bbh-review-player-total");
    // Its detail: both tasks done, the ledger adds up.
    await rowA.getByText("详情").click();
    await page.getByText("任务进度（2）").waitFor();
    await page.getByRole("tab", { name: /积分流水/ }).click();
    await page.getByText("流水合计 30 分，与总分一致").waitFor();
    await shot(page, "bbh-review-player-detail");

    // Player B's photo answer: open it in the review drawer, see the picture, reject with a preset reason.
    await page.goto(`${baseUrl}/bbh/player/answer`);
    const card2 = page.locator(".ant-card").filter({ hasText: "答案审核" }).first();
    await pickOption(page, card2, "活动", NAME);
    await card2.getByRole("button", { name: /查\s*询/ }).click();
    const photoB = card2.locator(".ant-table-tbody .ant-table-row").filter({ hasText: B }).filter({ hasText: "纪念馆拍照" });
    await photoB.getByText("审核", { exact: true }).click();
    const drawer = page.locator(".ant-drawer-content").filter({ hasText: "审核答案" });
    await drawer.getByText("作答内容").waitFor();
    await expect.poll(() => drawer.locator("img[alt='作答照片']").evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBeGreaterThan(0);
    await shot(page, "bbh-review-drawer");
    await drawer.getByRole("button", { name: /^驳\s*回$/ }).click();
    const modal = page.locator(".ant-modal-content").filter({ hasText: "驳回答案" });
    await modal.getByRole("button", { name: /确定驳回/ }).click();
    await modal.getByText("驳回时请填写驳回原因").waitFor(); // a reason is required
    await modal.getByText("内容与任务不符").click();
    await modal.getByRole("button", { name: /确定驳回/ }).click();
    await notice(page, "已驳回 1 条答案");
    await pickOption(page, card2, "审核状态", "审核驳回");
    await card2.getByRole("button", { name: /查\s*询/ }).click();
    await card2.locator(".ant-table-tbody .ant-table-row").filter({ hasText: B }).filter({ hasText: "审核驳回" }).waitFor();
    await shot(page, "bbh-review-rejected");
    const rejected = await call<{ records: Array<{ auditRemark: string; auditStatus: number }> }>("GET", `/bbh/api/userTaskAnswer/list?auditStatus=2&taskType=4&pageSize=50`);
    expect(rejected.result.records.some((r) => r.auditRemark === "内容与任务不符")).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
