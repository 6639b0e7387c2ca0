import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, createTestApp, type TestApp } from "./helpers.js";

let off: TestApp;
let on: TestApp;
beforeAll(async () => {
  off = await createTestApp();
  on = await createTestApp({ ENABLE_TEST_ROUTES: "true" });
});
afterAll(async () => {
  await off.close();
  await on.close();
});

describe("test-only routes", () => {
  it("do not exist unless ENABLE_TEST_ROUTES=true", async () => {
    const res = await off.app.inject({ method: "GET", url: `${API}/test/httpStatus/403` });
    expect(res.statusCode).toBe(404);
    expect((await off.app.inject({ method: "GET", url: `${API}/test/slow?ms=1` })).statusCode).toBe(404);
  });

  it("answer /test/slow after the requested time, and refuse more than 5 s", async () => {
    const started = Date.now();
    const res = await on.app.inject({ method: "GET", url: `${API}/test/slow?ms=200` });
    expect(res.json()).toMatchObject({ success: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    expect((await on.app.inject({ method: "GET", url: `${API}/test/slow?ms=60000` })).statusCode).toBe(400);
  });

  it("answer the requested status with an envelope when enabled", async () => {
    const res = await on.app.inject({ method: "GET", url: `${API}/test/httpStatus/504?message=${encodeURIComponent("网关超时")}` });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ success: false, code: 504, message: "网关超时" });
    expect((await on.app.inject({ method: "GET", url: `${API}/test/httpStatus/200` })).statusCode).toBe(400);
  });
});
