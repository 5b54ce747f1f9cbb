// Tasks and dependencies read straight into the API's DTO shapes (core/schemas/projects.ts), for
// the routes that answer with whole projects: plain SQL through db.execute, because Drizzle's
// select maps every row through its column objects (about 7 ms for 7,500 dependencies). The
// database formats the timestamps as the ISO strings Date.prototype.toISOString gives (UTC,
// milliseconds, "Z"), so no row becomes a Date and back: at 5,000 tasks that conversion cost more
// than reading the rows (docs/performance.md, "Server and domain"). serialize.ts's toTaskDto stays the reference for single tasks.

import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./client";

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Column order is the DTO's key order, so the rows serialise exactly as toTaskDto's objects do.
const taskDtoColumns = sql`
  t.id, t.project_id as "projectId", t.name, t.description, t.status, t.completed,
  ${iso(sql`t.completed_at`)} as "completedAt", ${iso(sql`t.start_date`)} as "startDate",
  ${iso(sql`t.snooze_until`)} as "snoozeUntil", ${iso(sql`t.due_date`)} as "dueDate",
  t.category_id as "categoryId", t.assignee_id as "assigneeId",
  t.position_x as "positionX", t.position_y as "positionY", t.width, t.height, t."order",
  ${iso(sql`t.created_at`)} as "createdAt", ${iso(sql`t.updated_at`)} as "updatedAt"`;

/** Ids as one PostgreSQL integer array parameter, for `= any(...)`: one placeholder however many. */
export const idArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(",")}}`}::int[]`;

const selectTaskDtosSql = (where: SQL, orderBy: SQL) =>
  sql`select ${taskDtoColumns} from tasks t where ${where} order by ${orderBy}`;

async function selectTaskDtos(db: Database, where: SQL, orderBy: SQL): Promise<TaskDto[]> {
  const result = await db.execute(selectTaskDtosSql(where, orderBy));
  // Both drivers answer { rows }; PGlite and node-postgres parse integers, doubles and booleans.
  return (result as unknown as { rows: TaskDto[] }).rows;
}

/** The tasks with these ids as DTOs, in id order. */
export function taskDtosByIds(db: Database, ids: readonly number[]): Promise<TaskDto[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectTaskDtos(db, sql`t.id = any(${idArray(ids)})`, sql`t.id`);
}

/** A task's DTO with the version of its row (PostgreSQL's xmin: every update writes a new one). */
export type VersionedTaskDto = TaskDto & { rowVersion: string };

/**
 * Each task of the project with the version of its row, in the project's order: enough to tell
 * which tasks changed since a copy was made, without reading them. xmin is the transaction that
 * wrote the row version; whatever changes a row (any route, a cascade setting a category or an
 * assignee to null, another instance) writes a new version, and two versions of one row that are
 * ever visible never share one, since a transaction's own earlier versions are never visible.
 */
export async function projectTaskRowVersions(
  db: Database,
  projectId: number,
): Promise<{ id: number; rowVersion: string }[]> {
  const result = await db.execute(
    sql`select id, xmin::text as "rowVersion" from tasks where project_id = ${projectId} order by "order", id`,
  );
  return (result as unknown as { rows: { id: number; rowVersion: string }[] }).rows;
}

/**
 * The statement versionedTaskDtos runs: the project's tasks (all of them, or these ones) as DTOs
 * with row versions, by order then id. The API benchmark's raw baseline runs it too.
 */
export const versionedTaskDtosSql = (projectId: number, ids?: readonly number[]): SQL => {
  const these = ids ? sql` and t.id = any(${idArray(ids)})` : sql``;
  return sql`select t.xmin::text as "rowVersion", ${taskDtoColumns} from tasks t
    where t.project_id = ${projectId}${these} order by t."order", t.id`;
};

/** The project's tasks (all of them, by order then id, or these ones) as DTOs with row versions. */
export async function versionedTaskDtos(
  db: Database,
  projectId: number,
  ids?: readonly number[],
): Promise<VersionedTaskDto[]> {
  const result = await db.execute(versionedTaskDtosSql(projectId, ids));
  return (result as unknown as { rows: VersionedTaskDto[] }).rows;
}

/** The statement projectDependencyDtos runs, for the API benchmark's raw baseline too. */
export const projectDependencyDtosSql = (projectId: number): SQL =>
  sql`select id, project_id as "projectId", source_task_id as "sourceTaskId", target_task_id as "targetTaskId"
      from dependencies where project_id = ${projectId} order by id`;

/** A project's dependencies as DTOs, by id. */
export async function projectDependencyDtos(db: Database, projectId: number): Promise<DependencyDto[]> {
  const result = await db.execute(projectDependencyDtosSql(projectId));
  return (result as unknown as { rows: DependencyDto[] }).rows;
}
