import type { ProjectDto } from "@core/schemas/projects";
import { Archive, ArchiveRestore, Folder, Trash2 } from "lucide-react";
import type * as React from "react";
import { Link } from "wouter";
import { IconButton } from "@/components/icon-button";
import { Badge } from "@/components/ui/badge";
import { projectPath } from "@/lib/project-views";

type ProjectListRowProps = {
  project: Pick<ProjectDto, "name" | "slug" | "archived">;
  /** The line under the name: a date, and for shared projects the role. */
  details: React.ReactNode;
  onToggleArchived?: () => void;
  onDelete?: () => void;
};

/**
 * A row of the All Projects page. The whole row opens the project; archive or unarchive and delete
 * appear on hover or keyboard focus (always on touch screens, which cannot hover).
 */
export function ProjectListRow({ project, details, onToggleArchived, onDelete }: ProjectListRowProps) {
  const { name, slug, archived } = project;
  return (
    <li className="group relative flex items-center gap-3 rounded-lg border bg-card px-3 py-3 transition-colors hover:bg-muted/50 sm:px-4">
      <div className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
        <Folder className="size-4" aria-hidden />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            href={projectPath(slug)}
            className="truncate font-medium outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:ring-2 focus-visible:after:ring-ring"
          >
            {name}
          </Link>
          {archived && <Badge variant="secondary">Archived</Badge>}
        </div>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {details}
        </div>
      </div>
      {(onToggleArchived || onDelete) && (
        <div className="relative z-10 flex shrink-0 gap-1 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100">
          {onToggleArchived && (
            <IconButton
              label={archived ? "Unarchive Project" : "Archive Project"}
              size="icon-sm"
              onClick={onToggleArchived}
            >
              {archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
            </IconButton>
          )}
          {onDelete && (
            <IconButton
              label="Delete Project"
              size="icon-sm"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={onDelete}
            >
              <Trash2 aria-hidden />
            </IconButton>
          )}
        </div>
      )}
    </li>
  );
}
