// What the task dialog shows when someone else changed the task while it was open: the fields they
// changed that the user changed too, with their values. Update then applies the user's values
// again; "Use their values" takes theirs into the form instead.
import { CONSTRAINT_NAMES } from "@core/scheduling/constraint-fields";
import type { TaskDto } from "@core/schemas/projects";
import type { TaskFormField } from "@core/schemas/tasks";
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { getCategoriesQueryOptions } from "@/entities/category/api/get-categories";
import type { AssigneeOption } from "@/entities/task/components/assignee-options";
import { SCHEDULING_MODE_LABELS, STATUS_LABELS } from "@/entities/task/components/task-fields";
import { formStatus } from "@/entities/task/components/task-form-values";
import { formatTaskDate } from "@/lib/task-dates";

export const TASK_CONFLICT_TEXT =
  "Someone else changed this task while it was open. Their values are below; Update applies yours again.";

export const TASK_FIELD_LABELS: Record<TaskFormField, string> = {
  name: "Task Name",
  description: "Description",
  status: "Status",
  projectId: "Project",
  categoryId: "Category",
  assigneeId: "Assignee",
  startDate: "Start Date",
  snoozeUntil: "Snooze Until",
  dueDate: "Due Date",
  duration: "Duration (working days)",
  schedulingMode: "Scheduling",
  constraintType: "Constraint",
  constraintDate: "Constraint date",
  deadline: "Deadline",
  percentComplete: "% complete",
  actualStart: "Actual start",
  actualFinish: "Actual finish",
};

type TaskConflictNoticeProps = {
  theirs: TaskDto;
  fields: TaskFormField[];
  projectOptions: { id: number; name: string }[] | null;
  assigneeOptions: AssigneeOption[];
  onUseTheirs: () => void;
};

export function TaskConflictNotice({
  theirs,
  fields,
  projectOptions,
  assigneeOptions,
  onUseTheirs,
}: TaskConflictNoticeProps) {
  const categories = useQuery({
    ...getCategoriesQueryOptions(theirs.projectId),
    enabled: fields.includes("categoryId"),
  });
  const nameOf = (
    options: { id: number; name?: string; label?: string }[] | null | undefined,
    id: number,
  ) => {
    const option = options?.find((each) => each.id === id);
    return option?.name ?? option?.label ?? `#${id}`;
  };
  const theirValue = (field: TaskFormField): string => {
    switch (field) {
      case "status":
        return STATUS_LABELS[formStatus(theirs)];
      case "projectId":
        return nameOf(projectOptions, theirs.projectId);
      case "categoryId":
        return theirs.categoryId === null ? "No category" : nameOf(categories.data, theirs.categoryId);
      case "assigneeId":
        return theirs.assigneeId === null ? "Unassigned" : nameOf(assigneeOptions, theirs.assigneeId);
      case "startDate":
      case "snoozeUntil":
      case "dueDate":
      case "constraintDate":
      case "deadline":
      case "actualStart":
      case "actualFinish":
        return formatTaskDate(theirs[field]) ?? "No date";
      case "percentComplete":
        return `${theirs.percentComplete} %`;
      case "constraintType":
        return CONSTRAINT_NAMES[theirs.constraintType];
      case "duration":
        return theirs.duration === null ? "Not scheduled" : `${theirs.duration} days`;
      case "schedulingMode":
        return SCHEDULING_MODE_LABELS[theirs.schedulingMode];
      default:
        return theirs[field] === "" ? "(empty)" : theirs[field];
    }
  };

  return (
    <div
      role="alert"
      className="grid gap-2 rounded-md border border-warning-border bg-warning-tint p-3 text-sm text-warning-tint-foreground"
    >
      <p className="flex gap-2 font-medium">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="min-w-0 wrap-anywhere">{TASK_CONFLICT_TEXT}</span>
      </p>
      <dl className="grid gap-1">
        {fields.map((field) => (
          <div key={field} className="grid min-w-0 grid-cols-[auto_1fr] gap-2">
            <dt className="font-medium">{TASK_FIELD_LABELS[field]}:</dt>
            <dd className="line-clamp-3 min-w-0 wrap-anywhere">{theirValue(field)}</dd>
          </div>
        ))}
      </dl>
      <div>
        <Button type="button" size="sm" variant="outline" onClick={onUseTheirs}>
          Use their values
        </Button>
      </div>
    </div>
  );
}
