import { describe, expect, it } from "vitest";
import { allInView } from "./use-fit-as-plan-grows";

describe("allInView", () => {
  const view = { x: 0, y: 0, zoom: 2 };
  it("holds cards inside the canvas at the zoom shown, and not those past its edge", () => {
    expect(allInView({ x: 0, y: 0, width: 300, height: 100 }, view, 800, 600)).toBe(true);
    // 14 cards in a row at 200 %: 2 x 14 x 380 px is far past an 800 px canvas.
    expect(allInView({ x: 0, y: 0, width: 14 * 380, height: 100 }, view, 800, 600)).toBe(false);
    expect(allInView({ x: -10, y: 0, width: 100, height: 100 }, view, 800, 600)).toBe(false);
  });
});
