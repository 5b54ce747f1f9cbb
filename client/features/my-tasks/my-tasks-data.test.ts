import type { TaskDto } from "@core/schemas/projects";
import { describe, expect, it } from "vitest";
import { isSnoozed, type MyTasksGroup, mapTask, setTaskCompleted, shownGroups } from "./my-tasks-data";

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

describe("shownGroups", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  const snoozed = (id: number, until: string) => ({ ...task(id), snoozeUntil: until }) as TaskDto;
  const awake = (id: number) => ({ ...task(id), snoozeUntil: null }) as TaskDto;
  const mixed: MyTasksGroup[] = [
    { project: { id: 1, name: "One", slug: "one" }, tasks: [awake(1), snoozed(2, "2026-05-02T00:00:00Z")] },
    { project: { id: 2, name: "Two", slug: "two" }, tasks: [snoozed(3, "2026-06-01T00:00:00Z")] },
    { project: { id: 3, name: "Three", slug: "three" }, tasks: [snoozed(4, "2026-04-30T00:00:00Z")] },
  ];

  it("tells a snooze still ahead from one that is over", () => {
    expect(isSnoozed(snoozed(1, "2026-05-01T12:00:01Z"), now)).toBe(true);
    expect(isSnoozed(snoozed(1, "2026-05-01T12:00:00Z"), now)).toBe(false);
    expect(isSnoozed(awake(1), now)).toBe(false);
  });

  it("hides the snoozed tasks and the groups left empty, and counts them", () => {
    const { groups: shown, snoozed: count } = shownGroups(mixed, false, now);
    expect(count).toBe(2);
    expect(shown.map((group) => [group.project.name, group.tasks.map((each) => each.id)])).toEqual([
      ["One", [1]],
      ["Three", [4]],
    ]);
    expect(shown[1]).toBe(mixed[2]);
  });

  it("shows every group as it came when asked, with the same count", () => {
    const { groups: shown, snoozed: count } = shownGroups(mixed, true, now);
    expect(count).toBe(2);
    expect(shown).toEqual(mixed);
  });
});
