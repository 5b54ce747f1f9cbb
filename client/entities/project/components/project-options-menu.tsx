import type { AccessLevel } from "@core/access/permissions";
import { EXPORT_FORMATS, FORMAT_LABELS } from "@core/schemas/import-export";
import { Archive, ArchiveRestore, Download, Pencil, Trash2 } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { exportUrl } from "@/entities/import-export/api/import-plan";
import { DeleteProjectDialog } from "@/entities/project/components/delete-project-dialog";
import { RenameProjectDialog } from "@/entities/project/components/rename-project-dialog";
import { useArchiveProject } from "@/entities/project/components/use-archive-project";
import { projectPermissions } from "@/lib/project-permissions";

type ProjectOptionsMenuProps = {
  project: { id: number; name: string; archived: boolean };
  accessLevel: AccessLevel;
  /** The button that opens the menu; it receives the trigger's props. */
  trigger: React.ReactNode;
  align?: "start" | "end";
  /** Items placed after Rename Project (the project page adds Project Categories). */
  children?: React.ReactNode;
  /** Menu open state, for rows that show their trigger only while hovered or open. */
  onOpenChange?: (open: boolean) => void;
};

/**
 * The 'Project Options' menu: Rename Project, Archive or Unarchive Project, Export (each format),
 * and Delete Project in red. What the user's access level does not allow is shown but disabled, so the menu reads the
 * same on owned and shared rows.
 */
export function ProjectOptionsMenu({
  project,
  accessLevel,
  trigger,
  align = "end",
  children,
  onOpenChange,
}: ProjectOptionsMenuProps) {
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const { canManage, canDelete } = projectPermissions(accessLevel);
  const { setArchived, isPending: archiving } = useArchiveProject();

  return (
    <>
      <DropdownMenu onOpenChange={onOpenChange}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align={align} className="w-52">
          <DropdownMenuLabel>Project Options</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={!canManage} onSelect={() => setDialog("rename")}>
            <Pencil aria-hidden />
            Rename Project
          </DropdownMenuItem>
          {children}
          <DropdownMenuItem
            disabled={!canManage || archiving}
            onSelect={() => void setArchived(project.id, !project.archived)}
          >
            {project.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
            {project.archived ? "Unarchive Project" : "Archive Project"}
          </DropdownMenuItem>
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>
              <Download aria-hidden />
              Export
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              {EXPORT_FORMATS.map((format) => (
                // A plain link: the browser downloads the file the answer names (any member may).
                <DropdownMenuItem key={format} asChild>
                  <a href={exportUrl(project.id, format)} download data-export-format={format}>
                    {FORMAT_LABELS[format]}
                  </a>
                </DropdownMenuItem>
              ))}
            </DropdownMenuSubContent>
          </DropdownMenuSub>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" disabled={!canDelete} onSelect={() => setDialog("delete")}>
            <Trash2 aria-hidden />
            Delete Project
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <RenameProjectDialog
        project={project}
        open={dialog === "rename"}
        onOpenChange={(open) => setDialog(open ? "rename" : null)}
      />
      <DeleteProjectDialog
        project={project}
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
      />
    </>
  );
}
