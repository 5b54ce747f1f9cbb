import { describe, expect, it } from "vitest";
import { moveChain, movedWithChain, previewSummary } from "./preview-text";

const span = { start: "2027-03-01", finish: "2027-03-02" };
const move = (id: number, by: number | null) => ({ id, from: span, to: span, by });

describe("the preview's words", () => {
  it("says what moves and the finish", () => {
    expect(
      previewSummary({ moved: [move(1, null)], finish: { from: "2027-03-03", to: "2027-03-10" } }, 2027),
    ).toBe("This moves 1 task; the project now finishes Mar 10 (was Mar 3).");
  });

  it("names the chain that moved each task, from the change that started it", () => {
    // 1 changed; it moved 2, which moved 3; 4 was moved by a new link from 7, which did not move.
    const moved = [move(1, null), move(2, 1), move(3, 2), move(4, 7)];
    expect(moveChain(moved, 3)).toEqual([1, 2]);
    expect(moveChain(moved, 2)).toEqual([1]);
    expect(moveChain(moved, 1)).toEqual([]);
    expect(moveChain(moved, 4)).toEqual([7]);
    // A loop (never stored) ends where it closes.
    expect(moveChain([move(5, 6), move(6, 5)], 5)).toEqual([6]);
  });

  it("words a moved task with its chain, a long one shortened in the middle", () => {
    expect(movedWithChain("Roof", [])).toBe("Roof");
    expect(movedWithChain("Roof", ["Pour foundation", "Frame walls"])).toBe(
      "Roof, after Pour foundation → Frame walls",
    );
    expect(movedWithChain("Paint", ["A", "B", "C", "D", "E", "F"])).toBe("Paint, after A → … → D → E → F");
  });
});
