// The "?" dialog (docs/spec/keyboard-and-palette.md): every key of the project page, from the
// commands registered now (their `keys`) and the keys the views handle themselves (arrows, Tab,
// Escape), grouped.
import { Fragment, useMemo } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { type AppCommand, COMMAND_GROUPS, useCommands } from "@/lib/commands/command-registry";
import { isApplePlatform } from "./undo-keys";

/**
 * One line of the list: what the keys do, and the ways to press them; each way is the keys pressed
 * in turn ("G", "L"), each of those one key or a chord ("Ctrl+K").
 */
export type ShortcutEntry = { label: string; ways: readonly (readonly string[])[] };
export type ShortcutGroup = { title: string; entries: readonly ShortcutEntry[] };

const GROUP_TITLES: Record<AppCommand["group"], string> = {
  Task: "Tasks",
  View: "Views",
  Project: "Project",
  "Go to": "Go to",
  Preferences: "Preferences",
};

/** The keys no command stands for: the palette's, and those the list and the Gantt chart handle. */
export function fixedShortcutGroups(apple: boolean): ShortcutGroup[] {
  const command = apple ? "Cmd" : "Ctrl";
  return [
    {
      title: "Everywhere",
      entries: [{ label: "Open the command palette", ways: [[`${command}+K`]] }],
    },
    {
      title: "List and Gantt chart rows",
      entries: [
        { label: "Move to the row above or below", ways: [["↑"], ["↓"]] },
        { label: "Move to the first or last row", ways: [["Home"], ["End"]] },
        { label: "Choose a row", ways: [["Shift+Space"]] },
        { label: "Choose more rows", ways: [["Shift+↑"], ["Shift+↓"]] },
        { label: "Indent or outdent the chosen rows", ways: [["Tab"], ["Shift+Tab"]] },
      ],
    },
    {
      title: "Dialogs and menus",
      entries: [{ label: "Close, or clear the chosen rows", ways: [["Escape"]] }],
    },
  ];
}

const wayText = (way: readonly string[]) => way.join(" ");

/**
 * The groups the dialog lists: the commands with keys, by their palette group, then the fixed
 * keys, less any a command already lists.
 *
 * @example shortcutGroups([{ id: "task.new", label: "New task", group: "Task", keys: ["N"], run }], false)[0] // { title: "Tasks", entries: [{ label: "New task", ways: [["N"]] }] }
 */
export function shortcutGroups(commands: readonly AppCommand[], apple: boolean): ShortcutGroup[] {
  const withKeys = commands.filter((command) => command.keys && command.keys.length > 0);
  const listed = new Set(withKeys.map((command) => wayText(command.keys ?? [])));
  const fromCommands = COMMAND_GROUPS.map((group) => ({
    title: GROUP_TITLES[group],
    entries: withKeys
      .filter((command) => command.group === group)
      .map((command) => ({ label: command.label, ways: [command.keys ?? []] })),
  }));
  const fixed = fixedShortcutGroups(apple).map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => !entry.ways.every((way) => listed.has(wayText(way)))),
  }));
  return [...fromCommands, ...fixed].filter((group) => group.entries.length > 0);
}

/** What a screen reader says for a key drawn as a symbol. */
const SPOKEN_KEYS: Record<string, string> = {
  "↑": "Up arrow",
  "↓": "Down arrow",
  "/": "Slash",
  "?": "Question mark",
};

function Key({ name }: { name: string }) {
  const spoken = SPOKEN_KEYS[name];
  return (
    <kbd className="inline-flex h-6 min-w-6 items-center justify-center rounded border bg-muted px-1.5 font-mono text-xs font-medium text-foreground shadow-xs">
      {spoken ? (
        <>
          <span aria-hidden>{name}</span>
          <span className="sr-only">{spoken}</span>
        </>
      ) : (
        name
      )}
    </kbd>
  );
}

/** One way to press: keys in turn ("G then L"), each a key or a chord ("Ctrl + K"). */
function Way({ way }: { way: readonly string[] }) {
  return (
    <span className="inline-flex items-center gap-1">
      {way.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same key may come twice (G then G).
        <Fragment key={index}>
          {index > 0 && <span className="text-muted-foreground">then</span>}
          {/* "+" alone is a key's name, not a chord's joint. */}
          {(step.length > 1 ? step.split("+") : [step]).map((key, part) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a chord's keys stay in their order.
            <Fragment key={part}>
              {part > 0 && <span aria-hidden>+</span>}
              <Key name={key} />
            </Fragment>
          ))}
        </Fragment>
      ))}
    </span>
  );
}

type ShortcutsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** "Keyboard shortcuts": every shortcut of the project page, grouped. */
export function ShortcutsDialog({ open, onOpenChange }: ShortcutsDialogProps) {
  const commands = useCommands();
  const groups = useMemo(
    () =>
      shortcutGroups(
        commands,
        typeof navigator !== "undefined" &&
          isApplePlatform(navigator as Navigator & { userAgentData?: { platform?: string } }),
      ),
    [commands],
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>
            Single keys work on the project page when you are not typing in a field and no dialog is open.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          {groups.map((group) => (
            <section key={group.title} data-shortcut-group={group.title}>
              <h3 className="mb-1.5 text-sm font-semibold">{group.title}</h3>
              <dl className="divide-y">
                {group.entries.map((entry) => (
                  <div key={entry.label} className="flex items-center justify-between gap-4 py-1.5">
                    <dt className="text-sm">{entry.label}</dt>
                    <dd className="flex shrink-0 flex-wrap items-center justify-end gap-x-2 gap-y-1 text-xs">
                      {entry.ways.map((way, index) => (
                        <Fragment key={wayText(way)}>
                          {index > 0 && <span className="text-muted-foreground">or</span>}
                          <Way way={way} />
                        </Fragment>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
