import {
  type BarDateChanges,
  type BarEditResult,
  moveBar,
  resizeEnd,
  resizeStart,
} from "@core/gantt/bar-edits";
import { type BarTiming, barTiming, DAY_MS } from "@core/gantt/bar-timing";
import { daysForPixels, type TimelineWindow } from "@core/gantt/timeline";
import type { TaskDto } from "@core/schemas/projects";
import type * as React from "react";
import { useMemo, useRef, useState } from "react";

export type BarDragMode = "move" | "start" | "end";

/** The bar being dragged, as it would be if dropped now; `invalid` holds why it would be refused. */
export type BarPreview = {
  taskId: number;
  mode: BarDragMode;
  timing: BarTiming;
  /** The dates the drop would write (null when it would be refused). */
  changes: BarDateChanges | null;
  invalid: string | null;
};

/** Pixels a pointer must travel before a press on a bar becomes a drag rather than a click. */
const DRAG_THRESHOLD = 4;

type DragState = {
  task: TaskDto;
  mode: BarDragMode;
  originX: number;
  moved: boolean;
  /** Whole days dragged so far: the preview changes only when this does. */
  days: number;
  result: BarEditResult;
};

type BarDragOptions = {
  window: TimelineWindow;
  now: Date;
  canEdit: boolean;
  onOpen: (task: TaskDto) => void;
  /** A finished edit: the accepted changes, or the reason it is refused. */
  onEdit: (task: TaskDto, result: BarEditResult) => void;
};

/** What a drag of `dx` pixels (or a shift of `days` days) does to a task's bar. */
export function barEdit(task: TaskDto, mode: BarDragMode, days: number, now: Date): BarEditResult {
  if (mode === "move") return { ok: true, changes: moveBar(task, days, now) };
  const timing = barTiming(task, now);
  if (mode === "start") return resizeStart(task, new Date(timing.start.getTime() + days * DAY_MS), now);
  return resizeEnd(task, new Date(timing.end.getTime() + days * DAY_MS), now);
}

const applied = (task: TaskDto, changes: BarDateChanges, now: Date) =>
  barTiming({ ...task, ...changes }, now);

/**
 * Pointer and keyboard handling of the Gantt bars. Dragging the body moves both dates; the edge
 * handles resize; a press without movement opens the task. Arrow keys move a focused bar by a day,
 * Shift+arrows move its end and Alt+arrows its start. Viewers can only open.
 */
export function useBarDrag({ window, now, canEdit, onOpen, onEdit }: BarDragOptions) {
  const [preview, setPreview] = useState<BarPreview | null>(null);
  const drag = useRef<DragState | null>(null);

  // The same handlers until an option changes, so the rows the chart keeps drawn stay as they are.
  const handlers = useMemo(() => {
    const onPointerDown = (event: React.PointerEvent<HTMLElement>, task: TaskDto, mode: BarDragMode) => {
      if (event.button !== 0) return;
      event.stopPropagation();
      if (!canEdit) {
        drag.current = {
          task,
          mode: "move",
          originX: event.clientX,
          moved: false,
          days: 0,
          result: { ok: true, changes: {} },
        };
        return;
      }
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = {
        task,
        mode,
        originX: event.clientX,
        moved: false,
        days: 0,
        result: { ok: true, changes: {} },
      };
    };

    const onPointerMove = (event: React.PointerEvent<HTMLElement>) => {
      const state = drag.current;
      if (!state || !canEdit) return;
      const dx = event.clientX - state.originX;
      if (!state.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
      // Whole days: a handle lands on a day boundary, and the years scale still moves a day at a time.
      const days = daysForPixels(dx, window.scale);
      // The preview (and the dependents planned from it) changes only when the day does.
      if (state.moved && days === state.days) return;
      state.moved = true;
      state.days = days;
      state.result = barEdit(state.task, state.mode, days, now);
      const { result } = state;
      setPreview({
        taskId: state.task.id,
        mode: state.mode,
        timing: result.ok ? applied(state.task, result.changes, now) : barTiming(state.task, now),
        changes: result.ok ? result.changes : null,
        invalid: result.ok ? null : result.message,
      });
    };

    const onPointerUp = (event: React.PointerEvent<HTMLElement>) => {
      const state = drag.current;
      drag.current = null;
      if (!state) return;
      if (event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.releasePointerCapture(event.pointerId);
      }
      setPreview(null);
      if (!state.moved) {
        if (state.mode === "move") onOpen(state.task);
        return;
      }
      onEdit(state.task, state.result);
    };

    const onPointerCancel = () => {
      drag.current = null;
      setPreview(null);
    };

    const onKeyDown = (event: React.KeyboardEvent<HTMLElement>, task: TaskDto) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        onOpen(task);
        return;
      }
      if (!canEdit || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
      event.preventDefault();
      const days = event.key === "ArrowLeft" ? -1 : 1;
      const mode: BarDragMode = event.shiftKey ? "end" : event.altKey ? "start" : "move";
      onEdit(task, barEdit(task, mode, days, now));
    };
    return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onKeyDown };
  }, [window, now, canEdit, onOpen, onEdit]);

  return { preview, handlers };
}

export type BarHandlers = ReturnType<typeof useBarDrag>["handlers"];
