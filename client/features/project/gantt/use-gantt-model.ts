import type { BarDateChanges } from "@core/gantt/bar-edits";
import { type BarTiming, barTiming } from "@core/gantt/bar-timing";
import { type DragPlanner, dragPlanner } from "@core/gantt/drag-schedule";
import { startsBeforePrerequisiteEnds } from "@core/gantt/prerequisite-warnings";
import { type GanttRow, ganttRows, groupTasks, rowOffsets, type TaskGroup } from "@core/gantt/rows";
import {
  type BarKind,
  barDatesOf,
  barKind,
  dayEnd,
  dayStart,
  floatEnd,
  isMilestone,
} from "@core/gantt/scheduled-bars";
import {
  fittingZoom,
  isWeekend,
  type TimelineColumn,
  type TimelineGroup,
  type TimelineWindow,
  timelineColumns,
  timelineGroups,
  timelineWidth,
  timelineWindow,
} from "@core/gantt/timeline";
import { GANTT_ZOOM, type GanttScale, scaleForZoom } from "@core/gantt/zoom";
import { type ProjectCalendar, WorkingCalendar } from "@core/scheduling/calendar";
import { criticalTasks } from "@core/scheduling/critical";
import type { CategoryDto, DependencyDto, ScheduledTaskDto, TaskDto } from "@core/schemas/projects";
import type { Outline } from "@core/tasks/outline";
import { type OutlineRow, outlineRows, summarySpans } from "@core/tasks/outline-view";
import { format } from "date-fns";
import { useMemo, useState } from "react";

export type GanttModel = {
  now: Date;
  /** The zoom shown: the user's, or before they choose one the zoom that fits the plan. */
  zoom: number;
  scale: GanttScale;
  window: TimelineWindow;
  /** Whether the timeline holds today (a plan far from it may leave it out). */
  todayShown: boolean;
  columns: TimelineColumn[];
  headerGroups: TimelineGroup[];
  width: number;
  /** From the earliest bar's start to the latest bar's end; null without tasks. */
  span: { start: Date; end: Date } | null;
  /** Whether a day is worked: weekends and holidays are shaded on the Days and Weeks scales. */
  isWorkday: (day: Date) => boolean;
  timings: Map<number, BarTiming>;
  /** How each task's bar is drawn, whether it is a milestone, and where its float tail ends. */
  marks: Map<number, { kind: BarKind; milestone: boolean; floatEnd: Date | null }>;
  groups: TaskGroup<TaskDto>[];
  rows: GanttRow<TaskDto>[];
  tops: number[];
  totalHeight: number;
  /** Row index of each visible task (tasks of collapsed groups are absent). */
  rowOfTask: Map<number, number>;
  /** Dependent id -> prerequisites it starts before the end of. */
  warnings: Map<number, number[]>;
  critical: { taskIds: Set<number>; pairs: Set<string> };
  categories: Map<number, CategoryDto>;
  /** Group rows are left out when no task has a category, and when the plan shows its tree. */
  showGroupRows: boolean;
  /**
   * A plan with summaries: the rows are its tree (in tree order, collapsed summaries hiding theirs)
   * and each shown row's place in it; null for a flat plan, grouped by category.
   */
  tree: { outline: Outline; rowOf: Map<number, OutlineRow> } | null;
  /**
   * The bars of the other tasks a dragged scheduled bar moves, as the server will plan the drop
   * (core/gantt/drag-schedule.ts); empty without a calendar or for a task that is not scheduled.
   */
  planDrag: (taskId: number, changes: BarDateChanges) => Map<number, BarTiming>;
};

export const pairKey = (prerequisiteId: number, dependentId: number) => `${prerequisiteId}>${dependentId}`;

type ModelInput = {
  tasks: (TaskDto | ScheduledTaskDto)[];
  dependencies: DependencyDto[];
  categories: CategoryDto[];
  /** The user's zoom; null before they choose one. */
  zoom: number | null;
  /** The visible timeline's width, for the zoom that fits the plan (0 before it is measured). */
  fitWidth: number;
  collapsed: ReadonlySet<string>;
  /** The project's working calendar: its non-working days are shaded in the days scale. */
  calendar?: ProjectCalendar;
  /** The plan's outline (null: flat) and the summaries collapsed in it. */
  outline?: Outline | null;
  outlineCollapsed?: ReadonlySet<number>;
};

const NOTHING_COLLAPSED: ReadonlySet<number> = new Set();

/** Everything the Gantt chart draws, derived once per change of data, zoom or collapsed groups. */
export function useGanttModel({
  tasks: projectTasks,
  dependencies,
  categories,
  zoom: chosenZoom,
  fitWidth,
  collapsed,
  calendar,
  outline = null,
  outlineCollapsed = NOTHING_COLLAPSED,
}: ModelInput): GanttModel {
  // "Now" moves with the data, not with every render, so bars without dates hold still while dragged.
  // biome-ignore lint/correctness/useExhaustiveDependencies: renewed whenever the tasks change.
  const now = useMemo(() => new Date(), [projectTasks]);
  // Scheduled tasks as their bars run (start of the first day to the end of the last): the rows,
  // the timings and the bar edits all read these.
  const tasks = useMemo(
    () => projectTasks.map((task) => barDatesOf(task as ScheduledTaskDto)),
    [projectTasks],
  );
  const marks = useMemo(
    () =>
      new Map(
        tasks.map((task) => [
          task.id,
          { kind: barKind(task, now), milestone: isMilestone(task), floatEnd: floatEnd(task) },
        ]),
      ),
    [tasks, now],
  );
  // A summary's bar spans its leaves' bars (those with dates), as the server rolls its dates up.
  const timings = useMemo(() => {
    const own = new Map(tasks.map((task) => [task.id, barTiming(task, now)]));
    if (!outline) return own;
    const spans = summarySpans(outline, (id) =>
      marks.get(id)?.kind === "unscheduled" ? undefined : own.get(id),
    );
    for (const id of outline.order) {
      if (!outline.isSummary(id)) continue;
      const span = spans.get(id);
      if (span) own.set(id, { ...span, startSource: "startDate", endIsDueDate: true });
      else own.delete(id);
    }
    return own;
  }, [tasks, now, outline, marks]);
  const span = useMemo(() => {
    if (timings.size === 0) return null;
    let start = Number.POSITIVE_INFINITY;
    let end = Number.NEGATIVE_INFINITY;
    for (const timing of timings.values()) {
      start = Math.min(start, timing.start.getTime());
      end = Math.max(end, timing.end.getTime());
    }
    return { start: new Date(start), end: new Date(end) };
  }, [timings]);

  // Fitted once, when the chart is first measured: data changes do not change the zoom under the user.
  const [fittedZoom, setFittedZoom] = useState<number | null>(null);
  if (chosenZoom === null && fittedZoom === null && fitWidth > 0) {
    setFittedZoom(span ? fittingZoom(span, fitWidth) : GANTT_ZOOM.default);
  }
  const zoom = chosenZoom ?? fittedZoom ?? GANTT_ZOOM.default;
  const scale = scaleForZoom(zoom);
  const isWorkday = useMemo(() => {
    if (!calendar) return (day: Date) => !isWeekend(day);
    const working = new WorkingCalendar(calendar);
    return (day: Date) => working.isWorkingDate(format(day, "yyyy-MM-dd"));
  }, [calendar]);
  const timeline = useMemo(() => {
    const window = timelineWindow(scale, now, span);
    const columns = timelineColumns(window);
    return {
      window,
      todayShown: now >= window.start && now < window.end,
      columns,
      headerGroups: timelineGroups(columns, scale.name),
      width: timelineWidth(window),
    };
  }, [scale, now, span]);

  const categoryMap = useMemo(
    () => new Map(categories.map((category) => [category.id, category])),
    [categories],
  );
  const groups = useMemo(
    () =>
      groupTasks(
        tasks,
        categories.map((category) => category.id),
      ),
    [tasks, categories],
  );
  const showGroupRows = outline === null && groups.some((group) => group.categoryId !== null);
  const tree = useMemo(() => {
    if (!outline) return null;
    const rowOf = new Map(outlineRows(outline, outlineCollapsed).map((row) => [row.id, row]));
    return { outline, rowOf };
  }, [outline, outlineCollapsed]);
  const layout = useMemo(() => {
    const byId = new Map(tasks.map((task) => [task.id, task]));
    const rows: GanttRow<TaskDto>[] = tree
      ? [...tree.rowOf.keys()].flatMap((id, indexInGroup) => {
          const task = byId.get(id);
          return task
            ? [{ kind: "task" as const, key: `task-${id}`, task, groupKey: "outline", indexInGroup }]
            : [];
        })
      : ganttRows(groups, collapsed, showGroupRows);
    const { tops, total } = rowOffsets(rows);
    const rowOfTask = new Map<number, number>();
    rows.forEach((row, index) => {
      if (row.kind === "task") rowOfTask.set(row.task.id, index);
    });
    return { rows, tops, totalHeight: total, rowOfTask };
  }, [tasks, tree, groups, collapsed, showGroupRows]);

  // Only a finish-to-start dependency asks its dependent to start after the prerequisite ends, and
  // between two scheduled tasks the scheduler has seen to it (a manual one may still break it).
  const warnings = useMemo(() => {
    const autoScheduled = new Set(
      tasks.filter((task) => task.schedule && task.schedulingMode !== "manual").map((task) => task.id),
    );
    return startsBeforePrerequisiteEnds(
      tasks,
      dependencies.filter(
        (dependency) =>
          (dependency.type ?? "FS") === "FS" &&
          dependency.lag >= 0 &&
          !autoScheduled.has(dependency.targetTaskId),
      ),
      now,
    );
  }, [tasks, dependencies, now]);
  const critical = useMemo(() => {
    const path = criticalTasks(tasks, dependencies);
    return { taskIds: path.taskIds, pairs: new Set(path.pairs.map(([from, to]) => pairKey(from, to))) };
  }, [tasks, dependencies]);

  // Built on the first drag after a change of data, not on every change.
  const planDrag = useMemo(() => {
    let planner: DragPlanner | null = null;
    return (taskId: number, changes: BarDateChanges) => {
      if (!calendar) return new Map<number, BarTiming>();
      planner ??= dragPlanner(calendar, projectTasks as ScheduledTaskDto[], dependencies);
      const timings = new Map<number, BarTiming>();
      for (const [id, dates] of planner(taskId, changes)) {
        timings.set(id, {
          start: dayStart(dates.start),
          end: dayEnd(dates.finish),
          startSource: "startDate",
          endIsDueDate: true,
        });
      }
      return timings;
    };
  }, [calendar, projectTasks, dependencies]);

  return {
    now,
    zoom,
    scale,
    span,
    isWorkday,
    ...timeline,
    timings,
    marks,
    groups,
    ...layout,
    warnings,
    critical,
    categories: categoryMap,
    showGroupRows,
    tree,
    planDrag,
  };
}
