// The task list's optional columns (docs/spec/constraints.md, docs/spec/tracking.md): a task's
// constraint, deadline, total float and free float; its progress and actual dates; and while a
// baseline is compared, its saved dates and variance (task-list-tracking.tsx). Off until a user
// turns them on in the Columns menu; remembered per user.
// Wide screens show them as columns of the rows' grid; narrower ones as labelled text under the
// task's name.

import { CONSTRAINT_NAMES } from "@core/scheduling/constraint-fields";
import { DATED_CONSTRAINTS } from "@core/scheduling/constraints";
import type { PublicUser } from "@core/schemas/auth";
import type { TaskDto } from "@core/schemas/projects";
import type { TaskSchedule } from "@core/schemas/scheduling";
import { useQueryClient } from "@tanstack/react-query";
import type * as React from "react";
import { useCallback, useState } from "react";
import { DropdownMenuLabel, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { ColumnCheckboxes, ColumnsMenu } from "@/features/project/components/columns-menu";
import { useProjectContext } from "@/features/project/project-context";
import { listColumnsKey, readStoredJson, writeStoredJson } from "@/lib/storage-keys";
import { formatTaskDate } from "@/lib/task-dates";
import { AUTH_USER_QUERY_KEY } from "@/lib/use-auth";
import { cn } from "@/lib/utils";
import {
  BASELINE_COLUMNS,
  isBaselineColumn,
  type ListComparison,
  PROGRESS_COLUMNS,
  TRACKING_COLUMN_TITLES,
  TRACKING_COLUMN_WIDTHS,
  type TrackingColumn,
  trackingValue,
  useListComparison,
} from "./task-list-tracking";

const SCHEDULE_COLUMNS = ["constraint", "deadline", "totalFloat", "freeFloat"] as const;
export const OPTIONAL_COLUMNS = [...SCHEDULE_COLUMNS, ...PROGRESS_COLUMNS, ...BASELINE_COLUMNS] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

export const OPTIONAL_COLUMN_TITLES: Record<OptionalColumn, string> = {
  constraint: "Constraint",
  deadline: "Deadline",
  totalFloat: "Total float",
  freeFloat: "Free float",
  ...TRACKING_COLUMN_TITLES,
};

/** Each column's width in the rows' grid, after the four the list always shows. */
const COLUMN_WIDTHS: Record<OptionalColumn, string> = {
  constraint: "10rem",
  deadline: "6rem",
  totalFloat: "4rem",
  freeFloat: "4rem",
  ...TRACKING_COLUMN_WIDTHS,
};
const ALWAYS_SHOWN = "7rem 8rem 6rem 6rem";

/**
 * The grid's columns for the shown optional columns, as the CSS variable the header and rows read
 * (TASK_COLUMNS_GRID), set once on what holds them both.
 */
export function columnsStyle(columns: readonly OptionalColumn[]): React.CSSProperties {
  const widths = OPTIONAL_COLUMNS.filter((column) => columns.includes(column)).map((c) => COLUMN_WIDTHS[c]);
  return { "--task-columns": [ALWAYS_SHOWN, ...widths].join(" ") } as React.CSSProperties;
}

/** From this width the optional columns are columns; below it, labelled text in the row. */
export const OPTIONAL_AS_COLUMN = "hidden xl:block";
const OPTIONAL_AS_TEXT = "xl:hidden";

const isColumns = (value: unknown): value is OptionalColumn[] =>
  Array.isArray(value) && value.every((each) => (OPTIONAL_COLUMNS as readonly unknown[]).includes(each));

/**
 * The optional columns the signed-in user shows (on a public link, this browser's), in the list's
 * order, and a toggle that remembers the choice.
 */
export function useListColumns(): {
  columns: OptionalColumn[];
  toggle: (column: OptionalColumn) => void;
} {
  const { publicShare } = useProjectContext();
  const queryClient = useQueryClient();
  const userId = publicShare
    ? undefined
    : queryClient.getQueryData<PublicUser | null>(AUTH_USER_QUERY_KEY)?.id;
  const key = listColumnsKey(userId ?? "public");
  const [state, setState] = useState(() => ({ key, columns: readStoredJson(key, [], isColumns) }));
  if (state.key !== key) setState({ key, columns: readStoredJson(key, [], isColumns) });
  const toggle = useCallback((column: OptionalColumn) => {
    setState((current) => {
      const on = current.columns.includes(column);
      const columns = OPTIONAL_COLUMNS.filter((each) =>
        each === column ? !on : current.columns.includes(each),
      );
      writeStoredJson(current.key, columns);
      return { key: current.key, columns };
    });
  }, []);
  return { columns: state.columns, toggle };
}

/**
 * The columns shown of those chosen: a baseline's only while one is compared.
 * @example shownColumns(["deadline", "finishVariance"], false) // ["deadline"]
 */
export function shownColumns(columns: readonly OptionalColumn[], compared: boolean): OptionalColumn[] {
  return compared ? [...columns] : columns.filter((column) => !isBaselineColumn(column));
}

/**
 * The toolbar's Columns menu: a box to tick for each optional column; the compared plan's columns
 * while a baseline or a past day is compared (`comparedName`: "Agreed", "Mar 3, 2026").
 */
export function ListColumnsMenu({
  columns,
  onToggle,
  comparedName = null,
}: {
  columns: readonly OptionalColumn[];
  onToggle: (column: OptionalColumn) => void;
  comparedName?: string | null;
}) {
  return (
    <ColumnsMenu
      options={[...SCHEDULE_COLUMNS, ...PROGRESS_COLUMNS]}
      chosen={columns}
      titles={OPTIONAL_COLUMN_TITLES}
      onToggle={onToggle}
      className="h-9"
    >
      {comparedName !== null && (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="truncate">
            {comparedName ? `Compared with “${comparedName}”` : "Compared with a baseline"}
          </DropdownMenuLabel>
          <ColumnCheckboxes
            options={BASELINE_COLUMNS}
            chosen={columns}
            titles={OPTIONAL_COLUMN_TITLES}
            onToggle={onToggle}
          />
        </>
      )}
    </ColumnsMenu>
  );
}

/** The header's titles of the shown optional columns, inside the header's grid. */
export function OptionalColumnTitles({ columns }: { columns: readonly OptionalColumn[] }) {
  return OPTIONAL_COLUMNS.filter((column) => columns.includes(column)).map((column) => (
    <span key={column} className={cn(OPTIONAL_AS_COLUMN, "truncate")} title={OPTIONAL_COLUMN_TITLES[column]}>
      {OPTIONAL_COLUMN_TITLES[column]}
    </span>
  ));
}

type ScheduledTask = TaskDto & { schedule?: TaskSchedule | null };

/** "Start no earlier than Mar 9, 2026"; "As soon as possible". */
export function constraintText(task: Pick<TaskDto, "constraintType" | "constraintDate">): string {
  const name = CONSTRAINT_NAMES[task.constraintType ?? "ASAP"];
  const date = DATED_CONSTRAINTS.includes(task.constraintType) ? formatTaskDate(task.constraintDate) : null;
  return date ? `${name} ${date}` : name;
}

/** Working days of float, "3 d", negative with a minus sign and in red: "−3 d"; a dash for none. */
function FloatValue({ days }: { days: number | undefined }) {
  if (days === undefined) return <NoValue />;
  return (
    <span className={cn("tabular-nums", days < 0 && "font-medium text-danger")}>
      {days < 0 ? `\u2212${-days}` : days} <abbr title="working days">d</abbr>
    </span>
  );
}

const NoValue = () => (
  <>
    <span aria-hidden>—</span>
    <span className="sr-only">none</span>
  </>
);

const isTracking = (column: OptionalColumn): column is TrackingColumn =>
  !(SCHEDULE_COLUMNS as readonly string[]).includes(column);

function columnValue(
  column: OptionalColumn,
  task: ScheduledTask,
  comparison: ListComparison,
): React.ReactNode {
  if (isTracking(column)) return trackingValue(column, task, comparison);
  switch (column) {
    case "constraint":
      return constraintText(task);
    case "deadline":
      return formatTaskDate(task.deadline) ?? <NoValue />;
    case "totalFloat":
      return <FloatValue days={task.schedule?.totalFloat} />;
    case "freeFloat":
      return <FloatValue days={task.schedule?.freeFloat} />;
  }
}

/** The shown optional columns' cells, inside the row's grid (wide screens). */
export function OptionalCells({ task, columns }: { task: TaskDto; columns: readonly OptionalColumn[] }) {
  const comparison = useListComparison();
  return OPTIONAL_COLUMNS.filter((column) => columns.includes(column)).map((column) => (
    <div
      key={column}
      className={cn(OPTIONAL_AS_COLUMN, "min-w-0 truncate")}
      title={column === "constraint" ? constraintText(task) : undefined}
    >
      <dt className="sr-only">{OPTIONAL_COLUMN_TITLES[column]}</dt>
      <dd className="truncate">{columnValue(column, task, comparison)}</dd>
    </div>
  ));
}

/** The shown optional columns as labelled text under the task's name (narrower screens). */
export function OptionalValues({ task, columns }: { task: TaskDto; columns: readonly OptionalColumn[] }) {
  const comparison = useListComparison();
  const shown = OPTIONAL_COLUMNS.filter((column) => columns.includes(column));
  if (shown.length === 0) return null;
  return (
    <dl
      className={cn(OPTIONAL_AS_TEXT, "mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground")}
      data-optional-values
    >
      {shown.map((column) => (
        <div key={column} className="flex min-w-0 gap-1">
          <dt>{OPTIONAL_COLUMN_TITLES[column]}:</dt>
          <dd className="min-w-0 wrap-anywhere">{columnValue(column, task, comparison)}</dd>
        </div>
      ))}
    </dl>
  );
}
