// Tasks: create in a project, update (including a move to another project), delete, reorder.
// Every write needs edit rights (editor, admin or owner) on the task's project.

import { idParamsSchema } from "@core/schemas/common";
import { dryRunQuerySchema } from "@core/schemas/scheduling";
import {
  createTaskSchema,
  reorderTasksSchema,
  taskDateProblems,
  taskPositionsSchema,
  updateTaskSchema,
} from "@core/schemas/tasks";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireProjectAccess, requireTaskAccess } from "../../access/access-level";
import { fieldChanges, recordActivity } from "../../activity/activity-log";
import { runCommand, runWrite } from "../../commands/command";
import { projects, tasks } from "../../db/schema";
import { currentUser } from "../../lib/current-user";
import { badRequest } from "../../lib/errors";
import { toTaskDto } from "../../lib/serialize";
import { ValidationError } from "../../lib/validation";
import { lockAndReadTasks, lockProject } from "../../scheduling/rescheduler";
import { datesToJudge } from "../../scheduling/task-changes";
import { createTask, staleWrite, updateTask } from "../../tasks/task-commands";
import { deleteTask } from "../../tasks/task-deletion";
import { resolveCompletion } from "../../tasks/task-rules";

function assertDateRules(dates: { startDate: Date | null; snoozeUntil: Date | null; dueDate: Date | null }) {
  const [problem] = taskDateProblems(dates);
  if (problem) throw new ValidationError(problem.message, problem.field);
}

export default async function taskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.post(
    "/api/projects/:id/tasks",
    { schema: { params: idParamsSchema, body: createTaskSchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { project } = await requireProjectAccess(db, user, request.params.id, "edit");
      const { completed: _completed, completedAt: _completedAt, status: _status, ...fields } = request.body;
      const completion = resolveCompletion(null, request.body);
      const task = await runWrite(app, user, createTask, { project, fields, completion });
      return reply.code(201).send(toTaskDto(task));
    },
  );

  app.put(
    "/api/tasks/:id",
    { schema: { params: idParamsSchema, body: updateTaskSchema, querystring: dryRunQuerySchema } },
    async (request) => {
      const user = currentUser(request);
      const { dryRun } = request.query;
      const { task, project } = await requireTaskAccess(db, user, request.params.id, "edit");
      const {
        projectId: newProjectId,
        completed,
        completedAt,
        status,
        baseUpdatedAt,
        ...fields
      } = request.body;
      // Checked here to refuse early, and again by the update itself (a write may land in between).
      if (baseUpdatedAt && task.updatedAt.getTime() !== baseUpdatedAt.getTime()) throw staleWrite(task);
      const moving = newProjectId !== undefined && newProjectId !== task.projectId;
      const target = moving ? (await requireProjectAccess(db, user, newProjectId, "edit")).project : project;

      assertDateRules(datesToJudge(task, fields));
      const completion =
        completed === undefined && completedAt === undefined && status === undefined
          ? {}
          : resolveCompletion(task, { completed, completedAt, status });
      const done = await runCommand(
        app,
        user,
        updateTask,
        { task, target, fields, completion, baseUpdatedAt },
        { dryRun },
      );
      if (done.preview) return { preview: done.preview };
      const updated = done.value;
      if (moving) request.log.info({ taskId: task.id, from: task.projectId, to: target.id }, "task moved");
      return toTaskDto(updated);
    },
  );

  // `?dryRun=true` answers what the deletion would move (its dependents start earlier), changing nothing.
  app.delete(
    "/api/tasks/:id",
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
    "/api/projects/:id/tasks/reorder",
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

      // All or nothing, in one statement: a transaction writes a project's tasks in one statement,
      // after every other lock it takes (the tasks' version row is locked last,
      // docs/decisions/020-project-content-cache.md). Two reorders of one project run one after the
      // other (the project's row lock), so the result is one of the submitted orders, never a mix.
      const values = sql.join(
        taskOrders.map((entry) => sql`(${entry.taskId}::integer, ${entry.order}::integer)`),
        sql`, `,
      );
      const activityId = await db.transaction(async (tx) => {
        await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for("update");
        const held = await lockAndReadTasks<{ order: number }>(tx, ids, sql`"order"`);
        await tx.execute(sql`
          update ${tasks} set "order" = reordered.position, updated_at = now()
          from (values ${values}) as reordered(id, position)
          where ${tasks.id} = reordered.id and ${tasks.projectId} = ${project.id}`);
        const orders = new Map(taskOrders.map((entry) => [entry.taskId, entry.order]));
        const items = held.flatMap(({ id, name, order }) => {
          const changes = fieldChanges({ order }, { order: orders.get(id) });
          return Object.keys(changes).length > 0 ? [{ taskId: id, name, changes }] : [];
        });
        // An order sent as it stands changes nothing: no entry.
        if (items.length === 0) return undefined;
        return recordActivity(tx, {
          projectId: project.id,
          actorId: user.id,
          action: "tasks.reordered",
          items,
        });
      });
      const reordered = await db
        .select()
        .from(tasks)
        .where(inArray(tasks.id, ids))
        .orderBy(asc(tasks.order), asc(tasks.id));
      await app.events.publish({
        type: "tasks.reordered",
        projectId: project.id,
        activityId,
        taskIds: ids,
        actorId: user.id,
      });
      return { tasks: reordered.map(toTaskDto) };
    },
  );

  app.put(
    "/api/projects/:id/tasks/positions",
    { schema: { params: idParamsSchema, body: taskPositionsSchema } },
    async (request) => {
      const user = currentUser(request);
      const { project } = await requireProjectAccess(db, user, request.params.id, "edit");
      const { positions } = request.body;
      const ids = positions.map((entry) => entry.taskId);
      if (new Set(ids).size !== ids.length) throw badRequest("Each task may appear only once in positions.");
      // One statement for all of them: a whole auto-layout is one round trip and all or nothing.
      const values = sql.join(
        positions.map(
          (entry) =>
            sql`(${entry.taskId}::integer, ${entry.positionX}::double precision, ${entry.positionY}::double precision)`,
        ),
        sql`, `,
      );
      const { count, activityId } = await db.transaction(async (tx) => {
        // The project first, as every write of several of its tasks (a scheduling write among them).
        await lockProject(tx, project.id);
        const held = await lockAndReadTasks<{ positionX: number | null; positionY: number | null }>(
          tx,
          ids,
          sql`position_x as "positionX", position_y as "positionY"`,
        );
        const updated = await tx.execute(sql`
          update ${tasks} set position_x = moved.x, position_y = moved.y, updated_at = now()
          from (values ${values}) as moved(id, x, y)
          where ${tasks.id} = moved.id and ${tasks.projectId} = ${project.id}
          returning ${tasks.id}`);
        const rows = (updated as unknown as { rows: unknown[] }).rows.length;
        // Rolls the whole statement back: positions are saved for all the tasks or for none.
        if (rows !== ids.length)
          throw badRequest("Some of these tasks are not in this project; no position was saved.");
        const placed = new Map(positions.map((entry) => [entry.taskId, entry]));
        const items = held.flatMap(({ id, name, positionX, positionY }) => {
          const to = placed.get(id);
          const changes = fieldChanges(
            { positionX, positionY },
            { positionX: to?.positionX, positionY: to?.positionY },
          );
          return Object.keys(changes).length > 0 ? [{ taskId: id, name, changes }] : [];
        });
        // Cards put back where they stood change nothing: no entry.
        const activityId =
          items.length === 0
            ? undefined
            : await recordActivity(tx, {
                projectId: project.id,
                actorId: user.id,
                action: "tasks.positioned",
                items,
              });
        return { count: rows, activityId };
      });
      await app.events.publish({
        type: "tasks.positioned",
        projectId: project.id,
        activityId,
        taskIds: ids,
        actorId: user.id,
      });
      return { updated: count };
    },
  );
}
