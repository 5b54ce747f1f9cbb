// Tasks: create in a project, update (including a move to another project), delete, reorder.
// Every write needs edit rights (editor, admin or owner) on the task's project.

import { planSchedule, planTaskWrite, type ResolvedSchedulingFields } from "@core/scheduling/plan";
import type { MovedTask, ScheduledDates, SchedulingTask } from "@core/scheduling/project-schedule";
import { idParamsSchema } from "@core/schemas/common";
import { dryRunQuerySchema } from "@core/schemas/scheduling";
import {
  createTaskSchema,
  reorderTasksSchema,
  STALE_TASK_MESSAGE,
  taskDateProblems,
  taskPositionsSchema,
  updateTaskSchema,
} from "@core/schemas/tasks";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireProjectAccess, requireTaskAccess, TASK_NOT_FOUND } from "../../access/access-level";
import { fieldChanges, recordActivity } from "../../activity/activity-log";
import { recordTaskActivity } from "../../activity/record-writes";
import { deleteTaskRecorded } from "../../activity/task-deletion";
import { dependencies, projects, type Task, tasks } from "../../db/schema";
import { currentUser } from "../../lib/current-user";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { toTaskDto } from "../../lib/serialize";
import { ValidationError } from "../../lib/validation";
import {
  currentFinish,
  DryRun,
  emptySchedulingState,
  loadSchedulingState,
  lockAndReadTasks,
  lockProject,
  lockTasksInIdOrder,
  previewOfNothing,
  storedMoves,
  storeScheduledDates,
  withDryRun,
} from "../../scheduling/rescheduler";
import { changesSchedule, datesToJudge, schedulingTaskOf } from "../../scheduling/task-changes";
import {
  checkAssignee,
  checkCategory,
  isAssignable,
  nextOrder,
  resolveCompletion,
} from "../../tasks/task-rules";

function assertDateRules(dates: { startDate: Date | null; snoozeUntil: Date | null; dueDate: Date | null }) {
  const [problem] = taskDateProblems(dates);
  if (problem) throw new ValidationError(problem.message, problem.field);
}

/** The scheduling inputs of a task about to be created. */
const NEW_TASK = {
  id: 0,
  duration: null,
  schedulingMode: "auto",
  startNoEarlierThan: null,
  startDate: null,
  dueDate: null,
} as const satisfies SchedulingTask;

/** The 409 of a write that met a newer task than its writer saw: the task as it is now goes with it. */
const staleWrite = (current: Task) => conflict(STALE_TASK_MESSAGE, "stale", { task: toTaskDto(current) });

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
      await checkCategory(db, project.id, fields.categoryId);
      await checkAssignee(db, project, fields.assigneeId);
      const completion = resolveCompletion(null, request.body);
      const order = await nextOrder(db, project.id, fields.categoryId ?? null);
      // A new task has no dependencies yet: it moves nothing, and only its own dates are planned.
      const scheduled =
        fields.duration === undefined || fields.duration === null
          ? {}
          : planTaskWrite(await emptySchedulingState(db, project.id), NEW_TASK, fields).fields;
      const { task, activityId } = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(tasks)
          .values({ ...fields, ...scheduled, ...completion, projectId: project.id, order })
          .returning();
        const dto = toTaskDto(created);
        const entry = { task: dto, changes: {}, restore: { task: dto } };
        return { task: created, activityId: await recordTaskActivity(tx, user.id, "task.created", entry) };
      });
      await app.events.publish({
        type: "task.created",
        projectId: project.id,
        activityId,
        taskIds: [task.id],
        actorId: user.id,
      });
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

      // A category of the old project cannot follow the task; an explicit one must be the target's.
      let categoryId = fields.categoryId === undefined ? task.categoryId : fields.categoryId;
      if (moving && fields.categoryId === undefined) categoryId = null;
      await checkCategory(db, target.id, fields.categoryId);
      await checkAssignee(db, target, fields.assigneeId);
      // An assignee who is not a member of the new project cannot keep the task.
      let assigneeId = fields.assigneeId === undefined ? task.assigneeId : fields.assigneeId;
      if (moving && fields.assigneeId === undefined && !(await isAssignable(db, target, assigneeId))) {
        assigneeId = null;
      }
      // A moved task goes last in its category of the new project.
      const order = moving ? await nextOrder(db, target.id, categoryId) : task.order;

      assertDateRules(datesToJudge(task, fields));
      const completion =
        completed === undefined && completedAt === undefined && status === undefined
          ? {}
          : resolveCompletion(task, { completed, completedAt, status });

      const scheduling = changesSchedule(task, fields) || (moving && task.duration !== null);
      const outcome = await withDryRun(db, dryRun, async (tx) => {
        // Project rows first (in id order), as every write of several tasks and every scheduling
        // write takes them: scheduling writes of a project run one after the other.
        if (moving || scheduling) {
          for (const id of new Set([task.projectId, target.id].sort((a, b) => a - b)))
            await lockProject(tx, id);
        }
        if (moving) {
          // Dependencies cannot cross projects, so a moved task leaves its own behind.
          await tx
            .delete(dependencies)
            .where(or(eq(dependencies.sourceTaskId, task.id), eq(dependencies.targetTaskId, task.id)));
        }
        let resolved: Partial<ResolvedSchedulingFields> = {};
        let preview =
          dryRun && !scheduling
            ? previewOfNothing(await currentFinish(tx, task.projectId))
            : previewOfNothing();
        const writes: { projectId: number; dates: Map<number, ScheduledDates> }[] = [];
        // The scheduler's moves in each project: each project's entry lists its own.
        let leftMoves: MovedTask[] = [];
        let moves: MovedTask[] = [];
        if (scheduling) {
          if (moving) {
            // The old project loses the task (its dependencies are gone already).
            const left = await loadSchedulingState(tx, task.projectId);
            left.tasks.delete(task.id);
            const leftPlan = planSchedule(left);
            writes.push({ projectId: task.projectId, dates: leftPlan.writes });
            preview = leftPlan.preview;
            leftMoves = storedMoves(leftPlan);
          }
          const state = await loadSchedulingState(tx, target.id);
          if (moving) state.stored.set(task.id, null);
          const planned = planTaskWrite(state, schedulingTaskOf(task), fields);
          resolved = planned.fields;
          writes.push({ projectId: target.id, dates: planned.plan.writes });
          moves = storedMoves(planned.plan);
          if (!moving) preview = planned.plan.preview;
        }
        if (dryRun) throw new DryRun(preview);
        await lockTasksInIdOrder(tx, [task.id, ...writes.flatMap((write) => [...write.dates.keys()])]);
        // The task as this write meets it, locked: what its entry records as "before" (the row read
        // before the transaction may be older, and an undo would bring back someone else's value).
        const [met] = await tx.select().from(tasks).where(eq(tasks.id, task.id));
        const [row] = await tx
          .update(tasks)
          .set({
            ...fields,
            ...resolved,
            ...completion,
            categoryId,
            assigneeId,
            order,
            projectId: target.id,
            // The version a later baseUpdatedAt names: always past the one it replaces, even when
            // two writes land within one millisecond.
            updatedAt: sql`greatest(now(), date_trunc('milliseconds', ${tasks.updatedAt}) + interval '1 millisecond')`,
          })
          .where(
            and(
              eq(tasks.id, task.id),
              // updatedAt travels as milliseconds; a reorder or a drag stores microseconds (now()).
              baseUpdatedAt
                ? sql`date_trunc('milliseconds', ${tasks.updatedAt}) = ${baseUpdatedAt.toISOString()}::timestamptz`
                : undefined,
            ),
          )
          .returning();
        if (!row) {
          // Another write came first: this one's changes (a move's included) roll back.
          const [current] = await tx.select().from(tasks).where(eq(tasks.id, task.id));
          throw current ? staleWrite(current) : notFound(TASK_NOT_FOUND);
        }
        for (const write of writes) await storeScheduledDates(tx, write.projectId, write.dates);
        const movedIds = writes.flatMap((write) => [...write.dates.keys()]);
        const after = toTaskDto(row);
        const changes = fieldChanges(toTaskDto(met ?? task), after);
        // A write that changes nothing is no change to record (nor to spend a Ctrl+Z on).
        const changed = Object.keys(changes).length > 0 || moves.length > 0;
        // A task moved to another project shows in both logs; its dropped dependencies are not
        // kept, so the move is not undone (docs/decisions/030-history-activity-and-undo.md).
        const activityId = changed
          ? await recordTaskActivity(tx, user.id, "task.updated", {
              task: after,
              changes,
              moves,
              undoable: !moving,
            })
          : undefined;
        const leftActivityId = moving
          ? await recordTaskActivity(tx, user.id, "task.updated", {
              task: after,
              changes,
              moves: leftMoves,
              projectId: task.projectId,
              undoable: false,
            })
          : undefined;
        return { row, movedIds, activityId, leftActivityId };
      });
      if (outcome.preview) return { preview: outcome.preview };
      const { row: updated, movedIds, activityId, leftActivityId } = outcome.result;
      if (moving) {
        request.log.info({ taskId: task.id, from: task.projectId, to: target.id }, "task moved");
        await app.events.publish({
          type: "task.deleted",
          projectId: task.projectId,
          activityId: leftActivityId,
          taskIds: [task.id],
          actorId: user.id,
        });
        await app.events.publish({
          type: "task.created",
          projectId: target.id,
          activityId,
          taskIds: [task.id],
          actorId: user.id,
        });
      } else {
        await app.events.publish({
          type: "task.updated",
          projectId: task.projectId,
          activityId,
          taskIds: [task.id, ...movedIds],
          actorId: user.id,
        });
      }
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
      const outcome = await withDryRun(db, request.query.dryRun, (tx) =>
        deleteTaskRecorded(tx, task, user.id, undefined, request.query.dryRun),
      );
      if (outcome.preview) return { preview: outcome.preview };
      const { moved, activityId } = outcome.result;
      await app.events.publish({
        type: "task.deleted",
        projectId: task.projectId,
        activityId,
        taskIds: [task.id],
        actorId: user.id,
      });
      if (moved.length > 0) {
        await app.events.publish({
          type: "task.updated",
          projectId: task.projectId,
          taskIds: moved,
          actorId: request.user?.id,
        });
      }
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
