import { defineConfig } from "vitest/config";

export default defineConfig({
  // The import aliases (@/ for client, @core/ for core) are set once, in tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    // Two projects: everything in Node, and the component tests (*.dom.test.tsx) in jsdom, each
    // file isolated (a DOM is global state).
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: [
            "core/**/*.test.ts",
            "server/**/*.test.ts",
            "client/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
          ],
          exclude: ["client/**/*.dom.test.tsx", "**/node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          include: ["client/**/*.dom.test.tsx"],
          environment: "jsdom",
          isolate: true,
        },
      },
    ],
    // One embedded database per test file; two files at a time (Vitest's default on two cores is
    // one), as much of a test's time is spent waiting (child processes, timers, sockets).
    maxWorkers: 2,
    // The files of a worker share their imports (Fastify, Drizzle, zod, the app's modules) instead
    // of loading them again per file, which halved the run. Each file still builds its own app and
    // database, and no test mocks a module or leaves a global changed (fake timers and stubbed
    // globals are put back after each test).
    isolate: false,
    // Migrates one embedded database per run; each file's database starts from its copy.
    globalSetup: ["server/test/pglite-image.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
