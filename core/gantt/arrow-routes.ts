// Where a Gantt dependency arrow runs between two bars: the one routing the chart on screen and its
// pictures and printed pages share. Geometry only: boxes and rows in, the points of the path out.
import type { DependencyType } from "../schemas/scheduling";

/** How far an arrow runs out of a bar before it turns, and stops short of the bar it enters. */
export const ARROW_GAP = 8;

/** A bar's horizontal extent, in the chart's pixels. */
export type BarBox = { left: number; width: number };

export type ArrowPoint = { x: number; y: number };

export type ArrowRoute = {
  /** The corners in order, from the prerequisite's side to the tip at the dependent's. */
  points: ArrowPoint[];
  /** Where a label sits: the middle of the vertical run, or of the run along the row's edge. */
  labelX: number;
  labelY: number;
  /** The x of the run down from the prerequisite's row: all that shows between the two rows. */
  runX: number;
};

/**
 * Where an arrow runs: out of the prerequisite's end (FS, FF) or start (SS, SF), into the
 * dependent's start (FS, SS) or end (FF, SF), with one vertical run where the two sides allow it,
 * else around along the edge of the dependent's row. `y1` and `y2` are the middles of the two rows,
 * `middle` half the dependent's row height.
 * @example arrowRoute("FS", { left: 0, width: 40 }, { left: 80, width: 40 }, 24, 72, 24).points // (40,24) (48,24) (48,72) (79,72)
 */
export function arrowRoute(
  type: DependencyType,
  from: BarBox,
  to: BarBox,
  y1: number,
  y2: number,
  middle: number,
): ArrowRoute {
  const leavesEnd = type === "FS" || type === "FF";
  const entersStart = type === "FS" || type === "SS";
  const x1 = leavesEnd ? from.left + from.width : from.left;
  const x2 = entersStart ? to.left : to.left + to.width;
  const out = leavesEnd ? x1 + ARROW_GAP : x1 - ARROW_GAP;
  const into = entersStart ? x2 - ARROW_GAP : x2 + ARROW_GAP;
  const tip = entersStart ? x2 - 1 : x2 + 1;
  // One vertical run at x works when x is past the exit on its side and before the entry on its.
  const low = Math.max(
    leavesEnd ? out : Number.NEGATIVE_INFINITY,
    entersStart ? Number.NEGATIVE_INFINITY : into,
  );
  const high = Math.min(
    leavesEnd ? Number.POSITIVE_INFINITY : out,
    entersStart ? into : Number.POSITIVE_INFINITY,
  );
  if (low <= high) {
    const x = leavesEnd ? low : high;
    return {
      points: [
        { x: x1, y: y1 },
        { x, y: y1 },
        { x, y: y2 },
        { x: tip, y: y2 },
      ],
      labelX: x,
      labelY: (y1 + y2) / 2,
      runX: x,
    };
  }
  // Around: out of the prerequisite, along the edge of the dependent's row, into its side.
  const edge = y2 > y1 ? y2 - middle : y2 + middle;
  return {
    points: [
      { x: x1, y: y1 },
      { x: out, y: y1 },
      { x: out, y: edge },
      { x: into, y: edge },
      { x: into, y: y2 },
      { x: tip, y: y2 },
    ],
    labelX: (out + into) / 2,
    labelY: edge,
    runX: out,
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * A route as SVG path data: a move, then a horizontal or vertical line to each corner, to a
 * hundredth of a pixel.
 * @example routePath([{ x: 40, y: 24 }, { x: 48, y: 24 }, { x: 48, y: 72 }]) // "M40 24H48V72"
 */
export function routePath(points: readonly ArrowPoint[]): string {
  if (points.length === 0) return "";
  let d = `M${round(points[0].x)} ${round(points[0].y)}`;
  for (let at = 1; at < points.length; at++) {
    const { x, y } = points[at];
    const before = points[at - 1];
    if (y === before.y) d += `H${round(x)}`;
    else if (x === before.x) d += `V${round(y)}`;
    else d += `L${round(x)} ${round(y)}`;
  }
  return d;
}

/**
 * The left and right ends of a route, to tell whether it meets a part of the timeline.
 * @example routeExtent([{ x: 40, y: 0 }, { x: 32, y: 5 }, { x: 79, y: 5 }]) // { left: 32, right: 79 }
 */
export function routeExtent(points: readonly ArrowPoint[]): { left: number; right: number } {
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const { x } of points) {
    left = Math.min(left, x);
    right = Math.max(right, x);
  }
  return { left, right };
}
