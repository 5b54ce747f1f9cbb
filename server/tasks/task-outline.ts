// Moves in the outline as one command (server/commands/command.ts): a task (with its subtree) put
// under another or back to the top level at a place among its siblings (PUT /api/tasks/{id} with
// parentId or order), or Tab and Shift+Tab on chosen tasks (POST /api/projects/{id}/outline). Each
// checks the move under the project's lock (the task's own subtree, 20 levels, 1,000 children, a
// link that would join a task to its own summary or close a cycle through one), then writes every
// place that changes with setTaskLayout: one entry (tasks.outlined) and one event, undone as a
// reorder is.
import { type OutlineLinkProblem, outlineLinkProblem } from "@core/graph/outline-links";
import type { TaskDto } from "@core/schemas/projects";
import {
  buildOutline,
  moveProblem,
  OUTLINE_CHILDREN_MAX,
  OUTLINE_LEVELS_MAX,
  type OutlineAction,
  type OutlineFields,
  type OutlinePlace,
  type OutlineTask,
  placesForMove,
  planOutlineAction,
} from "@core/tasks/outline";
import { summaryRollUps } from "@core/tasks/progress";
import { eq } from "drizzle-orm";
import { TASK_NOT_FOUND } from "../access/access-level";
import type { Command } from "../commands/command";
import type { Database } from "../db/client";
import { dependencies, type Task, tasks } from "../db/schema";
import { notFound } from "../lib/errors";
import { toTaskDto } from "../lib/serialize";
import { ValidationError } from "../lib/validation";
import { lockProject } from "../scheduling/rescheduler";
import { setTaskLayout } from "./task-layout";

export type OutlineMove =
  | { taskId: number; parentId: number | null; order?: number }
  | { taskIds: readonly number[]; action: OutlineAction };

type Row = OutlineTask & { name: string };

/** A project's tasks as the outline reads them, with their names for messages. */
export async function outlineRows(tx: Database, projectId: number): Promise<Row[]> {
  return tx
    .select({ id: tasks.id, parentId: tasks.parentId, order: tasks.order, name: tasks.name })
    .from(tasks)
    .where(eq(tasks.projectId, projectId));
}

/** A task row as every task answer carries it: its fields and its place in the outline. */
export async function withOutline(db: Database, task: Task): Promise<TaskDto & OutlineFields> {
  const outline = buildOutline(await outlineRows(db, task.projectId));
  const fields = outline.fieldsOf(task.id);
  if (!fields.summary) return { ...toTaskDto(task), ...fields };
  // A summary's progress, completion and status roll up from its leaves, as in the project's answer.
  const leaves = await db
    .select({
      id: tasks.id,
      parentId: tasks.parentId,
      percentComplete: tasks.percentComplete,
      duration: tasks.duration,
      completed: tasks.completed,
      status: tasks.status,
    })
    .from(tasks)
    .where(eq(tasks.projectId, task.projectId));
  return { ...toTaskDto(task), ...fields, ...summaryRollUps(leaves).get(task.id) };
}

/** The task as it is now, as every task answer carries it (404 when it is gone). */
export async function taskAnswer(db: Database, taskId: number): Promise<TaskDto & OutlineFields> {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!task) throw notFound(TASK_NOT_FOUND);
  return withOutline(db, task);
}

/** The words of a link the outline cannot hold, naming the tasks. */
export function outlineLinkMessage(problem: OutlineLinkProblem, nameOf: (id: number) => string) {
  const quoted = (id: number) => `“${nameOf(id)}”`;
  if (problem.kind === "ancestor")
    return `A dependency cannot join a task and a summary task above it: ${quoted(problem.summaryId)} holds ${quoted(problem.taskId)}.`;
  return `This would create a cycle through a summary task: ${problem.taskIds.map(quoted).join(" → ")}.`;
}

/** The new places, refused with 400 naming `field` when the outline they make breaks a limit. */
function checkLimits(rows: readonly Row[], places: readonly OutlinePlace[], field: string) {
  const moved = new Map(places.map((place) => [place.taskId, place]));
  const after = rows.map((row) => ({ ...row, ...(moved.get(row.id) ?? {}) }));
  const outline = buildOutline(after);
  for (const place of places) {
    const deepest = outline.fieldsOf(place.taskId).outlineLevel + outline.heightOf(place.taskId) - 1;
    if (deepest > OUTLINE_LEVELS_MAX)
      throw new ValidationError(
        `${field} would put a task more than ${OUTLINE_LEVELS_MAX} levels deep.`,
        field,
      );
    if (place.parentId !== null && outline.childrenOf(place.parentId).length > OUTLINE_CHILDREN_MAX)
      throw new ValidationError(
        `${field} would put more than ${OUTLINE_CHILDREN_MAX} tasks under one.`,
        field,
      );
  }
  return after;
}

/** Moves tasks in the outline; answers the places written (none: nothing changed). */
export const moveInOutline: Command<{ projectId: number; move: OutlineMove }, OutlinePlace[]> = async (
  context,
  { projectId, move },
) => {
  const { tx } = context;
  await lockProject(tx, projectId);
  const rows = await outlineRows(tx, projectId);
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const outline = buildOutline(rows);
  let places: OutlinePlace[];
  let field: string;
  if ("action" in move) {
    field = "taskIds";
    const strangers = move.taskIds.filter((id) => !names.has(id));
    if (strangers.length > 0)
      throw new ValidationError(`These tasks are not in this project: ${strangers.join(", ")}.`, field);
    places = planOutlineAction(rows, move.taskIds, move.action);
  } else {
    field = "parentId";
    const problem = moveProblem(outline, (id) => names.has(id), move.taskId, move.parentId);
    if (problem) throw new ValidationError(problem, field);
    const orders = new Map(rows.map((row) => [row.id, row.order]));
    places = placesForMove(outline, orders, move.taskId, move.parentId, move.order);
  }
  const after = checkLimits(rows, places, field);
  if (places.some((place) => place.parentId !== outline.parentOf(place.taskId))) {
    const links = await tx
      .select({ sourceTaskId: dependencies.sourceTaskId, targetTaskId: dependencies.targetTaskId })
      .from(dependencies)
      .where(eq(dependencies.projectId, projectId));
    const problem = outlineLinkProblem(after, links);
    if (problem)
      throw new ValidationError(
        outlineLinkMessage(problem, (id) => names.get(id) ?? "?"),
        field,
      );
  }
  const items = places.map(({ taskId, parentId, order }) => ({ taskId, values: { parentId, order } }));
  const done = await setTaskLayout(context, { projectId, action: "tasks.outlined", items });
  return { ...done, value: places };
};
