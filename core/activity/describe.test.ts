import { describe, expect, it } from "vitest";
import type { ActivityEntryDto, ActivityItem } from "../schemas/activity";
import { activityEntryDto as entry } from "../testing/activity-entry";
import { dayOf, describeActivity, describeChange, truncate } from "./describe";

const options = { thisYear: 2026 };
const says = (overrides: Partial<ActivityEntryDto>, more = {}) =>
  describeActivity(entry(overrides), { ...options, ...more });

describe("describeActivity: tasks", () => {
  it("names created and deleted tasks", () => {
    expect(says({ action: "task.created", subject: "Framing" })).toBe("created task “Framing”");
    expect(says({ action: "task.deleted", subject: "Roof" })).toBe("deleted task “Roof”");
    expect(says({ action: "task.deleted", subject: null })).toBe("deleted a task");
  });

  it("lists each changed field with its values, in the form's order", () => {
    expect(
      says({
        action: "task.updated",
        subject: "B",
        changes: { duration: [3, 5], name: ["A", "B"] },
      }),
    ).toBe("changed “B”: name “A” → “B”, duration 3 → 5 days");
    expect(says({ action: "task.updated", subject: "Framing", changes: { duration: [null, 1] } })).toBe(
      "changed “Framing”: duration none → 1 day",
    );
    expect(
      says({
        action: "task.updated",
        subject: "Framing",
        changes: { status: ["not-started", "in-progress"], schedulingMode: ["auto", "manual"] },
      }),
    ).toBe("changed “Framing”: status Not Started → In Progress, scheduling Auto → Manual");
  });

  it("shows dates as short days, with the year only outside this one", () => {
    expect(
      says({
        action: "task.updated",
        subject: "Framing",
        changes: {
          startDate: ["2026-03-02T00:00:00.000Z", "2026-03-09T00:00:00.000Z"],
          dueDate: [null, "2027-01-04T23:00:00.000Z"],
          startNoEarlierThan: ["2026-03-02", null],
        },
      }),
    ).toBe(
      "changed “Framing”: start Mar 2 → Mar 9, due none → Jan 5, 2027, start no earlier than Mar 2 → none",
    );
  });

  it("tells a constraint by its type's words and date, once, and a deadline", () => {
    expect(
      says({
        action: "task.updated",
        subject: "Framing",
        changes: {
          startNoEarlierThan: ["2026-03-02", null],
          constraintType: ["SNET", "MSO"],
          constraintDate: ["2026-03-02", "2026-03-09"],
          deadline: [null, "2026-04-01"],
        },
      }),
    ).toBe(
      "changed “Framing”: constraint Start no earlier than → Must start on, constraint date Mar 2 → Mar 9, deadline none → Apr 1",
    );
  });

  it("cuts long texts", () => {
    const long = "Pour the concrete for the east wing foundations before the frost";
    expect(says({ action: "task.created", subject: long })).toBe(
      "created task “Pour the concrete for the east wing fou…”",
    );
    expect(says({ action: "task.updated", subject: "Framing", changes: { description: ["", long] } })).toBe(
      "changed “Framing”: description none → “Pour the concrete for the east wing fou…”",
    );
  });

  it("names a category or an assignee when the caller knows them, else only names the field", () => {
    const changes = { categoryId: [null, 4], assigneeId: [2, 3] } as ActivityEntryDto["changes"];
    expect(says({ action: "task.updated", subject: "Framing", changes })).toBe(
      "changed “Framing”: category, assignee",
    );
    const names = {
      categoryName: (id: number) => (id === 4 ? "Design" : undefined),
      personName: (id: number) => ({ 2: "Ada", 3: "Grace" })[id],
    };
    expect(says({ action: "task.updated", subject: "Framing", changes }, names)).toBe(
      "changed “Framing”: category none → “Design”, assignee Ada → Grace",
    );
  });

  it("tells completion, renames and moves in the graph in their own words", () => {
    const completion = {
      completed: [false, true],
      completedAt: [null, "2026-03-02T10:00:00.000Z"],
      status: ["in-progress", "completed"],
    } as ActivityEntryDto["changes"];
    expect(says({ action: "task.updated", subject: "Roof", changes: completion })).toBe("completed “Roof”");
    expect(
      says({
        action: "task.updated",
        subject: "Roof",
        changes: { completed: [true, false], duration: [2, 4] },
      }),
    ).toBe("reopened “Roof” and changed duration 2 → 4 days");
    expect(says({ action: "task.updated", subject: "B", changes: { name: ["A", "B"] } })).toBe(
      "renamed task “A” → “B”",
    );
    expect(
      says({ action: "task.updated", subject: "Roof", changes: { positionX: [0, 10], positionY: [0, 20] } }),
    ).toBe("moved “Roof” in the graph");
    expect(
      says({
        action: "task.updated",
        subject: "Roof",
        changes: { positionX: [0, 10], order: [1, 2], updatedAt: ["x", "y"] },
      }),
    ).toBe("changed “Roof”: position in the graph, order");
  });

  it("counts the tasks of a write of several, and names a single one", () => {
    const item = (taskId: number, name: string): ActivityItem => ({
      taskId,
      name,
      changes: { positionX: [0, 1] },
    });
    expect(says({ action: "tasks.positioned", items: [item(1, "A"), item(2, "B")] })).toBe(
      "moved 2 tasks in the graph",
    );
    expect(says({ action: "tasks.positioned", items: [item(1, "A")] })).toBe("moved “A” in the graph");
    expect(says({ action: "tasks.reordered", items: [item(1, "A"), item(2, "B"), item(3, "C")] })).toBe(
      "reordered 3 tasks",
    );
  });

  it("adds the tasks the scheduler moved, besides the one edited", () => {
    const move = (id: number, name: string) => ({
      id,
      name,
      from: { start: "2026-03-02", finish: "2026-03-04" },
      to: { start: "2026-03-04", finish: "2026-03-06" },
    });
    const base: Partial<ActivityEntryDto> = {
      action: "task.updated",
      taskId: 1,
      subject: "A",
      changes: { duration: [3, 5] },
    };
    expect(says({ ...base, moved: [move(1, "A"), move(2, "B"), move(3, "C")] })).toBe(
      "changed “A”: duration 3 → 5 days; 2 tasks rescheduled",
    );
    expect(says({ ...base, moved: [move(1, "A"), move(2, "Roof")] })).toBe(
      "changed “A”: duration 3 → 5 days; “Roof” rescheduled",
    );
    expect(says({ ...base, moved: [move(1, "A")] })).toBe("changed “A”: duration 3 → 5 days");
  });
});

describe("describeActivity: dependencies, categories, the project, members, links, imports", () => {
  it("names dependencies by their tasks", () => {
    expect(says({ action: "dependency.created", subject: "A → B" })).toBe("added dependency “A → B”");
    expect(
      says({ action: "dependency.updated", subject: "A → B", changes: { type: ["FS", "SS"], lag: [0, 2] } }),
    ).toBe("changed dependency “A → B”: type FS → SS, lag 0 → 2 days");
    expect(says({ action: "dependency.deleted", subject: "A → B" })).toBe("removed dependency “A → B”");
  });

  it("names categories", () => {
    expect(says({ action: "category.created", subject: "Design" })).toBe("added category “Design”");
    expect(says({ action: "category.updated", subject: "UX", changes: { name: ["Design", "UX"] } })).toBe(
      "renamed category “Design” → “UX”",
    );
    expect(
      says({ action: "category.updated", subject: "UX", changes: { color: ["#000000", "#ffffff"] } }),
    ).toBe("changed category “UX”: color");
    expect(says({ action: "category.deleted", subject: "UX" })).toBe("deleted category “UX”");
  });

  it("tells a project's rename, archiving and settings", () => {
    expect(says({ action: "project.updated", changes: { name: ["Plan", "Launch"] } })).toBe(
      "renamed project “Plan” → “Launch”",
    );
    expect(
      says({
        action: "project.updated",
        changes: {
          workingDays: [
            [1, 2, 3, 4, 5],
            [1, 2, 3, 4],
          ],
          holidays: [[], ["2026-12-25"]],
        },
      }),
    ).toBe("changed project settings: working days, holidays");
    expect(
      says({
        action: "project.updated",
        changes: { archived: [false, true], startDate: ["2026-03-02", "2026-03-09"] },
      }),
    ).toBe("archived the project; changed project settings: start date Mar 2 → Mar 9");
    expect(says({ action: "project.created", subject: "Launch" })).toBe("created project “Launch”");
  });

  it("tells member, link and import entries", () => {
    expect(says({ action: "member.created", subject: "x@y.z", changes: { role: [null, "editor"] } })).toBe(
      "invited x@y.z as editor",
    );
    expect(says({ action: "member.updated", subject: "x@y.z", changes: { role: ["viewer", "admin"] } })).toBe(
      "changed the role of x@y.z: viewer → admin",
    );
    expect(says({ action: "member.deleted", subject: "x@y.z" })).toBe("removed x@y.z from the project");
    expect(says({ action: "link.created", changes: { enabled: [false, true] } })).toBe(
      "published the public link",
    );
    expect(says({ action: "link.created", changes: { enabled: [true, true] } })).toBe(
      "replaced the public link",
    );
    expect(says({ action: "link.deleted" })).toBe("turned off the public link");
    expect(says({ action: "import", subject: "House build" })).toBe("imported “House build”");
  });

  it("shows a field it does not know when its values are plain", () => {
    expect(says({ action: "task.updated", subject: "A", changes: { estimate: [1, 2] } })).toBe(
      "changed “A”: estimate 1 → 2",
    );
  });
});

describe("undo and redo entries", () => {
  const framingEdit = (fields: Partial<ActivityEntryDto>) =>
    entry({ action: "task.updated", subject: "Framing", ...fields });
  const change = framingEdit({ id: 10, changes: { duration: [3, 5] }, undoneBy: 11 });
  // An undo records what it did: the change's fields from after back to before.
  const undo = framingEdit({ id: 11, changes: { duration: [5, 3] }, undoOf: 10, isUndo: true, undoneBy: 12 });
  const redo = framingEdit({ id: 12, changes: { duration: [3, 5] }, undoOf: 11 });
  const byId = (id: number) => [change, undo, redo].find((each) => each.id === id);

  it("are prefixed and told as the change they go back to", () => {
    expect(describeActivity(undo, options)).toBe("undid: changed “Framing”: duration 3 → 5 days");
    expect(describeActivity(redo, options)).toBe("redid: changed “Framing”: duration 3 → 5 days");
    expect(describeActivity(undo, { ...options, entryById: byId })).toBe(
      "undid: changed “Framing”: duration 3 → 5 days",
    );
  });

  it("without the original at hand, read an undo as the inverse of the write it made", () => {
    // The server records the undo of a deletion as the task created again, and so on.
    const undid = (overrides: Partial<ActivityEntryDto>) =>
      describeActivity(entry({ isUndo: true, undoOf: 3, ...overrides }), options);
    expect(undid({ action: "task.created", subject: "Roof" })).toBe("undid: deleted task “Roof”");
    expect(undid({ action: "task.deleted", subject: "Roof" })).toBe("undid: created task “Roof”");
    expect(undid({ action: "dependency.created", subject: "A → B" })).toBe(
      "undid: removed dependency “A → B”",
    );
    expect(undid({ action: "member.deleted", subject: "x@y.z", changes: { role: ["editor", null] } })).toBe(
      "undid: invited x@y.z as editor",
    );
    expect(undid({ action: "link.created", changes: { enabled: [false, true] } })).toBe(
      "undid: turned off the public link",
    );
    expect(undid({ action: "task.updated", subject: "Roof", changes: { completed: [true, false] } })).toBe(
      "undid: completed “Roof”",
    );
    // A redo records the change made again: its own action and fields.
    expect(describeActivity(entry({ action: "task.deleted", subject: "Roof", undoOf: 4 }), options)).toBe(
      "redid: deleted task “Roof”",
    );
  });

  it("describeChange names the original change, for the toast", () => {
    expect(describeChange(undo, options)).toBe("changed “Framing”: duration 3 → 5 days");
    expect(describeChange(redo, { ...options, entryById: byId })).toBe(
      "changed “Framing”: duration 3 → 5 days",
    );
    expect(describeChange(change, options)).toBe("changed “Framing”: duration 3 → 5 days");
  });
});

describe("helpers", () => {
  it("truncate keeps short texts and puts one line", () => {
    expect(truncate("a\n b")).toBe("a b");
    expect(truncate("abcdef", 4)).toBe("abc…");
  });

  it("dayOf reads a day or the nearest UTC midnight of an instant", () => {
    expect(dayOf("2026-05-01")).toBe("2026-05-01");
    expect(dayOf("2026-04-30T22:00:00.000Z")).toBe("2026-05-01");
    expect(dayOf("2026-05-01T09:00:00.000Z")).toBe("2026-05-01");
    expect(dayOf("soon")).toBeNull();
  });
});
