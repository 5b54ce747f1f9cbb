import { formIdToNumber, type TaskFormValues } from "@core/schemas/tasks";
import { TASK_STATUSES, type TaskStatus } from "@core/tasks/status";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { AssigneeOption } from "@/components/tasks/assignee-options";
import type { TaskFormOutput } from "@/components/tasks/task-form-values";
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { getCategoriesQueryOptions } from "@/lib/api/categories/get-categories";

export const STATUS_LABELS: Record<TaskStatus, string> = {
  "not-started": "Not Started",
  "in-progress": "In Progress",
  blocked: "Blocked",
  completed: "Completed",
};

export type TaskForm = UseFormReturn<TaskFormValues, unknown, TaskFormOutput>;

type TaskFieldsProps = {
  form: TaskForm;
  /** The projects a task can be put in; the selector is hidden when null. */
  projectOptions: { id: number; name: string }[] | null;
  assigneeOptions: AssigneeOption[];
};

/** Name, description, project, status, assignee and category of the task dialog. */
export function TaskFields({ form, projectOptions, assigneeOptions }: TaskFieldsProps) {
  const id = useId();
  const { errors } = form.formState;
  // The project and category options arrive after the form is filled, so these two selects are
  // controlled: React then selects the form's value once its option exists.
  const [projectValue, categoryValue] = form.watch(["projectId", "categoryId"]);
  const projectId = formIdToNumber(projectValue);
  const categories = useQuery({ ...getCategoriesQueryOptions(projectId ?? 0), enabled: projectId !== null });
  const invalid = (name: keyof TaskFormValues) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {};

  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Task Name</Label>
        <Input
          id={`${id}-name`}
          placeholder="Enter task name"
          autoComplete="off"
          {...invalid("name")}
          {...form.register("name")}
        />
        <FormMessage id={`${id}-name-error`}>{errors.name?.message}</FormMessage>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          placeholder="Enter task description"
          rows={3}
          {...invalid("description")}
          {...form.register("description")}
        />
        <FormMessage id={`${id}-description-error`}>{errors.description?.message}</FormMessage>
      </div>
      {projectOptions && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-project`}>Project</Label>
          <NativeSelect
            id={`${id}-project`}
            value={projectValue}
            {...invalid("projectId")}
            {...form.register("projectId", {
              // Categories belong to one project: a task moving on leaves its category behind.
              onChange: () => form.setValue("categoryId", "none"),
            })}
          >
            <option value="" disabled>
              Select a project
            </option>
            {projectOptions.map((project) => (
              <option key={project.id} value={String(project.id)}>
                {project.name}
              </option>
            ))}
          </NativeSelect>
          <FormMessage id={`${id}-projectId-error`}>{errors.projectId?.message}</FormMessage>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect id={`${id}-status`} {...form.register("status")}>
            {TASK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-assignee`}>Assignee</Label>
          <NativeSelect id={`${id}-assignee`} {...form.register("assigneeId")}>
            <option value="none">Unassigned</option>
            {assigneeOptions.map((option) => (
              <option key={option.id} value={String(option.id)}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <NativeSelect id={`${id}-category`} value={categoryValue} {...form.register("categoryId")}>
            <option value="none">No category</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </>
  );
}
