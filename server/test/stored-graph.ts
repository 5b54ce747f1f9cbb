// What the stored data must hold after any run of fuzzed or hostile writes: every dependency
// joins two tasks of its own project and no task to itself, no task outlives its project, and no
// project's dependencies form a cycle.
import { findCycle } from "@core/graph/cycles";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../db/client";
import { dependencies, projects, tasks } from "../db/schema";

export async function expectStoredGraphWhole(db: Database) {
  const rows = await db
    .select({ dependency: dependencies, source: tasks.projectId })
    .from(dependencies)
    .innerJoin(tasks, eq(tasks.id, dependencies.sourceTaskId));
  const taskProjects = new Map((await db.select().from(tasks)).map((task) => [task.id, task.projectId]));
  for (const { dependency, source } of rows) {
    expect(source).toBe(dependency.projectId);
    expect(taskProjects.get(dependency.targetTaskId)).toBe(dependency.projectId);
    expect(dependency.sourceTaskId).not.toBe(dependency.targetTaskId);
  }
  const projectIds = new Set((await db.select({ id: projects.id }).from(projects)).map((row) => row.id));
  for (const projectId of taskProjects.values()) expect(projectIds.has(projectId)).toBe(true);
  for (const projectId of projectIds) {
    const inProject = rows
      .filter((row) => row.dependency.projectId === projectId)
      .map((row) => row.dependency);
    const taskIds = [...taskProjects].filter(([, owner]) => owner === projectId).map(([id]) => id);
    expect(findCycle(taskIds, inProject)).toBeNull();
  }
}
