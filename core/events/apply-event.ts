// A live event applied to a copy of a project (docs/decisions/029-events-carry-the-change.md): the
// page's cached project
// answer, a public viewer's, or a benchmark viewer's. The event carries the rows it touched as they
// stand after it; this lays them on the copy in the answer's order (tasks by order then id,
// dependencies by id, categories by name) and, when a scheduling input changed, computes every
// task's `schedule` again with the engine the server uses, since a change moves other tasks' floats
// and late dates without touching their rows. Applied in version order, events leave the copy equal
// to a fresh read of the project.
import type { ProjectCalendar } from "../scheduling/calendar";
import { scheduleProject, type TaskSchedule } from "../scheduling/project-schedule";
import type { DrivenBy } from "../scheduling/schedule-explanation";
import type { ProjectEvent } from "../schemas/events";
import type { CategoryDto, DependencyDto, ScheduledTaskDto } from "../schemas/projects";
import { buildOutline } from "../tasks/outline";
import { summaryRollUps } from "../tasks/progress";

/** What a copy of a project holds: the project answer's shape, or the public one's. */
export type ProjectCopy = {
  project: ProjectCalendar & { version: number };
  tasks: ScheduledTaskDto[];
  dependencies: DependencyDto[];
  schedule: { finish: string | null };
  categories?: CategoryDto[];
};

const byOrderThenId = (a: ScheduledTaskDto, b: ScheduledTaskDto) => a.order - b.order || a.id - b.id;
const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
/** Categories as the answers list them: `order by lower(name), id`. */
export const byCategoryName = (a: CategoryDto, b: CategoryDto) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
};

const sameSchedule = (a: TaskSchedule | null, b: TaskSchedule | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.start === b.start &&
    a.finish === b.finish &&
    a.lateStart === b.lateStart &&
    a.lateFinish === b.lateFinish &&
    a.totalFloat === b.totalFloat &&
    a.critical === b.critical &&
    a.freeFloat === b.freeFloat &&
    a.conflict === b.conflict &&
    a.conflictReason === b.conflictReason &&
    a.late === b.late &&
    sameDriver(a.drivenBy, b.drivenBy));

const sameDriver = (a: DrivenBy | undefined, b: DrivenBy | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.kind === b.kind &&
    (a.kind !== "dependency" || b.kind !== "dependency" || a.dependencyId === b.dependencyId));

/**
 * Whether the engine could date these two versions of a task differently. A move in the outline
 * can, whatever the task's duration (its old and new summaries roll up again), and so can a
 * summary's constraint or deadline (a summary's own duration means nothing).
 */
const schedulingDiffers = (a: ScheduledTaskDto, b: ScheduledTaskDto) =>
  (a.parentId ?? null) !== (b.parentId ?? null) ||
  a.startNoEarlierThan !== b.startNoEarlierThan ||
  a.constraintType !== b.constraintType ||
  a.constraintDate !== b.constraintDate ||
  a.deadline !== b.deadline ||
  a.percentComplete !== b.percentComplete ||
  a.actualStart !== b.actualStart ||
  a.actualFinish !== b.actualFinish ||
  ((a.duration !== null || b.duration !== null) &&
    (a.duration !== b.duration ||
      a.schedulingMode !== b.schedulingMode ||
      a.startDate !== b.startDate ||
      a.dueDate !== b.dueDate ||
      !sameSchedule(a.schedule, b.schedule)));

const calendarDiffers = (a: ProjectCalendar, b: ProjectCalendar) =>
  a.startDate !== b.startDate ||
  a.workingDays.join(",") !== b.workingDays.join(",") ||
  a.holidays.join(",") !== b.holidays.join(",") ||
  // Late tasks are judged at the status date.
  (a.statusDate ?? null) !== (b.statusDate ?? null);

/** Upserts `changed` and drops `deleted` from rows kept in `order`; the same array when neither applies. */
export function merge<T extends { id: number }>(
  rows: T[],
  changed: readonly T[] | undefined,
  deleted: ReadonlySet<number>,
  order: (a: T, b: T) => number,
): T[] {
  if (!changed?.length && deleted.size === 0) return rows;
  const replacing = new Map((changed ?? []).map((row) => [row.id, row]));
  let resort = false;
  const merged: T[] = [];
  for (const row of rows) {
    if (deleted.has(row.id)) continue;
    const next = replacing.get(row.id);
    if (next) {
      replacing.delete(row.id);
      if (order(row, next) !== 0) resort = true;
    }
    merged.push(next ?? row);
  }
  for (const row of replacing.values()) if (!deleted.has(row.id)) merged.push(row);
  if (resort || replacing.size > 0) merged.sort(order);
  return merged;
}

const OUTLINE_FIELDS = ["summary", "outlineLevel", "wbs"] as const;

/**
 * Each task's place in the outline (`summary`, `outlineLevel`, `wbs`), as a fresh read carries it:
 * events carry only the tasks they change, so the fields are read again from parentId and order
 * when the outline changed (a move, a task added or deleted), else kept from the copy.
 */
function withOutlineFields(
  before: readonly ScheduledTaskDto[],
  after: ScheduledTaskDto[],
  previous: ReadonlyMap<number, ScheduledTaskDto>,
): ScheduledTaskDto[] {
  if (after === before || !before.some((task) => task.wbs !== undefined)) return after;
  const reshaped =
    after.length !== before.length ||
    after.some((task) => {
      const was = previous.get(task.id);
      return !was || (was.parentId ?? null) !== (task.parentId ?? null) || was.order !== task.order;
    });
  const outline = reshaped
    ? buildOutline(after.map((task) => ({ ...task, parentId: task.parentId ?? null })))
    : null;
  return after.map((task) => {
    const fields = outline ? outline.fieldsOf(task.id) : previous.get(task.id);
    if (!fields || OUTLINE_FIELDS.every((field) => task[field] === fields[field])) return task;
    return { ...task, summary: fields.summary, outlineLevel: fields.outlineLevel, wbs: fields.wbs };
  });
}

/**
 * Each summary's progress, completion and status rolled up from its leaves, as a fresh read
 * carries them (server/scheduling/scheduled-content.ts): an event carries a summary as stored.
 */
function withSummaryRollUps(
  before: readonly ScheduledTaskDto[],
  after: ScheduledTaskDto[],
): ScheduledTaskDto[] {
  if (after === before || !after.some((task) => task.summary)) return after;
  const rollUps = summaryRollUps(after);
  return after.map((task) => {
    const rollUp = rollUps.get(task.id);
    if (
      !rollUp ||
      (task.percentComplete === rollUp.percentComplete &&
        task.completed === rollUp.completed &&
        task.status === rollUp.status)
    )
      return task;
    return { ...task, ...rollUp };
  });
}

/**
 * The copy with the event applied; the same copy when the event changes nothing it holds.
 * @example detail = applyProjectEvent(detail, event)
 */
export function applyProjectEvent<C extends ProjectCopy>(copy: C, event: ProjectEvent): C {
  let project = copy.project;
  let rescheduling = false;
  if (event.project) {
    // Only the fields this copy shows (a public copy shows few; a member's keeps its own view).
    const shown = Object.fromEntries(
      Object.keys(project).map((field) => [
        field,
        field in event.project!
          ? event.project![field as keyof typeof event.project]
          : project[field as never],
      ]),
    ) as unknown as C["project"];
    rescheduling ||= calendarDiffers(project, shown);
    project = shown;
  }
  if (event.version !== undefined && event.version > project.version)
    project = { ...project, version: event.version };

  const current = new Map(copy.tasks.map((task) => [task.id, task]));
  const deletedTasks = new Set(event.deletedTaskIds ?? []);
  for (const id of deletedTasks) if ((current.get(id)?.duration ?? null) !== null) rescheduling = true;
  for (const task of event.tasks ?? []) {
    const before = current.get(task.id);
    if (before ? schedulingDiffers(before, task) : task.duration !== null) rescheduling = true;
  }
  let tasks = withSummaryRollUps(
    copy.tasks,
    withOutlineFields(copy.tasks, merge(copy.tasks, event.tasks, deletedTasks, byOrderThenId), current),
  );

  // A deleted task takes its dependencies with it (the database cascades them without an event).
  const deletedDependencies = new Set(event.deletedDependencyIds ?? []);
  if (deletedTasks.size > 0)
    for (const dependency of copy.dependencies)
      if (deletedTasks.has(dependency.sourceTaskId) || deletedTasks.has(dependency.targetTaskId))
        deletedDependencies.add(dependency.id);
  const dependencies = merge(copy.dependencies, event.dependencies, deletedDependencies, byId);
  if (dependencies !== copy.dependencies) rescheduling = true;

  const categories =
    copy.categories &&
    merge(copy.categories, event.categories, new Set(event.deletedCategoryIds ?? []), byCategoryName);

  let schedule = copy.schedule;
  if (rescheduling) {
    const computed = tasks.some((task) => task.duration !== null)
      ? scheduleProject(project, tasks, dependencies, { explain: true })
      : { tasks: new Map<number, TaskSchedule | null>(), finish: null };
    tasks = tasks.map((task) => {
      const next = computed.tasks.get(task.id) ?? null;
      return sameSchedule(task.schedule, next) ? task : { ...task, schedule: next };
    });
    if (computed.finish !== schedule.finish) schedule = { ...schedule, finish: computed.finish };
  } else if (event.finish !== undefined && event.finish !== schedule.finish) {
    schedule = { ...schedule, finish: event.finish };
  }

  if (
    project === copy.project &&
    tasks === copy.tasks &&
    dependencies === copy.dependencies &&
    categories === copy.categories &&
    schedule === copy.schedule
  )
    return copy;
  return { ...copy, project, tasks, dependencies, schedule, ...(categories ? { categories } : {}) };
}
