import { can } from "@core/access/permissions";
import type { TaskDto } from "@core/schemas/projects";
import { Eye, EyeOff, FolderPlus, ListChecks, Plus } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Skeleton, SkeletonRows } from "@/components/ui/skeleton";
import { useAccessibleProjects } from "@/entities/project/api/use-accessible-projects";
import { NewProjectDialog } from "@/entities/project/components/new-project-dialog";
import { liveTask, TaskDialog } from "@/entities/task/components/task-dialog";
import { useCompleteMyTask } from "@/features/my-tasks/api/complete-my-task";
import { useMyTasks } from "@/features/my-tasks/api/get-my-tasks";
import { useMyTasksEvents } from "@/features/my-tasks/api/use-my-tasks-events";
import { MyTasksGroupSection } from "@/features/my-tasks/components/my-tasks-group";
import {
  type ExpandedProjects,
  isProjectExpanded,
  readExpandedProjects,
  withProjectExpanded,
  writeExpandedProjects,
} from "@/features/my-tasks/expanded-projects";
import { type MyTasksProject, shownGroups } from "@/features/my-tasks/my-tasks-data";
import { errorMessage } from "@/lib/error-message";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * The task dialog: a new task (no task) or an existing one with its group's project, which names
 * the project in the selector before the project lists have loaded. Kept while the dialog closes.
 */
type TaskDialogState = { open: boolean; task: TaskDto | null; project: MyTasksProject | null };

/**
 * My Tasks: the unblocked tasks of every project, one accordion group per project.
 * Ticking a task (or setting it to 100 %) completes it; it leaves (and its dependents arrive) when
 * the list refreshes.
 */
export function MyTasksPage() {
  useDocumentTitle();
  const myTasks = useMyTasks();
  useMyTasksEvents();
  const completeTask = useCompleteMyTask();
  const { projects, isPending: projectsPending } = useAccessibleProjects();
  const [expanded, setExpanded] = useState<ExpandedProjects>(readExpandedProjects);
  const [newProjectOpen, setNewProjectOpen] = useState(false);
  const [taskDialog, setTaskDialog] = useState<TaskDialogState>({ open: false, task: null, project: null });
  const now = new Date();
  const [showSnoozed, setShowSnoozed] = useState(false);
  const shown = myTasks.data ? shownGroups(myTasks.data, showSnoozed, now) : null;

  const accessLevel = (projectId: number) =>
    projects.find((project) => project.id === projectId)?.accessLevel;
  const canAddTasks = projects.some((project) => can(project.accessLevel, "edit"));
  // The task as the list has it now (a refresh may have brought a newer version); else as opened.
  const dialogTask =
    taskDialog.task &&
    (liveTask(myTasks.data?.flatMap((group) => group.tasks) ?? [], taskDialog.task.id) ?? taskDialog.task);

  function setGroupExpanded(projectId: number, open: boolean) {
    setExpanded((state) => {
      const next = withProjectExpanded(state, projectId, open);
      writeExpandedProjects(next);
      return next;
    });
  }

  const newProjectButton = (variant: "default" | "outline") => (
    <Button variant={variant} onClick={() => setNewProjectOpen(true)}>
      <FolderPlus aria-hidden />
      New Project
    </Button>
  );
  const newTaskButton = (
    <Button onClick={() => setTaskDialog({ open: true, task: null, project: null })}>
      <Plus aria-hidden />
      New Task
    </Button>
  );

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 p-4 sm:p-6">
      <PageHeader
        title="My Tasks"
        description="Tasks you can start now, across all your projects."
        actions={
          <>
            {newProjectButton("outline")}
            {newTaskButton}
          </>
        }
      />

      {myTasks.isPending ? (
        <MyTasksSkeleton />
      ) : myTasks.isError ? (
        <EmptyState
          title="Failed to load your tasks"
          description={errorMessage(myTasks.error)}
          action={
            <Button variant="outline" onClick={() => void myTasks.refetch()}>
              Try again
            </Button>
          }
        />
      ) : shown === null || (shown.groups.length === 0 && shown.snoozed === 0) ? (
        !projectsPending && !canAddTasks ? (
          <EmptyState
            icon={FolderPlus}
            title="No projects yet"
            description="Create a project, add its tasks, and the ones you can start appear here."
            action={newProjectButton("default")}
          />
        ) : (
          <EmptyState
            icon={ListChecks}
            title="No unblocked tasks"
            description="Tasks whose prerequisites are all complete appear here, grouped by project."
            action={newTaskButton}
          />
        )
      ) : (
        <div className="space-y-3">
          {shown.snoozed > 0 && (
            <div className="flex justify-end">
              <Button
                variant="outline"
                size="sm"
                aria-pressed={showSnoozed}
                onClick={() => setShowSnoozed((on) => !on)}
              >
                {/* A toggle: its name stays, aria-pressed says whether the snoozed tasks show. */}
                {showSnoozed ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                Show snoozed ({shown.snoozed})
              </Button>
            </div>
          )}
          {shown.groups.length === 0 && (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              Every task you could start is snoozed for now.
            </p>
          )}
          {shown.groups.map((group) => (
            <MyTasksGroupSection
              key={group.project.id}
              group={group}
              expanded={isProjectExpanded(expanded, group.project.id)}
              onExpandedChange={(open) => setGroupExpanded(group.project.id, open)}
              canEdit={can(accessLevel(group.project.id), "edit")}
              now={now}
              onToggleTask={(task) => completeTask.mutate({ task, completed: !task.completed })}
              onSetTaskProgress={(task, percent) => completeTask.setProgress({ task, percent })}
              onOpenTask={(task) => setTaskDialog({ open: true, task, project: group.project })}
            />
          ))}
        </div>
      )}

      <NewProjectDialog open={newProjectOpen} onOpenChange={setNewProjectOpen} />
      <TaskDialog
        open={taskDialog.open}
        onOpenChange={(open) => setTaskDialog((state) => ({ ...state, open }))}
        task={dialogTask}
        contextProject={taskDialog.project}
        showProjectSelector
        readOnly={dialogTask !== null && !can(accessLevel(dialogTask.projectId), "edit")}
      />
    </div>
  );
}

function MyTasksSkeleton() {
  return (
    <div aria-busy="true" className="space-y-3">
      <span className="sr-only">Loading tasks</span>
      {[0, 1].map((group) => (
        <div key={group} className="rounded-lg border">
          <div className="flex items-center justify-between px-4 py-3">
            <Skeleton className="h-5 w-48 max-w-[60%]" />
            <Skeleton className="h-4 w-24" />
          </div>
          <SkeletonRows
            count={2}
            className="items-start border-t px-4 py-3"
            icon="size-4"
            lines={["w-56 max-w-full", "w-72 max-w-full"]}
          />
        </div>
      ))}
    </div>
  );
}
