import type * as React from "react";
import { useRef, useState } from "react";

/** The task column: 200 to 600 px, 256 by default. */
export const TASK_COLUMN = { min: 200, max: 600, default: 256 } as const;
/** On a narrow screen the column gives way to the timeline: at most half the chart's width. */
const NARROW_SHARE = 0.5;
const NARROW_FLOOR = 150;
const KEY_STEP = 16;

const clampWidth = (width: number) => Math.min(TASK_COLUMN.max, Math.max(TASK_COLUMN.min, Math.round(width)));

/** With grid columns the task column may take more of a wide chart; the names keep this much. */
const WITH_GRID_SHARE = 0.75;
const NAME_FLOOR = 120;

/**
 * The names' width the user chose, and the task column's width shown: the names (narrower on a
 * phone, so the timeline keeps room) and the grid's columns beside them (`gridWidth`).
 */
export function useTaskColumnWidth(viewportWidth: number, gridWidth = 0) {
  const [width, setWidth] = useState<number>(TASK_COLUMN.default);
  const share = gridWidth > 0 ? WITH_GRID_SHARE : NARROW_SHARE;
  const room =
    viewportWidth > 0 ? Math.max(NARROW_FLOOR, Math.floor(viewportWidth * share)) : width + gridWidth;
  const names =
    gridWidth > 0 ? Math.max(NAME_FLOOR, Math.min(width, room - gridWidth)) : Math.min(width, room);
  // On a phone even the columns may not fit: the column then stops at its room, and the columns
  // past it are cut (the rows clip them), so the timeline stays in view.
  return {
    width,
    shown: viewportWidth > 0 ? Math.min(names + gridWidth, room) : names + gridWidth,
    gridWidth,
    setWidth: (next: number) => setWidth(clampWidth(next)),
  };
}

type Column = ReturnType<typeof useTaskColumnWidth>;

/** The handle on the task column's right edge: drag it, or focus it and use the arrow keys. */
export function TaskColumnResizer({ column }: { column: Column }) {
  const origin = useRef<{ x: number; width: number } | null>(null);
  const [active, setActive] = useState(false);

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    origin.current = { x: event.clientX, width: column.shown - column.gridWidth };
    setActive(true);
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!origin.current) return;
    column.setWidth(origin.current.width + event.clientX - origin.current.x);
  };
  const stop = () => {
    origin.current = null;
    setActive(false);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const change = { ArrowLeft: -KEY_STEP, ArrowRight: KEY_STEP }[event.key];
    if (event.key === "Home") column.setWidth(TASK_COLUMN.min);
    else if (event.key === "End") column.setWidth(TASK_COLUMN.max);
    else if (change) column.setWidth(column.width + change);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label="Resize the task column"
      aria-orientation="vertical"
      aria-valuemin={TASK_COLUMN.min}
      aria-valuemax={TASK_COLUMN.max}
      aria-valuenow={column.width}
      title="Drag to resize the task column"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      onKeyDown={onKeyDown}
      className="group absolute top-0 bottom-0 z-40 flex w-3 -translate-x-1/2 cursor-col-resize touch-none justify-center outline-none"
      style={{ left: column.shown }}
    >
      <span
        className={`h-full w-0.5 transition-colors group-hover:bg-primary/60 group-focus-visible:bg-primary ${active ? "bg-primary" : "bg-transparent"}`}
      />
    </div>
  );
}
