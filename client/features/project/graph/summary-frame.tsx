import { DISPLAY_STATUS_LABELS } from "@core/tasks/status";
import { Handle, type NodeProps, Position } from "@xyflow/react";
import { Eye, Pencil } from "lucide-react";
import { memo } from "react";
import { cardDates } from "@/features/project/components/card-dates";
import { OutlineToggle } from "@/features/project/components/outline-toggle";
import { cn } from "@/lib/utils";
import { useGraphActions } from "./graph-actions";
import type { FrameNode } from "./graph-elements";
import { nodeLabel, summaryToggleLabel } from "./graph-texts";

const headerButton =
  "nodrag inline-flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none transition-colors hover:bg-foreground/10 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";

/**
 * An expanded summary: a frame around the cards of the tasks under it (sized by graph-outline.ts,
 * behind them), with a header naming it: the chevron that collapses it to one card, its WBS number,
 * name and the button that opens it, then its rolled-up status and dates. Only the header takes
 * the pointer: a click or drag on the rest of the frame reaches the canvas. Links into and out of
 * the summary attach at its sides. No complete toggle: its completion rolls up.
 */
export const SummaryFrame = memo(function SummaryFrame({ data, selected }: NodeProps<FrameNode>) {
  const { task, critical, summary, offPath } = data;
  const { canEdit, openTask, toggleCollapsed } = useGraphActions();
  const label = nodeLabel(task.name);
  const dates =
    summary.span && cardDates({ schedule: summary.span, dueDate: null }, new Date().getFullYear());
  return (
    <div
      className={cn("summary-frame", selected && "is-selected", critical && "is-critical")}
      data-status={summary.status}
      data-summary-frame={task.id}
      data-off-path={offPath ? "true" : undefined}
    >
      <Handle type="target" position={Position.Left} id="in" className="summary-frame__handle" />
      <div className="summary-frame__header">
        <div className="flex min-w-0 items-center gap-1.5">
          <OutlineToggle
            summary
            collapsed={false}
            aria-label={summaryToggleLabel(label, false, summary.below)}
            title="Collapse to one card"
            className="nodrag"
            onClick={() => toggleCollapsed(task.id)}
            onDoubleClick={(event) => event.stopPropagation()}
          />
          <span data-wbs className="shrink-0 text-xs font-medium text-muted-foreground tabular-nums">
            <span className="sr-only">WBS </span>
            {summary.wbs}
          </span>
          <span className="min-w-0 flex-1 truncate font-semibold" title={label}>
            {label}
          </span>
          <button
            type="button"
            aria-label={`${canEdit ? "Edit" : "View"} "${label}"`}
            title={canEdit ? "Edit task" : "View task"}
            className={headerButton}
            onClick={() => openTask(task)}
            onDoubleClick={(event) => event.stopPropagation()}
          >
            {canEdit ? <Pencil className="size-3.5" aria-hidden /> : <Eye className="size-3.5" aria-hidden />}
          </button>
        </div>
        <div className="flex min-w-0 items-center gap-2 pl-[30px] text-xs">
          <span className="summary-frame__status shrink-0 text-[11px] font-semibold tracking-wide uppercase">
            {DISPLAY_STATUS_LABELS[summary.status]}
          </span>
          {dates && (
            <span data-card-dates className="min-w-0 truncate text-muted-foreground tabular-nums">
              {dates}
            </span>
          )}
        </div>
      </div>
      <Handle type="source" position={Position.Right} id="out" className="summary-frame__handle" />
    </div>
  );
});
