import { defineConfig } from "vitest/config";
import { RunLastSequencer } from "./e2e/run-last-sequencer";

// Browser tests: each file starts the real app on a free port and drives Chromium against it.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Two cores: one Chromium at a time keeps the timings honest.
    fileParallelism: false,
    sequence: { sequencer: RunLastSequencer },
  },
});
