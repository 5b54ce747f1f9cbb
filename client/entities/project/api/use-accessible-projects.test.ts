import type { ProjectDto, SharedProjectDto } from "@core/schemas/projects";
import { describe, expect, it } from "vitest";
import { accessibleProjects } from "./use-accessible-projects";

const own = (id: number, name: string, archived = false) =>
  ({ id, name, slug: `p${id}`, archived }) as ProjectDto;
const shared = (id: number, name: string, role: SharedProjectDto["role"], archived = false) =>
  ({ id, name, slug: `s${id}`, role, archived, invitedAt: "2026-01-01T00:00:00Z" }) as SharedProjectDto;

describe("accessible projects", () => {
  it("merge own and shared active projects by name, with the access level", () => {
    expect(
      accessibleProjects(
        [own(1, "beta"), own(2, "Old", true)],
        [shared(3, "Alpha", "viewer"), shared(4, "Gone", "editor", true)],
      ),
    ).toEqual([
      { id: 3, name: "Alpha", slug: "s3", accessLevel: "viewer" },
      { id: 1, name: "beta", slug: "p1", accessLevel: "owner" },
    ]);
  });
});
