// The in-memory copy of a project's edges behind the cycle check: it answers as the stored graph
// does, and never outlives a change to the stored dependencies, whoever made it.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dependencies, type Project, projects, type Task } from "../db/schema";
import { createDependencyIn, createProjectFor, createTaskIn } from "../test/factories";
import { setupClients, setupTestApp } from "../test/test-app";
import { ProjectEdges, ProjectEdgesCache } from "./project-edges";

describe("ProjectEdges", () => {
  const edges = () =>
    new ProjectEdges(3, [
      { sourceTaskId: 1, targetTaskId: 2 },
      { sourceTaskId: 2, targetTaskId: 3 },
      { sourceTaskId: 1, targetTaskId: 4 },
    ]);

  it("knows its edges and names the shortest cycle a new one would close", () => {
    const graph = edges();
    expect(graph.has(1, 2)).toBe(true);
    expect(graph.has(2, 1)).toBe(false);
    expect(graph.cycleClosedBy(3, 1)).toEqual([3, 1, 2, 3]);
    expect(graph.cycleClosedBy(1, 3)).toBeNull();
    expect(graph.cycleClosedBy(4, 2)).toBeNull();
    graph.add(3, 4);
    expect(graph.cycleClosedBy(4, 1)).toEqual([4, 1, 4]);
  });
});

describe("ProjectEdgesCache", () => {
  it("answers a copy only at the version it was read at, and drops a stale one", () => {
    const cache = new ProjectEdgesCache();
    const copy = new ProjectEdges(5, []);
    cache.store(7, copy);
    expect(cache.current(7, 5)).toBe(copy);
    expect(cache.current(7, 6)).toBeUndefined();
    expect(cache.current(7, 5)).toBeUndefined();
    expect(cache.current(8, 5)).toBeUndefined();
  });

  it("follows a committed edge to the next version, unless the copy was replaced meanwhile", () => {
    const cache = new ProjectEdgesCache();
    const copy = new ProjectEdges(1, []);
    cache.store(7, copy);
    cache.committed(7, copy, 1, 10, 11);
    expect(cache.current(7, 2)?.has(10, 11)).toBe(true);

    const replaced = new ProjectEdges(2, []);
    const newer = new ProjectEdges(9, []);
    cache.store(7, newer);
    cache.committed(7, replaced, 2, 12, 13);
    expect(cache.current(7, 9)).toBe(newer);
    expect(newer.has(12, 13)).toBe(false);
    expect(replaced.has(12, 13)).toBe(false);
  });

  it("keeps the projects used most recently, up to its capacity", () => {
    const cache = new ProjectEdgesCache(2);
    for (const id of [1, 2]) cache.store(id, new ProjectEdges(0, []));
    expect(cache.current(1, 0)).toBeDefined(); // 1 is now the most recent
    cache.store(3, new ProjectEdges(0, []));
    expect(cache.size).toBe(2);
    expect(cache.current(2, 0)).toBeUndefined();
    expect(cache.current(1, 0)).toBeDefined();
    expect(cache.current(3, 0)).toBeDefined();
  });
});

describe("the cycle check after changes it did not make", () => {
  const testApp = setupTestApp();
  const [owner] = setupClients(testApp, 1);

  const link = (sourceTaskId: number, targetTaskId: number) =>
    owner.inject({ method: "POST", url: "/api/dependencies", payload: { sourceTaskId, targetTaskId } });

  async function chain(...names: string[]): Promise<{ project: Project; tasks: Task[] }> {
    const project = await createProjectFor(testApp, owner.user, { name: names.join(" ") });
    const tasks: Task[] = [];
    for (const name of names) tasks.push(await createTaskIn(testApp, project, { name }));
    return { project, tasks };
  }

  const versionOf = async (project: Project) => {
    const [row] = await testApp.database.db
      .select({ graphVersion: projects.graphVersion })
      .from(projects)
      .where(eq(projects.id, project.id));
    return row.graphVersion;
  };

  it("moves the project's graph version with every insert, update, delete and truncate", async () => {
    const { project, tasks } = await chain("One", "Two", "Three");
    const other = await chain("Elsewhere", "Else");
    const { db } = testApp.database;
    const before = await versionOf(project);
    const edge = await createDependencyIn(testApp, tasks[0], tasks[1]);
    expect(await versionOf(project)).toBe(before + 1);
    await db.update(dependencies).set({ targetTaskId: tasks[2].id }).where(eq(dependencies.id, edge.id));
    expect(await versionOf(project)).toBe(before + 2);
    await db.delete(dependencies).where(eq(dependencies.id, edge.id));
    expect(await versionOf(project)).toBe(before + 3);
    // A statement touching no dependency of the project leaves it alone; others move on their own.
    const otherBefore = await versionOf(other.project);
    await createDependencyIn(testApp, other.tasks[0], other.tasks[1]);
    expect(await versionOf(project)).toBe(before + 3);
    expect(await versionOf(other.project)).toBe(otherBefore + 1);
    await db.execute(sql`truncate ${dependencies}`);
    expect(await versionOf(project)).toBe(before + 4);
  });

  it("sees a dependency another instance wrote straight to the database", async () => {
    const { tasks } = await chain("Design", "Build", "Ship");
    const [design, build, ship] = tasks;
    expect((await link(design.id, build.id)).statusCode).toBe(201); // the copy is now in memory
    await createDependencyIn(testApp, build, ship); // not through this app

    const refused = await link(ship.id, design.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "dependency_cycle",
      message: 'This dependency would create a cycle: "Ship" → "Design" → "Build" → "Ship".',
    });
    const duplicate = await link(build.id, ship.id);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe("dependency_exists");
  });

  it("forgets the dependencies of a deleted task", async () => {
    const { project, tasks } = await chain("Plan", "Draft", "Review");
    const [plan, draft, review] = tasks;
    expect((await link(plan.id, draft.id)).statusCode).toBe(201);
    expect((await link(draft.id, review.id)).statusCode).toBe(201);
    expect((await link(review.id, plan.id)).statusCode).toBe(409);

    const deleted = await owner.inject({ method: "DELETE", url: `/api/tasks/${draft.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await link(review.id, plan.id)).statusCode).toBe(201);
    const stored = await testApp.database.db
      .select({ sourceTaskId: dependencies.sourceTaskId, targetTaskId: dependencies.targetTaskId })
      .from(dependencies)
      .where(eq(dependencies.projectId, project.id));
    expect(stored).toEqual([{ sourceTaskId: review.id, targetTaskId: plan.id }]);
  });

  it("forgets a dependency deleted by another instance, or through the API", async () => {
    const { tasks } = await chain("Order", "Pay", "Ship");
    const [order, pay, ship] = tasks;
    const first = await link(order.id, pay.id);
    expect(first.statusCode).toBe(201);
    expect((await link(pay.id, ship.id)).statusCode).toBe(201);
    await testApp.database.db.delete(dependencies).where(eq(dependencies.id, first.json().id));
    expect((await link(ship.id, order.id)).statusCode).toBe(201);

    const lastLink = await link(order.id, pay.id);
    expect(lastLink.statusCode).toBe(409); // Order → Pay → Ship → Order
    const between = await testApp.database.db
      .select({ id: dependencies.id })
      .from(dependencies)
      .where(eq(dependencies.sourceTaskId, pay.id));
    const removed = await owner.inject({ method: "DELETE", url: `/api/dependencies/${between[0].id}` });
    expect(removed.statusCode).toBe(204);
    expect((await link(order.id, pay.id)).statusCode).toBe(201);
  });
});
