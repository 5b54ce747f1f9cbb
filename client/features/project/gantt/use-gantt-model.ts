import { type BarTiming, barTiming } from "@core/gantt/bar-timing";
import { startsBeforePrerequisiteEnds } from "@core/gantt/prerequisite-warnings";
import { type GanttRow, ganttRows, groupTasks, rowOffsets, type TaskGroup } from "@core/gantt/rows";
import {
  type TimelineColumn,
  type TimelineGroup,
  type TimelineWindow,
  timelineColumns,
  timelineGroups,
  timelineWidth,
  timelineWindow,
} from "@core/gantt/timeline";
import { type GanttScale, scaleForZoom } from "@core/gantt/zoom";
import { criticalPath } from "@core/graph/critical-path";
import type { CategoryDto, DependencyDto, TaskDto } from "@core/schemas/projects";
import { useMemo } from "react";

export type GanttModel = {
  now: Date;
  scale: GanttScale;
  window: TimelineWindow;
  columns: TimelineColumn[];
  headerGroups: TimelineGroup[];
  width: number;
  timings: Map<number, BarTiming>;
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
  /** Group rows are left out when no task has a category. */
  showGroupRows: boolean;
};

export const pairKey = (prerequisiteId: number, dependentId: number) => `${prerequisiteId}>${dependentId}`;

type ModelInput = {
  tasks: TaskDto[];
  dependencies: DependencyDto[];
  categories: CategoryDto[];
  zoom: number;
  collapsed: ReadonlySet<string>;
};

/** Everything the Gantt chart draws, derived once per change of data, zoom or collapsed groups. */
export function useGanttModel({ tasks, dependencies, categories, zoom, collapsed }: ModelInput): GanttModel {
  // "Now" moves with the data, not with every render, so bars without dates hold still while dragged.
  // biome-ignore lint/correctness/useExhaustiveDependencies: renewed whenever the tasks change.
  const now = useMemo(() => new Date(), [tasks]);
  const timings = useMemo(() => new Map(tasks.map((task) => [task.id, barTiming(task, now)])), [tasks, now]);
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

  const scale = scaleForZoom(zoom);
  const timeline = useMemo(() => {
    const window = timelineWindow(scale, now, span);
    const columns = timelineColumns(window);
    return {
      window,
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
  const showGroupRows = groups.some((group) => group.categoryId !== null);
  const layout = useMemo(() => {
    const rows = ganttRows(groups, collapsed, showGroupRows);
    const { tops, total } = rowOffsets(rows);
    const rowOfTask = new Map<number, number>();
    rows.forEach((row, index) => {
      if (row.kind === "task") rowOfTask.set(row.task.id, index);
    });
    return { rows, tops, totalHeight: total, rowOfTask };
  }, [groups, collapsed, showGroupRows]);

  const warnings = useMemo(
    () => startsBeforePrerequisiteEnds(tasks, dependencies, now),
    [tasks, dependencies, now],
  );
  const critical = useMemo(() => {
    const path = criticalPath(tasks, dependencies);
    return {
      taskIds: new Set(path.taskIds),
      pairs: new Set(path.dependencyPairs.map(([from, to]) => pairKey(from, to))),
    };
  }, [tasks, dependencies]);

  return {
    now,
    scale,
    ...timeline,
    timings,
    groups,
    ...layout,
    warnings,
    critical,
    categories: categoryMap,
    showGroupRows,
  };
}
