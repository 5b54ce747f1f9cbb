import { describe, expect, it } from "vitest";
import {
  interpretShortcut,
  NO_SHORTCUT_PENDING,
  PROJECT_COMMAND_IDS,
  SEQUENCE_TIMEOUT_MS,
  type ShortcutPress,
  type ShortcutState,
  shortcutKeyName,
  viewCommandId,
} from "./shortcut-keys";

/** A key press as a browser reports it: `key` as typed, `code` its place on a US keyboard. */
function press(key: string, overrides: Partial<ShortcutPress> = {}): ShortcutPress {
  const code = /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key === "/" || key === "?" ? "Slash" : key;
  return {
    key,
    code,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    shiftKey: key === "?",
    repeat: false,
    defaultPrevented: false,
    timeStamp: 1000,
    ...overrides,
  };
}

/** Feeds presses in turn; answers each press's command (or null) and the state left. */
function run(presses: ShortcutPress[], from: ShortcutState = NO_SHORTCUT_PENDING) {
  let state = from;
  const commands: (string | null)[] = [];
  const handled: boolean[] = [];
  for (const each of presses) {
    const outcome = interpretShortcut(state, each);
    state = outcome.state;
    commands.push(outcome.commandId);
    handled.push(outcome.handled);
  }
  return { state, commands, handled };
}

describe("single keys", () => {
  it.each([
    ["n", PROJECT_COMMAND_IDS.newTask],
    ["N", PROJECT_COMMAND_IDS.newTask],
    ["e", PROJECT_COMMAND_IDS.editTask],
    ["x", PROJECT_COMMAND_IDS.completeTask],
    ["/", PROJECT_COMMAND_IDS.search],
    ["?", PROJECT_COMMAND_IDS.shortcuts],
  ])("%s runs %s", (key, command) => {
    // "N" without Shift: Caps Lock on.
    const outcome = interpretShortcut(NO_SHORTCUT_PENDING, press(key));
    expect(outcome).toEqual({ state: NO_SHORTCUT_PENDING, commandId: command, handled: true });
  });

  it("takes / typed with Shift, as layouts that put it on Shift+7 need", () => {
    expect(interpretShortcut(NO_SHORTCUT_PENDING, press("/", { shiftKey: true })).commandId).toBe(
      PROJECT_COMMAND_IDS.search,
    );
  });

  it.each(["a", "z", "1", "Enter", " ", "ArrowDown", "Tab", "Escape", "Delete"])("leaves %j alone", (key) => {
    expect(interpretShortcut(NO_SHORTCUT_PENDING, press(key))).toEqual({
      state: NO_SHORTCUT_PENDING,
      commandId: null,
      handled: false,
    });
  });

  it("reads a letter by its place on a keyboard whose letters are not Latin", () => {
    expect(interpretShortcut(NO_SHORTCUT_PENDING, press("т", { code: "KeyN" })).commandId).toBe(
      PROJECT_COMMAND_IDS.newTask,
    );
    expect(shortcutKeyName(press("ч", { code: "KeyX" }))).toBe("X");
  });
});

describe("G then a view's letter", () => {
  it.each([
    ["g", "graph"],
    ["l", "list"],
    ["p", "phases"],
    ["t", "gantt"],
    ["k", "kanban"],
  ])("G then %s opens the %s view", (second, view) => {
    const { commands, handled, state } = run([press("g"), press(second, { timeStamp: 1500 })]);
    expect(commands).toEqual([null, viewCommandId(view)]);
    expect(handled).toEqual([true, true]);
    expect(state).toEqual(NO_SHORTCUT_PENDING);
  });

  it("waits for the second key after G", () => {
    expect(interpretShortcut(NO_SHORTCUT_PENDING, press("g", { timeStamp: 500 }))).toEqual({
      state: { pending: "G", since: 500 },
      commandId: null,
      handled: true,
    });
  });

  it("forgets G after the timeout: the next key counts on its own", () => {
    const late = 1000 + SEQUENCE_TIMEOUT_MS + 1;
    expect(run([press("g"), press("l", { timeStamp: late })]).commands).toEqual([null, null]);
    expect(run([press("g"), press("n", { timeStamp: late })]).commands).toEqual([
      null,
      PROJECT_COMMAND_IDS.newTask,
    ]);
    // Just in time still counts.
    const onTime = 1000 + SEQUENCE_TIMEOUT_MS;
    expect(run([press("g"), press("t", { timeStamp: onTime })]).commands).toEqual([
      null,
      viewCommandId("gantt"),
    ]);
  });

  it("cancels on a second key that ends no sequence, without running that key", () => {
    const { commands, handled, state } = run([press("g"), press("x"), press("l")]);
    // X after G is a slip, not a completion; L after that is no longer a sequence's.
    expect(commands).toEqual([null, null, null]);
    expect(handled).toEqual([true, false, false]);
    expect(state).toEqual(NO_SHORTCUT_PENDING);
  });

  it("cancels on Escape and on keys no shortcut uses", () => {
    expect(run([press("g"), press("Escape"), press("l")]).commands).toEqual([null, null, null]);
    expect(run([press("g"), press("ArrowDown"), press("k")]).commands).toEqual([null, null, null]);
  });

  it("keeps waiting while only a modifier is pressed", () => {
    const { commands } = run([press("g"), press("Shift", { shiftKey: true }), press("k")]);
    expect(commands).toEqual([null, null, viewCommandId("kanban")]);
  });
});

describe("what the keys leave alone", () => {
  it.each([
    ["Ctrl", { ctrlKey: true }],
    ["Alt", { altKey: true }],
    ["Cmd", { metaKey: true }],
  ])("a letter with %s held", (_name, modifier) => {
    for (const key of ["n", "e", "x", "g", "/"]) {
      expect(interpretShortcut(NO_SHORTCUT_PENDING, press(key, modifier)).handled).toBe(false);
    }
  });

  it("a letter with Shift held (Shift only for ? and /)", () => {
    for (const key of ["N", "E", "X", "G"]) {
      expect(interpretShortcut(NO_SHORTCUT_PENDING, press(key, { shiftKey: true })).handled).toBe(false);
    }
  });

  it("a modifier held on the second key cancels the sequence (Ctrl+K is the palette's)", () => {
    const { commands, state } = run([press("g"), press("k", { ctrlKey: true }), press("k")]);
    expect(commands).toEqual([null, null, null]);
    expect(state).toEqual(NO_SHORTCUT_PENDING);
  });

  it("a key held down (its repeats)", () => {
    expect(interpretShortcut(NO_SHORTCUT_PENDING, press("n", { repeat: true })).handled).toBe(false);
  });

  it("a key something else already handled", () => {
    expect(interpretShortcut(NO_SHORTCUT_PENDING, press("x", { defaultPrevented: true })).handled).toBe(
      false,
    );
    expect(run([press("g"), press("l", { defaultPrevented: true })]).commands).toEqual([null, null]);
  });

  it("answers only from the bindings given", () => {
    const bindings = { "only.q": ["Q"] };
    expect(interpretShortcut(NO_SHORTCUT_PENDING, press("q"), bindings).commandId).toBe("only.q");
    expect(interpretShortcut(NO_SHORTCUT_PENDING, press("n"), bindings).handled).toBe(false);
  });
});
