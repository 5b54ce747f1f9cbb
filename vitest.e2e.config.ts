import { defineConfig } from "vitest/config";
import { RunLastSequencer } from "./e2e/run-last-sequencer";

// Browser tests: each file starts the real app on a free port and drives Chromium against it.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["e2e/**/*.e2e.ts"],
    // Limits, not verdicts: a test that passes waits no longer for them. They are wide because two
    // files share the two cores (an axe scan of every screen at one width takes up to a minute).
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // A shared two-core machine can take seconds to load a page's chunks and data: expect.poll's
    // default of 1 s failed CI on a busy run.
    expect: { poll: { timeout: 30_000, interval: 50 } },
    // Two files at a time, each with its own app and Chromium: a browser test spends much of its
    // time waiting (for the server, for animations, for polls), so two use the cores one leaves idle.
    // No test judges a time, so sharing the cores changes no verdict.
    fileParallelism: true,
    maxWorkers: 2,
    // As in vitest.config.ts: each file's app starts from one migrated database dumped per run, and
    // the files of a worker share their imports (each still starts its own app and browser).
    globalSetup: ["server/test/pglite-image.ts"],
    isolate: false,
    sequence: { sequencer: RunLastSequencer },
  },
});
