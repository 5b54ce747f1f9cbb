import { FRAME_HEADER, FRAME_PADDING } from "@core/graph/layout";
import type { TaskDto } from "@core/schemas/projects";
import { buildOutline } from "@core/tasks/outline";
import { dependencyDto, taskDto } from "@core/testing/dto-factories";
import { applyNodeChanges } from "@xyflow/react";
import { describe, expect, it } from "vitest";
import {
  type FrameLayout,
  type GraphNode,
  isTaskNode,
  mergeEdges,
  mergeNodes,
  type NodeInputs,
  type TaskNode,
  withFrames,
} from "./graph-elements";
import {
  frameBoxes,
  graphOutline,
  linkGroups,
  movedPositions,
  summaryAtPoint,
  summaryInfos,
  summaryOrigins,
} from "./graph-outline";

// 1 Design (summary): 2 Sketch, 3 Review (summary): 4 Notes. Then 5 Build, 6 Launch.
const at = (x: number, y: number) => ({ positionX: x, positionY: y });
const plan: TaskDto[] = [
  taskDto({ id: 1, name: "Design", order: 0, ...at(900, 900) }),
  taskDto({ id: 2, name: "Sketch", parentId: 1, order: 0, ...at(0, 0) }),
  taskDto({ id: 3, name: "Review", parentId: 1, order: 1, ...at(900, 900) }),
  taskDto({ id: 4, name: "Notes", parentId: 3, order: 0, ...at(300, 150) }),
  taskDto({ id: 5, name: "Build", order: 1, ...at(600, 0) }),
  taskDto({ id: 6, name: "Launch", order: 2, ...at(900, 0) }),
];
const outline = buildOutline(plan);
const everything = () => true;
const size = { width: 200, height: 80 };
/** How far above the cards inside it a frame begins. */
const TOP = FRAME_PADDING + FRAME_HEADER;
const positions = new Map(plan.map((task) => [task.id, { x: task.positionX ?? 0, y: task.positionY ?? 0 }]));

describe("graphOutline", () => {
  it("draws expanded summaries as frames around what is directly inside them, in tree order", () => {
    const view = graphOutline(outline, everything, new Set());
    expect(view.cardIds).toEqual([2, 4, 5, 6]);
    expect(view.frames).toEqual([
      { id: 1, children: [2, 3] },
      { id: 3, children: [4] },
    ]);
    expect(view.order).toEqual([1, 2, 3, 4, 5, 6]);
    expect([1, 2, 3, 4, 5, 6].map(view.nodeOf)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("draws a collapsed summary as one card its hidden tasks attach to", () => {
    const design = graphOutline(outline, everything, new Set([1]));
    expect(design.cardIds).toEqual([1, 5, 6]);
    expect(design.frames).toEqual([]);
    expect([...design.collapsedIds]).toEqual([1]);
    expect([1, 2, 3, 4].map(design.nodeOf)).toEqual([1, 1, 1, 1]);
    // A summary collapsed inside a collapsed one is hidden with it.
    expect(graphOutline(outline, everything, new Set([1, 3])).cardIds).toEqual([1, 5, 6]);
    const review = graphOutline(outline, everything, new Set([3]));
    expect(review.cardIds).toEqual([2, 3, 5, 6]);
    expect(review.frames).toEqual([{ id: 1, children: [2, 3] }]);
    expect(review.nodeOf(4)).toBe(3);
  });

  it("leaves out a summary with no shown task under it, and the links of tasks not shown", () => {
    const view = graphOutline(outline, (id) => id !== 4, new Set());
    expect(view.frames).toEqual([{ id: 1, children: [2] }]);
    expect(view.order).toEqual([1, 2, 5, 6]);
    expect([3, 4].map(view.nodeOf)).toEqual([null, null]);
    expect(graphOutline(outline, (id) => id !== 4, new Set([1])).nodeOf(4)).toBeNull();
  });
});

describe("frame boxes", () => {
  it("join the boxes inside with the padding around and the header above, nested frames included", () => {
    const boxes = frameBoxes(graphOutline(outline, everything, new Set()).frames, (id) => {
      const position = positions.get(id);
      return position && { ...position, ...size };
    });
    const review = { x: 285, y: 150 - TOP, width: 230, height: 80 + 2 * FRAME_PADDING + FRAME_HEADER };
    expect(boxes.get(3)).toEqual(review);
    // Sketch (0, 0 to 200, 80) and Review's frame (to 515, 245).
    expect(boxes.get(1)).toEqual({
      x: -FRAME_PADDING,
      y: -TOP,
      width: 515 + 2 * FRAME_PADDING,
      height: 245 + 2 * FRAME_PADDING + FRAME_HEADER,
    });
  });

  it("begin where a collapsed summary's card then stands", () => {
    const origins = summaryOrigins(outline, (id) => positions.get(id));
    expect(origins.get(3)).toEqual({ x: 285, y: 150 - TOP });
    expect(origins.get(1)).toEqual({ x: -15, y: -TOP });
    // Only the shown tasks count.
    expect(summaryOrigins(outline, (id) => (id === 2 ? undefined : positions.get(id))).get(1)).toEqual({
      x: 270,
      y: 150 - 2 * TOP,
    });
  });
});

describe("summaryInfos", () => {
  it("rolls up WBS, count, dates and status from the tasks under each summary", () => {
    const tasks = plan.map(
      (task): TaskDto =>
        task.id === 2
          ? {
              ...task,
              completed: true,
              startDate: "2026-06-01T09:00:00.000Z",
              dueDate: "2026-06-03T17:00:00.000Z",
            }
          : task.id === 4
            ? { ...task, status: "in-progress", dueDate: "2026-06-09T17:00:00.000Z" }
            : task,
    );
    const infos = summaryInfos(outline, tasks, new Set());
    expect(infos.get(1)).toEqual({
      wbs: "1",
      level: 1,
      below: 3,
      span: { start: "2026-06-01", finish: "2026-06-09" },
      status: "in-progress",
    });
    expect(infos.get(3)).toMatchObject({ wbs: "1.2", level: 2, below: 1, status: "in-progress" });
    expect(infos.has(2)).toBe(false);
    // The server's rolled-up schedule wins; a summary waits on an unfinished prerequisite.
    const scheduled = tasks.map((task) =>
      task.id === 1 ? { ...task, schedule: { start: "2026-05-04", finish: "2026-05-29" } } : task,
    ) as TaskDto[];
    expect(summaryInfos(outline, scheduled, new Set([1])).get(1)).toMatchObject({
      span: { start: "2026-05-04", finish: "2026-05-29" },
      status: "waiting",
    });
    const done = tasks.map((task) => ({ ...task, completed: true }));
    expect(summaryInfos(outline, done, new Set()).get(1)?.status).toBe("completed");
  });
});

describe("links with collapsed summaries", () => {
  const links = [
    dependencyDto(10, 2, 5),
    dependencyDto(11, 4, 5, { type: "SS" }),
    dependencyDto(12, 5, 6),
    dependencyDto(13, 2, 4),
  ];

  it("attach to the collapsed card, one arrow per pair, labelled only when the links agree", () => {
    const view = graphOutline(outline, everything, new Set([1]));
    const groups = linkGroups(links, view.nodeOf);
    expect(groups.map(({ source, target, label }) => ({ source, target, label }))).toEqual([
      { source: 1, target: 5, label: null },
      { source: 5, target: 6, label: null },
    ]);
    expect(groups[0].dependencies.map((dependency) => dependency.id)).toEqual([10, 11]);
    const agreeing = [dependencyDto(10, 2, 5, { type: "SS" }), dependencyDto(11, 4, 5, { type: "SS" })];
    expect(linkGroups(agreeing, view.nodeOf)[0].label).toBe("SS");
    // Expanded, every link is its own arrow.
    expect(linkGroups(links, graphOutline(outline, everything, new Set()).nodeOf)).toHaveLength(4);
  });

  it("become edges named by their ends, critical when one of their links is", () => {
    const view = graphOutline(outline, everything, new Set([1]));
    const nameOf = (id: number) => plan.find((task) => task.id === id)?.name ?? "";
    const edges = mergeEdges([], links, new Set([1, 2, 3, 4, 5, 6]), new Set(["4>5"]), nameOf, view.nodeOf);
    expect(edges.map((edge) => [edge.id, edge.source, edge.target])).toEqual([
      ["links-1-5", "1", "5"],
      ["dependency-12", "5", "6"],
    ]);
    expect(edges[0]).toMatchObject({
      className: "is-critical",
      ariaLabel: "Design blocks Build",
      data: { dependencyIds: [10, 11] },
    });
    expect(edges[0].label).toBeUndefined();
    // The same again: the same edges; expanded again, the links are back on their own tasks.
    expect(mergeEdges(edges, links, new Set([1, 2, 3, 4, 5, 6]), new Set(["4>5"]), nameOf, view.nodeOf)).toBe(
      edges,
    );
    const expanded = graphOutline(outline, everything, new Set());
    const back = mergeEdges(edges, links, new Set(), new Set(), nameOf, expanded.nodeOf);
    expect(back.map((edge) => edge.id)).toEqual([
      "dependency-10",
      "dependency-11",
      "dependency-12",
      "dependency-13",
    ]);
    expect(back[1]).toMatchObject({ source: "4", target: "5", label: "SS" });
  });
});

describe("frames on the canvas", () => {
  const inputs = (tasks: TaskDto[], overrides: Partial<NodeInputs> = {}): NodeInputs => ({
    tasks,
    statusOf: () => "todo",
    categories: [],
    critical: new Set(),
    placed: new Map(),
    ...overrides,
  });
  const infos = summaryInfos(outline, plan, new Set());
  const layoutOf = (collapsed: ReadonlySet<number>): FrameLayout => {
    const view = graphOutline(outline, everything, collapsed);
    return {
      frames: view.frames.map(({ id, children }) => ({
        id,
        children,
        data: {
          task: plan[id - 1],
          critical: false,
          summary: infos.get(id) as NonNullable<ReturnType<typeof infos.get>>,
        },
      })),
      order: view.order,
    };
  };
  const measured = (nodes: readonly TaskNode[]) => nodes.map((node) => ({ ...node, measured: size }));
  const cardsOf = (ids: number[]) => measured(mergeNodes([], inputs(ids.map((id) => plan[id - 1]))));

  it("stand behind the cards, around them, nested, in tree order", () => {
    const nodes = withFrames(cardsOf([2, 4, 5, 6]), layoutOf(new Set()), []);
    expect(nodes.map((node) => [node.id, node.type])).toEqual([
      ["1", "frame"],
      ["2", "task"],
      ["3", "frame"],
      ["4", "task"],
      ["5", "task"],
      ["6", "task"],
    ]);
    const [design, , review] = nodes;
    const height = (inside: number) => inside + 2 * FRAME_PADDING + FRAME_HEADER;
    expect(review).toMatchObject({
      position: { x: 285, y: 150 - TOP },
      width: 230,
      height: height(80),
      draggable: false,
    });
    expect(design).toMatchObject({ position: { x: -15, y: -TOP }, width: 545, height: height(245) });
    expect(design.zIndex).toBeLessThan(review.zIndex ?? 0);
    // Selected, xyflow raises a node by 1000: a frame stays behind the cards (0) all the same.
    expect((review.zIndex ?? 0) + 1000).toBeLessThan(0);
    expect(withFrames(nodes.filter(isTaskNode), layoutOf(new Set()), nodes)).toBe(nodes);
  });

  it("follow a card as it is dragged, keeping their selection", () => {
    const first = withFrames(cardsOf([2, 4, 5, 6]), layoutOf(new Set()), []);
    const selected = first.map((node) => (node.id === "3" ? { ...node, selected: true } : node));
    const moved = applyNodeChanges<GraphNode>(
      [{ type: "position", id: "4", position: { x: 600, y: 300 }, dragging: true }],
      selected,
    );
    const after = withFrames(moved.filter(isTaskNode), layoutOf(new Set()), moved);
    const review = after.find((node) => node.id === "3");
    expect(review).toMatchObject({ position: { x: 585, y: 300 - TOP }, width: 230, selected: true });
    // Sketch's top to the bottom of Review's frame, 15 px under Notes.
    expect(after.find((node) => node.id === "1")).toMatchObject({
      width: 845,
      height: 395 + 2 * FRAME_PADDING + FRAME_HEADER,
    });
    expect(after.find((node) => node.id === "2")).toBe(first[1]);
  });

  it("give way to a collapsed summary's card where the frame began, which moves its subtree along", () => {
    const origins = summaryOrigins(outline, (id) => positions.get(id));
    const summaries = new Map([
      [
        1,
        {
          ...(infos.get(1) as NonNullable<ReturnType<typeof infos.get>>),
          origin: origins.get(1) ?? { x: 0, y: 0 },
        },
      ],
    ]);
    const expanded = withFrames(cardsOf([2, 4, 5, 6]), layoutOf(new Set()), []);
    const selected = expanded.map((node) => (node.id === "1" ? { ...node, selected: true } : node));
    const cards = mergeNodes(selected, inputs([plan[0], plan[4], plan[5]], { summaries }));
    const collapsed = withFrames(cards, layoutOf(new Set([1])), selected);
    expect(collapsed.map((node) => [node.id, node.type])).toEqual([
      ["1", "task"],
      ["5", "task"],
      ["6", "task"],
    ]);
    expect(collapsed[0]).toMatchObject({ position: { x: -15, y: -TOP }, selected: true });
    expect((collapsed[0] as TaskNode).data.summary).toMatchObject({ wbs: "1", below: 3 });

    const moves = movedPositions(
      [
        { taskId: 1, position: { x: 15, y: -15 }, origin: { x: -15, y: -45 } },
        { taskId: 5, position: { x: 630, y: 0 } },
      ],
      outline,
      (id) => positions.get(id) ?? { x: 0, y: 0 },
    );
    expect(moves).toEqual([
      { taskId: 2, position: { x: 30, y: 30 } },
      { taskId: 3, position: { x: 930, y: 930 } },
      { taskId: 4, position: { x: 330, y: 180 } },
      { taskId: 5, position: { x: 630, y: 0 } },
    ]);
    expect(
      movedPositions(
        [{ taskId: 1, position: { x: -15, y: -45 }, origin: { x: -15, y: -45 } }],
        outline,
        () => ({ x: 0, y: 0 }),
      ),
    ).toEqual([]);
  });
});

describe("summaryAtPoint", () => {
  const frameAt = (id: number, level: number, x: number, y: number, width: number, height: number) => ({
    type: "frame",
    position: { x, y },
    width,
    height,
    data: { task: { id }, summary: { level } },
  });
  const nodes = [
    frameAt(1, 1, 0, 0, 1000, 600),
    frameAt(2, 2, 100, 100, 300, 200),
    { type: "task", position: { x: 150, y: 150 }, data: { task: { id: 3 } } },
  ];

  it("answers the innermost frame holding the point, whatever the order of the nodes", () => {
    expect(summaryAtPoint(nodes, { x: 200, y: 200 })).toBe(2);
    expect(summaryAtPoint([...nodes].reverse(), { x: 200, y: 200 })).toBe(2);
    expect(summaryAtPoint(nodes, { x: 700, y: 500 })).toBe(1);
  });

  it("answers null outside every frame; a card is not a frame", () => {
    expect(summaryAtPoint(nodes, { x: 1200, y: 50 })).toBeNull();
    expect(summaryAtPoint([nodes[2]], { x: 160, y: 160 })).toBeNull();
  });
});
