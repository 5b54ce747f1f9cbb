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
};

export type PresenceUser = { id: number; name: string };

/** Not stored changes: who has the project open now, and "refetch everything" after a gap. */
export type StreamMessage =
  | (ProjectEvent & { id: string })
  | { type: "presence"; projectId: number; users: PresenceUser[] }
  | { type: "resync"; projectId: number };
