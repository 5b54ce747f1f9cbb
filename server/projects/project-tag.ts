// The entity tag of a project answer (GET /api/projects/{id}): everything the answer shows, named
// by versions that move with every change to it. The project's own version moves with each change
// published to its event stream; the tasks' and the dependencies' versions move in the very
// transaction of any change to them (triggers), cascades included, so an answer is never kept
// for content that changed without an event. The caller's access level and preferred view are
// theirs alone. Weak: the same answer may be sent compressed or not, and its lastViewedAt (the
// time of this very visit) is not part of what a copy must match.
import type { AccessLevel } from "@core/access/permissions";
import type { Project } from "../db/schema";
import type { ProjectPreferences } from "../lib/serialize";

export function projectAnswerTag(
  project: Pick<Project, "id" | "version" | "graphVersion" | "updatedAt">,
  tasksVersion: number | null,
  accessLevel: AccessLevel,
  preferences: ProjectPreferences,
): string {
  const parts = [
    project.id,
    project.version,
    tasksVersion ?? "none",
    project.graphVersion,
    project.updatedAt.getTime(),
    accessLevel,
    preferences?.preferredView ?? "none",
  ];
  return `W/"${parts.join(".")}"`;
}
