import { can } from "@core/access/permissions";
import type { TaskDto } from "@core/schemas/projects";
import { formIdToNumber, type TaskFormValues, taskFormSchema } from "@core/schemas/tasks";
import type { TaskStatus } from "@core/tasks/status";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useAssigneeOptions } from "@/components/tasks/assignee-options";
import { DeleteTaskDialog, taskDeleteQuestion } from "@/components/tasks/delete-task-dialog";
import { TaskFields } from "@/components/tasks/task-fields";
import {
  emptyTaskFormValues,
  formToChanges,
  formToCreateInput,
  type TaskFormOutput,
  taskToFormValues,
} from "@/components/tasks/task-form-values";
import { TaskSchedulingFields } from "@/components/tasks/task-scheduling-fields";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useAccessibleProjects } from "@/lib/api/projects/use-accessible-projects";
import { useCreateTask } from "@/lib/api/tasks/create-task";
import { useDeleteTask } from "@/lib/api/tasks/delete-task";
import { isMove, TASK_DIALOG_TOASTS, TASK_TOASTS, type ToastText } from "@/lib/api/tasks/task-toasts";
import { useUpdateTask } from "@/lib/api/tasks/update-task";
import { errorMessage } from "@/lib/error-message";
import { cn } from "@/lib/utils";

export type TaskDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task to edit; without one the dialog adds a new task. */
  task?: TaskDto | null;
  /** The project the dialog was opened from (the project page); none on My Tasks. */
  contextProject?: { id: number; name: string; userId?: number } | null;
  /**
   * Shows the project selector, which then needs a choice ('Please select a project.'). By default
   * it shows when editing (so a task can move) and when there is no project to add to.
   */
  showProjectSelector?: boolean;
  /** Without edit rights the task is shown, not edited. */
  readOnly?: boolean;
  /** The status a new task starts with (a kanban column's); not-started by default. */
  initialStatus?: TaskStatus;
};

/** 'Add New Task' / 'Edit Task', validated with the schema the server shares. */
export function TaskDialog({
  open,
  onOpenChange,
  task = null,
  contextProject = null,
  showProjectSelector = task !== null || contextProject === null,
  readOnly = false,
  initialStatus,
}: TaskDialogProps) {
  const createTask = useCreateTask({ notify: false });
  const updateTask = useUpdateTask({ notifySuccess: false, notifyError: false });
  const deleteTask = useDeleteTask({ notify: false });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { projects } = useAccessibleProjects();
  const initialValues = (): TaskFormValues =>
    task
      ? taskToFormValues(task, showProjectSelector)
      : emptyTaskFormValues(contextProject?.id, showProjectSelector, initialStatus);
  const form = useForm<TaskFormValues, unknown, TaskFormOutput>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: initialValues(),
  });
  const { isSubmitting } = form.formState;
  const busy = isSubmitting || deleteTask.isPending;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the values are read when the dialog opens, not on every render.
  useEffect(() => {
    if (open) form.reset(initialValues());
  }, [open, task?.id]);

  // The people of the chosen project (its owner and members); the user alone before one is chosen.
  const selectedProjectId = formIdToNumber(form.watch("projectId"));
  const assignees = useAssigneeOptions(selectedProjectId, task?.assigneeId);

  // Tasks can go to the projects the user may edit; the task's own project is always listed.
  const projectOptions = showProjectSelector
    ? withProject(
        projects.filter((project) => can(project.accessLevel, "edit")),
        task ? (projects.find((project) => project.id === task.projectId) ?? contextProject) : null,
      )
    : null;

  const close = () => onOpenChange(false);

  const submit = form.handleSubmit(
    async (values) => {
      if (readOnly) return;
      const projectId = formIdToNumber(values.projectId);
      if (projectId === null) {
        showToast(
          showProjectSelector ? TASK_DIALOG_TOASTS.selectProject : TASK_DIALOG_TOASTS.noProject,
          true,
        );
        return;
      }
      try {
        if (task) {
          const changes = formToChanges(task, values);
          if (Object.keys(changes).length > 0) {
            await updateTask.mutateAsync({ taskId: task.id, projectId: task.projectId, changes });
            showToast(
              isMove(changes, task.projectId) ? TASK_TOASTS.moved : TASK_DIALOG_TOASTS.updated(values.name),
            );
          }
        } else {
          await createTask.mutateAsync({ projectId, task: formToCreateInput(values) });
          showToast(
            projectId === contextProject?.id
              ? TASK_TOASTS.created
              : TASK_DIALOG_TOASTS.createdElsewhere(values.name),
          );
        }
        close();
      } catch (error) {
        showToast(TASK_DIALOG_TOASTS.saveFailed, true, error);
      }
    },
    (errors) => {
      if (errors.projectId) showToast(TASK_DIALOG_TOASTS.selectProject, true);
    },
  );

  async function confirmDelete() {
    if (!task) return;
    try {
      await deleteTask.mutateAsync({ taskId: task.id, projectId: task.projectId });
    } catch (error) {
      showToast(TASK_DIALOG_TOASTS.deleteFailed, true, error);
      return;
    }
    setConfirmingDelete(false);
    close();
    showToast(TASK_DIALOG_TOASTS.deleted(task.name));
  }

  const title = readOnly ? "Task Details" : task ? "Edit Task" : "Add New Task";

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
        <DialogContent
          aria-describedby={undefined}
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl"
        >
          <form onSubmit={submit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
            </DialogHeader>
            <fieldset
              disabled={readOnly}
              className={cn(
                "grid min-w-0 gap-4",
                // Read-only fields are to be read: full contrast, not the faded look of a disabled control.
                readOnly &&
                  "[&_:is(input,textarea,select):disabled]:cursor-default [&_:is(input,textarea,select):disabled]:opacity-100",
              )}
            >
              <TaskFields form={form} projectOptions={projectOptions} assigneeOptions={assignees} />
              <TaskSchedulingFields form={form} disabled={readOnly} />
            </fieldset>
            <DialogFooter className="gap-2 sm:justify-between">
              {task && !readOnly ? (
                <Button variant="destructive" disabled={busy} onClick={() => setConfirmingDelete(true)}>
                  Delete
                </Button>
              ) : (
                <span className="max-sm:hidden" />
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <DialogClose asChild>
                  <Button variant="outline" disabled={busy}>
                    {readOnly ? "Close" : "Cancel"}
                  </Button>
                </DialogClose>
                {!readOnly && (
                  <Button type="submit" disabled={busy}>
                    {task
                      ? isSubmitting
                        ? "Updating..."
                        : "Update"
                      : isSubmitting
                        ? "Adding..."
                        : "Add Task"}
                  </Button>
                )}
              </div>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      {task && (
        <DeleteTaskDialog
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          description={taskDeleteQuestion(task.name, true)}
          deleting={deleteTask.isPending}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </>
  );
}

function withProject<T extends { id: number; name: string }>(options: T[], current: T | null | undefined) {
  if (!current || options.some((option) => option.id === current.id)) return options;
  return [current, ...options];
}

/** A toast; failures are red and carry the server's reason under the spec's sentence. */
function showToast(text: ToastText, failure = false, error?: unknown) {
  if (error !== undefined) console.error(text.description, error);
  toast({
    variant: failure ? "destructive" : "default",
    title: text.title,
    description:
      error === undefined ? (
        text.description
      ) : (
        <>
          <span className="block">{text.description}</span>
          <span className="mt-1 block text-xs opacity-90">{errorMessage(error)}</span>
        </>
      ),
  });
}
