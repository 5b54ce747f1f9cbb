// The project's own update as a command (server/commands/command.ts): its name, description and
// archived flag, and its working calendar, whose change reschedules its auto tasks (a dry run
// previews that).
// Its undo (projectReverters) runs it with the values the entry recorded before, while the project
// still holds what the entry left (else 409 stale).

import type { ActivityAction } from "@core/schemas/activity";
import { eq } from "drizzle-orm";
import { PROJECT_NOT_FOUND } from "../access/access-level";
import { recordActivity } from "../activity/activity-log";
import { PROJECT_ACTIVITY_FIELDS, recordProjectActivity } from "../activity/record-writes";
import { type RevertContext, type Reverter, undoUpdateOf } from "../activity/reverter";
import type { Command, CommandEvent } from "../commands/command";
import { activityEntries, type Project, projects } from "../db/schema";
import { definedOf } from "../lib/defined-fields";
import { notFound } from "../lib/errors";
import { projectWire } from "../lib/serialize";
import { lockProject, NO_RESCHEDULING, reschedule } from "../scheduling/rescheduler";
import { createProject } from "./project-store";

/** What a project update may set (updateProjectSchema's output, or an undo's before-values). */
export type ProjectChanges = {
  name?: string;
  description?: string | null;
  archived?: boolean;
  startDate?: string;
  workingDays?: number[];
  holidays?: string[];
  /** The day progress is judged at; null: today. */
  statusDate?: string | null;
};

/**
 * Updates the project. A calendar change plans every auto task again (a dry run always plans, so
 * its preview says the finish even when nothing moves). Its events: the project's fields, then
 * the tasks the calendar moved.
 */
export const updateProject: Command<{ projectId: number; changes: ProjectChanges }, Project> = async (
  { tx, actor, dryRun, mark },
  { projectId, changes },
) => {
  const { startDate, workingDays, holidays, ...details } = changes;
  const calendar = definedOf({ startDate, workingDays, holidays });
  if (!(await lockProject(tx, projectId))) throw notFound(PROJECT_NOT_FOUND);
  const [before] = await tx.select().from(projects).where(eq(projects.id, projectId));
  const rescheduling =
    Object.keys(calendar).length > 0 || dryRun
      ? await reschedule(tx, projectId, dryRun, (state) => {
          state.calendar = { ...state.calendar, ...calendar };
        })
      : NO_RESCHEDULING;
  const [updated] = await tx
    .update(projects)
    .set({ ...definedOf(details), ...calendar, updatedAt: new Date() })
    .where(eq(projects.id, projectId))
    .returning();
  await rescheduling.store();
  const activityId = await recordProjectActivity(
    tx,
    actor.id,
    { before, after: updated, moves: rescheduling.moves },
    mark,
  );
  const events: CommandEvent[] = [{ type: "project.updated", projectId }];
  if (rescheduling.moved.length > 0)
    events.push({ type: "task.updated", projectId, taskIds: rescheduling.moved });
  return { value: updated, activityId, event: events };
};

/** A new project of the caller's own, with its creation recorded (not undoable). No event: nobody else sees it yet. */
export const createNewProject: Command<{ name: string; description: string | null }, Project> = async (
  { tx, actor },
  input,
) => {
  const created = await createProject(tx, actor.id, input);
  const activityId = await recordActivity(tx, {
    projectId: created.id,
    actorId: actor.id,
    action: "project.created",
    subject: created.name,
    undoable: false,
  });
  return { value: created, activityId, event: null };
};

/**
 * Deletes a project. The foreign keys' cascades remove its tasks, dependencies, categories, shares,
 * public link and preferences with it; its activity has no foreign key (schema.ts) and goes too.
 */
export const deleteProject: Command<{ projectId: number }, number> = async ({ tx }, { projectId }) => {
  await tx.delete(projects).where(eq(projects.id, projectId));
  await tx.delete(activityEntries).where(eq(activityEntries.projectId, projectId));
  return { value: projectId, event: { type: "project.deleted", projectId } };
};

// Undo: each write above, reverted by its own command (activity/reverter.ts).
async function projectAsLeft({ tx, entry }: RevertContext) {
  await lockProject(tx, entry.projectId);
  const [current] = await tx.select().from(projects).where(eq(projects.id, entry.projectId));
  return current;
}

/** Only what a project update sets goes back (the entry may name what it only read). */
const settable = (befores: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(befores).filter(([name]) => (PROJECT_ACTIVITY_FIELDS as readonly string[]).includes(name)),
  ) as ProjectChanges;

export const projectReverters: Partial<Record<ActivityAction, Reverter>> = {
  "project.updated": undoUpdateOf(projectAsLeft, projectWire.serialize, (command, project, befores) =>
    updateProject(command, { projectId: project.id, changes: settable(befores) }),
  ),
};
