import type { TaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { describe, expect, it } from "vitest";
import { listTasks, matchesSearch, TASK_FILTER_LABELS, TASK_FILTERS } from "./task-list-filter";

const now = new Date("2026-05-01T12:00:00Z");
const task = (name: string, fields: Partial<TaskDto> = {}): TaskDto =>
  taskDto({ name, createdAt: "2026-04-01T00:00:00Z", updatedAt: "2026-04-01T00:00:00Z", ...fields });

// done -> a -> b; a is unblocked, b waits for a; c is marked blocked by hand; d is snoozed.
const done = task("Done", { completed: true, completedAt: "2026-04-30T00:00:00Z" });
const a = task("Alpha", { description: "Write the launch copy" });
const b = task("Beta", { status: "in-progress" });
const c = task("Gamma", { status: "blocked" });
const d = task("Delta", { snoozeUntil: "2026-05-03T00:00:00Z" });
const tasks = [done, a, b, c, d];
const dependencies = [
  { sourceTaskId: done.id, targetTaskId: a.id },
  { sourceTaskId: a.id, targetTaskId: b.id },
];
const names = (filter: (typeof TASK_FILTERS)[number], search = "") =>
  listTasks(tasks, dependencies, filter, search, now).map((row) => row.task.name);

describe("task list filter", () => {
  it("offers the four filters in the spec's words", () => {
    expect(TASK_FILTERS.map((filter) => TASK_FILTER_LABELS[filter])).toEqual([
      "Unblocked",
      "Completed",
      "Blocked",
      "All Tasks",
    ]);
  });

  it("keeps the project's order under All Tasks, each row with its badge", () => {
    expect(listTasks(tasks, dependencies, "all", "", now).map((row) => [row.task.name, row.status])).toEqual([
      ["Done", "completed"],
      ["Alpha", "todo"],
      ["Beta", "blocked"],
      ["Gamma", "blocked"],
      ["Delta", "todo"],
    ]);
  });

  it("splits unblocked, completed and blocked tasks; snoozed ones show only under All", () => {
    expect(names("unblocked")).toEqual(["Alpha"]);
    expect(names("completed")).toEqual(["Done"]);
    expect(names("blocked")).toEqual(["Beta", "Gamma"]);
  });

  it("lets a snoozed task back in once its snooze has passed", () => {
    const later = new Date("2026-05-04T00:00:00Z");
    expect(listTasks(tasks, dependencies, "unblocked", "", later).map((row) => row.task.name)).toEqual([
      "Alpha",
      "Delta",
    ]);
  });

  it("searches names and descriptions, ignoring case and surrounding spaces", () => {
    expect(names("all", "  LAUNCH ")).toEqual(["Alpha"]);
    expect(names("all", "ta")).toEqual(["Beta", "Delta"]);
    expect(names("blocked", "gam")).toEqual(["Gamma"]);
    expect(names("completed", "alpha")).toEqual([]);
    expect(matchesSearch(a, "")).toBe(true);
  });
});
