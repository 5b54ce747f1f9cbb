import { describe, expect, it } from "vitest";
import { historyKeyOf, isApplePlatform, isDialogOpen, isTypingTarget } from "./undo-keys";

const press = (
  key: string,
  modifiers: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey" | "altKey", boolean>> = {},
) => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : "KeyZ",
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe("historyKeyOf", () => {
  it("reads Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y off Apple platforms", () => {
    expect(historyKeyOf(press("z", { ctrlKey: true }), false)).toBe("undo");
    expect(historyKeyOf(press("Z", { ctrlKey: true, shiftKey: true }), false)).toBe("redo");
    expect(historyKeyOf(press("y", { ctrlKey: true }), false)).toBe("redo");
    expect(historyKeyOf(press("z", { metaKey: true }), false)).toBeNull();
  });

  it("reads Cmd+Z and Cmd+Shift+Z on Apple platforms, not Ctrl", () => {
    expect(historyKeyOf(press("z", { metaKey: true }), true)).toBe("undo");
    expect(historyKeyOf(press("z", { metaKey: true, shiftKey: true }), true)).toBe("redo");
    expect(historyKeyOf(press("z", { ctrlKey: true }), true)).toBeNull();
    expect(historyKeyOf(press("y", { metaKey: true }), true)).toBeNull();
  });

  it("leaves other keys and combinations alone", () => {
    expect(historyKeyOf(press("z"), false)).toBeNull();
    expect(historyKeyOf(press("z", { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(historyKeyOf(press("x", { ctrlKey: true }), false)).toBeNull();
    expect(historyKeyOf(press("y", { ctrlKey: true, shiftKey: true }), false)).toBeNull();
  });

  it("finds Z by its place on a keyboard whose letters are not Latin", () => {
    expect(historyKeyOf({ ...press("я", { ctrlKey: true }), code: "KeyZ" }, false)).toBe("undo");
  });
});

describe("where the keys apply", () => {
  it("knows Apple platforms by either platform field", () => {
    expect(isApplePlatform({ platform: "MacIntel" })).toBe(true);
    expect(isApplePlatform({ platform: "iPhone" })).toBe(true);
    expect(isApplePlatform({ userAgentData: { platform: "macOS" } })).toBe(true);
    expect(isApplePlatform({ platform: "Win32" })).toBe(false);
    expect(isApplePlatform({ userAgentData: { platform: "Linux" }, platform: "" })).toBe(false);
    expect(isApplePlatform(undefined)).toBe(false);
  });

  it("leaves fields to their own undo, not the canvas or a card", () => {
    expect(isTypingTarget({ tagName: "INPUT" })).toBe(true);
    expect(isTypingTarget({ tagName: "textarea" })).toBe(true);
    expect(isTypingTarget({ tagName: "SELECT" })).toBe(true);
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: false })).toBe(false);
    expect(isTypingTarget({ tagName: "BUTTON" })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it("asks the page for open dialogs other than the Activity panel", () => {
    const selectors: string[] = [];
    const root = (found: boolean) => ({
      querySelector: (selector: string) => {
        selectors.push(selector);
        return found ? ({} as Element) : null;
      },
    });
    expect(isDialogOpen(root(true))).toBe(true);
    expect(isDialogOpen(root(false))).toBe(false);
    expect(selectors[0]).toBe('[role="dialog"]:not([data-activity-panel]), [role="alertdialog"]');
  });
});
