import { DISPLAY_STATUS_LABELS, type DisplayStatus } from "@core/tasks/status";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const TONES: Record<DisplayStatus, string> = {
  todo: "border-border bg-muted text-muted-foreground",
  "in-progress": "border-info-border bg-info-tint text-info-tint-foreground",
  waiting: "border-warning-border bg-warning-tint text-warning-tint-foreground",
  blocked: "border-danger-border bg-danger-tint text-danger-tint-foreground",
  completed: "border-success-border bg-success-tint text-success-tint-foreground",
};

/** The list badge / card header: To Do, In Progress, Waiting, Blocked or Completed. */
export function TaskStatusBadge({ status, className }: { status: DisplayStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(TONES[status], className)}>
      {DISPLAY_STATUS_LABELS[status]}
    </Badge>
  );
}
