/**
 * Captcha characters (issue 13, item 7): a code never holds characters a reader confuses — l, t, i, I, 1, 0,
 * O — and of each look-alike pair (o/0, 2/Z, 5/S, 8/B, 6/G, u/v) at most one side is used. The codes are read
 * where the login check reads them: the KvStore entry the image request stores (lower-cased there).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_CAPTCHA: "true" });
});
afterAll(() => t.close());

/** Generates `n` captchas through the endpoint; the per-IP limit (60 a minute) is met by varying the client address. */
async function generatedCodes(n: number): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < n; i++) {
    const key = `k${i}`;
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/randomImage/${key}`, remoteAddress: `127.0.${Math.floor(i / 50)}.${(i % 50) + 1}` });
    expect(res.statusCode).toBe(200);
    const code = await t.ctx.kv.get(`captcha:${key}`);
    expect(code).not.toBeNull();
    codes.push(code!);
  }
  return codes;
}

describe("captcha characters", () => {
  let codes: string[];
  beforeAll(async () => {
    codes = await generatedCodes(600);
  }, 60_000);

  it("keeps the length of four", () => {
    for (const code of codes) expect(code).toHaveLength(4);
    expect(new Set(codes).size).toBeGreaterThan(500);
  });

  it("never uses l, t, i, I, 1, 0 or O, nor the letter o", () => {
    // Stored lower-case, so a code holding I, L, T or O would show here as i, l, t or o.
    const excluded = ["l", "t", "i", "1", "0", "o"];
    const offending = codes.filter((code) => excluded.some((c) => code.includes(c)));
    expect(offending).toEqual([]);
  });

  it("uses at most one side of each look-alike pair", () => {
    const used = new Set(codes.join(""));
    for (const [a, b] of [["o", "0"], ["2", "z"], ["5", "s"], ["8", "b"], ["6", "g"], ["u", "v"], ["q", "9"]]) {
      expect(used.has(a) && used.has(b), `${a} and ${b} both used`).toBe(false);
    }
    // Only letters and digits, and a set large enough to be worth guessing against.
    expect([...used].every((c) => /^[a-z0-9]$/.test(c))).toBe(true);
    expect(used.size).toBeGreaterThanOrEqual(20);
  });

  it("still accepts the code case-insensitively at sign-in", async () => {
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/randomImage/signin1`, remoteAddress: "127.9.9.9" });
    expect(res.statusCode).toBe(200);
    const code = (await t.ctx.kv.get("captcha:signin1"))!;
    const login = await t.app.inject({
      method: "POST",
      url: `${API}/sys/login`,
      payload: { username: "admin", password: ADMIN_PASSWORD, captcha: code.toUpperCase(), checkKey: "signin1" },
    });
    expect(login.json().code).toBe(200);
  });
});
