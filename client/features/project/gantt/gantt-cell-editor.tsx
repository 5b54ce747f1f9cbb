import { CONSTRAINT_NAMES } from "@core/scheduling/constraint-fields";
import { CONSTRAINT_TYPES, type ConstraintType, DATED_CONSTRAINTS } from "@core/scheduling/constraints";
import type { TaskDto } from "@core/schemas/projects";
import type * as React from "react";
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/lib/utils";
import { type CellContext, editorStart, GRID_COLUMN_TITLES, type GridColumn } from "./gantt-grid-columns";
import type { GridEditing } from "./use-grid-editing";

/** Under a cell's editor: the keys it takes. */
export const CELL_EDITOR_HELP = "Enter saves, Escape cancels, Tab saves and edits the next cell.";

const PLACEHOLDERS: Partial<Record<GridColumn, string>> = {
  duration: "5d",
  predecessors: "3FS+2d;5SS",
  percentComplete: "0-100",
};

const INPUT_CLASS =
  "h-7 min-w-0 rounded border bg-background px-1 text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive";

type EditorProps = {
  task: TaskDto;
  column: GridColumn;
  context: CellContext;
  editing: GridEditing;
};

/**
 * A cell's editor, in place: a text box (a date input for dates, a type and a date for the
 * constraint). Enter saves, Escape cancels, Tab saves and moves on; a refusal is said beside the
 * cell (aria-invalid, described by it) and the editor stays open with nothing saved.
 */
export function GanttCellEditor({ task, column, context, editing }: EditorProps) {
  const [text, setText] = useState(() => editorStart(column, task, context));
  const [constraintType, setConstraintType] = useState<ConstraintType>(task.constraintType ?? "ASAP");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const errorId = useId();
  const helpId = useId();
  const target = { taskId: task.id, column };

  useEffect(() => {
    first.current?.focus();
    const control: HTMLElement | null = first.current;
    if (control instanceof HTMLInputElement && control.type === "text") control.select();
  }, []);

  async function submit(step: 0 | 1 | -1) {
    if (busy) return;
    setBusy(true);
    const outcome = await editing.save(task, column, { text, constraintType });
    if (outcome.ok) {
      editing.close(target, step);
      return;
    }
    setBusy(false);
    setError(outcome.message);
    first.current?.focus();
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLElement>) => {
    // The editor's keys are its own: not the rows', the shortcuts' or undo's.
    if (event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
      void submit(0);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      editing.close(target);
    } else if (event.key === "Tab") {
      // Between the constraint's type and its date, Tab and Shift+Tab stay in the editor.
      const onType = event.currentTarget === first.current;
      const inside = column === "constraint" && (onType ? !event.shiftKey : event.shiftKey);
      if (inside && DATED_CONSTRAINTS.includes(constraintType)) {
        event.stopPropagation();
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      void submit(event.shiftKey ? -1 : 1);
    } else event.stopPropagation();
  };

  const title = GRID_COLUMN_TITLES[column];
  const common = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${errorId} ${helpId}` : helpId,
    "aria-busy": busy || undefined,
    onKeyDown,
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the editor for another control cancels it.
    <div
      className="flex w-full min-w-0 items-center gap-0.5"
      data-gantt-editor={column}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (!busy && next && !event.currentTarget.contains(next)) editing.leave(target);
      }}
    >
      {column === "constraint" ? (
        <>
          <select
            ref={first}
            aria-label={`Constraint type of “${task.name}”`}
            value={constraintType}
            onChange={(event) => setConstraintType(event.target.value as ConstraintType)}
            className={cn(INPUT_CLASS, "w-[5.5rem] shrink-0")}
            {...common}
          >
            {CONSTRAINT_TYPES.map((type) => (
              <option key={type} value={type}>
                {CONSTRAINT_NAMES[type]}
              </option>
            ))}
          </select>
          {DATED_CONSTRAINTS.includes(constraintType) && (
            <input
              type="date"
              aria-label={`Constraint date of “${task.name}”`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              className={cn(INPUT_CLASS, "flex-1")}
              {...common}
            />
          )}
        </>
      ) : (
        <input
          ref={first}
          type={column === "start" || column === "finish" ? "date" : "text"}
          aria-label={`${title} of “${task.name}”`}
          placeholder={PLACEHOLDERS[column]}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={cn(INPUT_CLASS, "w-full")}
          {...common}
        />
      )}
      <span id={helpId} className="sr-only">
        {CELL_EDITOR_HELP}
      </span>
      {error && (
        <p
          id={errorId}
          role="alert"
          data-gantt-cell-error
          className="absolute top-full right-0 z-40 mt-0.5 w-64 rounded-md border border-destructive/50 bg-popover p-2 text-xs font-normal whitespace-normal text-destructive shadow-md"
        >
          {error}
        </p>
      )}
    </div>
  );
}
