// Undoing task writes runs the task commands: a created task is deleted (deleteTask), a deleted one
// comes back with its dependencies (restoreTask), an update's fields go back to their before-values
// (updateTask), a reorder or a move of cards puts each task back (setTaskLayout). Each goes only
// while the task still holds what the entry left; else 409 stale.
import { sendsConstraint } from "@core/scheduling/constraint-fields";
import type { ActivityAction } from "@core/schemas/activity";
import type { TaskDto } from "@core/schemas/projects";
import { eq } from "drizzle-orm";
import type { TaskRestore } from "../activity/record-writes";
import {
  asUndo,
  beforeValues,
  type RevertContext,
  type Reverter,
  staleRow,
  undoBy,
} from "../activity/reverter";
import { projects, type Task, tasks } from "../db/schema";
import { definedOf } from "../lib/defined-fields";
import { toTaskDto } from "../lib/serialize";
import { lockProject } from "../scheduling/rescheduler";
import { changesSchedule } from "../scheduling/task-changes";
import { type TaskFieldChanges, updateTask } from "./task-commands";
import { deleteTask } from "./task-deletion";
import { type LayoutAction, setTaskLayout } from "./task-layout";
import { restoreTask, storedValues, TASK_EXISTS } from "./task-restore";

/**
 * Layout the graph and the list change freely: an undo of a creation does not judge it (a card
 * someone dragged does not block it), an update's undo restores the layout its entry changed.
 */
const LAYOUT = ["positionX", "positionY", "width", "height", "order"];
const NEVER_RESTORED = ["projectId", "updatedAt", "createdAt"];

/** An auto task with a duration: its dates are the scheduler's, never a person's to compare. */
const scheduled = (task: Pick<TaskDto, "duration" | "schedulingMode">) =>
  task.duration !== null && task.schedulingMode === "auto";
const DERIVED_DATES = ["startDate", "dueDate"];

/** What an undo does not judge on this task: fields never restored, and the scheduler's dates. */
const unjudged = (task: TaskDto, layout: string[] = []) => [
  ...NEVER_RESTORED,
  ...layout,
  ...(scheduled(task) ? DERIVED_DATES : []),
];

/** The entry's task, its project locked first; 409 stale when it is gone or in another project. */
async function taskAsLeft({ tx, entry }: RevertContext): Promise<Task> {
  await lockProject(tx, entry.projectId);
  const [task] = entry.taskId === null ? [] : await tx.select().from(tasks).where(eq(tasks.id, entry.taskId));
  if (!task) throw staleRow(`the task “${entry.subject}” no longer exists.`);
  if (task.projectId !== entry.projectId)
    throw staleRow(`the task “${task.name}” is in another project now.`);
  return task;
}

const undoCreate: Reverter = async (context) => {
  const task = await taskAsLeft(context);
  const created = (context.entry.restore as { task?: TaskDto } | null)?.task ?? {};
  const current = toTaskDto(task);
  const changes = Object.fromEntries(Object.entries(created).map(([name, value]) => [name, [null, value]]));
  beforeValues(current, changes as Record<string, [unknown, unknown]>, task.name, {
    unjudged: unjudged(current, LAYOUT),
  });
  // Tasks put under it since are someone's later work: its creation is not undone over them.
  const [child] = await context.tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(eq(tasks.parentId, task.id))
    .limit(1);
  if (child) throw staleRow(`the task “${task.name}” has tasks under it now.`);
  return undoBy(deleteTask(asUndo(context), { task }));
};

const undoDelete: Reverter = async (context) => {
  const restore = context.entry.restore as TaskRestore | null;
  if (!restore) throw staleRow("this deletion kept nothing to restore.");
  return undoBy(restoreTask(asUndo(context), { projectId: context.entry.projectId, ...restore }), {
    [TASK_EXISTS]: `the task “${restore.task.name}” is already back.`,
  });
};

const undoUpdate: Reverter = async (context) => {
  const { tx, entry } = context;
  const task = await taskAsLeft(context);
  const current = toTaskDto(task);
  const restoring = beforeValues(current, entry.changes, task.name, { unjudged: unjudged(current) });
  // The scheduler dates an auto task with a duration, on an undo as on every write.
  const dropped = [...NEVER_RESTORED, ...(scheduled({ ...current, ...restoring }) ? DERIVED_DATES : [])];
  const { completed, completedAt, status, ...fields } = storedValues(
    Object.fromEntries(Object.entries(restoring).filter(([name]) => !dropped.includes(name))),
  ) as Partial<Task>;
  // A restored scheduling input puts the constraint back as it was, null included: a restored
  // duration must not pin the task where it stands now (planTaskWrite would, for a first duration).
  if (changesSchedule(task, fields) && !sendsConstraint(fields)) {
    fields.startNoEarlierThan = task.startNoEarlierThan;
    fields.constraintType = task.constraintType;
    fields.constraintDate = task.constraintDate;
  }
  const [project] = await tx.select().from(projects).where(eq(projects.id, task.projectId));
  const update = { task, target: project, fields: fields as TaskFieldChanges };
  return undoBy(
    updateTask(asUndo(context), { ...update, completion: definedOf({ completed, completedAt, status }) }),
    {
      categoryId: `the category “${task.name}” was in no longer exists.`,
      assigneeId: `the person “${task.name}” was assigned to is no longer a member.`,
    },
  );
};

/** Puts each task of a reorder or of moved cards back, while it holds what the entry left. */
const undoItems =
  (action: LayoutAction): Reverter =>
  (context) => {
    const items = context.entry.items.map(({ taskId, changes }) => ({
      taskId,
      values: Object.fromEntries(Object.entries(changes).map(([field, [before]]) => [field, before])),
      expected: Object.fromEntries(Object.entries(changes).map(([field, [, after]]) => [field, after])),
    }));
    return undoBy(setTaskLayout(asUndo(context), { projectId: context.entry.projectId, action, items }));
  };

export const taskReverters: Partial<Record<ActivityAction, Reverter>> = {
  "task.created": undoCreate,
  "task.deleted": undoDelete,
  "task.updated": undoUpdate,
  "tasks.reordered": undoItems("tasks.reordered"),
  "tasks.positioned": undoItems("tasks.positioned"),
  "tasks.outlined": undoItems("tasks.outlined"),
};
