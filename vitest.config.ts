import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "client") } },
  test: {
    include: ["core/**/*.test.ts", "server/**/*.test.ts", "client/**/*.test.{ts,tsx}"],
    // One embedded database per test file; files run in parallel on the two cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
