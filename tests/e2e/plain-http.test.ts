/**
 * The console opened from another machine over plain HTTP (issue 7, items 1 and 3), the usual intranet
 * deployment. Regression: helmet's default CSP carried `upgrade-insecure-requests`, so Chromium fetched
 * every script of `http://10.x.x.x:8080/` over https, got `ERR_SSL_PROTOCOL_ERROR` and showed a blank page.
 * Chromium treats loopback as potentially trustworthy and does not upgrade it, so the journey has to go
 * through a non-loopback address: a veth pair into a network namespace of our own, with the server on the
 * host side and Chromium inside. The server runs with `LOGIN_CAPTCHA=false`, so the login form has no
 * captcha field.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { chromiumOptions } from "./chromium";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServerIfStale } from "../../scripts/build-server.mjs";
import { freePort } from "../server/process-helpers.js";
import { waitUntilUp } from "./global-setup";

const root = resolve(import.meta.dirname, "../..");
const artifacts = resolve(import.meta.dirname, "artifacts/plain-http");
const ADMIN_PASSWORD = "Admin@plain-http-1";
/** Network namespaces of this test are named `rmph-<pid>-<random>`, so a leftover of a killed run is recognised. */
const NS_PREFIX = "rmph-";

const ip = (...args: string[]) => execFileSync("ip", args, { stdio: ["ignore", "pipe", "pipe"] }).toString();
const tryIp = (...args: string[]) => {
  try {
    ip(...args);
  } catch {
    // already gone
  }
};

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes namespaces left behind by runs of this test whose process no longer exists. */
function removeStaleNamespaces() {
  for (const line of ip("netns", "list").split("\n")) {
    const name = line.split(" ")[0];
    const pid = Number(name.startsWith(NS_PREFIX) ? name.split("-")[1] : NaN);
    if (Number.isInteger(pid) && !processAlive(pid)) tryIp("netns", "del", name);
  }
}

/** A /30 in 10.231.0.0/16 that no interface of this machine uses yet. */
function freeSubnet(): { host: string; guest: string } {
  const used = ip("-4", "-o", "addr", "show");
  for (let attempt = 0; attempt < 50; attempt++) {
    const third = randomBytes(1)[0];
    const base = randomBytes(1)[0] & 0xfc;
    const host = `10.231.${third}.${base + 1}`;
    const guest = `10.231.${third}.${base + 2}`;
    if (!used.includes(`10.231.${third}.${base + 1}/`) && !used.includes(`10.231.${third}.${base + 2}/`)) return { host, guest };
  }
  throw new Error("no free 10.231.x.y/30 subnet");
}

const tag = randomBytes(3).toString("hex");
const ns = `${NS_PREFIX}${process.pid}-${tag}`;
const hostLink = `rmph${tag}h`;
const guestLink = `rmph${tag}g`;
let namespaceCreated = false;
let baseUrl = "";
let server: ChildProcess | undefined;
let workDir: string | undefined;
let context: BrowserContext | undefined;

async function setUp() {
  removeStaleNamespaces();
  const { host, guest } = freeSubnet();
  ip("netns", "add", ns);
  namespaceCreated = true;
  ip("link", "add", hostLink, "type", "veth", "peer", "name", guestLink);
  ip("link", "set", guestLink, "netns", ns);
  ip("addr", "add", `${host}/30`, "dev", hostLink);
  ip("link", "set", hostLink, "up");
  ip("netns", "exec", ns, "ip", "addr", "add", `${guest}/30`, "dev", guestLink);
  ip("netns", "exec", ns, "ip", "link", "set", guestLink, "up");
  ip("netns", "exec", ns, "ip", "link", "set", "lo", "up");

  workDir = mkdtempSync(join(tmpdir(), "redmark-plain-http-"));
  const dataDir = join(workDir, "data");
  mkdirSync(dataDir);
  const port = await freePort();
  // Started like tests/e2e/global-setup.ts starts its server (compiled, plain node), but listening on the host
  // side of the veth only.
  const main = await buildServerIfStale();
  server = spawn(process.execPath, ["--enable-source-maps", main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: host,
      DATA_DIR: dataDir,
      LOGIN_CAPTCHA: "false",
      ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      HTTPS: "",
      TRUST_PROXY: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  baseUrl = `http://${host}:${port}`;
  await waitUntilUp(`${baseUrl}/jeecg-boot/sys/randomImage/1`, server, 120_000);

  // Playwright drives Chromium over a pipe, so Chromium can run inside the namespace through a wrapper.
  const wrapper = join(workDir, "chromium-in-netns.sh");
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${ns} /usr/bin/chromium "$@"\n`);
  chmodSync(wrapper, 0o755);
  context = await chromium.launchPersistentContext(join(workDir, "profile"), chromiumOptions({ executablePath: wrapper, viewport: { width: 1366, height: 800 } }));
}

async function tearDown() {
  await context?.close().catch(() => {});
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server!.once("exit", done));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  // Deleting the namespace destroys the veth pair; the host end is removed explicitly in case the move failed.
  if (namespaceCreated) tryIp("netns", "del", ns);
  tryIp("link", "del", hostLink);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  try {
    await setUp();
  } catch (error) {
    await tearDown();
    throw error;
  }
});

afterAll(tearDown);

const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${name}.png`), animations: "disabled" });

describe("the console over plain HTTP from another machine", () => {
  it("loads, hides the captcha that the server does not require, and signs in", async () => {
    const page = await context!.newPage();
    const failed: string[] = [];
    const requested: string[] = [];
    page.on("requestfailed", (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ""}`));
    page.on("request", (request) => requested.push(request.url()));

    const response = await page.goto(`${baseUrl}/user/login`);
    const username = page.getByPlaceholder("请输入用户名");
    await username.waitFor({ timeout: 15_000 }).catch(() => {});
    expect(failed.filter((line) => /SSL|CERT/i.test(line))).toEqual([]);
    expect(requested.filter((url) => url.startsWith("https:"))).toEqual([]);
    await username.waitFor();
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toContain("script-src 'self'");
    expect(headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(headers["strict-transport-security"]).toBeUndefined();

    // The form is ready once the server has said whether it needs a captcha.
    const submit = page.getByRole("button", { name: /登\s*录/ });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await page.getByPlaceholder("请输入验证码").count()).toBe(0);
    expect(await page.locator("img[alt='验证码']").count()).toBe(0);
    expect(requested.some((url) => url.includes("/sys/randomImage/"))).toBe(false);
    await shot(page, "01-login-without-captcha");

    const login = page.waitForRequest((request) => request.url().endsWith("/jeecg-boot/sys/login"));
    await username.fill("admin");
    await page.getByPlaceholder("请输入密码").fill(ADMIN_PASSWORD);
    await submit.click();
    const body = (await login).postDataJSON() as Record<string, unknown>;
    expect(body).not.toHaveProperty("captcha");
    expect(body).not.toHaveProperty("checkKey");

    await page.waitForURL(/\/dashboard\/analysis$/);
    await page.getByText(/(早上|上午|中午|下午|晚上)好，管理员/).waitFor();
    await page.locator(".rm-user-name").getByText("欢迎您，管理员").waitFor();
    await shot(page, "02-home");
    expect(failed.filter((line) => /SSL|CERT/i.test(line))).toEqual([]);
    expect(requested.filter((url) => url.startsWith("https:"))).toEqual([]);
    expect(new URL(page.url()).origin).toBe(baseUrl);
    await page.close();
  });
});
