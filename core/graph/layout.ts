import { buildOutline, type OutlineTask } from "../tasks/outline";
import { buildGraph, type GraphDependency } from "./dependency-graph";
import { dependencyLevels } from "./levels";

export type LayoutOptions = { columnWidth: number; rowHeight: number };

/** Card width 300 plus a gap for the arrows; a card with a two-line description plus a gap. */
export const DEFAULT_LAYOUT: LayoutOptions = { columnWidth: 380, rowHeight: 140 };

/** The space between a summary's frame and the boxes inside it, in the graph and its pictures. */
export const FRAME_PADDING = 15;
/** The band above that space holding the frame's chevron, name, status and dates (two lines). */
export const FRAME_HEADER = 45;

type Point = { x: number; y: number };
type Size = { width: number; height: number };

/**
 * Places units of any size left to right by dependency level: each level is a column as wide as its
 * widest unit, and inside a column the units are stacked in the order of the average height of
 * their prerequisites' middles (the barycenter heuristic, which keeps arrows short and crossings
 * few). Units with no link at all go below the connected ones in the first column. Answers each
 * unit's top left corner and the size of the whole. O(units + links).
 */
function layOutUnits(
  unitIds: readonly number[],
  links: readonly GraphDependency[],
  sizeOf: (id: number) => Size,
): { at: Map<number, Point>; size: Size } {
  const { level, order } = dependencyLevels(unitIds, links);
  const { prerequisitesOf, dependentsOf } = buildGraph(unitIds, links);
  const isolated = (id: number) =>
    (prerequisitesOf.get(id) as number[]).length === 0 && (dependentsOf.get(id) as number[]).length === 0;

  const columns: number[][] = [];
  for (const id of order) {
    if (isolated(id)) continue;
    const column = level.get(id) as number;
    if (columns[column]) columns[column].push(id);
    else columns[column] = [id];
  }
  const at = new Map<number, Point>();
  const middle = new Map<number, number>();
  let x = 0;
  let height = 0;
  // The first column also holds the unlinked units below the linked ones, even when it has none.
  columns[0] ??= [];
  for (const [index, column] of columns.entries()) {
    if (!column) continue;
    const weight = (id: number) => {
      let sum = 0;
      let placed = 0;
      for (const prerequisite of prerequisitesOf.get(id) as number[]) {
        const y = middle.get(prerequisite);
        if (y === undefined) continue;
        sum += y;
        placed++;
      }
      return placed === 0 ? Number.POSITIVE_INFINITY : sum / placed;
    };
    const weights = new Map(column.map((id) => [id, weight(id)]));
    column.sort((a, b) => (weights.get(a) as number) - (weights.get(b) as number) || a - b);
    let y = 0;
    let width = 0;
    for (const id of column) {
      const size = sizeOf(id);
      at.set(id, { x, y });
      middle.set(id, y + size.height / 2);
      y += size.height;
      width = Math.max(width, size.width);
    }
    if (index === 0) for (const id of unitIds) if (isolated(id)) width = Math.max(width, sizeOf(id).width);
    x += width;
    height = Math.max(height, y);
  }
  let y = 0;
  for (const id of columns[0]) y += sizeOf(id).height;
  for (const id of unitIds) {
    if (at.has(id)) continue;
    at.set(id, { x: 0, y });
    y += sizeOf(id).height;
    x = Math.max(x, sizeOf(id).width);
  }
  return { at, size: { width: x, height: Math.max(height, y) } };
}

/**
 * Auto-layout of a flat plan, left to right by dependency level, every task in its own grid cell so
 * cards never overlap; tasks with no dependency at all go below the connected ones in the first
 * column.
 * @example autoLayout([1, 2], [{ sourceTaskId: 1, targetTaskId: 2 }]).get(2) // { x: 380, y: 0 }
 */
export function autoLayout(
  taskIds: readonly number[],
  dependencies: readonly GraphDependency[],
  options: LayoutOptions = DEFAULT_LAYOUT,
): Map<number, Point> {
  const cell = { width: options.columnWidth, height: options.rowHeight };
  return layOutUnits(taskIds, dependencies, () => cell).at;
}

/**
 * Auto-layout of an outline (docs/spec/outline.md): each summary's children are laid out by
 * auto-layout inside its frame, a frame being one unit, as big as what it holds plus its padding and
 * header band, among its siblings. A link between tasks under two siblings orders those siblings,
 * so frames never overlap and arrows between them still run left to right where the plan allows.
 * Answers the leaves' positions only: a summary's frame is drawn around them. O(tasks + links x
 * depth).
 * @example outlineLayout([{ id: 1, parentId: null, order: 0 }, { id: 2, parentId: 1, order: 0 }], []).get(2) // { x: 15, y: 60 }
 */
export function outlineLayout(
  tasks: readonly OutlineTask[],
  dependencies: readonly GraphDependency[],
  options: LayoutOptions = DEFAULT_LAYOUT,
): Map<number, Point> {
  const outline = buildOutline(tasks);
  const depth = new Map<number, number>();
  for (const id of outline.order) {
    const parent = outline.parentOf(id);
    depth.set(id, parent === null ? 0 : (depth.get(parent) as number) + 1);
  }

  // Each link between two siblings' subtrees, as a link between those siblings, kept with their parent.
  const linksIn = new Map<number | null, GraphDependency[]>();
  for (const { sourceTaskId, targetTaskId } of dependencies) {
    let source: number | undefined = sourceTaskId;
    let target: number | undefined = targetTaskId;
    if (!depth.has(source) || !depth.has(target)) continue;
    while ((depth.get(source) as number) > (depth.get(target) as number))
      source = outline.parentOf(source) as number;
    while ((depth.get(target) as number) > (depth.get(source) as number))
      target = outline.parentOf(target) as number;
    if (source === target) continue; // a task and its own summary: never stored
    while (outline.parentOf(source) !== outline.parentOf(target)) {
      source = outline.parentOf(source) as number;
      target = outline.parentOf(target) as number;
    }
    const parent = outline.parentOf(source);
    const list = linksIn.get(parent);
    if (list) list.push({ sourceTaskId: source, targetTaskId: target });
    else linksIn.set(parent, [{ sourceTaskId: source, targetTaskId: target }]);
  }

  // Innermost summaries first: each group's units placed within it, then the group sized.
  const cell: Size = { width: options.columnWidth, height: options.rowHeight };
  const sizes = new Map<number, Size>();
  const placed = new Map<number | null, Map<number, Point>>();
  const layOutGroup = (parent: number | null) => {
    const { at, size } = layOutUnits(
      outline.childrenOf(parent),
      linksIn.get(parent) ?? [],
      (id) => sizes.get(id) ?? cell,
    );
    placed.set(parent, at);
    return size;
  };
  for (let index = outline.order.length - 1; index >= 0; index--) {
    const id = outline.order[index];
    if (!outline.isSummary(id)) continue;
    const inner = layOutGroup(id);
    sizes.set(id, {
      width: inner.width + 2 * FRAME_PADDING,
      height: inner.height + 2 * FRAME_PADDING + FRAME_HEADER,
    });
  }
  layOutGroup(null);

  // From the top down, each unit's corner in the plan: a frame's children start inside its padding and header.
  const positions = new Map<number, Point>();
  const corner = new Map<number, Point>();
  for (const id of outline.order) {
    const parent = outline.parentOf(id);
    const own = placed.get(parent)?.get(id) as Point;
    const frame = parent === null ? null : (corner.get(parent) as Point);
    const point = frame
      ? { x: frame.x + FRAME_PADDING + own.x, y: frame.y + FRAME_PADDING + FRAME_HEADER + own.y }
      : own;
    corner.set(id, point);
    if (!outline.isSummary(id)) positions.set(id, point);
  }
  return positions;
}
