import type { TaskDto } from "@core/schemas/projects";
import { CalendarClock, CircleAlert, Clock, type LucideIcon, Moon } from "lucide-react";
import { useId, useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { MyTaskProgress } from "@/features/my-tasks/components/my-task-progress";
import { denied, PERMISSION_MESSAGES } from "@/lib/permission-denied";
import { type DueTone, dueTone, formatTaskDate } from "@/lib/task-dates";
import { cn } from "@/lib/utils";

// Colour is not the only sign: each tone has its own icon, and screen readers hear it said.
const DUE_TONES: Record<DueTone, { className: string; icon: LucideIcon; spoken: string }> = {
  overdue: { className: "font-medium text-danger", icon: CircleAlert, spoken: ", overdue" },
  "due-soon": { className: "font-medium text-warning", icon: Clock, spoken: ", due soon" },
  normal: { className: "text-muted-foreground", icon: CalendarClock, spoken: "" },
};

type MyTaskRowProps = {
  task: TaskDto;
  canEdit: boolean;
  now: Date;
  /** Ticks or unticks the task; settles once it is written or the user said no (a waiting task). */
  onToggle: (task: TaskDto) => void | Promise<void>;
  /** Sets its percent complete (100 completes it, as the tick does). */
  onSetProgress: (task: TaskDto, percent: number) => void | Promise<void>;
  onOpen: (task: TaskDto) => void;
};

/** A task in My Tasks: checkbox, name, description, its due (or snoozed-until) date and progress. */
export function MyTaskRow({ task, canEdit, now, onToggle, onSetProgress, onOpen }: MyTaskRowProps) {
  const due = formatTaskDate(task.dueDate);
  const snoozed = due ? null : formatTaskDate(task.snoozeUntil);
  const tone = DUE_TONES[dueTone(task.dueDate, task.completed, now)];
  const Icon = due ? tone.icon : Moon;
  // A tick shows at once, also while the completion is asked about (a waiting task's question may
  // first load the project); a "no" takes it back.
  const [ticking, setTicking] = useState(false);
  async function toggle() {
    if (denied(canEdit, PERMISSION_MESSAGES.editTask)) return;
    setTicking(!task.completed);
    try {
      await onToggle(task);
    } finally {
      setTicking(false);
    }
  }

  const nameId = useId();
  return (
    <li className="flex items-start gap-3 px-3 py-3 sm:px-4">
      <Checkbox
        className="mt-1"
        checked={task.completed || ticking}
        disabled={!canEdit}
        onChange={() => void toggle()}
        aria-label={`Mark "${task.name}" as completed`}
      />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          id={nameId}
          onClick={() => onOpen(task)}
          className={cn(
            "rounded-sm text-left font-medium wrap-anywhere outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring",
            task.completed && "text-muted-foreground line-through",
          )}
        >
          {task.name}
        </button>
        {task.description && (
          <p className="mt-0.5 line-clamp-2 text-sm wrap-anywhere text-muted-foreground">
            {task.description}
          </p>
        )}
      </div>
      {(due || snoozed) && (
        <p
          className={cn(
            "flex shrink-0 items-center gap-1 pt-0.5 text-xs whitespace-nowrap",
            due ? tone.className : "text-muted-foreground",
          )}
        >
          <Icon className="size-3.5" aria-hidden />
          {due ? `Due ${due}` : `Snoozed until ${snoozed}`}
          {due && tone.spoken && <span className="sr-only">{tone.spoken}</span>}
        </p>
      )}
      <MyTaskProgress task={task} describedBy={nameId} canEdit={canEdit} onSetProgress={onSetProgress} />
    </li>
  );
}
