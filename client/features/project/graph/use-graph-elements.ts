import { tasksWithIncompletePrerequisites } from "@core/graph/dependency-graph";
import { placeUnpositioned } from "@core/graph/placement";
import { type CriticalTasks, criticalTasks } from "@core/scheduling/critical";
import type { CategoryDto, DependencyDto, TaskDto } from "@core/schemas/projects";
import { displayStatus } from "@core/tasks/status";
import type { TaskFilter } from "@core/tasks/task-filters";
import { applyEdgeChanges, applyNodeChanges, type EdgeChange, type NodeChange } from "@xyflow/react";
import { useCallback, useLayoutEffect, useMemo, useState } from "react";
import {
  type DependencyEdge,
  filterTasks,
  mergeEdges,
  mergeNodes,
  type NodeInputs,
  pairKey,
  type TaskNode,
  withoutEstimatedHandles,
} from "./graph-elements";

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
};

const NO_IDS: ReadonlySet<number> = new Set();
const NO_PAIRS: ReadonlySet<string> = new Set();

/**
 * The canvas's nodes and edges, held as state so xyflow can select, measure and drag them, and
 * merged with the project data whenever that changes (a refetch, an optimistic write, the filter,
 * the critical path toggle). Each derivation is memoised on its own inputs.
 */
export function useGraphElements({
  tasks,
  dependencies,
  categories,
  filter,
  showCriticalPath,
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
  const nodeInputs = useMemo<NodeInputs>(
    () => ({
      tasks: shown,
      statusOf: (task) => displayStatus(task, blocked.has(task.id)),
      categories,
      critical: criticalIds,
      placed,
      estimateSize: rendersVisibleOnly(shown.length),
    }),
    [shown, blocked, categories, criticalIds, placed],
  );
  const nameOf = useMemo(() => {
    const names = new Map(tasks.map((task) => [task.id, task.name]));
    return (taskId: number) => names.get(taskId) ?? `Task ${taskId}`;
  }, [tasks]);

  const [nodes, setNodes] = useState<TaskNode[]>(() => mergeNodes([], nodeInputs));
  const [edges, setEdges] = useState<DependencyEdge[]>(() =>
    mergeEdges([], dependencies, shownIds, criticalPairs, nameOf),
  );
  // Layout effects: the merged cards replace the old ones before the browser paints.
  useLayoutEffect(() => {
    setNodes((current) => mergeNodes(current, nodeInputs));
  }, [nodeInputs]);
  useLayoutEffect(() => {
    setEdges((current) => mergeEdges(current, dependencies, shownIds, criticalPairs, nameOf));
  }, [dependencies, shownIds, criticalPairs, nameOf]);

  const onNodesChange = useCallback(
    (changes: NodeChange<TaskNode>[]) =>
      setNodes((current) => withoutEstimatedHandles(changes, applyNodeChanges(changes, current))),
    [],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<DependencyEdge>[]) => setEdges((current) => applyEdgeChanges(changes, current)),
    [],
  );

  return { nodes, edges, onNodesChange, onEdgesChange, criticalPath: path };
}

/** The selected tasks and the selected dependencies that do not already go with a selected task. */
export function selectionOf(nodes: readonly TaskNode[], edges: readonly DependencyEdge[]) {
  const taskIds = nodes.filter((node) => node.selected).map((node) => node.data.task.id);
  const deleted = new Set(taskIds.map(String));
  const dependencyIds = edges
    .filter((edge) => edge.selected && !deleted.has(edge.source) && !deleted.has(edge.target))
    .map((edge) => edge.data?.dependencyId)
    .filter((id): id is number => id !== undefined);
  return { taskIds, dependencyIds };
}
