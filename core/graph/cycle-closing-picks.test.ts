import { describe, expect, it } from "vitest";
import { cycleClosedBy, cycleClosingPicks } from "./cycles";

// 1 -> 2 -> 3, and 4 alone.
const ids = [1, 2, 3, 4];
const chain = [
  { sourceTaskId: 1, targetTaskId: 2 },
  { sourceTaskId: 2, targetTaskId: 3 },
];

describe("cycleClosingPicks", () => {
  it("keeps a task from waiting for what waits on it, or blocking what it waits on", () => {
    const picks = cycleClosingPicks(ids, chain, { taskId: 2, waitsFor: [], blocks: [] });
    expect([...picks.waitsFor].sort()).toEqual([2, 3]);
    expect([...picks.blocks].sort()).toEqual([1, 2]);
  });

  it("for a new task, stands on its picks: after blocking 1 it may not wait for 1, 2 or 3", () => {
    const picks = cycleClosingPicks(ids, chain, { taskId: null, waitsFor: [], blocks: [1] });
    expect([...picks.waitsFor].sort()).toEqual([1, 2, 3]);
    const waiting = cycleClosingPicks(ids, chain, { taskId: null, waitsFor: [3], blocks: [] });
    expect([...waiting.blocks].sort()).toEqual([1, 2, 3]);
  });

  it("excludes exactly the picks the cycle check refuses", () => {
    for (const taskId of ids) {
      const picks = cycleClosingPicks(ids, chain, { taskId, waitsFor: [], blocks: [] });
      for (const other of ids) {
        if (other === taskId) continue;
        expect(picks.waitsFor.has(other), `${taskId} waits for ${other}`).toBe(
          cycleClosedBy(ids, chain, other, taskId) !== null,
        );
        expect(picks.blocks.has(other), `${taskId} blocks ${other}`).toBe(
          cycleClosedBy(ids, chain, taskId, other) !== null,
        );
      }
    }
  });
});
