import { describe, expect, it } from "vitest";
import { type AccessLevel, can, mayGrantRole, type ProjectAction } from "./permissions";

// The access table (who may do what at each level), row by row.
const TABLE: Record<ProjectAction, Record<AccessLevel, boolean>> = {
  read: { owner: true, admin: true, editor: true, viewer: true },
  edit: { owner: true, admin: true, editor: true, viewer: false },
  share: { owner: true, admin: true, editor: false, viewer: false },
  manage: { owner: true, admin: true, editor: false, viewer: false },
  delete: { owner: true, admin: false, editor: false, viewer: false },
};

describe("can", () => {
  for (const [action, row] of Object.entries(TABLE) as [ProjectAction, Record<AccessLevel, boolean>][]) {
    for (const [level, allowed] of Object.entries(row) as [AccessLevel, boolean][]) {
      it(`${level} ${allowed ? "may" : "may not"} ${action}`, () => {
        expect(can(level, action)).toBe(allowed);
      });
    }
  }

  it("gives no access without a level", () => {
    expect(can(null, "read")).toBe(false);
    expect(can(undefined, "read")).toBe(false);
  });
});

describe("mayGrantRole", () => {
  it("lets owners and admins give any role up to their own", () => {
    expect(mayGrantRole("owner", "admin")).toBe(true);
    expect(mayGrantRole("admin", "admin")).toBe(true);
    expect(mayGrantRole("admin", "viewer")).toBe(true);
  });

  it("refuses editors and viewers, who cannot share at all", () => {
    expect(mayGrantRole("editor", "viewer")).toBe(false);
    expect(mayGrantRole("viewer", "viewer")).toBe(false);
    expect(mayGrantRole(null, "viewer")).toBe(false);
  });
});
