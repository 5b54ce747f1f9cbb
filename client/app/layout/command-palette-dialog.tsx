// What the open palette shows (docs/spec/keyboard-and-palette.md): the input, then the projects
// and tasks whose names match, as the server ranks them, then the app's commands that match, by
// group. The server's results are not filtered or sorted again here; the commands are matched by
// their words (command-palette-filter.ts).
import type { ProjectSearchResult, SearchResult, TaskSearchResult } from "@core/schemas/search";
import { displayStatus } from "@core/tasks/status";
import { FolderKanban, SquareCheck } from "lucide-react";
import type * as React from "react";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import {
  Command,
  CommandDialog,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandShortcut,
} from "@/components/ui/command";
import { notificationPath } from "@/entities/notification/components/use-open-notification";
import { useSearchResults } from "@/entities/search/api/search";
import { TaskStatusBadge } from "@/entities/task/components/task-status-badge";
import { type AppCommand, useCommands } from "@/lib/commands/command-registry";
import { errorMessage } from "@/lib/error-message";
import { useOpenProject } from "@/lib/open-project";
import { cn } from "@/lib/utils";
import { matchingCommandGroups } from "./command-palette-filter";

export const PALETTE_TITLE = "Command palette";
export const PALETTE_INPUT_LABEL = "Search projects, tasks and commands";

type CommandPaletteDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The palette's dialog. A choice closes it first and is carried out once the focus is back where it
 * was, so a dialog the choice opens (New project) gives the focus back there in its turn.
 */
export function CommandPaletteDialog({ open, onOpenChange }: CommandPaletteDialogProps) {
  const chosen = useRef<(() => void) | null>(null);
  const choose = useCallback(
    (action: () => void) => {
      chosen.current = action;
      onOpenChange(false);
    },
    [onOpenChange],
  );
  const runChosen = useCallback(() => {
    const action = chosen.current;
    chosen.current = null;
    // After the dialog's own handler has put the focus back (it runs after this one).
    if (action) queueMicrotask(action);
  }, []);

  return (
    <CommandDialog
      open={open}
      onOpenChange={onOpenChange}
      title={PALETTE_TITLE}
      description="Find a project or a task by name, or run a command."
      onCloseAutoFocus={runChosen}
    >
      <PaletteCommand onChoose={choose} />
    </CommandDialog>
  );
}

/** The palette's input and list, mounted only while it is open: each opening starts empty. */
function PaletteCommand({ onChoose }: { onChoose: (action: () => void) => void }) {
  const [text, setText] = useState("");
  const search = useSearchResults(text);
  const commandGroups = matchingCommandGroups(useCommands(), text);
  const openProject = useOpenProject();
  const [location, navigate] = useLocation();

  const projects = search.results.filter(
    (result): result is ProjectSearchResult => result.kind === "project",
  );
  const tasks = search.results.filter((result): result is TaskSearchResult => result.kind === "task");
  const empty = search.results.length === 0 && commandGroups.length === 0;
  const message = search.error
    ? `Could not search: ${errorMessage(search.error)}`
    : empty
      ? search.pending
        ? "Searching…"
        : "No results found."
      : null;

  const root = useRef<HTMLDivElement>(null);
  useSelectFirstOnNewAnswer(root, signatureOf(search.results));

  const openTask = (task: TaskSearchResult) => {
    if (task.projectSlug) navigate(notificationPath(task.projectSlug, task.id, location));
    else openProject({ id: task.projectId, slug: null });
  };

  return (
    <Command
      ref={root}
      shouldFilter={false}
      label={PALETTE_INPUT_LABEL}
      onKeyDown={(event) => {
        if (SELECT_FIRST_PRESSES.has(event.nativeEvent)) event.stopPropagation();
      }}
    >
      <CommandInput value={text} onValueChange={setText} placeholder="Search projects, tasks and commands…" />
      <CommandList label="Results" aria-busy={search.pending || undefined}>
        <ResultGroups
          projects={projects}
          tasks={tasks}
          onOpenProject={(project) => onChoose(() => openProject(project))}
          onOpenTask={(task) => onChoose(() => openTask(task))}
        />
        {commandGroups.map(({ group, commands }) => (
          <CommandGroup key={group} heading={group}>
            {commands.map((command) => (
              <CommandRow key={command.id} command={command} onRun={() => onChoose(command.run)} />
            ))}
          </CommandGroup>
        ))}
      </CommandList>
      <div
        role="status"
        className={cn(
          "text-sm",
          message && (empty ? "px-3 py-6 text-center" : "border-t px-3 py-2"),
          search.error ? "wrap-anywhere text-destructive" : "text-muted-foreground",
        )}
      >
        {message}
      </div>
    </Command>
  );
}

const signatureOf = (results: readonly SearchResult[]) =>
  results.map((result) => `${result.kind}:${result.id}`).join(",");

/** The Home presses the palette makes itself; they go no further than the palette. */
const SELECT_FIRST_PRESSES = new WeakSet<Event>();

/**
 * Selects the first item when a new answer arrives: the server's best result, above a command that
 * was selected while the answer was on its way. cmdk selects the first item when the text changes,
 * not when items arrive later, and a selection set from outside it would leave the input's
 * aria-activedescendant behind; its own Home key does both.
 */
function useSelectFirstOnNewAnswer(root: React.RefObject<HTMLDivElement | null>, answer: string) {
  useLayoutEffect(() => {
    if (answer === "") return;
    const press = new KeyboardEvent("keydown", { key: "Home", bubbles: true, cancelable: true });
    SELECT_FIRST_PRESSES.add(press);
    root.current?.dispatchEvent(press);
  }, [root, answer]);
}

type ResultGroupsProps = {
  projects: readonly ProjectSearchResult[];
  tasks: readonly TaskSearchResult[];
  onOpenProject: (project: ProjectSearchResult) => void;
  onOpenTask: (task: TaskSearchResult) => void;
};

/** The server's projects and tasks, in its order. */
function ResultGroups({ projects, tasks, onOpenProject, onOpenTask }: ResultGroupsProps) {
  return (
    <>
      {projects.length > 0 && (
        <CommandGroup heading="Projects">
          {projects.map((project) => (
            <CommandItem
              key={project.id}
              value={`project:${project.id}`}
              onSelect={() => onOpenProject(project)}
            >
              <FolderKanban aria-hidden />
              <span className="truncate">{project.name}</span>
            </CommandItem>
          ))}
        </CommandGroup>
      )}
      {tasks.length > 0 && (
        <CommandGroup heading="Tasks">
          {tasks.map((task) => (
            <CommandItem key={task.id} value={`task:${task.id}`} onSelect={() => onOpenTask(task)}>
              <SquareCheck aria-hidden />
              <span className="min-w-0 truncate">{task.name}</span>
              <span className="sr-only">, in </span>
              <span className="ml-auto min-w-0 shrink truncate pl-2 text-xs text-muted-foreground">
                {task.projectName}
              </span>
              <span className="sr-only">, </span>
              <TaskStatusBadge
                status={displayStatus({ completed: task.status === "completed", status: task.status }, false)}
              />
            </CommandItem>
          ))}
        </CommandGroup>
      )}
    </>
  );
}

/**
 * A command: its label, why it cannot run now when it cannot, and its keys (told to screen readers
 * in words: `aria-keyshortcuts` cannot say "G, then L").
 */
function CommandRow({ command, onRun }: { command: AppCommand; onRun: () => void }) {
  const Icon = command.icon;
  return (
    <CommandItem value={`command:${command.id}`} disabled={command.disabled} onSelect={onRun}>
      {Icon && <Icon aria-hidden />}
      <span className="min-w-0 truncate">{command.label}</span>
      {command.disabled && command.disabledReason && (
        <span className="min-w-0 truncate text-xs text-muted-foreground">
          <span className="sr-only">, </span>
          {command.disabledReason}
        </span>
      )}
      {command.keys && command.keys.length > 0 && (
        <>
          <span className="sr-only">, keys {command.keys.join(" then ")}</span>
          <CommandShortcut keys={command.keys} />
        </>
      )}
    </CommandItem>
  );
}
