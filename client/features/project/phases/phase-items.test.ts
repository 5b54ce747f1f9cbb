import { describe, expect, it } from "vitest";
import { PHASE_GAP, phaseItems, phaseSpacing, ROW_GAP, spaceAround } from "./phase-items";

describe("phaseItems", () => {
  it("puts each phase's header before its rows of cards, the last row marked", () => {
    const { items, headerAt, lastAt } = phaseItems([5, 1, 3], 2);
    expect(items).toEqual([
      { kind: "header", phaseAt: 0 },
      { kind: "row", phaseAt: 0, first: 0, lastRow: false },
      { kind: "row", phaseAt: 0, first: 2, lastRow: false },
      { kind: "row", phaseAt: 0, first: 4, lastRow: true },
      { kind: "header", phaseAt: 1 },
      { kind: "row", phaseAt: 1, first: 0, lastRow: true },
      { kind: "header", phaseAt: 2 },
      { kind: "row", phaseAt: 2, first: 0, lastRow: false },
      { kind: "row", phaseAt: 2, first: 2, lastRow: true },
    ]);
    expect(headerAt).toEqual([0, 4, 6]);
    expect(lastAt).toEqual([3, 5, 8]);
  });

  it("makes one row per card in one column, and a full last row when the count divides", () => {
    expect(phaseItems([3], 1).items.filter((item) => item.kind === "row")).toHaveLength(3);
    expect(phaseItems([6], 3).items.at(-1)).toEqual({ kind: "row", phaseAt: 0, first: 3, lastRow: true });
  });
});

describe("spaceAround", () => {
  const wide = phaseSpacing(true);
  const narrow = phaseSpacing(false);

  it("gives a header its border above and the cards' padding below", () => {
    expect(spaceAround({ kind: "header", phaseAt: 0 }, false, wide)).toBe(1 + 12);
    expect(spaceAround({ kind: "header", phaseAt: 0 }, false, narrow)).toBe(1 + 8);
  });

  it("gives a row the gap to the next, and a phase's last row its padding, border and the gap to the next phase", () => {
    expect(spaceAround({ kind: "row", phaseAt: 0, first: 0, lastRow: false }, false, wide)).toBe(ROW_GAP);
    expect(spaceAround({ kind: "row", phaseAt: 0, first: 0, lastRow: true }, false, wide)).toBe(
      12 + 1 + PHASE_GAP,
    );
    expect(spaceAround({ kind: "row", phaseAt: 0, first: 0, lastRow: true }, true, narrow)).toBe(8 + 1);
  });
});
