// The plan on a past day (docs/spec/tracking.md, "The plan on a past day"): the project as stored
// now, with the entries written after the moment walked back in memory (core/activity/as-of.ts)
// and planned again as the project's own answer is (scheduleContent).
import { type AsOfEntry, CannotWalkBack, planAsOf } from "@core/activity/as-of";
import type { ProjectCalendar } from "@core/scheduling/calendar";
import { beforeTheLogMessage, type ProjectAsOfDto } from "@core/schemas/as-of";
import type { DependencyDto, ProjectDto, TaskDto } from "@core/schemas/projects";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Project } from "../db/schema";
import { conflict } from "../lib/errors";
import { type ProjectPreferences, toProjectDto } from "../lib/serialize";
import { type ProjectContentCache, storedContent } from "../projects/project-content";
import { scheduleContent } from "../scheduling/scheduled-content";

type Rows<T> = { rows: T[] };

/** Entries' times as the activity answer shows them: milliseconds, UTC. */
const isoAt = sql`to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** When the project's history begins: its first entry (its creation or its import). */
async function firstMomentOf(db: Database, project: Project): Promise<string> {
  const result = (await db.execute(sql`
    select ${isoAt} as "at" from activity_entries e
    where e.project_id = ${project.id} order by e.project_id, e.id limit 1`)) as unknown as Rows<{
    at: string;
  }>;
  // A project older than its log: it can be shown from when it was made.
  return result.rows[0]?.at ?? project.createdAt.toISOString();
}

type EntryRow = Omit<AsOfEntry, "id"> & { id: number | string };

/**
 * The entries written after `moment`, newest first, in one statement: the newest entry at or before
 * the moment bounds one range of the project's index (activity_entries_project_id_idx), both found
 * walking that index down from the newest. Times compare at milliseconds, as the log shows them.
 */
export async function entriesAfter(db: Database, projectId: number, moment: Date): Promise<AsOfEntry[]> {
  const result = (await db.execute(sql`
    select e.id, ${isoAt} as "at", e.action, e.task_id as "taskId", e.dependency_id as "dependencyId",
      e.changes, e.items, e.moved, e.restore
    from activity_entries e
    where (e.project_id, e.id) > (${projectId}, coalesce((
        select b.id from activity_entries b
        where b.project_id = ${projectId} and date_trunc('milliseconds', b.at) <= ${moment.toISOString()}::timestamptz
        order by b.project_id desc, b.id desc limit 1), 0))
      and e.project_id = ${projectId}
    order by e.project_id desc, e.id desc`)) as unknown as Rows<EntryRow>;
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * The project's answer as it stood at `moment` (a moment to come: as it stands). 409 before its
 * history began (naming the first moment it can show), and at an entry the log cannot walk back.
 */
export async function projectAsOf(
  db: Database,
  cache: ProjectContentCache,
  access: { project: Project; accessLevel: ProjectAsOfDto["accessLevel"]; preferences: ProjectPreferences },
  moment: Date,
): Promise<ProjectAsOfDto> {
  const { project, accessLevel, preferences } = access;
  const firstMoment = await firstMomentOf(db, project);
  if (moment.getTime() < Date.parse(firstMoment))
    throw conflict(beforeTheLogMessage(firstMoment), "before_history", { firstMoment });
  const entries = await entriesAfter(db, project.id, moment);
  const content = await storedContent(db, cache, project);
  const current = {
    project: toProjectDto(project, preferences) as unknown as Record<string, unknown>,
    tasks: JSON.parse(content.tasksJson) as TaskDto[],
    dependencies: JSON.parse(content.dependenciesJson) as DependencyDto[],
  };
  let past: ReturnType<typeof planAsOf>;
  try {
    past = planAsOf(current, entries);
  } catch (error) {
    if (error instanceof CannotWalkBack)
      throw conflict(error.message, "cannot_walk_back", { entryId: error.entry.id, at: error.entry.at });
    throw error;
  }
  const calendar = past.project as unknown as ProjectCalendar;
  // Planned again from the rebuilt inputs, exactly as the project's own answer plans them.
  const scheduled = scheduleContent(calendar, {
    tasksJson: JSON.stringify(past.tasks),
    dependenciesJson: JSON.stringify(past.dependencies),
  });
  return {
    project: past.project as unknown as ProjectDto,
    tasks: JSON.parse(scheduled.tasksJson),
    dependencies: past.dependencies,
    accessLevel,
    schedule: { finish: scheduled.finish },
    asOf: moment.toISOString(),
  };
}
