import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrowRows, arrowsInView } from "./arrows-in-view";

/** Task n sits in row n; task 99 is in no row (a collapsed group's). */
const rowOf = (taskId: number) => (taskId === 99 ? undefined : taskId);
const arrow = (sourceTaskId: number, targetTaskId: number) => ({ sourceTaskId, targetTaskId });

describe("arrowsInView", () => {
  // Rows 10 to 20 drawn.
  const arrows = [
    arrow(12, 15), // 0: both ends in view
    arrow(3, 14), //  1: from above into view
    arrow(18, 40), // 2: from view to below
    arrow(2, 60), //  3: crossing: above to below
    arrow(70, 5), //  4: crossing, drawn upwards
    arrow(1, 4), //   5: wholly above
    arrow(30, 50), // 6: wholly below
    arrow(9, 9), //   7: one row, just above
    arrow(10, 10), // 8: one row, the first drawn
    arrow(20, 21), // 9: from the last row drawn
    arrow(99, 15), // 10: an end in no row
    arrow(0, 9), //  11: ends the row before the first
  ];
  const rows = arrowRows(arrows, rowOf);

  it("draws the arrows with an end in view and those crossing it, in their order", () => {
    expect(arrowsInView(rows, 10, 20)).toEqual({ ends: [0, 1, 2, 8, 9], crossing: [3, 4] });
  });

  it("leaves out an arrow whose task has no row", () => {
    expect(rows.count).toBe(arrows.length - 1);
    expect(arrowsInView(rows, 0, 100).ends).not.toContain(10);
  });

  it("tells an arrow with an end in view from one whose ends are both out of it", () => {
    expect(arrowsInView(rows, 45, 55)).toEqual({ ends: [6], crossing: [3, 4] });
  });

  it("draws nothing when no row is drawn", () => {
    expect(arrowsInView(rows, 5, 4)).toEqual({ ends: [], crossing: [] });
    expect(arrowsInView(arrowRows([], rowOf), 0, 10)).toEqual({ ends: [], crossing: [] });
  });

  it("is what testing every arrow's rows against the view gives", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 })), {
          maxLength: 60,
        }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 60 }),
        (pairs, first, length) => {
          const last = first + length;
          const given = pairs.map(([from, to]) => arrow(from, to));
          const touches = (row: number) => row >= first && row <= last;
          const expected = { ends: [] as number[], crossing: [] as number[] };
          given.forEach((each, at) => {
            const [a, b] = [each.sourceTaskId, each.targetTaskId];
            if (touches(a) || touches(b)) expected.ends.push(at);
            else if (Math.min(a, b) < first && Math.max(a, b) > last) expected.crossing.push(at);
          });
          expect(
            arrowsInView(
              arrowRows(given, (id) => id),
              first,
              last,
            ),
          ).toEqual(expected);
        },
      ),
    );
  });
});
