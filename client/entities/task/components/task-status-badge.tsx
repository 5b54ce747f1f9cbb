import { DISPLAY_STATUS_LABELS, type DisplayStatus } from "@core/tasks/status";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const TONES: Record<DisplayStatus, string> = {
  todo: "border-slate-200 bg-slate-100 text-slate-700",
  "in-progress": "border-blue-200 bg-blue-50 text-blue-700",
  waiting: "border-amber-200 bg-amber-50 text-amber-900",
  blocked: "border-red-200 bg-red-50 text-red-700",
  completed: "border-emerald-200 bg-emerald-50 text-emerald-700",
};

/** The list badge / card header: To Do, In Progress, Waiting, Blocked or Completed. */
export function TaskStatusBadge({ status, className }: { status: DisplayStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(TONES[status], className)}>
      {DISPLAY_STATUS_LABELS[status]}
    </Badge>
  );
}
