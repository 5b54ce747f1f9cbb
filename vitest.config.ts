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
    // One embedded database per test file; two files at a time (Vitest's default on two cores is
    // one), as much of a test's time is spent waiting (child processes, timers, sockets).
    maxWorkers: 2,
    // Migrates one embedded database per run; each file's database starts from its copy.
    globalSetup: ["server/test/pglite-image.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
