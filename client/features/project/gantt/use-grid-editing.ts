// Editing the Gantt grid's cells in place (docs/spec/gantt-columns.md): one cell at a time; a save
// goes through the task dialog's preview and the same writes (useUpdateTask and the dependency
// mutations), so it shows what it moves before it is applied and Ctrl+Z undoes it.
import {
  noPredecessorChange,
  parsePredecessors,
  predecessorChanges,
  predecessorCycle,
  type TaskNumbering,
} from "@core/gantt/predecessors-text";
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import { movesSchedule } from "@core/schemas/tasks";
import { useCallback, useMemo, useRef, useState } from "react";
import { createDependencyRequest, useCreateDependency } from "@/entities/dependency/api/create-dependency";
import { deleteDependencyRequest, useDeleteDependency } from "@/entities/dependency/api/delete-dependency";
import { updateDependencyRequest, useUpdateDependency } from "@/entities/dependency/api/update-dependency";
import type { ScheduleWrite } from "@/entities/schedule/api/preview-schedule";
import { updateTaskRequest, useUpdateTask } from "@/entities/task/api/update-task";
import { errorMessage } from "@/lib/error-message";
import { type CellDraft, cellChanges } from "./gantt-cell-changes";
import { type GridColumn, isEditable } from "./gantt-grid-columns";

export type EditTarget = { taskId: number; column: GridColumn };

/** How a save ended: saved, or not (with the words to show by the cell; null when the preview was cancelled). */
export type SaveOutcome = { ok: true } | { ok: false; message: string | null };

/** A predecessors edit cancelled at a later link's preview, after earlier links were saved. */
export const PARTLY_SAVED = (saved: number, of: number) =>
  `${saved} of ${of} link changes were saved; each is undone on its own with Ctrl+Z.`;

type GridEditingInput = {
  projectId: number;
  tasks: TaskDto[];
  dependencies: DependencyDto[];
  numbering: TaskNumbering;
  /** The columns shown, in order: Tab goes to the next editable one. */
  columns: readonly GridColumn[];
  isSummary: (taskId: number) => boolean;
  /** The view's schedule preview (useSchedulePreview): the same question the dialog asks. */
  ask: (write: ScheduleWrite, editedTaskId: number | null) => Promise<boolean>;
};

/** Puts the keys back on a cell once its editor is gone. */
function focusCell({ taskId, column }: EditTarget) {
  requestAnimationFrame(() => {
    document
      .querySelector<HTMLElement>(`[data-gantt-row="${taskId}"] [data-gantt-cell="${column}"]`)
      ?.focus();
  });
}

/** The cell being edited, and how an editor saves, moves on or gives up. */
export function useGridEditing({
  projectId,
  tasks,
  dependencies,
  numbering,
  columns,
  isSummary,
  ask,
}: GridEditingInput) {
  const [editing, setEditing] = useState<EditTarget | null>(null);
  // Cell failures are said by the cell, not toasted; successes toast as any task update.
  // Their mutateAsync keep their identity across renders: the grid is not remade per render.
  const { mutateAsync: updateTask } = useUpdateTask({ notifyError: false });
  const { mutateAsync: createLink } = useCreateDependency();
  const { mutateAsync: updateLink } = useUpdateDependency();
  const { mutateAsync: deleteLink } = useDeleteDependency();
  // The save reads the plan as it is when the key is pressed, without remaking the grid per change.
  const latest = useRef({ tasks, dependencies, numbering, columns, isSummary, ask });
  latest.current = { tasks, dependencies, numbering, columns, isSummary, ask };

  const savePredecessors = useCallback(
    async (task: TaskDto, text: string): Promise<SaveOutcome> => {
      const plan = latest.current;
      const parsed = parsePredecessors(text, { taskId: task.id, taskAt: plan.numbering.taskAt });
      if (!parsed.ok) return parsed;
      const names = new Map(plan.tasks.map((each) => [each.id, each.name]));
      const cycle = predecessorCycle(names.keys(), plan.dependencies, task.id, parsed.links, (id) =>
        names.get(id),
      );
      if (cycle) return { ok: false, message: cycle };
      const changes = predecessorChanges(task.id, plan.dependencies, parsed.links);
      if (noPredecessorChange(changes)) return { ok: true };
      // Removals first, so a link replaced by another of the same pair never meets it.
      const writes: { request: ScheduleWrite; run: () => Promise<unknown> }[] = [
        ...changes.remove.map((dependency) => ({
          request: deleteDependencyRequest({ dependencyId: dependency.id }),
          run: () => deleteLink({ dependencyId: dependency.id, projectId }),
        })),
        ...changes.update.map(({ dependency, changes: update }) => ({
          request: updateDependencyRequest({ dependencyId: dependency.id, changes: update }),
          run: () => updateLink({ dependencyId: dependency.id, projectId, changes: update }),
        })),
        ...changes.create.map((link) => {
          const body = {
            sourceTaskId: link.sourceTaskId,
            targetTaskId: task.id,
            type: link.type,
            lag: link.lag,
          };
          return {
            request: createDependencyRequest(body),
            run: () => createLink({ projectId, ...body }),
          };
        }),
      ];
      // One write per link, each previewed as the dialog's pickers preview theirs, and each its own
      // undo step (the server has no write of several links).
      for (const [done, write] of writes.entries()) {
        if (!(await latest.current.ask(write.request, task.id))) {
          return { ok: false, message: done === 0 ? null : PARTLY_SAVED(done, writes.length) };
        }
        try {
          await write.run();
        } catch (error) {
          const reason = errorMessage(error);
          return {
            ok: false,
            message: done === 0 ? reason : `${reason} ${PARTLY_SAVED(done, writes.length)}`,
          };
        }
      }
      return { ok: true };
    },
    [projectId, createLink, updateLink, deleteLink],
  );

  const save = useCallback(
    async (task: TaskDto, column: GridColumn, draft: CellDraft): Promise<SaveOutcome> => {
      if (column === "predecessors") return savePredecessors(task, draft.text);
      const read = cellChanges(task, column, draft, latest.current.isSummary(task.id));
      if (!read.ok) return read;
      const { changes } = read;
      if (Object.keys(changes).length === 0) return { ok: true };
      // As the dialog: a change that may move dates shows what it moves before it is applied.
      if (
        movesSchedule(task, changes) &&
        !(await latest.current.ask(updateTaskRequest({ taskId: task.id, changes }), task.id))
      ) {
        return { ok: false, message: null };
      }
      try {
        await updateTask({ taskId: task.id, projectId, changes });
      } catch (error) {
        return { ok: false, message: errorMessage(error) };
      }
      return { ok: true };
    },
    [projectId, savePredecessors, updateTask],
  );

  /**
   * Closes the editor of `from`; with `step`, opens the next (1) or previous (-1) editable cell of
   * the same row instead, as Tab and Shift+Tab do.
   */
  const close = useCallback((from: EditTarget, step: 0 | 1 | -1 = 0) => {
    const { columns: shown, isSummary: summaryOf } = latest.current;
    if (step !== 0) {
      const editable = shown.filter((column) => isEditable(column, summaryOf(from.taskId)));
      const next = editable[editable.indexOf(from.column) + step];
      if (next) {
        setEditing({ taskId: from.taskId, column: next });
        return;
      }
    }
    setEditing(null);
    focusCell(from);
  }, []);

  /** Closes the editor of `from`, if it is still the one open, leaving the keys where they went. */
  const leave = useCallback((from: EditTarget) => {
    setEditing((current) =>
      current?.taskId === from.taskId && current.column === from.column ? null : current,
    );
  }, []);

  return useMemo(() => ({ editing, edit: setEditing, save, close, leave }), [editing, save, close, leave]);
}

export type GridEditing = ReturnType<typeof useGridEditing>;
