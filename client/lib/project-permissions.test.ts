import { describe, expect, it } from "vitest";
import { projectPermissions } from "./project-permissions";

describe("projectPermissions", () => {
  it("lets the owner do everything", () => {
    expect(projectPermissions("owner")).toEqual({
      canEdit: true,
      canShare: true,
      canManage: true,
      canDelete: true,
    });
  });

  it("lets an admin do everything but delete", () => {
    expect(projectPermissions("admin")).toEqual({
      canEdit: true,
      canShare: true,
      canManage: true,
      canDelete: false,
    });
  });

  it("lets an editor edit only", () => {
    expect(projectPermissions("editor")).toEqual({
      canEdit: true,
      canShare: false,
      canManage: false,
      canDelete: false,
    });
  });

  it("keeps a viewer, or a missing level, read-only", () => {
    const readOnly = { canEdit: false, canShare: false, canManage: false, canDelete: false };
    expect(projectPermissions("viewer")).toEqual(readOnly);
    expect(projectPermissions(undefined)).toEqual(readOnly);
    expect(projectPermissions(null)).toEqual(readOnly);
  });
});
