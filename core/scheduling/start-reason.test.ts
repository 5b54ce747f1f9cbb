import { describe, expect, it } from "vitest";
import type { DrivenBy } from "./schedule-explanation";
import { constraintWords, lagWords, lateWords, scheduleWarning, startReason } from "./start-reason";

const scheduled = (start: string, drivenBy: DrivenBy, totalFloat = 0) => ({
  start,
  totalFloat,
  drivenBy,
});

const foundation = {
  id: 1,
  name: "Pour foundation",
  schedule: scheduled("2026-03-02", { kind: "projectStart" }),
};
const walls = {
  id: 2,
  name: "Frame walls",
  schedule: scheduled("2026-03-04", { kind: "dependency", dependencyId: 10 }),
};
const tasks = [foundation, walls];

describe("startReason", () => {
  it("names the link a task waits for: the prerequisite, the link type in words and the lag", () => {
    const link = { id: 10, sourceTaskId: 1 };
    expect(startReason(walls, tasks, [{ ...link, type: "FS", lag: 2 }], 2026)).toBe(
      "Starts Mar 4 because it waits for Pour foundation, finish to start + 2 days.",
    );
    expect(startReason(walls, tasks, [{ ...link, type: "SS", lag: -1 }], 2026)).toBe(
      "Starts Mar 4 because it waits for Pour foundation, start to start \u2212 1 day.",
    );
    expect(startReason(walls, tasks, [{ ...link, type: "FF", lag: 0 }], 2026)).toBe(
      "Starts Mar 4 because it waits for Pour foundation, finish to finish.",
    );
    // A link the page does not hold (yet) is still a prerequisite.
    expect(startReason(walls, tasks, [], 2026)).toBe("Starts Mar 4 because it waits for a prerequisite.");
  });

  it("says the project's start, with the year only outside this one", () => {
    expect(startReason(foundation, tasks, [], 2026)).toBe("Starts Mar 2, the project's start.");
    expect(startReason(foundation, tasks, [], 2027)).toBe("Starts Mar 2, 2026, the project's start.");
  });

  it("names the constraint that holds it, as late as possible, or its summary's", () => {
    const held = { kind: "constraint" } as const;
    const snet = {
      id: 3,
      name: "Inspect",
      constraintType: "SNET" as const,
      constraintDate: "2026-03-09",
      schedule: scheduled("2026-03-09", held),
    };
    expect(startReason(snet, tasks, [], 2026)).toBe(
      "Starts Mar 9: its constraint, Start no earlier than Mar 9.",
    );
    const alap = { ...snet, constraintType: "ALAP" as const, constraintDate: null };
    expect(startReason(alap, tasks, [], 2026)).toBe("Starts Mar 9: as late as possible.");
    const phase = { id: 4, name: "Fit out", constraintType: "SNET" as const, constraintDate: "2026-03-09" };
    const under = {
      id: 5,
      name: "Paint",
      parentId: 4,
      constraintType: "ASAP" as const,
      schedule: snet.schedule,
    };
    expect(startReason(under, [phase, under], [], 2026)).toBe(
      "Starts Mar 9: its summary Fit out's constraint, Start no earlier than Mar 9.",
    );
  });

  it("says a manual task stands on its own dates, and nothing of a task not scheduled", () => {
    const manual = { id: 6, name: "Order", schedule: scheduled("2026-03-05", { kind: "manual" }) };
    expect(startReason(manual, tasks, [], 2026)).toBe("Stands on its own dates (manual).");
    expect(startReason({ id: 7, name: "Idea", schedule: null }, tasks, [], 2026)).toBeNull();
  });
});

describe("the words of lags, constraints and lateness", () => {
  it("reads them", () => {
    expect(lagWords(0)).toBe("");
    expect(lagWords(1)).toBe("+ 1 day");
    expect(constraintWords("MFO", "2027-01-04", 2026)).toBe("Must finish on Jan 4, 2027");
    expect(constraintWords("ASAP", null, 2026)).toBe("As soon as possible");
    expect(lateWords(-3)).toBe("3 working days late");
    expect(lateWords(-1)).toBe("1 working day late");
    expect(lateWords(0)).toBeNull();
  });

  it("warns of a conflict with its reason and lateness, and of negative float alone", () => {
    const reason = "Finishes Mar 12, after its deadline, Mar 9, 2026.";
    expect(
      scheduleWarning({ start: "2026-03-02", totalFloat: -3, conflict: true, conflictReason: reason }),
    ).toEqual({ reason, late: "3 working days late" });
    expect(
      scheduleWarning({ start: "2026-03-02", totalFloat: -2, conflict: false, conflictReason: null }),
    ).toEqual({
      reason: null,
      late: "2 working days late",
    });
    expect(scheduleWarning({ start: "2026-03-02", totalFloat: 4, conflict: false })).toBeNull();
  });
});
