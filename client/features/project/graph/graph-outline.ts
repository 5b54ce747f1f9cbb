// Summary tasks in the dependency graph (docs/spec/outline.md): an expanded summary is a frame
// around the cards of the tasks under it, a collapsed one a single card its hidden tasks' links
// attach to. Pure functions over the outline and the canvas's nodes, tested without a browser.
//
// Why frames of our own rather than xyflow's parent (sub-flow) nodes: a sub-flow makes every
// child's position relative to its parent, so each move in the outline (Tab in the list, a live
// event) would have to convert positions both ways, and every write would have to turn them back
// into the absolute ones the server stores; xyflow also wants parents before children in the array
// and clamps or grows parents as children move. A frame here is drawn from its cards' boxes: the
// cards keep their absolute positions, and writes stay as they were. Frames are not dragged (a
// card dragged out of one makes it grow); they are recomputed from the cards after every change.
import { FRAME_HEADER, FRAME_PADDING } from "@core/graph/layout";
import { dependencyLabel } from "@core/scheduling/dependency-label";
import type { DependencyDto, ScheduledTaskDto, TaskDto } from "@core/schemas/projects";
import type { Outline } from "@core/tasks/outline";
import { type DisplayStatus, displayStatus } from "@core/tasks/status";
import type { Node, XYPosition } from "@xyflow/react";
import { type DaySpan, summaryDaySpans } from "@/entities/task/components/summary-dates";
import type { Box } from "./minimap-geometry";

/**
 * A frame's z-index: below the arrows and cards (0) even when selected (xyflow adds 1000), and a
 * deeper frame above the one holding it.
 */
export const frameZIndex = (level: number) => -2000 + level;

/** What a summary shows, as a frame or as a collapsed card. */
export type SummaryInfo = {
  wbs: string;
  /** 1 at the top level. */
  level: number;
  /** How many tasks are under it (every level). */
  below: number;
  /** Its dates, rolled up from the tasks under it. */
  span: DaySpan | null;
  status: DisplayStatus;
};

/** How the outline is drawn for a given filter and set of collapsed summaries. */
export type GraphOutline = {
  /** The tasks drawn as cards, in tree order: shown leaves outside collapsed summaries, and those summaries. */
  cardIds: number[];
  /** The expanded summaries drawn as frames, in tree order, each with the tasks drawn directly inside it. */
  frames: { id: number; children: number[] }[];
  /** The collapsed summaries drawn as cards. */
  collapsedIds: ReadonlySet<number>;
  /** Every node, frames and cards, in tree order (a frame before what it holds): the keyboard's order. */
  order: number[];
  /**
   * The node a task's links attach to: its own, the collapsed summary its card is hidden in, or
   * null when it is not shown (filtered out).
   */
  nodeOf: (taskId: number) => number | null;
};

/**
 * Which tasks are cards and which frames. A leaf is shown when `shown` says so; a summary when a
 * shown leaf is under it. A collapsed summary's subtree is hidden and it becomes a card.
 * @example graphOutline(outline, () => true, new Set([1])).cardIds // [1, 5]: 1 is collapsed
 */
export function graphOutline(
  outline: Outline,
  shown: (taskId: number) => boolean,
  collapsed: ReadonlySet<number>,
): GraphOutline {
  const { order } = outline;
  const visible = new Set<number>();
  for (let at = order.length - 1; at >= 0; at--) {
    const id = order[at];
    const children = outline.childrenOf(id);
    if (children.length === 0 ? shown(id) : children.some((child) => visible.has(child))) visible.add(id);
  }
  // The topmost collapsed summary above each hidden task.
  const hiddenIn = new Map<number, number>();
  const cardIds: number[] = [];
  const frames: GraphOutline["frames"] = [];
  const collapsedIds = new Set<number>();
  const nodes: number[] = [];
  for (const id of order) {
    const parent = outline.parentOf(id);
    if (parent !== null) {
      const top = hiddenIn.get(parent) ?? (collapsed.has(parent) ? parent : undefined);
      if (top !== undefined) {
        hiddenIn.set(id, top);
        continue;
      }
    }
    if (!visible.has(id)) continue;
    nodes.push(id);
    if (!outline.isSummary(id)) cardIds.push(id);
    else if (collapsed.has(id)) {
      cardIds.push(id);
      collapsedIds.add(id);
    } else frames.push({ id, children: outline.childrenOf(id).filter((child) => visible.has(child)) });
  }
  return {
    cardIds,
    frames,
    collapsedIds,
    order: nodes,
    nodeOf: (taskId) => (visible.has(taskId) ? (hiddenIn.get(taskId) ?? taskId) : null),
  };
}

/**
 * Where each shown summary's frame begins (its top left corner), from where the shown leaves under
 * it stand: the same whether it is expanded or collapsed, so a collapsed summary's card stands
 * where its frame's name was.
 * @example summaryOrigins(outline, (id) => positions.get(id)).get(1) // { x: -15, y: -45 } for a leaf at 0, 0
 */
export function summaryOrigins(
  outline: Outline,
  positionOf: (taskId: number) => XYPosition | undefined,
): Map<number, XYPosition> {
  const origins = new Map<number, XYPosition>();
  const corner = new Map<number, XYPosition>();
  for (let at = outline.order.length - 1; at >= 0; at--) {
    const id = outline.order[at];
    const children = outline.childrenOf(id);
    if (children.length === 0) {
      const own = positionOf(id);
      if (own) corner.set(id, own);
      continue;
    }
    let x = Number.POSITIVE_INFINITY;
    let y = Number.POSITIVE_INFINITY;
    for (const child of children) {
      const below = corner.get(child);
      if (!below) continue;
      x = Math.min(x, below.x);
      y = Math.min(y, below.y);
    }
    if (x === Number.POSITIVE_INFINITY) continue;
    const origin = { x: x - FRAME_PADDING, y: y - FRAME_PADDING - FRAME_HEADER };
    corner.set(id, origin);
    origins.set(id, origin);
  }
  return origins;
}

/**
 * What each summary shows: WBS number, level, the count of tasks under it, its dates (the
 * schedule the server rolled up, else the span of its leaves' schedules or dates) and its status
 * (Completed when every leaf is, Waiting on an unfinished prerequisite, In Progress once a leaf has
 * started, else To Do).
 */
export function summaryInfos(
  outline: Outline,
  tasks: readonly TaskDto[],
  waiting: ReadonlySet<number>,
): Map<number, SummaryInfo> {
  const byId = new Map(tasks.map((task) => [task.id, task as ScheduledTaskDto]));
  const spans = summaryDaySpans(outline, tasks as readonly ScheduledTaskDto[]);
  const state = new Map<number, { completed: boolean; started: boolean; below: number }>();
  const infos = new Map<number, SummaryInfo>();
  for (let at = outline.order.length - 1; at >= 0; at--) {
    const id = outline.order[at];
    const children = outline.childrenOf(id);
    const task = byId.get(id);
    if (children.length === 0) {
      const completed = task?.completed ?? false;
      state.set(id, { completed, started: completed || task?.status === "in-progress", below: 0 });
      continue;
    }
    const states = children.flatMap((child) => state.get(child) ?? []);
    const completed = states.every((each) => each.completed);
    const started = states.some((each) => each.started);
    const below = states.reduce((sum, each) => sum + 1 + each.below, 0);
    state.set(id, { completed, started, below });
    const { wbs, outlineLevel } = outline.fieldsOf(id);
    const span = spans.get(id) ?? null;
    infos.set(id, {
      wbs,
      level: outlineLevel,
      below,
      span,
      status: displayStatus({ completed, status: started ? "in-progress" : "todo" }, waiting.has(id)),
    });
  }
  return infos;
}

/** A node's box: where it stands and its measured size (else its set size, else `fallback`). */
export function nodeBox(node: Node, fallback: { width: number; height: number }): Box {
  return {
    x: node.position.x,
    y: node.position.y,
    width: node.measured?.width ?? node.width ?? fallback.width,
    height: node.measured?.height ?? node.height ?? fallback.height,
  };
}

/**
 * Each frame's box, innermost first: the boxes directly inside it (cards from `boxOf`, frames
 * computed here) joined, with the padding around and the header band above. A frame with nothing
 * inside gets none.
 * @example frameBoxes([{ id: 1, children: [2] }], (id) => boxes.get(id)).get(1) // card 2's box grown by 15 px, and 30 more on top
 */
export function frameBoxes(
  frames: readonly { id: number; children: readonly number[] }[],
  boxOf: (taskId: number) => Box | undefined,
): Map<number, Box> {
  const boxes = new Map<number, Box>();
  for (let at = frames.length - 1; at >= 0; at--) {
    const { id, children } = frames[at];
    let left = Number.POSITIVE_INFINITY;
    let top = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const child of children) {
      const box = boxes.get(child) ?? boxOf(child);
      if (!box) continue;
      left = Math.min(left, box.x);
      top = Math.min(top, box.y);
      right = Math.max(right, box.x + box.width);
      bottom = Math.max(bottom, box.y + box.height);
    }
    if (left === Number.POSITIVE_INFINITY) continue;
    boxes.set(id, {
      x: left - FRAME_PADDING,
      y: top - FRAME_PADDING - FRAME_HEADER,
      width: right - left + 2 * FRAME_PADDING,
      height: bottom - top + 2 * FRAME_PADDING + FRAME_HEADER,
    });
  }
  return boxes;
}

/** The links drawn as one arrow: between two nodes, with the dependencies it stands for. */
export type LinkGroup = {
  source: number;
  target: number;
  dependencies: DependencyDto[];
  /** The type and lag written on the arrow: the dependencies' own when they agree, else none. */
  label: string | null;
};

/**
 * The arrows between the nodes drawn: each dependency goes from its prerequisite's node to its
 * dependent's (`nodeOf`: a collapsed summary stands for the tasks hidden in it), one arrow per
 * distinct pair; a dependency inside one collapsed summary, or with an end not shown, is not drawn.
 * @example linkGroups([dependency(10, 2, 5), dependency(11, 3, 5)], (id) => (id < 5 ? 1 : id)) // one group 1 → 5 of both
 */
export function linkGroups(
  dependencies: readonly DependencyDto[],
  nodeOf: (taskId: number) => number | null,
): LinkGroup[] {
  const groups = new Map<string, LinkGroup & { labels: Set<string | null> }>();
  for (const dependency of dependencies) {
    const source = nodeOf(dependency.sourceTaskId);
    const target = nodeOf(dependency.targetTaskId);
    if (source === null || target === null || source === target) continue;
    const key = `${source}>${target}`;
    const label = dependencyLabel(dependency);
    const group = groups.get(key);
    if (group) {
      group.dependencies.push(dependency);
      group.labels.add(label);
    } else groups.set(key, { source, target, dependencies: [dependency], label, labels: new Set([label]) });
  }
  return [...groups.values()].map(({ labels, ...group }) => ({
    ...group,
    label: labels.size === 1 ? group.label : null,
  }));
}

/** A card moved to `position`, as the tasks to save: a collapsed summary's card takes its subtree along. */
export type MovedCard = { taskId: number; position: XYPosition; origin?: XYPosition };

/**
 * The positions to store after cards moved: a task's card where it stands; a collapsed summary's
 * card (whose `origin` is where its subtree put it) moves every task under it by as much.
 * @example movedPositions([{ taskId: 1, position: { x: 30, y: 0 }, origin: { x: 0, y: 0 } }], outline, at) // each task under 1, 30 px right
 */
export function movedPositions(
  cards: readonly MovedCard[],
  outline: Outline | null,
  positionOf: (taskId: number) => XYPosition,
): { taskId: number; position: XYPosition }[] {
  return cards.flatMap(({ taskId, position, origin }) => {
    if (!origin || !outline) return [{ taskId, position }];
    const dx = position.x - origin.x;
    const dy = position.y - origin.y;
    if (dx === 0 && dy === 0) return [];
    return outline.descendantsOf(taskId).map((id) => {
      const at = positionOf(id);
      return { taskId: id, position: { x: at.x + dx, y: at.y + dy } };
    });
  });
}

/** What summaryAtPoint reads of a canvas node (graph-elements.ts's GraphNode has it). */
type CanvasNode = {
  type?: string;
  position: XYPosition;
  width?: number;
  height?: number;
  data: { task: { id: number }; summary?: { level: number } };
};

/**
 * The summary whose frame holds a point of the canvas, the innermost when frames nest; null
 * outside every frame. A card added there goes under that summary.
 * @example summaryAtPoint(nodes, { x: 40, y: 60 }) // 12
 */
export function summaryAtPoint(nodes: readonly CanvasNode[], point: XYPosition): number | null {
  let found: { id: number; level: number } | null = null;
  for (const node of nodes) {
    if (node.type !== "frame" || node.width === undefined || node.height === undefined) continue;
    const { x, y } = node.position;
    if (point.x < x || point.x > x + node.width || point.y < y || point.y > y + node.height) continue;
    const level = node.data.summary?.level ?? 0;
    if (!found || level > found.level) found = { id: node.data.task.id, level };
  }
  return found?.id ?? null;
}
