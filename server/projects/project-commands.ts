// The project's own update as a command (server/commands/command.ts): its name, description and
// archived flag, and its working calendar, whose change reschedules its auto tasks (a dry run
// previews that).
import { eq } from "drizzle-orm";
import { PROJECT_NOT_FOUND } from "../access/access-level";
import { recordProjectActivity } from "../activity/record-writes";
import type { Command, CommandEvent } from "../commands/command";
import { type Project, projects } from "../db/schema";
import { definedOf } from "../lib/defined-fields";
import { notFound } from "../lib/errors";
import { lockProject, NO_RESCHEDULING, reschedule } from "../scheduling/rescheduler";

/** What a project update may set (updateProjectSchema's output, or an undo's before-values). */
export type ProjectChanges = {
  name?: string;
  description?: string | null;
  archived?: boolean;
  startDate?: string;
  workingDays?: number[];
  holidays?: string[];
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
