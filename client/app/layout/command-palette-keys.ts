// The key that opens and closes the command palette (docs/spec/keyboard-and-palette.md): Ctrl+K,
// Cmd+K on Apple platforms, wherever the focus is.
import { isApplePlatform } from "@/features/project/components/undo-keys";

type KeyPress = Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">;

/**
 * Whether a key press is the palette's: K with the platform's command key and nothing else.
 *
 * @example isPaletteKey({ key: "k", code: "KeyK", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }, false) // true
 * @example isPaletteKey({ key: "k", code: "KeyK", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }, true) // false
 */
export function isPaletteKey(event: KeyPress, apple: boolean): boolean {
  if (event.altKey || event.shiftKey) return false;
  const command = apple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!command) return false;
  // The letter as typed, or the key's place on a keyboard whose letters are not Latin.
  return /^[a-z]$/i.test(event.key) ? event.key.toLowerCase() === "k" : event.code === "KeyK";
}

/** The palette's key as the header button and the shortcut list show it. */
export function paletteKeys(apple: boolean): readonly string[] {
  return apple ? ["⌘", "K"] : ["Ctrl", "K"];
}

/** The palette's key for `aria-keyshortcuts`. */
export function paletteAriaKeys(apple: boolean): string {
  return apple ? "Meta+K" : "Control+K";
}

/** Whether this browser runs on an Apple platform (its command key is Cmd). */
export function onApplePlatform(): boolean {
  return (
    typeof navigator !== "undefined" &&
    isApplePlatform(navigator as Navigator & { userAgentData?: { platform?: string } })
  );
}
