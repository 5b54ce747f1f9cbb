import { describe, expect, it } from "vitest";
import { scheduleProject } from "../scheduling/project-schedule";
import { dragPlanner } from "./drag-schedule";
import { dayEnd, dayStart } from "./scheduled-bars";

const calendar = { startDate: "2026-03-02", workingDays: [1, 2, 3, 4, 5], holidays: ["2026-03-09"] };
const inputs = [
  {
    id: 1,
    duration: 3,
    schedulingMode: "auto" as const,
    startNoEarlierThan: null,
    startDate: null,
    dueDate: null,
  },
  {
    id: 2,
    duration: 2,
    schedulingMode: "auto" as const,
    startNoEarlierThan: null,
    startDate: null,
    dueDate: null,
  },
  {
    id: 3,
    duration: 1,
    schedulingMode: "auto" as const,
    startNoEarlierThan: null,
    startDate: null,
    dueDate: null,
  },
  {
    id: 4,
    duration: 1,
    schedulingMode: "auto" as const,
    startNoEarlierThan: null,
    startDate: null,
    dueDate: null,
  },
];
const dependencies = [
  { id: 10, sourceTaskId: 1, targetTaskId: 2, type: "FS" as const, lag: 0 },
  { id: 11, sourceTaskId: 2, targetTaskId: 3, type: "SS" as const, lag: 1 },
];

/** The tasks as the API answers them: inputs, stored dates and schedule. */
function scheduledTasks() {
  const schedule = scheduleProject(calendar, inputs, dependencies);
  return inputs.map((task) => {
    const own = schedule.tasks.get(task.id) ?? null;
    return {
      ...task,
      parentId: null,
      constraintType: "ASAP" as const,
      constraintDate: null,
      deadline: null,
      percentComplete: 0,
      actualStart: null,
      actualFinish: null,
      snoozeUntil: null,
      startDate: own ? `${own.start}T00:00:00.000Z` : null,
      dueDate: own ? `${own.finish}T00:00:00.000Z` : null,
      schedule: own,
    };
  });
}

describe("dragPlanner", () => {
  it("moves the dependents of a dragged bar where the server's plan puts them", () => {
    const tasks = scheduledTasks();
    expect(tasks[1].schedule).toMatchObject({ start: "2026-03-05", finish: "2026-03-06" });
    const plan = dragPlanner(calendar, tasks, dependencies);
    // Task 1 dragged two days later: Wednesday to Friday.
    const moved = plan(1, { startDate: dayStart("2026-03-04"), dueDate: dayEnd("2026-03-06") });
    // Task 2 waits for it to finish and skips the holiday on Monday 9th; task 3 starts a day after 2.
    expect(moved.get(2)).toEqual({ start: "2026-03-10", finish: "2026-03-11" });
    expect(moved.get(3)).toEqual({ start: "2026-03-11", finish: "2026-03-11" });
    // Neither the dragged task nor an unlinked one is in the answer.
    expect([...moved.keys()].sort()).toEqual([2, 3]);
  });

  it("moves nothing for a drag that keeps the dependents where they are, or a task that is not scheduled", () => {
    const tasks = scheduledTasks();
    const plan = dragPlanner(calendar, tasks, dependencies);
    // Task 4 has no dependents: moving it moves no other task.
    expect(plan(4, { startDate: dayStart("2026-03-05"), dueDate: dayEnd("2026-03-05") }).size).toBe(0);
    const unscheduled = tasks.map((task) => (task.id === 4 ? { ...task, schedule: null } : task));
    expect(
      dragPlanner(calendar, unscheduled, dependencies)(4, { startDate: dayStart("2026-03-05") }).size,
    ).toBe(0);
  });

  it("plans each call from the same state (a drag back undoes the moves)", () => {
    const plan = dragPlanner(calendar, scheduledTasks(), dependencies);
    expect(plan(1, { startDate: dayStart("2026-03-04"), dueDate: dayEnd("2026-03-06") }).size).toBe(2);
    expect(plan(1, { startDate: dayStart("2026-03-02"), dueDate: dayEnd("2026-03-04") }).size).toBe(0);
  });
});
