import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIGHT_PALETTE } from "./export-palette";
import { readPalette } from "./read-palette";

// jsdom has no canvas to paint on (it says so on every call): a browser's that cannot read colours.
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute("style");
});

describe("readPalette", () => {
  it("reads the bar tints of the theme shown off <html>", () => {
    document.documentElement.style.setProperty("--bar-tint", "22%");
    document.documentElement.style.setProperty("--bar-late-progress-tint", "36%");
    const palette = readPalette();
    expect(palette.barTints).toEqual({ ...LIGHT_PALETTE.barTints, category: 0.22, lateProgress: 0.36 });
  });

  it("keeps the light theme's values for what it cannot read, and leaves nothing in the page", () => {
    document.documentElement.style.setProperty("--bar-tint", "a lot");
    const before = document.body.childElementCount;
    expect(readPalette()).toEqual(LIGHT_PALETTE);
    expect(document.body.childElementCount).toBe(before);
  });
});
