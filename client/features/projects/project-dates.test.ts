import { describe, expect, it } from "vitest";
import { formatDay, invitedDateLabel, projectDateLabel, splitByArchived } from "./project-dates";

// Midday UTC keeps the calendar day the same in every time zone the tests may run in.
describe("project row dates", () => {
  it("shows the last viewed date when there is one", () => {
    expect(
      projectDateLabel({ lastViewedAt: "2026-03-05T12:00:00Z", createdAt: "2025-12-01T12:00:00Z" }),
    ).toBe("Last viewed Mar 5, 2026");
  });

  it("falls back to the created date for a project never opened", () => {
    expect(projectDateLabel({ lastViewedAt: null, createdAt: "2025-12-01T12:00:00Z" })).toBe(
      "Created Dec 1, 2025",
    );
  });

  it("never prints Invalid Date", () => {
    expect(formatDay("not a date")).toBeNull();
    expect(formatDay(null)).toBeNull();
    expect(projectDateLabel({ lastViewedAt: "garbage", createdAt: "2025-12-01T12:00:00Z" })).toBe(
      "Created Dec 1, 2025",
    );
    expect(projectDateLabel({ lastViewedAt: null, createdAt: "" })).toBe("");
  });

  it("labels the invitation date of a shared project", () => {
    expect(invitedDateLabel("2026-01-20T12:00:00Z")).toBe("Invited Jan 20, 2026");
  });
});

describe("splitByArchived", () => {
  it("puts archived projects in their own list, keeping the order", () => {
    const projects = [
      { id: 1, archived: false },
      { id: 2, archived: true },
      { id: 3, archived: false },
    ];
    const { active, archived } = splitByArchived(projects);
    expect(active.map((p) => p.id)).toEqual([1, 3]);
    expect(archived.map((p) => p.id)).toEqual([2]);
  });
});
