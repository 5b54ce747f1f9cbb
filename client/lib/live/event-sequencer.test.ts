import type { ProjectEvent } from "@core/schemas/events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EventSequencer } from "./event-sequencer";

const event = (version?: number): ProjectEvent => ({
  type: "task.updated",
  projectId: 7,
  taskIds: [1],
  ...(version === undefined ? {} : { version }),
});

/** `null`: the copy has not loaded yet. */
function setup(loaded: number | null) {
  const state = { shown: loaded ?? undefined, applied: [] as (number | undefined)[], refetches: 0 };
  const sequencer = new EventSequencer(
    {
      shownVersion: () => state.shown,
      apply: (applied) => {
        state.applied.push(applied.version);
        state.shown = applied.version;
      },
      refetch: () => {
        state.refetches += 1;
      },
    },
    1000,
  );
  return { state, sequencer };
}

describe("EventSequencer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("applies events in version order and skips what the copy holds", () => {
    const { state, sequencer } = setup(3);
    sequencer.receive(event(3));
    sequencer.receive(event(5));
    expect(state.applied).toEqual([]);
    sequencer.receive(event(4));
    expect(state.applied).toEqual([4, 5]);
    vi.advanceTimersByTime(5000);
    expect(state.refetches).toBe(0);
  });

  it("refetches once when a gap does not fill within a second, then applies what follows the read", () => {
    const { state, sequencer } = setup(3);
    sequencer.receive(event(5));
    sequencer.receive(event(6));
    vi.advanceTimersByTime(999);
    expect(state.refetches).toBe(0);
    vi.advanceTimersByTime(1);
    expect(state.refetches).toBe(1);
    state.shown = 5; // the read brought version 5
    sequencer.drain();
    expect(state.applied).toEqual([6]);
    vi.advanceTimersByTime(5000);
    expect(state.refetches).toBe(1);
  });

  it("refetches for an event without a version and for a stream that opens ahead of the copy", () => {
    const { state, sequencer } = setup(3);
    sequencer.receive(event());
    expect(state.refetches).toBe(1);
    sequencer.opened(3);
    expect(state.refetches).toBe(1);
    sequencer.opened(4);
    expect(state.refetches).toBe(2);
  });

  it("holds events until the first read lands", () => {
    const { state, sequencer } = setup(null);
    sequencer.receive(event(2));
    sequencer.receive(event(3));
    expect(state.applied).toEqual([]);
    state.shown = 2;
    sequencer.drain();
    expect(state.applied).toEqual([3]);
  });
});
