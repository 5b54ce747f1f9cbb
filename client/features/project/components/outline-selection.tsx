// Choosing rows of a tree and indenting or outdenting them with Tab and Shift+Tab: the list's and
// the Gantt chart's task column share the choice, the keys, the bar of buttons and what they say
// to screen readers.
import type { TaskDto } from "@core/schemas/projects";
import { type OutlineAction, planOutlineAction } from "@core/tasks/outline";
import { IndentDecrease, IndentIncrease, X } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useOutlineTasks } from "@/entities/task/api/outline-tasks";
import { denied, PERMISSION_MESSAGES } from "@/lib/permission-denied";

/** How a row joins the chosen ones: alone, in or out of them, or all rows from the anchor to it. */
export type SelectHow = "only" | "toggle" | "range";

/** The row and the control on it the keys stay on after a move. */
export type RowFocus = { taskId: number; control: string };

export type RowSelection = {
  selected: ReadonlySet<number>;
  /** `from`: the row the range starts at when nothing is chosen yet (the row the keys left). */
  onSelect: (taskId: number, how: SelectHow, from?: number) => void;
  onClear: () => void;
  /** `focus`: the row control the keys stay on after the move (none for the bar's buttons). */
  onOutline: (action: OutlineAction, focus?: RowFocus) => void;
};

/** Said to screen readers by the rows (aria-describedby) when they can be chosen and moved. */
export const OUTLINE_KEYS_HELP =
  "Shift+Space chooses a row and Shift with the up or down arrow chooses more; Tab then indents the chosen rows under the row above them and Shift+Tab outdents them; Escape clears the choice.";

/** What a view says to screen readers after an indent or outdent (or why nothing moved). */
export function outlineAnnouncement(action: OutlineAction, names: string[], moved: number): string {
  const verb = action === "indent" ? "Indented" : "Outdented";
  if (moved === 0) {
    const subject = names.length === 1 ? `“${names[0]}”` : "the chosen tasks";
    return action === "indent"
      ? `Nothing to indent: ${subject} has no task above it at its level`
      : `Nothing to outdent: ${subject} is already at the top level`;
  }
  return names.length === 1 ? `${verb} “${names[0]}”` : `${verb} ${names.length} tasks`;
}

/** What a view says when the chosen rows change. */
export function selectionAnnouncement(chosen: ReadonlySet<number>, nameOf: (id: number) => string): string {
  if (chosen.size === 0) return "Selection cleared";
  return chosen.size === 1 ? `Selected “${nameOf([...chosen][0])}”` : `${chosen.size} tasks selected`;
}

type OutlineSelectionOptions = {
  projectId: number;
  tasks: readonly TaskDto[];
  /** The rows shown, top to bottom: a range runs over them, and only they are moved. */
  shownIds: readonly number[];
  canEdit: boolean;
  /** Where the keys go back to after a move: the control of a row, by the view's own attributes. */
  focusRow: (focus: RowFocus) => void;
};

/**
 * The chosen rows of a tree, and Tab and Shift+Tab on them through useOutlineTasks: clicks and keys
 * choose (`choose`), `outline` indents or outdents the chosen rows shown, `announcement` is what to
 * say in the view's live region, and after a move the keys stay on the row they were on.
 */
export function useOutlineSelection({
  projectId,
  tasks,
  shownIds,
  canEdit,
  focusRow,
}: OutlineSelectionOptions) {
  const outlineTasks = useOutlineTasks();
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const anchor = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const refocus = useRef<RowFocus | null>(null);
  const nameOf = (id: number) => tasks.find((task) => task.id === id)?.name ?? "";

  // After an indent or outdent the row may have moved: the keys stay on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the rows are drawn anew.
  useEffect(() => {
    const target = refocus.current;
    if (!target || shownIds.length === 0) return;
    refocus.current = null;
    focusRow(target);
  }, [shownIds]);

  function choose(taskId: number, how: SelectHow, from?: number) {
    let next: Set<number>;
    if (how === "only") {
      next = selected.size === 1 && selected.has(taskId) ? new Set() : new Set([taskId]);
      anchor.current = taskId;
    } else if (how === "toggle") {
      next = new Set(selected);
      if (!next.delete(taskId)) next.add(taskId);
      anchor.current = taskId;
    } else {
      const start = anchor.current !== null && selected.size > 0 ? anchor.current : (from ?? taskId);
      anchor.current = start;
      const [a, b] = [shownIds.indexOf(start), shownIds.indexOf(taskId)].sort((x, y) => x - y);
      next = a < 0 ? new Set([taskId]) : new Set(shownIds.slice(a, b + 1));
    }
    setSelected(next);
    setAnnouncement(selectionAnnouncement(next, nameOf));
  }

  function clear() {
    setSelected(new Set());
    anchor.current = null;
    setAnnouncement("Selection cleared");
  }

  function outline(action: OutlineAction, focus?: RowFocus) {
    if (denied(canEdit, PERMISSION_MESSAGES.editTask)) return;
    const shown = new Set(shownIds);
    const taskIds = [...selected].filter((id) => shown.has(id));
    if (taskIds.length === 0) return;
    const moved = planOutlineAction(tasks, taskIds, action).length;
    setAnnouncement(outlineAnnouncement(action, taskIds.map(nameOf), moved));
    if (moved === 0) return;
    refocus.current = focus ?? null;
    outlineTasks.mutate({ projectId, taskIds, action });
  }

  const selection: RowSelection = { selected, onSelect: choose, onClear: clear, onOutline: outline };
  const shown = new Set(shownIds);
  return {
    selection,
    /** How many chosen rows are shown. */
    chosen: [...selected].filter((id) => shown.has(id)).length,
    busy: outlineTasks.isPending,
    announcement,
    setAnnouncement,
  };
}

/** The row a key was pressed on and the control it was pressed on, by the view's attributes. */
export type KeyTarget = { taskId: number; control: string };

/**
 * The outline's keys on a row's control: Shift+Space chooses the row (alone; again, none), Escape
 * clears the choice, and with rows chosen Tab indents them and Shift+Tab outdents them (without a
 * choice Tab moves the focus as ever). Answers whether it took the key.
 */
export function outlineKeys(
  event: React.KeyboardEvent,
  selection: RowSelection,
  target: KeyTarget | null,
): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || !target) return false;
  if (event.key === " " && event.shiftKey) {
    event.preventDefault();
    selection.onSelect(target.taskId, "only");
    return true;
  }
  if (selection.selected.size === 0) return false;
  if (event.key === "Escape") {
    event.preventDefault();
    selection.onClear();
    return true;
  }
  if (event.key === "Tab") {
    event.preventDefault();
    selection.onOutline(event.shiftKey ? "outdent" : "indent", target);
    return true;
  }
  return false;
}

type OutlineBarProps = {
  count: number;
  busy: boolean;
  onOutline: (action: OutlineAction) => void;
  onClear: () => void;
};

/** Shown while rows are chosen: how many, the keys, and the same moves as buttons for a pointer. */
export function OutlineBar({ count, busy, onOutline, onClear }: OutlineBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b bg-accent/50 px-3 py-2 text-sm sm:px-4">
      <span className="mr-auto">
        {count === 1 ? "1 task selected" : `${count} tasks selected`}
        <span className="hidden text-muted-foreground sm:inline"> · Tab indents, Shift+Tab outdents</span>
      </span>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => onOutline("outdent")}>
        <IndentDecrease aria-hidden />
        Outdent
      </Button>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => onOutline("indent")}>
        <IndentIncrease aria-hidden />
        Indent
      </Button>
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden />
        Clear
      </Button>
    </div>
  );
}
