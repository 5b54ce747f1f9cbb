import type { SchedulingMode } from "@core/schemas/scheduling";
import { formIdToNumber } from "@core/schemas/tasks";
import { TASK_STATUSES, type TaskStatus } from "@core/tasks/status";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { getCategoriesQueryOptions } from "@/entities/category/api/get-categories";
import type { AssigneeOption } from "@/entities/task/components/assignee-options";
import type { TaskForm } from "@/entities/task/components/task-form";
import { statusChosen } from "@/entities/task/components/task-progress-fields";

export const STATUS_LABELS: Record<TaskStatus, string> = {
  "not-started": "Not Started",
  "in-progress": "In Progress",
  blocked: "Blocked",
  completed: "Completed",
};

export const SCHEDULING_MODE_LABELS: Record<SchedulingMode, string> = { auto: "Auto", manual: "Manual" };

export type { TaskForm } from "@/entities/task/components/task-form";

type TaskFieldsProps = {
  form: TaskForm;
  /** The projects a task can be put in; the selector is hidden when null. */
  projectOptions: { id: number; name: string }[] | null;
  assigneeOptions: AssigneeOption[];
  /** A summary task: its status and completion roll up from the tasks under it, so none is offered. */
  summary?: boolean;
};

/** Name, description, project, status, assignee and category of the task dialog. */
export function TaskFields({ form, projectOptions, assigneeOptions, summary = false }: TaskFieldsProps) {
  const id = useId();
  const { errors } = form.formState;
  // The project and category options arrive after the form is filled, so these two selects are
  // controlled: React then selects the form's value once its option exists.
  const [projectValue, categoryValue] = form.watch(["projectId", "categoryId"]);
  const projectId = formIdToNumber(projectValue);
  const categories = useQuery({ ...getCategoriesQueryOptions(projectId ?? 0), enabled: projectId !== null });
  // Side by side, the selects keep to the top of their cells.
  const cell = "grid content-start gap-2";

  return (
    <>
      <FormField id={`${id}-name`} label="Task Name" error={errors.name?.message}>
        {(control) => (
          <Input {...control} placeholder="Enter task name" autoComplete="off" {...form.register("name")} />
        )}
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
        {(control) => (
          <Textarea
            {...control}
            placeholder="Enter task description"
            rows={3}
            {...form.register("description")}
          />
        )}
      </FormField>
      {projectOptions && (
        <FormField id={`${id}-project`} label="Project" error={errors.projectId?.message}>
          {(control) => (
            <NativeSelect
              {...control}
              value={projectValue}
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
          )}
        </FormField>
      )}
      <div className={summary ? "grid gap-4 sm:grid-cols-2" : "grid gap-4 sm:grid-cols-3"}>
        {!summary && (
          <FormField id={`${id}-status`} label="Status" className={cell}>
            {(control) => (
              <NativeSelect
                {...control}
                {...form.register("status", { onChange: (event) => statusChosen(form, event.target.value) })}
              >
                {TASK_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        )}
        <FormField id={`${id}-assignee`} label="Assignee" className={cell}>
          {(control) => (
            <NativeSelect {...control} {...form.register("assigneeId")}>
              <option value="none">Unassigned</option>
              {assigneeOptions.map((option) => (
                <option key={option.id} value={String(option.id)}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-category`} label="Category" className={cell}>
          {(control) => (
            <NativeSelect {...control} value={categoryValue} {...form.register("categoryId")}>
              <option value="none">No category</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
    </>
  );
}
