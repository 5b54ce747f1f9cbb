// The plan as shapes: the graph's cards, frames and arrows packed into flat arrays once per change
// of the cards, so that the zoomed-out canvas layer (plan-canvas-layer.tsx) and the minimap can
// draw, cull and hit-test 20,000 tasks per frame without touching a node object.
import type { DisplayStatus } from "@core/tasks/status";
import type { Viewport } from "@xyflow/react";
import {
  type DependencyEdge,
  ESTIMATED_CARD_SIZE,
  type GraphNode,
  isCriticalEdge,
  isPathEdge,
} from "./graph-elements";

/**
 * Below this zoom a card's text cannot be read (14 px type drawn under 6 px): a plan big enough
 * that xyflow draws only the cards in view (RENDER_VISIBLE_ONLY_FROM) is drawn on a canvas as
 * shapes instead of as cards.
 */
export const CARD_TEXT_MIN_ZOOM = 0.4;

/** Whether a zoom draws the plan as shapes. */
export const drawsShapes = (zoom: number) => zoom < CARD_TEXT_MIN_ZOOM;

/** The statuses in the order of `status` below. */
export const SHAPE_STATUSES: readonly DisplayStatus[] = [
  "todo",
  "in-progress",
  "waiting",
  "blocked",
  "completed",
];

export type PlanShapes = {
  /** Cards (a collapsed summary is one) and frames: `count` of them. */
  count: number;
  /** x, y, width, height per shape, in flow coordinates. */
  rects: Float64Array;
  /** 1 for a frame (an expanded summary around its cards), 0 for a card. */
  frame: Uint8Array;
  selected: Uint8Array;
  critical: Uint8Array;
  /** 1 for a card on the driving path shown. */
  path: Uint8Array;
  /** Index into SHAPE_STATUSES. */
  status: Uint8Array;
  /** The node id of each shape. */
  ids: string[];
  /** The arrows: x1, y1, x2, y2 (from the prerequisite's right side to the dependent's left). */
  arrows: Float64Array;
  arrowCritical: Uint8Array;
  /** 1 for an arrow of the driving path shown. */
  arrowPath: Uint8Array;
  arrowCount: number;
};

/** A node's size: measured, given, or the estimate of a card never drawn. */
export function nodeSize(node: GraphNode): { width: number; height: number } {
  return {
    width: node.measured?.width ?? node.width ?? node.initialWidth ?? ESTIMATED_CARD_SIZE.width,
    height: node.measured?.height ?? node.height ?? node.initialHeight ?? ESTIMATED_CARD_SIZE.height,
  };
}

const statusIndex = new Map(SHAPE_STATUSES.map((status, index) => [status, index]));

/**
 * Packs the nodes and edges (frames first, so that cards are drawn over them and hit before them).
 * @example packPlan(nodes, edges).count // nodes.length
 */
export function packPlan(nodes: readonly GraphNode[], edges: readonly DependencyEdge[]): PlanShapes {
  const count = nodes.length;
  const rects = new Float64Array(count * 4);
  const frame = new Uint8Array(count);
  const selected = new Uint8Array(count);
  const critical = new Uint8Array(count);
  const path = new Uint8Array(count);
  const status = new Uint8Array(count);
  const ids: string[] = new Array(count);
  const slot = new Map<string, number>();
  let at = 0;
  for (const pass of [true, false]) {
    for (const node of nodes) {
      if ((node.type === "frame") !== pass) continue;
      const { width, height } = nodeSize(node);
      rects[at * 4] = node.position.x;
      rects[at * 4 + 1] = node.position.y;
      rects[at * 4 + 2] = width;
      rects[at * 4 + 3] = height;
      frame[at] = pass ? 1 : 0;
      selected[at] = node.selected ? 1 : 0;
      critical[at] = node.data.critical ? 1 : 0;
      path[at] = node.type === "task" && node.data.onPath ? 1 : 0;
      const shown = node.type === "frame" ? node.data.summary.status : node.data.status;
      status[at] = statusIndex.get(shown) ?? 0;
      ids[at] = node.id;
      slot.set(node.id, at);
      at++;
    }
  }
  const arrows = new Float64Array(edges.length * 4);
  const arrowCritical = new Uint8Array(edges.length);
  const arrowPath = new Uint8Array(edges.length);
  let arrowCount = 0;
  for (const edge of edges) {
    const from = slot.get(edge.source);
    const to = slot.get(edge.target);
    if (from === undefined || to === undefined) continue;
    const a = arrowCount * 4;
    arrows[a] = rects[from * 4] + rects[from * 4 + 2];
    arrows[a + 1] = rects[from * 4 + 1] + rects[from * 4 + 3] / 2;
    arrows[a + 2] = rects[to * 4];
    arrows[a + 3] = rects[to * 4 + 1] + rects[to * 4 + 3] / 2;
    arrowCritical[arrowCount] = isCriticalEdge(edge) ? 1 : 0;
    arrowPath[arrowCount] = isPathEdge(edge) ? 1 : 0;
    arrowCount++;
  }
  return {
    count,
    rects,
    frame,
    selected,
    critical,
    path,
    status,
    ids,
    arrows,
    arrowCritical,
    arrowPath,
    arrowCount,
  };
}

/** The part of the plan (flow coordinates) a viewport shows on a canvas of width x height. */
export function visibleArea(viewport: Viewport, width: number, height: number) {
  return {
    x: -viewport.x / viewport.zoom,
    y: -viewport.y / viewport.zoom,
    width: width / viewport.zoom,
    height: height / viewport.zoom,
  };
}

type Area = { x: number; y: number; width: number; height: number };

/** Whether shape `index` overlaps `area`. */
export function shapeInArea(shapes: PlanShapes, index: number, area: Area): boolean {
  const at = index * 4;
  const { rects } = shapes;
  return (
    rects[at] <= area.x + area.width &&
    rects[at] + rects[at + 2] >= area.x &&
    rects[at + 1] <= area.y + area.height &&
    rects[at + 1] + rects[at + 3] >= area.y
  );
}

/** Whether arrow `index`'s bounding box overlaps `area` (a line crossing the view is drawn too). */
export function arrowInArea(shapes: PlanShapes, index: number, area: Area): boolean {
  const at = index * 4;
  const { arrows } = shapes;
  const [x1, y1, x2, y2] = [arrows[at], arrows[at + 1], arrows[at + 2], arrows[at + 3]];
  return (
    Math.min(x1, x2) <= area.x + area.width &&
    Math.max(x1, x2) >= area.x &&
    Math.min(y1, y2) <= area.y + area.height &&
    Math.max(y1, y2) >= area.y
  );
}

/**
 * The shape under a point of the plan, within `slop` flow units of it (a shape a few pixels wide
 * can still be hit): a card before the frame around it, the last drawn on top. Answers its index,
 * or -1.
 */
export function shapeAt(shapes: PlanShapes, point: { x: number; y: number }, slop = 0): number {
  let frameHit = -1;
  for (let index = shapes.count - 1; index >= 0; index--) {
    const at = index * 4;
    const { rects } = shapes;
    if (
      point.x < rects[at] - slop ||
      point.x > rects[at] + rects[at + 2] + slop ||
      point.y < rects[at + 1] - slop ||
      point.y > rects[at + 1] + rects[at + 3] + slop
    )
      continue;
    if (!shapes.frame[index]) return index;
    if (frameHit < 0) frameHit = index;
  }
  return frameHit;
}
