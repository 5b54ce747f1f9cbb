import { describe, expect, it } from "vitest";
import { DISPLAY_STATUS_LABELS, displayStatus, normalizeStatus } from "./status";

describe("normalizeStatus", () => {
  it("reads the legacy todo, and anything unknown, as not-started", () => {
    expect(normalizeStatus("todo")).toBe("not-started");
    expect(normalizeStatus("whatever")).toBe("not-started");
    expect(normalizeStatus(null)).toBe("not-started");
    expect(normalizeStatus("in-progress")).toBe("in-progress");
    expect(normalizeStatus("completed")).toBe("completed");
  });
});

describe("displayStatus", () => {
  it("says Waiting for unfinished prerequisites, Blocked only for the status chosen (decision 034)", () => {
    expect(displayStatus({ completed: true, status: "blocked" }, true)).toBe("completed");
    expect(displayStatus({ completed: false, status: "in-progress" }, true)).toBe("waiting");
    expect(displayStatus({ completed: false, status: "blocked" }, true)).toBe("blocked");
    expect(displayStatus({ completed: false, status: "in-progress" }, false)).toBe("in-progress");
    expect(displayStatus({ completed: false, status: "todo" }, false)).toBe("todo");
    expect(displayStatus({ completed: false, status: "not-started" }, false)).toBe("todo");
  });

  it("shows a task the user marked blocked as Blocked even with its prerequisites done", () => {
    expect(displayStatus({ completed: false, status: "blocked" }, false)).toBe("blocked");
  });

  it("has the card labels of the spec, and Waiting", () => {
    expect(Object.values(DISPLAY_STATUS_LABELS)).toEqual([
      "To Do",
      "In Progress",
      "Waiting",
      "Blocked",
      "Completed",
    ]);
  });
});
