import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reducer, TOAST_LIMIT, TOAST_REMOVE_DELAY } from "./use-toast";

const toast = (id: string) => ({ id, title: `Toast ${id}`, open: true });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("toast reducer", () => {
  it("keeps one toast at a time, the newest", () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = reducer({ toasts: [] }, { type: "ADD_TOAST", toast: toast("1") });
    state = reducer(state, { type: "ADD_TOAST", toast: toast("2") });
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });

  it("updates a toast in place", () => {
    const state = reducer(
      { toasts: [toast("1")] },
      { type: "UPDATE_TOAST", toast: { id: "1", title: "Saved" } },
    );
    expect(state.toasts[0]).toMatchObject({ id: "1", title: "Saved", open: true });
  });

  it("closes a dismissed toast and removes it only after the remove delay", () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const dismissed = reducer({ toasts: [toast("7")] }, { type: "DISMISS_TOAST", toastId: "7" });
    expect(dismissed.toasts[0]?.open).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    const removed = reducer(dismissed, { type: "REMOVE_TOAST", toastId: "7" });
    expect(removed.toasts).toEqual([]);
  });

  it("dismisses and removes every toast without an id", () => {
    const state = { toasts: [toast("a"), toast("b")] };
    expect(reducer(state, { type: "DISMISS_TOAST" }).toasts.every((t) => t.open === false)).toBe(true);
    expect(reducer(state, { type: "REMOVE_TOAST" }).toasts).toEqual([]);
  });
});
