// The Gantt grid's columns beside the task names (docs/spec/gantt-columns.md): ID, Duration, Start,
// Finish, Predecessors, % Complete and Constraint, as MS Project shows them. Off until a user ticks
// them in the Columns menu; remembered per user and project.
import { durationText } from "@core/gantt/grid-cells";
import { dayStart } from "@core/gantt/scheduled-bars";
import { CONSTRAINT_NAMES } from "@core/scheduling/constraint-fields";
import { DATED_CONSTRAINTS } from "@core/scheduling/constraints";
import type { PublicUser } from "@core/schemas/auth";
import type { ScheduledTaskDto, TaskDto } from "@core/schemas/projects";
import { useQueryClient } from "@tanstack/react-query";
import { format, subDays } from "date-fns";
import { useCallback, useState } from "react";
import { useProjectContext } from "@/features/project/project-context";
import { ganttColumnsKey, readStoredJson, writeStoredJson } from "@/lib/storage-keys";
import { formatTaskDate, toDateInputValue } from "@/lib/task-dates";
import { AUTH_USER_QUERY_KEY } from "@/lib/use-auth";

export const GRID_COLUMNS = [
  "id",
  "duration",
  "start",
  "finish",
  "predecessors",
  "percentComplete",
  "constraint",
] as const;
export type GridColumn = (typeof GRID_COLUMNS)[number];

export const GRID_COLUMN_TITLES: Record<GridColumn, string> = {
  id: "ID",
  duration: "Duration",
  start: "Start",
  finish: "Finish",
  predecessors: "Predecessors",
  percentComplete: "% Complete",
  constraint: "Constraint",
};

/** Each column's width in pixels, after the task names. */
export const GRID_COLUMN_WIDTHS: Record<GridColumn, number> = {
  id: 44,
  duration: 72,
  start: 100,
  finish: 100,
  predecessors: 112,
  percentComplete: 84,
  constraint: 176,
};

/** The width the shown columns take beside the names. */
export const gridWidth = (columns: readonly GridColumn[]) =>
  columns.reduce((total, column) => total + GRID_COLUMN_WIDTHS[column], 0);

const isColumns = (value: unknown): value is GridColumn[] =>
  Array.isArray(value) && value.every((each) => (GRID_COLUMNS as readonly unknown[]).includes(each));

/**
 * The grid columns the signed-in user shows in this project's Gantt (on a public link, this
 * browser's), in the grid's order, and a toggle that remembers the choice.
 */
export function useGanttColumns(): { columns: GridColumn[]; toggle: (column: GridColumn) => void } {
  const { project, publicShare } = useProjectContext();
  const queryClient = useQueryClient();
  const userId = publicShare
    ? undefined
    : queryClient.getQueryData<PublicUser | null>(AUTH_USER_QUERY_KEY)?.id;
  const key = ganttColumnsKey(userId ?? "public", project.id);
  const [state, setState] = useState(() => ({ key, columns: readStoredJson(key, [], isColumns) }));
  if (state.key !== key) setState({ key, columns: readStoredJson(key, [], isColumns) });
  const toggle = useCallback((column: GridColumn) => {
    setState((current) => {
      const on = current.columns.includes(column);
      const columns = GRID_COLUMNS.filter((each) => (each === column ? !on : current.columns.includes(each)));
      writeStoredJson(current.key, columns);
      return { key: current.key, columns };
    });
  }, []);
  return { columns: state.key === key ? state.columns : readStoredJson(key, [], isColumns), toggle };
}

/** What a row's cells read besides its task. */
export type CellContext = {
  /** The task's ID (its row in the outline order). */
  number: number | undefined;
  /** Its predecessors as MS Project writes them ("3FS+2d;5SS"). */
  predecessors: string;
  /** A summary's span, rolled up from its leaves; undefined for other rows. */
  span?: { start: Date; end: Date } | null;
  summary: boolean;
};

const DAY_FORMAT = "MMM d, yyyy";

/** "Start no earlier than Mar 9, 2026"; "As soon as possible". */
export function constraintCellText(task: Pick<TaskDto, "constraintType" | "constraintDate">): string {
  const type = task.constraintType ?? "ASAP";
  const date = DATED_CONSTRAINTS.includes(type) ? formatTaskDate(task.constraintDate) : null;
  return date ? `${CONSTRAINT_NAMES[type]} ${date}` : CONSTRAINT_NAMES[type];
}

/** A cell's text as the grid shows it; null for no value (a dash). */
export function cellText(column: GridColumn, task: TaskDto, context: CellContext): string | null {
  const { schedule } = task as ScheduledTaskDto;
  switch (column) {
    case "id":
      return context.number === undefined ? null : String(context.number);
    case "duration":
      return durationText(task.duration);
    case "start":
      if (context.summary) return context.span ? format(context.span.start, DAY_FORMAT) : null;
      return schedule ? format(dayStart(schedule.start), DAY_FORMAT) : formatTaskDate(task.startDate);
    case "finish":
      if (context.summary) return context.span ? format(subDays(context.span.end, 1), DAY_FORMAT) : null;
      return schedule ? format(dayStart(schedule.finish), DAY_FORMAT) : formatTaskDate(task.dueDate);
    case "predecessors":
      return context.predecessors || null;
    case "percentComplete":
      return `${task.percentComplete ?? 0}%`;
    case "constraint":
      return constraintCellText(task);
  }
}

/** The columns a person edits in place; a summary's dates, duration and progress roll up. */
export function isEditable(column: GridColumn, summary: boolean): boolean {
  if (column === "id") return false;
  if (summary) return column === "predecessors" || column === "constraint";
  return true;
}

/** What an editor starts from: the value as it is typed ("5", "2026-05-04", "3FS+2d"). */
export function editorStart(column: GridColumn, task: TaskDto, context: CellContext): string {
  const { schedule } = task as ScheduledTaskDto;
  switch (column) {
    case "duration":
      return task.duration === null ? "" : String(task.duration);
    case "start":
      return schedule?.start ?? toDateInputValue(task.startDate);
    case "finish":
      return schedule?.finish ?? toDateInputValue(task.dueDate);
    case "predecessors":
      return context.predecessors;
    case "percentComplete":
      return String(task.percentComplete ?? 0);
    case "constraint":
      return task.constraintDate ?? "";
    case "id":
      return "";
  }
}
