import { describe, expect, it } from "vitest";
import type { ActivityAction } from "../schemas/activity";
import { plainWords } from "./describe";

// A write with no words of its own yet still reads as a sentence in the history.
describe("plainWords", () => {
  const words = (action: string, subject: string | null) =>
    plainWords({ action: action as ActivityAction, subject });

  it("says the verb and the thing, with its name", () => {
    expect(words("baseline.deleted", "Q3 plan")).toBe("deleted baseline “Q3 plan”");
    expect(words("baseline.created", null)).toBe("created a baseline");
  });

  it("says 'changed' for an update and names one of several things", () => {
    expect(words("webhooks.updated", "CI")).toBe("changed webhook “CI”");
  });
});
