// The live project event stream (docs/decisions/015-live-collaboration.md): one `data:` line of
// JSON per committed change: {type, projectId}, the ids touched, and what changed as the project
// answer shows it (docs/decisions/029-events-carry-the-change.md), so a client applies it to its copy
// (core/events/apply-event.ts) instead of fetching the project again.
import { type ActivityEntryDto, CONTENT_WRITES } from "./activity";
import type { CategoryDto, DependencyDto, ProjectDto, ScheduledTaskDto } from "./projects";

export const PROJECT_EVENT_TYPES = [
  "project.updated",
  "project.deleted",
  ...CONTENT_WRITES,
  "members.changed",
  "link.changed",
  /** A baseline saved, renamed or deleted (its id in `baselineIds`): lists of baselines read again. */
  "baseline.changed",
] as const;
export type ProjectEventType = (typeof PROJECT_EVENT_TYPES)[number];

export type ProjectEvent = {
  type: ProjectEventType;
  projectId: number;
  taskIds?: number[];
  dependencyIds?: number[];
  categoryIds?: number[];
  shareIds?: number[];
  baselineIds?: number[];
  /** Who made the change, so a client can tell its own echoes from others' edits. */
  actorId?: number | null;
  /** The activity entry the change recorded (docs/decisions/030-history-activity-and-undo.md); the
   * server reads it by this id. */
  activityId?: number;
  /**
   * The project's version after this change: one more than the event before. A client that sees
   * a gap has missed a change and refetches once. Absent when it could not be taken (the project
   * is gone, or the database did not answer): a client treats that as a gap.
   */
  version?: number;
} & ProjectChange;

/**
 * What a change left, read after it committed (so never older than the change): each task,
 * dependency and category it created or updated, as the project answer shows them (a task with
 * its `schedule`), the ids it deleted, and the project's fields when they changed. A task a write
 * moved (the scheduler's dates) comes among `tasks`. Floats and late dates of other tasks can
 * change with any scheduling change; a client computes them with the shared engine
 * (core/scheduling/project-schedule.ts) or refetches.
 */
export type ProjectChange = {
  tasks?: ScheduledTaskDto[];
  deletedTaskIds?: number[];
  dependencies?: DependencyDto[];
  deletedDependencyIds?: number[];
  categories?: CategoryDto[];
  deletedCategoryIds?: number[];
  /**
   * The project's shared fields (not the reader's own lastViewedAt and preferredView); a public
   * link's stream carries only those it shows (PUBLIC_PROJECT_FIELDS).
   */
  project?: ProjectFields | Partial<ProjectFields>;
  /** The project's finish after the change, when the event carries scheduled tasks. */
  finish?: string | null;
  /** The activity entry the change recorded, as the activity route answers it (not on public links). */
  activity?: ActivityEntryDto;
};

export type ProjectFields = Omit<ProjectDto, "lastViewedAt" | "preferredView">;

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
