import { describe, expect, it } from "vitest";
import {
  columnDropId,
  KANBAN_COLUMNS,
  kanbanColumnOf,
  kanbanDrop,
  nextColumnCenter,
  tasksByColumn,
} from "./kanban-columns";

const now = new Date("2026-05-13T10:00:00.000Z");
const task = (status: string, completed = false) => ({ status, completed });

describe("kanbanColumnOf", () => {
  it("puts completed tasks in Completed whatever their status", () => {
    expect(kanbanColumnOf(task("in-progress", true))).toBe("completed");
  });

  it("reads the status otherwise, todo and unknown values as Not Started", () => {
    expect(kanbanColumnOf(task("todo"))).toBe("not-started");
    expect(kanbanColumnOf(task("not-started"))).toBe("not-started");
    expect(kanbanColumnOf(task("in-progress"))).toBe("in-progress");
    expect(kanbanColumnOf(task("blocked"))).toBe("blocked");
    expect(kanbanColumnOf(task("someday"))).toBe("not-started");
    expect(kanbanColumnOf(task("completed", false))).toBe("not-started");
  });

  it("sorts tasks into the four columns in order", () => {
    const columns = tasksByColumn([
      task("todo"),
      task("blocked"),
      task("in-progress", true),
      task("not-started"),
    ]);
    expect(Object.values(columns).map((list) => list.length)).toEqual([2, 0, 1, 1]);
  });
});

describe("kanbanDrop", () => {
  it("completes a task dropped on Completed, with a completion time", () => {
    expect(kanbanDrop(task("todo"), columnDropId("completed"), now)).toEqual({
      kind: "move",
      column: KANBAN_COLUMNS[3],
      changes: { status: "completed", completed: true, completedAt: now.toISOString() },
    });
  });

  it("sets the status and reopens a task dropped on another column", () => {
    expect(kanbanDrop(task("completed", true), columnDropId("in-progress"), now)).toEqual({
      kind: "move",
      column: KANBAN_COLUMNS[1],
      changes: { status: "in-progress", completed: false, completedAt: null },
    });
    expect(kanbanDrop(task("blocked"), columnDropId("not-started"), now)).toMatchObject({
      changes: { status: "not-started", completed: false, completedAt: null },
    });
  });

  it("does nothing on the task's own column", () => {
    expect(kanbanDrop(task("todo"), columnDropId("not-started"), now)).toEqual({ kind: "none" });
    expect(kanbanDrop(task("blocked", true), columnDropId("completed"), now)).toEqual({ kind: "none" });
  });

  it("calls anything else an invalid target", () => {
    for (const target of [null, undefined, "", "column:done", "task-3", 7, "completed"]) {
      expect(kanbanDrop(task("todo"), target, now)).toEqual({ kind: "invalid" });
    }
  });
});

describe("nextColumnCenter", () => {
  const rect = (left: number, top: number) => ({ left, top, width: 300, height: 400 });
  it("goes to the next or previous column's centre in board order, and nowhere past the ends", () => {
    const row = [rect(0, 0), rect(316, 0), rect(632, 0), rect(948, 0)];
    expect(nextColumnCenter(row, { x: 150, y: 50 }, 1)).toEqual({ x: 466, y: 200 });
    expect(nextColumnCenter(row, { x: 470, y: 50 }, -1)).toEqual({ x: 150, y: 200 });
    expect(nextColumnCenter(row, { x: 150, y: 50 }, -1)).toBeNull();
    expect(nextColumnCenter(row, { x: 1098, y: 50 }, 1)).toBeNull();
  });

  it("follows the board when it wraps to two rows: after the top right comes the bottom left", () => {
    const grid = [rect(0, 0), rect(316, 0), rect(0, 420), rect(316, 420)];
    expect(nextColumnCenter(grid, { x: 470, y: 50 }, 1)).toEqual({ x: 150, y: 620 });
  });
});
