import type { TaskDto } from "@core/schemas/projects";
import { memo } from "react";
import { cn } from "@/lib/utils";
import { GanttCellEditor } from "./gantt-cell-editor";
import {
  type CellContext,
  cellText,
  GRID_COLUMN_TITLES,
  GRID_COLUMN_WIDTHS,
  type GridColumn,
  isEditable,
} from "./gantt-grid-columns";
import type { GridEditing } from "./use-grid-editing";

/** What every row's cells read: made once per change of the columns, the plan's links or the cell edited. */
export type GridModel = {
  columns: GridColumn[];
  /** The columns' width beside the names, in pixels. */
  width: number;
  /** Each task's ID (its row in the outline order, from 1). */
  numberOf: ReadonlyMap<number, number>;
  /** Each task's predecessors text, made once per plan. */
  predecessors: ReadonlyMap<number, string>;
  canEdit: boolean;
  editing: GridEditing;
};

/** How a cell is edited, for the cell's title and the keys' help. */
export const CELL_EDIT_HELP = "Double-click, or press Enter or F2, to edit";

const CELL_CLASS = "flex h-full shrink-0 items-center border-l px-1.5 text-xs tabular-nums";

/** The grid's titles over the task column's right end, as wide as the cells under them. */
export function GanttGridTitles({ columns }: { columns: readonly GridColumn[] }) {
  if (columns.length === 0) return null;
  return (
    <div className="-mr-3 -mb-2 flex shrink-0 self-stretch" data-gantt-grid-titles>
      {columns.map((column) => (
        <div
          key={column}
          className={cn(CELL_CLASS, "items-end pb-2 font-semibold text-muted-foreground")}
          style={{ width: GRID_COLUMN_WIDTHS[column] }}
        >
          <span className="truncate">{GRID_COLUMN_TITLES[column]}</span>
        </div>
      ))}
    </div>
  );
}

type CellsProps = {
  task: TaskDto;
  grid: GridModel;
  summary: boolean;
  /** A summary's span, for its Start and Finish. */
  span?: { start: Date; end: Date } | null;
};

/** A task row's cells after its name: text, or for editors a control that opens the cell's editor. */
export const GanttGridCells = memo(function GanttGridCells({ task, grid, summary, span }: CellsProps) {
  const context: CellContext = {
    number: grid.numberOf.get(task.id),
    predecessors: grid.predecessors.get(task.id) ?? "",
    summary,
    span,
  };
  const { editing } = grid.editing;
  return (
    // The row's cell pads its right (gantt-rows.tsx): the cells reach its edge, under their titles.
    <div className="-mr-2 flex h-full shrink-0 self-stretch" data-gantt-cells>
      {grid.columns.map((column) => {
        const width = GRID_COLUMN_WIDTHS[column];
        if (editing?.taskId === task.id && editing.column === column) {
          return (
            <div key={column} className={cn(CELL_CLASS, "relative px-0.5")} style={{ width }}>
              <GanttCellEditor task={task} column={column} context={context} editing={grid.editing} />
            </div>
          );
        }
        const text = cellText(column, task, context);
        const title = GRID_COLUMN_TITLES[column];
        const value = (
          <span className="block min-w-0 truncate">
            <span className="sr-only">{title}: </span>
            {text ?? (
              <>
                <span aria-hidden>—</span>
                <span className="sr-only">none</span>
              </>
            )}
          </span>
        );
        if (!grid.canEdit || !isEditable(column, summary)) {
          return (
            <div
              key={column}
              data-gantt-cell={column}
              className={CELL_CLASS}
              style={{ width }}
              title={text ?? undefined}
            >
              {value}
            </div>
          );
        }
        const open = () => grid.editing.edit({ taskId: task.id, column });
        return (
          <button
            key={column}
            type="button"
            data-gantt-cell={column}
            aria-label={`${title} of “${task.name}”: ${text ?? "none"}`}
            title={`${text ? `${text}. ` : ""}${CELL_EDIT_HELP}`}
            // A click chooses the cell; Enter (a click of detail 0), F2 or a double-click edits it.
            onClick={(event) => {
              if (event.detail === 0) open();
            }}
            onDoubleClick={open}
            onKeyDown={(event) => {
              if (event.key !== "F2") return;
              event.preventDefault();
              open();
            }}
            className={cn(
              CELL_CLASS,
              "cursor-default text-left outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
            )}
            style={{ width }}
          >
            {value}
          </button>
        );
      })}
    </div>
  );
});
