// The message catalogue check: every catalogued text (e2e/text-catalogue.ts) was shown by some browser flow of
// this run (recorded by text-recorder.ts). It runs last (vitest.e2e.config.ts orders it) and only in a
// full run: scripts/run-e2e.mjs sets E2E_FULL_RUN when no test file was picked.
import { describe, expect, it } from "vitest";
import { CATALOGUE, showsEntry, UNREACHABLE } from "./text-catalogue";
import { readShownTexts } from "./text-recorder";

const fullRun = process.env.E2E_FULL_RUN === "1";
if (!fullRun)
  console.warn("text catalogue check skipped: it needs the whole browser suite (run-e2e.mjs without a file)");

describe.skipIf(!fullRun)("the message catalogue", () => {
  it("shows every catalogued text in some browser flow", () => {
    const shown = readShownTexts();
    expect(shown.length).toBeGreaterThan(100);
    const unseen = CATALOGUE.filter((entry) => !shown.some((text) => showsEntry(entry, text))).map(
      (entry) => `section ${entry.section}: ${String(entry.text)}`,
    );
    expect(unseen).toEqual([]);
  });

  it("gives a reason for every text it leaves out, and none of them is in the catalogue", () => {
    for (const { text, reason } of UNREACHABLE) {
      expect(reason.length).toBeGreaterThan(20);
      expect(CATALOGUE.some((entry) => typeof entry.text === "string" && entry.text === text)).toBe(false);
    }
  });
});
