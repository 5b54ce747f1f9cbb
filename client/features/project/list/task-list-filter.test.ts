import type { TaskDto } from "@core/schemas/projects";
import { buildOutline } from "@core/tasks/outline";
import { taskDto } from "@core/testing/dto-factories";
import { TASK_FILTER_NAMES } from "@core/testing/task-filter-names";
import { describe, expect, it } from "vitest";
import {
  listTasks,
  matchesSearch,
  outlineListTasks,
  sortRows,
  TASK_FILTER_LABELS,
  TASK_FILTERS,
} from "./task-list-filter";

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
  it("offers the filters every view shares (decision 034)", () => {
    expect(TASK_FILTERS.map((filter) => TASK_FILTER_LABELS[filter])).toEqual(TASK_FILTER_NAMES);
  });

  it("keeps the project's order under All Tasks, each row with its badge", () => {
    expect(listTasks(tasks, dependencies, "all", "", now).map((row) => [row.task.name, row.status])).toEqual([
      ["Done", "completed"],
      ["Alpha", "todo"],
      ["Beta", "waiting"],
      ["Gamma", "blocked"],
      ["Delta", "todo"],
    ]);
  });

  it("splits unblocked, waiting, blocked and completed tasks; snoozed ones are never unblocked", () => {
    expect(names("unblocked")).toEqual(["Alpha"]);
    expect(names("completed")).toEqual(["Done"]);
    expect(names("waiting")).toEqual(["Beta"]);
    expect(names("blocked")).toEqual(["Gamma"]);
    expect(names("open")).toEqual(["Alpha", "Beta", "Gamma", "Delta"]);
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

describe("sortRows", () => {
  const row = (
    name: string,
    fields: Partial<TaskDto>,
    status: "todo" | "in-progress" | "blocked" | "completed" = "todo",
  ) => ({
    task: task(name, fields),
    status,
  });
  const rows = [
    row("task 10", { startDate: "2026-05-03T00:00:00Z", dueDate: null }, "completed"),
    row("Task 2", { startDate: null, dueDate: "2026-06-01T00:00:00Z" }, "blocked"),
    row("alpha", { startDate: "2026-05-01T00:00:00Z", dueDate: "2026-05-20T00:00:00Z" }, "in-progress"),
    row("Beta", { startDate: null, dueDate: null }, "todo"),
  ];
  const names = (sorted: { task: TaskDto }[]) => sorted.map((each) => each.task.name);

  it("keeps the project's order, and leaves the rows given untouched", () => {
    expect(names(sortRows(rows, "order"))).toEqual(["task 10", "Task 2", "alpha", "Beta"]);
    sortRows(rows, "name");
    expect(names(rows)).toEqual(["task 10", "Task 2", "alpha", "Beta"]);
  });

  it("sorts by name ignoring case, with numbers in numeric order", () => {
    expect(names(sortRows(rows, "name"))).toEqual(["alpha", "Beta", "Task 2", "task 10"]);
  });

  it("sorts by start or due date, earliest first, tasks without the date last by name", () => {
    expect(names(sortRows(rows, "start"))).toEqual(["alpha", "task 10", "Beta", "Task 2"]);
    expect(names(sortRows(rows, "due"))).toEqual(["alpha", "Task 2", "Beta", "task 10"]);
  });

  it("sorts by status: to do, in progress, blocked, completed", () => {
    expect(names(sortRows(rows, "status"))).toEqual(["Beta", "alpha", "Task 2", "task 10"]);
  });
});

describe("task list tree", () => {
  // 1 Design (2 Sketch, 3 Review (4 Notes)), 5 Build; Build waits for Design (a summary).
  const design = task("Design", { id: 1, order: 0, startDate: "2026-01-01T00:00:00.000Z" });
  const sketch = task("Sketch", {
    id: 2,
    parentId: 1,
    order: 0,
    completed: true,
    startDate: "2026-05-04T00:00:00.000Z",
    dueDate: "2026-05-06T00:00:00.000Z",
  });
  const review = task("Review", { id: 3, parentId: 1, order: 1 });
  const notes = task("Notes", {
    id: 4,
    parentId: 3,
    order: 0,
    status: "in-progress",
    startDate: "2026-05-05T00:00:00.000Z",
    dueDate: "2026-05-12T00:00:00.000Z",
  });
  const build = task("Build", { id: 5, order: 1 });
  const plan = [build, notes, design, review, sketch];
  const links = [{ sourceTaskId: 1, targetTaskId: 5 }];
  const outline = buildOutline(plan);
  const tree = (collapsed: number[] = [], filter: (typeof TASK_FILTERS)[number] = "all", search = "") =>
    outlineListTasks(plan, links, outline, new Set(collapsed), filter, search, now);

  it("lists the tree in order with WBS numbers, levels and badges rolled up from the leaves", () => {
    const { rows, count } = tree();
    expect(rows.map((row) => [row.task.name, row.outline?.wbs, row.outline?.level, row.status])).toEqual([
      ["Design", "1", 1, "in-progress"],
      ["Sketch", "1.1", 2, "completed"],
      ["Review", "1.2", 2, "in-progress"],
      ["Notes", "1.2.1", 3, "in-progress"],
      ["Build", "2", 1, "waiting"],
    ]);
    expect(count).toBe(3);
    // A summary's dates span its leaves' (its own are not read).
    expect(rows[0].outline).toMatchObject({
      summary: true,
      below: 3,
      completed: false,
      startDate: "2026-05-04T00:00:00.000Z",
      dueDate: "2026-05-12T00:00:00.000Z",
    });
  });

  it("hides what a collapsed summary holds, and counts it still", () => {
    const { rows, count } = tree([3]);
    expect(rows.map((row) => row.task.name)).toEqual(["Design", "Sketch", "Review", "Build"]);
    expect(rows[2].outline?.collapsed).toBe(true);
    expect(count).toBe(3);
  });

  it("filters leaves, showing the summaries above each; a summary itself is no work", () => {
    expect(tree([], "completed").rows.map((row) => row.task.name)).toEqual(["Design", "Sketch"]);
    expect(tree([], "completed").count).toBe(1);
    expect(tree([], "all", "review").rows.map((row) => row.task.name)).toEqual(["Design", "Review"]);
    expect(tree([], "all", "review").count).toBe(0);
  });

  it("completes a summary's row when every leaf below it is", () => {
    const done = plan.map((each) => (each.id === 4 ? { ...each, completed: true } : each));
    const rows = outlineListTasks(done, links, outline, new Set(), "all", "", now).rows;
    expect(rows.find((row) => row.task.id === 1)?.outline?.completed).toBe(true);
    expect(rows.find((row) => row.task.id === 1)?.status).toBe("completed");
    expect(rows.find((row) => row.task.id === 5)?.status).toBe("todo");
  });
});
