import type { ScheduledTaskDto } from "@core/schemas/projects";
import { DISPLAY_STATUS_LABELS, type DisplayStatus } from "@core/tasks/status";
import { Handle, type NodeProps, Position } from "@xyflow/react";
import { Check, Eye, Pencil } from "lucide-react";
import { type CSSProperties, memo } from "react";
import { showsProgress, TaskProgressBar } from "@/entities/task/components/task-progress-bar";
import { cardDates } from "@/features/project/components/card-dates";
import { OutlineToggle } from "@/features/project/components/outline-toggle";
import { cn } from "@/lib/utils";
import { useGraphActions } from "./graph-actions";
import type { TaskNode as TaskNodeType } from "./graph-elements";
import { nodeLabel, summaryToggleLabel, tasksUnderText } from "./graph-texts";

const HEADER_TONES: Record<DisplayStatus, string> = {
  todo: "bg-muted text-muted-foreground",
  "in-progress": "bg-info-tint text-info-tint-foreground",
  waiting: "bg-warning-tint text-warning-tint-foreground",
  blocked: "bg-danger-tint text-danger-tint-foreground",
  completed: "bg-success-tint text-success-tint-foreground",
};

// Native titles, not Radix tooltips: a thousand cards with two tooltip roots each cost more to
// mount than the whole canvas.
const cardButton =
  "nodrag relative z-[2] inline-flex size-6 shrink-0 items-center justify-center rounded-md outline-none transition-colors hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default disabled:hover:bg-transparent";

/**
 * A task card: status header, edit button, complete toggle, label and a two-line description,
 * tinted with the category colour, at most 300 px wide, and a progress bar while work is under
 * way. Besides the small handles at its sides it carries two invisible full-card handles: in
 * connect mode a drag from anywhere on the card starts a dependency, and while one is drawn,
 * dropping anywhere on a card ends it there.
 *
 * A collapsed summary's card shows what rolls up instead (its WBS number, dates, status, how many
 * tasks are under it and their progress) and a chevron that opens its frame again; it has no
 * complete toggle.
 */
export const TaskNode = memo(function TaskNode({ data, selected }: NodeProps<TaskNodeType>) {
  const { task, status, tint, critical, onPath, offPath, summary } = data;
  const { canEdit, readOnly, openTask, toggleCompleted, toggleCollapsed } = useGraphActions();
  const label = nodeLabel(task.name);
  const thisYear = new Date().getFullYear();
  const dates = summary
    ? summary.span && cardDates({ schedule: summary.span, dueDate: null }, thisYear)
    : cardDates(task as ScheduledTaskDto, thisYear);
  return (
    <div
      className={cn(
        "task-node",
        summary && "is-summary",
        selected && "is-selected",
        critical && "is-critical",
        onPath && "is-driving-path",
      )}
      data-status={status}
      data-driving-path={onPath ? "true" : undefined}
      data-off-path={offPath ? "true" : undefined}
      data-summary-card={summary ? task.id : undefined}
      // Read by the project's single keys (shortcut-targets.ts) without naming xyflow's classes.
      data-graph-card={task.id}
      data-graph-selected={selected || undefined}
      style={tint ? ({ "--task-tint": tint } as CSSProperties) : undefined}
    >
      <Handle type="target" position={Position.Left} id="in" className="task-node__handle" />
      <Handle
        type="source"
        position={Position.Right}
        id="drag-area"
        className="task-node__drag-area"
        isConnectableEnd={false}
      />
      <Handle
        type="target"
        position={Position.Left}
        id="drop-area"
        className="task-node__drop-area"
        isConnectableStart={false}
      />
      <div className={cn("flex items-center gap-1 rounded-t-[7px] py-1 pr-1 pl-3", HEADER_TONES[status])}>
        <span className="task-node__status mr-auto text-xs font-semibold tracking-wide uppercase">
          {DISPLAY_STATUS_LABELS[status]}
        </span>
        {summary ? (
          // Collapsing only hides cards: viewers and visitors expand too.
          <OutlineToggle
            summary
            collapsed
            aria-label={summaryToggleLabel(label, true, summary.below)}
            title="Show the tasks under it"
            className="nodrag relative z-[2] hover:bg-foreground/10"
            onClick={() => toggleCollapsed(task.id)}
            onDoubleClick={(event) => event.stopPropagation()}
          />
        ) : (
          <button
            type="button"
            role="checkbox"
            aria-checked={task.completed}
            aria-label={`Mark "${label}" as completed`}
            title={task.completed ? "Mark as not completed" : "Mark as completed"}
            disabled={readOnly}
            className={cardButton}
            onClick={() => toggleCompleted(task)}
            onDoubleClick={(event) => event.stopPropagation()}
          >
            <span
              className={cn(
                "flex size-4 items-center justify-center rounded-full border-[1.5px] border-current",
                task.completed && "border-success bg-success text-background",
              )}
            >
              {task.completed && <Check className="size-3" strokeWidth={3} aria-hidden />}
            </span>
          </button>
        )}
        <button
          type="button"
          aria-label={`${canEdit ? "Edit" : "View"} "${label}"`}
          title={canEdit ? "Edit task" : "View task"}
          className={cardButton}
          onClick={() => openTask(task)}
          onDoubleClick={(event) => event.stopPropagation()}
        >
          {canEdit ? <Pencil className="size-3.5" aria-hidden /> : <Eye className="size-3.5" aria-hidden />}
        </button>
      </div>
      <div className="px-3 pt-2 pb-3">
        <p
          className={cn(
            "font-medium wrap-anywhere",
            summary && "font-semibold",
            (summary ? status === "completed" : task.completed) && "text-muted-foreground line-through",
          )}
        >
          {summary && (
            <span data-wbs className="mr-1.5 text-xs font-medium text-muted-foreground tabular-nums">
              <span className="sr-only">WBS </span>
              {summary.wbs}
            </span>
          )}
          {label}
        </p>
        {dates && (
          <p data-card-dates className="mt-1 text-xs font-medium text-muted-foreground tabular-nums">
            {dates}
          </p>
        )}
        {summary && (
          <p data-summary-count className="mt-1 text-xs text-muted-foreground">
            {tasksUnderText(summary.below)}
          </p>
        )}
        {!summary && task.description && (
          <p className="mt-1 line-clamp-2 text-xs wrap-anywhere text-muted-foreground">{task.description}</p>
        )}
        {/* A summary's percent is the server's roll-up of the tasks under it. */}
        {showsProgress({
          percentComplete: task.percentComplete,
          completed: summary ? status === "completed" : task.completed,
        }) && <TaskProgressBar percent={task.percentComplete} className="mt-2" />}
      </div>
      <Handle type="source" position={Position.Right} id="out" className="task-node__handle" />
    </div>
  );
});
