// The server's half of scheduling: inside the transaction of a write that changes a scheduling
// input, load the project's inputs, apply the change in memory, run the engine, and store the
// dates of the auto tasks it moves in one statement (or, for `?dryRun=true`, only say what would
// move). The caller holds the project's row lock first, so two such writes of one project run one
// after the other and every stored date comes from one consistent plan
// (docs/decisions/024-scheduling.md).
import { epochDayOf, isoDateOf, type ProjectCalendar } from "@core/scheduling/calendar";
import { planSchedule, type SchedulePlan, type SchedulePlanState, scheduleOf } from "@core/scheduling/plan";
import type {
  MovedTask,
  ScheduledDates,
  SchedulePreview,
  SchedulingDependency,
  SchedulingTask,
} from "@core/scheduling/project-schedule";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { projects, tasks } from "../db/schema";
import { idArray } from "../db/task-rows";

type Executor = Pick<Database, "execute" | "select">;

/** A project's scheduling inputs as they stand, changed in memory by the write being planned. */
export type SchedulingState = SchedulePlanState & { projectId: number };

/** A stored date's day: a timestamp reads as its nearest UTC midnight's, as in the SQL below. */
const day = (value: Date | string | null) =>
  value === null ? null : typeof value === "string" ? value.slice(0, 10) : isoDateOf(epochDayOf(value));

/** Whether any task of the project has a duration: without one, nothing is scheduled or moves. */
export async function projectHasSchedule(db: Executor, projectId: number): Promise<boolean> {
  const result = await db.execute(
    sql`select exists(select 1 from tasks where project_id = ${projectId} and duration is not null) as "any"`,
  );
  return (result as unknown as { rows: { any: boolean }[] }).rows[0]?.any === true;
}

/** The project's calendar. */
export async function projectCalendar(db: Executor, projectId: number): Promise<ProjectCalendar> {
  const [row] = await db
    .select({
      startDate: projects.startDate,
      workingDays: projects.workingDays,
      holidays: projects.holidays,
      statusDate: projects.statusDate,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row;
}

/** A project's scheduling inputs as read: its calendar, its tasks' fields and its dependencies. */
export type SchedulingInputs = {
  calendar: ProjectCalendar;
  taskRows: SchedulingTask[];
  dependencyRows: (SchedulingDependency & { id: number })[];
};

/**
 * Reads the project's scheduling inputs. A stored date reads as the day of its nearest UTC
 * midnight, as everywhere (calendar.ts, epochDayOf).
 */
export async function readSchedulingInputs(db: Executor, projectId: number): Promise<SchedulingInputs> {
  const calendar = await projectCalendar(db, projectId);
  const taskRows = (
    (await db.execute(sql`
      select id, parent_id as "parentId", duration, scheduling_mode as "schedulingMode",
        start_no_earlier_than as "startNoEarlierThan", constraint_type as "constraintType",
        constraint_date as "constraintDate", deadline, percent_complete as "percentComplete",
        actual_start as "actualStart", actual_finish as "actualFinish",
        to_char((start_date at time zone 'UTC') + interval '12 hours', 'YYYY-MM-DD') as "startDate",
        to_char((due_date at time zone 'UTC') + interval '12 hours', 'YYYY-MM-DD') as "dueDate"
      from tasks where project_id = ${projectId}`)) as unknown as { rows: SchedulingTask[] }
  ).rows;
  const dependencyRows = (
    (await db.execute(sql`
      select id, source_task_id as "sourceTaskId", target_task_id as "targetTaskId", type, lag
      from dependencies where project_id = ${projectId}`)) as unknown as {
      rows: (SchedulingDependency & { id: number })[];
    }
  ).rows;
  return { calendar, taskRows, dependencyRows };
}

/** Reads the project's scheduling inputs into a state a write can change and plan. */
export async function loadSchedulingState(db: Executor, projectId: number): Promise<SchedulingState> {
  const { calendar, taskRows, dependencyRows } = await readSchedulingInputs(db, projectId);
  const state = schedulingStateOf(projectId, calendar, taskRows, dependencyRows);
  state.finishBefore = scheduleOf(state).finish;
  return state;
}

/**
 * The scheduling state of rows already read (the export reads every field of its tasks anyway).
 * Its "before" finish is left unset: only a write's preview needs it.
 */
export function schedulingStateOf(
  projectId: number,
  calendar: ProjectCalendar,
  taskRows: readonly SchedulingTask[],
  dependencyRows: readonly (SchedulingDependency & { id: number })[],
): SchedulingState {
  const state: SchedulingState = {
    projectId,
    calendar,
    tasks: new Map(taskRows.map((task) => [task.id, task])),
    dependencies: new Map(dependencyRows.map(({ id, ...dependency }) => [id, dependency])),
    stored: new Map(),
    finishBefore: null,
  };
  for (const task of taskRows) {
    state.stored.set(
      task.id,
      task.duration !== null && task.startDate && task.dueDate
        ? { start: day(task.startDate) as string, finish: day(task.dueDate) as string }
        : null,
    );
  }
  return state;
}

/** A state with the project's calendar and none of its tasks: enough to plan a new task's dates. */
export async function emptySchedulingState(db: Executor, projectId: number): Promise<SchedulingState> {
  return {
    projectId,
    calendar: await projectCalendar(db, projectId),
    tasks: new Map(),
    dependencies: new Map(),
    stored: new Map(),
    finishBefore: null,
  };
}

/** Takes a task and its dependencies out of the state. */
export function removeTask(state: SchedulingState, taskId: number): void {
  state.tasks.delete(taskId);
  state.stored.delete(taskId);
  for (const [id, dependency] of state.dependencies) {
    if (dependency.sourceTaskId === taskId || dependency.targetTaskId === taskId)
      state.dependencies.delete(id);
  }
}

/** A "YYYY-MM-DD" as the timestamp an auto task stores: midnight UTC. */
export const storedDate = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * Stores the planned dates of these tasks in one statement (their rows must be locked already, in
 * id order, before the transaction's first task write: docs/decisions/020-project-content-cache.md).
 * The rows travel as three arrays, so the statement has three parameters however many tasks move
 * (one parameter per value would pass PostgreSQL's 65,535 at 21,846 tasks). The tasks are the
 * project's, read under its lock, so the join is on the id alone: a filter on the project as well
 * let PostgreSQL, its statistics taken before a big import, scan the project's tasks once per row
 * (seen with task-layout.ts's statement of the same shape: 45 s instead of 1 s at 25,000 rows).
 */
export async function storeScheduledDates(
  db: Pick<Database, "execute">,
  writes: ReadonlyMap<number, ScheduledDates>,
): Promise<void> {
  if (writes.size === 0) return;
  const ids: number[] = [];
  const starts: string[] = [];
  const finishes: string[] = [];
  for (const [id, dates] of writes) {
    ids.push(id);
    starts.push(dates.start);
    finishes.push(dates.finish);
  }
  await db.execute(sql`
    update ${tasks} set start_date = moved.start::timestamp at time zone 'UTC',
      due_date = moved.finish::timestamp at time zone 'UTC', updated_at = now()
    from unnest(${idArray(ids)}, ${dateArray(starts)}, ${dateArray(finishes)}) as moved(id, start, finish)
    where ${tasks.id} = moved.id`);
}

/** "YYYY-MM-DD" dates as one date[] parameter. */
const dateArray = (dates: readonly string[]) => sql`${`{${dates.join(",")}}`}::date[]`;

/**
 * Locks a project's row for the write (FOR UPDATE): every write that changes a scheduling input of
 * the project takes it first, as every write of several of its tasks does.
 */
export async function lockProject(db: Pick<Database, "select">, projectId: number) {
  const [row] = await db
    .select({ graphVersion: projects.graphVersion })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  return row;
}

/** Locks these tasks' rows in id order, before the first statement that writes a task. */
export async function lockTasksInIdOrder(db: Pick<Database, "execute">, ids: Iterable<number>) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  await db.execute(
    sql`select id from ${tasks} where id = any(${idArray(sorted)}) order by id for no key update`,
  );
}

/**
 * Locks these tasks' rows in id order (before the first statement that writes a task, as
 * lockTasksInIdOrder) and reads their names and `columns`: what their activity entry records.
 */
export async function lockAndReadTasks<T>(
  tx: Pick<Database, "execute">,
  ids: readonly number[],
  columns: SQL,
) {
  const result = await tx.execute(sql`
    select id, name, ${columns} from ${tasks} where id = any(${idArray([...ids])})
    order by id for no key update`);
  return (result as unknown as { rows: ({ id: number; name: string } & T)[] }).rows;
}

/** Thrown inside a dry run's transaction after planning, so everything it did rolls back. */
export class DryRun extends Error {
  constructor(readonly preview: SchedulePreview) {
    super("dry run");
  }
}

/**
 * Runs a write's transaction; with `dryRun`, answers its preview instead and rolls everything back.
 * The body throws DryRun with the preview once it has checked and planned all it would do.
 */
export async function withDryRun<T>(
  db: Database,
  dryRun: boolean,
  body: (tx: Database) => Promise<T>,
): Promise<{ result: T; preview?: undefined } | { preview: SchedulePreview; result?: undefined }> {
  try {
    return { result: await db.transaction((tx) => body(tx as unknown as Database)) };
  } catch (error) {
    if (dryRun && error instanceof DryRun) return { preview: error.preview };
    throw error;
  }
}

/**
 * Plans a write that changes the project's dependencies or calendar (`change` applies it to the
 * loaded state) after the caller's checks and with the project's row locked: with `dryRun` throws
 * its preview; else locks the tasks it moves and answers their ids and `store`, which the route
 * calls after its own write.
 */
export async function reschedule(
  tx: Database,
  projectId: number,
  dryRun: boolean,
  change: (state: SchedulingState) => void,
): Promise<Rescheduling> {
  if (!(await projectHasSchedule(tx, projectId))) {
    if (dryRun) throw new DryRun(previewOfNothing());
    return NO_RESCHEDULING;
  }
  const state = await loadSchedulingState(tx, projectId);
  change(state);
  const plan = planSchedule(state);
  if (dryRun) throw new DryRun(plan.preview);
  await lockTasksInIdOrder(tx, plan.writes.keys());
  return {
    moved: [...plan.writes.keys()],
    moves: storedMoves(plan),
    store: () => storeScheduledDates(tx, plan.writes),
  };
}

/** What a write's rescheduling moves: the ids, each move's dates (for its activity entry), and `store`. */
export type Rescheduling = { moved: number[]; moves: MovedTask[]; store: () => Promise<void> };

export const NO_RESCHEDULING: Rescheduling = { moved: [], moves: [], store: async () => {} };

/** The moves of a plan that the write stores (auto tasks'), as an activity entry lists them. */
export const storedMoves = (plan: SchedulePlan): MovedTask[] =>
  plan.preview.moved.filter((move) => plan.writes.has(move.id));

/** The project's finish as its tasks stand, null when none is scheduled. */
export async function currentFinish(db: Executor, projectId: number): Promise<string | null> {
  if (!(await projectHasSchedule(db, projectId))) return null;
  return (await loadSchedulingState(db, projectId)).finishBefore;
}

/** An empty preview: the write moves nothing (no task of the project is scheduled). */
export const previewOfNothing = (finish: string | null = null): SchedulePreview => ({
  moved: [],
  finish: { from: finish, to: finish },
});
