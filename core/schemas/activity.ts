// History on the wire (docs/decisions/030-history-activity-and-undo.md): the activity entries every
// write of a project's
// content or settings records, the page query that reads them, and the undo route's answer
// (docs/decisions/030-history-activity-and-undo.md).
import { z } from "zod";
import type { ProjectAction } from "../access/permissions";
import type { ScheduledDates } from "../scheduling/project-schedule";
import { idParam } from "./common";

/**
 * The writes to a project's tasks, dependencies and categories, named alike by the activity entry
 * each records and the live event it sends (PROJECT_EVENT_TYPES, core/schemas/events.ts).
 */
export const CONTENT_WRITES = [
  "task.created",
  "task.updated",
  "task.deleted",
  "tasks.reordered",
  "tasks.positioned",
  "tasks.outlined",
  "dependency.created",
  "dependency.updated",
  "dependency.deleted",
  "category.created",
  "category.updated",
  "category.deleted",
] as const;

export const ACTIVITY_ACTIONS = [
  "project.created",
  "project.updated",
  ...CONTENT_WRITES,
  "member.created",
  "member.updated",
  "member.deleted",
  "link.created",
  "link.deleted",
  "import",
  "baseline.saved",
  "baseline.renamed",
  "baseline.deleted",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/**
 * The right an undo of this action needs: the one the write it reverts needed (the permission table,
 * core/access/permissions.ts), so nobody undoes what they could not have done.
 * @example rightToUndo("member.deleted") // "share"
 */
export function rightToUndo(action: ActivityAction): ProjectAction {
  if (action === "project.updated") return "manage";
  if (action.startsWith("member.") || action.startsWith("link.")) return "share";
  return "edit";
}

/** Each changed field's value before and after the write, as the API shows that field. */
export type FieldChanges = Record<string, [unknown, unknown]>;

/** A task the scheduler moved because of the write (dates "YYYY-MM-DD"; `from` null: not scheduled before). */
export type ActivityMove = { id: number; name: string; from: ScheduledDates | null; to: ScheduledDates };

/** One task's changes in a write of several tasks (a reorder, cards moved in the graph). */
export type ActivityItem = { taskId: number; name: string; changes: FieldChanges };

export type ActivityEntryDto = {
  id: number;
  /** ISO timestamp of the write. */
  at: string;
  /** Who wrote it; null when that account is gone. */
  actor: { id: number; name: string } | null;
  action: ActivityAction;
  taskId: number | null;
  dependencyId: number | null;
  /**
   * What the entry is about, in words, as it was named then: a task's or a category's name, a
   * dependency's "Prerequisite → Dependent", a member's email, the imported file's project name.
   */
  subject: string | null;
  changes: FieldChanges;
  /** Each task's changes when one write changed several (tasks.reordered, tasks.positioned). */
  items: ActivityItem[];
  /** The tasks the scheduler moved because of this write. */
  moved: ActivityMove[];
  /** The entry this one undid, or null. */
  undoOf: number | null;
  /** The entry that undid this one, or null. */
  undoneBy: number | null;
  /** True for an undo (of a change or of a redo); false for a change and for a redo. */
  isUndo: boolean;
  /** False for what cannot be reverted: a project's creation, an import. */
  undoable: boolean;
};

export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 200;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${ACTIVITY_PAGE_MAX}.`;

/** `GET /api/projects/{id}/activity?limit=50&before={entryId}&taskId=&mine=true`. */
export const activityQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(ACTIVITY_PAGE_MAX, LIMIT_MESSAGE)
    .default(ACTIVITY_PAGE_DEFAULT),
  /** Entries older than this one (the last id of the page before). */
  before: idParam("before").optional(),
  /** Only the entries about this task (its history in the task dialog). */
  taskId: idParam("taskId").optional(),
  /** Only the caller's own entries (what Ctrl+Z reaches). */
  mine: z
    .string()
    .optional()
    .transform((value) => value === "true" || value === "1"),
});

export const entryIdParamsSchema = z.object({ entryId: idParam("entryId") });

/** The 409 of an undo: the entry was undone already. */
export const ALREADY_UNDONE_MESSAGE = "This change has already been undone.";
/** The 409 of an undo of what cannot be reverted. */
export const NOT_UNDOABLE_MESSAGE = "This change cannot be undone.";
export const ENTRY_NOT_FOUND = "Activity entry not found.";
