import type { ProjectAsOfDto } from "@core/schemas/as-of";
import { describe, expect, it } from "vitest";
import { asOfPlan, baselinePlan, parseComparedChoice, storedComparedChoice } from "./compared-plan";

describe("the compared choice as stored", () => {
  it("reads a baseline, a past day, a day not picked yet, and an older plain baseline id", () => {
    expect(parseComparedChoice("baseline:7")).toEqual({ kind: "baseline", id: 7 });
    expect(parseComparedChoice("7")).toEqual({ kind: "baseline", id: 7 });
    expect(parseComparedChoice("date:2026-03-03")).toEqual({ kind: "date", day: "2026-03-03" });
    expect(parseComparedChoice("date:")).toEqual({ kind: "date", day: null });
  });

  it("reads anything else as nothing compared", () => {
    for (const stored of [null, "", "baseline:", "x", "1.5", "-2", "date:2026-02-30", "date:tomorrow"])
      expect(parseComparedChoice(stored)).toBeNull();
  });

  it("stores what it reads back", () => {
    for (const choice of [
      { kind: "baseline", id: 7 },
      { kind: "date", day: "2026-03-03" },
      { kind: "date", day: null },
    ] as const)
      expect(parseComparedChoice(storedComparedChoice(choice))).toEqual(choice);
  });
});

describe("a compared plan", () => {
  it("of a baseline holds its rows by task id under its name", () => {
    const plan = baselinePlan({
      id: 7,
      name: "Agreed",
      savedAt: "2026-03-01T09:00:00.000Z",
      savedBy: null,
      finish: "2026-03-04",
      tasks: [{ taskId: 4, start: "2026-03-02", finish: "2026-03-04", duration: 3 }],
    });
    expect(plan.key).toBe("baseline:7");
    expect(plan.name).toBe("Agreed");
    expect(plan.tasks.get(4)).toMatchObject({ start: "2026-03-02", finish: "2026-03-04" });
  });

  it("of a past day holds each task's scheduled dates then, under the day in words", () => {
    const answer = {
      tasks: [
        { id: 4, schedule: { start: "2026-03-02", finish: "2026-03-04" } },
        { id: 5, schedule: null },
      ],
    } as unknown as ProjectAsOfDto;
    const plan = asOfPlan("2026-03-03", answer);
    expect(plan.key).toBe("date:2026-03-03");
    expect(plan.name).toBe("Mar 3, 2026");
    expect(plan.tasks.get(4)).toEqual({ start: "2026-03-02", finish: "2026-03-04" });
    expect(plan.tasks.get(5)).toEqual({ start: null, finish: null });
    expect(plan.tasks.has(6)).toBe(false);
  });
});
