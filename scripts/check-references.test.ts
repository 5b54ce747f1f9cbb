import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkReferences, referencesIn } from "./check-references";

describe("referencesIn", () => {
  it("refuses the shared spec's decisions file and issue numbers, and passes the repo's own docs", () => {
    const source = [
      "// Undo (decisions.md section 11): an entry is reverted.",
      "// No N+1 queries (issue 10).",
      "// See Issue #21 for why.",
      "// Undo (docs/decisions/030-history-activity-and-undo.md).",
      "// The issue of the day, with no number.",
    ].join("\n");
    expect(referencesIn("server/x.ts", source).map((reference) => reference.line)).toEqual([1, 2, 3]);
  });

  it("passes this repository", () => {
    expect(checkReferences(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});
