// Where a task with no stored position stands on the graph canvas: in free space, beside its
// prerequisites or below the lowest card, never on top of another card. Tasks made outside the
// graph (the task dialog, kanban, My Tasks, the API) have no position until someone drags them.
import { buildGraph, type GraphDependency } from "./dependency-graph";
import { DEFAULT_LAYOUT } from "./layout";

export type PlacedTask = {
  id: number;
  positionX: number | null;
  positionY: number | null;
  width: number | null;
  height: number | null;
};
export type Point = { x: number; y: number };

/** A card's size when none is stored (the widest a card grows, and a two-line description). */
export const CARD_SIZE = { width: 300, height: 110 } as const;
/** The free space kept around a placed card. */
const GAP = {
  x: DEFAULT_LAYOUT.columnWidth - CARD_SIZE.width,
  y: DEFAULT_LAYOUT.rowHeight - CARD_SIZE.height,
};
/** Cards set below the plan fill rows of this many before the next row starts. */
const ROW_LENGTH = 5;

type Box = { x: number; y: number; width: number; height: number };

/**
 * Boxes indexed by the grid cells they cover, so a free-spot check looks at a few cells instead of
 * every card: placing 5,000 unplaced tasks stays linear.
 */
class Occupancy {
  private readonly cells = new Map<string, Box[]>();
  private readonly cell = { width: DEFAULT_LAYOUT.columnWidth, height: DEFAULT_LAYOUT.rowHeight };

  add(box: Box) {
    for (const key of this.keysOf(box)) {
      const boxes = this.cells.get(key);
      if (boxes) boxes.push(box);
      else this.cells.set(key, [box]);
    }
  }

  /** Whether `box`, with the gap around it, touches a card already placed. */
  isFree(box: Box): boolean {
    const padded = {
      x: box.x - GAP.x / 2,
      y: box.y - GAP.y / 2,
      width: box.width + GAP.x,
      height: box.height + GAP.y,
    };
    for (const key of this.keysOf(padded)) {
      for (const other of this.cells.get(key) ?? []) {
        if (
          padded.x < other.x + other.width &&
          other.x < padded.x + padded.width &&
          padded.y < other.y + other.height &&
          other.y < padded.y + padded.height
        )
          return false;
      }
    }
    return true;
  }

  private *keysOf(box: Box) {
    const left = Math.floor(box.x / this.cell.width);
    const right = Math.floor((box.x + box.width) / this.cell.width);
    const top = Math.floor(box.y / this.cell.height);
    const bottom = Math.floor((box.y + box.height) / this.cell.height);
    for (let column = left; column <= right; column += 1) {
      for (let row = top; row <= bottom; row += 1) yield `${column},${row}`;
    }
  }
}

const sizeOf = (task: PlacedTask) => ({
  width: task.width ?? CARD_SIZE.width,
  height: task.height ?? CARD_SIZE.height,
});

/**
 * A position for every task that has none, in id order (so the same plan places the same way):
 * right of its placed prerequisites, level with the highest of them, moved down until the spot is
 * free; a task with no placed prerequisite goes below the lowest card, rows of five from the left
 * edge of the plan. Tasks with a stored position are not in the answer.
 *
 * @example placeUnpositioned([{ id: 1, positionX: 0, positionY: 0, width: null, height: null },
 *   { id: 2, positionX: null, positionY: null, width: null, height: null }],
 *   [{ sourceTaskId: 1, targetTaskId: 2 }]) // Map { 2 => { x: 380, y: 0 } }
 */
export function placeUnpositioned(
  tasks: readonly PlacedTask[],
  dependencies: readonly GraphDependency[],
): Map<number, Point> {
  const placed = new Map<number, Point>();
  const unplaced = tasks.filter((task) => task.positionX === null || task.positionY === null);
  if (unplaced.length === 0) return placed;

  const occupancy = new Occupancy();
  const boxOf = new Map<number, Box>();
  let left = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    if (task.positionX === null || task.positionY === null) continue;
    const box = { x: task.positionX, y: task.positionY, ...sizeOf(task) };
    occupancy.add(box);
    boxOf.set(task.id, box);
    left = Math.min(left, box.x);
    bottom = Math.max(bottom, box.y + box.height);
  }
  const belowStart = {
    x: Number.isFinite(left) ? left : 0,
    y: Number.isFinite(bottom) ? bottom + GAP.y : 0,
  };
  let belowSlot = 0;
  const { prerequisitesOf } = buildGraph(
    tasks.map((task) => task.id),
    dependencies,
  );

  for (const task of [...unplaced].sort((a, b) => a.id - b.id)) {
    const size = sizeOf(task);
    const prerequisites = (prerequisitesOf.get(task.id) ?? []).flatMap((id) => boxOf.get(id) ?? []);
    let spot: Point;
    if (prerequisites.length > 0) {
      const x = Math.max(...prerequisites.map((box) => box.x + box.width)) + GAP.x;
      let y = Math.min(...prerequisites.map((box) => box.y));
      while (!occupancy.isFree({ x, y, ...size })) y += DEFAULT_LAYOUT.rowHeight;
      spot = { x, y };
    } else {
      do {
        spot = {
          x: belowStart.x + (belowSlot % ROW_LENGTH) * DEFAULT_LAYOUT.columnWidth,
          y: belowStart.y + Math.floor(belowSlot / ROW_LENGTH) * DEFAULT_LAYOUT.rowHeight,
        };
        belowSlot += 1;
      } while (!occupancy.isFree({ ...spot, ...size }));
    }
    const box = { ...spot, ...size };
    occupancy.add(box);
    boxOf.set(task.id, box);
    placed.set(task.id, spot);
  }
  return placed;
}
