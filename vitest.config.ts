import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// Three projects: the server through app.inject on a real database, the console under jsdom,
// and end-to-end journeys in Chromium against a built console and a running server.
export default defineConfig({
  test: {
    reporters: ["default", "./tests/plain-reporter.ts"],
    projects: [
      {
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "console",
          include: ["tests/console/**/*.test.{ts,tsx}", "kit/**/*.test.{ts,tsx}", "resources/**/*.test.{ts,tsx}", "providers/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["tests/console/setup.ts"],
          server: { deps: { inline: [/@refinedev\//] } },
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          fileParallelism: false,
          // A page's state on a loaded 2-core CI machine can take seconds to settle (lazy chunks, a slow first
          // request): expect.poll's 1 s default made journeys fail at random. A poll that asserts a deadline
          // (the 1 s announcement push) sets its own timeout.
          expect: { poll: { timeout: 10_000 } },
          // One retry for a journey through a real browser on a shared machine; the plain reporter names every
          // test that needed it, so a flaky journey is reported, not hidden. Server and console tests get none.
          retry: 1,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
