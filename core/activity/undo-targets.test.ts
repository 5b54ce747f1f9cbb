import { describe, expect, it } from "vitest";
import type { ActivityEntryDto } from "../schemas/activity";
import { activityEntryDto as entry } from "../testing/activity-entry";
import { canUndo, undoTargets } from "./undo-targets";

describe("canUndo", () => {
  it("needs an undoable entry not undone yet", () => {
    expect(canUndo(entry())).toBe(true);
    expect(canUndo(entry({ undoneBy: 4 }))).toBe(false);
    expect(canUndo(entry({ undoable: false }))).toBe(false);
  });
});

describe("undoTargets", () => {
  const ada = { id: 1, name: "Ada" };
  const grace = { id: 2, name: "Grace" };

  /** A little log: entries are added newest first, as the API answers them. */
  function log() {
    let entries: ActivityEntryDto[] = [];
    let id = 100;
    const find = (entryId: number) => entries.find((each) => each.id === entryId) as ActivityEntryDto;
    return {
      get entries() {
        return entries;
      },
      change(actor = ada, fields: Partial<ActivityEntryDto> = {}) {
        const made = entry({ id: ++id, actor, ...fields });
        entries = [made, ...entries];
        return made;
      },
      /** The server's undo: a new entry (an undo when it reverts a change or a redo). */
      undo(target: ActivityEntryDto, actor = ada) {
        const made = entry({ id: ++id, actor, undoOf: target.id, isUndo: !target.isUndo });
        entries = [
          made,
          ...entries.map((each) => (each.id === target.id ? { ...each, undoneBy: made.id } : each)),
        ];
        return made;
      },
      find,
    };
  }

  it("finds nothing in an empty log or among others' entries", () => {
    expect(undoTargets([], 1)).toEqual({ undo: null, redo: null });
    const history = log();
    history.change(grace);
    expect(undoTargets(history.entries, 1)).toEqual({ undo: null, redo: null });
  });

  it("undo, undo, redo, redo walks the stack both ways", () => {
    const history = log();
    const first = history.change();
    const second = history.change();
    expect(undoTargets(history.entries, 1)).toEqual({ undo: second, redo: null });

    const undoSecond = history.undo(second);
    let targets = undoTargets(history.entries, 1);
    expect(targets.undo?.id).toBe(first.id);
    expect(targets.redo?.id).toBe(undoSecond.id);

    const undoFirst = history.undo(history.find(first.id));
    targets = undoTargets(history.entries, 1);
    expect(targets.undo).toBeNull();
    expect(targets.redo?.id).toBe(undoFirst.id);

    const redoFirst = history.undo(history.find(undoFirst.id));
    targets = undoTargets(history.entries, 1);
    expect(targets.undo?.id).toBe(redoFirst.id);
    expect(targets.redo?.id).toBe(undoSecond.id);

    const redoSecond = history.undo(history.find(undoSecond.id));
    targets = undoTargets(history.entries, 1);
    expect(targets.undo?.id).toBe(redoSecond.id);
    expect(targets.redo).toBeNull();
  });

  it("a new change clears the redo stack", () => {
    const history = log();
    const first = history.change();
    history.undo(first);
    expect(undoTargets(history.entries, 1).redo).not.toBeNull();
    const fresh = history.change();
    expect(undoTargets(history.entries, 1)).toEqual({ undo: fresh, redo: null });
  });

  it("ignores others' entries, before and after the user's", () => {
    const history = log();
    const mine = history.change();
    history.change(grace);
    const undoMine = history.undo(mine);
    history.change(grace);
    const othersUndo = history.undo(history.change(grace), grace);
    expect(undoTargets(history.entries, 1)).toEqual({ undo: null, redo: undoMine });
    expect(undoTargets(history.entries, 2).redo).toEqual(othersUndo);
  });

  it("skips what cannot be undone and reads entries in id order whatever their order", () => {
    const history = log();
    const first = history.change();
    history.change(ada, { action: "import", undoable: false });
    expect(undoTargets(history.entries, 1).undo).toEqual(first);
    expect(undoTargets([...history.entries].reverse(), 1).undo).toEqual(first);
  });
});
