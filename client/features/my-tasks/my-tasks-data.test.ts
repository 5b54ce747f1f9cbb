import type { TaskDto } from "@core/schemas/projects";
import { describe, expect, it } from "vitest";
import { type MyTasksGroup, mapTask, setTaskCompleted } from "./my-tasks-data";

const task = (id: number): TaskDto =>
  ({ id, name: `Task ${id}`, completed: false, completedAt: null }) as TaskDto;
const groups: MyTasksGroup[] = [
  { project: { id: 1, name: "One", slug: "one" }, tasks: [task(1), task(2)] },
  { project: { id: 2, name: "Two", slug: "two" }, tasks: [task(3)] },
];

describe("My Tasks cache steps", () => {
  it("mark one task completed, leaving the rest untouched", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    const next = setTaskCompleted(groups, 2, true, now);
    expect(next?.[0].tasks[1]).toMatchObject({
      id: 2,
      completed: true,
      completedAt: "2026-05-01T12:00:00.000Z",
    });
    expect(next?.[0].tasks[0]).toBe(groups[0].tasks[0]);
    expect(next?.[1]).toBe(groups[1]);
    expect(setTaskCompleted(next, 2, false, now)?.[0].tasks[1]).toMatchObject({
      completed: false,
      completedAt: null,
    });
  });

  it("put a task back as it was (the rollback)", () => {
    const ticked = setTaskCompleted(groups, 3, true, new Date());
    expect(mapTask(ticked, 3, () => groups[1].tasks[0])?.[1].tasks[0]).toBe(groups[1].tasks[0]);
  });

  it("leave a missing list missing", () => {
    expect(setTaskCompleted(undefined, 1, true, new Date())).toBeUndefined();
  });
});
