// Tasks: create in a project, update (including a move to another project), delete, reorder.
// Every write needs edit rights (editor, admin or owner) on the task's project.

import { apiRoutes } from "@core/api/routes";
import { idParamsSchema } from "@core/schemas/common";
import { dryRunQuerySchema } from "@core/schemas/scheduling";
import {
  createTaskSchema,
  outlineActionSchema,
  reorderTasksSchema,
  taskPositionsSchema,
  updateTaskSchema,
} from "@core/schemas/tasks";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { requireProjectAccess, requireTaskAccess } from "../../access/access-level";
import { runCommand, runWrite } from "../../commands/command";
import { type Task, tasks } from "../../db/schema";
import { currentUser } from "../../lib/current-user";
import { badRequest } from "../../lib/errors";
import { toTaskDto } from "../../lib/serialize";
import { createTask, staleWrite, updateTask } from "../../tasks/task-commands";
import { deleteTask } from "../../tasks/task-deletion";
import { setTaskLayout } from "../../tasks/task-layout";
import { moveInOutline, taskAnswer } from "../../tasks/task-outline";
import { resolveCompletion } from "../../tasks/task-rules";

/**
 * What PUT /api/tasks/{id} asks of a task: the fields its update sets, the completion resolved from
 * status, completed and completedAt, and the move in the outline (a new parent, or a place among
 * its siblings), which a move to another project leaves out.
 */
function readTaskUpdate(task: Task, body: UpdateTaskInputParsed) {
  const { projectId, completed, completedAt, status, baseUpdatedAt, parentId, order, ...fields } = body;
  const completion =
    completed === undefined && completedAt === undefined && status === undefined
      ? {}
      : resolveCompletion(task, { completed, completedAt, status });
  const moving = projectId !== undefined && projectId !== task.projectId;
  const newParent = parentId !== undefined && parentId !== task.parentId;
  const outlineMove =
    moving || (!newParent && order === undefined)
      ? null
      : { taskId: task.id, parentId: parentId === undefined ? task.parentId : parentId, order };
  const movesOnly =
    outlineMove !== null && Object.keys(fields).length === 0 && Object.keys(completion).length === 0;
  return { fields, completion, baseUpdatedAt, moving, newProjectId: projectId, outlineMove, movesOnly };
}
type UpdateTaskInputParsed = z.output<typeof updateTaskSchema>;

export default async function taskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.post(
    apiRoutes.projectTasks.path,
    { schema: { params: idParamsSchema, body: createTaskSchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { project } = await requireProjectAccess(db, user, request.params.id, "edit");
      const { completed: _completed, completedAt: _completedAt, status: _status, ...fields } = request.body;
      const completion = resolveCompletion(null, request.body);
      const task = await runWrite(app, user, createTask, { project, fields, completion });
      return reply.code(201).send(await taskAnswer(db, task.id));
    },
  );

  app.put(
    apiRoutes.task.path,
    { schema: { params: idParamsSchema, body: updateTaskSchema, querystring: dryRunQuerySchema } },
    async (request) => {
      const user = currentUser(request);
      const { dryRun } = request.query;
      const { task, project } = await requireTaskAccess(db, user, request.params.id, "edit");
      const asked = readTaskUpdate(task, request.body);
      const { fields, completion, baseUpdatedAt, moving, outlineMove } = asked;
      // Checked here to refuse early, and again by the update itself (a write may land in between).
      if (baseUpdatedAt && task.updatedAt.getTime() !== baseUpdatedAt.getTime())
        throw await staleWrite(db, task);
      const target = moving
        ? (await requireProjectAccess(db, user, asked.newProjectId as number, "edit")).project
        : project;
      const move = outlineMove && { projectId: task.projectId, move: outlineMove };
      // A move alone previews its own rescheduling; with other fields, theirs.
      const done =
        move && asked.movesOnly
          ? await runCommand(app, user, moveInOutline, move, { dryRun })
          : await runCommand(
              app,
              user,
              updateTask,
              { task, target, fields, completion, baseUpdatedAt },
              { dryRun },
            );
      if (done.preview) return { preview: done.preview };
      if (moving) request.log.info({ taskId: task.id, from: task.projectId, to: target.id }, "task moved");
      // A place in the outline after the fields (their baseUpdatedAt is the task as its writer saw it).
      if (move && !asked.movesOnly) await runWrite(app, user, moveInOutline, move);
      return taskAnswer(db, task.id);
    },
  );

  app.post(
    apiRoutes.projectOutline.path,
    { schema: { params: idParamsSchema, body: outlineActionSchema } },
    async (request) => {
      const user = currentUser(request);
      const { project } = await requireProjectAccess(db, user, request.params.id, "edit");
      const places = await runWrite(app, user, moveInOutline, { projectId: project.id, move: request.body });
      const moved =
        places.length === 0
          ? []
          : await db
              .select()
              .from(tasks)
              .where(
                inArray(
                  tasks.id,
                  places.map((place) => place.taskId),
                ),
              );
      return { tasks: moved.map(toTaskDto) };
    },
  );

  // `?dryRun=true` answers what the deletion would move (its dependents start earlier), changing nothing.
  app.delete(
    apiRoutes.task.path,
    { schema: { params: idParamsSchema, querystring: dryRunQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { task } = await requireTaskAccess(db, user, request.params.id, "edit");
      const done = await runCommand(app, user, deleteTask, { task }, { dryRun: request.query.dryRun });
      if (done.preview) return { preview: done.preview };
      return reply.code(204).send();
    },
  );

  app.put(
    apiRoutes.taskReorder.path,
    { schema: { params: idParamsSchema, body: reorderTasksSchema } },
    async (request) => {
      const user = currentUser(request);
      const { project } = await requireProjectAccess(db, user, request.params.id, "edit");
      const { taskOrders } = request.body;
      const ids = taskOrders.map((entry) => entry.taskId);
      if (new Set(ids).size !== ids.length) throw badRequest("Each task may appear only once in taskOrders.");

      const rows = await db
        .select({ id: tasks.id, categoryId: tasks.categoryId })
        .from(tasks)
        .where(and(eq(tasks.projectId, project.id), inArray(tasks.id, ids)));
      if (rows.length !== ids.length) {
        const found = new Set(rows.map((row) => row.id));
        const strangers = ids.filter((id) => !found.has(id));
        throw badRequest(`These tasks are not in this project: ${strangers.join(", ")}.`);
      }
      if (new Set(rows.map((row) => row.categoryId)).size > 1) {
        throw badRequest("Tasks can only be reordered within one category.");
      }

      // Two reorders of one project run one after the other (the project's row lock), so the
      // result is one of the submitted orders, never a mix.
      await runWrite(app, user, setTaskLayout, {
        projectId: project.id,
        action: "tasks.reordered",
        items: taskOrders.map((entry) => ({ taskId: entry.taskId, values: { order: entry.order } })),
      });
      const reordered = await db
        .select()
        .from(tasks)
        .where(inArray(tasks.id, ids))
        .orderBy(asc(tasks.order), asc(tasks.id));
      return { tasks: reordered.map(toTaskDto) };
    },
  );

  app.put(
    apiRoutes.taskPositions.path,
    // An auto-layout of the largest plan (50,000 positions) is about 3 MB of JSON.
    { schema: { params: idParamsSchema, body: taskPositionsSchema }, bodyLimit: 4 * 1024 * 1024 },
    async (request) => {
      const user = currentUser(request);
      const { project } = await requireProjectAccess(db, user, request.params.id, "edit");
      const { positions } = request.body;
      const ids = positions.map((entry) => entry.taskId);
      if (new Set(ids).size !== ids.length) throw badRequest("Each task may appear only once in positions.");
      const count = await runWrite(app, user, setTaskLayout, {
        projectId: project.id,
        action: "tasks.positioned",
        items: positions.map(({ taskId, positionX, positionY }) => ({
          taskId,
          values: { positionX, positionY },
        })),
        allOrNothing: "Some of these tasks are not in this project; no position was saved.",
      });
      return { updated: count };
    },
  );
}
