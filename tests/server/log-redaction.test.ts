/**
 * Log lines never carry a session token or a password: the JeecgBoot clients put `?token=` in iframe and
 * download URLs, and the access log used to record whole URLs.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app.js";
import { redactUrl } from "../../server/lib/redact.js";
import { API, ADMIN_PASSWORD, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let logged: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  logged = await buildApp(t.ctx, { level: "info", stream } as never);
  await logged.ready();
});
afterAll(async () => {
  await logged?.close();
  await t.close();
});

describe("log redaction", () => {
  it("masks token, password and captcha parameters and keeps the rest of the URL", () => {
    expect(redactUrl("/jeecg-boot/sys/user/list?token=eyJ.abc&pageNo=1&X-Access-Token=t2&password=p&oldpassword=o&captcha=x"))
      .toBe("/jeecg-boot/sys/user/list?token=******&pageNo=1&X-Access-Token=******&password=******&oldpassword=******&captcha=******");
    expect(redactUrl("/a?%74oken=secret")).toBe("/a?%74oken=******");
    expect(redactUrl("/plain/path")).toBe("/plain/path");
  });

  it("writes no token or password into the access log of a real request", async () => {
    const token = await t.login();
    lines.length = 0;
    const res = await logged.inject({ method: "GET", url: `${API}/sys/user/list?pageNo=1&token=${token}&pwd=${ADMIN_PASSWORD}` });
    expect(res.statusCode).toBe(200);
    const text = lines.join("");
    expect(text).toContain("/sys/user/list?pageNo=1&token=******");
    expect(text).not.toContain(token);
    expect(text).not.toContain(ADMIN_PASSWORD);
  });

  it("writes no password from a failed login into any log line", async () => {
    lines.length = 0;
    await logged.inject({ method: "POST", url: `${API}/sys/login?password=Query-Secret-1`, payload: { username: "admin", password: "Body-Secret-1" } });
    const text = lines.join("");
    expect(text).not.toContain("Query-Secret-1");
    expect(text).not.toContain("Body-Secret-1");
  });
});
