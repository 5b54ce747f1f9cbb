import { type BarDateChanges, type BarEditResult, isNoChange } from "@core/gantt/bar-edits";
import { predecessorsTextMap, taskNumbering } from "@core/gantt/predecessors-text";
import { reorderWithinGroup, type TaskGroup } from "@core/gantt/rows";
import { scheduledBarWrite } from "@core/gantt/scheduled-bars";
import { GANTT_ZOOM } from "@core/gantt/zoom";
import type { ScheduledTaskDto, TaskDto } from "@core/schemas/projects";
import { buildOutline } from "@core/tasks/outline";
import { format } from "date-fns";
import { Plus } from "lucide-react";
import { useCallback, useId, useMemo, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { FullPagePanel, FullPageToggle } from "@/components/full-page-panel";
import { Button } from "@/components/ui/button";
import { CompareSelect } from "@/entities/baseline/components/compare-select";
import { SaveBaselineButton } from "@/entities/baseline/components/save-baseline-button";
import { DependencyDialog } from "@/entities/dependency/components/dependency-dialog";
import { useSchedulePreview } from "@/entities/schedule/components/use-schedule-preview";
import { useMoveTask } from "@/entities/task/api/move-task";
import { updateTaskRequest, useUpdateTask } from "@/entities/task/api/update-task";
import { ColumnsMenu } from "@/features/project/components/columns-menu";
import { OutlineBar, useOutlineSelection } from "@/features/project/components/outline-selection";
import { useOutlineCollapse, useProjectOutline } from "@/features/project/components/project-outline";
import { useTreeDrag } from "@/features/project/components/use-tree-drag";
import { DrivingPathBanner } from "@/features/project/driving-path-banner";
import { useDrivingPath } from "@/features/project/driving-path-context";
import { useProjectCategories, useProjectContext } from "@/features/project/project-context";
import { toast } from "@/lib/use-toast";
import { useReorderTasks } from "./api/reorder-tasks";
import { GanttChart } from "./gantt-chart";
import type { GridModel } from "./gantt-grid-cells";
import { GRID_COLUMN_TITLES, GRID_COLUMNS, gridWidth, useGanttColumns } from "./gantt-grid-columns";
import { focusGanttRow } from "./gantt-row-keys";
import { useGanttModel } from "./use-gantt-model";
import { useGanttTracking } from "./use-gantt-tracking";
import { useGanttZoom } from "./use-gantt-zoom";
import { useGridEditing } from "./use-grid-editing";

type GanttViewProps = {
  onOpenTask: (task: TaskDto) => void;
  onNewTask: () => void;
};

/** The refusal of a bar edit that breaks a date rule. */
export const INVALID_RESIZE_TITLE = "Invalid resize";

/** The Today button's hint when the timeline cannot reach today at this zoom. */
const TODAY_TOO_FAR = "Today is too far from this plan to show at this zoom; zoom out to see it.";
const clippedNotice = (scale: string, until: Date) =>
  `The ${scale} zoom shows this plan up to ${format(until, "MMM d, yyyy")}; zoom out to see the rest.`;

const toWire = (changes: BarDateChanges) =>
  Object.fromEntries(Object.entries(changes).map(([field, date]) => [field, date.toISOString()]));

/**
 * The Gantt timeline view: 'Project Timeline', a zoom slider choosing Years, Months, Weeks or Days,
 * bars that move and resize, rows grouped by category; beyond the spec, dependency arrows, warnings
 * and the critical path. A plan with summaries shows its tree instead of categories: rows indented
 * in tree order with WBS numbers, summaries that collapse (as in the list) and are drawn as
 * brackets over the tasks under them; editors move rows in the tree by their grips (useTreeDrag).
 */
export function GanttView({ onOpenTask, onNewTask }: GanttViewProps) {
  const { project, tasks, dependencies, canEdit, publicShare } = useProjectContext();
  const categories = useProjectCategories();
  const { path: drivingPath } = useDrivingPath();
  const [zoom, setZoom] = useGanttZoom();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [showCritical, setShowCritical] = useState(false);
  const [fullPage, setFullPage] = useState(false);
  const [todayRequest, setTodayRequest] = useState(0);
  const [selectedDependency, setSelectedDependency] = useState<number | null>(null);
  const [visibleWidth, setVisibleWidth] = useState(0);
  const zoomId = useId();
  const calendar = useMemo(
    () =>
      project.startDate && project.workingDays
        ? { startDate: project.startDate, workingDays: project.workingDays, holidays: project.holidays ?? [] }
        : undefined,
    [project.startDate, project.workingDays, project.holidays],
  );
  const projectOutline = useProjectOutline();
  const outlineCollapse = useOutlineCollapse();
  const model = useGanttModel({
    tasks,
    dependencies,
    categories,
    zoom,
    fitWidth: visibleWidth,
    collapsed,
    calendar,
    outline: projectOutline?.outline ?? null,
    outlineCollapsed: outlineCollapse.collapsed,
  });
  const { comparison, tracking, statusDay } = useGanttTracking({
    projectId: project.id,
    statusDate: project.statusDate,
    tasks,
    outlined: projectOutline !== null,
    calendar,
    publicLink: Boolean(publicShare),
  });
  // The work: leaves only, in a plan with summaries.
  const taskCount = projectOutline
    ? tasks.filter((task) => !projectOutline.outline.isSummary(task.id)).length
    : tasks.length;
  const { todayShown } = model;
  // Success toasts as for any task update; failures of Gantt date updates are only logged.
  const updateTask = useUpdateTask({ notifyError: false });
  const reorderTasks = useReorderTasks();
  // In a plan with summaries editors choose rows and indent or outdent them, as in the list.
  const shownIds = useMemo(
    () => (projectOutline ? model.rows.flatMap((row) => (row.kind === "task" ? [row.task.id] : [])) : []),
    [model.rows, projectOutline],
  );
  const outlineSelection = useOutlineSelection({
    projectId: project.id,
    tasks,
    shownIds,
    canEdit,
    focusRow: focusGanttRow,
  });
  const selection = canEdit && projectOutline ? outlineSelection.selection : undefined;
  // There editors also drag a row by its grip to another place in the tree, as in the list.
  const moveTask = useMoveTask();
  const treeDrag = useTreeDrag({
    outline: selection && projectOutline ? projectOutline.outline : null,
    shownIds,
    isCollapsed: (id) => outlineCollapse.collapsed.has(id),
    nameOf: (id) => tasks.find((task) => task.id === id)?.name ?? "",
    rowAttribute: "data-gantt-row",
    onMove: (taskId, drop) => moveTask.mutate({ taskId, projectId: project.id, ...drop }),
    announce: outlineSelection.setAnnouncement,
  });

  const toggleGroup = useCallback((key: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  // The bars hand back scheduled tasks as drawn (use-gantt-model.ts): the task itself is the cache's.
  const taskOf = (shown: TaskDto) => tasks.find((task) => task.id === shown.id) ?? shown;
  const preview = useSchedulePreview((id) => tasks.find((task) => task.id === id)?.name);

  // The grid's columns: each task's ID is its row in the full outline order, as in MS Project, and
  // its predecessors are written with those IDs; both made once per change of the plan.
  const gridColumns = useGanttColumns();
  const outline = projectOutline?.outline;
  const numbering = useMemo(() => taskNumbering((outline ?? buildOutline(tasks)).order), [outline, tasks]);
  const predecessorTexts = useMemo(
    () => predecessorsTextMap(dependencies, numbering.numberOf),
    [dependencies, numbering],
  );
  const gridEditing = useGridEditing({
    projectId: project.id,
    tasks,
    dependencies,
    numbering,
    columns: gridColumns.columns,
    isSummary: (id) => outline?.isSummary(id) ?? false,
    ask: preview.ask,
  });
  const grid: GridModel = useMemo(
    () => ({
      columns: gridColumns.columns,
      width: gridWidth(gridColumns.columns),
      numberOf: numbering.numberOf,
      predecessors: predecessorTexts,
      canEdit,
      editing: gridEditing,
    }),
    [gridColumns.columns, numbering, predecessorTexts, canEdit, gridEditing],
  );

  function editDates(shown: TaskDto, result: BarEditResult) {
    if (!canEdit) return;
    if (!result.ok) {
      toast({ variant: "destructive", title: INVALID_RESIZE_TITLE, description: result.message });
      return;
    }
    if (isNoChange(shown, result.changes)) return;
    const task = taskOf(shown) as ScheduledTaskDto;
    const changes = toWire(scheduledBarWrite(task, result.changes));
    // The bar stays where it was dropped, and goes back if the call fails.
    const apply = () => updateTask.mutate({ taskId: task.id, projectId: task.projectId, changes });
    // A scheduled task's move may move others: they are shown before it is applied.
    if (!task.schedule) apply();
    else void preview.confirm(updateTaskRequest({ taskId: task.id, changes }), apply, task.id);
  }

  function reorder(task: TaskDto, group: TaskGroup<TaskDto>, toIndex: number) {
    if (!canEdit) return;
    const taskOrders = reorderWithinGroup(group.tasks, task.id, toIndex);
    if (taskOrders) reorderTasks.mutate({ projectId: project.id, taskOrders });
  }

  return (
    <FullPagePanel
      fullPage={fullPage}
      onExit={() => setFullPage(false)}
      title={`${project.name} - Gantt Chart`}
    >
      <div
        className={
          fullPage ? "flex min-h-0 flex-1 flex-col rounded-lg border bg-card" : "rounded-lg border bg-card"
        }
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b p-3 sm:p-4">
          <h2 className="mr-auto text-lg font-semibold">Project Timeline</h2>
          <div className="flex items-center gap-2">
            <label htmlFor={zoomId} className="text-sm text-muted-foreground">
              Zoom
            </label>
            <input
              id={zoomId}
              type="range"
              min={GANTT_ZOOM.min}
              max={GANTT_ZOOM.max}
              step={GANTT_ZOOM.step}
              value={model.zoom}
              aria-valuetext={`${model.zoom}: ${model.scale.label}`}
              onChange={(event) => setZoom(Number(event.target.value))}
              className="h-2 w-24 cursor-pointer rounded-full accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:w-36"
            />
            <span data-gantt-scale className="w-14 text-sm font-medium">
              {model.scale.label}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <Button
              variant={showCritical ? "default" : "outline"}
              size="sm"
              aria-pressed={showCritical}
              onClick={() => setShowCritical((on) => !on)}
            >
              Critical Path
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!todayShown}
              title={todayShown ? undefined : TODAY_TOO_FAR}
              onClick={() => setTodayRequest((count) => count + 1)}
            >
              Today
            </Button>
            <ColumnsMenu
              options={GRID_COLUMNS}
              chosen={gridColumns.columns}
              titles={GRID_COLUMN_TITLES}
              onToggle={gridColumns.toggle}
            />
            <FullPageToggle fullPage={fullPage} onToggle={() => setFullPage((on) => !on)} />
          </div>
          {comparison.available && (
            // Aligned at the top: a refused past day's words show under the date input.
            <div className="flex items-start gap-2">
              <CompareSelect
                baselines={comparison.baselines}
                choice={comparison.choice}
                onChoose={comparison.choose}
                pastDay={comparison.pastDay}
              />
              {canEdit && (
                <SaveBaselineButton
                  projectId={project.id}
                  takenNames={comparison.baselines.map((baseline) => baseline.name)}
                />
              )}
            </div>
          )}
        </div>
        <p className="sr-only" aria-live="polite">
          {outlineSelection.announcement}
        </p>
        {selection && outlineSelection.chosen > 0 && (
          <OutlineBar
            count={outlineSelection.chosen}
            busy={outlineSelection.busy}
            onOutline={(action) => selection.onOutline(action)}
            onClear={selection.onClear}
          />
        )}
        {model.window.clippedAt && (
          <p role="status" className="border-b bg-muted/50 px-3 py-2 text-sm text-muted-foreground sm:px-4">
            {clippedNotice(model.scale.label, model.window.clippedAt)}
          </p>
        )}
        <DrivingPathBanner />
        {tasks.length === 0 ? (
          <EmptyState
            title="No tasks yet"
            description="Create your first task to see the Gantt chart"
            className="m-3 border-0 sm:m-4"
            action={
              canEdit && (
                <Button onClick={onNewTask}>
                  <Plus aria-hidden />
                  New Task
                </Button>
              )
            }
          />
        ) : (
          <GanttChart
            model={model}
            dependencies={dependencies}
            taskCount={taskCount}
            canEdit={canEdit}
            showCritical={showCritical}
            drivingPath={drivingPath}
            fullPage={fullPage}
            todayRequest={todayRequest}
            onVisibleWidth={setVisibleWidth}
            onToggleGroup={toggleGroup}
            onOpenTask={(shown) => onOpenTask(taskOf(shown))}
            onEditDates={editDates}
            onReorder={reorder}
            onSelectDependency={(dependency) => setSelectedDependency(dependency.id)}
            onToggleCollapse={(task) => outlineCollapse.toggle(task.id)}
            summaryCompleted={projectOutline?.completed}
            selection={selection}
            treeDrag={selection ? treeDrag : undefined}
            tracking={tracking}
            statusDay={statusDay}
            grid={grid}
          />
        )}
      </div>
      {preview.dialog}
      <DependencyDialog
        dependency={dependencies.find((dependency) => dependency.id === selectedDependency) ?? null}
        tasks={tasks}
        canEdit={canEdit}
        onClose={() => setSelectedDependency(null)}
      />
    </FullPagePanel>
  );
}
