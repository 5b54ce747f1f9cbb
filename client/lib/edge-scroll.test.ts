import { describe, expect, it } from "vitest";
import { EDGE_SCROLL_MAX_SPEED, EDGE_SCROLL_ZONE, edgeScrollSpeed } from "./edge-scroll";

describe("edgeScrollSpeed", () => {
  const list = { top: 100, bottom: 600 };

  it("does not scroll away from the edges", () => {
    expect(edgeScrollSpeed(350, list)).toBe(0);
    expect(edgeScrollSpeed(list.top + EDGE_SCROLL_ZONE, list)).toBe(0);
  });

  it("scrolls up near the top and down near the bottom, faster closer to the edge", () => {
    expect(edgeScrollSpeed(list.top + 10, list)).toBeLessThan(0);
    expect(edgeScrollSpeed(list.top + 1, list)).toBeLessThan(edgeScrollSpeed(list.top + 30, list));
    expect(edgeScrollSpeed(list.bottom - 10, list)).toBeGreaterThan(0);
    expect(edgeScrollSpeed(list.bottom - 1, list)).toBeGreaterThan(edgeScrollSpeed(list.bottom - 30, list));
  });

  it("goes no faster than its maximum, past the edge too", () => {
    expect(edgeScrollSpeed(list.top - 200, list)).toBe(-EDGE_SCROLL_MAX_SPEED);
    expect(edgeScrollSpeed(list.bottom + 200, list)).toBe(EDGE_SCROLL_MAX_SPEED);
  });

  it("keeps the middle of a short list still: its zones shrink to a quarter each", () => {
    expect(edgeScrollSpeed(150, { top: 100, bottom: 200 })).toBe(0);
    expect(edgeScrollSpeed(105, { top: 100, bottom: 200 })).toBeLessThan(0);
  });
});
