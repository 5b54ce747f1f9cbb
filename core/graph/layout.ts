import { buildGraph, type GraphDependency } from "./dependency-graph";
import { dependencyLevels } from "./levels";

export type LayoutOptions = { columnWidth: number; rowHeight: number };

/** Card width 300 plus a gap for the arrows; a card with a two-line description plus a gap. */
export const DEFAULT_LAYOUT: LayoutOptions = { columnWidth: 380, rowHeight: 140 };

/**
 * Auto-layout, left to right by dependency level: each level is a column, and inside a column the
 * tasks are ordered by the average row of their prerequisites (the barycenter heuristic, which
 * keeps arrows short and crossings few). Every task gets its own grid cell, so cards never overlap.
 * Tasks with no dependency at all go below the connected ones in the first column.
 * @example autoLayout([1, 2], [{ sourceTaskId: 1, targetTaskId: 2 }]).get(2) // { x: 380, y: 0 }
 */
export function autoLayout(
  taskIds: readonly number[],
  dependencies: readonly GraphDependency[],
  options: LayoutOptions = DEFAULT_LAYOUT,
): Map<number, { x: number; y: number }> {
  const { level, order } = dependencyLevels(taskIds, dependencies);
  const { prerequisitesOf, dependentsOf } = buildGraph(taskIds, dependencies);
  const isolated = (id: number) =>
    (prerequisitesOf.get(id) as number[]).length === 0 && (dependentsOf.get(id) as number[]).length === 0;

  const columns: number[][] = [];
  for (const id of order) {
    if (isolated(id)) continue;
    const column = level.get(id) as number;
    if (columns[column]) columns[column].push(id);
    else columns[column] = [id];
  }
  const row = new Map<number, number>();
  for (const column of columns) {
    if (!column) continue;
    const weight = (id: number) => {
      const placed = (prerequisitesOf.get(id) as number[]).filter((prerequisite) => row.has(prerequisite));
      if (placed.length === 0) return Number.POSITIVE_INFINITY;
      return placed.reduce((sum, prerequisite) => sum + (row.get(prerequisite) as number), 0) / placed.length;
    };
    const weights = new Map(column.map((id) => [id, weight(id)]));
    column.sort((a, b) => (weights.get(a) as number) - (weights.get(b) as number) || a - b);
    column.forEach((id, index) => {
      row.set(id, index);
    });
  }

  const positions = new Map<number, { x: number; y: number }>();
  for (const [index, column] of columns.entries()) {
    for (const id of column ?? []) {
      positions.set(id, { x: index * options.columnWidth, y: (row.get(id) as number) * options.rowHeight });
    }
  }
  let nextRow = columns[0]?.length ?? 0;
  for (const id of taskIds) {
    if (!positions.has(id)) positions.set(id, { x: 0, y: nextRow++ * options.rowHeight });
  }
  return positions;
}
