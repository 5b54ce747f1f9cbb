// Dependencies: a prerequisite (source) and a dependent (target) task of one project. The graph
// stays a DAG: a dependency that would close a cycle is refused with 409 naming the tasks on it.

import { idParamsSchema } from "@core/schemas/common";
import { createDependencySchema, updateDependencySchema } from "@core/schemas/dependencies";
import { dryRunQuerySchema } from "@core/schemas/scheduling";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getProjectAccess, requireProjectAccess, TASK_NOT_FOUND } from "../../access/access-level";
import { fieldChanges } from "../../activity/activity-log";
import { recordDependencyActivity } from "../../activity/record-writes";
import { uniqueViolationOf } from "../../auth/users";
import type { Database } from "../../db/client";
import { type Dependency, dependencies, projects, tasks, type User } from "../../db/schema";
import { ProjectEdges, ProjectEdgesCache } from "../../dependencies/project-edges";
import { currentUser } from "../../lib/current-user";
import { definedOf } from "../../lib/defined-fields";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { toDependencyDto } from "../../lib/serialize";
import { lockProject, reschedule, withDryRun } from "../../scheduling/rescheduler";

const DEPENDENCY_EXISTS = "This dependency already exists.";
const DEPENDENCY_NOT_FOUND = "Dependency not found.";

/** The dependency, if the caller may edit its project (404 when it cannot see it, 403 with too little). */
async function editableDependency(db: Database, user: User, id: number): Promise<Dependency> {
  const [dependency] = await db.select().from(dependencies).where(eq(dependencies.id, id)).limit(1);
  if (!dependency) throw notFound(DEPENDENCY_NOT_FOUND);
  await requireProjectAccess(db, user, dependency.projectId, "edit", { notFound: DEPENDENCY_NOT_FOUND });
  return dependency;
}

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
  await requireProjectAccess(db, user, prerequisite.projectId, "edit", { notFound: TASK_NOT_FOUND });
  return prerequisite.projectId;
}

export default async function dependencyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  // Per app, not per module: tests run several apps, each on its own database, in one process.
  const edgesCache = new ProjectEdgesCache();

  app.post(
    "/api/dependencies",
    { schema: { body: createDependencySchema, querystring: dryRunQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { dryRun } = request.query;
      const { sourceTaskId, targetTaskId, type, lag } = request.body;
      if (sourceTaskId === targetTaskId) throw badRequest("A task cannot depend on itself.");
      const projectId = await projectOfPair(db, user, sourceTaskId, targetTaskId);

      const outcome = await withDryRun(db, dryRun, async (tx) => {
        // The row lock serialises dependency writes per project, so two concurrent edges cannot close
        // a cycle that neither saw alone; under it the graph version is the one of every edge there.
        const [{ graphVersion }] = await tx
          .select({ graphVersion: projects.graphVersion })
          .from(projects)
          .where(eq(projects.id, projectId))
          .for("update");
        let edges = edgesCache.current(projectId, graphVersion);
        if (!edges) {
          const rows = await tx
            .select({ sourceTaskId: dependencies.sourceTaskId, targetTaskId: dependencies.targetTaskId })
            .from(dependencies)
            .where(eq(dependencies.projectId, projectId));
          edges = new ProjectEdges(graphVersion, rows);
          edgesCache.store(projectId, edges);
        }
        if (edges.has(sourceTaskId, targetTaskId)) throw conflict(DEPENDENCY_EXISTS, "dependency_exists");
        const cycle = edges.cycleClosedBy(sourceTaskId, targetTaskId);
        if (cycle) {
          const named = await tx
            .select({ id: tasks.id, name: tasks.name })
            .from(tasks)
            .where(inArray(tasks.id, [...new Set(cycle)]));
          const names = new Map(named.map((task) => [task.id, task.name]));
          const path = cycle.map((id) => `"${names.get(id)}"`).join(" → ");
          throw conflict(`This dependency would create a cycle: ${path}.`, "dependency_cycle");
        }
        const rescheduling = await reschedule(tx, projectId, dryRun, (state) => {
          state.dependencies.set(0, { sourceTaskId, targetTaskId, type, lag });
        });
        try {
          const [row] = await tx
            .insert(dependencies)
            .values({ projectId, sourceTaskId, targetTaskId, type, lag })
            .returning();
          await rescheduling.store();
          const activityId = await recordDependencyActivity(tx, user.id, "dependency.created", {
            dependency: row,
            changes: {},
            moves: rescheduling.moves,
          });
          return { created: row, edges, version: graphVersion, moved: rescheduling.moved, activityId };
        } catch (error) {
          if (uniqueViolationOf(error) !== undefined) throw conflict(DEPENDENCY_EXISTS, "dependency_exists");
          throw error;
        }
      });
      if (outcome.preview) return { preview: outcome.preview };
      const { created, edges, version, moved, activityId } = outcome.result;
      edgesCache.committed(projectId, edges, version, sourceTaskId, targetTaskId);
      await app.events.publish({
        type: "dependency.created",
        projectId,
        activityId,
        dependencyIds: [created.id],
        taskIds: [sourceTaskId, targetTaskId, ...moved],
        actorId: user.id,
      });
      return reply.code(201).send(toDependencyDto(created));
    },
  );

  app.put(
    "/api/dependencies/:id",
    { schema: { params: idParamsSchema, body: updateDependencySchema, querystring: dryRunQuerySchema } },
    async (request) => {
      const user = currentUser(request);
      const { dryRun } = request.query;
      const dependency = await editableDependency(db, user, request.params.id);
      const outcome = await withDryRun(db, dryRun, async (tx) => {
        await lockProject(tx, dependency.projectId);
        const [met] = await tx.select().from(dependencies).where(eq(dependencies.id, dependency.id));
        const changes = { type: request.body.type, lag: request.body.lag };
        const rescheduling = await reschedule(tx, dependency.projectId, dryRun, (state) => {
          const current = state.dependencies.get(dependency.id);
          if (current) state.dependencies.set(dependency.id, { ...current, ...definedOf(changes) });
        });
        const [row] = await tx
          .update(dependencies)
          .set(definedOf(changes))
          .where(eq(dependencies.id, dependency.id))
          .returning();
        if (!row) throw notFound(DEPENDENCY_NOT_FOUND);
        await rescheduling.store();
        // Diffed with the row as this write met it, under the project's lock (every dependency
        // write takes it), not as read before: an undo must not bring back someone else's value.
        const recorded = fieldChanges(toDependencyDto(met ?? dependency), toDependencyDto(row), [
          "type",
          "lag",
        ]);
        const activityId =
          Object.keys(recorded).length === 0 && rescheduling.moves.length === 0
            ? undefined
            : await recordDependencyActivity(tx, user.id, "dependency.updated", {
                dependency: row,
                changes: recorded,
                moves: rescheduling.moves,
              });
        return { row, moved: rescheduling.moved, activityId };
      });
      if (outcome.preview) return { preview: outcome.preview };
      const { row, moved, activityId } = outcome.result;
      await app.events.publish({
        type: "dependency.updated",
        projectId: row.projectId,
        activityId,
        dependencyIds: [row.id],
        taskIds: [row.sourceTaskId, row.targetTaskId, ...moved],
        actorId: user.id,
      });
      return toDependencyDto(row);
    },
  );

  app.delete(
    "/api/dependencies/:id",
    { schema: { params: idParamsSchema, querystring: dryRunQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { dryRun } = request.query;
      const dependency = await editableDependency(db, user, request.params.id);
      const outcome = await withDryRun(db, dryRun, async (tx) => {
        // The project first, as the trigger on dependencies locks it anyway.
        await lockProject(tx, dependency.projectId);
        const rescheduling = await reschedule(tx, dependency.projectId, dryRun, (state) => {
          state.dependencies.delete(dependency.id);
        });
        const [deleted] = await tx.delete(dependencies).where(eq(dependencies.id, dependency.id)).returning();
        if (!deleted) throw notFound(DEPENDENCY_NOT_FOUND);
        await rescheduling.store();
        const activityId = await recordDependencyActivity(tx, user.id, "dependency.deleted", {
          dependency: deleted,
          changes: {},
          moves: rescheduling.moves,
        });
        return { moved: rescheduling.moved, activityId };
      });
      if (outcome.preview) return { preview: outcome.preview };
      await app.events.publish({
        type: "dependency.deleted",
        projectId: dependency.projectId,
        activityId: outcome.result.activityId,
        dependencyIds: [dependency.id],
        taskIds: [dependency.sourceTaskId, dependency.targetTaskId, ...outcome.result.moved],
        actorId: user.id,
      });
      return reply.code(204).send();
    },
  );
}
