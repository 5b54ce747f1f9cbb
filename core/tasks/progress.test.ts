import { describe, expect, it } from "vitest";
import { PROGRESS_MESSAGES, type ProgressFields, rolledUpPercent, settleProgress } from "./progress";

const fresh: ProgressFields = { percentComplete: 0, actualStart: null, actualFinish: null, completed: false };
const on = { today: "2026-03-10", scheduledStart: "2026-03-02" };

describe("settleProgress", () => {
  it("gives progress an actual start, the scheduled one when none is sent", () => {
    expect(settleProgress(fresh, { percentComplete: 40 }, on)).toEqual({
      percentComplete: 40,
      actualStart: "2026-03-02",
      actualFinish: null,
      completed: false,
    });
    expect(settleProgress(fresh, { percentComplete: 40, actualStart: "2026-03-04" }, on)).toMatchObject({
      actualStart: "2026-03-04",
    });
    expect(settleProgress(fresh, { percentComplete: 40 }, { ...on, scheduledStart: null })).toMatchObject({
      actualStart: "2026-03-10",
    });
  });

  it("makes 100 % and completed one fact, with an actual finish of today unless sent", () => {
    const done = {
      percentComplete: 100,
      actualStart: "2026-03-02",
      actualFinish: "2026-03-10",
      completed: true,
    };
    expect(settleProgress(fresh, { percentComplete: 100 }, on)).toEqual(done);
    expect(settleProgress(fresh, { completed: true }, on)).toEqual(done);
    expect(settleProgress(fresh, { actualFinish: "2026-03-06" }, on)).toEqual({
      ...done,
      actualFinish: "2026-03-06",
    });
    // An actual finish before the scheduled start pulls the start back to it.
    expect(settleProgress(fresh, { actualFinish: "2026-02-27" }, on)).toMatchObject({
      actualStart: "2026-02-27",
      actualFinish: "2026-02-27",
    });
  });

  it("reopens to 0 % (or the percent sent) without a finish, keeping when work started", () => {
    const done = {
      percentComplete: 100,
      actualStart: "2026-03-02",
      actualFinish: "2026-03-06",
      completed: true,
    };
    expect(settleProgress(done, { completed: false }, on)).toEqual({
      percentComplete: 0,
      actualStart: "2026-03-02",
      actualFinish: null,
      completed: false,
    });
    expect(settleProgress(done, { percentComplete: 80 }, on)).toEqual({
      percentComplete: 80,
      actualStart: "2026-03-02",
      actualFinish: null,
      completed: false,
    });
  });

  it("refuses what cannot agree, naming the field", () => {
    expect(settleProgress(fresh, { completed: true, percentComplete: 50 }, on)).toEqual({
      field: "percentComplete",
      message: PROGRESS_MESSAGES.disagree,
    });
    expect(settleProgress(fresh, { percentComplete: 50, actualFinish: "2026-03-06" }, on)).toEqual({
      field: "actualFinish",
      message: PROGRESS_MESSAGES.finishNotDone,
    });
    expect(
      settleProgress(fresh, { completed: true, actualStart: "2026-03-09", actualFinish: "2026-03-06" }, on),
    ).toEqual({ field: "actualFinish", message: PROGRESS_MESSAGES.finishBeforeStart });
  });
});

describe("rolledUpPercent", () => {
  it("weighs each leaf by its duration, a milestone or an undated one as a day, rounding down", () => {
    expect(
      rolledUpPercent([
        { percentComplete: 100, duration: 3 },
        { percentComplete: 0, duration: 1 },
      ]),
    ).toBe(75);
    expect(
      rolledUpPercent([
        { percentComplete: 100, duration: 0 },
        { percentComplete: 50, duration: null },
      ]),
    ).toBe(75);
    expect(
      rolledUpPercent([
        { percentComplete: 99, duration: 2 },
        { percentComplete: 100, duration: 2 },
      ]),
    ).toBe(99);
    expect(rolledUpPercent([])).toBe(0);
  });
});
