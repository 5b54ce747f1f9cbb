import type { DropPosition } from "@core/tasks/outline-drop";
import { GripVertical } from "lucide-react";
import { cn } from "@/lib/utils";
import type { TreeDragHandlers } from "./use-tree-drag";

/** A row's part in a drag within the tree (use-tree-drag.ts), in the list and the Gantt alike. */
export type TreeRowDrag = {
  handlers: TreeDragHandlers;
  /** It is the row dragged; `carried`: by the keyboard. */
  dragging: boolean;
  carried: boolean;
  /** Where the row under way would land, on this row: the line above or below it, or into it. */
  mark?: DropPosition;
  /** The id of the drag's keys' help, which the grip is described by. */
  describedBy: string;
};

/** The grip a row is dragged by to another place in the tree, by pointer or by keyboard. */
export function TreeGrip({
  taskId,
  name,
  drag,
  tabIndex,
  className,
}: {
  taskId: number;
  name: string;
  drag: TreeRowDrag;
  tabIndex?: number;
  className?: string;
}) {
  const { handlers } = drag;
  return (
    <button
      type="button"
      data-row-control="grip"
      tabIndex={tabIndex}
      aria-label={`Move "${name}" in the outline`}
      aria-describedby={drag.describedBy}
      aria-pressed={drag.carried || undefined}
      title="Drag to move it before or after another task, or onto a summary task to put it under it"
      onPointerDown={(event) => handlers.onPointerDown(event, taskId)}
      onPointerMove={handlers.onPointerMove}
      onPointerUp={handlers.onPointerUp}
      onPointerCancel={handlers.onPointerCancel}
      onKeyDown={(event) => handlers.onKeyDown(event, taskId)}
      onBlur={handlers.onBlur}
      className={cn(
        "flex w-5 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing",
        className,
      )}
    >
      <GripVertical aria-hidden className="size-4" />
    </button>
  );
}
