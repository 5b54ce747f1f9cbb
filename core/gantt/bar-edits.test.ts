import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BAR_EDIT_MESSAGES,
  checked,
  isNoChange,
  moveBar,
  resizeEnd,
  resizeStart,
  snapToDay,
} from "./bar-edits";
import { barTiming } from "./bar-timing";

const now = new Date(2026, 4, 13, 15, 20);
const day = (d: number, month = 4) => new Date(2026, month, d);
const task = { startDate: day(3).toISOString(), dueDate: day(6).toISOString() };

describe("snapToDay", () => {
  it("goes to the nearest local midnight", () => {
    expect(snapToDay(new Date(2026, 4, 1, 11, 59))).toEqual(day(1));
    expect(snapToDay(new Date(2026, 4, 1, 12, 1))).toEqual(day(2));
    expect(snapToDay(day(1))).toEqual(day(1));
  });
});

describe("moveBar", () => {
  it("moves both dates by whole days", () => {
    expect(moveBar(task, 2, now)).toEqual({ startDate: day(5), dueDate: day(8) });
    expect(moveBar(task, -3, now)).toEqual({ startDate: day(0), dueDate: day(3) });
  });

  it("changes nothing for zero days", () => {
    expect(moveBar(task, 0, now)).toEqual({});
  });

  it("moves the snooze date with the others, and a bar without a start gets one", () => {
    expect(moveBar({ snoozeUntil: day(3).toISOString(), dueDate: day(6).toISOString() }, 1, now)).toEqual({
      snoozeUntil: day(4),
      dueDate: day(7),
    });
    expect(moveBar({}, 2, now)).toEqual({ startDate: day(15) });
  });

  it("keeps the task's date rules", () => {
    const date = fc.option(fc.integer({ min: 0, max: 60 }), { nil: null });
    fc.assert(
      fc.property(date, date, date, fc.integer({ min: -400, max: 400 }), (start, snooze, due, days) => {
        const at = (offset: number | null) =>
          offset === null ? null : new Date(2026, 0, 1 + offset).toISOString();
        // Only tasks that keep the rules to begin with (start <= snooze <= due).
        fc.pre(
          (start ?? -1) <= (snooze ?? 999) && (snooze ?? -1) <= (due ?? 999) && (start ?? -1) <= (due ?? 999),
        );
        const original = { startDate: at(start), snoozeUntil: at(snooze), dueDate: at(due) };
        const changes = moveBar(original, days, now);
        expect(checked(original, changes).ok).toBe(true);
      }),
    );
  });
});

describe("resizeStart", () => {
  it("accepts a start earlier than the end", () => {
    expect(resizeStart(task, day(1), now)).toEqual({ ok: true, changes: { startDate: day(1) } });
    expect(resizeStart(task, day(5), now)).toEqual({ ok: true, changes: { startDate: day(5) } });
  });

  it("refuses a start on or after the end", () => {
    for (const start of [day(6), day(7), day(20)]) {
      expect(resizeStart(task, start, now)).toEqual({
        ok: false,
        message: BAR_EDIT_MESSAGES.startNotBeforeEnd,
      });
    }
  });

  it("pins the one-day default end so the bar stretches", () => {
    const undated = { startDate: day(10).toISOString() };
    expect(resizeStart(undated, day(8), now)).toEqual({
      ok: true,
      changes: { startDate: day(8), dueDate: day(11) },
    });
    expect(resizeStart(undated, day(11), now).ok).toBe(false);
  });

  it("refuses a start after the snooze date with the spec's message", () => {
    const snoozed = { snoozeUntil: day(3).toISOString(), dueDate: day(9).toISOString() };
    expect(resizeStart(snoozed, day(1), now)).toEqual({ ok: true, changes: { startDate: day(1) } });
    expect(resizeStart(snoozed, day(5), now)).toEqual({
      ok: false,
      message: "Snooze until date must be on or after the start date",
    });
  });
});

describe("resizeEnd", () => {
  it("accepts an end later than the start as the due date", () => {
    expect(resizeEnd(task, day(10), now)).toEqual({ ok: true, changes: { dueDate: day(10) } });
    expect(resizeEnd(task, day(4), now)).toEqual({ ok: true, changes: { dueDate: day(4) } });
  });

  it("refuses an end on or before the start", () => {
    for (const end of [day(3), day(2), day(1, 0)]) {
      expect(resizeEnd(task, end, now)).toEqual({ ok: false, message: BAR_EDIT_MESSAGES.endNotAfterStart });
    }
  });

  it("refuses an end before the snooze date with the spec's message", () => {
    const snoozed = { startDate: day(1).toISOString(), snoozeUntil: day(5).toISOString() };
    expect(resizeEnd(snoozed, day(3), now)).toEqual({
      ok: false,
      message: "Due date must be on or after the snooze until date",
    });
  });

  it("accepts exactly the ends after the start", () => {
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 60 }), (offset) => {
        const result = resizeEnd(task, day(3 + offset), now);
        expect(result.ok).toBe(offset > 0);
        if (result.ok) {
          const after = barTiming({ ...task, ...result.changes }, now);
          expect(after.end.getTime()).toBeGreaterThan(after.start.getTime());
        }
      }),
    );
  });
});

describe("isNoChange", () => {
  it("tells an edit that keeps every date", () => {
    expect(isNoChange(task, { dueDate: day(6) })).toBe(true);
    expect(isNoChange(task, { dueDate: day(7) })).toBe(false);
    expect(isNoChange(task, {})).toBe(true);
    expect(isNoChange({}, { startDate: day(7) })).toBe(false);
  });
});

describe("moveBar without a planned start", () => {
  it("gives a stale due date the moved bar's end", () => {
    expect(moveBar({ dueDate: day(1).toISOString() }, 1, now)).toEqual({
      startDate: day(14),
      dueDate: day(15),
    });
    expect(moveBar({ dueDate: day(20).toISOString() }, 1, now)).toEqual({
      startDate: day(14),
      dueDate: day(21),
    });
  });
});
