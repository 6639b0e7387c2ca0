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
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
