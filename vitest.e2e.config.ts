import { defineConfig } from "vitest/config";
import { RunLastSequencer } from "./e2e/run-last-sequencer";

// Browser tests: each file starts the real app on a free port and drives Chromium against it.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["e2e/**/*.e2e.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // A shared two-core machine can take over a second to load a page's chunks and data:
    // expect.poll's default of 1 s failed CI on a busy run.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    // Two cores: one Chromium at a time keeps the timings honest.
    fileParallelism: false,
    sequence: { sequencer: RunLastSequencer },
  },
});
