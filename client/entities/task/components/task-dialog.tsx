import { can } from "@core/access/permissions";
import type { ProjectDetailDto, ScheduledTaskDto, TaskDto } from "@core/schemas/projects";
import { formIdToNumber, movesSchedule, type TaskFormValues, taskFormSchema } from "@core/schemas/tasks";
import type { TaskStatus } from "@core/tasks/status";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useCreateDependency } from "@/entities/dependency/api/create-dependency";
import { useAccessibleProjects } from "@/entities/project/api/use-accessible-projects";
import { useSchedulePreview } from "@/entities/schedule/components/use-schedule-preview";
import { useCreateTask } from "@/entities/task/api/create-task";
import { useDeleteTask } from "@/entities/task/api/delete-task";
import { isMove, TASK_DIALOG_TOASTS, TASK_TOASTS } from "@/entities/task/api/task-toasts";
import { staleTaskOf, updateTaskRequest, useUpdateTask } from "@/entities/task/api/update-task";
import { useAssigneeOptions } from "@/entities/task/components/assignee-options";
import { useConfirmCompletion } from "@/entities/task/components/completion-confirmation";
import {
  DeleteTaskDialog,
  taskDeleteQuestion,
  tasksUnder,
} from "@/entities/task/components/delete-task-dialog";
import { calendarOf } from "@/entities/task/components/start-of-auto-task";
import { summaryDays } from "@/entities/task/components/summary-dates";
import { TaskConflictNotice } from "@/entities/task/components/task-conflict-notice";
import {
  ADD_AS_NEW_TASK,
  TaskDeletedNotice,
  useTaskDeletedElsewhere,
} from "@/entities/task/components/task-deleted-notice";
import {
  NO_PENDING_DEPENDENCIES,
  type PendingDependencies,
  TaskDependencyFields,
} from "@/entities/task/components/task-dependency-fields";
import { showToast } from "@/entities/task/components/task-dialog-toast";
import { TaskFields } from "@/entities/task/components/task-fields";
import {
  emptyTaskFormValues,
  formToChanges,
  formToCreateInput,
  type TaskFormOutput,
  taskToFormValues,
} from "@/entities/task/components/task-form-values";
import { TaskHistory } from "@/entities/task/components/task-history";
import { summaryProgress } from "@/entities/task/components/task-progress-fields";
import { TaskSchedulingFields } from "@/entities/task/components/task-scheduling-fields";
import { TaskStartReason } from "@/entities/task/components/task-start-reason";
import { useDiscardQuestion } from "@/entities/task/components/use-discard-question";
import { useFollowedTask } from "@/entities/task/components/use-followed-task";
import { projectKeys } from "@/lib/api/query-keys";
import { cn } from "@/lib/utils";

export type TaskDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The task to edit, as it is now: the dialog follows its changes while open (a collaborator's
   * edit arriving live). Without one the dialog adds a new task.
   */
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
  /**
   * The task was just made by the graph's node mode to be named here: closing the dialog without
   * Update deletes it again, so Escape leaves no stray 'Task N' card.
   */
  draft?: boolean;
  /** Shows the chain of links that sets the task's start (a scheduled task's button; closes the dialog). */
  onShowDrivingPath?: (taskId: number) => void;
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
  draft = false,
  onShowDrivingPath,
}: TaskDialogProps) {
  const createTask = useCreateTask({ notify: false });
  const updateTask = useUpdateTask({ notifySuccess: false, notifyError: false });
  const deleteTask = useDeleteTask({ notify: false });
  const confirmCompletion = useConfirmCompletion();
  const queryClient = useQueryClient();
  const schedulePreview = useSchedulePreview(
    (id) =>
      queryClient
        .getQueryData<ProjectDetailDto>(projectKeys.detail(task?.projectId ?? 0))
        ?.tasks.find((each) => each.id === id)?.name,
  );
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
  const { isSubmitting, isDirty } = form.formState;
  const busy = isSubmitting || deleteTask.isPending;
  const followed = useFollowedTask({
    form,
    task,
    open,
    requireProject: showProjectSelector,
    saving: isSubmitting,
  });
  // Set once the dialog's task was saved or deleted: a draft is then kept (or already gone).
  const settled = useRef(false);
  // Someone else deleted it meanwhile: the form stays, and saving adds it again as a new task.
  const deletedElsewhere = useTaskDeletedElsewhere(task, open && !draft && !readOnly);
  const editing = task !== null && !deletedElsewhere;
  // The project's working calendar as the page holds it: a typed start moves the due by working days.
  const projectCalendar = calendarOf(
    queryClient.getQueryData<ProjectDetailDto>(projectKeys.detail(task?.projectId ?? contextProject?.id ?? 0))
      ?.project,
  );
  // A summary (a task with tasks under it): its dates, duration, mode and completion roll up.
  const projectTasks =
    queryClient.getQueryData<ProjectDetailDto>(projectKeys.detail(task?.projectId ?? 0))?.tasks ?? [];
  const below = task ? tasksUnder(projectTasks, task.id) : 0;
  const summary = editing && ((task as Partial<ScheduledTaskDto>).summary === true || below > 0);
  const createDependency = useCreateDependency();
  const [pendingDependencies, setPendingDependencies] =
    useState<PendingDependencies>(NO_PENDING_DEPENDENCIES);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the values are read when the dialog opens, not on every render.
  useEffect(() => {
    if (!open) return;
    form.reset(initialValues());
    settled.current = false;
    setPendingDependencies(NO_PENDING_DEPENDENCIES);
  }, [open, task?.id]);

  // The people of the chosen project (its owner and members); the user alone before one is chosen.
  const selectedProjectId = formIdToNumber(form.watch("projectId"));
  // A new task's picks name tasks of the project chosen when they were made.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of project is the trigger.
  useEffect(() => setPendingDependencies(NO_PENDING_DEPENDENCIES), [selectedProjectId]);
  const assignees = useAssigneeOptions(selectedProjectId, task?.assigneeId);

  // Tasks can go to the projects the user may edit; the task's own project is always listed.
  const projectOptions = showProjectSelector
    ? withProject(
        projects.filter((project) => can(project.accessLevel, "edit")),
        task ? (projects.find((project) => project.id === task.projectId) ?? contextProject) : null,
      )
    : null;

  const close = () => {
    settled.current = true;
    onOpenChange(false);
  };
  /** Escape, Cancel, the close button or a click outside: a draft left unsaved goes away. */
  const dismiss = (next: boolean) => {
    if (busy) return;
    if (!next && draft && task && !readOnly && !settled.current) {
      settled.current = true;
      deleteTask.mutate({ taskId: task.id, projectId: task.projectId });
    }
    onOpenChange(next);
  };

  const discardQuestion = useDiscardQuestion({
    unsaved: () =>
      !readOnly &&
      !settled.current &&
      (isDirty || pendingDependencies.waitsFor.length > 0 || pendingDependencies.blocks.length > 0),
    onDiscard: () => dismiss(false),
  });

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
        if (editing) {
          if (!(await saveChanges(values))) return;
        } else {
          const created = await createTask.mutateAsync({ projectId, task: formToCreateInput(values) });
          await linkNewTask(created);
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

  /**
   * Sends what the user changed against the version the form stands on. If someone changed the task
   * since (409 stale), the form moves onto their version: with no field changed by both, the write
   * is sent again at once; otherwise their values are shown and the dialog stays open (false).
   */
  async function saveChanges(values: TaskFormOutput, attempt = 1): Promise<boolean> {
    const current = followed.base() ?? (task as TaskDto);
    const changes = formToChanges(current, values);
    if (Object.keys(changes).length === 0) return true;
    if (changes.status === "completed" && !current.completed && !(await confirmCompletion(current))) {
      return false;
    }
    // A change of a scheduled task's dates may move others: shown before it is applied.
    if (
      movesSchedule(current, changes) &&
      !(await schedulePreview.ask(updateTaskRequest({ taskId: current.id, changes }), current.id))
    ) {
      return false;
    }
    try {
      await updateTask.mutateAsync({
        taskId: current.id,
        projectId: current.projectId,
        changes,
        baseUpdatedAt: current.updatedAt,
      });
    } catch (error) {
      const newer = staleTaskOf(error);
      if (!newer) throw error;
      if (followed.adopt(newer).length > 0 || attempt > 2) return false;
      return saveChanges(form.getValues() as TaskFormOutput, attempt + 1);
    }
    followed.resolved();
    showToast(
      isMove(changes, current.projectId) ? TASK_TOASTS.moved : TASK_DIALOG_TOASTS.updated(values.name),
    );
    return true;
  }

  /** A new task's picks in Waits for and Blocks, made once it exists (a refusal toasts its reason). */
  async function linkNewTask(created: TaskDto) {
    const links = [
      ...pendingDependencies.waitsFor.map((id) => ({ sourceTaskId: id, targetTaskId: created.id })),
      ...pendingDependencies.blocks.map((id) => ({ sourceTaskId: created.id, targetTaskId: id })),
    ];
    for (const link of links) {
      await createDependency.mutateAsync({ projectId: created.projectId, ...link }).catch(() => undefined);
    }
  }

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
      <Dialog open={open} onOpenChange={dismiss}>
        <DialogContent
          onEscapeKeyDown={discardQuestion.guard}
          onPointerDownOutside={discardQuestion.guard}
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
                // Read-only fields are to be read: full contrast, not the faded look of a disabled
                // control, on a muted ground with no box, so they do not look like fields to type in.
                readOnly &&
                  "[&_:is(input,textarea,select):disabled]:cursor-default [&_:is(input,textarea,select):disabled]:border-transparent [&_:is(input,textarea,select):disabled]:bg-muted/60 [&_:is(input,textarea,select):disabled]:opacity-100 [&_:is(input,textarea,select):disabled]:shadow-none [&_select:disabled+svg]:hidden",
              )}
            >
              {deletedElsewhere && <TaskDeletedNotice />}
              {followed.conflict && !deletedElsewhere && (
                <TaskConflictNotice
                  theirs={followed.conflict.theirs}
                  fields={followed.conflict.fields}
                  projectOptions={projectOptions}
                  assigneeOptions={assignees}
                  onUseTheirs={followed.takeTheirs}
                />
              )}
              <TaskFields
                form={form}
                projectOptions={projectOptions}
                assigneeOptions={assignees}
                summary={summary}
              />
              <TaskSchedulingFields
                form={form}
                disabled={readOnly}
                calendar={projectCalendar}
                schedule={task ? ((task as Partial<ScheduledTaskDto>).schedule ?? null) : undefined}
                summary={summary && task ? summaryDays(projectTasks, task.id) : undefined}
                rolledUpPercent={summary && task ? summaryProgress(projectTasks, task) : undefined}
              />
              {/* A task moving to another project leaves its dependencies behind: no pickers then. */}
              {selectedProjectId !== null && (!task || task.projectId === selectedProjectId) && (
                <TaskDependencyFields
                  projectId={selectedProjectId}
                  task={editing ? task : null}
                  pending={pendingDependencies}
                  onPendingChange={setPendingDependencies}
                  readOnly={readOnly}
                />
              )}
            </fieldset>
            {/* Outside the fieldset: viewers may follow the driving path and read the history too. */}
            {task && editing && (
              <TaskStartReason
                task={task as ScheduledTaskDto}
                onShowDrivingPath={
                  onShowDrivingPath &&
                  (() => {
                    onShowDrivingPath(task.id);
                    dismiss(false);
                  })
                }
              />
            )}
            {task && !draft && <TaskHistory task={task} />}
            <DialogFooter className="gap-2 sm:justify-between">
              {editing && !readOnly ? (
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
                    {deletedElsewhere
                      ? ADD_AS_NEW_TASK
                      : task
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
      {schedulePreview.dialog}
      {discardQuestion.dialog}
      {task && (
        <DeleteTaskDialog
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          description={taskDeleteQuestion(task.name, true, below)}
          taskIds={[task.id]}
          deleting={deleteTask.isPending}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </>
  );
}

/** The task of this id among `tasks` (the cache's, which live updates keep current), if there. */
export function liveTask(tasks: readonly TaskDto[], taskId: number): TaskDto | undefined {
  return tasks.find((task) => task.id === taskId);
}

function withProject<T extends { id: number; name: string }>(options: T[], current: T | null | undefined) {
  if (!current || options.some((option) => option.id === current.id)) return options;
  return [current, ...options];
}
