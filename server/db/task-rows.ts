// Tasks and dependencies read straight into the API's DTO shapes (core/schemas), for the routes
// that answer with whole projects: plain SQL through db.execute, because Drizzle's select maps every
// row through its column objects (about 7 ms for 7,500 dependencies). The select lists come from
// the tables' wire shapes (wire-shape.ts), so the rows serialise exactly as toTaskDto's and
// toDependencyDto's objects do, and timestamps arrive as ISO strings: at 5,000 tasks turning rows
// into Dates and back cost more than reading them (docs/performance.md, "Server and domain").
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import { type SQL, sql } from "drizzle-orm";
import { dependencyWire, taskWire } from "../lib/serialize";
import type { Database } from "./client";

const taskDtoColumns = taskWire.selectList("t");

/** Ids as one PostgreSQL integer array parameter, for `= any(...)`: one placeholder however many. */
export const idArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(",")}}`}::int[]`;

/** Numbers (or nulls) as one array parameter of the given SQL type ("integer", "double precision"). */
export const numberArray = (values: readonly unknown[], type: string): SQL =>
  sql`${`{${values.map((value) => (value === null ? "NULL" : String(Number(value)))).join(",")}}`}::${sql.raw(type)}[]`;

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
  sql`select ${dependencyWire.selectList("d")} from dependencies d where d.project_id = ${projectId} order by d.id`;

/** The project's dependencies with these ids as DTOs, by id (a dependency of another project is left out). */
export async function dependencyDtosByIds(
  db: Database,
  projectId: number,
  ids: readonly number[],
): Promise<DependencyDto[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(
    sql`select ${dependencyWire.selectList("d")} from dependencies d
      where d.project_id = ${projectId} and d.id = any(${idArray(ids)}) order by d.id`,
  );
  return (result as unknown as { rows: DependencyDto[] }).rows;
}

/** A project's dependencies as DTOs, by id. */
export async function projectDependencyDtos(db: Database, projectId: number): Promise<DependencyDto[]> {
  const result = await db.execute(projectDependencyDtosSql(projectId));
  return (result as unknown as { rows: DependencyDto[] }).rows;
}
