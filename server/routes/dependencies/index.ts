// Dependencies: a prerequisite (source) and a dependent (target) task of one project. The graph
// stays a DAG: a dependency that would close a cycle is refused with 409 naming the tasks on it.

import { apiRoutes } from "@core/api/routes";
import { idParamsSchema } from "@core/schemas/common";
import { createDependencySchema, updateDependencySchema } from "@core/schemas/dependencies";
import { dryRunQuerySchema } from "@core/schemas/scheduling";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getProjectAccess, requireProjectAccess, TASK_NOT_FOUND } from "../../access/access-level";
import { runCommand } from "../../commands/command";
import type { Database } from "../../db/client";
import { type Dependency, dependencies, tasks, type User } from "../../db/schema";
import {
  createDependency,
  DEPENDENCY_NOT_FOUND,
  deleteDependency,
  updateDependency,
} from "../../dependencies/dependency-commands";
import { currentUser } from "../../lib/current-user";
import { badRequest, notFound } from "../../lib/errors";
import { toDependencyDto } from "../../lib/serialize";

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

  app.post(
    apiRoutes.dependencies.path,
    { schema: { body: createDependencySchema, querystring: dryRunQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { sourceTaskId, targetTaskId, type, lag } = request.body;
      if (sourceTaskId === targetTaskId) throw badRequest("A task cannot depend on itself.");
      const projectId = await projectOfPair(db, user, sourceTaskId, targetTaskId);
      const done = await runCommand(
        app,
        user,
        createDependency,
        { projectId, sourceTaskId, targetTaskId, type, lag },
        { dryRun: request.query.dryRun },
      );
      if (done.preview) return { preview: done.preview };
      return reply.code(201).send(toDependencyDto(done.value));
    },
  );

  app.put(
    apiRoutes.dependency.path,
    { schema: { params: idParamsSchema, body: updateDependencySchema, querystring: dryRunQuerySchema } },
    async (request) => {
      const user = currentUser(request);
      const dependency = await editableDependency(db, user, request.params.id);
      const changes = { type: request.body.type, lag: request.body.lag };
      const done = await runCommand(
        app,
        user,
        updateDependency,
        { dependency, changes },
        { dryRun: request.query.dryRun },
      );
      if (done.preview) return { preview: done.preview };
      return toDependencyDto(done.value);
    },
  );

  app.delete(
    apiRoutes.dependency.path,
    { schema: { params: idParamsSchema, querystring: dryRunQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const dependency = await editableDependency(db, user, request.params.id);
      const done = await runCommand(
        app,
        user,
        deleteDependency,
        { dependency },
        { dryRun: request.query.dryRun },
      );
      if (done.preview) return { preview: done.preview };
      return reply.code(204).send();
    },
  );
}
