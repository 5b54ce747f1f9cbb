import { tasksWithIncompletePrerequisites } from "@core/graph/dependency-graph";
import { placeUnpositioned } from "@core/graph/placement";
import { type CriticalTasks, criticalTasks } from "@core/scheduling/critical";
import type { CategoryDto, DependencyDto, TaskDto } from "@core/schemas/projects";
import { planOutline } from "@core/tasks/outline-view";
import { displayStatus } from "@core/tasks/status";
import type { TaskFilter } from "@core/tasks/task-filters";
import { applyEdgeChanges, applyNodeChanges, type EdgeChange, type NodeChange } from "@xyflow/react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import {
  type DependencyEdge,
  type FrameLayout,
  filterTasks,
  type GraphNode,
  isTaskNode,
  mergeEdges,
  mergeNodes,
  type NodeInputs,
  pairKey,
  type SummaryCard,
  taskPosition,
  withFrames,
  withoutEstimatedHandles,
} from "./graph-elements";
import { graphOutline, type MovedCard, movedPositions, summaryInfos, summaryOrigins } from "./graph-outline";
import { isOffPath } from "./path-marks";

/**
 * From this many cards on, xyflow draws only those in view (onlyRenderVisibleElements): see
 * docs/performance.md for the measurements behind the number.
 */
export const RENDER_VISIBLE_ONLY_FROM = 300;
export const rendersVisibleOnly = (cardCount: number) => cardCount >= RENDER_VISIBLE_ONLY_FROM;

type GraphElementsInputs = {
  tasks: readonly TaskDto[];
  dependencies: readonly DependencyDto[];
  categories: readonly CategoryDto[];
  filter: TaskFilter;
  showCriticalPath: boolean;
  /** The summaries collapsed (project-outline.ts), each drawn as one card. */
  collapsed: ReadonlySet<number>;
  /** The driving path shown (driving-path-context.tsx): its cards and arrows are highlighted. */
  drivingPath?: { tasks: ReadonlySet<number>; links: ReadonlySet<number> } | null;
};

/** The cards for the inputs, and the frames around them in a plan with summaries. */
function merge(current: readonly GraphNode[], inputs: NodeInputs, frames: FrameLayout | null): GraphNode[] {
  const cards = mergeNodes(current, inputs);
  return frames ? withFrames(cards, frames, current) : cards;
}

const NO_IDS: ReadonlySet<number> = new Set();
const NO_PAIRS: ReadonlySet<string> = new Set();

/**
 * The canvas's nodes and edges, held as state so xyflow can select, measure and drag them, and
 * merged with the project data whenever that changes (a refetch, an optimistic write, the filter,
 * the critical path toggle, a summary collapsed). Each derivation is memoised on its own inputs.
 * A plan with summaries draws each as a frame around its cards, or as one card when collapsed
 * (graph-outline.ts); the frames follow the cards after every change xyflow makes.
 */
export function useGraphElements({
  tasks,
  dependencies,
  categories,
  filter,
  showCriticalPath,
  collapsed,
  drivingPath = null,
}: GraphElementsInputs) {
  const blocked = useMemo(() => tasksWithIncompletePrerequisites(tasks, dependencies), [tasks, dependencies]);
  // "Now" for Unblocked (snoozes) moves with the data, as in the list.
  const shown = useMemo(
    () => filterTasks(tasks, dependencies, filter, new Date()),
    [tasks, dependencies, filter],
  );
  const shownIds = useMemo(() => new Set(shown.map((task) => task.id)), [shown]);
  const path = useMemo<CriticalTasks | null>(
    () => (showCriticalPath ? criticalTasks(tasks, dependencies) : null),
    [showCriticalPath, tasks, dependencies],
  );
  const criticalIds = useMemo(() => path?.taskIds ?? NO_IDS, [path]);
  const criticalPairs = useMemo(
    () => (path ? new Set(path.pairs.map(([from, to]) => pairKey(from, to))) : NO_PAIRS),
    [path],
  );
  const placed = useMemo(() => placeUnpositioned(tasks, dependencies), [tasks, dependencies]);
  const outline = useMemo(() => planOutline(tasks), [tasks]);
  const drawn = useMemo(() => {
    if (!outline) return null;
    const byId = new Map(tasks.map((task) => [task.id, task]));
    const view = graphOutline(outline, (id) => shownIds.has(id), collapsed);
    const infos = summaryInfos(outline, tasks, blocked);
    // Where each frame begins, from the shown tasks' positions: a collapsed summary's card stands there.
    const origins = summaryOrigins(outline, (id) => {
      const task = byId.get(id);
      return task && shownIds.has(id) ? taskPosition(task, placed) : undefined;
    });
    const summaries = new Map<number, SummaryCard>();
    const critical = new Set(criticalIds);
    for (const id of view.collapsedIds) {
      const info = infos.get(id);
      const origin = origins.get(id);
      if (info && origin) summaries.set(id, { ...info, origin });
      // The path runs through a collapsed summary when it runs through a task hidden in it.
      if (outline.descendantsOf(id).some((below) => shownIds.has(below) && criticalIds.has(below)))
        critical.add(id);
    }
    const layout: FrameLayout = {
      frames: view.frames.flatMap(({ id, children }) => {
        const task = byId.get(id);
        const summary = infos.get(id);
        return task && summary
          ? [{ id, children, data: { task, critical: criticalIds.has(id), summary } }]
          : [];
      }),
      order: view.order,
    };
    const cards = view.cardIds.flatMap((id) => byId.get(id) ?? []);
    return { view, infos, summaries, critical, layout, cards };
  }, [outline, tasks, shownIds, collapsed, blocked, placed, criticalIds]);
  // The cards on the driving path: a collapsed summary's when it hides a task on it.
  const pathCards = useMemo(() => {
    if (!drivingPath) return undefined;
    if (!drawn || !outline) return drivingPath.tasks;
    const cards = new Set(drivingPath.tasks);
    for (const id of drawn.view.collapsedIds) {
      if (outline.descendantsOf(id).some((below) => drivingPath.tasks.has(below))) cards.add(id);
    }
    return cards;
  }, [drivingPath, drawn, outline]);
  const pathLinks = drivingPath?.links ?? null;
  const nodeInputs = useMemo<NodeInputs>(
    () => ({
      tasks: drawn ? drawn.cards : shown,
      statusOf: (task) => drawn?.infos.get(task.id)?.status ?? displayStatus(task, blocked.has(task.id)),
      categories,
      critical: drawn ? drawn.critical : criticalIds,
      drivingPath: pathCards,
      placed,
      summaries: drawn?.summaries,
      estimateSize: rendersVisibleOnly(shown.length),
    }),
    [drawn, shown, blocked, categories, criticalIds, pathCards, placed],
  );
  // While a path is shown, the frames holding none of its tasks are dimmed.
  const layout = useMemo<FrameLayout | null>(() => {
    if (!drawn || !outline || !drivingPath) return drawn?.layout ?? null;
    const frames = drawn.layout.frames.map((frame) =>
      isOffPath(drivingPath.tasks, frame.id, outline.descendantsOf(frame.id))
        ? { ...frame, data: { ...frame.data, offPath: true as const } }
        : frame,
    );
    return { ...drawn.layout, frames };
  }, [drawn, outline, drivingPath]);
  const nodeOf = drawn?.view.nodeOf;
  const nameOf = useMemo(() => {
    const names = new Map(tasks.map((task) => [task.id, task.name]));
    return (taskId: number) => names.get(taskId) ?? `Task ${taskId}`;
  }, [tasks]);

  const [nodes, setNodes] = useState<GraphNode[]>(() => merge([], nodeInputs, layout));
  const [edges, setEdges] = useState<DependencyEdge[]>(() =>
    mergeEdges([], dependencies, shownIds, criticalPairs, nameOf, nodeOf, pathLinks),
  );
  // The frames as drawn now, for xyflow's changes (a card dragged: its frames follow).
  const layoutRef = useRef(layout);
  // Layout effects: the merged cards replace the old ones before the browser paints.
  useLayoutEffect(() => {
    layoutRef.current = layout;
    setNodes((current) => merge(current, nodeInputs, layout));
  }, [nodeInputs, layout]);
  useLayoutEffect(() => {
    setEdges((current) =>
      mergeEdges(current, dependencies, shownIds, criticalPairs, nameOf, nodeOf, pathLinks),
    );
  }, [dependencies, shownIds, criticalPairs, nameOf, nodeOf, pathLinks]);

  const onNodesChange = useCallback(
    (changes: NodeChange<GraphNode>[]) =>
      setNodes((current) => {
        const next = withoutEstimatedHandles(changes, applyNodeChanges(changes, current));
        const frames = layoutRef.current;
        return frames ? withFrames(next.filter(isTaskNode), frames, next) : next;
      }),
    [],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<DependencyEdge>[]) => setEdges((current) => applyEdgeChanges(changes, current)),
    [],
  );

  // Cards moved, as the positions to store: a collapsed summary's card takes its subtree along.
  const latest = useRef({ outline, tasks, placed });
  useEffect(() => {
    latest.current = { outline, tasks, placed };
  });
  const positionsOf = useCallback((moved: readonly GraphNode[]) => {
    const { outline, tasks, placed } = latest.current;
    const byId = new Map(tasks.map((task) => [task.id, task]));
    const cards: MovedCard[] = moved.filter(isTaskNode).map((node) => ({
      taskId: node.data.task.id,
      position: node.position,
      origin: node.data.summary?.origin,
    }));
    return movedPositions(cards, outline, (id) => {
      const task = byId.get(id);
      return task ? taskPosition(task, placed) : { x: 0, y: 0 };
    });
  }, []);

  return { nodes, edges, onNodesChange, onEdgesChange, criticalPath: path, positionsOf, pathCards };
}

/** The selected tasks and the selected dependencies that do not already go with a selected task. */
export function selectionOf(nodes: readonly GraphNode[], edges: readonly DependencyEdge[]) {
  const taskIds = nodes.filter((node) => node.selected).map((node) => node.data.task.id);
  const deleted = new Set(taskIds.map(String));
  const dependencyIds = edges
    .filter((edge) => edge.selected && !deleted.has(edge.source) && !deleted.has(edge.target))
    .flatMap((edge) => edge.data?.dependencyIds ?? []);
  return { taskIds, dependencyIds };
}
