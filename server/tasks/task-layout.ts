// Where several tasks stand, as one command (server/commands/command.ts): their order in the list
// (a reorder), their cards' places on the graph (a drag, an auto-layout) or their places in the
// outline (task-outline.ts). One statement writes
// them all, after the project's row and the tasks' rows are locked, so a whole auto-layout is one
// round trip and all or nothing. Run by both routes and by the undo of either.
import type { ActivityItem } from "@core/schemas/activity";
import { sql } from "drizzle-orm";
import { fieldChanges, namedMoves, recordActivity } from "../activity/activity-log";
import type { Command } from "../commands/command";
import { tasks } from "../db/schema";
import { idArray, numberArray } from "../db/task-rows";
import { badRequest, conflict } from "../lib/errors";
import { lockAndReadTasks, lockProject, NO_RESCHEDULING, reschedule } from "../scheduling/rescheduler";

export type LayoutAction = "tasks.reordered" | "tasks.positioned" | "tasks.outlined";
type LayoutField = "order" | "positionX" | "positionY" | "parentId";

/** The fields each action sets, with their columns and SQL types. */
const FIELDS: Record<LayoutAction, { field: LayoutField; column: string; type: string }[]> = {
  "tasks.reordered": [{ field: "order", column: "order", type: "integer" }],
  "tasks.positioned": [
    { field: "positionX", column: "position_x", type: "double precision" },
    { field: "positionY", column: "position_y", type: "double precision" },
  ],
  // A move in the outline: the parent, then the place among the new siblings.
  "tasks.outlined": [
    { field: "parentId", column: "parent_id", type: "integer" },
    { field: "order", column: "order", type: "integer" },
  ],
};

type LayoutValues = Partial<Record<LayoutField, unknown>>;

export type LayoutInput = {
  projectId: number;
  action: LayoutAction;
  /**
   * Each task's new values (a field left out keeps the value it holds), and what the writer expects
   * it to hold now (an undo: what its entry left): another value refuses the write, 409 stale.
   */
  items: { taskId: number; values: LayoutValues; expected?: LayoutValues }[];
  /** Refuse (400, nothing saved) when a task is not in the project, with this message. */
  allOrNothing?: string;
};

/**
 * Sets the order or the places of several tasks of a project (others' tasks are never touched).
 * Its entry lists each task whose value changed; one that changes nothing records nothing (an undo
 * always records).
 */
export const setTaskLayout: Command<LayoutInput, number> = async (
  { tx, actor, dryRun, mark },
  { projectId, action, items, allOrNothing },
) => {
  const fields = FIELDS[action];
  const ids = items.map((item) => item.taskId);
  // The project first, as every write of several of its tasks (a scheduling write among them).
  await lockProject(tx, projectId);
  // A move in the outline changes what holds a task and what a summary rolls up: planned again
  // (a dry run answers its preview here).
  const rescheduling =
    action === "tasks.outlined"
      ? await reschedule(tx, projectId, dryRun, (state) => {
          for (const { taskId, values } of items) {
            const task = state.tasks.get(taskId);
            if (task && values.parentId !== undefined)
              state.tasks.set(taskId, { ...task, parentId: values.parentId as number | null });
          }
        })
      : NO_RESCHEDULING;
  const held = await lockAndReadTasks<Record<string, number | null> & { projectId: number }>(
    tx,
    ids,
    sql.raw(
      `project_id as "projectId", ${fields.map(({ field, column }) => `"${column}" as "${field}"`).join(", ")}`,
    ),
  );
  // A task deleted or moved to another project since is left alone.
  const heldById = new Map(held.filter((row) => row.projectId === projectId).map((row) => [row.id, row]));
  for (const { taskId, expected = {} } of items) {
    const row = heldById.get(taskId);
    const field = Object.keys(expected).find(
      (name) => row && (row[name] ?? null) !== (expected[name as "order"] ?? null),
    );
    if (row && field) throw conflict(`The ${field} of “${row.name}” has changed since.`, "stale", { field });
  }
  // A field an item leaves out keeps the value the task holds (null included).
  const newValue = (item: LayoutInput["items"][number], field: string) =>
    item.values[field as keyof typeof item.values] !== undefined
      ? item.values[field as keyof typeof item.values]
      : (heldById.get(item.taskId)?.[field] ?? null);
  // Only the project's tasks, found locked above, are written: positions are saved for all the
  // tasks or for none (thrown inside the transaction).
  const writing = items.filter((item) => heldById.has(item.taskId));
  if (allOrNothing && writing.length !== ids.length) throw badRequest(allOrNothing);
  // Each column travels as one array parameter: a statement holds at most 65,535 parameters, and an
  // auto-layout of a 50,000-task plan sends 150,000 values. The join is on the id alone: a filter
  // on the project as well let PostgreSQL, its statistics taken before a big import, scan the
  // project's tasks once per entry (25,000 positions took 45 s instead of 1 s).
  const rows = (writing.length === 0
    ? { rows: [] }
    : await tx.execute(sql`
      update ${tasks} set ${sql.raw(
        fields.map(({ column }, index) => `"${column}" = moved.v${index}`).join(", "),
      )}, updated_at = now()
      from unnest(${idArray(writing.map((item) => item.taskId))}, ${sql.join(
        fields.map(({ field, type }) =>
          numberArray(
            writing.map((item) => newValue(item, field)),
            type,
          ),
        ),
        sql`, `,
      )}) as moved(id, ${sql.raw(fields.map((_field, index) => `v${index}`).join(", "))})
      where ${tasks.id} = moved.id
      returning ${tasks.id}`)) as unknown as { rows: unknown[] };
  const wanted = new Map(items.map((item) => [item.taskId, item.values]));
  const changed: ActivityItem[] = [...heldById.values()].flatMap((row) => {
    const values = wanted.get(row.id) ?? {};
    const before = Object.fromEntries(fields.map(({ field }) => [field, row[field]]));
    const after = Object.fromEntries(
      fields.map(({ field }) => [field, values[field] !== undefined ? values[field] : row[field]]),
    );
    const changes = fieldChanges(before, after);
    return Object.keys(changes).length > 0 ? [{ taskId: row.id, name: row.name, changes }] : [];
  });
  await rescheduling.store();
  const moved = await namedMoves(tx, rescheduling.moves);
  const activityId =
    changed.length === 0 && !mark
      ? undefined
      : await recordActivity(tx, { projectId, actorId: actor.id, action, items: changed, moved, ...mark });
  return {
    value: rows.rows.length,
    activityId,
    event: { type: action, projectId, taskIds: [...new Set([...heldById.keys(), ...rescheduling.moved])] },
  };
};
