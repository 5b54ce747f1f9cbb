// An import as a command (server/commands/command.ts): the prepared plan stored as a new project of
// the caller's own, in one transaction, with one entry for the whole import (what it made,
// counted; not undoable). No event: nobody else sees the project yet.
import type { ImportFormat } from "@core/schemas/import-export";
import { recordActivity } from "../activity/activity-log";
import type { Command } from "../commands/command";
import type { Project } from "../db/schema";
import { type ImportCounts, type PreparedPlan, storePlan } from "./store-plan";

export const importPlan: Command<
  { prepared: PreparedPlan; format: ImportFormat; counts: ImportCounts },
  Project
> = async ({ tx, actor }, { prepared, format, counts }) => {
  const stored = await storePlan(tx, actor, prepared);
  const made = Object.entries(counts).map(([kind, count]) => [kind, [0, count]]);
  const activityId = await recordActivity(tx, {
    projectId: stored.id,
    actorId: actor.id,
    action: "import",
    subject: stored.name,
    changes: { format: [null, format], ...Object.fromEntries(made) },
    undoable: false,
  });
  return { value: stored, activityId, event: null };
};
