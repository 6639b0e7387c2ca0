/**
 * Security headers by deployment (issue 7, item 1). Plain HTTP (the default) must carry neither HSTS nor the
 * CSP's `upgrade-insecure-requests` — with it, Chromium fetched every script of `http://10.x.x.x:8080` over
 * https and the console stayed blank. Over TLS (`HTTPS=true`, or a trusted proxy's `X-Forwarded-Proto:
 * https`) both are sent. The rest of the policy is the same in every configuration.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, createTestApp, type TestApp } from "./helpers.js";
import { tileImgSource } from "../../contract/map-tiles.js";

const HSTS = "max-age=15552000; includeSubDomains";
const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.is.autonavi.com", // the red-mark map's default tiles (MAP_TILE_URL)
  "connect-src 'self' ws: wss:",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "script-src-attr 'none'",
];

let staticDir: string;
let plain: TestApp;
let https: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-static-"));
  fs.writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>红色印记管理平台</title>");
  plain = await createTestApp({ STATIC_DIR: staticDir });
  https = await createTestApp({ STATIC_DIR: staticDir, HTTPS: "true" });
  proxied = await createTestApp({ STATIC_DIR: staticDir, TRUST_PROXY: "true" });
});

afterAll(async () => {
  await Promise.all([plain?.close(), https?.close(), proxied?.close()]);
  fs.rmSync(staticDir, { recursive: true, force: true });
});

/** The console page, an API answer and a 404: every kind of answer carries the same headers. */
const URLS = ["/user/login", `${API}/sys/loginConfig`, `${API}/no/such/route`];

async function answers(t: TestApp, headers: Record<string, string> = {}): Promise<LightMyRequestResponse[]> {
  return Promise.all(URLS.map((url) => t.app.inject({ url, headers })));
}

function directives(res: LightMyRequestResponse): string[] {
  return String(res.headers["content-security-policy"]).split(";").map((d) => d.trim());
}

function expectPlainHttp(res: LightMyRequestResponse) {
  expect(directives(res)).toEqual(expect.arrayContaining(POLICY));
  expect(directives(res)).not.toContain("upgrade-insecure-requests");
  expect(directives(res)).toHaveLength(POLICY.length);
  expect(res.headers["strict-transport-security"]).toBeUndefined();
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
}

function expectTls(res: LightMyRequestResponse) {
  expect(directives(res)).toEqual(expect.arrayContaining([...POLICY, "upgrade-insecure-requests"]));
  expect(directives(res)).toHaveLength(POLICY.length + 1);
  expect(res.headers["strict-transport-security"]).toBe(HSTS);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
}

describe("security headers", () => {
  it("by default (plain HTTP) send the CSP without upgrade-insecure-requests, and no HSTS", async () => {
    const [page, api, missing] = await answers(plain);
    expect(page.statusCode).toBe(200);
    expect(api.statusCode).toBe(200);
    expect(missing.statusCode).toBe(404);
    for (const res of [page, api, missing]) expectPlainHttp(res);
  });

  it("ignore X-Forwarded-Proto unless TRUST_PROXY=true", async () => {
    for (const res of await answers(plain, { "x-forwarded-proto": "https" })) expectPlainHttp(res);
  });

  it("with HTTPS=true send HSTS and upgrade-insecure-requests on every answer", async () => {
    for (const res of await answers(https)) expectTls(res);
  });

  it("with TRUST_PROXY=true follow each request's X-Forwarded-Proto", async () => {
    for (const res of await answers(proxied, { "x-forwarded-proto": "https" })) expectTls(res);
    for (const res of await answers(proxied, { "x-forwarded-proto": "http" })) expectPlainHttp(res);
    for (const res of await answers(proxied)) expectPlainHttp(res);
    // Behind several proxies the last hop (the one nearest to us) tells how the request arrived.
    for (const res of await answers(proxied, { "x-forwarded-proto": "http, https" })) expectTls(res);
  });
});

describe("map tiles in the CSP (MAP_TILE_URL)", () => {
  const imgSrc = (res: LightMyRequestResponse) => directives(res).find((d) => d.startsWith("img-src "));

  it("derive the img-src source from the tile template: scheme, host ({s} → *.), port", () => {
    expect(tileImgSource("https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}")).toBe("https://*.is.autonavi.com");
    expect(tileImgSource("http://Tiles.Example.lan:8081/{z}/{x}/{y}.png")).toBe("http://tiles.example.lan:8081");
    expect(tileImgSource("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://*.tile.openstreetmap.org");
    for (const none of ["", "  ", undefined, "/tiles/{z}/{x}/{y}.png", "javascript:alert(1)", "https://{s}.{t}.example.com/x", "https://a b.example.com/x", "https://*/x"]) {
      expect(tileImgSource(none)).toBeUndefined();
    }
  });

  it("allow images from the configured tile origin only, or from none when MAP_TILE_URL is empty or same-origin", async () => {
    const custom = await createTestApp({ STATIC_DIR: staticDir, MAP_TILE_URL: "http://tiles.example.lan:8081/{z}/{x}/{y}.png" });
    const empty = await createTestApp({ STATIC_DIR: staticDir, MAP_TILE_URL: "" });
    const local = await createTestApp({ STATIC_DIR: staticDir, MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" });
    try {
      for (const res of await answers(custom)) expect(imgSrc(res)).toBe("img-src 'self' data: blob: http://tiles.example.lan:8081");
      for (const t of [empty, local]) for (const res of await answers(t)) expect(imgSrc(res)).toBe("img-src 'self' data: blob:");
    } finally {
      await Promise.all([custom.close(), empty.close(), local.close()]);
    }
  });
});
