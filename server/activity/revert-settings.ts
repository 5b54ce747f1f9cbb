import type { ActivityAction } from "@core/schemas/activity";
import { eq } from "drizzle-orm";
import { projects } from "../db/schema";
import { projectWire } from "../lib/serialize";
import { lockProject, reschedule } from "../scheduling/rescheduler";
import { PROJECT_ACTIVITY_FIELDS, recordProjectActivity } from "./record-writes";
import { changedSince, type Reverter, staleField } from "./reverter";

const undoProjectUpdated: Reverter = async ({ tx, entry, actor, mark }) => {
  await lockProject(tx, entry.projectId);
  const [before] = await tx.select().from(projects).where(eq(projects.id, entry.projectId));
  const field = changedSince(projectWire.serialize(before), entry.changes);
  if (field) throw staleField(field, before.name);
  const back = Object.fromEntries(
    Object.entries(entry.changes)
      .filter(([name]) => (PROJECT_ACTIVITY_FIELDS as readonly string[]).includes(name))
      .map(([name, [value]]) => [name, value]),
  );
  const calendar = ["startDate", "workingDays", "holidays"].some((name) => name in back);
  const rescheduling = calendar
    ? await reschedule(tx, entry.projectId, false, (state) => {
        state.calendar = { ...state.calendar, ...back };
      })
    : { moved: [], moves: [], store: async () => {} };
  const [after] = await tx
    .update(projects)
    .set({ ...back, updatedAt: new Date() })
    .where(eq(projects.id, entry.projectId))
    .returning();
  await rescheduling.store();
  const activityId = await recordProjectActivity(
    tx,
    actor.id,
    { before, after, moves: rescheduling.moves },
    mark,
  );
  // The project's fields, then the tasks the calendar moved, as PATCH publishes them.
  return { activityId, event: { type: "project.updated", taskIds: rescheduling.moved } };
};

export const settingsReverters: Partial<Record<ActivityAction, Reverter>> = {
  "project.updated": undoProjectUpdated,
};
