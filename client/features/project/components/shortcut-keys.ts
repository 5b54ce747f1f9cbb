// The project page's single-key shortcuts (docs/spec/keyboard-and-palette.md): which key, or which
// two keys in turn (G then L), runs which command. Pure: the listener (use-shortcut-keys.ts) hands
// each key press in with the state the last one left, and runs the command answered.

/** The ids of the commands the project page registers (project-commands.tsx). */
export const PROJECT_COMMAND_IDS = {
  newTask: "task.new",
  editTask: "task.edit",
  completeTask: "task.complete",
  search: "project.search",
  shortcuts: "help.shortcuts",
  undo: "history.undo",
  redo: "history.redo",
} as const;

/** The command a view's shortcut runs: "view.gantt". */
export const viewCommandId = (view: string) => `view.${view}`;

/**
 * The keys of each shortcut, as the shortcut list and the palette show them: one entry per key
 * pressed in turn. Letters are written in capitals and pressed without Shift.
 */
export const SHORTCUT_KEYS: Readonly<Record<string, readonly string[]>> = {
  [PROJECT_COMMAND_IDS.newTask]: ["N"],
  [viewCommandId("graph")]: ["G", "G"],
  [viewCommandId("list")]: ["G", "L"],
  [viewCommandId("phases")]: ["G", "P"],
  [viewCommandId("gantt")]: ["G", "T"],
  [viewCommandId("kanban")]: ["G", "K"],
  [PROJECT_COMMAND_IDS.editTask]: ["E"],
  [PROJECT_COMMAND_IDS.completeTask]: ["X"],
  [PROJECT_COMMAND_IDS.search]: ["/"],
  [PROJECT_COMMAND_IDS.shortcuts]: ["?"],
};

/** How long the second key of a sequence (the L of G then L) is waited for. */
export const SEQUENCE_TIMEOUT_MS = 1500;

/** The first key of a sequence pressed, and when; null when none waits for its second. */
export type ShortcutState = { pending: string | null; since: number };

export const NO_SHORTCUT_PENDING: ShortcutState = { pending: null, since: 0 };

export type ShortcutPress = Pick<
  KeyboardEvent,
  "key" | "code" | "ctrlKey" | "altKey" | "metaKey" | "shiftKey" | "repeat" | "defaultPrevented"
> & {
  /** Milliseconds on any steady clock (the event's timeStamp). */
  timeStamp: number;
};

export type ShortcutOutcome = {
  state: ShortcutState;
  /** The command to run, or null. */
  commandId: string | null;
  /** Whether the key was a shortcut's (run, or the start of a sequence): its default is then prevented. */
  handled: boolean;
};

/** Keys that are only held with others: they neither start nor end a sequence. */
const MODIFIER_KEYS = new Set(["Shift", "Control", "Alt", "AltGraph", "Meta", "OS", "CapsLock", "Fn"]);

/** Keys that are the character typed whatever the layout needs held for it (Shift for ? on most). */
const SYMBOL_KEYS = new Set(["/", "?"]);

/**
 * The key's name as SHORTCUT_KEYS writes it, or null for a key no shortcut uses: a letter pressed
 * without Shift (by its place on a keyboard whose letters are not Latin), "/" or "?".
 *
 * @example shortcutKeyName({ key: "l", code: "KeyL", shiftKey: false }) // "L"
 * @example shortcutKeyName({ key: "L", code: "KeyL", shiftKey: true }) // null
 */
export function shortcutKeyName(press: Pick<ShortcutPress, "key" | "code" | "shiftKey">): string | null {
  if (SYMBOL_KEYS.has(press.key)) return press.key;
  if (press.shiftKey) return null;
  if (/^[a-z]$/i.test(press.key)) return press.key.toUpperCase();
  // A single character that is not a Latin letter: the letter at its place, as undo-keys.ts reads Z.
  if ([...press.key].length === 1 && /^Key[A-Z]$/.test(press.code ?? "")) return press.code.slice(3);
  return null;
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key, index) => key === b[index]);

/**
 * What a key press does, given what the last one left: runs a shortcut's command, starts a sequence
 * (G), ends one, or nothing. Ignored: presses with Ctrl, Alt or Cmd held (Shift only for "?" and
 * "/"), held-down repeats, and presses something else already handled. A second key that ends no
 * sequence cancels it and runs nothing; after SEQUENCE_TIMEOUT_MS the first key is forgotten.
 *
 * @example interpretShortcut(NO_SHORTCUT_PENDING, { key: "n", code: "KeyN", timeStamp: 0, ...noModifiers }).commandId // "task.new"
 */
export function interpretShortcut(
  state: ShortcutState,
  press: ShortcutPress,
  bindings: Readonly<Record<string, readonly string[]>> = SHORTCUT_KEYS,
): ShortcutOutcome {
  const nothing = (next: ShortcutState): ShortcutOutcome => ({
    state: next,
    commandId: null,
    handled: false,
  });
  // Shift pressed on its way to "?" must not cancel a G waiting for its second key.
  if (MODIFIER_KEYS.has(press.key)) return nothing(state);
  if (press.ctrlKey || press.altKey || press.metaKey || press.defaultPrevented) {
    return nothing(NO_SHORTCUT_PENDING);
  }
  if (press.repeat) return nothing(state);
  const name = shortcutKeyName(press);
  const waiting = state.pending !== null && press.timeStamp - state.since <= SEQUENCE_TIMEOUT_MS;
  if (name === null) return nothing(NO_SHORTCUT_PENDING);
  const entries = Object.entries(bindings);
  if (waiting && state.pending !== null) {
    const sequence = [state.pending, name];
    const found = entries.find(([, keys]) => sameKeys(keys, sequence));
    return found
      ? { state: NO_SHORTCUT_PENDING, commandId: found[0], handled: true }
      : nothing(NO_SHORTCUT_PENDING);
  }
  const single = entries.find(([, keys]) => sameKeys(keys, [name]));
  if (single) return { state: NO_SHORTCUT_PENDING, commandId: single[0], handled: true };
  if (entries.some(([, keys]) => keys.length > 1 && keys[0] === name)) {
    return { state: { pending: name, since: press.timeStamp }, commandId: null, handled: true };
  }
  return nothing(NO_SHORTCUT_PENDING);
}
