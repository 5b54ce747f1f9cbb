// The live project event stream (docs/decisions/015-live-collaboration.md): one `data:` line of
// JSON per committed change, at least {type, projectId} plus the ids touched.

export const PROJECT_EVENT_TYPES = [
  "project.updated",
  "project.deleted",
  "task.created",
  "task.updated",
  "task.deleted",
  "tasks.reordered",
  "tasks.positioned",
  "dependency.created",
  "dependency.updated",
  "dependency.deleted",
  "category.created",
  "category.updated",
  "category.deleted",
  "members.changed",
  "link.changed",
] as const;
export type ProjectEventType = (typeof PROJECT_EVENT_TYPES)[number];

export type ProjectEvent = {
  type: ProjectEventType;
  projectId: number;
  taskIds?: number[];
  dependencyIds?: number[];
  categoryIds?: number[];
  shareIds?: number[];
  /** Who made the change, so a client can tell its own echoes from others' edits. */
  actorId?: number | null;
  /**
   * The project's version after this change: one more than the event before. A client that sees
   * a gap has missed a change and refetches once. Absent when it could not be taken (the project
   * is gone, or the database did not answer): a client treats that as a gap.
   */
  version?: number;
};

export type PresenceUser = { id: number; name: string };

/**
 * Not stored changes: who has the project open now, "refetch everything" after a gap, and on
 * opening the stream the project's version then, so a client whose copy is older refetches once
 * and one whose copy is current does not.
 */
export type StreamMessage =
  | (ProjectEvent & { id: string })
  | { type: "presence"; projectId: number; users: PresenceUser[] }
  | { type: "resync"; projectId: number }
  | { type: "version"; projectId: number; version: number };
