// The project page's commands (docs/spec/keyboard-and-palette.md): new task, the views, edit and
// complete the selected task, search, the shortcut list, export, undo and redo. Registered for the
// command palette while the page is open, and run by the single keys (use-shortcut-keys.ts).
import { EXPORT_FORMATS, FORMAT_LABELS } from "@core/schemas/import-export";
import type { TaskDto } from "@core/schemas/projects";
import {
  ChartGantt,
  CircleCheck,
  Download,
  Keyboard,
  Layers,
  List,
  Network,
  Pencil,
  Plus,
  Redo2,
  Search,
  SquareKanban,
  Undo2,
  Users,
} from "lucide-react";
import { useState } from "react";
import { exportUrl } from "@/entities/import-export/api/import-plan";
import { toggleCompleted, useUpdateTask } from "@/entities/task/api/update-task";
import { useConfirmCompletion } from "@/entities/task/components/completion-confirmation";
import { useProjectContext } from "@/features/project/project-context";
import { type AppCommand, useRegisterCommands } from "@/lib/commands/command-registry";
import { openPalette } from "@/lib/commands/open-palette";
import { denied, PERMISSION_MESSAGES } from "@/lib/permission-denied";
import { type ProjectView, VIEW_LABELS } from "@/lib/project-views";
import { toast } from "@/lib/use-toast";
import { PROJECT_COMMAND_IDS, SHORTCUT_KEYS, viewCommandId } from "./shortcut-keys";
import { viewSearchBox } from "./shortcut-targets";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { isApplePlatform } from "./undo-keys";
import { useSelectedTask, useShortcutKeys } from "./use-shortcut-keys";
import { useUndoKeys, useUndoRedo } from "./use-undo-keys";

/** What E and X say with no task to act on, and X on a summary. */
export const SHORTCUT_TOASTS = {
  noTask: { title: "Select a task first", description: "Click a task or move to it with the keyboard." },
  summary: {
    title: "Summary tasks complete on their own",
    description: "A summary is completed when every task under it is.",
  },
} as const;

const VIEW_ICONS = {
  graph: Network,
  list: List,
  phases: Layers,
  gantt: ChartGantt,
  kanban: SquareKanban,
  sharing: Users,
} as const;

/** The views in the order the palette lists them; sharing has no key. */
const COMMAND_VIEWS: readonly ProjectView[] = ["graph", "list", "phases", "gantt", "kanban", "sharing"];
const VIEW_KEYWORDS: Partial<Record<ProjectView, readonly string[]>> = {
  graph: ["dependencies", "network"],
  gantt: ["timeline", "chart"],
  kanban: ["board"],
  sharing: ["share", "members", "link"],
};

const apple = () =>
  typeof navigator !== "undefined" &&
  isApplePlatform(navigator as Navigator & { userAgentData?: { platform?: string } });

/** Starts the download of an export, as the project menu's link does. */
function download(url: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

/** Completes the task, or reopens it, as the list's checkbox does: with its confirmation and write. */
function useToggleCompletion() {
  const { tasks, canEdit } = useProjectContext();
  const update = useUpdateTask();
  const confirmCompletion = useConfirmCompletion();
  return async (task: TaskDto) => {
    if (denied(canEdit, PERMISSION_MESSAGES.editTask)) return;
    // A summary's completion rolls up from the tasks under it: the list gives it no box either.
    if (tasks.some((other) => other.parentId === task.id)) {
      toast(SHORTCUT_TOASTS.summary);
      return;
    }
    if (update.isPending) return;
    if (!task.completed && !(await confirmCompletion(task))) return;
    update.mutate(toggleCompleted(task));
  };
}

type ProjectCommandsProps = {
  /** Opens the new-task dialog, or says 'Permission denied' to a viewer. */
  onNewTask: () => void;
  onOpenView: (view: ProjectView) => void;
  onOpenTask: (task: TaskDto) => void;
};

/**
 * The page's commands, registered while it is open, their single keys, and the shortcut list
 * that "?" opens.
 */
export function ProjectCommands({ onNewTask, onOpenView, onOpenTask }: ProjectCommandsProps) {
  const { project, tasks, canEdit } = useProjectContext();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const selected = useSelectedTask();
  const toggleCompletion = useToggleCompletion();

  const withSelectedTask = (action: (task: TaskDto) => void) => () => {
    const id = selected();
    const task = id === null ? undefined : tasks.find((candidate) => candidate.id === id);
    if (!task) {
      toast(SHORTCUT_TOASTS.noTask);
      return;
    }
    action(task);
  };

  const commands: AppCommand[] = [
    {
      id: PROJECT_COMMAND_IDS.newTask,
      label: "New task",
      group: "Task",
      icon: Plus,
      keys: SHORTCUT_KEYS[PROJECT_COMMAND_IDS.newTask],
      keywords: ["add", "create"],
      disabled: !canEdit,
      disabledReason: PERMISSION_MESSAGES.createTasks,
      run: onNewTask,
    },
    {
      id: PROJECT_COMMAND_IDS.editTask,
      label: "Edit selected task",
      group: "Task",
      icon: Pencil,
      keys: SHORTCUT_KEYS[PROJECT_COMMAND_IDS.editTask],
      keywords: ["open"],
      run: withSelectedTask(onOpenTask),
    },
    {
      id: PROJECT_COMMAND_IDS.completeTask,
      label: "Complete selected task",
      group: "Task",
      icon: CircleCheck,
      keys: SHORTCUT_KEYS[PROJECT_COMMAND_IDS.completeTask],
      keywords: ["done", "finish", "reopen"],
      disabled: !canEdit,
      disabledReason: PERMISSION_MESSAGES.editTask,
      run: withSelectedTask((task) => void toggleCompletion(task)),
    },
    ...COMMAND_VIEWS.map((view) => ({
      id: viewCommandId(view),
      label: `${VIEW_LABELS[view]} view`,
      group: "View" as const,
      icon: VIEW_ICONS[view],
      keys: SHORTCUT_KEYS[viewCommandId(view)],
      keywords: VIEW_KEYWORDS[view],
      run: () => onOpenView(view),
    })),
    {
      id: PROJECT_COMMAND_IDS.search,
      label: "Search",
      group: "Project",
      icon: Search,
      keys: SHORTCUT_KEYS[PROJECT_COMMAND_IDS.search],
      keywords: ["find", "filter"],
      // The view's own search box (the list's); elsewhere the palette, which searches everything.
      run: () => {
        const box = viewSearchBox(document);
        if (!box) return openPalette();
        box.focus();
        box.select();
      },
    },
    {
      id: PROJECT_COMMAND_IDS.shortcuts,
      label: "Keyboard shortcuts",
      group: "Project",
      icon: Keyboard,
      keys: SHORTCUT_KEYS[PROJECT_COMMAND_IDS.shortcuts],
      keywords: ["keys", "help", "hotkeys"],
      run: () => setShortcutsOpen(true),
    },
    ...EXPORT_FORMATS.map((format) => ({
      id: `project.export.${format}`,
      label: `Export as ${FORMAT_LABELS[format]}`,
      group: "Project" as const,
      icon: Download,
      keywords: ["export", "download", format],
      run: () => download(exportUrl(project.id, format)),
    })),
  ];
  useRegisterCommands(commands);
  useShortcutKeys(commands);

  return <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />;
}

/**
 * Undo and redo for members who may edit: Ctrl+Z and Ctrl+Shift+Z (Cmd on Apple platforms), and
 * the palette's Undo and Redo, which run the same.
 */
export function HistoryCommands({ projectId }: { projectId: number }): null {
  const runHistory = useUndoRedo(projectId);
  useUndoKeys(runHistory);
  const command = apple() ? "Cmd" : "Ctrl";
  useRegisterCommands([
    {
      id: PROJECT_COMMAND_IDS.undo,
      label: "Undo",
      group: "Project",
      icon: Undo2,
      keys: [`${command}+Z`],
      run: () => runHistory("undo"),
    },
    {
      id: PROJECT_COMMAND_IDS.redo,
      label: "Redo",
      group: "Project",
      icon: Redo2,
      keys: [`${command}+Shift+Z`],
      run: () => runHistory("redo"),
    },
  ]);
  return null;
}
