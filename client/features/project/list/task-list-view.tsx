import type { TaskDto } from "@core/schemas/projects";
import { Plus, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { FullPagePanel, FullPageToggle } from "@/components/full-page-panel";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { CompareSelect } from "@/entities/baseline/components/compare-select";
import { useComparedPlan } from "@/entities/baseline/components/use-compared-plan";
import { useDeleteTask } from "@/entities/task/api/delete-task";
import { useMoveTask } from "@/entities/task/api/move-task";
import { useAssigneeOptions } from "@/entities/task/components/assignee-options";
import { DeleteTaskDialog, taskDeleteQuestion } from "@/entities/task/components/delete-task-dialog";
import {
  OutlineBar,
  type RowSelection,
  useOutlineSelection,
} from "@/features/project/components/outline-selection";
import { useOutlineCollapse, useProjectOutline } from "@/features/project/components/project-outline";
import { useTreeDrag } from "@/features/project/components/use-tree-drag";
import { ListColumnsMenu, shownColumns, useListColumns } from "@/features/project/list/task-list-columns";
import {
  DEFAULT_TASK_FILTER,
  listTasks,
  outlineListTasks,
  sortRows,
  TASK_FILTER_LABELS,
  TASK_FILTERS,
  TASK_SORT_LABELS,
  TASK_SORTS,
  type TaskFilter,
  type TaskSort,
} from "@/features/project/list/task-list-filter";
import type { TaskRowLookups } from "@/features/project/list/task-list-row";
import { focusListRow, TaskListRows } from "@/features/project/list/task-list-rows";
import { ListComparisonProvider, useListComparisonValue } from "@/features/project/list/task-list-tracking";
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

/**
 * The task list view: 'Tasks (count)', search, filter, rows, Full Page. A plan with summaries shows
 * its tree in project order: WBS numbers, indentation and chevrons; the counts are of leaves, the
 * work. Editors choose rows (a click, or Shift+Space and Shift with the arrows) and indent or
 * outdent them with Tab and Shift+Tab.
 */
export function TaskListView({ onOpenTask, onNewTask }: TaskListViewProps) {
  const { project, tasks, dependencies, canEdit, publicShare } = useProjectContext();
  const [filter, setFilter] = useState<TaskFilter>(DEFAULT_TASK_FILTER);
  const [sort, setSort] = useState<TaskSort>("order");
  const [search, setSearch] = useState("");
  const [fullPage, setFullPage] = useState(false);
  const [deleting, setDeleting] = useState<TaskDto | null>(null);
  const deleteTask = useDeleteTask();
  const projectOutline = useProjectOutline();
  const { collapsed, toggle: toggleCollapse } = useOutlineCollapse();
  const tree = projectOutline !== null && sort === "order";
  const { rows, count } = useMemo(() => {
    const now = new Date();
    if (tree && projectOutline) {
      return outlineListTasks(tasks, dependencies, projectOutline.outline, collapsed, filter, search, now);
    }
    const listed = sortRows(listTasks(tasks, dependencies, filter, search, now), sort);
    // Sorted otherwise, a plan with summaries lists its tasks flat and counts its leaves.
    const shown = projectOutline
      ? listed.filter((row) => !projectOutline.outline.isSummary(row.task.id))
      : listed;
    return { rows: shown, count: shown.length };
  }, [tasks, dependencies, filter, search, sort, tree, projectOutline, collapsed]);
  const lookups = useRowLookups(publicShare ? null : project.id);
  const listColumns = useListColumns();
  // The plan compared (a baseline or a past day), the Gantt's choice too; its columns are offered
  // and shown only meanwhile.
  const comparison = useComparedPlan(project.id, Boolean(publicShare));
  const calendar = useMemo(
    () =>
      project.startDate && project.workingDays
        ? { startDate: project.startDate, workingDays: project.workingDays, holidays: project.holidays ?? [] }
        : undefined,
    [project.startDate, project.workingDays, project.holidays],
  );
  const compared = useListComparisonValue(comparison.plan, calendar);
  const comparing = comparison.name !== null;
  const columns = useMemo(
    () => shownColumns(listColumns.columns, comparing),
    [listColumns.columns, comparing],
  );
  const shownIds = useMemo(() => rows.map((row) => row.task.id), [rows]);
  const outlineSelection = useOutlineSelection({
    projectId: project.id,
    tasks,
    shownIds,
    canEdit,
    focusRow: focusListRow,
  });
  const { chosen, announcement } = outlineSelection;
  // Rows can be chosen and moved in the outline by editors, in project order.
  const selection: RowSelection | undefined =
    canEdit && sort === "order" ? outlineSelection.selection : undefined;
  // In the tree, editors drag a row by its grip to another place in it.
  const moveTask = useMoveTask();
  const treeDrag = useTreeDrag({
    outline: tree && selection && projectOutline ? projectOutline.outline : null,
    shownIds,
    isCollapsed: (id) => collapsed.has(id),
    nameOf: (id) => tasks.find((task) => task.id === id)?.name ?? "",
    rowAttribute: "data-task-row",
    onMove: (taskId, drop) => moveTask.mutate({ taskId, projectId: project.id, ...drop }),
    announce: outlineSelection.setAnnouncement,
  });

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
          <h2 className="mr-auto text-lg font-semibold">Tasks ({count})</h2>
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
          {comparison.available && (
            <CompareSelect
              baselines={comparison.baselines}
              choice={comparison.choice}
              onChoose={comparison.choose}
              pastDay={comparison.pastDay}
            />
          )}
          <ListColumnsMenu
            columns={listColumns.columns}
            onToggle={listColumns.toggle}
            comparedName={comparison.name}
          />
          <FullPageToggle fullPage={fullPage} onToggle={() => setFullPage((on) => !on)} />
        </div>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        {selection && chosen > 0 && (
          <OutlineBar
            count={chosen}
            busy={outlineSelection.busy}
            onOutline={(action) => selection.onOutline(action)}
            onClear={selection.onClear}
          />
        )}
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
          <ListComparisonProvider value={compared}>
            <TaskListRows
              rows={rows}
              lookups={lookups}
              canEdit={canEdit}
              onOpen={onOpenTask}
              onDelete={askToDelete}
              tree={tree}
              onToggleCollapse={(task) => toggleCollapse(task.id)}
              selection={selection}
              drag={tree && selection ? treeDrag : undefined}
              columns={columns}
            />
          </ListComparisonProvider>
        )}
      </div>
      {deleting && (
        <DeleteTaskDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          description={taskDeleteQuestion(
            deleting.name,
            false,
            projectOutline?.outline.descendantsOf(deleting.id).length ?? 0,
          )}
          taskIds={[deleting.id]}
          deleting={deleteTask.isPending}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </FullPagePanel>
  );
}
