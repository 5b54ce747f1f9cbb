// The whole Gantt chart as geometry, for pictures and printing: the same rows (tree order, or by
// category), bars (scheduled, dated, not scheduled, milestones, summary brackets) and arrows as the
// Gantt view draws, from the same arithmetic in core/gantt, but over the whole plan and with every
// group and summary open, the arrows routed by core/gantt/arrow-routes.ts as on screen. Pure: the
// picture (gantt-svg.ts) and the pages (print-tiling.ts) read it.
import { arrowRoute, routeExtent, routePath } from "@core/gantt/arrow-routes";
import { type BarTiming, barTiming } from "@core/gantt/bar-timing";
import { ganttRows, groupTasks } from "@core/gantt/rows";
import { type BarKind, barDatesOf, barKind, floatEnd, isMilestone } from "@core/gantt/scheduled-bars";
import {
  addUnits,
  dateToX,
  startOfUnit,
  type TimelineWindow,
  timelineColumns,
  timelineGroups,
} from "@core/gantt/timeline";
import { columnLabel, groupLabel } from "@core/gantt/timeline-labels";
import { GANTT_SCALES, type GanttScale, type GanttScaleName } from "@core/gantt/zoom";
import type { CategoryDto, DependencyDto, ScheduledTaskDto, TaskDto } from "@core/schemas/projects";
import { outlineRows, planOutline, summarySpans } from "@core/tasks/outline-view";

/** Row heights: as on screen (48 and 32 px), or compact for paper. */
export type RowSizes = { task: number; group: number };
export const SCREEN_ROWS: RowSizes = { task: 48, group: 32 };
export const PAPER_ROWS: RowSizes = { task: 22, group: 20 };

export type GanttLayoutRow =
  | { kind: "group"; top: number; height: number; label: string; color: string | null }
  | {
      kind: "task";
      top: number;
      height: number;
      taskId: number;
      name: string;
      /** 1 at the top level (a flat plan is all 1). */
      level: number;
      /** The WBS number in a plan with summaries. */
      wbs: string | null;
      summary: boolean;
    };

export type GanttLayoutBar = {
  taskId: number;
  /** Index into `rows`. */
  row: number;
  name: string;
  left: number;
  width: number;
  shape: "bar" | "milestone" | "summary";
  kind: BarKind;
  color: string | null;
  completed: boolean;
  /** Negative total float: drawn in the destructive colour. */
  late: boolean;
  /** 0..100. */
  progress: number;
  /** How far the float tail runs past the bar's end, in pixels. */
  floatWidth: number;
};

/** An arrow's path, its two rows, and the leftmost and rightmost x of its route. */
export type GanttLayoutArrow = { d: string; fromRow: number; toRow: number; left: number; right: number };

export type GanttLayout = {
  scale: GanttScale;
  window: TimelineWindow;
  /** The timeline's width and the rows' height, in pixels. */
  width: number;
  height: number;
  columns: { x: number; width: number; label: string; offDay: boolean }[];
  groups: { x: number; width: number; label: string }[];
  rows: GanttLayoutRow[];
  bars: GanttLayoutBar[];
  arrows: GanttLayoutArrow[];
  /** Where today and the end of the status day fall; null outside the window. */
  todayX: number | null;
  statusX: number | null;
  taskCount: number;
};

export type GanttLayoutInput = {
  tasks: readonly (TaskDto | ScheduledTaskDto)[];
  dependencies: readonly DependencyDto[];
  categories: readonly CategoryDto[];
  now: Date;
  /** "YYYY-MM-DD": the project's status date, or today's. */
  statusDay: string;
  scale: GanttScaleName;
  rowSizes?: RowSizes;
  /** The dates shown; the plan's span (with a unit either side) when absent. */
  range?: { start: Date; end: Date } | null;
};

const MILESTONE_SIZE = 20;

/**
 * The span of the plan's bars, summaries left out (theirs are their leaves'); null without tasks.
 * @example planSpan(tasks, now) // { start: the earliest bar's start, end: the latest bar's end }
 */
export function planSpan(tasks: readonly (TaskDto | ScheduledTaskDto)[], now: Date) {
  const summaries = new Set(tasks.flatMap((task) => (task.parentId === null ? [] : [task.parentId])));
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    if (summaries.has(task.id)) continue;
    const timing = barTiming(barDatesOf(task as ScheduledTaskDto), now);
    start = Math.min(start, timing.start.getTime());
    end = Math.max(end, timing.end.getTime());
  }
  return start > end ? null : { start: new Date(start), end: new Date(end) };
}

/**
 * The finest scale that shows `span` in at most `maxWidth` pixels, else the coarsest.
 * @example scaleToFit({ start: jan1, end: dec31 }, 1600) // "months": 4 px a day
 */
export function scaleToFit(span: { start: Date; end: Date }, maxWidth: number): GanttScaleName {
  const days = Math.max(1, (span.end.getTime() - span.start.getTime()) / 86_400_000);
  for (const scale of [...GANTT_SCALES].reverse()) {
    if (days * (scale.columnWidth / scale.unitDays) <= maxWidth) return scale.name;
  }
  return GANTT_SCALES[0].name;
}

/**
 * The chart laid out: every row of the plan (all open), each bar and arrow in pixels of the scale.
 * Linear in tasks and dependencies.
 */
export function ganttLayout(input: GanttLayoutInput): GanttLayout {
  const { now, categories } = input;
  const sizes = input.rowSizes ?? SCREEN_ROWS;
  const scale = GANTT_SCALES.find((each) => each.name === input.scale) ?? GANTT_SCALES[1];
  const tasks = input.tasks.map((task) => barDatesOf(task as ScheduledTaskDto));
  const outline = planOutline(tasks);
  const kinds = new Map(tasks.map((task) => [task.id, barKind(task, now)]));
  const timings = new Map<number, BarTiming>(tasks.map((task) => [task.id, barTiming(task, now)]));
  if (outline) {
    const spans = summarySpans(outline, (id) =>
      kinds.get(id) === "unscheduled" ? undefined : timings.get(id),
    );
    for (const id of outline.order) {
      if (!outline.isSummary(id)) continue;
      const span = spans.get(id);
      if (span) timings.set(id, { ...span, startSource: "startDate", endIsDueDate: true });
      else timings.delete(id);
    }
  }
  const span = input.range ?? spanOf(timings);
  const window: TimelineWindow = span
    ? {
        scale,
        start: input.range
          ? startOfUnit(span.start, scale.name)
          : addUnits(startOfUnit(span.start, scale.name), scale.name, -1),
        end: addUnits(startOfUnit(span.end, scale.name), scale.name, input.range ? 1 : 2),
      }
    : {
        scale,
        start: startOfUnit(now, scale.name),
        end: addUnits(startOfUnit(now, scale.name), scale.name, 4),
      };
  const columns = timelineColumns(window);
  const width = dateToX(window.end, window);

  // Rows: the tree in order (all open), else by category with a row per category when any has one.
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const categoryOf = new Map(categories.map((category) => [category.id, category]));
  const rows: GanttLayoutRow[] = [];
  let top = 0;
  const pushTask = (task: TaskDto, level: number, wbs: string | null, summary: boolean) => {
    rows.push({
      kind: "task",
      top,
      height: sizes.task,
      taskId: task.id,
      name: task.name,
      level,
      wbs,
      summary,
    });
    top += sizes.task;
  };
  if (outline) {
    for (const row of outlineRows(outline, new Set())) {
      const task = byId.get(row.id);
      if (task) pushTask(task, row.level, row.wbs, row.summary);
    }
  } else {
    const groups = groupTasks(
      tasks,
      categories.map((category) => category.id),
    );
    const withGroupRows = groups.some((group) => group.categoryId !== null);
    for (const row of ganttRows(groups, new Set(), withGroupRows)) {
      if (row.kind === "task") pushTask(row.task, 1, null, false);
      else {
        const category = row.categoryId === null ? undefined : categoryOf.get(row.categoryId);
        rows.push({
          kind: "group",
          top,
          height: sizes.group,
          label: `${category?.name ?? "Uncategorized"} (${row.count})`,
          color: category?.color ?? null,
        });
        top += sizes.group;
      }
    }
  }

  const rowOfTask = new Map<number, number>();
  const bars: GanttLayoutBar[] = [];
  const barOf = new Map<number, { left: number; width: number }>();
  rows.forEach((row, index) => {
    if (row.kind !== "task") return;
    rowOfTask.set(row.taskId, index);
    const task = byId.get(row.taskId);
    const timing = timings.get(row.taskId);
    if (!task || !timing) return;
    const left = dateToX(timing.start, window);
    const barWidth = Math.max(row.summary ? 8 : 10, dateToX(timing.end, window) - left);
    const milestone = !row.summary && isMilestone(task);
    const tail = row.summary ? null : floatEnd(task);
    const schedule = (task as ScheduledTaskDto).schedule;
    bars.push({
      taskId: task.id,
      row: index,
      name: task.name,
      left,
      width: barWidth,
      shape: row.summary ? "summary" : milestone ? "milestone" : "bar",
      kind: kinds.get(task.id) ?? "dated",
      color: task.categoryId === null ? null : (categoryOf.get(task.categoryId)?.color ?? null),
      completed: task.completed,
      late: Boolean(schedule && schedule.totalFloat < 0),
      progress: Math.max(0, Math.min(100, task.percentComplete ?? (task.completed ? 100 : 0))),
      floatWidth: tail ? Math.max(0, dateToX(tail, window) - (left + barWidth)) : 0,
    });
    barOf.set(
      task.id,
      milestone
        ? { left: left + barWidth - MILESTONE_SIZE / 2, width: MILESTONE_SIZE }
        : { left, width: barWidth },
    );
  });

  const arrows: GanttLayoutArrow[] = [];
  for (const dependency of input.dependencies) {
    const fromRow = rowOfTask.get(dependency.sourceTaskId);
    const toRow = rowOfTask.get(dependency.targetTaskId);
    const from = barOf.get(dependency.sourceTaskId);
    const to = barOf.get(dependency.targetTaskId);
    if (fromRow === undefined || toRow === undefined || !from || !to) continue;
    const y = (row: number) => rows[row].top + rows[row].height / 2;
    const { points } = arrowRoute(
      dependency.type ?? "FS",
      from,
      to,
      y(fromRow),
      y(toRow),
      rows[toRow].height / 2,
    );
    arrows.push({ d: routePath(points), fromRow, toRow, ...routeExtent(points) });
  }

  const inWindow = (x: number) => (x >= 0 && x <= width ? x : null);
  const statusEnd = dayAfter(input.statusDay);
  return {
    scale,
    window,
    width,
    height: top,
    columns: columns.map((column) => ({
      x: column.x,
      width: column.width,
      label: columnLabel(column.start, scale.name),
      offDay: column.weekend,
    })),
    groups: timelineGroups(columns, scale.name).map((group) => ({
      x: group.x,
      width: group.width,
      label: groupLabel(group.start, scale.name),
    })),
    rows,
    bars,
    arrows,
    todayX: inWindow(dateToX(now, window)),
    statusX: statusEnd ? inWindow(dateToX(statusEnd, window)) : null,
    taskCount: outline ? tasks.filter((task) => !outline.isSummary(task.id)).length : tasks.length,
  };
}

function spanOf(timings: ReadonlyMap<number, BarTiming>) {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const timing of timings.values()) {
    start = Math.min(start, timing.start.getTime());
    end = Math.max(end, timing.end.getTime());
  }
  return start > end ? null : { start: new Date(start), end: new Date(end) };
}

/** The local midnight ending a "YYYY-MM-DD" day; null when it is not one. */
function dayAfter(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1);
}
