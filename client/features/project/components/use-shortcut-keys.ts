// The project page's single keys (docs/spec/keyboard-and-palette.md): N, G then a view's letter, E,
// X, / and ? run the page's commands, in every view, but never while the user types in a field or
// while a dialog or menu is open.
import { useCallback, useEffect, useRef } from "react";
import type { AppCommand } from "@/lib/commands/command-registry";
import { interpretShortcut, NO_SHORTCUT_PENDING } from "./shortcut-keys";
import {
  graphCardOf,
  keysBelongElsewhere,
  OVERLAYS,
  selectedTaskId,
  TASK_ATTRIBUTES,
} from "./shortcut-targets";

/**
 * Runs the command of each shortcut pressed while mounted, among `commands` (the latest given). A
 * disabled command runs too: its `run` says why it refuses (a viewer's N: 'Permission denied').
 */
export function useShortcutKeys(commands: readonly AppCommand[]): void {
  const latest = useRef(commands);
  latest.current = commands;

  useEffect(() => {
    let state = NO_SHORTCUT_PENDING;
    const onKeyDown = (event: KeyboardEvent) => {
      if (keysBelongElsewhere(event.target, document)) {
        state = NO_SHORTCUT_PENDING;
        return;
      }
      const outcome = interpretShortcut(state, event);
      state = outcome.state;
      if (!outcome.handled) return;
      // "/" would otherwise open the browser's quick find, or be typed into the box it focuses.
      event.preventDefault();
      if (outcome.commandId) latest.current.find((command) => command.id === outcome.commandId)?.run();
    };
    // Bubbling to the window: a view that takes a key for itself (and prevents its default) wins.
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

/**
 * Returns `selected()`: the task the user is on (shortcut-targets.ts). While the command palette or
 * a menu has the focus, the task whose row or card had it just before counts: the palette's "Edit
 * selected task" acts on the row the user left to open it.
 */
export function useSelectedTask(): () => number | null {
  const remembered = useRef<number | null>(null);

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || target.closest(OVERLAYS)) return;
      const holder = TASK_ATTRIBUTES.some((attribute) => target.closest(`[${attribute}]`));
      remembered.current = holder || graphCardOf(target) ? selectedTaskId(document) : null;
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, []);

  return useCallback(() => {
    const focused = document.activeElement;
    if (focused instanceof Element && focused.closest(OVERLAYS) && remembered.current !== null) {
      return remembered.current;
    }
    return selectedTaskId(document);
  }, []);
}
