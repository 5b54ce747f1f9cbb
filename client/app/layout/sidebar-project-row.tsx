import type { AccessLevel } from "@core/access/permissions";
import { Folder, MoreHorizontal } from "lucide-react";
import { useState } from "react";
import { IconButton } from "@/components/icon-button";
import { ProjectOptionsMenu } from "@/entities/project/components/project-options-menu";
import { useOpenProject } from "@/lib/open-project";
import { cn } from "@/lib/utils";

type SidebarProjectRowProps = {
  project: { id: number; name: string; slug: string | null; archived: boolean };
  accessLevel: AccessLevel;
  /** The project whose page is open. */
  active: boolean;
};

/** One project in the sidebar: a button that opens it and its Project Options menu. */
export function SidebarProjectRow({ project, accessLevel, active }: SidebarProjectRowProps) {
  const openProject = useOpenProject();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <li className="group/row relative">
      <button
        type="button"
        onClick={() => openProject(project)}
        aria-current={active ? "page" : undefined}
        className={cn(
          "flex h-8 w-full items-center gap-2 rounded-md pr-8 pl-2 text-left text-sm text-foreground/80 outline-none transition-colors",
          "hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
          active &&
            "bg-accent font-medium text-accent-foreground hover:bg-accent hover:text-accent-foreground",
        )}
      >
        <Folder className="size-4 shrink-0 opacity-70" aria-hidden />
        <span className="truncate">{project.name}</span>
      </button>
      <ProjectOptionsMenu
        project={project}
        accessLevel={accessLevel}
        align="start"
        onOpenChange={setMenuOpen}
        trigger={
          <IconButton
            label="Project Options"
            tooltipSide="right"
            size="icon-sm"
            className={cn(
              "absolute top-1 right-1 size-6 text-muted-foreground opacity-0 transition-opacity",
              "group-hover/row:opacity-100 focus-visible:opacity-100 pointer-coarse:opacity-100",
              (menuOpen || active) && "opacity-100",
            )}
          >
            <MoreHorizontal aria-hidden />
          </IconButton>
        }
      />
    </li>
  );
}
