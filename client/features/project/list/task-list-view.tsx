import type { TaskDto } from "@core/schemas/projects";
import { Plus, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { FullPagePanel, FullPageToggle } from "@/components/full-page-panel";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useDeleteTask } from "@/entities/task/api/delete-task";
import { useAssigneeOptions } from "@/entities/task/components/assignee-options";
import { DeleteTaskDialog, taskDeleteQuestion } from "@/entities/task/components/delete-task-dialog";
import {
  DEFAULT_TASK_FILTER,
  listTasks,
  sortRows,
  TASK_FILTER_LABELS,
  TASK_FILTERS,
  TASK_SORT_LABELS,
  TASK_SORTS,
  type TaskFilter,
  type TaskSort,
} from "@/features/project/list/task-list-filter";
import type { TaskRowLookups } from "@/features/project/list/task-list-row";
import { TaskListRows } from "@/features/project/list/task-list-rows";
import { useProjectCategories, useProjectContext } from "@/features/project/project-context";
import { denied, PERMISSION_MESSAGES } from "@/lib/permission-denied";

/** The names the rows' columns show: categories, and the members (not on a public link: null). */
function useRowLookups(membersOf: number | null): TaskRowLookups {
  const categories = useProjectCategories();
  const assignees = useAssigneeOptions(membersOf, null);
  return useMemo(
    () => ({
      categories: new Map(categories.map((category) => [category.id, category])),
      assignees: membersOf === null ? null : new Map(assignees.map((option) => [option.id, option.label])),
    }),
    [categories, assignees, membersOf],
  );
}

type ChoiceSelectProps<T extends string> = {
  label: string;
  value: T;
  choices: readonly T[];
  text: (value: T) => string;
  onChange: (value: T) => void;
  className: string;
};

/** A select over a fixed list of choices (the filter, the sort). */
function ChoiceSelect<T extends string>({
  label,
  value,
  choices,
  text,
  onChange,
  className,
}: ChoiceSelectProps<T>) {
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      className={className}
    >
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {text(choice)}
        </option>
      ))}
    </NativeSelect>
  );
}

type TaskListViewProps = {
  onOpenTask: (task: TaskDto) => void;
  onNewTask: () => void;
};

/** The task list view: 'Tasks (count)', search, filter, rows, Full Page. */
export function TaskListView({ onOpenTask, onNewTask }: TaskListViewProps) {
  const { project, tasks, dependencies, canEdit, publicShare } = useProjectContext();
  const [filter, setFilter] = useState<TaskFilter>(DEFAULT_TASK_FILTER);
  const [sort, setSort] = useState<TaskSort>("order");
  const [search, setSearch] = useState("");
  const [fullPage, setFullPage] = useState(false);
  const [deleting, setDeleting] = useState<TaskDto | null>(null);
  const deleteTask = useDeleteTask();
  const rows = useMemo(
    () => sortRows(listTasks(tasks, dependencies, filter, search, new Date()), sort),
    [tasks, dependencies, filter, search, sort],
  );
  const lookups = useRowLookups(publicShare ? null : project.id);

  function askToDelete(task: TaskDto) {
    if (denied(canEdit, PERMISSION_MESSAGES.deleteTask)) return;
    setDeleting(task);
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteTask.mutateAsync({ taskId: deleting.id, projectId: deleting.projectId });
      setDeleting(null);
    } catch {
      // The hook has shown 'Failed to delete task'; the confirmation stays for another try.
    }
  }

  return (
    <FullPagePanel
      fullPage={fullPage}
      onExit={() => setFullPage(false)}
      title={`${project.name} - Task List`}
    >
      <div className="rounded-lg border bg-card">
        <div className="flex flex-wrap items-center gap-2 border-b p-3 sm:p-4">
          <h2 className="mr-auto text-lg font-semibold">Tasks ({rows.length})</h2>
          {/* Below lg the search and filter take a row of their own under the title. */}
          <div className="order-last flex w-full items-center gap-2 lg:order-none lg:w-auto">
            <div className="relative min-w-0 flex-1 lg:w-64 lg:flex-none">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                type="search"
                aria-label="Search tasks"
                placeholder="Search tasks..."
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="pl-8"
              />
            </div>
            <ChoiceSelect
              label="Filter tasks"
              value={filter}
              choices={TASK_FILTERS}
              text={(value) => TASK_FILTER_LABELS[value]}
              onChange={setFilter}
              className="w-32 shrink-0 sm:w-36"
            />
            <ChoiceSelect
              label="Sort tasks"
              value={sort}
              choices={TASK_SORTS}
              text={(value) =>
                value === "order" ? TASK_SORT_LABELS[value] : `Sort: ${TASK_SORT_LABELS[value]}`
              }
              onChange={setSort}
              className="w-36 shrink-0"
            />
          </div>
          <FullPageToggle fullPage={fullPage} onToggle={() => setFullPage((on) => !on)} />
        </div>
        {tasks.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
            <p className="text-sm text-muted-foreground">
              No tasks yet. Create your first task to get started.
            </p>
            {canEdit && (
              <Button onClick={onNewTask}>
                <Plus aria-hidden />
                New Task
              </Button>
            )}
          </div>
        ) : rows.length === 0 ? (
          <p className="px-4 py-12 text-center text-sm text-muted-foreground">
            No tasks match your current filter.
          </p>
        ) : (
          <TaskListRows
            rows={rows}
            lookups={lookups}
            canEdit={canEdit}
            onOpen={onOpenTask}
            onDelete={askToDelete}
          />
        )}
      </div>
      {deleting && (
        <DeleteTaskDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          description={taskDeleteQuestion(deleting.name, false)}
          taskIds={[deleting.id]}
          deleting={deleteTask.isPending}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </FullPagePanel>
  );
}
