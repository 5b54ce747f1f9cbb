// Dependencies: a prerequisite (source) and a dependent (target) task of one project. The graph
// stays a DAG: a dependency that would close a cycle is refused with 409 naming the tasks on it.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { cycleClosedBy } from "../../../core/graph/cycles";
import { idParamsSchema } from "../../../core/schemas/common";
import { createDependencySchema } from "../../../core/schemas/tasks";
import { getProjectAccess, requireProjectAccess, TASK_NOT_FOUND } from "../../access/access-level";
import { uniqueViolationOf } from "../../auth/users";
import type { Database } from "../../db/client";
import { dependencies, projects, tasks, type User } from "../../db/schema";
import { currentUser } from "../../lib/current-user";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { toDependencyDto } from "../../lib/serialize";

const DEPENDENCY_EXISTS = "This dependency already exists.";

/**
 * The project of a prerequisite and a dependent task, checked as requireTaskAccess and
 * requireProjectAccess would in turn (a task the caller cannot see is "not found"; two projects are
 * refused; then edit rights), with both tasks read in one statement.
 */
async function projectOfPair(db: Database, user: User, sourceTaskId: number, targetTaskId: number) {
  const pair = await db
    .select({ id: tasks.id, projectId: tasks.projectId })
    .from(tasks)
    .where(inArray(tasks.id, [sourceTaskId, targetTaskId]));
  const prerequisite = pair.find((task) => task.id === sourceTaskId);
  const dependent = pair.find((task) => task.id === targetTaskId);
  if (!prerequisite || !dependent) throw notFound(TASK_NOT_FOUND);
  if (prerequisite.projectId !== dependent.projectId) {
    for (const projectId of [prerequisite.projectId, dependent.projectId]) {
      if (!(await getProjectAccess(db, user, projectId))) throw notFound(TASK_NOT_FOUND);
    }
    throw badRequest("A dependency must join two tasks of the same project.");
  }
  try {
    await requireProjectAccess(db, user, prerequisite.projectId, "edit");
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound(TASK_NOT_FOUND);
    throw error;
  }
  return prerequisite.projectId;
}

export default async function dependencyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.post("/api/dependencies", { schema: { body: createDependencySchema } }, async (request, reply) => {
    const user = currentUser(request);
    const { sourceTaskId, targetTaskId } = request.body;
    if (sourceTaskId === targetTaskId) throw badRequest("A task cannot depend on itself.");
    const projectId = await projectOfPair(db, user, sourceTaskId, targetTaskId);

    const created = await db.transaction(async (tx) => {
      // Serialises dependency writes per project, so two concurrent edges cannot close a cycle
      // that neither saw alone.
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
      // One statement, whatever the project's size: does the edge exist, and can the prerequisite
      // already be reached from the dependent (then the new edge would close a cycle)? The walk
      // follows the pair index (source, target) and visits only what lies downstream.
      const result = await tx.execute(sql`
        select
          exists (
            select 1 from ${dependencies}
            where source_task_id = ${sourceTaskId} and target_task_id = ${targetTaskId}
          ) as "exists",
          exists (
            with recursive downstream(id) as (
              select ${targetTaskId}::integer
              union
              select d.target_task_id from ${dependencies} d join downstream on d.source_task_id = downstream.id
            )
            select 1 from downstream where id = ${sourceTaskId}
          ) as "closesCycle"`);
      const [check] = (result as unknown as { rows: { exists: boolean; closesCycle: boolean }[] }).rows;
      if (check.exists) throw conflict(DEPENDENCY_EXISTS, "dependency_exists");
      if (check.closesCycle) {
        // Only a refused edge loads the project, to name the shortest cycle exactly as core does.
        const [edges, projectTasks] = await Promise.all([
          tx
            .select({ sourceTaskId: dependencies.sourceTaskId, targetTaskId: dependencies.targetTaskId })
            .from(dependencies)
            .where(eq(dependencies.projectId, projectId)),
          tx.select({ id: tasks.id, name: tasks.name }).from(tasks).where(eq(tasks.projectId, projectId)),
        ]);
        const cycle = cycleClosedBy(
          projectTasks.map((task) => task.id),
          edges,
          sourceTaskId,
          targetTaskId,
        ) as number[];
        const names = new Map(projectTasks.map((task) => [task.id, task.name]));
        const path = cycle.map((id) => `"${names.get(id)}"`).join(" → ");
        throw conflict(`This dependency would create a cycle: ${path}.`, "dependency_cycle");
      }
      try {
        const [row] = await tx
          .insert(dependencies)
          .values({ projectId, sourceTaskId, targetTaskId })
          .returning();
        return row;
      } catch (error) {
        if (uniqueViolationOf(error) !== undefined) throw conflict(DEPENDENCY_EXISTS, "dependency_exists");
        throw error;
      }
    });
    await app.events.publish({
      type: "dependency.created",
      projectId,
      dependencyIds: [created.id],
      taskIds: [sourceTaskId, targetTaskId],
      actorId: user.id,
    });
    return reply.code(201).send(toDependencyDto(created));
  });

  app.delete("/api/dependencies/:id", { schema: { params: idParamsSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const [dependency] = await db
      .select()
      .from(dependencies)
      .where(eq(dependencies.id, request.params.id))
      .limit(1);
    if (!dependency) throw notFound("Dependency not found.");
    try {
      await requireProjectAccess(db, user, dependency.projectId, "edit");
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) throw notFound("Dependency not found.");
      throw error;
    }
    await db.delete(dependencies).where(and(eq(dependencies.id, dependency.id)));
    await app.events.publish({
      type: "dependency.deleted",
      projectId: dependency.projectId,
      dependencyIds: [dependency.id],
      taskIds: [dependency.sourceTaskId, dependency.targetTaskId],
      actorId: user.id,
    });
    return reply.code(204).send();
  });
}
