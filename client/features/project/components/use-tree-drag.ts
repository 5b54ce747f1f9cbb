// Dragging a row within the tree (a plan with summaries) by its grip: before or after another row,
// as its sibling, or onto a summary's middle, as its last child (core/tasks/outline-drop.ts). The
// pointer drags it; the keyboard picks it up with Space or Enter, steps through the places it may go
// with the up and down arrows, drops it with Space or Enter and cancels with Escape, each step said
// to screen readers.
import type { Outline } from "@core/tasks/outline";
import {
  type DropPosition,
  type DropTarget,
  dropTargets,
  type TreeDrop,
  treeDrop,
} from "@core/tasks/outline-drop";
import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { edgeScrollSpeed, scrollingAncestor } from "@/lib/edge-scroll";

/** The row being dragged and where it would land now (null: nowhere it may go). */
export type TreeDragState = { taskId: number; target: DropTarget | null; keyboard: boolean };

/** How far a pointer moves before a press on the grip becomes a drag. */
const POINTER_DISTANCE = 4;

/** The grip's help, which each grip is described by. */
export const TREE_DRAG_HELP =
  "To move a task in the outline, press Space to pick it up, use the up and down arrow keys to choose where it goes, then press Space to drop it, or Escape to cancel.";

const place = (position: DropPosition, name: string) =>
  position === "before"
    ? `before “${name}”`
    : position === "after"
      ? `after “${name}”`
      : `into “${name}”, last`;

/** What the drag says to screen readers at each step. */
export const treeDragWords = {
  pickedUp: (name: string, offered: number) =>
    offered === 0
      ? `Picked up task “${name}”. It has nowhere else to go.`
      : `Picked up task “${name}”. Use the up and down arrow keys to choose where it goes.`,
  over: (name: string, target: DropTarget | null, targetName: string) =>
    target ? `Task “${name}” goes ${place(target.position, targetName)}.` : `Task “${name}” cannot go here.`,
  dropped: (name: string, target: DropTarget, targetName: string) =>
    `Task “${name}” was moved ${place(target.position, targetName)}.`,
  cancelled: (name: string) => `Moving task “${name}” was cancelled.`,
};

type TreeDragOptions = {
  outline: Outline | null;
  /** The rows shown, top to bottom. */
  shownIds: readonly number[];
  isCollapsed: (id: number) => boolean;
  nameOf: (id: number) => string;
  /** The attribute naming a row's task id (`data-task-row`, `data-gantt-row`). */
  rowAttribute: string;
  onMove: (taskId: number, drop: TreeDrop) => void;
  announce: (text: string) => void;
};

type Pressed = { taskId: number; x: number; y: number; dragging: boolean };

/**
 * Dragging rows within the tree: `state` for drawing the dragged row and the place it would land,
 * and the grip's handlers.
 */
export function useTreeDrag({
  outline,
  shownIds,
  isCollapsed,
  nameOf,
  rowAttribute,
  onMove,
  announce,
}: TreeDragOptions) {
  const [state, setState] = useState<TreeDragState | null>(null);
  const pressed = useRef<Pressed | null>(null);
  const offered = useRef<DropTarget[]>([]);
  /** While a row is dragged near its list's top or bottom: the list, the pointer, the frame loop. */
  const edgeScroll = useRef<{ list: HTMLElement | null; x: number; y: number; frame: number }>({
    list: null,
    x: 0,
    y: 0,
    frame: 0,
  });
  useEffect(() => () => cancelAnimationFrame(edgeScroll.current.frame), []);

  /** The drop under the pointer: the row there, and where on it. */
  function targetAt(taskId: number, x: number, y: number): DropTarget | null {
    if (!outline) return null;
    const row = document.elementFromPoint(x, y)?.closest<HTMLElement>(`[${rowAttribute}]`);
    if (!row) return null;
    const targetId = Number(row.getAttribute(rowAttribute));
    const box = row.getBoundingClientRect();
    const at = (y - box.top) / Math.max(box.height, 1);
    const summary = outline.isSummary(targetId);
    const position: DropPosition = summary
      ? at < 0.25
        ? "before"
        : at > 0.75
          ? "after"
          : "inside"
      : at < 0.5
        ? "before"
        : "after";
    const drop = treeDrop(outline, taskId, targetId, position, isCollapsed);
    return drop ? { targetId, position, drop } : null;
  }

  /** Scrolls the list a step while the pointer stays near its edge; the rows move under it. */
  function scrollStep() {
    const scroll = edgeScroll.current;
    scroll.frame = 0;
    const press = pressed.current;
    if (!press?.dragging || !scroll.list) return;
    const speed = edgeScrollSpeed(scroll.y, scroll.list.getBoundingClientRect());
    if (speed === 0) return;
    scroll.list.scrollTop += speed;
    setState({ taskId: press.taskId, target: targetAt(press.taskId, scroll.x, scroll.y), keyboard: false });
    scroll.frame = requestAnimationFrame(scrollStep);
  }

  function finish(commit: boolean) {
    cancelAnimationFrame(edgeScroll.current.frame);
    edgeScroll.current.frame = 0;
    const current = state;
    pressed.current = null;
    offered.current = [];
    setState(null);
    if (!current) return;
    const name = nameOf(current.taskId);
    if (commit && current.target) {
      onMove(current.taskId, current.target.drop);
      announce(treeDragWords.dropped(name, current.target, nameOf(current.target.targetId)));
    } else {
      announce(treeDragWords.cancelled(name));
    }
  }

  const onPointerDown = (event: React.PointerEvent<HTMLElement>, taskId: number) => {
    if (event.button !== 0 || !outline) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pressed.current = { taskId, x: event.clientX, y: event.clientY, dragging: false };
    edgeScroll.current.list = scrollingAncestor(event.currentTarget);
  };

  const onPointerMove = (event: React.PointerEvent<HTMLElement>) => {
    const press = pressed.current;
    if (!press) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < POINTER_DISTANCE) return;
      press.dragging = true;
    }
    const target = targetAt(press.taskId, event.clientX, event.clientY);
    setState({ taskId: press.taskId, target, keyboard: false });
    const scroll = edgeScroll.current;
    scroll.x = event.clientX;
    scroll.y = event.clientY;
    if (!scroll.frame && scroll.list) scroll.frame = requestAnimationFrame(scrollStep);
  };

  const onPointerUp = () => {
    if (pressed.current?.dragging) finish(true);
    pressed.current = null;
  };

  const onPointerCancel = () => {
    cancelAnimationFrame(edgeScroll.current.frame);
    edgeScroll.current.frame = 0;
    if (pressed.current?.dragging) finish(false);
    pressed.current = null;
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLElement>, taskId: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !outline) return;
    const lift = (event.key === " " || event.key === "Enter") && !event.shiftKey;
    if (!state?.keyboard) {
      if (!lift) return;
      event.preventDefault();
      event.stopPropagation();
      offered.current = dropTargets(outline, taskId, shownIds, isCollapsed);
      setState({ taskId, target: null, keyboard: true });
      announce(treeDragWords.pickedUp(nameOf(taskId), offered.current.length));
      return;
    }
    // While carried, the grip takes every key: the list's own keys (rows, Tab) wait.
    event.stopPropagation();
    if (event.key === "Tab") return finish(false);
    event.preventDefault();
    if (lift) return finish(true);
    if (event.key === "Escape") return finish(false);
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const targets = offered.current;
    if (targets.length === 0) return;
    const at = state.target ? targets.indexOf(state.target) : -1;
    const next =
      event.key === "ArrowDown"
        ? targets[Math.min(at + 1, targets.length - 1)]
        : targets[at === -1 ? targets.length - 1 : Math.max(at - 1, 0)];
    setState({ ...state, target: next });
    announce(treeDragWords.over(nameOf(taskId), next, nameOf(next.targetId)));
  };

  const onBlur = () => {
    if (state?.keyboard) finish(false);
  };

  return {
    state,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onKeyDown, onBlur },
  };
}

export type TreeDragHandlers = ReturnType<typeof useTreeDrag>["handlers"];

/** Where a row shows the drop under way: the line before or after it, or its frame for "inside". */
export function dropMarkOf(state: TreeDragState | null, taskId: number): DropPosition | undefined {
  return state?.target?.targetId === taskId ? state.target.position : undefined;
}

/** How a row shows the drop on it: a line above or below it, or a frame for "inside". */
export const DROP_MARKS: Record<DropPosition, string> = {
  before: "shadow-[inset_0_2px_0_0_var(--primary)]",
  after: "shadow-[inset_0_-2px_0_0_var(--primary)]",
  inside: "ring-2 ring-primary ring-inset",
};
