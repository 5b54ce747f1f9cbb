// The tasks and dependencies read as DTOs by SQL must serialise exactly as toTaskDto's and
// toDependencyDto's objects: same keys in the same order, the same ISO strings (milliseconds
// truncated, "Z"), the same nulls and numbers.
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { toDependencyDto, toTaskDto } from "../lib/serialize";
import { openTestDatabase } from "../test/test-app";
import type { DatabaseHandle } from "./client";
import { dependencies, projects, tasks, users } from "./schema";
import { projectDependencyDtos, taskDtosByIds, versionedTaskDtos } from "./task-rows";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

it("reads tasks exactly as toTaskDto writes them", async () => {
  const { db } = database;
  const [owner] = await db.insert(users).values({ email: "rows@example.com" }).returning();
  const [project] = await db
    .insert(projects)
    .values({ name: "Rows", slug: "rows-1", userId: owner.id })
    .returning();
  await db.insert(tasks).values([
    { projectId: project.id, name: "Plain", order: 2 },
    {
      projectId: project.id,
      name: 'Quotes " and ünïcode ✓',
      description: "line\nbreak",
      status: "completed",
      completed: true,
      completedAt: new Date("2026-03-04T05:06:07.891Z"),
      startDate: new Date("1999-12-31T23:59:59.999Z"),
      dueDate: new Date("2026-01-01T00:00:00.000Z"),
      snoozeUntil: new Date("2026-02-03T10:00:00.5Z"),
      assigneeId: owner.id,
      positionX: 0.1,
      positionY: -1234.5678,
      width: 320,
      height: 1e-7,
      order: 1,
    },
  ]);
  // Microseconds the driver never wrote: PostgreSQL keeps them, the DTO truncates to milliseconds.
  await db.execute(sql`update tasks set updated_at = '2026-05-06 07:08:09.123987+02' where name = 'Plain'`);
  const rows = await db.select().from(tasks).where(eq(tasks.projectId, project.id)).orderBy(asc(tasks.order));
  const expected = rows.map(toTaskDto);
  const versioned = await versionedTaskDtos(db, project.id);
  for (const row of versioned) expect(row.rowVersion).toMatch(/^\d+$/);
  const read = versioned.map(({ rowVersion: _rowVersion, ...task }) => task);
  expect(JSON.stringify(read)).toBe(JSON.stringify(expected));
  const [second] = await versionedTaskDtos(db, project.id, [expected[1].id]);
  expect(JSON.stringify({ ...second, rowVersion: undefined })).toBe(JSON.stringify(expected[1]));
  expect(JSON.stringify(await taskDtosByIds(db, [expected[1].id]))).toBe(JSON.stringify([expected[1]]));
  expect(await taskDtosByIds(db, [])).toEqual([]);
});

it("reads dependencies exactly as toDependencyDto writes them, by id", async () => {
  const { db } = database;
  const [owner] = await db.insert(users).values({ email: "edges@example.com" }).returning();
  const [project] = await db
    .insert(projects)
    .values({ name: "Edges", slug: "edges-1", userId: owner.id })
    .returning();
  const made = await db
    .insert(tasks)
    .values(["A", "B", "C"].map((name, order) => ({ projectId: project.id, name, order })))
    .returning();
  const [a, b, c] = made;
  await db.insert(dependencies).values([
    { projectId: project.id, sourceTaskId: b.id, targetTaskId: c.id },
    { projectId: project.id, sourceTaskId: a.id, targetTaskId: b.id },
  ]);
  const stored = await db
    .select()
    .from(dependencies)
    .where(eq(dependencies.projectId, project.id))
    .orderBy(asc(dependencies.id));
  const read = await projectDependencyDtos(db, project.id);
  expect(JSON.stringify(read)).toBe(JSON.stringify(stored.map(toDependencyDto)));
  expect(read.map((row) => [row.sourceTaskId, row.targetTaskId])).toEqual([
    [b.id, c.id],
    [a.id, b.id],
  ]);
});
