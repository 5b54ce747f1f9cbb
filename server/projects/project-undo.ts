// Undoing a project's update runs its command (project-commands.ts) with the values its entry
// recorded before, while the project still holds what the entry left (else 409 stale).
import type { ActivityAction } from "@core/schemas/activity";
import { eq } from "drizzle-orm";
import { PROJECT_ACTIVITY_FIELDS } from "../activity/record-writes";
import { type RevertContext, type Reverter, undoUpdateOf } from "../activity/reverter";
import { projects } from "../db/schema";
import { projectWire } from "../lib/serialize";
import { lockProject } from "../scheduling/rescheduler";
import { type ProjectChanges, updateProject } from "./project-commands";

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
