import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "web/src") } },
  test: {
    include: ["server/**/*.test.ts", "contract/**/*.test.ts", "web/src/**/*.test.{ts,tsx}", "bench/**/*.test.ts", "e2e/**/*.e2e.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    // Browser tests start their own servers and Chromium: run those files one at a time.
    sequence: { groupOrder: 0 },
  },
});
