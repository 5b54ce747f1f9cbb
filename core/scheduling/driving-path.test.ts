import { describe, expect, it } from "vitest";
import { drivingPath } from "./driving-path";

const dependencies = [
  { id: 10, sourceTaskId: 1, targetTaskId: 2 },
  { id: 11, sourceTaskId: 2, targetTaskId: 3 },
  { id: 12, sourceTaskId: 1, targetTaskId: 3 },
  { id: 13, sourceTaskId: 5, targetTaskId: 4 },
];

describe("drivingPath", () => {
  it("follows each start's driving link back to the project's start", () => {
    const tasks = [
      { id: 1, schedule: { drivenBy: { kind: "projectStart" as const } } },
      { id: 2, schedule: { drivenBy: { kind: "dependency" as const, dependencyId: 10 } } },
      { id: 3, schedule: { drivenBy: { kind: "dependency" as const, dependencyId: 11 } } },
    ];
    expect(drivingPath(tasks, dependencies, 3)).toEqual({
      taskId: 3,
      taskIds: [3, 2, 1],
      dependencyIds: [11, 10],
      start: "projectStart",
    });
  });

  it("stops at a constraint, a manual task, or a task without a schedule", () => {
    const tasks = [
      { id: 1, schedule: { drivenBy: { kind: "constraint" as const } } },
      { id: 2, schedule: { drivenBy: { kind: "dependency" as const, dependencyId: 10 } } },
      { id: 4, schedule: { drivenBy: { kind: "dependency" as const, dependencyId: 13 } } },
      { id: 5, schedule: null },
    ];
    expect(drivingPath(tasks, dependencies, 2)).toMatchObject({ taskIds: [2, 1], start: "constraint" });
    expect(drivingPath(tasks, dependencies, 4)).toMatchObject({ taskIds: [4, 5], dependencyIds: [13] });
  });

  it("ends where a loop closes instead of running on", () => {
    const looped = [
      { id: 1, schedule: { drivenBy: { kind: "dependency" as const, dependencyId: 20 } } },
      { id: 2, schedule: { drivenBy: { kind: "dependency" as const, dependencyId: 10 } } },
    ];
    const links = [...dependencies, { id: 20, sourceTaskId: 2, targetTaskId: 1 }];
    expect(drivingPath(looped, links, 2)).toMatchObject({ taskIds: [2, 1], dependencyIds: [10] });
  });
});
