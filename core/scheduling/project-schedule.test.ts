import { describe, expect, it } from "vitest";
import type { ProjectCalendar } from "./calendar";
import {
  movedTasks,
  type ScheduledDates,
  type SchedulingDependency,
  type SchedulingTask,
  scheduleProject,
} from "./project-schedule";

// Monday to Friday from Monday 2026-11-16, with Thursday 2026-11-26 off. Working days:
// 0 = 16th, 1 = 17th, 2 = 18th, 3 = 19th, 4 = 20th, 5 = 23rd, 6 = 24th, 7 = 25th, 8 = 27th, 9 = 30th.
const calendar: ProjectCalendar = {
  startDate: "2026-11-16",
  workingDays: [1, 2, 3, 4, 5],
  holidays: ["2026-11-26"],
};

const task = (
  id: number,
  duration: number | null,
  overrides: Partial<SchedulingTask> = {},
): SchedulingTask => ({
  id,
  parentId: null,
  duration,
  schedulingMode: "auto",
  startNoEarlierThan: null,
  constraintType: "ASAP",
  constraintDate: null,
  deadline: null,
  percentComplete: 0,
  actualStart: null,
  actualFinish: null,
  startDate: null,
  dueDate: null,
  ...overrides,
});

const fs = (sourceTaskId: number, targetTaskId: number, lag = 0): SchedulingDependency => ({
  sourceTaskId,
  targetTaskId,
  type: "FS",
  lag,
});

describe("scheduleProject", () => {
  it("dates each task's start, finish and late dates, across a weekend and a holiday", () => {
    // 1 (3 days) then 2 (6 days) then milestone 3; 4 (1 day) is a side branch after 1.
    const schedule = scheduleProject(
      calendar,
      [task(1, 3), task(2, 6), task(3, 0), task(4, 1)],
      [fs(1, 2), fs(2, 3), fs(1, 4)],
    );
    expect(schedule.tasks.get(1)).toEqual({
      start: "2026-11-16",
      finish: "2026-11-18",
      lateStart: "2026-11-16",
      lateFinish: "2026-11-18",
      totalFloat: 0,
      critical: true,
    });
    // Days 3..8: Thursday 19th to Friday 27th, over the weekend and the holiday.
    expect(schedule.tasks.get(2)).toMatchObject({
      start: "2026-11-19",
      finish: "2026-11-27",
      critical: true,
    });
    // The milestone falls at the end of the last day worked before it.
    expect(schedule.tasks.get(3)).toMatchObject({ start: "2026-11-27", finish: "2026-11-27", totalFloat: 0 });
    expect(schedule.tasks.get(4)).toEqual({
      start: "2026-11-19",
      finish: "2026-11-19",
      lateStart: "2026-11-27",
      lateFinish: "2026-11-27",
      totalFloat: 5,
      critical: false,
    });
    expect(schedule.finish).toBe("2026-11-27");
    expect(schedule.result.finish).toBe(9);
  });

  it("dates a milestone at boundary 0 on day 0", () => {
    const schedule = scheduleProject(calendar, [task(1, 0)], []);
    expect(schedule.tasks.get(1)).toEqual({
      start: "2026-11-16",
      finish: "2026-11-16",
      lateStart: "2026-11-16",
      lateFinish: "2026-11-16",
      totalFloat: 0,
      critical: true,
    });
    expect(schedule.finish).toBe("2026-11-16");
  });

  it("dates a milestone that can slip", () => {
    const schedule = scheduleProject(calendar, [task(1, 0), task(2, 2)], []);
    // s = f = 0, late s = f = 2: the end of day 1.
    expect(schedule.tasks.get(1)).toMatchObject({
      start: "2026-11-16",
      lateStart: "2026-11-17",
      lateFinish: "2026-11-17",
      totalFloat: 2,
      critical: false,
    });
  });

  it("keeps a manual task on its own dates, taken to working days, and it drives its dependents", () => {
    const schedule = scheduleProject(
      calendar,
      [
        // From Saturday 21st (so Monday 23rd) to Sunday 29th (so Friday 27th).
        task(1, 2, { schedulingMode: "manual", startDate: "2026-11-21", dueDate: "2026-11-29" }),
        task(2, 2),
      ],
      [fs(1, 2)],
    );
    expect(schedule.tasks.get(1)).toMatchObject({
      start: "2026-11-23",
      finish: "2026-11-27",
      critical: true,
    });
    expect(schedule.tasks.get(2)).toMatchObject({
      start: "2026-11-30",
      finish: "2026-12-01",
      critical: true,
    });
    expect(schedule.finish).toBe("2026-12-01");
  });

  it("reads a manual task's dates given as date-times or Dates", () => {
    const schedule = scheduleProject(
      calendar,
      [
        task(1, 3, {
          schedulingMode: "manual",
          startDate: "2026-11-17T00:00:00.000Z",
          dueDate: new Date("2026-11-19T00:00:00.000Z"),
        }),
      ],
      [],
    );
    expect(schedule.tasks.get(1)).toMatchObject({ start: "2026-11-17", finish: "2026-11-19" });
  });

  it("starts an auto task no earlier than its start-no-earlier-than date", () => {
    const schedule = scheduleProject(calendar, [task(1, 2, { startNoEarlierThan: "2026-11-22" })], []);
    expect(schedule.tasks.get(1)).toMatchObject({ start: "2026-11-23", finish: "2026-11-24" });
  });

  it("ignores an auto task's own dates", () => {
    const schedule = scheduleProject(
      calendar,
      [task(1, 1, { startDate: "2026-11-20", dueDate: "2026-11-20" })],
      [],
    );
    expect(schedule.tasks.get(1)).toMatchObject({ start: "2026-11-16", finish: "2026-11-16" });
  });

  it("gives a task with no duration, or a manual task with no dates, a null schedule", () => {
    const schedule = scheduleProject(
      calendar,
      [task(1, 2), task(2, null), task(3, 4, { schedulingMode: "manual" }), task(4, 1)],
      [fs(1, 2), fs(2, 4), fs(3, 4)],
    );
    expect(schedule.tasks.get(2)).toBeNull();
    expect(schedule.tasks.get(3)).toBeNull();
    // Task 4's dependencies on them are ignored.
    expect(schedule.tasks.get(4)).toMatchObject({ start: "2026-11-16", finish: "2026-11-16" });
    expect(schedule.finish).toBe("2026-11-17");
  });

  it("has no finish without a scheduled task", () => {
    expect(scheduleProject(calendar, [], []).finish).toBeNull();
    expect(scheduleProject(calendar, [task(1, null)], []).finish).toBeNull();
  });
});

describe("movedTasks", () => {
  const after = scheduleProject(
    calendar,
    [task(5, 1), task(3, 2), task(1, 3), task(2, 1), task(4, 1), task(6, null)],
    [fs(1, 2)],
  ).tasks;
  // 5: 16th; 3: 16th-17th; 1: 16th-18th; 2: 19th; 4: 16th; 6: not scheduled.

  it("lists the tasks whose dates changed or that were not scheduled before, by id", () => {
    const before = new Map<number, ScheduledDates | null>([
      [5, { start: "2026-11-13", finish: "2026-11-13" }], // moved
      [1, { start: "2026-11-16", finish: "2026-11-18" }], // unchanged
      [2, { start: "2026-11-19", finish: "2026-11-20" }], // finish moved
      [4, null], // not scheduled before
      [6, { start: "2026-11-16", finish: "2026-11-16" }], // not scheduled now: not listed
      // 3 is new
    ]);
    expect(movedTasks(before, after)).toEqual([
      {
        id: 2,
        from: { start: "2026-11-19", finish: "2026-11-20" },
        to: { start: "2026-11-19", finish: "2026-11-19" },
      },
      { id: 3, from: null, to: { start: "2026-11-16", finish: "2026-11-17" } },
      { id: 4, from: null, to: { start: "2026-11-16", finish: "2026-11-16" } },
      {
        id: 5,
        from: { start: "2026-11-13", finish: "2026-11-13" },
        to: { start: "2026-11-16", finish: "2026-11-16" },
      },
    ]);
  });

  it("lists nothing when no date changed", () => {
    const before = new Map<number, ScheduledDates | null>();
    for (const [id, schedule] of after) {
      before.set(id, schedule && { start: schedule.start, finish: schedule.finish });
    }
    expect(movedTasks(before, after)).toEqual([]);
  });
});

describe("scheduleProject with constraints and deadlines", () => {
  // Monday to Friday from Monday 2026-01-05.
  const calendar = { startDate: "2026-01-05", workingDays: [1, 2, 3, 4, 5], holidays: [] };
  const base = {
    parentId: null,
    schedulingMode: "auto" as const,
    startNoEarlierThan: null,
    startDate: null,
    dueDate: null,
  };

  it("reads a start-type date as the day it starts on, or the next working day", () => {
    const schedule = scheduleProject(
      calendar,
      [{ ...base, id: 1, duration: 2, constraintType: "MSO", constraintDate: "2026-01-10" }],
      [],
    );
    // Saturday the 10th: it starts on Monday the 12th.
    expect(schedule.tasks.get(1)).toMatchObject({ start: "2026-01-12", finish: "2026-01-13" });
  });

  it("reads a finish-type date and a deadline as the last day worked, or the working day before", () => {
    const schedule = scheduleProject(
      calendar,
      [
        { ...base, id: 1, duration: 2, constraintType: "FNET", constraintDate: "2026-01-09" },
        { ...base, id: 2, duration: 3, deadline: "2026-01-10" },
        { ...base, id: 3, duration: 10 },
      ],
      [],
    );
    expect(schedule.tasks.get(1)).toMatchObject({ start: "2026-01-08", finish: "2026-01-09" });
    // Due by Saturday: by Friday the 9th, so its late finish is that Friday, not the project's.
    expect(schedule.tasks.get(2)).toMatchObject({
      finish: "2026-01-07",
      lateFinish: "2026-01-09",
      totalFloat: 2,
    });
    const engine = schedule.result;
    expect(engine.conflict[engine.slotOf(2)]).toBe(0);
  });

  it("takes ASAP, and a dated type without its date, as no constraint", () => {
    const schedule = scheduleProject(
      calendar,
      [
        { ...base, id: 1, duration: 1, constraintType: "ASAP", constraintDate: "2026-02-02" },
        { ...base, id: 2, duration: 1, constraintType: "SNET", constraintDate: null },
      ],
      [],
    );
    expect(schedule.tasks.get(1)?.start).toBe("2026-01-05");
    expect(schedule.tasks.get(2)?.start).toBe("2026-01-05");
  });
});
