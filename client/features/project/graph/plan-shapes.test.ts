import { describe, expect, it } from "vitest";
import type { DependencyEdge, FrameNode, GraphNode, TaskNode } from "./graph-elements";
import { selectionChanges } from "./plan-canvas-layer";
import { arrowInArea, drawsShapes, packPlan, shapeAt, shapeInArea, visibleArea } from "./plan-shapes";

const task = (id: number, x: number, y: number, extra: Partial<TaskNode> = {}): TaskNode => ({
  id: String(id),
  type: "task",
  position: { x, y },
  measured: { width: 200, height: 80 },
  data: {
    task: { id, name: `Task ${id}` } as TaskNode["data"]["task"],
    status: "todo",
    tint: null,
    critical: false,
  },
  ...extra,
});

const frame = (id: number, x: number, y: number, width: number, height: number): FrameNode => ({
  id: String(id),
  type: "frame",
  position: { x, y },
  width,
  height,
  data: {
    task: { id, name: `Summary ${id}` } as FrameNode["data"]["task"],
    critical: false,
    summary: { wbs: "1", level: 1, below: 2, status: "in-progress", span: null },
  },
});

const edge = (source: number, target: number, critical = false): DependencyEdge => ({
  id: `dependency-${source}-${target}`,
  source: String(source),
  target: String(target),
  ...(critical ? { className: "is-critical" } : {}),
});

describe("packPlan", () => {
  it("packs frames before cards, with each shape's box, status, selection and criticality", () => {
    const nodes: GraphNode[] = [
      task(1, 0, 0, { selected: true }),
      frame(10, -20, -40, 600, 200),
      { ...task(2, 300, 0), data: { ...task(2, 300, 0).data, status: "completed", critical: true } },
    ];
    const shapes = packPlan(nodes, [edge(1, 2, true), edge(1, 99)]);
    expect(shapes.ids).toEqual(["10", "1", "2"]);
    expect([...shapes.frame]).toEqual([1, 0, 0]);
    expect([...shapes.rects.slice(0, 4)]).toEqual([-20, -40, 600, 200]);
    expect([...shapes.selected]).toEqual([0, 1, 0]);
    expect([...shapes.critical]).toEqual([0, 0, 1]);
    expect([...shapes.status]).toEqual([1, 0, 4]); // in-progress, todo, completed
    // The arrow to a task not drawn is left out; the other runs from 1's right side to 2's left.
    expect(shapes.arrowCount).toBe(1);
    expect([...shapes.arrows.slice(0, 4)]).toEqual([200, 40, 300, 40]);
    expect(shapes.arrowCritical[0]).toBe(1);
  });

  it("packs the driving path's cards and arrows, a critical one on it too", () => {
    const onPath = (node: TaskNode): TaskNode => ({ ...node, data: { ...node.data, onPath: true } });
    const nodes: GraphNode[] = [onPath(task(1, 0, 0)), task(2, 300, 0), onPath(task(3, 600, 0))];
    const toPath = { ...edge(1, 3), className: "is-critical is-driving-path" };
    const shapes = packPlan(nodes, [edge(1, 2), toPath]);
    expect([...shapes.path]).toEqual([1, 0, 1]);
    expect([...shapes.arrowPath]).toEqual([0, 1]);
    expect([...shapes.arrowCritical]).toEqual([0, 1]);
  });

  it("sizes a card never measured by the estimate", () => {
    const { measured: _measured, ...unmeasured } = task(1, 0, 0);
    const shapes = packPlan([unmeasured as TaskNode], []);
    expect(shapes.rects[2]).toBeGreaterThan(100);
    expect(shapes.rects[3]).toBeGreaterThan(40);
  });
});

describe("culling and hit-testing", () => {
  const shapes = packPlan(
    [frame(10, -20, -40, 600, 200), task(1, 0, 0), task(2, 300, 0), task(3, 5000, 5000)],
    [edge(1, 3), edge(2, 3)],
  );

  it("answers the part of the plan a viewport shows", () => {
    expect(visibleArea({ x: -100, y: -50, zoom: 0.5 }, 800, 600)).toEqual({
      x: 200,
      y: 100,
      width: 1600,
      height: 1200,
    });
  });

  it("keeps the shapes in view and the arrows crossing it", () => {
    const area = { x: 1000, y: 1000, width: 100, height: 100 };
    expect([0, 1, 2, 3].filter((index) => shapeInArea(shapes, index, area))).toEqual([]);
    // Both arrows run from near the origin to (5000, 5040): their boxes cover the area.
    expect(arrowInArea(shapes, 0, area)).toBe(true);
    const aside = { x: -5000, y: 2000, width: 100, height: 100 };
    expect(arrowInArea(shapes, 0, aside)).toBe(false);
  });

  it("hits a card before the frame around it, the frame around the cards, and nothing outside", () => {
    expect(shapes.ids[shapeAt(shapes, { x: 50, y: 40 })]).toBe("1");
    expect(shapes.ids[shapeAt(shapes, { x: 250, y: 40 })]).toBe("10");
    expect(shapeAt(shapes, { x: 2000, y: 2000 })).toBe(-1);
    // A few pixels off the edge still hit, with slop.
    expect(shapes.ids[shapeAt(shapes, { x: 4998, y: 5000 }, 3)]).toBe("3");
    expect(shapeAt(shapes, { x: 4990, y: 5000 }, 3)).toBe(-1);
  });

  it("draws as shapes below 40 % only", () => {
    expect(drawsShapes(0.39)).toBe(true);
    expect(drawsShapes(0.4)).toBe(false);
  });
});

describe("selectionChanges", () => {
  const shapes = packPlan([task(1, 0, 0, { selected: true }), task(2, 300, 0), task(3, 600, 0)], []);

  it("selects the shape clicked alone", () => {
    expect(selectionChanges(shapes, 1, false)).toEqual([
      { type: "select", id: "1", selected: false },
      { type: "select", id: "2", selected: true },
    ]);
  });

  it("adds to or takes from the selection with Ctrl or Cmd", () => {
    expect(selectionChanges(shapes, 2, true)).toEqual([{ type: "select", id: "3", selected: true }]);
    expect(selectionChanges(shapes, 0, true)).toEqual([{ type: "select", id: "1", selected: false }]);
  });

  it("clears the selection on a click on empty canvas", () => {
    expect(selectionChanges(shapes, -1, false)).toEqual([{ type: "select", id: "1", selected: false }]);
  });
});
