import type { PublicProjectDto } from "@core/schemas/sharing";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { publicLoadProblem, publicProjectContext } from "./public-project";

const data: PublicProjectDto = {
  project: {
    id: 4,
    name: "Launch",
    description: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    startDate: "2026-01-01",
    workingDays: [1, 2, 3, 4, 5],
    holidays: [],
    statusDate: null,
    version: 3,
  },
  tasks: [],
  dependencies: [],
  categories: [{ id: 1, name: "Design", color: "#FF5733" }],
  schedule: { finish: null },
};

describe("the public view's states", () => {
  it("shows Access Denied for a 404 only, and a load failure for anything else", () => {
    expect(publicLoadProblem(new ApiError(404, "This share link is invalid or has expired"), undefined)).toBe(
      "access-denied",
    );
    expect(publicLoadProblem(new ApiError(500, "Internal Server Error"), undefined)).toBe("failed");
    expect(publicLoadProblem(new TypeError("Failed to fetch"), undefined)).toBe("failed");
  });

  it("says when the answer holds no project", () => {
    expect(publicLoadProblem(null, undefined)).toBe("no-data");
    expect(publicLoadProblem(null, {} as PublicProjectDto)).toBe("no-data");
    expect(publicLoadProblem(null, data)).toBeNull();
  });
});

describe("the public project context", () => {
  it("is read-only, with the share data's categories", () => {
    const context = publicProjectContext("token123", data);
    expect(context).toMatchObject({
      accessLevel: "viewer",
      canEdit: false,
      canShare: false,
      canManage: false,
      canDelete: false,
      publicShare: { token: "token123", categories: data.categories },
    });
    expect(context.project).toMatchObject({ id: 4, name: "Launch", archived: false });
  });
});
