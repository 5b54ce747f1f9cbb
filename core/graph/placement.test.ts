import { describe, expect, it } from "vitest";
import { CARD_SIZE, type PlacedTask, placeUnpositioned } from "./placement";

const at = (id: number, x: number, y: number): PlacedTask => ({
  id,
  positionX: x,
  positionY: y,
  width: null,
  height: null,
});
const loose = (id: number): PlacedTask => ({
  id,
  positionX: null,
  positionY: null,
  width: null,
  height: null,
});
const edge = (sourceTaskId: number, targetTaskId: number) => ({ sourceTaskId, targetTaskId });

/** Whether two cards (default size) overlap. */
const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  a.x < b.x + CARD_SIZE.width &&
  b.x < a.x + CARD_SIZE.width &&
  a.y < b.y + CARD_SIZE.height &&
  b.y < a.y + CARD_SIZE.height;

describe("placeUnpositioned", () => {
  it("leaves tasks with a stored position out, and places nothing when every task has one", () => {
    expect(placeUnpositioned([at(1, 0, 0), at(2, 380, 0)], [])).toEqual(new Map());
  });

  it("puts a task right of its prerequisite, level with it", () => {
    const placed = placeUnpositioned([at(1, 100, 40), loose(2)], [edge(1, 2)]);
    expect(placed).toEqual(new Map([[2, { x: 480, y: 40 }]]));
  });

  it("moves down until the spot beside the prerequisites is free", () => {
    const placed = placeUnpositioned([at(1, 0, 0), at(2, 380, 0), loose(3)], [edge(1, 3)]);
    expect(placed.get(3)).toEqual({ x: 380, y: 140 });
  });

  it("puts a task without placed prerequisites below the lowest card, rows of five from the left", () => {
    const tasks = [
      at(1, 200, 0),
      at(2, 500, 300),
      ...Array.from({ length: 6 }, (_, index) => loose(10 + index)),
    ];
    const placed = placeUnpositioned(tasks, []);
    expect(placed.get(10)).toEqual({ x: 200, y: 300 + CARD_SIZE.height + 30 });
    expect(placed.get(11)?.y).toBe(placed.get(10)?.y);
    expect(placed.get(15)).toEqual({ x: 200, y: (placed.get(10)?.y ?? 0) + 140 });
  });

  it("starts at the origin in an empty plan, and places the same plan the same way", () => {
    const tasks = [loose(3), loose(1), loose(2)];
    const placed = placeUnpositioned(tasks, [edge(1, 2)]);
    expect(placed.get(1)).toEqual({ x: 0, y: 0 });
    expect(placed.get(2)).toEqual({ x: 380, y: 0 });
    expect(placeUnpositioned([...tasks].reverse(), [edge(1, 2)])).toEqual(placed);
  });

  it("never puts a card on another, in a crowded plan of placed and unplaced tasks", () => {
    const tasks: PlacedTask[] = [];
    for (let id = 1; id <= 300; id += 1) {
      tasks.push(id % 3 === 0 ? loose(id) : at(id, (id % 7) * 200, Math.floor(id / 7) * 90));
    }
    const dependencies = tasks.slice(1).map((task, index) => edge(tasks[index].id, task.id));
    const placed = placeUnpositioned(tasks, dependencies);
    expect(placed.size).toBe(100);
    const fixed = tasks
      .filter((task) => task.positionX !== null)
      .map((task) => ({ x: task.positionX ?? 0, y: task.positionY ?? 0 }));
    const spots = [...placed.values()];
    for (const [index, spot] of spots.entries()) {
      for (const other of fixed) expect(overlaps(spot, other)).toBe(false);
      for (const other of spots.slice(index + 1)) expect(overlaps(spot, other)).toBe(false);
    }
  });
});
