import { describe, expect, it } from "vitest";
import { isPaletteKey, paletteAriaKeys, paletteKeys } from "./command-palette-keys";

const press = (overrides: Partial<Parameters<typeof isPaletteKey>[0]>) => ({
  key: "k",
  code: "KeyK",
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...overrides,
});

describe("isPaletteKey", () => {
  it("is Ctrl+K elsewhere and Cmd+K on Apple platforms", () => {
    expect(isPaletteKey(press({ ctrlKey: true }), false)).toBe(true);
    expect(isPaletteKey(press({ key: "K", ctrlKey: true }), false)).toBe(true);
    expect(isPaletteKey(press({ metaKey: true }), true)).toBe(true);
  });

  it("is not the other platform's key, nor K with Shift or Alt, nor K alone", () => {
    expect(isPaletteKey(press({ metaKey: true }), false)).toBe(false);
    expect(isPaletteKey(press({ ctrlKey: true }), true)).toBe(false);
    expect(isPaletteKey(press({ ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isPaletteKey(press({ ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(isPaletteKey(press({ ctrlKey: true, metaKey: true }), false)).toBe(false);
    expect(isPaletteKey(press({}), false)).toBe(false);
    expect(isPaletteKey(press({ key: "j", code: "KeyJ", ctrlKey: true }), false)).toBe(false);
  });

  it("finds K by its place on a keyboard whose letters are not Latin", () => {
    expect(isPaletteKey(press({ key: "л", code: "KeyK", ctrlKey: true }), false)).toBe(true);
    // A Latin layout where the K place types another letter (Dvorak's T) is that letter.
    expect(isPaletteKey(press({ key: "t", code: "KeyK", ctrlKey: true }), false)).toBe(false);
  });
});

describe("paletteKeys", () => {
  it("shows Ctrl K, or ⌘ K on Apple platforms", () => {
    expect(paletteKeys(false)).toEqual(["Ctrl", "K"]);
    expect(paletteKeys(true)).toEqual(["⌘", "K"]);
    expect(paletteAriaKeys(true)).toBe("Meta+K");
  });
});
