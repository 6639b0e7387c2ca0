/** The server logs readable lines at a terminal and JSON lines to anything else (issue 13, item 15). */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app.js";
import { logDestination, parseLogFormat } from "../../server/lib/log-format.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, sink };
}

async function requestLog(format: "auto" | "pretty" | "json", isTTY: boolean): Promise<string[]> {
  const { lines, sink } = capture();
  const options = await logDestination(format, isTTY, sink);
  const app: FastifyInstance = await buildApp(t.ctx, { level: "info", stream: options.stream ?? sink } as never);
  try {
    await app.inject({ method: "GET", url: `${API}/sys/randomImage/1` });
  } finally {
    await app.close();
  }
  return lines;
}

describe("log format", () => {
  it("prints readable lines, not JSON, when stdout is a terminal", async () => {
    const lines = await requestLog("auto", true);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.trimStart().startsWith("{")).toBe(false);
    expect(lines.join("\n")).toMatch(/INFO.*incoming request.*GET.*randomImage/);
  });

  it("prints one JSON object a line when stdout is not a terminal", async () => {
    const lines = await requestLog("auto", false);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(lines.map((l) => JSON.parse(l).msg)).toContain("incoming request");
  });

  it("follows LOG_FORMAT when it is set, and refuses an unknown value", async () => {
    expect((await requestLog("json", true)).every((l) => l.startsWith("{"))).toBe(true);
    expect((await requestLog("pretty", false)).some((l) => l.startsWith("{"))).toBe(false);
    expect(parseLogFormat(undefined)).toBe("auto");
    expect(() => parseLogFormat("xml")).toThrow(/LOG_FORMAT/);
  });
});
