// Which key presses are undo and redo, and when they are left to what has the focus: Ctrl+Z and
// Ctrl+Shift+Z (Ctrl+Y too) elsewhere, Cmd+Z and Cmd+Shift+Z on Apple platforms, never while the
// user types in a field (the field's own undo) or while a dialog is open (it is not the page's turn).

export type HistoryKey = "undo" | "redo";

type PlatformInfo = { platform?: string; userAgentData?: { platform?: string } };

/**
 * Whether the platform's command key is Cmd.
 * @example isApplePlatform({ platform: "MacIntel" }) // true
 */
export function isApplePlatform(navigatorLike: PlatformInfo | undefined): boolean {
  const platform = navigatorLike?.userAgentData?.platform || navigatorLike?.platform || "";
  return /mac|iphone|ipad|ipod|ios/i.test(platform);
}

type KeyPress = Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">;

/**
 * The history action a key press asks for, or null.
 * @example historyKeyOf({ key: "Z", code: "KeyZ", ctrlKey: true, shiftKey: true, metaKey: false, altKey: false }, false) // "redo"
 */
export function historyKeyOf(event: KeyPress, apple: boolean): HistoryKey | null {
  if (event.altKey) return null;
  const command = apple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!command) return null;
  // The letter as typed, or the key's place on a keyboard whose letters are not Latin.
  const letter = /^[a-z]$/i.test(event.key)
    ? event.key.toLowerCase()
    : event.code.replace(/^Key/, "").toLowerCase();
  if (letter === "z") return event.shiftKey ? "redo" : "undo";
  if (letter === "y" && !apple && !event.shiftKey) return "redo";
  return null;
}

type TargetLike = { tagName?: unknown; isContentEditable?: boolean };

/** Whether the key press lands in something the user types in (its own undo applies there). */
export function isTypingTarget(target: EventTarget | TargetLike | null): boolean {
  const element = target as TargetLike | null;
  if (!element || typeof element.tagName !== "string") return false;
  return (
    ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName.toUpperCase()) ||
    element.isContentEditable === true
  );
}

/** Marks the Activity panel, the one dialog with which the keys still work (it lists what they undo). */
export const ACTIVITY_PANEL_ATTRIBUTE = "data-activity-panel";

/** Whether a dialog other than the Activity panel is open. */
export function isDialogOpen(root: Pick<Document, "querySelector">): boolean {
  return (
    root.querySelector(`[role="dialog"]:not([${ACTIVITY_PANEL_ATTRIBUTE}]), [role="alertdialog"]`) !== null
  );
}
