import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildOutline, type OutlineTask } from "../tasks/outline";
import type { GraphDependency } from "./dependency-graph";
import { autoLayout, DEFAULT_LAYOUT, FRAME_HEADER, FRAME_PADDING, outlineLayout } from "./layout";

type Box = { x: number; y: number; width: number; height: number };

const { columnWidth, rowHeight } = DEFAULT_LAYOUT;
/** A card as the layout's cell leaves room for it: 300 px wide, 110 tall at most. */
const card = { width: columnWidth - 80, height: rowHeight - 30 };
const link = (sourceTaskId: number, targetTaskId: number): GraphDependency => ({
  sourceTaskId,
  targetTaskId,
});
const task = (id: number, parentId: number | null, order = id): OutlineTask => ({ id, parentId, order });

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, b: Box) =>
  a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;

/** Every box the graph draws for these positions: leaves' cards, and frames grown around them as the view grows them. */
function drawnBoxes(tasks: readonly OutlineTask[], positions: Map<number, { x: number; y: number }>) {
  const outline = buildOutline(tasks);
  const boxes = new Map<number, Box>();
  for (let at = outline.order.length - 1; at >= 0; at--) {
    const id = outline.order[at];
    const children = outline.childrenOf(id);
    if (children.length === 0) {
      const { x, y } = positions.get(id) as { x: number; y: number };
      boxes.set(id, { x, y, ...card });
      continue;
    }
    const held = children.map((child) => boxes.get(child) as Box);
    const left = Math.min(...held.map((box) => box.x));
    const top = Math.min(...held.map((box) => box.y));
    const right = Math.max(...held.map((box) => box.x + box.width));
    const bottom = Math.max(...held.map((box) => box.y + box.height));
    boxes.set(id, {
      x: left - FRAME_PADDING,
      y: top - FRAME_PADDING - FRAME_HEADER,
      width: right - left + 2 * FRAME_PADDING,
      height: bottom - top + 2 * FRAME_PADDING + FRAME_HEADER,
    });
  }
  return { outline, boxes };
}

/** Outlines of up to 25 tasks, each under an earlier one or at the top, with links between leaves (lower id first). */
const outlines = fc.integer({ min: 1, max: 25 }).chain((size) =>
  fc
    .record({
      parents: fc.array(fc.option(fc.nat(), { nil: null }), { minLength: size, maxLength: size }),
      links: fc.array(fc.tuple(fc.nat(size - 1), fc.nat(size - 1)), { maxLength: 30 }),
    })
    .map(({ parents, links }) => {
      const tasks = parents.map((pick, index) =>
        task(index + 1, pick === null || index === 0 ? null : (pick % index) + 1),
      );
      const outline = buildOutline(tasks);
      const dependencies = links
        .map(([a, b]) => [Math.min(a, b) + 1, Math.max(a, b) + 1])
        .filter(([a, b]) => a !== b && !outline.isSummary(a) && !outline.isSummary(b))
        .map(([a, b]) => link(a, b));
      return { tasks, dependencies };
    }),
);

describe("outlineLayout", () => {
  it("lays out a flat plan as autoLayout does", () => {
    const tasks = [1, 2, 3, 4, 5].map((id) => task(id, null));
    const links = [link(1, 2), link(2, 3), link(1, 4)];
    expect(outlineLayout(tasks, links)).toEqual(autoLayout([1, 2, 3, 4, 5], links));
  });

  it("puts a summary's first task inside its frame's padding and header", () => {
    const positions = outlineLayout([task(1, null), task(2, 1)], []);
    expect(positions.get(2)).toEqual({ x: FRAME_PADDING, y: FRAME_PADDING + FRAME_HEADER });
    expect(positions.has(1)).toBe(false);
  });

  it("orders two phases by a link between their tasks, and lays out each phase's tasks inside it", () => {
    // 1 Design: 2 Sketch -> 3 Review; 4 Build: 5 Frame -> 6 Roof. Review -> Frame joins the phases.
    const tasks = [
      task(1, null, 0),
      task(2, 1, 0),
      task(3, 1, 1),
      task(4, null, 1),
      task(5, 4, 0),
      task(6, 4, 1),
    ];
    const positions = outlineLayout(tasks, [link(2, 3), link(5, 6), link(3, 5)]);
    const at = (id: number) => positions.get(id) as { x: number; y: number };
    expect(at(3).x).toBe(at(2).x + columnWidth);
    expect(at(6).x).toBe(at(5).x + columnWidth);
    // Design's frame is two cells and its padding wide; Build's starts right after it, on the same row.
    expect(at(5).x).toBe(2 * columnWidth + 2 * FRAME_PADDING + FRAME_PADDING);
    expect(at(5).y).toBe(at(2).y);
  });

  it("never lets a frame overlap a card or frame outside it, and keeps each task inside its summaries' frames", () => {
    fc.assert(
      fc.property(outlines, ({ tasks, dependencies }) => {
        const positions = outlineLayout(tasks, dependencies);
        const { outline, boxes } = drawnBoxes(tasks, positions);
        const ids = outline.order;
        expect([...positions.keys()].sort((a, b) => a - b)).toEqual(
          ids.filter((id) => !outline.isSummary(id)).sort((a, b) => a - b),
        );
        for (const id of ids) {
          for (const above of outline.ancestorsOf(id)) {
            expect(inside(boxes.get(id) as Box, boxes.get(above) as Box)).toBe(true);
          }
        }
        for (let a = 0; a < ids.length; a++) {
          for (let b = a + 1; b < ids.length; b++) {
            const [one, other] = [ids[a], ids[b]];
            const nested =
              outline.ancestorsOf(one).includes(other) || outline.ancestorsOf(other).includes(one);
            if (!nested) expect(overlap(boxes.get(one) as Box, boxes.get(other) as Box)).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("puts a prerequisite left of its dependent when every link joins tasks under the same summary", () => {
    fc.assert(
      fc.property(outlines, ({ tasks, dependencies }) => {
        const outline = buildOutline(tasks);
        const siblingsOnly = dependencies.filter(
          (each) => outline.parentOf(each.sourceTaskId) === outline.parentOf(each.targetTaskId),
        );
        const positions = outlineLayout(tasks, siblingsOnly);
        for (const { sourceTaskId, targetTaskId } of siblingsOnly) {
          expect(positions.get(sourceTaskId)?.x).toBeLessThan(positions.get(targetTaskId)?.x as number);
        }
      }),
    );
  });
});
