// The commands every signed-in page offers in the palette (docs/spec/keyboard-and-palette.md):
// new project, import a plan, the pages to go to, and the theme. The project page adds its own
// while it is open.
import { FileUp, FolderKanban, FolderPlus, ListChecks, Moon, Settings, Sun } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { ImportDialog } from "@/entities/import-export/components/import-dialog";
import { NewProjectDialog } from "@/entities/project/components/new-project-dialog";
import { type AppCommand, useRegisterCommands } from "@/lib/commands/command-registry";
import { useTheme } from "@/lib/theme/use-theme";

/** Registers the layout's commands and holds the dialogs two of them open. */
export function GlobalCommands() {
  const [, navigate] = useLocation();
  const theme = useTheme();
  const [newProjectOpen, setNewProjectOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const dark = theme.resolved === "dark";

  const commands: AppCommand[] = [
    {
      id: "project.new",
      label: "New project",
      group: "Project",
      icon: FolderPlus,
      keywords: ["create", "add"],
      run: () => setNewProjectOpen(true),
    },
    {
      id: "project.import",
      label: "Import a plan",
      group: "Project",
      icon: FileUp,
      keywords: ["file", "ms project", "xml", "csv", "ganttproject", "json", "upload"],
      run: () => setImportOpen(true),
    },
    {
      id: "go.my-tasks",
      label: "Go to My Tasks",
      group: "Go to",
      icon: ListChecks,
      keywords: ["assigned", "mine"],
      run: () => navigate("/my-tasks"),
    },
    {
      id: "go.projects",
      label: "Go to Projects",
      group: "Go to",
      icon: FolderKanban,
      keywords: ["all projects", "archived", "shared"],
      run: () => navigate("/projects"),
    },
    {
      id: "go.settings",
      label: "Go to Settings",
      group: "Go to",
      icon: Settings,
      keywords: ["account", "tokens", "notifications", "preferences"],
      run: () => navigate("/settings"),
    },
    {
      id: "theme.toggle",
      label: dark ? "Switch to light theme" : "Switch to dark theme",
      group: "Preferences",
      icon: dark ? Sun : Moon,
      keywords: ["toggle theme", "dark", "light", "appearance", "colours", "colors"],
      run: theme.toggle,
    },
  ];
  useRegisterCommands(commands);

  return (
    <>
      <NewProjectDialog open={newProjectOpen} onOpenChange={setNewProjectOpen} />
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} />
    </>
  );
}
