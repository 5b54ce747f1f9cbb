// Undoing a project's update runs its command (project-commands.ts) with the values its entry
// recorded before, while the project still holds what the entry left (else 409 stale).
import type { ActivityAction } from "@core/schemas/activity";
import { eq } from "drizzle-orm";
import { PROJECT_ACTIVITY_FIELDS } from "../activity/record-writes";
import { asReverted, beforeValues, type Reverter } from "../activity/reverter";
import { projects } from "../db/schema";
import { projectWire } from "../lib/serialize";
import { lockProject } from "../scheduling/rescheduler";
import { type ProjectChanges, updateProject } from "./project-commands";

const undoUpdated: Reverter = async ({ tx, entry, actor, mark }) => {
  await lockProject(tx, entry.projectId);
  const [current] = await tx.select().from(projects).where(eq(projects.id, entry.projectId));
  const befores = beforeValues(projectWire.serialize(current), entry.changes, current.name);
  // Only what a project update sets goes back (the entry may name what it only read).
  const changes = Object.fromEntries(
    Object.entries(befores).filter(([name]) => (PROJECT_ACTIVITY_FIELDS as readonly string[]).includes(name)),
  ) as ProjectChanges;
  return asReverted(
    await updateProject({ tx, actor, dryRun: false, mark }, { projectId: entry.projectId, changes }),
  );
};

export const projectReverters: Partial<Record<ActivityAction, Reverter>> = {
  "project.updated": undoUpdated,
};
