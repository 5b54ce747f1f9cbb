// Dependencies: a prerequisite (source) and a dependent (target) task of one project. The graph
// stays a DAG: a dependency that would close a cycle is refused with 409 naming the tasks on it.
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { cycleClosedBy } from "../../../core/graph/cycles";
import { idParamsSchema } from "../../../core/schemas/common";
import { createDependencySchema } from "../../../core/schemas/tasks";
import { requireProjectAccess, requireTaskAccess } from "../../access/access-level";
import { uniqueViolationOf } from "../../auth/users";
import { dependencies, projects, tasks } from "../../db/schema";
import { currentUser } from "../../lib/current-user";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { toDependencyDto } from "../../lib/serialize";

const DEPENDENCY_EXISTS = "This dependency already exists.";

export default async function dependencyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.post("/api/dependencies", { schema: { body: createDependencySchema } }, async (request, reply) => {
    const user = currentUser(request);
    const { sourceTaskId, targetTaskId } = request.body;
    if (sourceTaskId === targetTaskId) throw badRequest("A task cannot depend on itself.");
    const prerequisite = await requireTaskAccess(db, user, sourceTaskId, "read");
    const dependent = await requireTaskAccess(db, user, targetTaskId, "read");
    if (prerequisite.task.projectId !== dependent.task.projectId) {
      throw badRequest("A dependency must join two tasks of the same project.");
    }
    const projectId = prerequisite.task.projectId;
    await requireProjectAccess(db, user, projectId, "edit");

    const created = await db.transaction(async (tx) => {
      // Serialises dependency writes per project, so two concurrent edges cannot close a cycle
      // that neither saw alone.
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
      const edges = await tx
        .select({ sourceTaskId: dependencies.sourceTaskId, targetTaskId: dependencies.targetTaskId })
        .from(dependencies)
        .where(eq(dependencies.projectId, projectId));
      if (edges.some((edge) => edge.sourceTaskId === sourceTaskId && edge.targetTaskId === targetTaskId)) {
        throw conflict(DEPENDENCY_EXISTS, "dependency_exists");
      }
      const projectTasks = await tx
        .select({ id: tasks.id, name: tasks.name })
        .from(tasks)
        .where(eq(tasks.projectId, projectId));
      const cycle = cycleClosedBy(
        projectTasks.map((task) => task.id),
        edges,
        sourceTaskId,
        targetTaskId,
      );
      if (cycle) {
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
