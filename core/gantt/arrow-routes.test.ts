import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ARROW_GAP, arrowRoute, routeExtent, routePath } from "./arrow-routes";

const bar = (left: number, width: number) => ({ left, width });

describe("arrowRoute", () => {
  it("runs finish to start in one vertical run when the dependent starts after the gap", () => {
    const route = arrowRoute("FS", bar(0, 40), bar(80, 40), 24, 72, 24);
    expect(routePath(route.points)).toBe("M40 24H48V72H79");
    expect(route).toMatchObject({ labelX: 48, labelY: 48, runX: 48 });
  });

  it("goes around along the edge of the dependent's row when the dependent starts too early", () => {
    const route = arrowRoute("FS", bar(0, 100), bar(50, 40), 24, 72, 24);
    expect(routePath(route.points)).toBe("M100 24H108V48H42V72H49");
    expect(route).toMatchObject({ labelX: 75, labelY: 48, runX: 108 });
  });

  it("goes around below the dependent's row when the dependent is above", () => {
    const route = arrowRoute("FS", bar(0, 100), bar(50, 40), 72, 24, 24);
    expect(routePath(route.points)).toBe("M100 72H108V48H42V24H49");
  });

  it("leaves and enters the ends each type names", () => {
    // Start to start: out of the prerequisite's start, into the dependent's start.
    expect(routePath(arrowRoute("SS", bar(40, 40), bar(80, 40), 24, 72, 24).points)).toBe("M40 24H32V72H79");
    // Finish to finish: out of the prerequisite's end, into the dependent's end from the right.
    expect(routePath(arrowRoute("FF", bar(0, 40), bar(0, 80), 24, 72, 24).points)).toBe("M40 24H88V72H81");
    // Start to finish: out of the prerequisite's start, into the dependent's end.
    expect(routePath(arrowRoute("SF", bar(100, 40), bar(0, 40), 24, 72, 24).points)).toBe("M100 24H92V72H41");
  });

  it("turns only at right angles, from the exit side to a tip one pixel short of the entry", () => {
    const types = fc.constantFrom("FS" as const, "SS" as const, "FF" as const, "SF" as const);
    const box = fc.record({
      left: fc.integer({ min: -500, max: 500 }),
      width: fc.integer({ min: 1, max: 300 }),
    });
    fc.assert(
      fc.property(
        types,
        box,
        box,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (type, from, to, row1, row2) => {
          const y1 = row1 * 48 + 24;
          const y2 = row2 * 48 + 24;
          const { points } = arrowRoute(type, from, to, y1, y2, 24);
          const first = points[0];
          const last = points[points.length - 1];
          const leavesEnd = type === "FS" || type === "FF";
          const entersStart = type === "FS" || type === "SS";
          expect(first).toEqual({ x: leavesEnd ? from.left + from.width : from.left, y: y1 });
          expect(last).toEqual({ x: entersStart ? to.left - 1 : to.left + to.width + 1, y: y2 });
          for (let at = 1; at < points.length; at++) {
            const before = points[at - 1];
            expect(points[at].x === before.x || points[at].y === before.y).toBe(true);
          }
          // The first run leaves the bar outwards by at least the gap.
          expect(leavesEnd ? points[1].x - first.x : first.x - points[1].x).toBeGreaterThanOrEqual(ARROW_GAP);
        },
      ),
    );
  });
});

describe("routePath and routeExtent", () => {
  it("writes corners to a hundredth of a pixel", () => {
    expect(
      routePath([
        { x: 10.123, y: 5 },
        { x: 20.456, y: 5 },
        { x: 20.456, y: 9.999 },
      ]),
    ).toBe("M10.12 5H20.46V10");
    expect(routePath([])).toBe("");
  });

  it("spans a route's leftmost and rightmost corners", () => {
    const route = arrowRoute("FS", bar(0, 100), bar(50, 40), 24, 72, 24);
    expect(routeExtent(route.points)).toEqual({ left: 42, right: 108 });
  });
});
