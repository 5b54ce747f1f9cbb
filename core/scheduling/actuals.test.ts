import { describe, expect, it } from "vitest";
import { WorkingCalendar } from "./calendar";
import { CONFLICT, DRIVER } from "./constraints";
import { type EngineTask, scheduleTasks } from "./engine";
import { lateTasks } from "./status-date";

const auto = (id: number, duration: number, extra: Partial<EngineTask> = {}): EngineTask => ({
  id,
  duration,
  mode: "auto",
  notBefore: null,
  manualStart: null,
  manualFinish: null,
  ...extra,
});
const link = (sourceTaskId: number, targetTaskId: number) => ({
  sourceTaskId,
  targetTaskId,
  type: "FS" as const,
  lag: 0,
});

describe("actual dates in the engine", () => {
  it("starts a task on its actual start whatever its links say, with no conflict, driven by it", () => {
    // 1 (3 days) -> 2 (2 days); 2 began on day 1, before 1 finished.
    const result = scheduleTasks([auto(1, 3), auto(2, 2, { actualStart: 1 })], [link(1, 2)]);
    const slot = result.slotOf(2);
    expect([result.earlyStart[slot], result.earlyFinish[slot]]).toEqual([1, 3]);
    expect(result.conflict[slot]).toBe(CONFLICT.none);
    expect(result.driver[slot]).toBe(DRIVER.actual);
  });

  it("ends it on its actual finish, and its dependents follow from there", () => {
    const result = scheduleTasks([auto(1, 3, { actualStart: 2, actualFinish: 7 }), auto(2, 2)], [link(1, 2)]);
    expect([result.earlyStart[result.slotOf(1)], result.earlyFinish[result.slotOf(1)]]).toEqual([2, 7]);
    expect(result.earlyStart[result.slotOf(2)]).toBe(7);
    expect(result.driver[result.slotOf(2)]).toBe(DRIVER.dependency);
  });

  it("wins over a must-start-on and an as-late-as-possible", () => {
    const result = scheduleTasks(
      [
        auto(1, 2, { constraint: { type: "MSO", day: 5 }, actualStart: 1 }),
        auto(2, 1, { constraint: { type: "ALAP", day: null }, actualStart: 0 }),
        auto(3, 9),
      ],
      [],
    );
    expect(result.earlyStart[result.slotOf(1)]).toBe(1);
    expect(result.earlyStart[result.slotOf(2)]).toBe(0);
  });
});

describe("lateTasks", () => {
  const calendar = new WorkingCalendar({
    startDate: "2026-03-02",
    workingDays: [1, 2, 3, 4, 5],
    holidays: [],
  });
  it("is late when planned progress at the end of the status day is more than done; a summary with it", () => {
    // 1: days 0..2 (Mon..Wed); 2: a milestone at the end of Tuesday; 3 under summary 4, days 3..4.
    const tasks = [
      { id: 1, percentComplete: 60 },
      { id: 2, percentComplete: 0 },
      { id: 3, parentId: 4, percentComplete: 0 },
      { id: 4, percentComplete: 0 },
    ];
    const result = scheduleTasks(
      [
        auto(1, 3),
        auto(2, 0, { notBefore: 2 }),
        auto(3, 2, { notBefore: 3, parentId: 4 }),
        { ...auto(4, 0), parentId: null },
      ],
      [],
    );
    const at = (statusDate: string) =>
      [1, 2, 3, 4].map((id) => lateTasks(result, tasks, calendar, statusDate)[result.slotOf(id)]);
    // Monday's end: 1 is a third through (33 % planned, 60 % done); the milestone not yet due.
    expect(at("2026-03-02")).toEqual([0, 0, 0, 0]);
    // Tuesday's end: 1 planned 66 %, done 60 %: behind; the milestone (end of Tuesday) due.
    expect(at("2026-03-03")).toEqual([1, 1, 0, 0]);
    // Thursday's end: 3 half way and not begun: behind, and so its summary.
    expect(at("2026-03-05")).toEqual([1, 1, 1, 1]);
  });
});
