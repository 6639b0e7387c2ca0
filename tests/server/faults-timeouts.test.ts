/**
 * Slow clients are cut off (issue 7, item 15, the timeout part): headers trickling in a byte at a time and a
 * chunked body that never ends both lose their connection once HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS
 * pass. Real sockets on loopback, with small configured timeouts so the test takes seconds.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.js";
import { httpServerOptions } from "../../server/lib/http-options.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

const HEADERS_MS = 1_000;
const REQUEST_MS = 2_000;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ HEADERS_TIMEOUT_MS: String(HEADERS_MS), REQUEST_TIMEOUT_MS: String(REQUEST_MS), CONNECTION_TIMEOUT_MS: "3000" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t?.close());

/** Opens a socket, feeds it with `feed` every `everyMs`, and resolves when the server ends it. */
function trickle(first: string, feed: string, everyMs: number, limitMs: number): Promise<{ closedAfterMs: number | null; received: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let received = "";
    let timer: NodeJS.Timeout;
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(first);
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(feed);
      }, everyMs);
    });
    socket.on("data", (d) => (received += d));
    socket.on("error", () => {});
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(limit);
      socket.destroy();
      resolve({ closedAfterMs, received });
    };
    socket.on("close", () => finish(Date.now() - started));
    const limit = setTimeout(() => finish(null), limitMs);
  });
}

describe("slow clients", () => {
  it("cuts off request headers sent one byte at a time", async () => {
    const { closedAfterMs, received } = await trickle(`GET ${API}/actuator/health/liveness HTTP/1.1\r\nHost: x\r\nX-Slow: `, "a", 200, 8_000);
    expect(closedAfterMs, "still open").not.toBeNull();
    expect(closedAfterMs!).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    expect(closedAfterMs!).toBeLessThan(HEADERS_MS + 1_500);
    expect(received).not.toContain("200 OK");
  });

  it("cuts off a chunked body that never ends", async () => {
    const head = `POST ${API}/sys/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{\r\n`;
    const { closedAfterMs, received } = await trickle(head, "1\r\n \r\n", 200, 8_000);
    expect(closedAfterMs, "still open").not.toBeNull();
    expect(closedAfterMs!).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(closedAfterMs!).toBeLessThan(REQUEST_MS + 1_500);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it("still serves a normal request", async () => {
    const res = await fetch(`http://127.0.0.1:${port}${API}/actuator/health/liveness`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "UP" });
  });
});

describe("defaults", () => {
  it("cut slow clients off well before 65 s, and keep the header limit within the request limit", () => {
    const opts = httpServerOptions(loadConfig({}));
    expect(opts.http.headersTimeout).toBe(30_000);
    expect(opts.requestTimeout).toBe(60_000);
    expect(opts.http.connectionsCheckingInterval).toBeLessThanOrEqual(5_000);
    expect(httpServerOptions({ requestTimeoutMs: 10_000, headersTimeoutMs: 30_000, connectionTimeoutMs: 0 }).http.headersTimeout).toBe(10_000);
  });
});
