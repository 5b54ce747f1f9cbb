import type { TaskDto } from "@core/schemas/projects";
import { dependencyDto, taskDto } from "@core/testing/dto-factories";
import { describe, expect, it } from "vitest";
import {
  CRITICAL_EDGE_COLOR,
  ESTIMATED_CARD_SIZE,
  ESTIMATED_HANDLES,
  edgeId,
  filterTasks,
  isCriticalEdge,
  isPathEdge,
  mergeEdges,
  mergeNodes,
  type NodeInputs,
  nodeId,
  PATH_EDGE_COLOR,
  pairKey,
  snapToGrid,
  taskPosition,
  withoutEstimatedHandles,
} from "./graph-elements";
import { isOffPathEdge } from "./path-marks";

const task = (overrides: Partial<TaskDto> = {}): TaskDto =>
  taskDto({
    status: "todo",
    positionX: 0,
    positionY: 0,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  });
const dependency = dependencyDto;
const inputs = (tasks: TaskDto[], overrides: Partial<NodeInputs> = {}): NodeInputs => ({
  tasks,
  statusOf: (each) => (each.completed ? "completed" : "todo"),
  categories: [],
  critical: new Set(),
  placed: new Map(),
  ...overrides,
});

const nameOf = (taskId: number) => `Task ${taskId}`;

describe("filterTasks", () => {
  it("keeps what the filter every view shares keeps", () => {
    const done = task({ id: 1, completed: true });
    const ready = task({ id: 2 });
    const waits = task({ id: 3 });
    const held = task({ id: 4, status: "blocked" });
    const tasks = [done, ready, waits, held];
    const links = [{ sourceTaskId: ready.id, targetTaskId: waits.id }];
    const now = new Date();
    expect(filterTasks(tasks, links, "open", now)).toEqual([ready, waits, held]);
    expect(filterTasks(tasks, links, "completed", now)).toEqual([done]);
    expect(filterTasks(tasks, links, "unblocked", now)).toEqual([ready]);
    expect(filterTasks(tasks, links, "waiting", now)).toEqual([waits]);
    expect(filterTasks(tasks, links, "blocked", now)).toEqual([held]);
    expect(filterTasks(tasks, links, "all", now)).toEqual(tasks);
  });
});

describe("taskPosition", () => {
  it("uses the stored position, else the spot placed for the task, else the origin", () => {
    const placed = new Map([[2, { x: 380, y: 0 }]]);
    expect(taskPosition(task({ id: 1, positionX: 15, positionY: 30 }), placed)).toEqual({ x: 15, y: 30 });
    expect(taskPosition(task({ id: 2, positionX: null, positionY: null }), placed)).toEqual({ x: 380, y: 0 });
    expect(taskPosition(task({ id: 3, positionX: null, positionY: null }), placed)).toEqual({ x: 0, y: 0 });
  });
});

describe("mergeNodes", () => {
  it("builds cards with status, tint and critical flag", () => {
    const tinted = task({ categoryId: 7, positionX: 30, positionY: 45 });
    const [node] = mergeNodes(
      [],
      inputs([tinted], {
        categories: [{ id: 7, name: "Design", color: "#3357FF" }],
        critical: new Set([tinted.id]),
      }),
    );
    expect(node).toMatchObject({
      id: nodeId(tinted.id),
      type: "task",
      position: { x: 30, y: 45 },
      data: { task: tinted, status: "todo", tint: "#3357FF", critical: true },
    });
  });

  it("keeps unchanged cards as the same objects, and answers the same list when nothing changed", () => {
    const a = task();
    const b = task();
    const first = mergeNodes([], inputs([a, b]));
    expect(mergeNodes(first, inputs([a, b]))).toBe(first);

    const completedB = { ...b, completed: true };
    const second = mergeNodes(first, inputs([a, completedB]));
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1].data.status).toBe("completed");
  });

  it("keeps selection and measured size on a changed card, and the pointer's position while dragged", () => {
    const a = task({ positionX: 0, positionY: 0 });
    const [built] = mergeNodes([], inputs([a]));
    const held = { ...built, selected: true, measured: { width: 200, height: 80 } };
    const [renamed] = mergeNodes([held], inputs([{ ...a, name: "Renamed" }]));
    expect(renamed).toMatchObject({ selected: true, measured: { width: 200, height: 80 } });
    const dragging = { ...held, dragging: true, position: { x: 90, y: 120 } };
    const [moved] = mergeNodes([dragging], inputs([{ ...a, positionX: 300, positionY: 300 }]));
    expect(moved.position).toEqual({ x: 90, y: 120 });
  });
});

describe("mergeEdges", () => {
  it("draws arrows between shown tasks only, marking the critical ones", () => {
    const shown = new Set([1, 2, 3]);
    const edges = mergeEdges(
      [],
      [dependency(10, 1, 2), dependency(11, 2, 4)],
      shown,
      new Set([pairKey(1, 2)]),
      nameOf,
    );
    expect(edges).toHaveLength(1);
    expect(edges[0].ariaLabel).toBe("Task 1 blocks Task 2");
    expect(edges[0]).toMatchObject({
      id: edgeId(10),
      source: "1",
      target: "2",
      sourceHandle: "out",
      targetHandle: "in",
      className: "is-critical",
      data: { dependencyId: 10 },
    });
    expect(edges[0].markerEnd).toBeDefined();
  });

  it("leaves plain arrows without a marker of their own (the default arrow applies) and reuses them", () => {
    const shown = new Set([1, 2]);
    const first = mergeEdges([], [dependency(10, 1, 2)], shown, new Set(), nameOf);
    expect("markerEnd" in first[0]).toBe(false);
    expect(mergeEdges(first, [dependency(10, 1, 2)], shown, new Set(), nameOf)).toBe(first);
    const selected = [{ ...first[0], selected: true }];
    const critical = mergeEdges(selected, [dependency(10, 1, 2)], shown, new Set([pairKey(1, 2)]), nameOf);
    expect(critical[0]).toMatchObject({ selected: true, className: "is-critical" });
  });
});

describe("the driving path shown", () => {
  it("marks the cards on it, dims the others, and clears both", () => {
    const tasks = [task({ id: 1 }), task({ id: 2 }), task({ id: 3 })];
    const plain = mergeNodes([], inputs(tasks));
    expect(plain.some((node) => node.data.offPath)).toBe(false);
    const shown = mergeNodes(plain, inputs(tasks, { drivingPath: new Set([1, 3]) }));
    expect(shown.map((node) => node.data.onPath === true)).toEqual([true, false, true]);
    expect(shown.map((node) => node.data.offPath === true)).toEqual([false, true, false]);
    // Unchanged while the same path stays shown.
    expect(mergeNodes(shown, inputs(tasks, { drivingPath: new Set([1, 3]) }))).toBe(shown);
    const cleared = mergeNodes(shown, inputs(tasks));
    expect(cleared.some((node) => node.data.onPath || node.data.offPath)).toBe(false);
  });

  it("dims every card when none of the path's is drawn", () => {
    const tasks = [task({ id: 1 }), task({ id: 2 })];
    const shown = mergeNodes([], inputs(tasks, { drivingPath: new Set() }));
    expect(shown.every((node) => node.data.offPath === true)).toBe(true);
  });

  it("marks the arrows of its links, over the critical path's, with data-driving-path", () => {
    const shown = new Set([1, 2, 3]);
    const links = [dependency(10, 1, 2), dependency(11, 2, 3)];
    const plain = mergeEdges([], links, shown, new Set([pairKey(1, 2)]), nameOf);
    const edges = mergeEdges(plain, links, shown, new Set([pairKey(1, 2)]), nameOf, undefined, new Set([10]));
    expect(edges[0]).toMatchObject({
      className: "is-critical is-driving-path",
      domAttributes: { "data-driving-path": "true" },
    });
    expect(edges[0].markerEnd).toMatchObject({ color: PATH_EDGE_COLOR });
    expect(isCriticalEdge(edges[0]) && isPathEdge(edges[0])).toBe(true);
    expect(isOffPathEdge(edges[0])).toBe(false);
    const cleared = mergeEdges(edges, links, shown, new Set([pairKey(1, 2)]), nameOf);
    expect(cleared[0].className).toBe("is-critical");
    expect(cleared[0].domAttributes).toBeUndefined();
  });

  it("dims the arrows off it while it is shown, with their own arrowheads, and clears", () => {
    const shown = new Set([1, 2, 3, 4]);
    const links = [dependency(10, 1, 2), dependency(11, 2, 3), dependency(12, 3, 4)];
    const critical = new Set([pairKey(2, 3)]);
    const plain = mergeEdges([], links, shown, critical, nameOf);
    const edges = mergeEdges(plain, links, shown, critical, nameOf, undefined, new Set([10]));
    expect(edges.map(isOffPathEdge)).toEqual([false, true, true]);
    expect(edges[0].domAttributes).toEqual({ "data-driving-path": "true" });
    expect(edges[1]).toMatchObject({
      className: "is-critical is-off-path",
      domAttributes: { "data-off-path": "true" },
    });
    expect(edges[1].markerEnd).toMatchObject({ color: CRITICAL_EDGE_COLOR });
    expect(edges[2]).toMatchObject({ className: "is-off-path", domAttributes: { "data-off-path": "true" } });
    // A plain arrow dimmed keeps xyflow's default arrowhead.
    expect("markerEnd" in edges[2]).toBe(false);
    expect(isCriticalEdge(edges[1]) && !isPathEdge(edges[1])).toBe(true);
    // The same path again: the same arrows.
    expect(mergeEdges(edges, links, shown, critical, nameOf, undefined, new Set([10]))).toBe(edges);
    const cleared = mergeEdges(edges, links, shown, critical, nameOf);
    expect(cleared.some(isOffPathEdge)).toBe(false);
    expect(cleared.map((edge) => edge.domAttributes)).toEqual([undefined, undefined, undefined]);
    expect(cleared[1].className).toBe("is-critical");
  });
});

describe("snapToGrid", () => {
  it("rounds to 15 px", () => {
    expect(snapToGrid({ x: 7, y: 8 })).toEqual({ x: 0, y: 15 });
    expect(snapToGrid({ x: -22, y: 301 })).toEqual({ x: -15, y: 300 });
  });
});

describe("cards not yet drawn", () => {
  it("get an estimated size and handles only when xyflow draws the cards in view alone", () => {
    const tasks = [task(), task()];
    const [estimated] = mergeNodes([], inputs(tasks, { estimateSize: true }));
    expect(estimated.measured).toEqual(ESTIMATED_CARD_SIZE);
    expect(estimated.handles).toBe(ESTIMATED_HANDLES);
    // The dots the edges attach to: "in" on the left middle, "out" on the right middle.
    const byId = new Map(ESTIMATED_HANDLES.map((handle) => [handle.id, handle]));
    expect(byId.get("in")).toMatchObject({ type: "target", x: -5, y: ESTIMATED_CARD_SIZE.height / 2 - 5 });
    expect(byId.get("out")).toMatchObject({ type: "source", x: ESTIMATED_CARD_SIZE.width - 5 });
    const [drawn] = mergeNodes([], inputs(tasks));
    expect(drawn.measured).toBeUndefined();
    expect(drawn.handles).toBeUndefined();
  });

  it("drop the estimated handles once measured, and keep everything else", () => {
    const nodes = mergeNodes([], inputs([task(), task()], { estimateSize: true }));
    const after = withoutEstimatedHandles(
      [{ type: "dimensions", id: nodes[0].id, dimensions: { width: 240, height: 96 } }],
      nodes,
    );
    expect(after[0].handles).toBeUndefined();
    expect(after[0]).toMatchObject({ id: nodes[0].id, data: nodes[0].data, position: nodes[0].position });
    expect(after[1]).toBe(nodes[1]);
    const unchanged = withoutEstimatedHandles([{ type: "select", id: nodes[1].id, selected: true }], nodes);
    expect(unchanged).toBe(nodes);
  });
});
