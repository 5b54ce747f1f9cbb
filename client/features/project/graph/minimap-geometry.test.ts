import { describe, expect, it } from "vitest";
import { boundsOf, minimapFrame, unionOf, visiblePart } from "./minimap-geometry";

describe("minimap geometry", () => {
  it("bounds packed rectangles, and joins boxes", () => {
    const rects = Float64Array.from([0, 0, 100, 50, 300, -20, 100, 50, 999, 999, 1, 1]);
    expect(boundsOf(rects, 2)).toEqual({ x: 0, y: -20, width: 400, height: 70 });
    expect(boundsOf(rects, 0)).toBeNull();
    expect(unionOf({ x: 0, y: 0, width: 10, height: 10 }, { x: -5, y: 5, width: 10, height: 20 })).toEqual({
      x: -5,
      y: 0,
      width: 15,
      height: 25,
    });
  });

  it("finds the part of the plan on screen from the viewport transform", () => {
    expect(visiblePart([-200, 100, 2], 800, 600)).toEqual({ x: 100, y: -50, width: 400, height: 300 });
  });

  it("frames cards and view centred, with xyflow's margin, and maps plan points into the minimap", () => {
    // Cards 0..1000 x 0..300 and a view inside them: the width decides the scale.
    const frame = minimapFrame(
      { x: 0, y: 0, width: 1000, height: 300 },
      { x: 100, y: 100, width: 200, height: 100 },
      { width: 200, height: 150 },
    );
    expect(frame.viewScale).toBe(5);
    // 5 px of margin each side at 5 plan units per pixel: a box of 1,050 by 800 units, which
    // fits the 200 by 150 minimap by its height (an SVG viewBox's "meet", as xyflow's minimap).
    expect(frame.scale).toBeCloseTo(150 / 800);
    const toMinimap = (x: number, y: number) => [
      frame.offsetX + x * frame.scale,
      frame.offsetY + y * frame.scale,
    ];
    const [left, top] = toMinimap(0, 0);
    const [right, bottom] = toMinimap(1000, 300);
    expect(left).toBeCloseTo(200 - right); // centred across
    expect(top).toBeCloseTo(150 - bottom); // and down
    expect(right - left).toBeCloseTo(1000 * (150 / 800));
  });

  it("takes in a view that reaches past the cards, and frames the view alone when there are none", () => {
    const frame = minimapFrame(
      { x: 0, y: 0, width: 100, height: 100 },
      { x: -900, y: 0, width: 400, height: 300 },
      { width: 200, height: 150 },
    );
    expect(frame.viewScale).toBe(5); // 1,000 units wide (from -900 to 100) over 200 px
    const empty = minimapFrame(null, { x: 0, y: 0, width: 400, height: 300 }, { width: 200, height: 150 });
    expect(empty.viewScale).toBe(2);
  });
});
