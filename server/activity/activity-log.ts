// The activity log (docs/decisions/030-history-activity-and-undo.md): each write of a project's
// content or settings
// records one entry in its own transaction, with the actor, the action, each changed field's before
// and after, and the tasks the scheduler moved because of it. Reading answers entries newest first,
// each page one range of an index (readActivityPage; bench/activity.bench.ts).
import type {
  ActivityAction,
  ActivityEntryDto,
  ActivityItem,
  ActivityMove,
  FieldChanges,
} from "@core/schemas/activity";
import type { MovedTask } from "@core/schemas/scheduling";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { activityEntries } from "../db/schema";
import { idArray } from "../db/task-rows";

type Executor = Pick<Database, "execute" | "insert">;

/** What a write records; the entry's id, time and undo state are the log's. */
export type ActivityDraft = {
  projectId: number;
  actorId: number | null;
  action: ActivityAction;
  taskId?: number | null;
  dependencyId?: number | null;
  subject?: string | null;
  changes?: FieldChanges;
  items?: ActivityItem[];
  moved?: ActivityMove[];
  /** What an undo needs beyond `changes`; never on the wire. */
  restore?: Record<string, unknown> | null;
  undoOf?: number | null;
  isUndo?: boolean;
  undoable?: boolean;
};

/** Fields that change with every write and say nothing a person asked for. */
const UNRECORDED = new Set(["updatedAt", "createdAt", "version", "graphVersion"]);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Each field whose value differs between two wire objects, as [before, after].
 * @example fieldChanges({ name: "A", lag: 0 }, { name: "B", lag: 0 }) // { name: ["A", "B"] }
 */
export function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  only?: readonly string[],
): FieldChanges {
  const changes: FieldChanges = {};
  for (const key of only ?? Object.keys(after)) {
    if (UNRECORDED.has(key)) continue;
    const was = before[key] ?? null;
    const now = after[key] ?? null;
    if (!same(was, now)) changes[key] = [was, now];
  }
  return changes;
}

/** The names of these tasks, read in one statement (for the scheduler's moves). */
export async function taskNames(db: Pick<Database, "execute">, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const result = await db.execute(sql`select id, name from tasks where id = any(${idArray([...ids])})`);
  return new Map(
    (result as unknown as { rows: { id: number; name: string }[] }).rows.map((r) => [r.id, r.name]),
  );
}

/** The scheduler's moves with each task's name, as an entry lists them. */
export async function namedMoves(
  db: Pick<Database, "execute">,
  moved: readonly MovedTask[],
): Promise<ActivityMove[]> {
  if (moved.length === 0) return [];
  const names = await taskNames(
    db,
    moved.map((move) => move.id),
  );
  return moved.map((move) => ({ ...move, name: names.get(move.id) ?? "" }));
}

/** Records the entry in the caller's transaction; answers its id for the event that publishes it. */
export async function recordActivity(db: Executor, draft: ActivityDraft): Promise<number> {
  const [row] = await db
    .insert(activityEntries)
    .values({
      projectId: draft.projectId,
      actorId: draft.actorId,
      action: draft.action,
      taskId: draft.taskId ?? null,
      dependencyId: draft.dependencyId ?? null,
      subject: draft.subject ?? null,
      changes: draft.changes ?? {},
      items: draft.items ?? [],
      moved: draft.moved ?? [],
      restore: draft.restore ?? null,
      undoOf: draft.undoOf ?? null,
      isUndo: draft.isUndo ?? false,
      undoable: draft.undoable ?? true,
    })
    .returning({ id: activityEntries.id });
  return row.id;
}

const entryColumns = sql`e.id, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at",
  e.actor_id as "actorId",
  coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.username, u.email) as "actorName",
  e.action, e.task_id as "taskId", e.dependency_id as "dependencyId", e.subject, e.changes, e.items,
  e.moved, e.undo_of as "undoOf", e.undone_by as "undoneBy", e.is_undo as "isUndo", e.undoable`;

type EntryRow = Omit<ActivityEntryDto, "actor" | "id" | "undoOf" | "undoneBy"> & {
  id: number | string;
  actorId: number | null;
  actorName: string | null;
  undoOf: number | string | null;
  undoneBy: number | string | null;
};

const asId = (value: number | string | null) => (value === null ? null : Number(value));

function toEntryDto(row: EntryRow): ActivityEntryDto {
  const { actorId, actorName, ...entry } = row;
  return {
    ...entry,
    id: Number(row.id),
    undoOf: asId(row.undoOf),
    undoneBy: asId(row.undoneBy),
    actor: actorId === null ? null : { id: actorId, name: actorName ?? "" },
  };
}

async function selectEntries(db: Pick<Database, "execute">, where: SQL, orderBy: SQL, limit: number) {
  const result = await db.execute(sql`
    select ${entryColumns} from activity_entries e left join users u on u.id = e.actor_id
    where ${where} order by ${orderBy} limit ${limit}`);
  return (result as unknown as { rows: EntryRow[] }).rows.map(toEntryDto);
}

export type ActivityPageQuery = {
  limit: number;
  before?: number;
  taskId?: number;
  actorId?: number;
};

const LAST_ID = "9223372036854775807";

/**
 * A page of the project's entries, newest first: those before `before`, of a task or an actor.
 * Each filter is one range of its index, written as row comparisons over the index's columns and
 * ordered by them, so the planner has one plan that needs no sort and draws `limit` rows, with or
 * without statistics, however many entries other projects (or other tasks) wrote last
 * (bench/activity.bench.ts; docs/performance.md, "Activity").
 */
export function readActivityPage(
  db: Pick<Database, "execute">,
  projectId: number,
  query: ActivityPageQuery,
): Promise<ActivityEntryDto[]> {
  const before = sql`${query.before === undefined ? LAST_ID : String(query.before)}::bigint`;
  if (query.taskId !== undefined) {
    // A task's history is what names it (task_id); writes of several tasks (a reorder, cards moved
    // in the graph) are in the project's activity only. A task moved to another project is named
    // in both logs; each shows its own.
    return selectEntries(
      db,
      sql`(e.task_id, e.project_id, e.id) < (${query.taskId}, ${projectId}, ${before})
        and (e.task_id, e.project_id, e.id) > (${query.taskId}, ${projectId}, 0)`,
      sql`e.task_id desc, e.project_id desc, e.id desc`,
      query.limit,
    );
  }
  if (query.actorId !== undefined) {
    return selectEntries(
      db,
      sql`(e.actor_id, e.project_id, e.id) < (${query.actorId}, ${projectId}, ${before})
        and (e.actor_id, e.project_id, e.id) > (${query.actorId}, ${projectId}, 0)`,
      sql`e.actor_id desc, e.project_id desc, e.id desc`,
      query.limit,
    );
  }
  return selectEntries(
    db,
    sql`(e.project_id, e.id) < (${projectId}, ${before}) and (e.project_id, e.id) > (${projectId}, 0)`,
    sql`e.project_id desc, e.id desc`,
    query.limit,
  );
}

/** One entry as the API shows it, or null. */
export async function readActivityEntry(
  db: Pick<Database, "execute">,
  id: number,
): Promise<ActivityEntryDto | null> {
  const [entry] = await selectEntries(db, sql`e.id = ${id}`, sql`e.id`, 1);
  return entry ?? null;
}
