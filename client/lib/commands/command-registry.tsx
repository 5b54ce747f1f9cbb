// The commands of the app, in one place: the command palette lists them, the single-key shortcuts
// run them, and "?" shows their keys (docs/spec/keyboard-and-palette.md). Whoever can run a command
// registers it while mounted (the layout: going places, the theme; the project page: new task,
// views, undo), so the palette offers only what the screen open can do.
import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

/** The palette's groups, in the order it lists them. */
export const COMMAND_GROUPS = ["Task", "View", "Project", "Go to", "Preferences"] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

export type AppCommand = {
  /** Unique across the app ("task.new", "view.gantt"). */
  id: string;
  label: string;
  group: CommandGroup;
  icon?: LucideIcon;
  /**
   * The keys that run it, as the shortcut list shows them, one entry per key pressed in turn:
   * ["N"], ["G", "L"], ["Ctrl", "Z"] is written as one entry "Ctrl+Z".
   */
  keys?: readonly string[];
  /** More words the palette matches ("dark", "light" for the theme). */
  keywords?: readonly string[];
  /** Shown but not runnable (a viewer's "New task"), with why in `disabledReason`. */
  disabled?: boolean;
  disabledReason?: string;
  run: () => void;
};

type Registrar = {
  register: (owner: symbol, commands: readonly AppCommand[]) => void;
  unregister: (owner: symbol) => void;
};

// Two contexts: registering does not make the registrants render again (the project page is one,
// and it is large); only the readers of the list (the palette, the shortcut list) do.
const RegistrarContext = createContext<Registrar | null>(null);
const CommandsContext = createContext<readonly AppCommand[] | null>(null);

export function CommandRegistryProvider({ children }: { children: React.ReactNode }) {
  const [byOwner, setByOwner] = useState<ReadonlyMap<symbol, readonly AppCommand[]>>(new Map());
  // register and unregister keep their identity, so a registrant's effect does not run again
  // because another one registered.
  const register = useCallback<Registrar["register"]>(
    (owner, commands) =>
      setByOwner((current) => {
        const next = new Map(current);
        next.set(owner, commands);
        return next;
      }),
    [],
  );
  const unregister = useCallback<Registrar["unregister"]>(
    (owner) =>
      setByOwner((current) => {
        if (!current.has(owner)) return current;
        const next = new Map(current);
        next.delete(owner);
        return next;
      }),
    [],
  );
  const registrar = useMemo<Registrar>(() => ({ register, unregister }), [register, unregister]);
  const commands = useMemo(() => [...byOwner.values()].flat(), [byOwner]);
  return (
    <RegistrarContext.Provider value={registrar}>
      <CommandsContext.Provider value={commands}>{children}</CommandsContext.Provider>
    </RegistrarContext.Provider>
  );
}

function useRegistrar(): Registrar {
  const registrar = useContext(RegistrarContext);
  if (!registrar) throw new Error("useRegisterCommands needs a CommandRegistryProvider");
  return registrar;
}

/**
 * Offers `commands` while the caller is mounted. The list is compared by ids, labels and states,
 * so a caller may build it anew on each render; `run` always calls the latest closure.
 */
export function useRegisterCommands(commands: readonly AppCommand[]): void {
  const { register, unregister } = useRegistrar();
  const [owner] = useState(() => Symbol("commands"));
  const latest = useRef(commands);
  latest.current = commands;
  const signature = commands
    .map((command) =>
      [
        command.id,
        command.label,
        command.group,
        command.disabled ? (command.disabledReason ?? "disabled") : "",
        command.keys?.join(" "),
        command.keywords?.join(" "),
      ].join("|"),
    )
    .join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the list.
  useEffect(() => {
    register(
      owner,
      latest.current.map((command) => ({
        ...command,
        run: () => latest.current.find((current) => current.id === command.id)?.run(),
      })),
    );
  }, [owner, register, signature]);
  useEffect(() => () => unregister(owner), [owner, unregister]);
}

/** Every command offered now, in registration order. */
export function useCommands(): readonly AppCommand[] {
  const commands = useContext(CommandsContext);
  if (!commands) throw new Error("useCommands needs a CommandRegistryProvider");
  return commands;
}
