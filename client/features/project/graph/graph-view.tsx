import { DEFAULT_TASK_FILTER, type TaskFilter } from "@core/tasks/task-filters";
import "@xyflow/react/dist/style.css";
import "./graph.css";
import type { TaskDto } from "@core/schemas/projects";
import { planOutline, topmostTasks } from "@core/tasks/outline-view";
import { ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { FullPagePanel } from "@/components/full-page-panel";
import { DependencyDialog } from "@/entities/dependency/components/dependency-dialog";
import { tasksUnder } from "@/entities/task/components/delete-task-dialog";
import { useOutlineCollapse } from "@/features/project/components/project-outline";
import { DrivingPathBanner } from "@/features/project/driving-path-banner";
import { useDrivingPath } from "@/features/project/driving-path-context";
import { useProjectCategories, useProjectContext } from "@/features/project/project-context";
import { denied, PERMISSION_MESSAGES } from "@/lib/permission-denied";
import { toast } from "@/lib/use-toast";
import { cn } from "@/lib/utils";
import { DeleteSelectionDialog } from "./delete-selection-dialog";
import { GraphActionsContext, type GraphNodeActions } from "./graph-actions";
import { GraphCanvas, type GraphMode } from "./graph-canvas";
import type { GraphNode } from "./graph-elements";
import { GRAPH_ENGINE } from "./graph-engine";
import { summaryAtPoint } from "./graph-outline";
import { criticalPathSummary, GRAPH_TOASTS } from "./graph-texts";
import { GraphToolbar } from "./graph-toolbar";
import { type GraphSelection, useDeleteSelection } from "./use-delete-selection";
import { useFitDrivingPath } from "./use-fit-driving-path";
import { selectionOf, useGraphElements } from "./use-graph-elements";
import { useGraphWrites } from "./use-graph-writes";

/** `draft`: the task was just made by node mode; the dialog deletes it again if left unsaved. */
type GraphViewProps = { onOpenTask: (task: TaskDto, options?: { draft?: boolean }) => void };

/** The dependency graph view. */
export function GraphView(props: GraphViewProps) {
  const { project } = useProjectContext();
  if (!project) return <NoProjectSelected />;
  return (
    <ReactFlowProvider>
      <GraphViewContent {...props} />
    </ReactFlowProvider>
  );
}

/** The empty state of a graph shown without a project. */
export function NoProjectSelected() {
  return (
    <EmptyState
      title="No Project Selected"
      description="Select a project to view its task graph"
      className="min-h-80"
    />
  );
}

type Confirming = { open: boolean; selection: GraphSelection };

function GraphViewContent({ onOpenTask: openTaskProp }: GraphViewProps) {
  const { project, tasks, dependencies, canEdit, publicShare } = useProjectContext();
  const categories = useProjectCategories();
  const { fitView } = useReactFlow();
  const [mode, setMode] = useState<GraphMode>("select");
  const [filter, setFilter] = useState<TaskFilter>(DEFAULT_TASK_FILTER);
  const [openDependency, setOpenDependency] = useState<number | null>(null);
  const [showCriticalPath, setShowCriticalPath] = useState(false);
  const [fullPage, setFullPage] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  // The page hands a new function on every render; the cards read a stable one, or all of them
  // would render again each time the page does.
  const openTaskLatest = useRef(openTaskProp);
  useEffect(() => {
    openTaskLatest.current = openTaskProp;
  });
  const onOpenTask = useCallback(
    (task: TaskDto, options?: { draft?: boolean }) => openTaskLatest.current(task, options),
    [],
  );

  // The summaries collapsed, as the list and the Gantt chart remember them.
  const { collapsed, toggle: toggleCollapsed } = useOutlineCollapse();
  const { path: drivingPath } = useDrivingPath();
  const { nodes, edges, onNodesChange, onEdgesChange, criticalPath, positionsOf, pathCards } =
    useGraphElements({
      tasks,
      dependencies,
      categories,
      filter,
      showCriticalPath,
      collapsed,
      drivingPath,
    });
  useFitDrivingPath(drivingPath, pathCards, fitView);
  const writes = useGraphWrites({ projectId: project.id, tasks, dependencies, canEdit, onOpenTask });
  const saveMoved = useCallback(
    (moved: readonly GraphNode[]) => writes.saveMoved(positionsOf(moved)),
    [writes.saveMoved, positionsOf],
  );
  const { deleteSelection, deleting } = useDeleteSelection(project.id);

  const selectedTasks = useMemo(() => nodes.filter((node) => node.selected).length, [nodes]);
  const selectedConnections = useMemo(() => edges.filter((edge) => edge.selected).length, [edges]);

  const nodeActions = useMemo<GraphNodeActions>(
    () => ({
      canEdit,
      readOnly: Boolean(publicShare),
      openTask: onOpenTask,
      toggleCompleted: writes.toggleCompleted,
      toggleCollapsed,
    }),
    [canEdit, publicShare, onOpenTask, writes.toggleCompleted, toggleCollapsed],
  );

  const changeMode = useCallback(
    (next: GraphMode) => {
      if (next === "connect" && tasks.length < 2) {
        toast({ variant: "destructive", ...GRAPH_TOASTS.cannotConnect });
        return;
      }
      setMode(next);
      if (next === "node") toast(GRAPH_TOASTS.nodeMode);
      if (next === "connect") toast(GRAPH_TOASTS.connectMode);
    },
    [tasks.length],
  );

  // Read through a ref, so the handler stays the same object while cards are dragged.
  const elements = useRef({ nodes, edges });
  const latestData = useRef({ tasks, dependencies });
  useEffect(() => {
    elements.current = { nodes, edges };
    latestData.current = { tasks, dependencies };
  });
  const addTaskAt = useCallback(
    (point: { x: number; y: number }) => {
      setMode("select");
      // A card placed inside a summary's frame goes under that summary.
      writes.addTaskAt(point, summaryAtPoint(elements.current.nodes, point));
    },
    [writes.addTaskAt],
  );

  const requestDelete = useCallback(() => {
    // On a public link every write is a no-op; members without rights are told.
    if (publicShare) return;
    const selection = selectionOf(elements.current.nodes, elements.current.edges);
    const onlyConnections = selection.taskIds.length === 0 && selection.dependencyIds.length > 0;
    const refusal = onlyConnections
      ? PERMISSION_MESSAGES.deleteDependencies
      : PERMISSION_MESSAGES.deleteItems;
    if (denied(canEdit, refusal)) return;
    // A task under a selected summary goes with it: only the summary is asked for.
    const outline = planOutline(latestData.current.tasks);
    if (outline) selection.taskIds = topmostTasks(outline, selection.taskIds);
    if (selection.taskIds.length === 0 && selection.dependencyIds.length === 0) {
      toast({ variant: "destructive", ...GRAPH_TOASTS.nothingSelected });
      return;
    }
    // Connections alone go at once; tasks take their dependencies with them, so they are confirmed.
    if (selection.taskIds.length === 0) {
      const { tasks, dependencies } = latestData.current;
      const nameOf = (id: number) => tasks.find((task) => task.id === id)?.name ?? "a task";
      const dependencyNames = selection.dependencyIds.flatMap((id) => {
        const dependency = dependencies.find((each) => each.id === id);
        return dependency
          ? [`"${nameOf(dependency.sourceTaskId)}" → "${nameOf(dependency.targetTaskId)}"`]
          : [];
      });
      void deleteSelection({ ...selection, dependencyNames });
    } else setConfirming({ open: true, selection });
  }, [canEdit, publicShare, deleteSelection]);

  const confirmDelete = async () => {
    if (!confirming) return;
    if (await deleteSelection(confirming.selection)) setConfirming({ ...confirming, open: false });
  };

  const runAutoLayout = useCallback(
    () =>
      writes.runAutoLayout(() => {
        void fitView({ ...GRAPH_ENGINE.fitViewOptions, duration: 300 });
      }),
    [writes.runAutoLayout, fitView],
  );

  const toggleCriticalPath = useCallback(() => setShowCriticalPath((on) => !on), []);
  const toggleFullPage = useCallback(() => setFullPage((on) => !on), []);
  const exitFullPage = useCallback(() => setFullPage(false), []);

  return (
    <FullPagePanel fullPage={fullPage} onExit={exitFullPage} title={`${project.name} - Dependency Graph`}>
      <div className={cn("flex flex-col rounded-lg border bg-card", fullPage && "min-h-0 flex-1")}>
        <GraphToolbar
          showTools={!publicShare}
          mode={mode}
          onModeChange={changeMode}
          selectedTasks={selectedTasks}
          selectedConnections={selectedConnections}
          onDeleteSelected={requestDelete}
          onAutoLayout={runAutoLayout}
          layoutPending={writes.layoutPending}
          filter={filter}
          onFilterChange={setFilter}
          showCriticalPath={showCriticalPath}
          onToggleCriticalPath={toggleCriticalPath}
          fullPage={fullPage}
          onToggleFullPage={toggleFullPage}
        />
        {showCriticalPath && criticalPath && criticalPath.taskIds.size > 0 && (
          <p className="border-b bg-warning-tint px-3 py-1.5 text-xs text-warning-tint-foreground">
            {criticalPathSummary(criticalPath.workCount, criticalPath.totalDays)}
          </p>
        )}
        <DrivingPathBanner />
        <div
          className={cn(
            "relative overflow-hidden rounded-b-lg",
            fullPage ? "min-h-[400px] flex-1" : "h-[600px]",
          )}
        >
          <GraphActionsContext.Provider value={nodeActions}>
            <GraphCanvas
              nodes={nodes}
              edges={edges}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              mode={mode}
              canEdit={canEdit}
              onAddTaskAt={addTaskAt}
              onConnect={writes.connect}
              onOpenTask={onOpenTask}
              onSaveMoved={saveMoved}
              onDeleteKey={requestDelete}
              onOpenDependency={setOpenDependency}
            />
          </GraphActionsContext.Provider>
          {nodes.length === 0 && <EmptyCanvasHint noTasks={tasks.length === 0} canEdit={canEdit} />}
        </div>
      </div>
      <DependencyDialog
        dependency={dependencies.find((dependency) => dependency.id === openDependency) ?? null}
        tasks={tasks}
        canEdit={canEdit}
        onClose={() => setOpenDependency(null)}
      />
      {writes.previewDialog}
      <DeleteSelectionDialog
        open={confirming?.open ?? false}
        taskNames={(confirming?.selection.taskIds ?? []).map(
          (id) => tasks.find((task) => task.id === id)?.name ?? `Task ${id}`,
        )}
        taskIds={confirming?.selection.taskIds ?? []}
        below={(confirming?.selection.taskIds ?? []).reduce((sum, id) => sum + tasksUnder(tasks, id), 0)}
        deleting={deleting}
        onCancel={() => setConfirming((state) => state && { ...state, open: false })}
        onConfirm={() => void confirmDelete()}
      />
    </FullPagePanel>
  );
}

/** Over an empty canvas: how to start, or that the filter hides every task. */
function EmptyCanvasHint({ noTasks, canEdit }: { noTasks: boolean; canEdit: boolean }) {
  const [title, description] = noTasks
    ? [
        "No tasks yet",
        canEdit
          ? "Choose Add node in the toolbar, then click on the canvas to place your first task."
          : "Tasks added to this project will appear here.",
      ]
    : ["No tasks match this filter", "Choose All Tasks under Show to see every task."];
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-6">
      <div className="max-w-xs rounded-lg border bg-card/95 px-5 py-4 text-center shadow-sm">
        <p className="font-medium">{title}</p>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
    </div>
  );
}
