import type * as React from "react";
import {
  outlineKeys,
  type RowFocus,
  type RowSelection,
} from "@/features/project/components/outline-selection";
import { ROW_KEYS, rowAfterKey } from "@/features/project/components/row-keys";

/** The row and the row control (in the task column) the keys were pressed on, if any. */
function keyFocus(event: React.KeyboardEvent<HTMLElement>): RowFocus | null {
  const control = (event.target as HTMLElement).closest<HTMLElement>("[data-row-control]");
  const row = control?.closest<HTMLElement>("[data-gantt-row]");
  if (!control || !row) return null;
  return { taskId: Number(row.dataset.ganttRow), control: control.dataset.rowControl ?? "open" };
}

/** Puts the keys back on a row's control (or its name) after a move, unless they are on the row. */
export function focusGanttRow({ taskId, control }: RowFocus) {
  const row = document.querySelector(`[data-gantt-row="${taskId}"]`);
  if (!row || row.contains(document.activeElement)) return;
  (
    row.querySelector<HTMLElement>(`[data-row-control="${control}"]`) ??
    row.querySelector<HTMLElement>('[data-row-control="open"]')
  )?.focus();
}

/**
 * The task column's keys while rows can be chosen: the outline's (Shift+Space, Escape, Tab and
 * Shift+Tab), and Shift with the up or down arrow, which goes to the next row's same control and
 * chooses the rows from the first chosen to it.
 */
export function taskColumnKeys(event: React.KeyboardEvent<HTMLElement>, selection: RowSelection) {
  const target = keyFocus(event);
  if (!target || outlineKeys(event, selection, target)) return;
  if (!event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-gantt-row]")];
  const at = rows.findIndex((row) => Number(row.dataset.ganttRow) === target.taskId);
  const next = rowAfterKey(rows, at, event.key);
  if (!next) return;
  event.preventDefault();
  (
    next.querySelector<HTMLElement>(`[data-row-control="${target.control}"]`) ??
    next.querySelector<HTMLElement>('[data-row-control="open"]')
  )?.focus();
  selection.onSelect(Number(next.dataset.ganttRow), "range", target.taskId);
}

/**
 * The task column's keys: Up, Down, Home and End go to another row's same control (its name, its
 * chevron), as the list's rows do, so the keys (and E and X) follow; with rows that can be chosen,
 * also the outline's keys and Shift with the arrows (taskColumnKeys). A key a control took for
 * itself (the reorder grip's arrows) is left to it.
 */
export function ganttRowKeys(event: React.KeyboardEvent<HTMLElement>, selection?: RowSelection) {
  if (event.defaultPrevented) return;
  if (selection) {
    taskColumnKeys(event, selection);
    if (event.defaultPrevented) return;
  }
  if (!ROW_KEYS.has(event.key) || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  // A field in a row keeps its own arrows (the caret, a select's options).
  if ((event.target as HTMLElement).closest("input, textarea, select, [contenteditable='true']")) return;
  const target = keyFocus(event);
  if (!target) return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-gantt-row]")];
  const at = rows.findIndex((row) => Number(row.dataset.ganttRow) === target.taskId);
  const next = rowAfterKey(rows, at, event.key);
  event.preventDefault();
  (
    next?.querySelector<HTMLElement>(`[data-row-control="${target.control}"]`) ??
    next?.querySelector<HTMLElement>('[data-row-control="open"]')
  )?.focus();
}
