// A task's update as a command (server/commands/command.ts): its fields, its completion, its
// dates (the scheduler plans an auto task's and moves what follows), and a move to another project
// (its dependencies stay behind; it goes last in its category there). It checks the date rules,
// the category and the assignee; the route resolves the completion first, and undo checks what the
// entry left and runs it with the before-values (tasks/task-undo.ts).
import {
  planSchedule,
  planTaskWrite,
  type ResolvedSchedulingFields,
  type SchedulingChanges,
} from "@core/scheduling/plan";
import type { MovedTask, ScheduledDates, SchedulingTask } from "@core/scheduling/project-schedule";
import { STALE_TASK_MESSAGE } from "@core/schemas/tasks";
import { and, eq, or, sql } from "drizzle-orm";
import { TASK_NOT_FOUND } from "../access/access-level";
import { fieldChanges } from "../activity/activity-log";
import { recordTaskActivity } from "../activity/record-writes";
import type { Command, CommandEvent } from "../commands/command";
import type { Database } from "../db/client";
import { dependencies, type Project, type Task, tasks } from "../db/schema";
import { conflict, notFound } from "../lib/errors";
import { toDependencyDto, toTaskDto } from "../lib/serialize";
import {
  currentFinish,
  DryRun,
  emptySchedulingState,
  loadSchedulingState,
  lockProject,
  lockTasksInIdOrder,
  previewOfNothing,
  reschedule,
  storedMoves,
  storeScheduledDates,
} from "../scheduling/rescheduler";
import { changesSchedule, schedulingTaskOf } from "../scheduling/task-changes";
import { withOutline } from "./task-outline";
import {
  checkAssignee,
  checkCategory,
  checkDates,
  checkNewChild,
  checkSummaryWrite,
  hasChildren,
  isAssignable,
  nextChildOrder,
  nextOrder,
  withResolvedConstraint,
  withSettledProgress,
} from "./task-rules";

/** The 409 of a write that met a newer task than its writer saw: the task as it is now goes with it. */
export const staleWrite = async (db: Database, current: Task) =>
  conflict(STALE_TASK_MESSAGE, "stale", { task: await withOutline(db, current) });

/** What an update sets besides the completion: the body's fields, or an undo's before-values. */
export type TaskFieldChanges = Partial<
  Omit<Task, "id" | "projectId" | "createdAt" | "updatedAt" | "completed" | "completedAt" | "status">
>;

export type TaskUpdate = {
  /** The task as the caller read it (its project's rights checked). */
  task: Task;
  /** The project it ends in: its own, or the one it moves to (rights checked there too). */
  target: Project;
  fields: TaskFieldChanges;
  /** The completion fields to set, already resolved (tasks/task-rules.ts resolveCompletion). */
  completion: Partial<Pick<Task, "status" | "completed" | "completedAt">>;
  /** The version the writer saw: a newer task refuses the write (409 stale with the task). */
  baseUpdatedAt?: Date;
};

/** Updates a task; an unchanged write records nothing (an undo always records). */
export const updateTask: Command<TaskUpdate, Task> = async (
  { tx, actor, dryRun, mark },
  { task, target, fields: sent, completion: sentCompletion, baseUpdatedAt },
) => {
  const { fields, completion } = await withSettledProgress(
    tx,
    task,
    withResolvedConstraint(task, sent),
    sentCompletion,
  );
  checkDates(task, fields as SchedulingChanges & { snoozeUntil?: Date | null });
  const moving = target.id !== task.projectId;
  await checkSummaryWrite(tx, task, fields, moving);
  // A category of the old project cannot follow the task; an explicit one must be the target's.
  let categoryId = fields.categoryId === undefined ? task.categoryId : fields.categoryId;
  if (moving && fields.categoryId === undefined) categoryId = null;
  await checkCategory(tx, target.id, fields.categoryId);
  await checkAssignee(tx, target, fields.assigneeId);
  // An assignee who is not a member of the new project cannot keep the task.
  let assigneeId = fields.assigneeId === undefined ? task.assigneeId : fields.assigneeId;
  if (moving && fields.assigneeId === undefined && !(await isAssignable(tx, target, assigneeId))) {
    assigneeId = null;
  }
  // A moved task goes last in its category of the new project; an undo may put its place back.
  const order = moving ? await nextOrder(tx, target.id, categoryId) : (fields.order ?? task.order);

  // A summary has no duration of its own, yet its start-no-earlier-than holds its subtree and its
  // deadline bounds its tasks' late dates.
  const summaryConstraint =
    SUMMARY_SCHEDULING.some((name) => fields[name] !== undefined && fields[name] !== task[name]) &&
    (await hasChildren(tx, task.id));
  const scheduling =
    changesSchedule(task, fields as SchedulingChanges) ||
    (moving && task.duration !== null) ||
    summaryConstraint;
  // Project rows first (in id order), as every write of several tasks and every scheduling
  // write takes them: scheduling writes of a project run one after the other.
  if (moving || scheduling) {
    for (const id of new Set([task.projectId, target.id].sort((a, b) => a - b))) await lockProject(tx, id);
  }
  // Dependencies cannot cross projects, so a moved task leaves its own behind (the old project's
  // entry keeps them, for its past plan).
  const leftLinks = moving
    ? await tx
        .delete(dependencies)
        .where(or(eq(dependencies.sourceTaskId, task.id), eq(dependencies.targetTaskId, task.id)))
        .returning()
    : [];
  let resolved: Partial<ResolvedSchedulingFields> = {};
  let preview =
    dryRun && !scheduling ? previewOfNothing(await currentFinish(tx, task.projectId)) : previewOfNothing();
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
    const planned = planTaskWrite(state, schedulingTaskOf(task), fields as SchedulingChanges);
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
      // A task moved to another project leaves its summary behind: it arrives at the top level.
      ...(moving ? { parentId: null } : {}),
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
    throw current ? await staleWrite(tx, current) : notFound(TASK_NOT_FOUND);
  }
  for (const write of writes) await storeScheduledDates(tx, write.dates);
  const movedIds = writes.flatMap((write) => [...write.dates.keys()]);
  const after = toTaskDto(row);
  const before = toTaskDto(met ?? task);
  const changes = fieldChanges(before, after);
  // A write that changes nothing is no change to record (nor to spend a Ctrl+Z on).
  const changed = Object.keys(changes).length > 0 || moves.length > 0;
  // A task moved to another project shows in both logs. The move is not undone
  // (docs/decisions/030-history-activity-and-undo.md); the old project's entry keeps the task as
  // it was and its dropped dependencies, so that project's past plan holds them
  // (docs/spec/tracking.md, "The plan on a past day").
  const activityId =
    changed || mark
      ? await recordTaskActivity(
          tx,
          actor.id,
          "task.updated",
          { task: after, changes, moves, undoable: !moving },
          mark,
        )
      : undefined;
  const leftActivityId = moving
    ? await recordTaskActivity(tx, actor.id, "task.updated", {
        task: after,
        changes,
        moves: leftMoves,
        projectId: task.projectId,
        restore: { task: before, dependencies: leftLinks.map(toDependencyDto) },
        undoable: false,
      })
    : undefined;
  const events: CommandEvent[] = moving
    ? [
        // It leaves the old project and arrives in the new one, each with its own entry.
        { type: "task.deleted", projectId: task.projectId, activityId: leftActivityId, taskIds: [task.id] },
        { type: "task.created", projectId: target.id, activityId, taskIds: [task.id] },
      ]
    : [{ type: "task.updated", projectId: task.projectId, taskIds: [task.id, ...movedIds] }];
  return { value: row, activityId, event: events };
};

/** The fields of a summary that change its subtree's schedule. */
const SUMMARY_SCHEDULING = ["startNoEarlierThan", "constraintDate", "deadline"] as const;

/** The scheduling inputs of a task about to be created. */
const NEW_TASK = {
  id: 0,
  parentId: null,
  duration: null,
  schedulingMode: "auto",
  startNoEarlierThan: null,
  constraintType: "ASAP",
  constraintDate: null,
  deadline: null,
  percentComplete: 0,
  actualStart: null,
  actualFinish: null,
  startDate: null,
  dueDate: null,
} as const satisfies SchedulingTask;

/**
 * Adds a task to a project, last in its category. A new task has no dependencies yet: it moves
 * nothing, and only its own dates are planned (an auto task with a duration starts with the
 * project's calendar).
 */
export const createTask: Command<
  {
    project: Project;
    fields: TaskFieldChanges;
    completion: Partial<Pick<Task, "status" | "completed" | "completedAt">>;
  },
  Task
> = async ({ tx, actor, mark }, { project, fields: sent, completion: sentCompletion }) => {
  const { fields, completion } = await withSettledProgress(
    tx,
    null,
    withResolvedConstraint(NEW_TASK, sent),
    sentCompletion,
  );
  await checkCategory(tx, project.id, fields.categoryId);
  await checkAssignee(tx, project, fields.assigneeId);
  const parentId = fields.parentId ?? null;
  // Under a parent: last among its children (the parent's row lock keeps two from taking one place).
  if (parentId !== null) {
    // The project's row first, as every write that reschedules takes it.
    await lockProject(tx, project.id);
    await checkNewChild(tx, project.id, parentId);
  }
  const order =
    parentId === null
      ? await nextOrder(tx, project.id, fields.categoryId ?? null)
      : await nextChildOrder(tx, parentId);
  const scheduled =
    fields.duration === undefined || fields.duration === null
      ? {}
      : planTaskWrite(await emptySchedulingState(tx, project.id), NEW_TASK, fields as SchedulingChanges)
          .fields;
  let [created] = await tx
    .insert(tasks)
    .values({ ...fields, ...scheduled, ...completion, name: fields.name ?? "", projectId: project.id, order })
    .returning();
  // Under a summary it takes what holds the summary (links into it, its start-no-earlier-than), and
  // the summary's roll-up changes: the project is planned again with it.
  let moves: MovedTask[] = [];
  let moved: number[] = [];
  if (parentId !== null) {
    const rescheduling = await reschedule(tx, project.id, false, () => {});
    await rescheduling.store();
    ({ moves, moved } = rescheduling);
    [created] = await tx.select().from(tasks).where(eq(tasks.id, created.id));
  }
  const dto = toTaskDto(created);
  const activityId = await recordTaskActivity(
    tx,
    actor.id,
    "task.created",
    { task: dto, changes: {}, moves, restore: { task: dto } },
    mark,
  );
  return {
    value: created,
    activityId,
    event: [
      { type: "task.created", projectId: project.id, taskIds: [created.id] },
      ...(moved.some((id) => id !== created.id)
        ? [
            {
              type: "task.updated" as const,
              projectId: project.id,
              taskIds: moved.filter((id) => id !== created.id),
            },
          ]
        : []),
    ],
  };
};
