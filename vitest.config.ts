import { defineConfig } from "vitest/config";

export default defineConfig({
  // The import aliases (@/ for client, @core/ for core) are set once, in tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "core/**/*.test.ts",
      "server/**/*.test.ts",
      "client/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
    ],
    // One embedded database per test file; files run in parallel on the two cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
