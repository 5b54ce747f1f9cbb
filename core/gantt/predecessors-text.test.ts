import { describe, expect, it } from "vitest";
import { DEPENDENCY_TYPES, type DependencyType } from "../scheduling/engine";
import {
  linkText,
  noPredecessorChange,
  PREDECESSOR_MESSAGES,
  parsePredecessors,
  predecessorChanges,
  predecessorCycle,
  predecessorsText,
  predecessorsTextMap,
  taskNumbering,
} from "./predecessors-text";

// Task ids are not row numbers: task 40 is ID 1, task 41 is ID 2, and so on.
const order = [40, 41, 42, 43, 44, 45, 46, 47, 48, 49];
const numbering = taskNumbering(order);
const { numberOf, taskAt } = numbering;
const read = (text: string, taskId = 49) => parsePredecessors(text, { taskId, taskAt });
const dependency = (
  id: number,
  sourceTaskId: number,
  targetTaskId: number,
  type: DependencyType = "FS",
  lag = 0,
) => ({
  id,
  sourceTaskId,
  targetTaskId,
  type,
  lag,
});

describe("taskNumbering", () => {
  it("numbers the tasks by their row in the outline order, from 1", () => {
    expect(numberOf.get(40)).toBe(1);
    expect(numberOf.get(49)).toBe(10);
    expect(taskAt(3)).toBe(42);
    expect(taskAt(0)).toBeUndefined();
    expect(taskAt(11)).toBeUndefined();
  });
});

describe("linkText", () => {
  it("leaves out FS when there is no lag, and writes any other type", () => {
    expect(linkText(3, { type: "FS", lag: 0 })).toBe("3");
    expect(linkText(3, {})).toBe("3");
    expect(linkText(5, { type: "SS", lag: 0 })).toBe("5SS");
    expect(linkText(7, { type: "FF", lag: 0 })).toBe("7FF");
    expect(linkText(9, { type: "SF", lag: 0 })).toBe("9SF");
  });

  it("writes a lag in working days with its sign, and FS with it", () => {
    expect(linkText(3, { type: "FS", lag: 2 })).toBe("3FS+2d");
    expect(linkText(7, { type: "FF", lag: -1 })).toBe("7FF-1d");
    expect(linkText(9, { type: "SF", lag: 1000 })).toBe("9SF+1000d");
  });
});

describe("predecessorsText", () => {
  it("lists the links by their prerequisites' IDs, separated by semicolons", () => {
    const links = [
      { sourceTaskId: 44, type: "SS" as const, lag: 0 },
      { sourceTaskId: 42, type: "FS" as const, lag: 2 },
    ];
    expect(predecessorsText(links, numberOf)).toBe("3FS+2d;5SS");
  });

  it("is empty without links, and skips a prerequisite that has no ID", () => {
    expect(predecessorsText([], numberOf)).toBe("");
    expect(predecessorsText([{ sourceTaskId: 999, type: "FS", lag: 0 }], numberOf)).toBe("");
  });

  it("is made once for the whole plan, per dependent", () => {
    const texts = predecessorsTextMap(
      [dependency(1, 40, 45), dependency(2, 41, 45, "SS"), dependency(3, 45, 46)],
      numberOf,
    );
    expect(texts.get(45)).toBe("1;2SS");
    expect(texts.get(46)).toBe("6");
    expect(texts.has(40)).toBe(false);
  });
});

describe("parsePredecessors", () => {
  it("reads every link type, with and without a lag", () => {
    expect(read("1;2SS;3FF-1d;4SF+5d;5FS+2d")).toEqual({
      ok: true,
      links: [
        { sourceTaskId: 40, type: "FS", lag: 0 },
        { sourceTaskId: 41, type: "SS", lag: 0 },
        { sourceTaskId: 42, type: "FF", lag: -1 },
        { sourceTaskId: 43, type: "SF", lag: 5 },
        { sourceTaskId: 44, type: "FS", lag: 2 },
      ],
    });
  });

  it("takes lower case, spaces, commas, 'days', a lag without a unit and a zero lag", () => {
    expect(read(" 2 ss + 3 days , 3ff-0d ; 4+2 ;")).toEqual({
      ok: true,
      links: [
        { sourceTaskId: 41, type: "SS", lag: 3 },
        { sourceTaskId: 42, type: "FF", lag: 0 },
        { sourceTaskId: 43, type: "FS", lag: 2 },
      ],
    });
  });

  it("reads empty text as no predecessors", () => {
    expect(read("")).toEqual({ ok: true, links: [] });
    expect(read("  ;  ")).toEqual({ ok: true, links: [] });
  });

  it("reads back what it writes, for every type and lag", () => {
    for (const type of DEPENDENCY_TYPES) {
      for (const lag of [-3, 0, 4]) {
        const links = [
          { sourceTaskId: 41, type, lag },
          { sourceTaskId: 44, type: "FS" as const, lag: 0 },
        ];
        const text = predecessorsText(links, numberOf);
        expect(read(text)).toEqual({ ok: true, links });
      }
    }
  });

  it("names a part that is not a link", () => {
    expect(read("1;5XX")).toEqual({ ok: false, message: PREDECESSOR_MESSAGES.notALink("5XX") });
    expect(read("5XX")).toEqual({
      ok: false,
      message: "“5XX” is not a link: write a task ID followed by FS, SS, FF or SF, e.g. 5SS+2d.",
    });
    expect(read("FS")).toEqual({ ok: false, message: PREDECESSOR_MESSAGES.notALink("FS") });
    expect(read("3FS+")).toEqual({ ok: false, message: PREDECESSOR_MESSAGES.notALink("3FS+") });
    expect(read("-3")).toEqual({ ok: false, message: PREDECESSOR_MESSAGES.notALink("-3") });
  });

  it("refuses lags in percent and in units other than working days", () => {
    expect(read("9SF+50%")).toEqual({ ok: false, message: PREDECESSOR_MESSAGES.percentLag("9SF+50%") });
    expect(read("3FS+1w")).toEqual({ ok: false, message: PREDECESSOR_MESSAGES.lagUnit("3FS+1w") });
    expect(read("3FS+2ed")).toEqual({ ok: false, message: PREDECESSOR_MESSAGES.lagUnit("3FS+2ed") });
    expect(read("3FS+1.5d")).toEqual({ ok: false, message: PREDECESSOR_MESSAGES.lagUnit("3FS+1.5d") });
  });

  it("refuses a lag beyond the scheduler's limit", () => {
    expect(read("3FS+1000d").ok).toBe(true);
    expect(read("3FS-1001d")).toEqual({ ok: false, message: PREDECESSOR_MESSAGES.lagRange("3FS-1001d") });
  });

  it("refuses an unknown ID, the task itself and a task listed twice", () => {
    expect(read("11")).toEqual({ ok: false, message: "There is no task with ID 11." });
    expect(read("0")).toEqual({ ok: false, message: "There is no task with ID 0." });
    expect(read("10", 49)).toEqual({ ok: false, message: PREDECESSOR_MESSAGES.self(10) });
    expect(read("3;3SS")).toEqual({ ok: false, message: PREDECESSOR_MESSAGES.duplicate(3) });
  });
});

describe("predecessorChanges", () => {
  const plan = [dependency(1, 40, 45), dependency(2, 41, 45, "SS"), dependency(3, 42, 46)];

  it("keeps a link that is the same, changes one whose type or lag differs, removes and adds", () => {
    const changes = predecessorChanges(45, plan, [
      { sourceTaskId: 40, type: "FS", lag: 0 },
      { sourceTaskId: 43, type: "FF", lag: 1 },
    ]);
    expect(changes.remove.map((each) => each.id)).toEqual([2]);
    expect(changes.update).toEqual([]);
    expect(changes.create).toEqual([{ sourceTaskId: 43, type: "FF", lag: 1 }]);
  });

  it("sends only what changed of a kept link", () => {
    const changes = predecessorChanges(45, plan, [
      { sourceTaskId: 40, type: "FS", lag: 2 },
      { sourceTaskId: 41, type: "FF", lag: 0 },
    ]);
    expect(changes.update).toEqual([
      { dependency: plan[0], changes: { lag: 2 } },
      { dependency: plan[1], changes: { type: "FF" } },
    ]);
    expect(noPredecessorChange(changes)).toBe(false);
  });

  it("changes nothing when the text says what is there", () => {
    const changes = predecessorChanges(45, plan, [
      { sourceTaskId: 41, type: "SS", lag: 0 },
      { sourceTaskId: 40, type: "FS", lag: 0 },
    ]);
    expect(noPredecessorChange(changes)).toBe(true);
  });

  it("removes every link for empty text", () => {
    expect(predecessorChanges(45, plan, []).remove.map((each) => each.id)).toEqual([1, 2]);
  });
});

describe("predecessorCycle", () => {
  const names = new Map([
    [40, "Dig"],
    [41, "Pour"],
    [42, "Frame"],
  ]);
  const nameOf = (id: number) => names.get(id);

  it("says the server's refusal, naming the tasks on the cycle", () => {
    const plan = [dependency(1, 40, 41), dependency(2, 41, 42)];
    expect(predecessorCycle(order, plan, 40, [{ sourceTaskId: 42, type: "FS", lag: 0 }], nameOf)).toBe(
      'This dependency would create a cycle: "Frame" → "Dig" → "Pour" → "Frame".',
    );
  });

  it("finds none when the links close no cycle, and ignores the task's own links being replaced", () => {
    const plan = [dependency(1, 40, 41), dependency(2, 42, 40)];
    expect(predecessorCycle(order, plan, 40, [{ sourceTaskId: 43, type: "FS", lag: 0 }], nameOf)).toBeNull();
  });
});
