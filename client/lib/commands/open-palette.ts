// Opening the command palette from elsewhere than its own key (docs/spec/keyboard-and-palette.md):
// the project page's "/" opens it where the view has no search box of its own. A window event keeps
// the palette and whoever asks for it apart; the palette listens for it while mounted.

export const OPEN_PALETTE_EVENT = "planner:open-palette";

/** Asks the command palette to open. */
export function openPalette(): void {
  window.dispatchEvent(new CustomEvent(OPEN_PALETTE_EVENT));
}
