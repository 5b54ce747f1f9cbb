import { TASK_ROW_HEIGHT, type TaskGroup } from "@core/gantt/rows";
import type { TaskDto } from "@core/schemas/projects";
import type * as React from "react";
import { useMemo, useRef, useState } from "react";

/** The row being dragged: how far, and the place in its category it would drop into. */
export type RowReorderState = { taskId: number; groupKey: string; from: number; to: number; dy: number };

type Dragged = { task: TaskDto; group: TaskGroup<TaskDto>; from: number; to: number; originY: number };

/**
 * Reordering Gantt rows by their grip, within their own category only: the drag is held inside the
 * category's rows, and the up and down arrow keys move a row one place.
 */
export function useRowReorder({
  groups,
  onReorder,
}: {
  groups: TaskGroup<TaskDto>[];
  onReorder: (task: TaskDto, group: TaskGroup<TaskDto>, toIndex: number) => void;
}) {
  const [state, setState] = useState<RowReorderState | null>(null);
  const dragged = useRef<Dragged | null>(null);

  // The same handlers until the groups or the callback change, so the rows drawn stay as they are.
  const handlers = useMemo(() => {
    const locate = (task: TaskDto) => {
      for (const group of groups) {
        const index = group.tasks.findIndex((candidate) => candidate.id === task.id);
        if (index !== -1) return { group, index };
      }
      return null;
    };

    const onPointerDown = (event: React.PointerEvent<HTMLElement>, task: TaskDto) => {
      if (event.button !== 0) return;
      const found = locate(task);
      if (!found) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      dragged.current = {
        task,
        group: found.group,
        from: found.index,
        to: found.index,
        originY: event.clientY,
      };
    };

    const onPointerMove = (event: React.PointerEvent<HTMLElement>) => {
      const drag = dragged.current;
      if (!drag) return;
      const last = drag.group.tasks.length - 1;
      const dy = Math.min(
        (last - drag.from) * TASK_ROW_HEIGHT,
        Math.max(-drag.from * TASK_ROW_HEIGHT, event.clientY - drag.originY),
      );
      const to = drag.from + Math.round(dy / TASK_ROW_HEIGHT);
      drag.to = to;
      setState({ taskId: drag.task.id, groupKey: drag.group.key, from: drag.from, to, dy });
    };

    const finish = (commit: boolean) => {
      const drag = dragged.current;
      dragged.current = null;
      setState(null);
      if (commit && drag && drag.to !== drag.from) onReorder(drag.task, drag.group, drag.to);
    };

    const onKeyDown = (event: React.KeyboardEvent<HTMLElement>, task: TaskDto) => {
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      event.preventDefault();
      const found = locate(task);
      if (!found) return;
      const to = found.index + (event.key === "ArrowUp" ? -1 : 1);
      if (to < 0 || to >= found.group.tasks.length) return;
      onReorder(task, found.group, to);
    };
    return {
      onPointerDown,
      onPointerMove,
      onPointerUp: () => finish(true),
      onPointerCancel: () => finish(false),
      onKeyDown,
    };
  }, [groups, onReorder]);

  return { state, handlers };
}

export type RowReorderHandlers = ReturnType<typeof useRowReorder>["handlers"];

/**
 * How far a row is drawn from its place while another row of its category is dragged: the dragged
 * row follows the pointer, the rows it passes step aside by one row.
 */
export function rowOffset(
  state: RowReorderState | null,
  taskId: number,
  groupKey: string,
  index: number,
): number {
  if (!state || state.groupKey !== groupKey) return 0;
  if (state.taskId === taskId) return state.dy;
  if (state.from < index && index <= state.to) return -TASK_ROW_HEIGHT;
  if (state.to <= index && index < state.from) return TASK_ROW_HEIGHT;
  return 0;
}
