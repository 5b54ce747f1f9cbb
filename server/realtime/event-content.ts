// What a published change carries (docs/decisions/029-events-carry-the-change.md): the project's next
// version, taken as
// the change is published, and the rows it touched as they stand after that, read by id: a task
// with its `schedule` (from the project's computed schedule, project-schedules.ts), a dependency, a
// category, or, when gone, its id among the deleted. Rows are read after the version is taken, so
// an event never carries rows older than the changes numbered before it: a client that applies
// events in version order ends with what a fresh read shows. Reading by id keeps an event's cost
// to the rows it names, whatever the size of the plan.
import type { ProjectChange, ProjectEvent } from "@core/schemas/events";
import type { CategoryDto, ScheduledTaskDto } from "@core/schemas/projects";
import { buildOutline } from "@core/tasks/outline";
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { readActivityEntry } from "../activity/activity-log";
import type { Database } from "../db/client";
import { categories, projects, projectTaskVersions } from "../db/schema";
import { dependencyDtosByIds, taskDtosByIds } from "../db/task-rows";
import { projectWire, toCategoryDto } from "../lib/serialize";
import type { ProjectScheduleCache } from "../scheduling/project-schedules";
import { outlineRows } from "../tasks/task-outline";

const unique = (ids: readonly number[] | undefined) => [...new Set(ids ?? [])];

/**
 * Takes the project's next version (one statement, which waits for any write holding the
 * project's row) and answers the project as it then stands, with the version of its tasks'
 * scheduling inputs; null when the project is gone.
 */
async function takeVersion(db: Database, projectId: number) {
  const [row] = await db
    .update(projects)
    .set({ version: sql`${projects.version} + 1` })
    .where(eq(projects.id, projectId))
    .returning({
      ...getTableColumns(projects),
      scheduleVersion: sql<number>`coalesce((select ${projectTaskVersions.scheduleVersion}
        from ${projectTaskVersions} where ${projectTaskVersions.projectId} = ${projects.id}), 0)`.mapWith(
        Number,
      ),
    });
  return row ?? null;
}

/** The rows of `ids` still in the project, and the ids that are not (deleted, or moved away). */
function split<T extends { id: number }>(ids: number[], rows: T[]) {
  const found = new Set(rows.map((row) => row.id));
  return { rows, deleted: ids.filter((id) => !found.has(id)) };
}

/**
 * The event with the project's next version and what the change left. Without a version (the
 * project is gone) it goes as it came: a client refetches.
 */
export async function withChange(
  db: Database,
  schedules: ProjectScheduleCache,
  event: ProjectEvent,
): Promise<ProjectEvent> {
  if (event.type === "project.deleted") return event;
  const project = await takeVersion(db, event.projectId);
  if (!project) return event;
  const change: ProjectChange = {};
  const taskIds = unique(event.taskIds);
  const dependencyIds = unique(event.dependencyIds);
  const categoryIds = unique(event.categoryIds);

  // The activity entry is read beside the rows, not after them: one round trip for the lot.
  const [taskRows, dependencyRows, categoryRows, activity] = await Promise.all([
    taskIds.length === 0 ? [] : taskDtosByIds(db, taskIds),
    dependencyDtosByIds(db, project.id, dependencyIds),
    categoryIds.length === 0
      ? []
      : db
          .select()
          .from(categories)
          .where(and(eq(categories.projectId, project.id), inArray(categories.id, categoryIds))),
    event.activityId === undefined ? null : readActivityEntry(db, event.activityId),
  ]);

  if (taskIds.length > 0) {
    const { rows, deleted } = split(
      taskIds,
      taskRows.filter((task) => task.projectId === project.id),
    );
    const scheduled = rows as ScheduledTaskDto[];
    // Each task's place in the outline, as a fresh read carries it (its siblings decide its WBS),
    // before its schedule, in the answer's key order.
    if (scheduled.length > 0) {
      const outline = buildOutline(await outlineRows(db, project.id));
      for (const task of scheduled) Object.assign(task, outline.fieldsOf(task.id));
    }
    if (rows.some((task) => task.duration !== null)) {
      const schedule = await schedules.of(db, project.id, {
        scheduleVersion: project.scheduleVersion,
        graphVersion: project.graphVersion,
        calendar: project,
      });
      for (const task of scheduled) task.schedule = schedule.tasks.get(task.id) ?? null;
      change.finish = schedule.finish;
    } else for (const task of scheduled) task.schedule = null;
    if (scheduled.length > 0) change.tasks = scheduled;
    if (deleted.length > 0) change.deletedTaskIds = deleted;
  }
  if (dependencyIds.length > 0) {
    const { rows, deleted } = split(dependencyIds, dependencyRows);
    if (rows.length > 0) change.dependencies = rows;
    if (deleted.length > 0) change.deletedDependencyIds = deleted;
  }
  if (categoryIds.length > 0) {
    const { rows, deleted } = split(categoryIds, categoryRows);
    if (rows.length > 0) change.categories = rows.map(toCategoryDto) satisfies CategoryDto[];
    if (deleted.length > 0) change.deletedCategoryIds = deleted;
  }
  if (activity) change.activity = activity;
  if (event.type === "project.updated") {
    const { scheduleVersion: _scheduleVersion, ...fields } = project;
    change.project = projectWire.serialize(fields);
  }
  return { ...event, ...change, version: project.version };
}
