// From project data to the canvas's nodes and edges. Pure functions, so they are tested without a
// browser; they reuse the previous node or edge object whenever nothing it shows has changed, so a
// change to one task re-renders one card, not a thousand.

import type { CategoryDto, DependencyDto, TaskDto } from "@core/schemas/projects";
import type { DisplayStatus } from "@core/tasks/status";
import { classifyTasks, type TaskFilter } from "@core/tasks/task-filters";
import {
  type Edge,
  type EdgeMarker,
  MarkerType,
  type Node,
  type NodeChange,
  Position,
  type XYPosition,
} from "@xyflow/react";
import { frameBoxes, frameZIndex, linkGroups, nodeBox, type SummaryInfo } from "./graph-outline";
import { edgeClass, OFF_PATH_ATTRIBUTES, ON_PATH_ATTRIBUTES } from "./path-marks";

export { isCriticalEdge, isPathEdge } from "./path-marks";

export type TaskNodeData = {
  task: TaskDto;
  status: DisplayStatus;
  /** The category's colour, or null without a category. */
  tint: string | null;
  /** On the highlighted critical path. */
  critical: boolean;
  /** On the driving path shown (driving-path-context.tsx); absent when not. */
  onPath?: true;
  /** Off the driving path shown, so dimmed (path-marks.ts); absent when on it or none is shown. */
  offPath?: true;
  /** A collapsed summary's card: what it rolls up, and where its subtree puts it. */
  summary?: SummaryCard;
};
export type SummaryCard = SummaryInfo & { origin: XYPosition };
export type TaskNode = Node<TaskNodeData, "task">;
/** An expanded summary: a frame around the cards under it (graph-outline.ts). */
export type FrameNodeData = { task: TaskDto; critical: boolean; summary: SummaryInfo; offPath?: true };
export type FrameNode = Node<FrameNodeData, "frame">;
export type GraphNode = TaskNode | FrameNode;
/** `dependencyIds`: every dependency the arrow stands for (several when it joins a collapsed summary). */
export type DependencyEdge = Edge<{ dependencyId: number; dependencyIds: number[] }>;

export const isTaskNode = (node: GraphNode): node is TaskNode => node.type === "task";

/**
 * The Show filter, local to the view: the filter every view shares (core/tasks/task-filters.ts).
 * @example filterTasks(tasks, dependencies, "open", new Date()) // the tasks not completed
 */
export function filterTasks(
  tasks: readonly TaskDto[],
  dependencies: readonly Pick<DependencyDto, "sourceTaskId" | "targetTaskId">[],
  filter: TaskFilter,
  now: Date,
): readonly TaskDto[] {
  if (filter === "all") return tasks;
  const classified = classifyTasks(tasks, dependencies, now);
  return tasks.filter((task) => classified.get(task.id)?.filters.has(filter));
}

/** Node ids are task ids as strings; edge ids name the dependency. */
export const nodeId = (taskId: number) => String(taskId);
export const edgeId = (dependencyId: number) => `dependency-${dependencyId}`;

const ORIGIN: XYPosition = { x: 0, y: 0 };

/**
 * Where a task stands on the canvas: its stored position, else the free spot `placed` gives it
 * (placeUnpositioned in core: beside its prerequisites or below the plan, never on another card).
 */
export function taskPosition(task: TaskDto, placed: ReadonlyMap<number, XYPosition>): XYPosition {
  if (task.positionX !== null && task.positionY !== null) return { x: task.positionX, y: task.positionY };
  return placed.get(task.id) ?? ORIGIN;
}

export type NodeInputs = {
  tasks: readonly TaskDto[];
  /** Display status per task id. */
  statusOf: (task: TaskDto) => DisplayStatus;
  categories: readonly CategoryDto[];
  critical: ReadonlySet<number>;
  /** The cards on the driving path shown; none when absent. */
  drivingPath?: ReadonlySet<number>;
  /** The spots of the tasks with no stored position (placeUnpositioned). */
  placed: ReadonlyMap<number, XYPosition>;
  /** The collapsed summaries among `tasks`, each drawn as one card where its subtree stands. */
  summaries?: ReadonlyMap<number, SummaryCard>;
  /**
   * Give cards that were never drawn an estimated size. Needed when xyflow draws only the cards in
   * view: it waits for every card to be measured before the first fit, and cards out of view never
   * are, so without an estimate the view would never fit.
   */
  estimateSize?: boolean;
};

/** A card's size before it is measured: an odd value, so a real measurement always differs. */
export const ESTIMATED_CARD_SIZE = { width: 220.5, height: 80.5 } as const;

const HANDLE_SIZE = 10;
/**
 * The handles of a card not yet drawn, where task-node.tsx and graph.css put them: the dot on
 * each side and the two areas covering the card. xyflow draws every card it has no handle bounds
 * for, to measure it, so without these it would draw all 5,000 cards of a big plan once (about
 * 90,000 elements) before keeping only those in view. Dropped once the card is measured
 * (withoutEstimatedHandles), so the measured bounds take over.
 */
export const ESTIMATED_HANDLES: NonNullable<TaskNode["handles"]> = (() => {
  const { width, height } = ESTIMATED_CARD_SIZE;
  const dot = { width: HANDLE_SIZE, height: HANDLE_SIZE, y: height / 2 - HANDLE_SIZE / 2 };
  return [
    { id: "in", type: "target", position: Position.Left, x: -HANDLE_SIZE / 2, ...dot },
    { id: "out", type: "source", position: Position.Right, x: width - HANDLE_SIZE / 2, ...dot },
    { id: "drag-area", type: "source", position: Position.Right, x: 0, y: 0, width, height },
    { id: "drop-area", type: "target", position: Position.Left, x: 0, y: 0, width, height },
  ];
})();

/** The nodes after xyflow's changes, with the estimated handles of cards it has now measured dropped. */
export function withoutEstimatedHandles<N extends GraphNode>(
  changes: readonly NodeChange<N>[],
  nodes: N[],
): N[] {
  const measured = new Set(
    changes.flatMap((change) => (change.type === "dimensions" && change.dimensions ? [change.id] : [])),
  );
  if (measured.size === 0) return nodes;
  return nodes.map((node) => {
    if (!node.handles || !measured.has(node.id)) return node;
    const { handles: _estimated, ...rest } = node;
    return rest as N;
  });
}

const sameSummary = (a: SummaryCard | undefined, b: SummaryCard | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    sameInfo(a, b) &&
    a.origin.x === b.origin.x &&
    a.origin.y === b.origin.y);
const sameInfo = (a: SummaryInfo, b: SummaryInfo) =>
  a.wbs === b.wbs &&
  a.level === b.level &&
  a.below === b.below &&
  a.status === b.status &&
  a.span?.start === b.span?.start &&
  a.span?.finish === b.span?.finish;

/**
 * The cards for `tasks`, merged into `current` (the canvas's nodes, with their selection, measured
 * size and drag state): an unchanged card stays the same object, a changed one keeps its selection
 * and size, and a card being dragged keeps the position under the pointer. Answers `current`
 * itself when nothing changed at all. Frames in `current` are left out (withFrames adds them).
 */
export function mergeNodes(current: readonly GraphNode[], inputs: NodeInputs): TaskNode[] {
  const previous = new Map(current.map((node) => [node.id, node]));
  const tints = new Map(inputs.categories.map((category) => [category.id, category.color]));
  let changed = current.length !== inputs.tasks.length;
  const next = inputs.tasks.map((task, index) => {
    const id = nodeId(task.id);
    const found = previous.get(id);
    // A summary collapsing turns its frame into a card: a new node, which stays selected.
    const before = found?.type === "task" ? found : undefined;
    const status = inputs.statusOf(task);
    const tint = task.categoryId === null ? null : (tints.get(task.categoryId) ?? null);
    const critical = inputs.critical.has(task.id);
    const onPath = inputs.drivingPath?.has(task.id) === true;
    const offPath = inputs.drivingPath !== undefined && !onPath;
    const summary = inputs.summaries?.get(task.id);
    const old = before?.data;
    const data: TaskNodeData =
      old &&
      old.task === task &&
      old.status === status &&
      old.tint === tint &&
      old.critical === critical &&
      (old.onPath === true) === onPath &&
      (old.offPath === true) === offPath &&
      sameSummary(old.summary, summary)
        ? old
        : {
            task,
            status,
            tint,
            critical,
            ...(onPath ? { onPath: true as const } : {}),
            ...(offPath ? { offPath: true as const } : {}),
            ...(summary ? { summary } : {}),
          };
    const stored = summary ? summary.origin : taskPosition(task, inputs.placed);
    const position = before?.dragging ? before.position : stored;
    if (
      before &&
      before.data === data &&
      before.position.x === position.x &&
      before.position.y === position.y
    ) {
      if (current[index] !== before) changed = true;
      return before;
    }
    changed = true;
    if (before) return { ...before, data, position };
    const node: TaskNode = { id, type: "task", position, data };
    if (found?.selected) node.selected = true;
    if (inputs.estimateSize) {
      node.measured = { ...ESTIMATED_CARD_SIZE };
      node.handles = ESTIMATED_HANDLES;
    }
    return node;
  });
  return changed ? next : (current as TaskNode[]);
}

/** How the frames are drawn: each expanded summary with the nodes directly inside it, and every node's order. */
export type FrameLayout = {
  /** In tree order, a frame before the frames inside it. */
  frames: readonly { id: number; children: readonly number[]; data: FrameNodeData }[];
  /** Every node id (task ids), frames and cards, in the order the canvas holds them (the keyboard's). */
  order: readonly number[];
};

/** A frame lets clicks through to the canvas except on its header (graph.css), so the plan pans and selects as before. */
const FRAME_STYLE = { pointerEvents: "none" } as const;

/**
 * The canvas's nodes with the frames drawn around `cards` (frameBoxes in graph-outline.ts, from the
 * cards' boxes as they stand now, mid-drag too), in `layout`'s order. A frame whose box and data
 * did not change stays the same object (with its selection); answers `previous` itself when
 * nothing changed at all.
 */
export function withFrames(
  cards: readonly TaskNode[],
  layout: FrameLayout,
  previous: readonly GraphNode[],
): GraphNode[] {
  const byId = new Map<string, GraphNode>(cards.map((node) => [node.id, node]));
  const boxes = frameBoxes(layout.frames, (taskId) => {
    const card = byId.get(nodeId(taskId));
    return card ? nodeBox(card, ESTIMATED_CARD_SIZE) : undefined;
  });
  const before = new Map(previous.map((node) => [node.id, node]));
  for (const { id: taskId, data } of layout.frames) {
    const box = boxes.get(taskId);
    if (!box) continue;
    const id = nodeId(taskId);
    const found = before.get(id);
    const old = found?.type === "frame" ? found : undefined;
    const keptData =
      old &&
      old.data.task === data.task &&
      old.data.critical === data.critical &&
      old.data.offPath === data.offPath &&
      sameInfo(old.data.summary, data.summary)
        ? old.data
        : data;
    if (
      old &&
      old.data === keptData &&
      old.position.x === box.x &&
      old.position.y === box.y &&
      old.width === box.width &&
      old.height === box.height
    ) {
      byId.set(id, old);
      continue;
    }
    const frame: FrameNode = {
      ...(old ?? { id, type: "frame", draggable: false, style: FRAME_STYLE }),
      position: { x: box.x, y: box.y },
      width: box.width,
      height: box.height,
      zIndex: frameZIndex(keptData.summary.level),
      data: keptData,
      ariaLabel: `Summary task "${data.task.name}"`,
    };
    if (!old && found?.selected) frame.selected = true;
    byId.set(id, frame);
  }
  const next: GraphNode[] = [];
  for (const taskId of layout.order) {
    const node = byId.get(nodeId(taskId));
    if (!node) continue;
    next.push(node);
    byId.delete(node.id);
  }
  // Cards the layout does not know of (none, unless the two disagree) keep a place.
  for (const card of cards) if (byId.has(card.id)) next.push(card);
  const same = next.length === previous.length && next.every((node, index) => previous[index] === node);
  return same ? (previous as GraphNode[]) : next;
}

/**
 * Arrows are grey and 2 px wide; the critical path is amber; the driving path is the theme's
 * primary: the tokens of index.css, so the arrowheads change with the theme as the lines do.
 */
export const EDGE_COLOR = "var(--graph-edge)";
export const CRITICAL_EDGE_COLOR = "var(--critical)";
export const PATH_EDGE_COLOR = "var(--primary)";
export const arrowHead = (color: string): EdgeMarker => ({
  type: MarkerType.ArrowClosed,
  color,
  width: 10,
  height: 10,
});
const CRITICAL_ARROW = arrowHead(CRITICAL_EDGE_COLOR);
const PATH_ARROW = arrowHead(PATH_EDGE_COLOR);
type EdgeAttributes = NonNullable<DependencyEdge["domAttributes"]>;
const ON_PATH = ON_PATH_ATTRIBUTES as EdgeAttributes;
const OFF_PATH = OFF_PATH_ATTRIBUTES as EdgeAttributes;

/**
 * What a screen reader hears for a connection: "Site survey blocks Demolition".
 *
 * @example connectionLabel("Site survey", "Demolition") // "Site survey blocks Demolition"
 */
export const connectionLabel = (prerequisite: string, dependent: string) =>
  `${prerequisite} blocks ${dependent}`;

/**
 * The edges between shown tasks, merged into `current` as `mergeNodes` does. Critical ones get a
 * class the stylesheet colours, and an amber arrowhead. Each is named by its two tasks (`nameOf`).
 * With `nodeOf` (a plan with summaries, graph-outline.ts) a link attaches to the node its task is
 * drawn in, a collapsed summary for the tasks hidden in it: one arrow per pair of nodes, critical
 * when one of its links is, labelled when its links agree. An arrow standing for a link of the
 * driving path shown (`pathLinks`) is classed `is-driving-path` and carries data-driving-path;
 * while one is shown, the others are classed `is-off-path` and carry data-off-path (dimmed).
 */
export function mergeEdges(
  current: readonly DependencyEdge[],
  dependencies: readonly DependencyDto[],
  shownTaskIds: ReadonlySet<number>,
  criticalPairs: ReadonlySet<string>,
  nameOf: (taskId: number) => string,
  nodeOf: (taskId: number) => number | null = (taskId) => (shownTaskIds.has(taskId) ? taskId : null),
  pathLinks: ReadonlySet<number> | null = null,
): DependencyEdge[] {
  const previous = new Map(current.map((edge) => [edge.id, edge]));
  const next: DependencyEdge[] = [];
  let changed = false;
  for (const group of linkGroups(dependencies, nodeOf)) {
    const [first, ...others] = group.dependencies;
    const source = nodeId(group.source);
    const target = nodeId(group.target);
    // A link drawn alone keeps its id; several joined in one arrow are named by its ends.
    const id = others.length === 0 ? edgeId(first.id) : `links-${source}-${target}`;
    const critical = group.dependencies.some((dependency) =>
      criticalPairs.has(pairKey(dependency.sourceTaskId, dependency.targetTaskId)),
    );
    const onPath = group.dependencies.some((dependency) => pathLinks?.has(dependency.id));
    const className = edgeClass(critical, onPath, pathLinks !== null && !onPath);
    const before = previous.get(id);
    const label = group.label ?? undefined;
    const blocks = connectionLabel(nameOf(group.source), nameOf(group.target));
    const ariaLabel = label ? `${blocks} (${label})` : blocks;
    const dependencyIds = group.dependencies.map((dependency) => dependency.id);
    if (
      before &&
      before.source === source &&
      before.target === target &&
      before.className === className &&
      before.ariaLabel === ariaLabel &&
      before.label === label &&
      sameIds(before.data?.dependencyIds, dependencyIds)
    ) {
      if (current[next.length] !== before) changed = true;
      next.push(before);
      continue;
    }
    changed = true;
    const edge: DependencyEdge = {
      id,
      source,
      target,
      sourceHandle: "out",
      targetHandle: "in",
      data: { dependencyId: first.id, dependencyIds },
      selected: before?.selected ?? false,
      ariaLabel,
    };
    // A type or lag other than FS+0 is written on the arrow ("SS +2d").
    if (label) Object.assign(edge, { label, labelBgPadding: [4, 2], labelBgBorderRadius: 4 });
    // Only highlighted edges name a marker: an explicit `markerEnd: undefined` would hide the default.
    if (className) edge.className = className;
    if (onPath || critical) edge.markerEnd = onPath ? PATH_ARROW : CRITICAL_ARROW;
    if (pathLinks) edge.domAttributes = onPath ? ON_PATH : OFF_PATH;
    next.push(edge);
  }
  return changed || next.length !== current.length ? next : (current as DependencyEdge[]);
}

const sameIds = (a: readonly number[] | undefined, b: readonly number[]) =>
  a !== undefined && a.length === b.length && a.every((id, index) => id === b[index]);

/** @example pairKey(1, 2) // "1>2" */
export const pairKey = (prerequisiteId: number, dependentId: number) => `${prerequisiteId}>${dependentId}`;

/** Snaps a point to the 15 by 15 grid. */
export function snapToGrid({ x, y }: XYPosition, step = 15): XYPosition {
  return { x: Math.round(x / step) * step, y: Math.round(y / step) * step };
}
